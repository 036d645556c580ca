"""Properties checked on random hands and random games (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.gin import (
    DECK,
    GIN_RULES,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Meld,
    Pass,
    Phase,
    RulesError,
    RuleSet,
    action_from_json,
    action_to_json,
    apply_action,
    best_arrangement,
    best_defence,
    best_discards,
    best_discards_mask,
    deadwood_mask,
    deadwood_value,
    deal_next_round,
    expand_legal_actions,
    legal_actions,
    legal_moves,
    mask_of,
    new_deck,
    new_game,
    state_from_json,
    state_to_json,
    view_for,
)
from games.rules.gin.codec import MAX_MELDS
from games.rules.gin.engine import _may_big_gin, cards_in_play
from games.rules.gin.melds import (
    arrangements_mask,
    deadwood_after_discard_mask,
    layoff_deadwood_mask,
    layoff_targets_mask,
)
from tests.rules.common.refusals import expected_turn_code
from tests.rules.common.replays import replayed
from tests.rules.gin import oracles

HEAVY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LIGHT = settings(max_examples=200, deadline=None)


def _pool(suits: int, low: int, width: int) -> list[Card]:
    return [card for card in DECK if card.suit < suits and low <= card.rank < low + width]


# dense pools make melds, ties and lay-offs common; the full deck gives typical hands
POOLS = [list(DECK), list(DECK), _pool(4, 1, 6), _pool(4, 5, 6), _pool(3, 3, 8), _pool(2, 1, 13),
         _pool(4, 8, 6)]


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.sampled_from([pool for pool in POOLS if len(pool) >= size]).flatmap(
        lambda pool: st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)
    )


@LIGHT
@given(hands(10))
def test_ten_card_deadwood_equals_brute_force(hand):
    expected = oracles.deadwood(hand)
    assert deadwood_value(hand) == expected
    assert deadwood_mask(mask_of(hand)) == expected
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_points == expected
    used = [card for meld in arrangement.melds for card in meld.cards]
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    assert set(arrangement.deadwood) == set(hand) - set(used)
    assert oracles.value(arrangement.deadwood) == expected
    for meld in arrangement.melds:
        assert frozenset(meld.cards) in oracles.all_melds(hand)


@LIGHT
@given(hands(11))
def test_eleven_card_best_discard_equals_brute_force(hand):
    expected = oracles.discards(hand)
    assert best_discards(hand) == expected
    assert deadwood_after_discard_mask(mask_of(hand)) == expected[0]
    assert best_discards_mask(mask_of(hand)) == (expected[0], mask_of(expected[1]))
    assert deadwood_mask(mask_of(hand)) == oracles.deadwood(hand)
    # the engine's big gin test skips the meld search when a discard leaves deadwood
    assert _may_big_gin(mask_of(hand), expected[0]) == (oracles.deadwood(hand) == 0)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 16).flatmap(hands))
def test_deadwood_of_any_small_hand_equals_brute_force(hand):
    assert deadwood_mask(mask_of(hand)) == oracles.deadwood(hand)


@settings(max_examples=150, deadline=None)
@given(hands(20), st.randoms(use_true_random=False))
def test_layoff_solver_equals_brute_force(cards20, rng):
    knocker, defender = cards20[:10], cards20[10:]
    _, arrangements = arrangements_mask(mask_of(knocker))
    choices = [list(arrangement) for arrangement in arrangements]
    # also any disjoint melds the knocker might declare
    melds = oracles.all_melds(knocker)
    rng.shuffle(melds)
    declared: list[frozenset[Card]] = []
    for meld in melds:
        if not any(meld & other for other in declared):
            declared.append(meld)
    choices.append([mask_of(meld) for meld in declared])
    for meld_masks in choices:
        knocker_melds = [Meld(tuple(sorted(c for c in knocker if c.mask & mask)))
                         for mask in meld_masks]
        expected = oracles.defence([m.cards for m in knocker_melds], defender)
        result = best_defence(knocker_melds, defender)
        assert result.deadwood_points == expected
        assert layoff_deadwood_mask(mask_of(defender), *layoff_targets_mask(meld_masks)) == expected
        # the answer is playable: own melds legal and disjoint, lay-offs in order
        own = [card for meld in result.melds for card in meld.cards]
        laid = [card for card, _ in result.layoffs]
        assert sorted(own + laid + list(result.deadwood)) == sorted(defender)
        assert oracles.value(result.deadwood) == expected
        extended = [list(meld.cards) for meld in knocker_melds]
        for card, index in result.layoffs:
            target = extended[index]
            assert oracles.layoff_closure([target], [card]) == {card}
            target.append(card)


# --------------------------------------------------------------------------------------
# Random games
# --------------------------------------------------------------------------------------

RULES = st.builds(
    RuleSet,
    knock_limit=st.sampled_from([10, 10, 0, 5]),
    big_gin=st.booleans(),
    target_score=st.sampled_from([1, 30, 60, 100]),
    stock_floor=st.sampled_from([2, 2, 0, 8]),
    oklahoma=st.booleans(),
    shutout_doubles=st.booleans(),
)


def choose(state, seat, rng):
    """A plausible random move: big gin and gin when possible, some early knocks, mostly
    good discards (so that knocks, gins, undercuts and draws all happen)."""
    moves = legal_moves(state, seat)
    if any(isinstance(move, BigGin) for move in moves) and rng.random() < 0.9:
        return BigGin()
    knocks = [move for move in moves if isinstance(move, Knock)]
    if knocks:
        hand = state.round.hands[seat]
        gins = [move for move in knocks
                if deadwood_mask(mask_of(hand) ^ move.card.mask) == 0]
        if gins or rng.random() < 0.25:
            knock = rng.choice(gins or knocks)
            if rng.random() < 0.3:
                rest = [card for card in hand if card != knock.card]
                melds = [meld.cards for meld in best_arrangement(rest).melds]
                return Knock(knock.card, melds)
            return knock
    discards = [move for move in moves if isinstance(move, Discard)]
    if discards and rng.random() < 0.85:
        _, best = best_discards_mask(mask_of(state.round.hands[seat]))
        good = [move for move in discards if move.card.mask & best]
        if good:
            return rng.choice(good)
    if isinstance(moves[0], DrawStock) and len(moves) == 2 and rng.random() < 0.7:
        return moves[0]
    return rng.choice(moves)


def expected_code(state, action, seat):
    """The error code an illegal action must raise (None when it is legal)."""
    turn = expected_turn_code(state, seat)
    if turn is not None:
        return turn
    rnd = state.round
    allowed = {
        Phase.FIRST_UPCARD: (Pass, DrawDiscard),
        Phase.DRAW: (DrawStock, DrawDiscard),
        Phase.DISCARD: (Discard, Knock, BigGin),
    }[rnd.phase]
    if not isinstance(action, allowed):
        return "wrong_phase"
    hand = rnd.hands[seat]
    if isinstance(action, DrawDiscard) and rnd.phase is Phase.DRAW and rnd.stock_only:
        return "stock_only"
    if isinstance(action, Discard | Knock):
        if action.card not in hand:
            return "card_not_in_hand"
        if action.card == rnd.drawn_from_discard:
            return "cannot_discard_drawn_card"
        if isinstance(action, Knock):
            rest = [card for card in hand if card != action.card]
            if oracles.deadwood(rest) > rnd.knock_limit:
                return "knock_limit_exceeded"
    if isinstance(action, BigGin) and (not state.rules.big_gin or oracles.deadwood(hand)):
        return "not_big_gin"
    return None


def candidates(state, seat, rng):
    hand = list(state.round.hands[seat])
    others = rng.sample([card for card in DECK if card not in hand], 2)
    out = [Pass(), DrawStock(), DrawDiscard(), BigGin()]
    for card in hand + others:
        out += [Discard(card), Knock(card)]
    return out


def hidden_cards(state, seat):
    """Cards ``seat`` must not see: the stock, and the opponent's cards unless publicly
    taken from the discard pile (all public once the round is over)."""
    rnd = state.round
    hidden = set(rnd.stock)
    if rnd.phase is not Phase.ROUND_OVER:
        opponent = 1 - seat
        taken = {record.card for record in rnd.history
                 if record.seat == opponent and record.type == "draw_discard"}
        hidden |= set(rnd.hands[opponent]) - taken
    return hidden


def check_invariants(state, thorough=True):
    every = cards_in_play(state)
    assert len(every) == 52 and set(every) == set(DECK)
    rnd = state.round
    if rnd.phase is Phase.DISCARD:
        assert sorted(map(len, rnd.hands)) == [10, 11]
    elif rnd.phase is not Phase.ROUND_OVER:
        assert list(map(len, rnd.hands)) == [10, 10]
    assert state.scores == (
        sum(r.points for r in state.rounds if r.winner == 0),
        sum(r.points for r in state.rounds if r.winner == 1),
    )
    # the engine steps on the hands' masks: they must match the cards, kept in mask order
    assert rnd.hand_masks == (mask_of(rnd.hands[0]), mask_of(rnd.hands[1]))
    assert all(list(hand) == sorted(hand, key=lambda card: card.index) for hand in rnd.hands)
    for seat in (0, 1):
        assert legal_moves(state, seat) == expand_legal_actions(legal_actions(state, seat))
    if not thorough:
        return
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    for seat in (0, 1):
        # earlier rounds' results are public and reuse the same 52 cards: look at the round
        view = view_for(state, seat)
        shown = repr(view.round)
        for card in hidden_cards(state, seat):
            assert f"Card.parse('{card}')" not in shown


def play(rules, seed, check_illegal, max_rounds=4):
    """Play a random game; return (state, first dealer, decks, moves)."""
    rng = random.Random(seed)
    dealer = rng.randrange(2)
    decks = [new_deck(rng)]
    state = new_game(rules, dealer, decks[0])
    moves = []
    while not state.is_over:
        if state.awaiting_deal:
            if len(state.rounds) >= max_rounds:
                break
            decks.append(new_deck(rng))
            state = deal_next_round(state, decks[-1])
        check_invariants(state, thorough=rng.random() < 0.2)
        if check_illegal:
            for seat in (0, 1):
                legal = legal_moves(state, seat)
                for action in candidates(state, seat, rng):
                    code = expected_code(state, action, seat)
                    assert (code is None) == (action in legal), (action, code)
                    try:
                        apply_action(state, action, seat)
                    except RulesError as error:
                        assert error.code == code, (action, error)
                    else:
                        assert code is None, (action, code)
        seat = state.turn
        action = choose(state, seat, rng)
        state = apply_action(state, action, seat)
        moves.append((seat, action))
    check_invariants(state)
    return state, dealer, decks, moves


@HEAVY
@given(RULES, st.integers(0, 2**32))
def test_random_games_apply_only_legal_actions_and_every_illegal_one_raises(rules, seed):
    play(rules, seed, check_illegal=True, max_rounds=2)


@settings(max_examples=30, deadline=None)
@given(RULES, st.integers(0, 2**32))
def test_replay_is_deterministic_and_equals_the_live_state(rules, seed):
    state, dealer, decks, moves = play(rules, seed, check_illegal=False, max_rounds=3)
    first = new_game(rules, dealer, decks[0])
    assert replayed(GIN_RULES, first, moves, decks[1:]) == state
    assert replayed(GIN_RULES, first, moves, decks[1:]) == replayed(
        GIN_RULES, first, moves, decks[1:]
    )
    if state.is_over:
        assert state.final.winner in (0, 1)
        lines = state.final.breakdown
        assert all(line.total == line.hand_points + line.game_bonus + line.line_bonus
                   for line in lines)
        assert state.final.totals == (lines[0].total, lines[1].total)


ACTIONS = st.one_of(
    st.just(Pass()),
    st.just(DrawStock()),
    st.just(DrawDiscard()),
    st.builds(Discard, st.sampled_from(DECK)),
    st.builds(
        Knock,
        st.sampled_from(DECK),
        st.none() | st.lists(st.lists(st.sampled_from(DECK), max_size=5), max_size=MAX_MELDS),
    ),
    st.builds(BigGin, st.none() | st.lists(st.lists(st.sampled_from(DECK), max_size=5),
                                           max_size=MAX_MELDS)),
)


@LIGHT
@given(ACTIONS)
def test_actions_round_trip_through_json(action):
    body = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(body) == action
    lowered = {key: (value.lower() if isinstance(value, str) and key == "card" else value)
               for key, value in body.items()}
    assert action_from_json(lowered) == action
