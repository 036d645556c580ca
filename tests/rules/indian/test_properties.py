"""Properties of whole random games at 2 to 6 seats in the three formats (hypothesis):
cards are conserved, every legal action applies, every illegal one raises the code the
rules say, the codec round-trips, a view never depends on what the seat may not see,
counted points are capped, scores never go below zero, and games end."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.indian import (
    JOKER,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    HandStatus,
    Phase,
    RulesError,
    RuleSet,
    SeatStatus,
    apply_action,
    best_arrangement,
    concede,
    deal_next_round,
    full_deck,
    legal_actions,
    legal_moves,
    new_deck,
    new_game,
    sort_hand,
    state_from_json,
    state_to_json,
    timeout_action,
    view_for,
    view_to_json,
)
from games.rules.indian.engine import cards_in_play
from tests.rules.common.refusals import expected_turn_code

GAMES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 400
"""Actions after which the playout concedes seats to end the game."""


@st.composite
def tables(draw: st.DrawFn) -> tuple[RuleSet, int, float, random.Random]:
    seats = draw(st.integers(2, 6))
    rules = RuleSet(
        format=draw(st.sampled_from(["points", "pool", "deals"])),
        pool=draw(st.sampled_from([101, 201])),
        deals=draw(st.sampled_from([2, 3])),
        decks=draw(st.sampled_from([1, 2])) if seats == 2 else 2,
        max_points=draw(st.sampled_from([80, 40, 160])),
    )
    # a seeded Random: hypothesis' own draws tend to repeat one value (always dropping)
    return rules, seats, draw(st.sampled_from([0.0, 0.5, 0.97])), random.Random(
        draw(st.integers(0, 2**32))
    )


def choose(state: GameState, seat: int, rng: random.Random, patience: float):
    """A move that makes progress: a valid show (taken with probability ``1 -
    patience``, so that some deals run through the stock and reshuffle), the discard
    pile's top card when it lowers the hand's points, the arrangement's discard; now and
    then a drop, a wrong show or any legal move."""
    view = view_for(state, seat)
    legal = {entry.type: entry for entry in view.round.legal_actions}
    roll = rng.random()
    if roll < 0.003:
        return Drop()
    if roll < 0.1:
        moves = legal_moves(state, seat, wrong_shows=roll < 0.006)
        return rng.choice([move for move in moves if not isinstance(move, Drop)])
    arrangement = view.round.arrangement
    assert arrangement is not None
    if "draw_stock" in legal:
        if "draw_discard" in legal:
            top = state.round.discard_pile[-1]
            hand = (*view.round.hand, top)
            if best_arrangement(hand, view.round.wild_rank, keep=top).points < (
                arrangement.points - 1
            ):
                return DrawDiscard()
        return DrawStock()
    if legal["declare"].valid_with and rng.random() > patience:
        return Declare(rng.choice(legal["declare"].valid_with))
    return timeout_action(view)


def expected_code(state: GameState, action, seat: int) -> str | None:
    """The code docs/games/indian-rummy.md gives an action, else ``None``."""
    turn = expected_turn_code(state, seat)
    if turn is not None:
        return turn
    rnd = state.round
    drawing = isinstance(action, DrawStock | DrawDiscard)
    if (rnd.phase is Phase.DRAW) != drawing and not isinstance(action, Drop):
        return "wrong_phase"
    if isinstance(action, DrawDiscard):
        if not rnd.discard_pile:
            return "stock_only"
        top = rnd.discard_pile[-1]
        first_upcard = not any(e.type in ("discard", "draw_discard") for e in rnd.history)
        if (top == JOKER or top.rank == rnd.wild_rank) and not first_upcard:
            return "cannot_take_joker"
    if isinstance(action, Discard | Declare):
        hand = rnd.hands[seat]
        if action.card not in hand:
            return "card_not_in_hand"
        if action.card == rnd.drawn_from_discard:
            return "cannot_discard_drawn_card"
        if isinstance(action, Declare) and action.groups is not None:
            rest = Counter(hand)
            rest[action.card] -= 1
            shown = Counter(card for group in action.groups for card in group)
            if +rest != shown:
                return "groups_do_not_match_hand"
    return None


def random_action(state: GameState, rng: random.Random):
    card = rng.choice(full_deck(1))
    hand = list(state.round.hands[state.turn or 0])
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice([DrawStock(), DrawDiscard(), Drop()])
    if kind == 1:
        return Discard(card)
    if kind == 2 and hand:
        return Discard(rng.choice(hand))
    if kind == 3 and hand:
        return Declare(rng.choice(hand), [hand[: len(hand) // 2], hand[len(hand) // 2 :]])
    if kind == 4 and hand:
        return Declare(rng.choice(hand), [hand[1:]])
    return Declare(card)


def scrambled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game as ``seat`` sees it, with every card it may not see (the other hands,
    in or out of play, and the stock) dealt out again at random."""
    rnd = state.round
    others = [s for s in range(state.seats) if s != seat]
    hidden = [card for s in others for card in rnd.hands[s]] + list(rnd.stock)
    rng.shuffle(hidden)
    hands = list(rnd.hands)
    for s in others:
        size = len(hands[s])
        hands[s], hidden = sort_hand(hidden[:size]), hidden[size:]
    return replace(state, round=replace(rnd, hands=tuple(hands), stock=tuple(hidden)))


