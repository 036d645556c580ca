"""Every game's view carries the discard pile's public record (``round.pile_history``):
the same for every seat, one event per take, discard and (Gin Rummy) pass of the round,
never a stock draw, and no card that was not face up on the pile."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.common.game import Forfeit
from tests.rules.common.playouts import GAMES, play

UPCARD = "?"


def replay_pile(events: list[dict]) -> list[str]:
    """The pile the record leads to from the deal's first upcard (``UPCARD`` while it has
    not been taken); every take must be of the card on top."""
    pile = [UPCARD]
    drawn = False
    for event in events:
        if event["action"] == "pass":
            assert "card" not in event and not drawn, event
            continue
        card = event["card"]
        if event["action"] == "discard":
            pile.append(card)
        else:
            assert event["action"] == "draw_discard", event
            drawn = True
            top = pile.pop()
            assert top in (card, UPCARD), (top, event)
    return pile


RECORDED = [game for game in GAMES if game.name != "rummy500"]
"""The games whose view carries the record: Rummy 500's pile is open, its view lists every
card of it, and its contract gives the view no record of takes (docs/games/rummy500.md)."""


@pytest.mark.parametrize(
    ("game", "seats"), [(game, seats) for game in RECORDED for seats in game.seats], ids=str
)
def test_the_pile_record_is_public_complete_and_agrees_with_the_pile(game, seats):
    rules = game.rules
    checked = 0
    # Seeds until over a hundred positions are checked (a random Indian Rummy deal may end
    # in a few turns, when its players drop).
    for seed in range(30):
        if checked > 100:
            break
        playout = play(game, seats, seed, forfeits=False)
        states = [playout.first, *playout.states]
        steps: list[object | None] = [None, *(step for _, step in playout.steps)]
        face_up: set[str] = set()
        done: Counter[str] = Counter()
        number = 0
        for state, step in zip(states, steps, strict=True):
            views = [rules.view_to_json(rules.view_for(state, s))["round"] for s in range(seats)]
            rnd = views[0]
            if rnd is None or rnd["phase"] == "round_over":
                continue
            if rnd["number"] != number:  # a new deal: the step before ended the last round
                number, face_up, done = rnd["number"], set(), Counter()
            elif step is not None and not isinstance(step, Forfeit):
                done[rules.action_to_json(step)["type"]] += 1
            face_up |= set(rnd["discard_pile"])
            record = rnd["pile_history"]
            assert all(view["pile_history"] == record for view in views)
            actions = Counter(event["action"] for event in record)
            assert actions["draw_discard"] == done["draw_discard"]
            assert actions["discard"] == done["discard"]
            assert actions["pass"] == done["pass"]
            assert {event["card"] for event in record if "card" in event} <= face_up
            pile = replay_pile(record)
            if pile and pile[0] == UPCARD:
                pile[0] = rnd["discard_pile"][0]
            assert pile == rnd["discard_pile"]
            checked += 1
    assert checked > 100
