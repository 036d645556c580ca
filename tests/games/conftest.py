"""Fixtures for game tests: games in known states, created through the services."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games import rules
from games.models import Game, GameRound
from games.services import deck_commitment


@pytest.fixture
def human_game(make_user, client_for) -> Callable[..., dict[str, Any]]:
    """An active human game between two new players; returns ids, clients and seats."""

    def make(**create: Any) -> dict[str, Any]:
        ann, bob = make_user(), make_user()
        ann_client, bob_client = client_for(ann), client_for(bob)
        body = {"opponent": "human", **create}
        code = ann_client.post("/api/v1/games", body, format="json").json()["invite_code"]
        view = bob_client.post("/api/v1/games/join", {"code": code}, format="json").json()
        game_id = view["id"]
        clients = {0: ann_client, 1: bob_client}
        users = {0: ann, 1: bob}
        return {"id": game_id, "clients": clients, "users": users}

    return make


def rig_deck(game_id: str, deck_text: str, dealer: int = 0) -> None:
    """Replace round 1 of an untouched game with a known deck (tests only)."""
    deck = list(rules.cards(deck_text)) if isinstance(deck_text, str) else deck_text
    strings = [str(c) for c in deck]
    assert len(set(strings)) == 52
    game = Game.objects.get(pk=game_id)
    assert not game.moves.exists()
    state = rules.new_game(rules.RuleSet.from_dict(game.rules), dealer, deck)
    game.set_rules_state(state)
    game.save()
    GameRound.objects.filter(game=game, number=1).update(
        deck=strings,
        dealer=dealer,
        salt="0" * 32,
        commitment=deck_commitment("0" * 32, strings),
        start_state=game.state,
    )
    game.refresh_from_db()
    assert game.rules_state().round.dealer == dealer
    assert {str(c) for c in game.rules_state().round.hands[1 - dealer]} == set(strings[:10])


def full_deck(first: str) -> list[rules.Card]:
    """A deck starting with the given cards, the rest in a fixed order."""
    head = list(rules.cards(first))
    return head + [c for c in rules.DECK if c not in head]