def check(state: GameState, deck: Counter[int], rng: random.Random) -> None:
    assert Counter(card.index for card in cards_in_play(state)) == deck
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    assert all(score >= 0 for score in state.scores)
    assert state.scores == tuple(
        sum(result.points[s] for result in state.rounds) for s in range(state.seats)
    )
    for result in state.rounds:
        for hand in result.hands:
            assert hand.value >= 0
            if hand.status is HandStatus.COUNTED:
                assert hand.value <= state.rules.max_points
    for seat in range(state.seats):
        view = view_for(state, seat)
        body = view_to_json(view)
        assert body == view_to_json(view_for(scrambled(state, seat, rng), seat))
        rnd = body["round"]
        if rnd is not None:
            assert "stock" not in rnd and rnd["stock_size"] == len(state.round.stock)
            in_play = state.round.status[seat] in (SeatStatus.IN, SeatStatus.DECLARED)
            assert rnd["hand"] == ([str(c) for c in state.round.hands[seat]] if in_play else [])
            if view.round.arrangement is not None:
                assert view.round.arrangement.points <= state.rules.max_points


@GAMES
@given(tables())
def test_random_games_conserve_cards_apply_legal_moves_and_refuse_illegal_ones(table):
    rules, seats, patience, rng = table
    deck = Counter(card.index for card in full_deck(rules.decks))
    state = new_game(rules, seats, new_deck(rng, rules.decks), f"{rng.getrandbits(128):032x}")
    actions = 0
    while not state.is_over:
        check(state, deck, rng)
        if state.awaiting_deal:
            state = deal_next_round(state, new_deck(rng, rules.decks),
                                    f"{rng.getrandbits(128):032x}")
            continue
        seat = state.turn
        assert seat is not None
        if rng.random() < 0.25:  # every legal move applies
            for move in legal_moves(state, seat, wrong_shows=True):
                apply_action(state, move, seat)
        for _ in range(3):  # random actions raise exactly the code the rules give
            action = random_action(state, rng)
            who = rng.choice([seat, rng.randrange(seats)])
            code = expected_code(state, action, who)
            try:
                apply_action(state, action, who)
            except RulesError as error:
                assert str(error.code) == code, (action, who, error)
            else:
                assert code is None, (action, who)
        if actions >= MAX_ACTIONS or rng.random() < 0.002:
            leaver = rng.choice([s for s in range(seats) if state.in_game(s)])
            state = concede(state, leaver, rng.choice(["concede", "timeout"]))
            continue
        state = apply_action(state, choose(state, seat, rng, patience), seat)
        actions += 1
    check(state, Counter(card.index for card in full_deck(rules.decks)), rng)
    final = state.final
    assert final is not None and sorted(final.placement) == list(range(seats))
    assert final.winner == final.placement[0] and final.totals == state.scores
    assert all(legal_actions(state, s) == () for s in range(seats))
    assert set(final.placement[len(final.placement) - len(state.left):]) == set(state.left)
