"""Turn timers at a Rummy table of three: the server plays an absent player's whole turn,
and after three in a row that player leaves, an easy computer takes the seat and the
leaver is placed last."""

from __future__ import annotations

import pytest

from tests.games.melding import play
from tests.games.melding.play import expire_the_turn
from tests.games.rummy.helpers import choose, play_out, seeded_deck, view_of

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"rounds": 1, "hand_size": 9, "first_meld_points": 20, "jokers": 4}


def play_one_turn(client, game_id: str) -> None:
    play.play_one_turn(client, game_id, choose)


def test_three_timeouts_in_a_row_and_the_seat_is_the_computers(people_table):
    table = people_table(seats=3, rules=RULES, decks=[seeded_deck(91, 4)], turn_seconds=30)
    game_id = table["id"]
    ann, cat = table["clients"][0], table["clients"][2]
    view = view_of(ann, game_id)
    assert view["turn_seconds"] == 30 and view["round"]["turn_deadline"].endswith("Z")
    for _ in range(2):
        assert view_of(ann, game_id)["round"]["turn"] == 1
        moves = expire_the_turn(game_id)
        # bob's whole turn, played for him: a stock draw, then a discard.
        assert [m.action["type"] for m in moves] == ["draw_stock", "discard"]
        assert all(m.seat == 1 and m.automatic for m in moves)
        after = view_of(ann, game_id)
        assert after["status"] == "active" and after["players"][1]["computer"] is None
        assert after["round"]["turn"] == 2
        play_one_turn(cat, game_id)
        play_one_turn(ann, game_id)
    # The third deadline in a row: bob forfeits (as in Gin Rummy, a ``timeout`` move) and
    # leaves; an easy computer takes his seat and plays the turn at once.
    moves = expire_the_turn(game_id)
    assert moves[0].seat == 1 and moves[0].action == {"type": "timeout"}
    assert [m.seat for m in moves] == [1] * len(moves)
    assert moves[-1].action["type"] == "discard" and not moves[-1].automatic
    view = view_of(ann, game_id)
    assert view["status"] == "active"
    assert view["players"][1]["computer"] == "easy"
    assert view["round"]["turn"] == 2
    final = play_out(game_id, {0: ann, 2: cat})["final"]
    assert final["reason"] == "rounds"
    assert final["placement"][-1] == 1
    assert final["reason"] == "rounds" and sorted(final["placement"]) == [0, 1, 2]
