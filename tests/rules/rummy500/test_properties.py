"""Rummy 500's properties over random games (hypothesis, kept light): the cards are
conserved at every step, a round's points are its table points less its hand points per
seat, a replay of the move log gives the same states, the stored state and the view
round-trip, and the deep pick's legality agrees with an independent oracle."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai.rummy500 import PLAYERS
from games.rules.common.game import replay
from games.rules.rummy500 import (
    RUMMY500_RULES,
    DrawDiscard,
    Phase,
    RuleSet,
    apply_action,
    cards_in_play,
    is_legal,
    pile_takes,
)
from games.rules.rummy500.cards import full_deck, new_deck
from games.rules.rummy500.engine import new_game
from games.rules.rummy500.state import GameState, RoundState
from tests.rules.rummy500.oracles import is_meld, pick_is_playable

RULES = RUMMY500_RULES


def _deck_counts(jokers: int) -> Counter[int]:
    return Counter(card.index for card in full_deck(jokers))


def _play(seed: int, seats: int, jokers: int, top_free: bool, names: tuple[str, ...]):
    rng = random.Random(seed)
    rules = RULES.rules_from_json(
        {"jokers": jokers, "top_card_free": top_free, "rounds": 2, "target": 300}
    )
    first = RULES.new_game(rules, seats=seats, dealer=0, deck=RULES.new_deck(rng, rules), salt="")
    state, steps, decks, states = first, [], [], []
    for _ in range(1500):
        progress = RULES.progress(state)
        if progress.is_over:
            break
        seat = progress.turn
        action = PLAYERS[names[seat % len(names)]](RULES.view_for(state, seat), rng)
        state = RULES.apply_action(state, action, seat)
        steps.append((seat, action))
        if RULES.progress(state).awaiting_deal:
            deck = RULES.new_deck(rng, rules)
            decks.append((deck, ""))
            states.append(state)
            state = RULES.deal_next_round(state, deck, "")
        states.append(state)
    return first, steps, decks, states


games = st.tuples(
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.sampled_from([0, 2]),
    st.booleans(),
    st.sampled_from([("random",), ("hard", "random"), ("medium", "easy", "baseline")]),
)


@settings(max_examples=30, deadline=None)
@given(games)
def test_cards_are_conserved_and_round_points_are_table_less_hand(game):
    seed, seats, jokers, top_free, names = game
    first, _steps, _decks, states = _play(seed, seats, jokers, top_free, names)
    whole = _deck_counts(jokers)
    for state in [first, *states]:
        assert Counter(card.index for card in cards_in_play(state)) == whole
    last = states[-1] if states else first
    for result in last.rounds:
        assert result.points == tuple(
            t - h for t, h in zip(result.table_points, result.hand_points, strict=True)
        )
        assert result.hand_points == tuple(hand.value for hand in result.hands)
    totals = [0] * seats
    for result in last.rounds:
        totals = [a + b for a, b in zip(totals, result.points, strict=True)]
        assert tuple(totals) == result.scores_after
    assert tuple(totals) == last.scores


@settings(max_examples=20, deadline=None)
@given(games)
def test_a_replay_of_the_move_log_gives_the_same_states_and_storage_round_trips(game):
    seed, seats, jokers, top_free, names = game
    first, steps, decks, states = _play(seed, seats, jokers, top_free, names)
    replayed = list(replay(RULES, first, steps, decks))
    kept = [s for s in states if not RULES.progress(s).awaiting_deal or RULES.progress(s).is_over]
    assert replayed[-1] == (kept[-1] if kept else first)
    for state in replayed[:: max(1, len(replayed) // 10)]:
        assert RULES.state_from_json(RULES.state_to_json(state)) == state
        for seat in range(seats):
            body = RULES.view_to_json(RULES.view_for(state, seat))
            for other in range(seats):
                if other != seat and body["round"] is not None:
                    hidden = {str(c) for c in state.round.hands[other]} - {"XX"}
                    assert not hidden & set(body["round"]["hand"])
            for entry in (body["round"] or {}).get("legal_actions", []):
                assert "stock" not in entry


def _draw_position(seed: int, jokers: int, pile_size: int, top_free: bool) -> GameState:
    rng = random.Random(seed)
    deck = new_deck(rng, jokers)
    rules = RuleSet(jokers=jokers, top_card_free=top_free, hand_size=7)
    state = new_game(rules, 2, deck)
    rnd = state.round
    keep = rng.randint(2, 7)
    hands = (rnd.hands[0], rnd.hands[1][:keep])
    stock = [*rnd.stock, *rnd.hands[1][keep:]]
    pile = (*rnd.discard_pile, *stock[:pile_size])
    table = ()
    # put a meld or two on the table, from the stock, for the lay-offs
    from games.rules.rummy500.melds import melds_in, table_meld

    rest = stock[pile_size:]
    for written in melds_in(rest)[: rng.randint(0, 3)]:
        if all(card in rest for card in written):
            for card in written:
                rest.remove(card)
            table = (*table, table_meld(len(table), rng.randrange(2), written))
    new_round = RoundState(
        number=1, dealer=0, hands=hands, stock=tuple(rest), discard_pile=pile,
        table=table, phase=Phase.DRAW, turn=1,
    )
    return GameState(rules=rules, seats=2, scores=(0, 0), round=new_round)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0, 2]), st.integers(1, 9), st.booleans())
def test_a_deep_pick_is_legal_exactly_when_the_oracle_can_play_the_picked_card(
    seed, jokers, pile_size, top_free
):
    state = _draw_position(seed, jokers, pile_size, top_free)
    rnd = state.round
    pile = rnd.discard_pile
    hand = rnd.hands[1]
    table = [meld.cards for meld in rnd.table]
    takes = pile_takes(state.rules, rnd, 1)
    for index, card in enumerate(pile):
        if card in pile[index + 1 :]:
            assert takes.count(card) <= 1  # two jokers: `XX` names the upper one
            continue
        top_alone = index == len(pile) - 1 and top_free
        expected = top_alone or pick_is_playable(card, (*hand, *pile[index:]), table)
        assert (card in takes) == expected, (card, pile, hand, table)
        assert is_legal(state, DrawDiscard(card), 1) == expected
        if expected and not top_alone:
            after = apply_action(state, DrawDiscard(card), 1)
            assert after.round.picked_card == card
            assert after.round.discard_pile == pile[:index]


def test_the_oracles_meld_check_knows_the_edges():
    from games.rules.common.cards import cards

    def ok(text):
        return is_meld(cards(text, jokers=True))

    assert ok("AH 2H 3H") and ok("QH KH AH") and ok("7S 7H 7D 7C") and ok("5H XX 7H")
    assert not ok("KH AH 2H") and not ok("7S 7S 7H") and not ok("XX XX 7H")
    assert not ok("7S 7H 7D 7C XX") and ok("XX 8D XX TD")
