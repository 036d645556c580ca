"""The computer's turn: a Celery task that sees only its own seat's view."""

from __future__ import annotations

import pytest

from games.ai import gin as ai
from games.models import Game, Move
from games.replay import rebuild_state
from games.rules import gin as rules
from games.rules.gin.codec import view_to_json as view_json
from games.tasks import play_computer_turn
from tests.conftest import play_seat_0_against_the_worker
from tests.games.helpers import act, card_strings, choose, hidden_in


def _hidden_at(game: Game, version: int, seat: int) -> set[str]:
    return hidden_in(rebuild_state(game, version=version), seat)


@pytest.mark.django_db(transaction=True)
def test_decision_function_receives_only_the_computer_view(auth_client, monkeypatch):
    seen: list[tuple[int, rules.PlayerView]] = []
    real = ai.choose_action

    def spy(view, level, rng, **kwargs):
        assert isinstance(view, rules.PlayerView)
        game = Game.objects.get()
        seen.append((Move.objects.filter(game=game).count(), view))
        return real(view, level, rng, **kwargs)

    monkeypatch.setattr(ai, "choose_action", spy)
    game_id = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()[
        "id"
    ]
    for _ in range(60):
        view = auth_client.get(f"/api/v1/games/{game_id}").json()
        if view["status"] != "active":
            break
        assert act(auth_client, game_id, choose(view)).status_code == 200
    assert len(seen) >= 10
    game = Game.objects.get(pk=game_id)
    for version, view in seen:
        assert view.seat == 1
        hidden = _hidden_at(game, version, 1)
        shown = card_strings(view_json(view)["round"])
        assert not shown & hidden, f"the computer saw {shown & hidden} at version {version}"
        # Its memory of the round is public: the human's stock draws name no card (cards
        # the human took from the discard pile were face up, so they may be known).
        for record in view.round.history:
            if record.seat == 0 and record.type == "draw_stock":
                assert record.card is None


@pytest.mark.django_db(transaction=True)
def test_stale_or_redelivered_computer_task_does_nothing(auth_client):
    game_id = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()[
        "id"
    ]
    view = auth_client.get(f"/api/v1/games/{game_id}").json()
    version = view["version"]
    # The task for an old version, or for a version where the human is to act, is a no-op.
    assert play_computer_turn(game_id, version) == 0
    assert play_computer_turn(game_id, max(version - 1, 0)) == 0
    assert play_computer_turn("00000000-0000-0000-0000-000000000000", 0) == 0
    assert Game.objects.get(pk=game_id).version == version


@pytest.mark.celery_worker
def test_whole_game_against_the_computer_with_a_real_worker(real_worker, client_for):
    from tests.factories import UserFactory

    client = client_for(UserFactory())
    view = client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    game_id = view["id"]
    view = play_seat_0_against_the_worker(client, game_id, choose)
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "target"
    assert Move.objects.filter(game_id=game_id).count() == view["version"]
    assert {m.seat for m in Move.objects.filter(game_id=game_id)} == {0, 1}
