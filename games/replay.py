"""Rebuild a game's state from its move log and deals (the move log is the source of truth).

The fold is the rules' own (:func:`games.variants.replay`): deal round 1 from the first
deck, apply each logged action, deal the next deck (with its salt) whenever a round ends;
a forfeit (``concede`` or ``timeout``, the server's own move) ends a game of two, and at
larger tables the seat leaves and play goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games import snapshots
from games.models import FORFEIT_REASONS, Game, GameRound, Move, OpponentType
from games.variants import Forfeit, RulesError, replay


def start_version(game: Game) -> int:
    """The version at which the first round was dealt: a game against a friend counts its
    start (the join) as a change, a game against the computer starts at 0."""
    return 1 if game.opponent_type == OpponentType.HUMAN else 0


def states(
    game: Game, *, upto: int | None = None, after: int | None = None
) -> Iterator[tuple[int, Any]]:
    """``(version, state)`` from the first deal through every move (up to ``upto``).

    With ``after``, the fold may start at the snapshot kept when the round in play at
    ``after`` was dealt (only later states are wanted), so it replays one round, not the
    whole game. Without it, everything is replayed from the first deck (``verify_games``).
    """
    variant = game.game_variant
    deals = list(
        GameRound.objects.filter(game=game).order_by("number").defer("start_state", "result")
    )
    if not deals:
        raise ValueError("the game was never dealt")
    first = 0
    if after is not None:
        for index, deal in enumerate(deals):
            if deal.start_version is not None and deal.start_version <= after:
                first = index
    snapshot = None
    if first:
        snapshot = (
            GameRound.objects.filter(pk=deals[first].pk).values_list("start_state", flat=True).get()
        )
        first = first if snapshot is not None else 0
    if first:
        deal = deals[first]
        assert deal.start_version is not None
        state = game.state_from(snapshot)
        yield deal.start_version, state
        moves = Move.objects.filter(game=game, seq__gt=deal.start_version).order_by("seq")
    else:
        state = variant.rules.new_game(
            game.rules,
            seats=game.seat_count,
            dealer=deals[0].dealer,
            deck=deals[0].deck,
            salt=deals[0].salt,
        )
        yield start_version(game), state
        moves = Move.objects.filter(game=game).order_by("seq")
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
    rules = variant.rules
    logged = list(moves)
    remaining = iter([(deal.deck, deal.salt) for deal in deals[first + 1 :]])
    steps = (
        (
            move.seat,
            Forfeit(move.action["type"])
            if move.action.get("type") in FORFEIT_REASONS
            else rules.action_from_json(move.action),
        )
        for move in logged
    )
    for move, after in zip(logged, replay(rules, state, steps, remaining), strict=True):
        yield move.seq, after


def rebuild_state(game: Game, *, version: int | None = None) -> Any:
    """The state at ``version`` (default: after the whole move log)."""
    last = None
    for _, last in states(game, upto=version):  # noqa: B007 (the fold keeps the last state)
        pass
    assert last is not None
    return last


def replay_game(game: Game) -> str | None:
    """None when the replay gives the stored snapshot (with the finished rounds' results
    its deals keep), else what differs."""
    variant = game.game_variant
    try:
        stored = snapshots.whole(game.state or {}, read=game.round_results)
    except ValueError as exc:
        return f"stored rounds: {exc}"
    try:
        replayed = variant.rules.state_to_json(rebuild_state(game))
    except (RulesError, ValueError, IndexError) as exc:
        return f"replay failed: {exc}"
    if replayed != stored:
        keys = sorted(
            k for k in replayed.keys() | stored.keys() if replayed.get(k) != stored.get(k)
        )
        return "snapshot differs in " + ", ".join(keys)
    last = Move.objects.filter(game=game).order_by("-seq").values_list("seq", flat=True).first()
    if last is not None and game.version < last:
        return f"version {game.version} is behind the move log (last move {last})"
    return None
