"""Every player chooses only legal actions, from its own view alone, deterministically."""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ai import gin as ai
from games.ai.gin.memory import Memory
from games.rules.gin import (
    Card,
    GameState,
    Phase,
    PlayerView,
    RoundView,
    RuleSet,
    is_legal,
    view_for,
)
from tests.ai.gin.helpers import positions

RULES = st.builds(
    RuleSet,
    knock_limit=st.sampled_from([10, 10, 7, 0]),
    oklahoma=st.booleans(),
    big_gin=st.booleans(),
    stock_floor=st.sampled_from([2, 2, 0, 6]),
    target_score=st.sampled_from([100, 60]),
)
PLAYOUTS = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.parametrize("level", [*ai.LEVELS, "reference"])
@PLAYOUTS
@given(seed=st.integers(0, 2**32), rules=RULES, rival=st.sampled_from(ai.PLAYERS))
def test_each_level_only_chooses_legal_actions(level, seed, rules, rival):
    for state, seat, _view, action, _memory in positions((level, rival), seed, rules, 250):
        assert is_legal(state, action, seat), (level, action, state.round)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), rules=RULES)
def test_baseline_and_random_only_choose_legal_actions(seed, rules):
    for state, seat, _view, action, _memory in positions(("baseline", "random"), seed, rules, 300):
        assert is_legal(state, action, seat)


def test_choose_action_takes_a_player_view_only():
    hints = typing.get_type_hints(ai.choose_action)
    assert hints["view"] is PlayerView
    names = {field.name for field in dataclasses.fields(PlayerView)}
    names |= {field.name for field in dataclasses.fields(RoundView)}
    for hidden in ("hands", "stock", "opponent_hand", "knock_discard", "deck"):
        assert hidden not in names


def _cards_in(value: object) -> set[Card]:
    """Every card reachable from a value (dataclasses, tuples, lists)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
    return found


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_view_holds_no_hidden_card(seed):
    for state, seat, view, _action, _memory in positions(("medium", "baseline"), seed):
        rnd = state.round
        seen = _cards_in(view.round)
        taken = {r.card for r in rnd.history if r.type == "draw_discard"}
        assert not seen & set(rnd.stock)
        assert seen & set(rnd.hands[1 - seat]) <= taken
        stock_draws = {r.card for r in rnd.history if r.type == "draw_stock" and r.seat != seat}
        assert not seen & stock_draws - set(rnd.hands[seat]) - set(rnd.discard_pile) - taken


def _hidden_swap(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same position with one hidden card of the opponent exchanged with a stock card:
    nothing ``seat`` may see changes."""
    rnd = state.round
    other = 1 - seat
    public = {r.card for r in rnd.history if r.type == "draw_discard"}
    mine = [c for c in rnd.hands[other] if c not in public]
    if not mine or not rnd.stock:
        return None
    give, get = rng.choice(mine), rng.choice(rnd.stock)
    hand = tuple(sorted((*(c for c in rnd.hands[other] if c != give), get),
                        key=lambda c: c.index))
    stock = tuple(give if c == get else c for c in rnd.stock)
    history = tuple(
        dataclasses.replace(r, card=get if r.card == give else give if r.card == get else
                            r.card) if r.type == "draw_stock" and r.seat == other else r
        for r in rnd.history
    )
    hands = (hand, rnd.hands[1]) if other == 0 else (rnd.hands[0], hand)
    return dataclasses.replace(
        state, round=dataclasses.replace(rnd, hands=hands, stock=stock, history=history)
    )


@pytest.mark.parametrize("level", [*ai.LEVELS, "reference"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_decision_depends_only_on_the_view(level, seed):
    rng = random.Random(seed)
    checked = 0
    for state, seat, view, _action, _memory in positions(
        (level, "baseline"), seed, max_actions=120
    ):
        if state.round.turn != seat or state.round.phase is Phase.ROUND_OVER:
            continue
        twin = _hidden_swap(state, seat, rng)
        if twin is None:
            continue
        twin_view = view_for(twin, seat)
        assert twin_view == view
        assert twin.round.hands != state.round.hands or twin.round.stock != state.round.stock
        again = ai.play(level, view, random.Random(seed))
        assert ai.play(level, twin_view, random.Random(seed)) == again
        checked += 1
        if checked >= 6:
            break
    assert checked


@pytest.mark.parametrize("level", [*ai.LEVELS, "reference"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_decisions_are_deterministic_for_a_seed(level, seed):
    for _state, _seat, view, _action, memory in positions((level, "medium"), seed, max_actions=100):
        first = ai.play(level, view, random.Random(seed))
        assert ai.play(level, view, random.Random(seed)) == first
        assert ai.play(level, view, random.Random(seed), memory=memory) == first


def test_unknown_level_is_refused():
    state_view = next(positions(("easy", "easy"), 1))[2]
    with pytest.raises(ValueError, match="level"):
        ai.choose_action(state_view, "expert", random.Random(1))


def test_memory_holds_no_hidden_card():
    names = {field.name for field in dataclasses.fields(Memory)}
    assert not {"hands", "stock", "opp_hand"} & names
    for state, seat, view, _action, _memory in positions(("hard", "baseline"), 5):
        rnd = state.round
        taken = {r.card for r in rnd.history if r.type == "draw_discard"}
        hidden = {*rnd.stock, *(c for c in rnd.hands[1 - seat] if c not in taken)}
        memory = Memory.from_view(view)
        remembered = (
            memory.face_up | memory.opp_known | memory.opp_taken | memory.opp_discarded
            | memory.opp_passed | memory.pile_mask
        )
        assert not any(card.mask & remembered for card in hidden)
