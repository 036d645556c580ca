"""How an Indian Rummy deal is scored (docs/games/indian-rummy.md), at exact positions dealt from
chosen
decks: a valid show ends the deal and every other hand still in is counted by the server's
least-points arrangement (groups count only with a pure sequence and a second sequence;
capped at ``max_points``); a wrong show costs exactly ``wrong_show`` and the deal goes on;
drops cost ``first_drop`` before the first draw and ``middle_drop`` after it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.indian.helpers import act, indian_deck, legal_of, seeded_deck, view_of

pytestmark = pytest.mark.django_db(transaction=True)

# Dealer seat 0; dealt to seat 1 (Bob) first, then seat 2 (Cleo), then seat 0 (Ann).
BOB = "AS 2S 3S 4H 5H 6H 7D 8D 9D QC QH QS 2C"  # a show with the stock's TD, putting down 2C
CLEO = "KC QD JC TH 8S 7H 6D 5C 4S 3H 2D 3D 5D"  # no sequence at all: 83, capped at 80
ANN = "AC 2C 3C 5S 6S 7S KH KD KS 4D 8H JD 2H"  # two pure sequences and a set: 4+8+10+2
WILD = "9C"  # nines are jokers
STOCK = "TD 4C 6C 7C"
SHOW = [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D", "TD"], ["QC", "QH", "QS"]]


def table_of(people_table, rules: dict[str, Any]) -> dict[str, Any]:
    deck = indian_deck(BOB, CLEO, ANN, wild=WILD, upcard="KD", stock=STOCK)
    table = people_table(seats=3, rules=rules, decks=[deck, seeded_deck(5), seeded_deck(6)])
    table["ann"], table["bob"], table["cleo"] = (table["clients"][seat] for seat in range(3))
    return table


def play(table, client, body: dict[str, Any]) -> dict[str, Any]:
    view = view_of(client, table["id"])
    response = act(client, table["id"], {**body, "expected_version": view["version"]})
    assert response.status_code == 200, (body, response.json())
    return response.json()


def test_a_valid_show_ends_the_deal_and_counts_the_others_least_points(people_table):
    table = table_of(people_table, {"format": "points"})
    ann_before = view_of(table["ann"], table["id"])["round"]["arrangement"]
    assert ann_before["points"] == 24
    assert view_of(table["cleo"], table["id"])["round"]["arrangement"]["points"] == 80

    view = play(table, table["bob"], {"type": "draw_stock"})
    rnd = view["round"]
    assert "TD" in rnd["hand"] and len(rnd["hand"]) == 14
    assert rnd["arrangement"]["discard"] == "2C" and rnd["arrangement"]["points"] == 0
    assert "2C" in legal_of(view)["declare"]["valid_with"]

    view = play(table, table["bob"], {"type": "declare", "card": "2C", "groups": SHOW})
    assert view["status"] == "finished" and view["round"] is None
    (result,) = view["rounds"]
    assert result["outcome"] == "show" and result["winner"] == 1
    assert result["wild_joker"] == {"card": "9C", "rank": "9"}
    assert result["points"] == [24, 0, 80] and result["scores_after"] == [24, 0, 80]
    ann, bob, cleo = result["hands"]
    assert bob == {"seat": 1, "status": "declared", "groups": SHOW, "ungrouped": [], "value": 0}
    assert ann["status"] == "counted" and ann["value"] == ann_before["points"]
    assert sorted(map(sorted, ann["groups"])) == sorted(map(sorted, ann_before["groups"]))
    assert sorted(ann["ungrouped"]) == sorted(["4D", "8H", "JD", "2H"])
    # Without a pure sequence nothing is grouped: every card counts, up to max_points.
    assert cleo["status"] == "counted" and cleo["groups"] == [] and cleo["value"] == 80
    assert sorted(cleo["ungrouped"]) == sorted(CLEO.split())
    final = view["final"]
    assert final["reason"] == "show" and final["winner"] == 1
    assert final["totals"] == [24, 0, 80] and final["placement"] == [1, 0, 2]


def test_a_declaration_without_groups_shows_the_servers_arrangement(people_table):
    table = table_of(people_table, {"format": "points", "max_points": 60})
    play(table, table["bob"], {"type": "draw_stock"})
    view = play(table, table["bob"], {"type": "declare", "card": "2c"})
    (result,) = view["rounds"]
    assert result["outcome"] == "show" and result["hands"][1]["status"] == "declared"
    assert sorted(map(sorted, result["hands"][1]["groups"])) == sorted(map(sorted, SHOW))
    assert result["points"] == [24, 0, 60]  # the cap is the table's max_points


def test_a_wrong_show_costs_exactly_wrong_show_and_the_deal_goes_on(people_table):
    table = table_of(people_table, {"format": "pool", "pool": 101, "wrong_show": 70})
    play(table, table["bob"], {"type": "draw_stock"})
    wrong = [*SHOW[:3], ["QH", "QS", "2C"]]  # a set of two queens and a two: no group
    view = play(table, table["bob"], {"type": "declare", "card": "QC", "groups": wrong})
    assert view["status"] == "active"
    rnd = view["round"]
    assert rnd["number"] == 1 and rnd["turn"] == 2
    assert rnd["status"] == ["in", "wrong_show", "in"] and rnd["hand_sizes"] == [13, 0, 13]
    assert rnd["hand"] == [] and rnd["legal_actions"] == []
    assert view["scores"] == [0, 0, 0]  # scored when the deal ends
    # The face-down card goes to no one: neither the pile nor another hand.
    assert rnd["discard_pile"] == ["KD"]

    # Cleo drops before her first draw (a first drop), and Ann is the last one left.
    view = play(table, table["cleo"], {"type": "drop"})
    result = view["rounds"][0]
    assert result["outcome"] == "last_player" and result["winner"] == 0
    assert result["points"] == [0, 70, 20]
    assert [h["status"] for h in result["hands"]] == ["last", "wrong_show", "dropped"]
    assert result["hands"][1]["groups"] == wrong  # the show as it was made
    assert view["scores"] == [0, 70, 20]
    assert view["status"] == "active" and view["round"]["number"] == 2
    assert view["round"]["dealer"] == 1 and view["round"]["status"] == ["in", "in", "in"]


@pytest.mark.parametrize(
    ("rules", "first", "middle"),
    [({"format": "points"}, 20, 40), ({"format": "pool", "pool": 201}, 25, 50)],
    ids=["points", "pool-201"],
)
def test_a_drop_costs_first_drop_before_the_first_draw_and_middle_drop_after(
    people_table, rules, first, middle
):
    table = table_of(people_table, rules)
    play(table, table["bob"], {"type": "drop"})
    play(table, table["cleo"], {"type": "draw_stock"})
    view = play(table, table["cleo"], {"type": "drop"})
    result = view["rounds"][0]
    assert result["outcome"] == "last_player" and result["winner"] == 0
    assert result["points"] == [0, first, middle]
    assert [h["status"] for h in result["hands"]] == ["last", "dropped", "dropped"]
