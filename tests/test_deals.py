"""The seeded deals the suite plays by default (``tests/deals.py``) keep their promise,
checked against the rules cores: no computer that plays before seat 0 can end round 1."""

from __future__ import annotations

import pytest

from games.ai.indian.shape import distance
from games.rules.indian import RuleSet as IndianRules
from games.rules.indian.engine import deal_round
from games.rules.rummy import JOKER, full_deck, melds_in, rummy_cards
from games.variants import variant_for
from tests.deals import RUMMY_COMPUTERS_FIRST, NobodyOutBeforeThePlayer, lone_cards


@pytest.mark.parametrize("hand_size", [7, 10, 13])
def test_a_lone_card_is_in_no_meld_after_any_one_draw(hand_size):
    source = NobodyOutBeforeThePlayer(hand_size)
    rules = {"hand_size": hand_size}
    draws = set(full_deck(6))
    for _ in range(20):
        cards = rummy_cards(source.deck(variant_for("rummy"), rules))
        for n in range(RUMMY_COMPUTERS_FIRST):
            hand = cards[n * hand_size : (n + 1) * hand_size]
            lone = lone_cards(hand)
            assert JOKER not in hand and len(lone) >= 2
            for drawn in draws:
                melded = {card for meld in melds_in([*hand, drawn]) for card in meld}
                assert not melded & set(lone), (hand, drawn)


@pytest.mark.parametrize(("decks", "tables"), [(1, range(2, 4)), (2, range(2, 7))])
def test_no_indian_hand_dealt_is_a_card_from_a_show_at_any_table_size(decks, tables):
    source = NobodyOutBeforeThePlayer(7)
    rules = IndianRules.from_dict({"decks": decks})
    for _ in range(10):
        deck = source.deck(variant_for("indian"), {"decks": decks})
        for seats in tables:
            dealt = deal_round(rules, seats, 1, 0, deck, "0" * 32)
            assert all(distance(hand, dealt.wild_rank) >= 2 for hand in dealt.hands)


@pytest.mark.django_db(transaction=True)
def test_the_player_who_makes_a_gin_table_plays_first(auth_client):
    view = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    assert view["round"]["dealer"] == 1 and view["round"]["turn"] == 0 and view["version"] == 0
