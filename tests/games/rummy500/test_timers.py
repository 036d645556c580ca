"""Turn timers at a Rummy 500 table (docs/api.md#turn-timers, docs/games/rummy500.md): at
the deadline the server plays the absent seat's whole turn -- a stock draw, the picked card
it still owes set down, the highest card discarded -- and after three such turns in a row
the seat forfeits: a game of two ends on time, at a larger table an easy computer takes
the seat and the absent player is placed last."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.rules.common.cards import cards
from games.rules.rummy500.cards import card_value
from tests.games.melding import play
from tests.games.melding.play import expire_the_turn, played, view_of
from tests.games.rummy500.helpers import SEVENS_DECK, chooser, play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_timer_sets_down_the_picked_card_then_discards_the_highest(people_table):
    table = people_table(
        seats=2, rules={"top_card_free": False}, decks=[SEVENS_DECK], turn_seconds=30
    )
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    played(table, bob, {"type": "draw_stock"})
    played(table, bob, {"type": "discard", "card": "2S"})
    view = played(table, ann, {"type": "draw_discard", "card": "7H"})
    assert view["round"]["picked_card"] == "7H" and view["round"]["turn_deadline"].endswith("Z")
    hand = view["round"]["hand"]

    moves = expire_the_turn(game_id)
    assert [m.action["type"] for m in moves] == ["meld", "discard"]
    assert all(m.seat == 0 and m.automatic for m in moves)
    assert sorted(moves[0].action["melds"][0]) == ["7D", "7H", "7S"]
    left = [c for c in hand if c not in ("7S", "7D", "7H")]
    highest = max(card_value(c) for c in cards(" ".join(left)))
    assert card_value(cards(moves[1].action["card"])[0]) == highest
    after = view_of(ann, game_id)
    assert after["round"]["turn"] == 1 and after["round"]["picked_card"] is None
    assert after["round"]["table_points"] == [21, 0]
    assert after["round"]["discard_pile"] == [moves[1].action["card"]]
    # the automatic moves are marked as such in everyone's move log
    logged = bob.get(f"/api/v1/games/{game_id}/moves?page_size=100").json()["results"]
    assert [m["automatic"] for m in logged[-2:]] == [True, True]
    call_command("verify_games", game=[game_id])


def test_three_absent_turns_in_a_row_end_a_game_of_two_on_time(people_table):
    table = people_table(seats=2, decks=[seeded_deck(31)], turn_seconds=30)
    game_id = table["id"]
    ann = table["clients"][0]
    for _ in range(2):
        moves = expire_the_turn(game_id)
        assert [m.action["type"] for m in moves] == ["draw_stock", "discard"]
        assert all(m.seat == 1 and m.automatic for m in moves)
        play.play_one_turn(ann, game_id, chooser(31, deep=0))
    moves = expire_the_turn(game_id)
    assert [(m.seat, m.action) for m in moves] == [(1, {"type": "timeout"})]
    view = view_of(ann, game_id)
    assert view["status"] == "finished"
    final = view["final"]
    assert final["reason"] == "timeout" and final["winner"] == 0 and final["placement"] == [0, 1]
    # bob never made a move of his own: the game is aborted, unrated
    assert final.get("aborted") is True
    late = play.act(table["clients"][1], game_id, {"type": "draw_stock"})
    assert late.status_code == 409
    call_command("verify_games", game=[game_id])


def test_three_absent_turns_at_a_table_of_three_and_the_seat_is_the_computers(people_table):
    table = people_table(seats=3, rules={"rounds": 1}, decks=[seeded_deck(32)], turn_seconds=30)
    game_id = table["id"]
    ann, cat = table["clients"][0], table["clients"][2]
    choose = chooser(32, deep=0)
    for _ in range(2):
        assert view_of(ann, game_id)["round"]["turn"] == 1
        moves = expire_the_turn(game_id)
        assert [m.action["type"] for m in moves] == ["draw_stock", "discard"]
        assert all(m.seat == 1 and m.automatic for m in moves)
        assert view_of(ann, game_id)["players"][1]["computer"] is None
        play.play_one_turn(cat, game_id, choose)
        play.play_one_turn(ann, game_id, choose)
    moves = expire_the_turn(game_id)
    assert moves[0].seat == 1 and moves[0].action == {"type": "timeout"}
    # the easy computer in bob's seat played the turn at once (tasks run eagerly)
    assert moves[-1].seat == 1 and moves[-1].action["type"] == "discard"
    assert not moves[-1].automatic
    view = view_of(ann, game_id)
    assert view["status"] == "active" and view["players"][1]["computer"] == "easy"
    assert view["round"]["turn"] == 2
    final = play_out(game_id, {0: ann, 2: cat}, seed=32)["final"]
    assert final["reason"] == "rounds" and final["placement"][-1] == 1
    call_command("verify_games", game=[game_id])
