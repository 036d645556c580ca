"""The Gin Rummy part of the game view (docs/games/gin.md#the-view), written by its codec."""

from __future__ import annotations

import json

from games.rules.gin import (
    Card,
    DrawStock,
    Knock,
    Pass,
    RuleSet,
    apply_action,
    concede,
    new_game,
    view_for,
)
from games.rules.gin.codec import view_to_json
from tests.rules.gin.test_codec import DECK1


def play_two_rounds():
    moves = [(1, Pass()), (0, Pass()), (1, DrawStock()), (1, Knock(Card.parse("KC")))]
    state = new_game(RuleSet(), 0, DECK1)
    for seat, action in moves:
        state = apply_action(state, action, seat)
    return state, moves


def test_view_json_has_designs_shape():
    state = new_game(RuleSet(), 0, DECK1)
    state = apply_action(state, Pass(), 1)
    body = view_to_json(view_for(state, 0))
    assert set(body) == {"scores", "round", "rounds", "final"}
    assert body["scores"] == [0, 0] and body["rounds"] == [] and body["final"] is None
    assert body["round"] == {
        "number": 1, "dealer": 0, "phase": "first_upcard", "turn": 0,
        "hand": ["5S", "TS", "JS", "QS", "KH", "5D", "AC", "2C", "5C", "8C"],
        "opponent_hand_size": 10, "stock_size": 31, "discard_pile": ["QH"],
        "drawn_from_discard": None, "deadwood": 21,
        "legal_actions": [{"type": "draw_discard"}, {"type": "pass"}],
        "knock_limit": 10,
        "pile_history": [{"seat": 1, "action": "pass"}],
    }
    assert json.loads(json.dumps(body)) == body
    assert "history" not in body["round"]  # the full move record is for computer players


def test_view_json_lists_cards_for_discard_and_knock():
    state = new_game(RuleSet(), 0, DECK1)
    for seat, action in [(1, Pass()), (0, Pass()), (1, DrawStock())]:
        state = apply_action(state, action, seat)
    legal = view_to_json(view_for(state, 1))["round"]["legal_actions"]
    assert legal[0]["type"] == "discard" and len(legal[0]["cards"]) == 11
    assert legal[1] == {"type": "knock", "cards": ["3C", "KC"]}


def test_round_results_in_designs_shape():
    state, _ = play_two_rounds()
    body = view_to_json(view_for(state, 0))
    assert body["round"]["phase"] == "round_over" and body["round"]["legal_actions"] == []
    (result,) = body["rounds"]
    assert result == {
        "number": 1, "dealer": 0, "outcome": "knock", "knocker": 1, "winner": 1,
        "points": 18, "scores_after": [0, 18],
        "hands": [
            {"seat": 0, "cards": [str(c) for c in state.round.hands[0]],
             "melds": [["5S", "5D", "5C"], ["TS", "JS", "QS"]],
             "deadwood": ["KH", "AC", "2C", "8C"], "deadwood_points": 21, "layoffs": []},
            {"seat": 1, "cards": ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "3C"],
             "melds": [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D"]],
             "deadwood": ["3C"], "deadwood_points": 3, "layoffs": []},
        ],
    }


def test_finished_game_view_has_no_round_and_a_final():
    state = concede(new_game(RuleSet(), 0, DECK1), 1, "timeout")
    body = view_to_json(view_for(state, 0))
    assert body["round"] is None
    assert body["final"] == {
        "winner": 0, "reason": "timeout", "totals": [0, 0],
        "breakdown": [
            {"seat": 0, "hand_points": 0, "game_bonus": 0, "line_bonus": 0, "shutout": False,
             "total": 0},
            {"seat": 1, "hand_points": 0, "game_bonus": 0, "line_bonus": 0, "shutout": False,
             "total": 0},
        ],
    }
