"""Playing tournament games in tests: bots that drive the people's seats.

A bot chooses from its own seat's view exactly as the computer player of that level would
(the seat's view only: never another hand or the stock), and sends its choice as that
player -- through the services, or through the API with the player's client.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from games import services as games
from games.models import Game, GameStatus
from tournaments import services
from tournaments.models import Pairing, Tournament

GIN_RULES = {"target_score": 10}
RUMMY_RULES = {"hand_size": 7, "rounds": 1}


def bot_body(game: Game, seat: int, rng: random.Random, level: str = "easy") -> dict[str, Any]:
    """The action the computer at ``level`` would play for ``seat``, as a request body."""
    variant = game.game_variant
    view = variant.rules.view_for(game.rules_state(), seat)
    return variant.rules.action_to_json(variant.players.choose(view, level, rng))


def play_out(
    game_id: Any,
    *,
    clients: Mapping[int, APIClient] | None = None,
    rng: random.Random | None = None,
    each_action: Callable[[], None] | None = None,
    limit: int = 2000,
) -> Game:
    """Play a game to its end, each person's turn chosen by a bot and sent as that person
    (with ``clients`` by user id: through the API); ``each_action`` runs before every
    action (a test's clock)."""
    rng = rng or random.Random(7)
    for _ in range(limit):
        game = Game.objects.get(pk=game_id)
        if games.game_timers_due(game=game):  # a turn ran out while the clock moved on
            games.game_enforce_timers(game_id=game.pk, due=True)
            continue
        if game.status != GameStatus.ACTIVE:
            return game
        seat = game.turn_seat
        assert seat is not None
        row = game.seats.get(seat=seat)
        assert row.user_id is not None and not row.computer, "a tournament seat is a person's"
        body = {**bot_body(game, seat, rng), "expected_version": game.version}
        if each_action is not None:
            each_action()
        if clients is not None:
            response = clients[row.user_id].post(
                f"/api/v1/games/{game_id}/actions", body, format="json"
            )
            assert response.status_code == 200, response.json()
        else:
            games.game_apply_action(game_id=game.pk, user=row.user, body=body)
    raise AssertionError(f"game {game_id} did not end in {limit} actions")


def both_move(game_id: Any) -> None:
    """Both players of a Gin game pass the first upcard: each has made a move of their own."""
    game = Game.objects.get(pk=game_id)
    users = {s.seat: s.user for s in game.seats.all()}
    for _ in range(2):
        game = Game.objects.get(pk=game_id)
        seat = game.turn_seat
        assert seat is not None
        games.game_apply_action(game_id=game.pk, user=users[seat], body={"type": "pass"})


def win(game_id: Any, winner: User, *, moved: bool = False) -> Game:
    """End a 1-v-1 Gin game with ``winner`` first: both players pass the first upcard
    (each makes a move of their own; ``moved``: they have already), then the other
    concedes."""
    if not moved:
        both_move(game_id)
    game = Game.objects.get(pk=game_id)
    loser = next(s.user for s in game.seats.all() if s.user_id != winner.pk)
    return games.game_concede(game_id=game_id, user=loser)


def no_show(game_id: Any, absent: User) -> Game:
    """End a 1-v-1 game by ``absent`` conceding before any move of their own."""
    return games.game_concede(game_id=game_id, user=absent)


def playing(tournament: Tournament) -> list[Pairing]:
    return list(tournament.pairings.filter(status="playing").order_by("round", "table"))


def advance(tournament: Tournament, *, at: datetime | None = None) -> Tournament:
    services.tournament_advance(tournament_id=tournament.pk, now=at)
    tournament.refresh_from_db()
    return tournament


def soon(minutes: float = 1) -> datetime:
    return timezone.now() + timedelta(minutes=minutes)
