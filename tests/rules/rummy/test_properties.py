"""Properties of whole random games at 2, 3 and 4 seats (hypothesis): cards are
conserved, every legal action applies, every illegal one raises the code an independent
oracle expects, the codec round-trips, views hide what they must, playouts end."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.common.engine import evolve
from games.rules.rummy import (
    JOKER,
    RUMMY_RULES,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    End,
    GameState,
    Layoff,
    Meld,
    Phase,
    RulesError,
    RuleSet,
    SwapJoker,
    apply_action,
    deal_next_round,
    full_deck,
    legal_actions,
    legal_moves,
    melds_in,
    new_deck,
    new_game,
    state_from_json,
    state_to_json,
    timeout_action,
    view_for,
    view_to_json,
)
from games.rules.rummy.engine import cards_in_play
from games.rules.rummy.melds import table_meld
from tests.rules.common.refusals import expected_turn_code
from tests.rules.common.replays import replayed
from tests.rules.rummy import oracles

HEAVY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULES = st.builds(
    RuleSet,
    jokers=st.sampled_from([6, 6, 2, 0]),
    hand_size=st.sampled_from([13, 13, 10, 7]),
    first_meld_points=st.sampled_from([40, 40, 0, 20]),
    loss_limit=st.sampled_from([500, 100]),
    rounds=st.sampled_from([None, 1, 2]),
    hand_rummy_doubles=st.booleans(),
)
SEATS = st.sampled_from([2, 3, 4])


def choose(state: GameState, seat: int, rng: random.Random):
    """A plausible random move: meld and lay off often, draw from the stock mostly (so
    that rounds end), discard at random."""
    moves = legal_moves(state, seat)
    draws = [m for m in moves if isinstance(m, DrawStock | DrawDiscard)]
    if draws:
        return draws[0] if rng.random() < 0.7 or len(draws) == 1 else draws[1]
    melds = [m for m in moves if isinstance(m, Meld)]
    if melds and rng.random() < 0.9:
        return rng.choice(melds)
    plays = [m for m in moves if isinstance(m, Layoff | SwapJoker)]
    if plays and rng.random() < 0.7:
        return rng.choice(plays)
    discards = [m for m in moves if isinstance(m, Discard)]
    return rng.choice(discards or moves)


# --------------------------------------------------------------------------------------
# The oracle for illegal actions (docs/games/rummy.md)
# --------------------------------------------------------------------------------------


def _fits(cards, card):
    """The ends at which ``card`` fits a table meld (``None`` for a set), by the meld
    definition."""
    kind = oracles.read(cards)[0]
    if kind == "set":
        return [None] if oracles.is_meld([*cards, card]) else []
    out = []
    if oracles.is_meld([card, *cards]):
        out.append(End.LOW)
    if oracles.is_meld([*cards, card]):
        out.append(End.HIGH)
    return out


def _can_play_joker(hand, table):
    if len(hand) >= 2 and any(_fits(meld, JOKER) for meld in table):
        return True
    if len(hand) < 4:
        return False
    naturals = [card for card in set(hand) if card is not JOKER]
    for a in naturals:
        for b in naturals:
            if a != b and any(oracles.is_meld(order) for order in
                              ([a, b, JOKER], [a, JOKER, b], [JOKER, a, b])):
                return True
    return False


def _minus(hand, cards):
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def expected_code(state: GameState, action, seat: int) -> str | None:
    turn = expected_turn_code(state, seat)
    if turn is not None:
        return turn
    rnd = state.round
    draw = isinstance(action, DrawStock | DrawDiscard)
    if draw != (rnd.phase is Phase.DRAW):
        return "wrong_phase"
    if draw:
        return None
    hand = list(rnd.hands[seat])
    table = [list(meld.cards) for meld in rnd.table]
    owed = rnd.jokers_owed
    if isinstance(action, Discard):
        if action.card not in hand:
            return "card_not_in_hand"
        if owed:
            return "joker_must_be_played"
        if action.card == rnd.drawn_from_discard and any(c != action.card for c in hand):
            return "cannot_discard_drawn_card"
        return None
    if isinstance(action, Meld):
        left = Counter(hand)
        for cards in action.melds:
            if not oracles.is_meld(cards):
                return "invalid_melds"
            need = Counter(cards)
            if need - left:
                return "invalid_melds"
            left -= need
        used = [card for cards in action.melds for card in cards]
        if len(used) >= len(hand):
            return "must_keep_discard"
        if not rnd.came_out[seat] and sum(map(oracles.points, action.melds)) < \
                state.rules.first_meld_points:
            return "first_meld_too_small"
        jokers = sum(1 for card in used if card is JOKER)
        if owed > jokers and not _can_play_joker(_minus(hand, used),
                                                 [*table, *map(list, action.melds)]):
            return "joker_must_be_played"
        return None
    if not rnd.came_out[seat]:
        return "not_out_yet"
    if isinstance(action, SwapJoker):
        if owed:
            return "joker_must_be_played"
        if action.card not in hand:
            return "card_not_in_hand"
        if not 0 <= action.meld < len(table) or action.card is JOKER:
            return "invalid_layoff"
        target = table[action.meld]
        for place, card in enumerate(target):
            if card is JOKER:
                new = [*target[:place], action.card, *target[place + 1:]]
                if oracles.is_meld(new):
                    break
        else:
            return "invalid_layoff"
        new_table = [*table[: action.meld], new, *table[action.meld + 1:]]
        if not _can_play_joker([*_minus(hand, [action.card]), JOKER], new_table):
            return "joker_must_be_played"
        return None
    assert isinstance(action, Layoff)
    if action.card not in hand:
        return "card_not_in_hand"
    if not 0 <= action.meld < len(table):
        return "invalid_layoff"
    target = table[action.meld]
    ends = _fits(target, action.card)
    if not ends:
        return "invalid_layoff"
    if ends == [None]:
        if action.end is not None:
            return "invalid_layoff"
        end = None
    elif action.end is None:
        if len(ends) > 1:
            return "invalid_layoff"
        end = ends[0]
    elif action.end not in ends:
        return "invalid_layoff"
    else:
        end = action.end
    if len(hand) == 1:
        return "must_keep_discard"
    new = [action.card, *target] if end is End.LOW else [*target, action.card]
    if owed and action.card is not JOKER and not _can_play_joker(
            _minus(hand, [action.card]),
            [*table[: action.meld], new, *table[action.meld + 1:]]):
        return "joker_must_be_played"
    return None


def candidates(state: GameState, seat: int, rng: random.Random):
    rnd = state.round
    hand = list(rnd.hands[seat])
    deck = full_deck(1)
    others = [rng.choice(deck) for _ in range(2)]
    ids = range(-0, len(rnd.table) + 1)
    out = [DrawStock(), DrawDiscard()]
    for card in {*hand, *others}:
        out.append(Discard(card))
    for _ in range(10):
        out.append(Layoff(rng.choice(hand + others), rng.choice(ids),
                          rng.choice([None, End.LOW, End.HIGH])))
    for meld in rnd.table:  # cards that may fit, with and without an end
        for card in {*hand} & {*(meld.stands_for or ()), JOKER, *full_deck(0)[meld.rank - 1::13]}:
            out += [Layoff(card, meld.id), Layoff(card, meld.id, End.LOW),
                    Layoff(card, meld.id, End.HIGH), SwapJoker(card, meld.id)]
    for _ in range(4):
        out.append(SwapJoker(rng.choice(hand + others), rng.choice(ids)))
    found = melds_in(hand)
    for meld in rng.sample(found, min(4, len(found))):
        out.append(Meld([meld]))
    if len(found) >= 2:
        out.append(Meld(rng.sample(found, 2)))
    for _ in range(3):
        out.append(Meld([rng.sample(hand + others, min(len(hand), 3))]))
    return out


# --------------------------------------------------------------------------------------
# Invariants
# --------------------------------------------------------------------------------------


def check_invariants(state: GameState, rng: random.Random, thorough: bool) -> None:
    deck = Counter(full_deck(state.rules.jokers))
    assert Counter(cards_in_play(state)) == deck
    rnd = state.round
    for meld in rnd.table:
        assert oracles.is_meld(meld.cards)
        assert table_meld(meld.id, meld.owner, meld.cards) == meld
    assert [meld.id for meld in rnd.table] == list(range(len(rnd.table)))
    assert state.scores == tuple(
        sum(result.points[seat] for result in state.rounds) for seat in range(state.seats)
    )
    if rnd.phase is Phase.DRAW:
        assert rnd.stock and rnd.discard_pile
    if rnd.phase is Phase.PLAY:  # the player can always finish the turn
        assert legal_actions(state, rnd.turn)
    if not thorough:
        return
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    for seat in range(state.seats):
        check_view_hides(state, seat, rng)


def check_view_hides(state: GameState, seat: int, rng: random.Random) -> None:
    """A seat's view is the same whatever the hidden cards are: deal the other hands and
    the stock again from their cards (same sizes) and compare."""
    view = view_for(state, seat)
    body = view_to_json(view)
    if body["round"] is not None:
        assert body["round"]["hand"] == [str(card) for card in state.round.hands[seat]]
        assert "stock" not in body["round"] and "hands" not in body["round"]
    rnd = state.round
    if rnd.phase is Phase.ROUND_OVER:
        return
    hidden = [card for other, hand in enumerate(rnd.hands) if other != seat for card in hand]
    hidden += rnd.stock
    rng.shuffle(hidden)
    hands = []
    at = 0
    for other, hand in enumerate(rnd.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[at: at + len(hand)], key=lambda c: c.index)))
            at += len(hand)
    stock = tuple(hidden[at:])
    drawn = rnd.drawn_from_discard
    if rnd.turn != seat:
        drawn = None
    shuffled = evolve(state, round=evolve(rnd, hands=tuple(hands), stock=stock,
                                            drawn_from_discard=drawn if rnd.turn == seat
                                            else None, jokers_owed=rnd.jokers_owed
                                            if rnd.turn == seat else 0))
    assert view_to_json(view_for(shuffled, seat)) == body


def play(rules: RuleSet, seats: int, seed: int, check_illegal: float, max_steps: int = 6000):
    rng = random.Random(seed)
    dealer = rng.randrange(seats)
    decks = [new_deck(rng, rules.jokers)]
    state = new_game(rules, seats, decks[0], dealer)
    moves = []
    while not state.is_over:
        if state.awaiting_deal:
            if len(state.rounds) >= 3:
                break
            decks.append(new_deck(rng, rules.jokers))
            state = deal_next_round(state, decks[-1])
        check_invariants(state, rng, thorough=rng.random() < 0.05)
        if rng.random() < check_illegal:
            check_actions(state, rng)
        seat = state.turn
        action = choose(state, seat, rng)
        state = apply_action(state, action, seat)
        moves.append((seat, action))
        assert len(moves) < max_steps, "the game did not end"
    check_invariants(state, rng, thorough=True)
    return state, dealer, decks, moves


def check_actions(state: GameState, rng: random.Random) -> None:
    seat = state.turn
    legal = legal_moves(state, seat, melds=False)
    types = {entry.type for entry in legal_actions(state, seat)}
    for action in legal:  # every legal action applies
        apply_action(state, action, seat)
    apply_action(state, timeout_action(state, seat), seat)
    any_meld = False
    others = [other for other in range(state.seats) if other != seat]
    for who in (seat, rng.choice(others)):
        for action in candidates(state, who, rng):
            code = expected_code(state, action, who)
            try:
                apply_action(state, action, who)
            except RulesError as error:
                assert error.code == code, (action, error, code)
            else:
                assert code is None, (action, code)
                if who == seat:
                    if isinstance(action, Meld):
                        any_meld = True
                    elif isinstance(action, Layoff) and action.end is None:
                        assert any(isinstance(m, Layoff) and (m.card, m.meld) ==
                                   (action.card, action.meld) for m in legal)
                    else:
                        assert action in legal, action
    if any_meld:
        assert "meld" in types
    if "meld" in types:
        from games.rules.rummy import meld_moves

        found = meld_moves(state, seat)
        assert found
        for action in found:
            apply_action(state, action, seat)


@HEAVY
@given(RULES, SEATS, st.integers(0, 2**32))
def test_random_games_conserve_cards_and_every_action_gets_its_code(rules, seats, seed):
    play(rules, seats, seed, check_illegal=0.15)


@settings(max_examples=10, deadline=None)
@given(RULES, SEATS, st.integers(0, 2**32))
def test_replay_equals_the_live_game_and_playouts_end(rules, seats, seed):
    state, dealer, decks, moves = play(rules, seats, seed, check_illegal=0)
    first = new_game(rules, seats, decks[0], dealer)
    assert replayed(RUMMY_RULES, first, moves, decks[1:]) == state
    for result in state.rounds:
        assert result.outcome in ("out", "hand_rummy", "block")
        assert (result.winner is None) == (result.outcome == "block")
        if result.winner is not None:
            assert result.points[result.winner] > 0 or all(h.value == 0 for h in result.hands)
    if state.is_over:
        assert sorted(state.final.placement) == list(range(seats))
        assert state.final.winner == state.final.placement[0]


@settings(max_examples=40, deadline=None)
@given(SEATS, st.integers(0, 3), st.sampled_from([7, 10, 13]), st.integers(0, 6),
       st.randoms(use_true_random=False))
def test_dealing_order(seats, dealer, hand_size, jokers, rng):
    dealer %= seats
    rules = RuleSet(hand_size=hand_size, jokers=jokers)
    deck = new_deck(rng, jokers)
    state = new_game(rules, seats, deck, dealer)
    for i in range(seats):
        seat = (dealer + 1 + i) % seats
        hand = deck[i * hand_size:(i + 1) * hand_size]
        assert state.round.hands[seat] == tuple(sorted(hand, key=lambda card: card.index))
    assert state.round.discard_pile == (deck[seats * hand_size],)
    assert state.round.stock == tuple(deck[seats * hand_size + 1:])
    assert state.turn == (dealer + 1) % seats
    assert all(isinstance(card, Card) or card is JOKER for card in state.round.stock)


@settings(max_examples=6, deadline=None)
@given(SEATS, st.integers(0, 2**32))
def test_random_playouts_always_end(seats, seed):
    """Whole games with no round limit end at the loss limit; every round ends by going
    out or the block."""
    rng = random.Random(seed)
    rules = RuleSet(loss_limit=100)
    state = new_game(rules, seats, new_deck(rng, 6))
    steps = 0
    while not state.is_over:
        if state.awaiting_deal:
            state = deal_next_round(state, new_deck(rng, 6))
        seat = state.turn
        state = apply_action(state, choose(state, seat, rng), seat)
        steps += 1
        assert steps < 20_000
    assert state.final.reason == "loss_limit" and min(state.scores) <= -100
    assert all(result.outcome in ("out", "hand_rummy", "block") for result in state.rounds)
