"""Sitting: losing on time while behind, game after game, brings a play ban, longer on
every repeat (and the ban refuses a seat at a table with people, never the computer)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from fairplay.models import Sanction, Signal, Sitting
from games import tasks
from games.models import Game, GameStatus
from tests.fairplay.helpers import table, view
from tests.games.conftest import full_deck
from tests.games.helpers import act

pytestmark = pytest.mark.django_db(transaction=True)

# Dealer seat 0 (ann) holds junk; the non-dealer, seat 1 (bob), takes the upcard TS and
# goes gin at once: ann is 25 points and more behind when round 2 begins.
GIN_AT_ONCE = "AS 2S 3S 4S 5S 6S 7S 8S 9S KD 2C 4D 6H 8C TD QH KC 3D 5H 7C TS"


def ann_sits(clients, now) -> Game:
    """A timed table where bob goes gin in round 1 and ann, behind, lets the timer run out
    three turns in a row (after one move of her own, so the game is not aborted)."""
    with time_machine.travel(now, tick=False):
        game_id = table(clients, deck=full_deck(GIN_AT_ONCE), turn_seconds=30)
        assert act(clients[1], game_id, {"type": "draw_discard"}).status_code == 200
        knock = act(clients[1], game_id, {"type": "knock", "card": "KD"})
        assert knock.status_code == 200, knock.json()
        current = view(clients[0], game_id)
        assert current["round"]["number"] == 2 and current["scores"][0] < current["scores"][1]
        # Round 2: ann plays first (bob deals); she passes the upcard, then sits.
        while view(clients[0], game_id)["round"]["turn"] == 1:
            assert act(clients[1], game_id, {"type": "pass"}).status_code == 200
        assert act(clients[0], game_id, {"type": "pass"}).status_code == 200
    moment = now
    for _ in range(20):
        game = Game.objects.get(pk=game_id)
        if game.status != GameStatus.ACTIVE:
            return game
        if game.turn_seat == 0:  # past ann's deadline; bob plays in time
            moment = max(moment, game.turn_deadline) + timedelta(seconds=1)
        with time_machine.travel(moment, tick=False):
            if game.turn_seat == 0:
                assert tasks.expire_turn(str(game.pk), game.version)
            else:
                seen = view(clients[1], game_id)
                legal = {a["type"]: a for a in seen["round"]["legal_actions"]}
                assert {"pass", "draw_stock", "discard"} & set(legal), seen
                body = (
                    {"type": "pass"}
                    if "pass" in legal
                    else {"type": "draw_stock"}
                    if "draw_stock" in legal
                    else {"type": "discard", "card": legal["discard"]["cards"][0]}
                )
                assert act(clients[1], game_id, body).status_code == 200
    raise AssertionError("ann never forfeited")


def test_a_second_sitting_bans_ann_a_third_bans_her_longer_and_the_first_does_not(players):
    users, clients = players(2)
    start = timezone.now()
    first = ann_sits(clients, start)
    assert first.finish_reason == "timeout" and first.winner_seat == 1
    assert Sitting.objects.filter(user=users[0]).count() == 1
    assert not Sanction.objects.filter(user=users[0], kind="playban").exists()
    assert not Sitting.objects.filter(user=users[1]).exists()  # bob never sat

    ann_sits(clients, start + timedelta(hours=1))
    ban = Sanction.objects.get(user=users[0], kind="playban")
    assert ban.rule == "sitting" and ban.created_by is None
    assert Signal.objects.get(user=users[0], kind="sitting").status == "actioned"
    with time_machine.travel(start + timedelta(hours=1, minutes=5)):
        assert ban.until - timezone.now() <= timedelta(minutes=15)
        refused = clients[0].post("/api/v1/games", {"opponent": "human"}, format="json")
        assert refused.status_code == 403, refused.json()
        body = refused.json()
        assert body["code"] == "playban" and body["until"] and body["rule"] == "sitting"
        code = clients[1].post("/api/v1/games", {"opponent": "human"}, format="json").json()
        joined = clients[0].post("/api/v1/games/join", {"code": code["invite_code"]}, format="json")
        assert joined.status_code == 403 and joined.json()["code"] == "playban"
        computer = clients[0].post("/api/v1/games", {"opponent": "computer"}, format="json")
        assert computer.status_code == 201  # the computer is still there to play
        me = clients[0].get("/api/v1/me/fair-play").json()
        assert me["restrictions"]["playban_until"] == body["until"]

    ann_sits(clients, start + timedelta(hours=2))
    bans = list(Sanction.objects.filter(user=users[0], kind="playban").order_by("created_at"))
    assert len(bans) == 2
    lengths = [ban.until - ban.created_at for ban in bans]
    assert lengths[0] < timedelta(minutes=16) and timedelta(minutes=44) < lengths[1]
    assert lengths[1] < timedelta(minutes=46)
