"""The seeded deals the suite plays by default (``tests/deals.py``) keep their promise,
checked against the rules cores' own melds and shows: no computer that plays before
seat 0 can end round 1 on its first turn, whatever card it draws."""

from __future__ import annotations

import pytest

from games.rules.indian import full_deck as indian_deck
from games.rules.indian.melds import valid_with
from games.rules.rummy import JOKER, melds_in
from games.rules.rummy import full_deck as rummy_deck
from games.variants import variant_for
from tests.deals import NobodyOutBeforeThePlayer, lone_cards


def _first_rounds(name: str, rules: dict, seed: int, count: int):
    """Round 1 of ``count`` decks from the suite's default deals, at every table size."""
    variant = variant_for(name)
    source = NobodyOutBeforeThePlayer(seed)
    for _ in range(count):
        deck = source.deck(variant, rules)
        for seats in range(variant.min_seats, variant.max_seats + 1):
            if name == "indian" and rules.get("decks") == 1 and seats > 2:
                continue  # one deck is for a table of two (docs/games/indian-rummy.md)
            yield variant.rules.new_game(rules, seats=seats, dealer=0, deck=deck, salt="0" * 32)


@pytest.mark.parametrize("hand_size", [7, 10, 13])
def test_no_rummy_computer_can_meld_a_lone_card_after_any_one_draw(hand_size):
    draws = set(rummy_deck(6))
    for state in _first_rounds("rummy", {"hand_size": hand_size}, hand_size, 10):
        for hand in state.round.hands[1:]:
            lone = lone_cards(hand)
            assert JOKER not in hand and len(lone) >= 2
            for drawn in draws:
                melded = {card for meld in melds_in([*hand, drawn]) for card in meld}
                assert not melded & set(lone), (hand, drawn)


@pytest.mark.parametrize("decks", [1, 2])
def test_no_indian_computer_can_show_after_any_one_draw(decks):
    draws = set(indian_deck(decks))
    for state in _first_rounds("indian", {"decks": decks}, decks, 10):
        for hand in state.round.hands[1:]:
            for drawn in draws:
                assert valid_with([*hand, drawn], state.round.wild_rank) == (), (hand, drawn)


@pytest.mark.django_db(transaction=True)
def test_the_player_who_makes_a_gin_table_plays_first(auth_client):
    view = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    assert view["round"]["dealer"] == 1 and view["round"]["turn"] == 0 and view["version"] == 0
