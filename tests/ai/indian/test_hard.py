"""Hard's own rules, each shown by a scenario: the discard pile's top card taken whenever
it brings the hand nearer a show and sometimes when it only adds outs, and drops."""

from __future__ import annotations

import random

from games.ai import indian as ai
from games.rules.indian import (
    DrawDiscard,
    DrawStock,
    Drop,
    RuleSet,
    apply_action,
    deal_next_round,
    new_deck,
    new_game,
    view_for,
)
from tests.rules.indian.helpers import SALT, position

FAR = "2S 5S 8S JH 3H 6H 9D QD 4C 7C TC KC 2D"
"""Seven cards from a show when the aces are jokers, and no joker."""
OTHER = "2C 3C 4C 5D 6D 7D TS TH QC QH 5H 8H 4H"
THIRD = "3S 4S 6S 7H 9H TD JD KD 5C 6C 8C 9S 7S"


def _draw_choices(seats: int, games: int):
    """Every draw-phase view of seat 0 (Hard) in games against Medium, with the pile's
    top card allowed, and what Medium and Hard would draw there."""
    rng = random.Random(f"draws:{seats}")
    for game in range(games):
        rules = RuleSet()
        state = new_game(rules, seats, new_deck(rng, rules.decks), SALT)
        rngs = [random.Random(f"{game}:{seat}") for seat in range(seats)]
        names = ("hard", *("medium",) * (seats - 1))
        while not state.is_over:
            if state.awaiting_deal:
                state = deal_next_round(state, new_deck(rng, rules.decks), SALT)
                continue
            seat = state.turn
            view = view_for(state, seat)
            action = ai.play(names[seat], view, rngs[seat])
            if seat == 0 and any(e.type == "draw_discard" for e in view.round.legal_actions):
                yield ai.play("medium", view, random.Random(0)), action
            state = apply_action(state, action, seat)


def test_hard_takes_the_pile_whenever_medium_would_and_sometimes_for_outs_alone():
    pairs = list(_draw_choices(2, 12))
    assert len(pairs) > 50
    for medium, hard in pairs:
        if medium == DrawDiscard():
            assert hard == DrawDiscard()
    assert any(hard == DrawDiscard() and medium == DrawStock() for medium, hard in pairs)


def test_hard_drops_a_far_hand_without_a_joker_at_its_first_turn_at_three_seats():
    state = position([FAR, OTHER, THIRD], wild="AD", discard="KH")
    assert ai.play("hard", view_for(state, 0), random.Random(1)) == Drop()


def test_hard_keeps_playing_a_far_hand_with_a_joker_or_at_two_seats():
    with_joker = FAR.replace("2D", "XX")
    state = position([with_joker, OTHER, THIRD], wild="AD", discard="KH")
    assert ai.play("hard", view_for(state, 0), random.Random(1)) != Drop()
    state = position([FAR, OTHER], wild="AD", discard="KH")
    assert ai.play("hard", view_for(state, 0), random.Random(1)) != Drop()
