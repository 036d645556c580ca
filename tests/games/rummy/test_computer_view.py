"""The computers at a Rummy table decide from their own seat's view only: what the server
hands them holds that seat's hand, never another hand or the stock."""

from __future__ import annotations

from collections import Counter

import pytest

from games.ai.common.players import PlayersByName
from games.rules.rummy import PlayerView
from tests.games.rummy.helpers import play_out, seeded_deck, states_by_version, texts

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_computer_decides_from_its_own_view(computer_table, monkeypatch):
    seen: list[tuple[int, PlayerView]] = []
    calls: Counter[int] = Counter()
    real = PlayersByName.choose

    def spy(self, view, level, rng):
        from games.models import Game

        assert isinstance(view, PlayerView), type(view)
        # A computer's whole turn is one change: its k-th decision of the turn sees the
        # state k actions after the stored version.
        stored = Game.objects.get().version
        seen.append((stored + calls[stored], view))
        calls[stored] += 1
        return real(self, view, level, rng)

    monkeypatch.setattr(PlayersByName, "choose", spy)
    table = computer_table(
        computers=3, rules={"rounds": 1, "hand_size": 7}, decks=[seeded_deck(101)]
    )
    play_out(table["id"], table["clients"], actions=20)
    assert {view.seat for _, view in seen} == {1, 2, 3}
    by_version = states_by_version(table["id"])
    for version, view in seen:
        state = by_version[version]
        rnd = state.round
        assert state.round.turn == view.seat
        assert Counter(texts(view.round.hand)) == Counter(texts(rnd.hands[view.seat]))
        assert view.round.stock_size == len(rnd.stock)
        assert view.round.hand_sizes == tuple(len(hand) for hand in rnd.hands)
        assert not hasattr(view.round, "stock") and not hasattr(view.round, "hands")
