"""Indian Rummy players choose only legal actions, from their own view alone,
deterministically; the turn timer never declares or drops."""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Iterator

import pytest

from games.ai import indian as ai
from games.ai.common.players import Players
from games.rules.indian import (
    INDIAN_RULES,
    Declare,
    Drop,
    GameState,
    Phase,
    PlayerView,
    RoundView,
    RuleSet,
    SeatStatus,
    is_legal,
    new_deck,
    new_game,
    view_for,
)
from tests.ai.common.positions import positions as common_positions
from tests.rules.indian.helpers import SALT, c, position

VALID = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH"
COUNTED = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"

RULES = (
    RuleSet(),
    RuleSet.from_dict({"format": "pool", "pool": 201}),
    RuleSet.from_dict({"format": "deals", "deals": 3, "max_points": 40, "wrong_show": 0}),
)


def positions(
    names: tuple[str, ...], seed: int, rules: RuleSet, limit: int
) -> Iterator[tuple[GameState, int, PlayerView, object]]:
    """``(state, seat, view, action)`` for the first ``limit`` decisions of a game between
    ``names`` (one per seat), going on over deals."""
    return common_positions(INDIAN_RULES, ai.play, names, seed, rules.to_dict(), limit, SALT)


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_every_player_only_chooses_legal_actions(seats):
    names = tuple(ai.PLAYERS)
    checked = 0
    for seed in range(3):
        rules = RULES[(seed + seats) % len(RULES)]
        table = tuple(names[(seed + i) % len(names)] for i in range(seats))
        for state, seat, _view, action in positions(table, seed * 10 + seats, rules, 250):
            assert is_legal(state, action, seat), (table[seat], action, state.round)
            checked += 1
    assert checked > 40 * seats


def test_one_deck_at_a_table_of_two_is_played_legally():
    rules = RuleSet.from_dict({"decks": 1, "format": "deals", "deals": 2})
    for state, seat, _view, action in positions(("hard", "medium"), 4, rules, 200):
        assert is_legal(state, action, seat)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_each_level_plays_legally_against_itself(level):
    for seats in (2, 4):
        for state, seat, _view, action in positions((level,) * seats, seats, RuleSet(), 200):
            assert is_legal(state, action, seat), (level, action, state.round)


def test_choose_action_takes_a_player_view_only():
    hints = typing.get_type_hints(ai.choose_action)
    assert hints["view"] is PlayerView
    names = {field.name for field in dataclasses.fields(PlayerView)}
    names |= {field.name for field in dataclasses.fields(RoundView)}
    for hidden in ("hands", "stock", "deck", "salt", "face_down", "shows"):
        assert hidden not in names


def _redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card ``seat`` cannot see (the other hands in play or
    dropped, the stock) shuffled among those places, sizes kept."""
    rnd = state.round
    others = [
        other
        for other in range(state.seats)
        if other != seat and rnd.status[other] in (SeatStatus.IN, SeatStatus.DROPPED)
    ]
    hidden = [card for other in others for card in rnd.hands[other]] + list(rnd.stock)
    rng.shuffle(hidden)
    hands = list(rnd.hands)
    at = 0
    for other in others:
        size = len(hands[other])
        hands[other] = tuple(sorted(hidden[at : at + size], key=lambda card: card.index))
        at += size
    new_round = dataclasses.replace(rnd, hands=tuple(hands), stock=tuple(hidden[at:]))
    return dataclasses.replace(state, round=new_round)


@pytest.mark.parametrize("level", [*ai.LEVELS, "baseline", "random"])
def test_a_decision_is_the_same_whatever_the_hidden_cards_are(level):
    shuffler = random.Random(11)
    checked = changed = 0
    for seats in (2, 3, 5):
        table = (level, *("medium",) * (seats - 1))
        for state, seat, view, _action in positions(table, 40 + seats, RULES[2], 200):
            if seat != 0:
                continue
            other = _redeal_hidden(state, seat, shuffler)
            changed += other.round.hands != state.round.hands
            again_view = view_for(other, seat)
            assert again_view == view
            again = ai.play(level, again_view, random.Random(f"{seats}:0"))
            assert again == ai.play(level, view, random.Random(f"{seats}:0"))
            checked += 1
    assert checked > 30 and changed > checked // 2


@pytest.mark.parametrize("level", [*ai.LEVELS, "random"])
def test_decisions_are_deterministic_for_a_seed(level):
    for _state, _seat, view, _action in positions((level, "baseline", "easy"), 5, RuleSet(),
                                                    120):
        first = ai.play(level, view, random.Random(99))
        assert ai.play(level, view, random.Random(99)) == first


def test_the_timer_never_declares_nor_drops_and_plays_until_the_turn_passes():
    players: Players[PlayerView, object] = ai.INDIAN_PLAYERS
    seen = 0
    for state, seat, view, _action in positions(("hard", "baseline", "medium"), 8,
                                                 RULES[2], 300):
        absent = players.absent(view, random.Random(1))
        assert not isinstance(absent, Declare | Drop)
        assert is_legal(state, absent, seat)
        seen += 1
    assert seen > 60


def test_random_play_declares_only_with_a_card_that_leaves_a_valid_show():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD)
    view = view_for(state, 0)
    chosen = [ai.play("random", view, random.Random(seed)) for seed in range(300)]
    declared = [action for action in chosen if isinstance(action, Declare)]
    assert declared and all(action.card == c("QS") for action in declared)
    assert all(is_legal(state, action, 0) for action in chosen)


def test_unknown_names_are_refused():
    state = new_game(RuleSet(), 2, new_deck(random.Random(1)), SALT)
    view = view_for(state, 1)
    with pytest.raises(ValueError, match="level"):
        ai.choose_action(view, "baseline", random.Random(1))
    with pytest.raises(ValueError, match="player"):
        ai.play("nobody", view, random.Random(1))
    assert ai.INDIAN_PLAYERS.choose(view, "hard", random.Random(1)) == ai.choose_action(
        view, "hard", random.Random(1)
    )
