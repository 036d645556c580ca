"""The nightly scan: win trading over the result rows; feeding, machine-regular timing,
long hours and agreement with our Hard player over the move log of games played through
the API."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from fairplay import services, tasks
from fairplay.models import Signal
from fairplay.scanning import decision_seed
from games.models import Game
from tests.factories import UserFactory
from tests.games.helpers import act
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db(transaction=True)


def kinds() -> set[tuple[str, int, int | None]]:
    return set(Signal.objects.values_list("kind", "user_id", "other_id"))


@pytest.mark.parametrize("games", [9, 10])
def test_the_scan_finds_win_trading_at_ten_games_together_and_not_at_nine(games):
    ann, bob = UserFactory(), UserFactory()
    now = timezone.now()
    for number in range(games):
        finished_game(player=ann, opponent=bob, finished_at=now - timedelta(hours=number + 1))
    result = tasks.scan.delay().get()
    found = {(k, u, o) for k, u, o in kinds() if k == "win_trading"}
    assert found == ({("win_trading", ann.pk, bob.pk)} if games == 10 else set())
    assert result["signals"] == len(Signal.objects.all())


def test_games_older_than_the_window_do_not_count():
    ann, bob = UserFactory(), UserFactory()
    now = timezone.now()
    for number in range(10):
        days = 31 if number == 0 else 1
        finished_game(player=ann, opponent=bob, finished_at=now - timedelta(days=days))
    services.scan_run(now=now)
    assert not Signal.objects.filter(kind="win_trading").exists()


# --- feeding at a rummy table -------------------------------------------------------------


def rummy_table(clients: dict[int, object]) -> str:
    body = {"variant": "rummy", "opponent": "human", "visibility": "private", "seats": 3}
    made = clients[0].post("/api/v1/games", body, format="json").json()
    for seat in (1, 2):
        joined = clients[seat].post(
            "/api/v1/games/join", {"code": made["invite_code"]}, format="json"
        )
        assert joined.status_code == 200, joined.json()
    return made["id"]


def play_rummy(clients: dict[int, object], game_id: str, *, taker: int | None, turns: int) -> None:
    """``turns`` turns: the ``taker`` seat always takes the discard pile's card, the
    others draw from the stock; everyone discards the first card allowed. Then all leave."""
    for _ in range(turns):
        seat = clients[0].get(f"/api/v1/games/{game_id}").json()["round"]["turn"]
        client = clients[seat]
        legal = {
            a["type"]
            for a in client.get(f"/api/v1/games/{game_id}").json()["round"]["legal_actions"]
        }
        draw = "draw_discard" if seat == taker and "draw_discard" in legal else "draw_stock"
        assert act(client, game_id, {"type": draw}).status_code == 200
        current = client.get(f"/api/v1/games/{game_id}").json()
        legal_now = {a["type"]: a for a in current["round"]["legal_actions"]}
        body = {"type": "discard", "card": legal_now["discard"]["cards"][0]}
        assert act(client, game_id, body).status_code == 200
    for client in clients.values():
        if Game.objects.get(pk=game_id).status == "active":
            assert client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    assert Game.objects.get(pk=game_id).status == "finished"


def test_the_scan_finds_the_player_fed_at_rummy_tables(players, settings):
    settings.FAIRPLAY_FEEDING_MIN_CHANCES = 6
    settings.FAIRPLAY_FEEDING_Z = 2.5
    settings.FAIRPLAY_SCAN_MAX_REPLAYS = 0  # feeding reads the log; no replay needed
    users, clients = players(3)
    ann, bob, cy = clients[0], clients[1], clients[2]
    # Table A: bob sits after ann and takes every discard she throws.
    play_rummy({0: ann, 1: bob, 2: cy}, rummy_table({0: ann, 1: bob, 2: cy}), taker=1, turns=24)
    # Table B: cy sits after ann and takes none of hers (nor bob of cy's).
    play_rummy({0: ann, 1: cy, 2: bob}, rummy_table({0: ann, 1: cy, 2: bob}), taker=None, turns=24)
    services.scan_run()
    fed = Signal.objects.get(kind="feeding")
    assert (fed.user_id, fed.other_id) == (users[1].pk, users[0].pk)
    assert fed.evidence["taken"] == fed.evidence["chances"] >= 6
    assert fed.evidence["others_taken"] == 0


# --- bots against the computer -----------------------------------------------------------


def play_against_hard(client, *, rng: random.Random, start, spacing, hard: bool) -> int:
    """A Gin Rummy game to 10 points against the computer, played to its end: each action
    ``spacing(rng)`` seconds after the last, our Hard player's choice (``hard``: asked as
    the scan asks it, so a script running our Hard agrees with it wherever its search
    draws worlds) or a plain one. Returns the actions."""
    from games.variants import variant_for

    variant = variant_for("gin")
    moment = start
    body = {"opponent": "computer", "rules": {"target_score": 10}}  # a round or two
    with time_machine.travel(moment, tick=False):
        game_id = client.post("/api/v1/games", body, format="json").json()["id"]
    actions = 0
    for _ in range(1000):
        game = Game.objects.get(pk=game_id)
        if game.status != "active":
            break
        moment += timedelta(seconds=spacing(rng))
        if hard:
            view = variant.rules.view_for(game.rules_state(), 0)
            seed = decision_seed(game.pk, game.version)
            choice = variant.players.choose(view, "hard", random.Random(seed))
            body = variant.rules.action_to_json(choice)
        else:
            current = client.get(f"/api/v1/games/{game_id}").json()
            legal = {a["type"]: a for a in current["round"]["legal_actions"]}
            body = (
                {"type": "pass"}
                if "pass" in legal
                else {"type": "draw_stock"}
                if "draw_stock" in legal
                else {"type": "discard", "card": legal["discard"]["cards"][-1]}
            )
        with time_machine.travel(moment, tick=False):
            assert act(client, game_id, body).status_code == 200
        actions += 1
    assert Game.objects.get(pk=game_id).status == "finished"  # the scan reads finished games
    return actions


def test_the_scan_finds_a_script_by_its_timing_and_its_choices_and_spares_a_person(
    players, settings
):
    settings.FAIRPLAY_BOT_MIN_ACTIONS = 40
    settings.FAIRPLAY_BOT_MIN_DECISIONS = 15
    settings.FAIRPLAY_BOT_AGREEMENT = 0.9
    users, clients = players(2)
    start = timezone.now() - timedelta(hours=3)
    rng = random.Random(7)
    bot_actions = person_actions = bot_games = 0
    while bot_actions < 40 or bot_games < 4:
        bot_games += 1
        bot_actions += play_against_hard(
            clients[0], rng=rng, start=start, spacing=lambda r: 2.0, hard=True
        )
        start += timedelta(minutes=20)
    while person_actions < 40:
        person_actions += play_against_hard(
            clients[1],
            rng=rng,
            start=start,
            spacing=lambda r: r.lognormvariate(1.5, 0.8),
            hard=False,
        )
        start += timedelta(minutes=20)
    services.scan_run()
    found = kinds()
    assert ("regular_timing", users[0].pk, None) in found
    assert ("engine_agreement", users[0].pk, None) in found
    assert not {signal for signal in found if signal[1] == users[1].pk}


@pytest.mark.parametrize("hours", [19, 20])
def test_the_scan_finds_play_around_the_clock_at_twenty_hours_and_not_nineteen(players, hours):
    users, clients = players(1)
    day = timezone.now().replace(hour=0, minute=5, second=0, microsecond=0) - timedelta(days=1)
    for hour in range(hours):
        with time_machine.travel(day + timedelta(hours=hour), tick=False):
            game_id = (
                clients[0]
                .post("/api/v1/games", {"opponent": "computer"}, format="json")
                .json()["id"]
            )
            current = clients[0].get(f"/api/v1/games/{game_id}").json()
            legal = {a["type"] for a in current["round"]["legal_actions"]}
            body = {"type": "pass"} if "pass" in legal else {"type": "draw_stock"}
            assert act(clients[0], game_id, body).status_code == 200
            assert clients[0].post(f"/api/v1/games/{game_id}/concede").status_code == 200
    services.scan_run()
    assert (("long_hours", users[0].pk, None) in kinds()) is (hours == 20)
