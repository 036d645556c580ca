"""Rummy players choose only legal actions, from their own view alone, deterministically."""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Iterator

import pytest

from games.ai import rummy as ai
from games.ai.rummy.common import stand_in
from games.rules.rummy import (
    JOKER,
    RUMMY_RULES,
    DrawDiscard,
    DrawStock,
    GameState,
    Phase,
    PlayerView,
    RoundView,
    RuleSet,
    is_legal,
    new_deck,
    new_game,
    view_for,
)
from tests.ai.common.positions import positions as common_positions
from tests.rules.rummy.helpers import position

RULES = (
    RuleSet(),
    RuleSet(jokers=0, first_meld_points=0),
    RuleSet(jokers=2, hand_size=7, first_meld_points=60),
    RuleSet(jokers=6, hand_size=10, hand_rummy_doubles=False),
)


def positions(
    names: tuple[str, ...], seed: int, rules: RuleSet, limit: int
) -> Iterator[tuple[GameState, int, PlayerView, object]]:
    """``(state, seat, view, action)`` for the first ``limit`` decisions of a game between
    ``names`` (one per seat), going on over rounds."""
    return common_positions(RUMMY_RULES, ai.play, names, seed, rules.to_dict(), limit)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_only_chooses_legal_actions(seats):
    names = tuple(ai.PLAYERS)
    checked = 0
    for seed in range(4):
        rules = RULES[(seed + seats) % len(RULES)]
        table = tuple(names[(seed + i) % len(names)] for i in range(seats))
        for state, seat, _view, action in positions(table, seed * 10 + seats, rules, 500):
            assert is_legal(state, action, seat), (table[seat], action, state.round)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("level", ai.LEVELS)
def test_each_level_plays_legally_against_itself(level):
    for seats in (2, 4):
        for state, seat, _view, action in positions((level,) * seats, seats, RuleSet(), 500):
            assert is_legal(state, action, seat), (level, action, state.round)


def test_choose_action_takes_a_player_view_only():
    hints = typing.get_type_hints(ai.choose_action)
    assert hints["view"] is PlayerView
    names = {field.name for field in dataclasses.fields(PlayerView)}
    names |= {field.name for field in dataclasses.fields(RoundView)}
    for hidden in ("hands", "stock", "deck"):
        assert hidden not in names


def test_the_stand_in_state_holds_no_hidden_card():
    for state, seat, view, _action in positions(("hard", "baseline", "medium"), 3, RuleSet(),
                                                 300):
        shadow = stand_in(view)
        assert shadow.round.hands[seat] == state.round.hands[seat]
        for other, hand in enumerate(shadow.round.hands):
            assert len(hand) == len(state.round.hands[other])
            if other != seat:
                assert set(hand) <= {JOKER}
        assert set(shadow.round.stock) <= {JOKER}
        assert len(shadow.round.stock) == len(state.round.stock)
        assert shadow.round.jokers_owed == state.round.jokers_owed


def _redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see (other hands, the stock)
    shuffled among those places, sizes kept."""
    rnd = state.round
    hidden = [c for other, hand in enumerate(rnd.hands) if other != seat for c in hand]
    hidden += rnd.stock
    rng.shuffle(hidden)
    hands = []
    at = 0
    for other, hand in enumerate(rnd.hands):
        if other == seat:
            hands.append(hand)
            continue
        hands.append(tuple(sorted(hidden[at : at + len(hand)], key=lambda c: c.index)))
        at += len(hand)
    new_round = dataclasses.replace(rnd, hands=tuple(hands), stock=tuple(hidden[at:]))
    return dataclasses.replace(state, round=new_round)


@pytest.mark.parametrize("level", [*ai.LEVELS, "baseline", "reference"])
def test_a_decision_depends_only_on_the_view(level):
    shuffler = random.Random(11)
    checked = changed = 0
    for seats in (2, 3, 4):
        table = (level, *("medium",) * (seats - 1))
        for state, seat, view, _action in positions(table, 40 + seats, RuleSet(), 300):
            if seat != 0:
                continue
            other = _redeal_hidden(state, seat, shuffler)
            changed += other.round.hands != state.round.hands
            again = ai.play(level, view_for(other, seat), random.Random(f"{seats}:0"))
            first = ai.play(level, view, random.Random(f"{seats}:0"))
            assert again == first
            checked += 1
    assert checked > 100 and changed > checked // 2


@pytest.mark.parametrize("level", [*ai.LEVELS, "random", "reference"])
def test_decisions_are_deterministic_for_a_seed(level):
    for _state, _seat, view, _action in positions((level, "baseline", "easy"), 5, RuleSet(),
                                                    200):
        first = ai.play(level, view, random.Random(99))
        assert ai.play(level, view, random.Random(99)) == first


def test_unknown_names_are_refused():
    state = new_game(RuleSet(), 2, deck=new_deck(random.Random(1), 6))
    view = view_for(state, 1)
    with pytest.raises(ValueError, match="level"):
        ai.choose_action(view, "baseline", random.Random(1))
    with pytest.raises(ValueError, match="player"):
        ai.play("nobody", view, random.Random(1))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_joker_nothing_can_use_is_left_on_the_pile(level):
    # jokers only in hand, and the table's one meld (a set of four, two of them jokers)
    # takes no more: taking the joker could only mean throwing one back, and two such
    # players would pass it to and fro while the stock never shrinks
    full = [(1, "9S XX 9D XX")]
    state = position(["XX XX", "5D 6D"], table=full, came_out=[True, True], phase=Phase.DRAW,
                     discard="3D XX")
    assert ai.play(level, view_for(state, 0), random.Random(0)) == DrawStock()


def test_medium_takes_a_joker_while_it_holds_a_natural_card():
    # a pair may yet come to meld it (Hard weighs this draw by its search instead)
    full = [(1, "9S XX 9D XX")]
    state = position(["XX 7C", "5D 6D"], table=full, came_out=[True, True], phase=Phase.DRAW,
                     discard="3D XX")
    assert ai.play("medium", view_for(state, 0), random.Random(0)) == DrawDiscard()
