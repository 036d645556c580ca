"""Leaving a Rummy 500 table (docs/api.md#leaving-a-game, docs/games/rummy500.md): at three
or four seats an easy computer plays the leaver's seat, the leaver is placed last and sees
no more of that hand (in the view, the stream or the move log) and can no longer act or
chat; at two seats the other player wins."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import Move
from tests.games.melding.play import act, states_by_version, view_of
from tests.games.melding.streams import assert_streams
from tests.games.rummy500.helpers import assert_view_hides, play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


def test_a_leaver_at_four_seats_is_played_for_by_the_computer_and_placed_last(people_table):
    table = people_table(seats=4, rules={"rounds": 1}, decks=[seeded_deck(51)])
    game_id = table["id"]
    ann, bob, cat, dan = (table["clients"][seat] for seat in range(4))
    start = view_of(ann, game_id)
    assert start["round"]["turn"] == 1 and start["round"]["hand_sizes"] == [7, 7, 7, 7]

    # cat leaves out of turn; the computer takes her seat when her turn comes
    left = cat.post(f"/api/v1/games/{game_id}/concede")
    assert left.status_code == 200, left.json()
    view = view_of(ann, game_id)
    assert view["status"] == "active" and view["round"]["turn"] == 1
    assert [p["computer"] for p in view["players"]] == [None, None, "easy", None]
    forfeit = Move.objects.get(game_id=game_id, seat=2, action__type="concede").seq

    # cat has left: she can no longer act, leave again or chat, and changes nothing
    version = view["version"]
    for response in (
        act(cat, game_id, {"type": "draw_stock"}),
        cat.post(f"/api/v1/games/{game_id}/concede"),
        cat.post(f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json"),
    ):
        assert response.status_code == 409 and response.json()["code"] == "game_not_active"
    assert view_of(ann, game_id)["version"] == version

    final_view = play_out(game_id, {0: ann, 1: bob, 3: dan}, seed=51)
    final = final_view["final"]
    assert final["reason"] == "rounds" and final["placement"][-1] == 2
    assert sorted(final["placement"]) == [0, 1, 2, 3]
    computer_moves = Move.objects.filter(game_id=game_id, seat=2, seq__gt=forfeit)
    assert computer_moves.count() >= 2 and not computer_moves.filter(automatic=True).exists()
    call_command("verify_games", game=[game_id])


def test_a_leaver_no_longer_sees_the_hand_the_computer_plays(people_table):
    table = people_table(seats=3, rules={"rounds": 1}, decks=[seeded_deck(52)])
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    forfeit = Move.objects.get(game_id=game_id, seat=1, action__type="concede").seq
    view = play_out(game_id, {0: ann, 2: cat}, seed=52, actions=10)
    assert view["status"] == "active"
    current = view["version"]

    # the view: the seat's size, as anyone sees it, not its cards
    mine = view_of(bob, game_id)
    state = states_by_version(game_id)[current]
    assert assert_view_hides(mine, 1, state, seated=False)
    assert mine["round"]["legal_actions"] == [] and mine["round"]["hand_sizes"][1] > 0

    # the stream: every frame after the concession hides the seat's cards from bob
    def check(frame, seat, at):
        assert assert_view_hides(frame, seat, at, seated=frame["version"] < forfeit)

    assert_streams(bob, game_id, 1, 0, current, check)

    # the move log: the computer's stock draws for seat 1 name no card to bob
    moves = bob.get(f"/api/v1/games/{game_id}/moves?page_size=100").json()["results"]
    draws = [m for m in moves if m["seat"] == 1 and m["action"]["type"] == "draw_stock"]
    assert any(m["seq"] > forfeit for m in draws)
    for move in draws:
        assert ("card" in move["action"]) == (move["seq"] < forfeit), move


def test_leaving_a_game_of_two_ends_it_and_the_other_player_wins(people_table):
    table = people_table(seats=2, decks=[seeded_deck(53)])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    played = act(bob, game_id, {"type": "draw_stock"})
    assert played.status_code == 200
    response = ann.post(f"/api/v1/games/{game_id}/concede")
    assert response.status_code == 200, response.json()
    view = view_of(bob, game_id)
    assert view["status"] == "finished" and view["round"] is None
    final = view["final"]
    assert final["reason"] == "concede" and final["winner"] == 1 and final["placement"] == [1, 0]
    assert act(ann, game_id, {"type": "draw_stock"}).json()["code"] == "game_not_active"
    call_command("verify_games", game=[game_id])


def test_when_the_only_person_leaves_the_computers_do_not_play_on(computer_table):
    table = computer_table(computers=3, rules={"rounds": 1}, decks=[seeded_deck(54)])
    client = table["clients"][0]
    assert client.post(f"/api/v1/games/{table['id']}/concede").status_code == 200
    view = view_of(client, table["id"])
    assert view["status"] == "finished" and view["final"]["reason"] == "concede"
    assert view["final"]["placement"][-1] == 0 and view["final"]["winner"] in (1, 2, 3)
