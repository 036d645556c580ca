"""Every stored snapshot keeps its finished rounds apart (games.snapshots).

Forward: each game's finished rounds' results move from its snapshot (``state["rounds"]``,
a list) to its deals (``GameRound.result``, the k-th result on deal k), and the snapshot,
like each deal's ``start_state``, keeps a reference ``{"count", "digest"}`` instead.
Backward: the results go back into the snapshots. Games whose snapshot has no list of
rounds (none dealt yet, or already converted) are left as they are. ``verify_games``
checks the outcome: every snapshot, with its deals' results, is what its move log replays
to.

The digest is written out here as ``games.rules.common.storage.rounds_digest`` computes it
today, so that this migration gives the same outcome whatever that module becomes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import migrations

CHUNK = 500


def _digest(results: list[Any]) -> str:
    digest = ""
    for result in results:
        text = json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = hashlib.sha256(f"{digest}:{text}".encode()).hexdigest()[:32]
    return digest


def _reference(results: list[Any]) -> dict[str, Any]:
    return {"count": len(results), "digest": _digest(results)}


def _games(apps: Any) -> Any:
    Game = apps.get_model("games", "Game")
    return Game.objects.exclude(state=None).only("id", "state").order_by("pk")


def rounds_apart(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("games", "Game")
    GameRound = apps.get_model("games", "GameRound")
    games, deals = [], []
    for game in _games(apps).iterator(chunk_size=CHUNK):
        results = game.state.get("rounds")
        if not isinstance(results, list):
            continue
        rows = {row.number: row for row in GameRound.objects.filter(game_id=game.pk)}
        for number, result in enumerate(results, start=1):
            rows[number].result = result  # a result without its deal stops the migration
        for row in rows.values():
            start = row.start_state
            if isinstance(start, dict) and isinstance(start.get("rounds"), list):
                count = len(start["rounds"])
                if start["rounds"] == results[:count]:
                    row.start_state = {**start, "rounds": _reference(start["rounds"])}
        deals.extend(rows.values())
        game.state = {**game.state, "rounds": _reference(results)}
        games.append(game)
        if len(games) >= CHUNK:
            _flush(Game, GameRound, games, deals)
    _flush(Game, GameRound, games, deals)


def rounds_in(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("games", "Game")
    GameRound = apps.get_model("games", "GameRound")
    games, deals = [], []
    for game in _games(apps).iterator(chunk_size=CHUNK):
        reference = game.state.get("rounds")
        if not isinstance(reference, dict):
            continue
        rows = list(GameRound.objects.filter(game_id=game.pk).order_by("number"))
        results = [row.result for row in rows][: reference["count"]]
        for row in rows:
            start = row.start_state
            if isinstance(start, dict) and isinstance(start.get("rounds"), dict):
                row.start_state = {**start, "rounds": results[: start["rounds"]["count"]]}
            row.result = None
        deals.extend(rows)
        game.state = {**game.state, "rounds": results}
        games.append(game)
        if len(games) >= CHUNK:
            _flush(Game, GameRound, games, deals)
    _flush(Game, GameRound, games, deals)


def _flush(Game: Any, GameRound: Any, games: list[Any], deals: list[Any]) -> None:
    Game.objects.bulk_update(games, ["state"], batch_size=CHUNK)
    GameRound.objects.bulk_update(deals, ["result", "start_state"], batch_size=CHUNK)
    games.clear()
    deals.clear()


class Migration(migrations.Migration):
    dependencies = [("games", "0009_round_results")]

    operations = [migrations.RunPython(rounds_apart, rounds_in, elidable=False)]
