"""Rummy 500 players choose only legal actions, from their own view alone,
deterministically; Hard's draw goes through the family's search."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from games.ai.rummy500 import PLAYERS, RUMMY500_PLAYERS, levels
from games.ai.rummy500 import search as r500search
from games.rules.rummy500 import (
    RUMMY500_RULES,
    Action,
    DrawDiscard,
    DrawStock,
    GameState,
    Phase,
    PlayerView,
    RuleSet,
    is_legal,
    view_for,
)
from games.rules.rummy500.cards import cards
from tests.ai.common.positions import positions as common_positions

RULES = (
    RuleSet(),
    RuleSet(jokers=2),
    RuleSet(top_card_free=False),
    RuleSet(jokers=2, hand_size=10, target=300),
)


def positions(
    names: tuple[str, ...], seed: int, rules: RuleSet, limit: int
) -> Iterator[tuple[GameState, int, PlayerView, Action]]:
    """``(state, seat, view, action)`` for the first ``limit`` decisions of a game between
    ``names`` (one per seat), going on over rounds."""
    return common_positions(
        RUMMY500_RULES, RUMMY500_PLAYERS.play, names, seed, rules.to_dict(), limit
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_only_chooses_legal_actions(seats: int) -> None:
    names = tuple(PLAYERS)
    checked = 0
    for seed in range(6):
        rules = RULES[(seed + seats) % len(RULES)]
        table = tuple(names[(seed + i) % len(names)] for i in range(seats))
        for state, seat, _view, action in positions(table, seed * 10 + seats, rules, 400):
            assert is_legal(state, action, seat), (table[seat], action, state.round)
            checked += 1
    assert checked > 800


@pytest.mark.parametrize("level", tuple(PLAYERS))
def test_each_player_plays_legally_against_itself(level: str) -> None:
    for seats, rules in ((2, RuleSet()), (4, RuleSet(top_card_free=False))):
        for state, seat, _view, action in positions((level,) * seats, seats, rules, 400):
            assert is_legal(state, action, seat), (level, action, state.round)


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


def _searched(view: PlayerView) -> bool:
    """Whether Hard's search judges this decision."""
    if view.round.phase is not Phase.DRAW:
        return False
    legal = {entry.type: entry for entry in view.round.legal_actions}
    takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
    return levels._worth_search(view, takes)


@pytest.mark.parametrize("level", tuple(PLAYERS))
def test_a_decision_depends_only_on_the_view(level: str) -> None:
    shuffler = random.Random(11)
    checked = changed = searched = 0
    for seats in (2, 3, 4):
        table = (level, *("medium",) * (seats - 1))
        for state, seat, view, _action in positions(table, 40 + seats, RuleSet(), 300):
            if seat != 0:
                continue
            other = _redeal_hidden(state, seat, shuffler)
            changed += other.round.hands != state.round.hands
            again = PLAYERS[level](view_for(other, seat), random.Random(f"{seats}:0"))
            first = PLAYERS[level](view, random.Random(f"{seats}:0"))
            assert again == first, (level, view.round)
            checked += 1
            searched += _searched(view)
    assert checked > 100 and changed > checked // 2
    if level == "hard":
        assert searched > 10


@pytest.mark.parametrize("level", tuple(PLAYERS))
def test_decisions_are_deterministic_for_a_seed(level: str) -> None:
    for seats in (2, 4):
        table = (level, "baseline", "easy", "medium")[:seats]
        for _state, _seat, view, _action in positions(table, 5 + seats, RuleSet(), 200):
            first = PLAYERS[level](view, random.Random(99))
            assert PLAYERS[level](view, random.Random(99)) == first


def test_hard_draws_through_the_search_and_it_changes_some_draws() -> None:
    differ = searched = 0
    for seats in (2, 4):
        table = ("hard", *("medium",) * (seats - 1))
        for _state, seat, view, action in positions(table, 70 + seats, RuleSet(), 600):
            if seat != 0 or not _searched(view):
                continue
            searched += 1
            legal = {entry.type: entry for entry in view.round.legal_actions}
            takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
            own = levels._heuristic_draw(view, legal, takes)
            assert isinstance(action, DrawStock | DrawDiscard)
            differ += levels._names(view, action) != levels._names(view, own)
    assert searched > 20
    assert 0 < differ < searched


def test_with_printed_jokers_hard_keeps_its_own_draw() -> None:
    for _state, seat, view, action in positions(("hard", "medium"), 3, RuleSet(jokers=2), 300):
        if seat != 0 or view.round.phase is not Phase.DRAW:
            continue
        assert not _searched(view)
        legal = {entry.type: entry for entry in view.round.legal_actions}
        takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
        assert action == levels._heuristic_draw(view, legal, takes)


def _ints(text: str) -> list[int]:
    return [card.index for card in cards(text)]


def test_the_playout_melds_runs_then_sets_and_the_ace_at_either_end() -> None:
    table = r500search.Table()
    hand = _ints("QS KS AS 2S 3S 7H 7D 7C 9D")
    # the ace goes low (A 2 3) first, so Q K stay; the sevens make a set
    points = r500search.meld_all(hand, table)
    assert points == 1 + 2 + 3 + 7 * 3
    assert sorted(hand) == sorted(_ints("QS KS 9D"))
    assert table.runs == [[0, 1, 3]]
    assert table.sets[7]
    assert set(table.wants) >= set(_ints("4S 7S"))
    assert r500search.lay_all(hand, table) == 0
    hand.extend(_ints("4S 5S"))
    assert r500search.lay_all(hand, table) == 4 + 5
    assert table.runs == [[0, 1, 5]]


def test_the_playout_discards_its_loosest_highest_card() -> None:
    hand = _ints("KH 9C 8C 4D 4S 2H")
    assert r500search.loose_card(hand, None) == cards("KH")[0].index
    assert r500search.loose_card(hand, cards("KH")[0].index) == cards("2H")[0].index


def test_a_world_deals_only_unseen_cards_in_the_right_sizes() -> None:
    for state, seat, view, _action in positions(("hard", "medium", "baseline"), 9, RuleSet(), 90):
        if view.round.phase is not Phase.DRAW:
            continue
        decision = r500search.Decision(view)
        world = decision.sample(random.Random(seat))
        rnd = state.round
        hidden = {c.index for other, hand in enumerate(rnd.hands) if other != seat for c in hand}
        hidden |= {c.index for c in rnd.stock}
        dealt = [c for other, hand in enumerate(world.hands) if other != seat for c in hand]
        assert sorted([*dealt, *world.stock]) == sorted(hidden)
        assert [len(hand) for hand in world.hands] == list(view.round.hand_sizes)
        assert world.hands[seat] == [c.index for c in view.round.hand]
        assert len(world.stock) == view.round.stock_size


def test_every_draw_is_judged_and_a_stock_only_view_is_not_searched() -> None:
    for _state, seat, view, _action in positions(("hard", "medium"), 21, RuleSet(), 200):
        if seat != 0 or not _searched(view):
            continue
        legal = {entry.type: entry for entry in view.round.legal_actions}
        takes = legal[DrawDiscard.type].cards or ()
        first = levels._heuristic_draw(view, legal, takes)
        moves = levels._draws(view, first, takes)
        assert moves[0] == first
        names = [levels._names(view, move) for move in moves]
        assert len(set(names)) == len(names)
        assert None in names
        decision = r500search.Decision(view)
        world = decision.sample(random.Random(1))
        for move in moves:
            draw = decision.draw(view, move)
            assert isinstance(draw.action, DrawStock | DrawDiscard)
            value = decision.value(world, draw)
            assert isinstance(value, float)
