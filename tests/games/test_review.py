"""``/games/{id}/review``: a finished game's decisions beside Hard's, computed by a task.

The games here are short Rummy games (seven cards, one round) against one computer, dealt
from the seeded deals every test gets (``tests/conftest.py``), so each test plays the same
game on every run. Seat 0 plays the review's Hard choice at every decision except the one
a test chooses as its blunder: a legal move Hard makes with none of the review's seeds, and
that the review's estimate finds losing a point or more.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import selectors
from games.models import Game, GameReview
from games.services.review import REVIEW_MARK_FROM, decision_loss, hard_choices
from games.variants import VARIANT_NAMES
from tests.config.test_errors import assert_error
from tests.conftest import wait_until
from tests.games.test_schema_conformance import Checked, checker  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

SHORT_RUMMY = {
    "opponent": "computer",
    "variant": "rummy",
    "computers": 1,
    "difficulty": "medium",
    "rules": {"hand_size": 7, "rounds": 1},
}


def _hard_choices(game_id: str, seat: int = 0) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Hard's choices for ``seat`` now, with each of the review's seeds, and the review's
    Hard choice among them."""
    game = Game.objects.get(pk=game_id)
    return hard_choices(game=game, state=game.rules_state(), seat=seat, version=game.version)


def _candidates(view: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in view["round"]["legal_actions"]:
        if entry["type"] == "discard":
            out.extend({"type": "discard", "card": card} for card in entry["cards"])
    return out


def _costliest_blunder(game_id: str, hard: dict[str, Any], worse: list[dict[str, Any]]):
    """Of the ``worse`` moves, the one the review will find losing most against ``hard``
    (the review's own estimate, worlds and seed), with its loss."""
    game = Game.objects.get(pk=game_id)
    state = game.rules_state()
    losses = [
        decision_loss(
            game=game, state=state, seat=0, version=game.version, played=move, hard=hard
        )
        for move in worse
    ]
    best = max(range(len(worse)), key=lambda i: losses[i])
    return worse[best], losses[best]


def _play_to_the_end(client, game_id: str, *, blunder: bool) -> int | None:
    """Play seat 0 as the review's Hard (its seeds' most frequent choice) to the end of the
    game; with ``blunder``, at the first discard where one exists, a discard none of Hard's
    seeds makes and that the review's estimate finds losing a point or more (the costliest
    there). The blunder's version (the view it was played from), or None."""
    url = f"/api/v1/games/{game_id}"
    blundered = None
    for _ in range(500):
        view = client.get(url).json()
        if view["status"] != "active":
            return blundered
        assert view["round"]["turn"] == 0
        choices, action = _hard_choices(game_id)
        if blunder and blundered is None:
            worse = [c for c in _candidates(view) if c not in choices]
            if worse:
                move, loss = _costliest_blunder(game_id, action, worse)
                if loss >= REVIEW_MARK_FROM:
                    action, blundered = move, view["version"]
        body = {**action, "expected_version": view["version"]}
        assert client.post(f"{url}/actions", body, format="json").status_code == 200
    pytest.fail("the game did not end")


def _finished_game(client, *, blunder: bool = False) -> tuple[str, int | None]:
    game_id = client.post("/api/v1/games", SHORT_RUMMY, format="json").json()["id"]
    blundered = _play_to_the_end(client, game_id, blunder=blunder)
    return game_id, blundered


def test_a_move_hard_never_makes_is_marked_among_the_costliest(auth_client):
    game_id, blundered = _finished_game(auth_client, blunder=True)
    assert blundered is not None
    url = f"/api/v1/games/{game_id}/review"
    asked = auth_client.post(url)
    assert asked.status_code == 202, asked.json()  # queued; eager tasks run it on commit
    review = auth_client.get(url).json()
    assert review["status"] == "ready" and review["seat"] == 0 and review["level"] == "hard"
    by_version = {d["version"]: d for d in review["decisions"]}
    blunder = by_version[blundered]
    assert blunder["cost"] == 1.0 and blunder["marked"]
    assert blunder["played"] != blunder["hard"]
    assert blunder["loss"] >= REVIEW_MARK_FROM  # points lost against Hard's move
    assert review["worlds"] == 32 and review["playout_level"] == "medium"
    # Every other decision is Hard's own choice: it loses nothing.
    assert all(d["loss"] == 0 for d in review["decisions"] if d["version"] != blundered)
    assert blundered in review["costliest"]
    assert all(d["cost"] < 1.0 for d in review["decisions"] if d["version"] != blundered)
    assert len(review["costliest"]) <= 3
    assert {d["version"] for d in review["decisions"] if d["marked"]} == set(review["costliest"])


def test_the_review_is_the_same_when_computed_again(auth_client):
    game_id, _ = _finished_game(auth_client)
    url = f"/api/v1/games/{game_id}/review"
    auth_client.post(url)
    first = auth_client.get(url).json()
    GameReview.objects.filter(game_id=game_id).delete()
    auth_client.post(url)
    assert auth_client.get(url).json() == first  # seeds, not time: the same review


def test_the_review_of_a_running_game_is_refused(auth_client):
    view = auth_client.post("/api/v1/games", SHORT_RUMMY, format="json").json()
    url = f"/api/v1/games/{view['id']}/review"
    assert_error(auth_client.post(url), 409, "game_not_finished")
    assert_error(auth_client.get(url), 409, "game_not_finished")
    assert not GameReview.objects.exists()


def test_a_review_nobody_asked_for_is_not_found_and_a_stranger_sees_none(
    auth_client, make_user, client_for
):
    game_id, _ = _finished_game(auth_client)
    url = f"/api/v1/games/{game_id}/review"
    assert_error(auth_client.get(url), 404, "review_not_requested")
    stranger = client_for(make_user())
    assert_error(stranger.post(url), 404, "not_found")
    assert_error(stranger.get(url), 404, "not_found")
    assert_error(auth_client.get("/api/v1/games/not-a-game/review"), 404, "not_found")


def test_each_decisions_view_is_exactly_what_the_seat_saw_then(auth_client):
    game_id, _ = _finished_game(auth_client)
    url = f"/api/v1/games/{game_id}/review"
    auth_client.post(url)
    review = auth_client.get(url).json()
    assert review["decisions"]
    game = Game.objects.get(pk=game_id)
    (_, seat) = selectors.game_get_for_user(game_id=game_id, user=game.seats.get(seat=0).user)
    for decision in review["decisions"]:
        version = decision["version"]
        [(_, then)] = [
            (v, view)
            for v, view in selectors.game_views_after(game=game, seat=seat, after=version - 1)
            if v == version
        ]
        shown = decision["view"]
        assert shown["version"] == version and shown["you"] == 0
        assert shown["round"] == then["round"]  # the seat's own view, nothing more
        assert shown["scores"] == then["scores"] and shown["rounds"] == then["rounds"]
        assert "hands" not in shown["round"] and "stock" not in shown["round"]


@pytest.mark.celery_worker
def test_a_review_asked_for_is_pending_then_ready_from_the_worker(real_worker, client_for, user):
    client = client_for(user)
    game_id = client.post("/api/v1/games", SHORT_RUMMY, format="json").json()["id"]
    url = f"/api/v1/games/{game_id}"

    def my_turn_or_over() -> dict[str, Any] | None:
        view: dict[str, Any] = client.get(url).json()
        return view if view["status"] != "active" or view["round"]["turn"] == 0 else None

    for _ in range(500):
        view = wait_until(my_turn_or_over)
        if view["status"] != "active":
            break
        body = {**_hard_choices(game_id)[1], "expected_version": view["version"]}
        assert client.post(f"{url}/actions", body, format="json").status_code == 200
    asked = client.post(f"{url}/review")
    assert asked.status_code == 202 and asked.json() == {
        "status": "pending",
        "game_version": view["version"],
    }
    ready = wait_until(lambda: (r := client.get(f"{url}/review")).status_code == 200 and r)
    assert ready.json()["status"] == "ready" and ready.json()["decisions"]
    assert client.post(f"{url}/review").status_code == 200  # kept: not computed again


def test_what_a_computer_played_for_a_seat_after_its_player_left_is_not_reviewed(auth_client):
    game = {**SHORT_RUMMY, "computers": 2}
    game_id = auth_client.post("/api/v1/games", game, format="json").json()["id"]
    url = f"/api/v1/games/{game_id}"
    for _ in range(4):  # two turns: a draw and a discard each
        view = auth_client.get(url).json()
        legal = {entry["type"]: entry for entry in view["round"]["legal_actions"]}
        action = (
            {"type": "draw_stock"}
            if "draw_stock" in legal
            else {"type": "discard", "card": legal["discard"]["cards"][0]}
        )
        assert auth_client.post(f"{url}/actions", action, format="json").status_code == 200
    left = auth_client.post(f"{url}/concede").json()["version"]
    assert auth_client.get(url).json()["status"] == "finished"  # the computers played it out
    assert GameReview.objects.count() == 0
    auth_client.post(f"{url}/review")
    decisions = auth_client.get(f"{url}/review").json()["decisions"]
    assert len(decisions) == 4 and all(d["move"] < left for d in decisions)


def test_every_review_answer_matches_the_published_schema(auth_client, checker):  # noqa: F811
    checked = Checked(auth_client, checker)
    running = checked.post("/api/v1/games", SHORT_RUMMY).json()["id"]
    checked.get(f"/api/v1/games/{running}/review")  # 409
    checked.post(f"/api/v1/games/{running}/review")  # 409
    game_id, _ = _finished_game(auth_client, blunder=True)
    url = f"/api/v1/games/{game_id}/review"
    checked.get(url)  # 404 review_not_requested
    checked.post(url)  # 202 pending (the eager task writes it on commit)
    checked.get(url)  # 200 the review, every decision's view included
    checked.post(url)  # 200 kept
    answered = {(method, status) for method, _, status in checker.checked}
    assert answered >= {("GET", 409), ("POST", 409), ("GET", 404), ("POST", 202), ("GET", 200)}


def _plain_move(view: dict[str, Any]) -> dict[str, Any]:
    """A stock draw, else a pass, else the first card the rules let go."""
    legal = {entry["type"]: entry for entry in view["round"]["legal_actions"]}
    if "draw_stock" in legal:
        return {"type": "draw_stock"}
    if "pass" in legal:
        return {"type": "pass"}
    return {"type": "discard", "card": legal["discard"]["cards"][0]}


REVIEWED_BODIES: dict[str, dict[str, Any]] = {
    "gin": {"opponent": "computer", "difficulty": "easy"},
    "rummy": SHORT_RUMMY,
}
"""A short table of the games that need one; any other game: one easy computer."""


@pytest.mark.parametrize(
    "body",
    [
        REVIEWED_BODIES.get(
            name, {"opponent": "computer", "variant": name, "computers": 1, "difficulty": "easy"}
        )
        for name in VARIANT_NAMES
    ],
    ids=VARIANT_NAMES,
)
def test_every_game_of_the_family_is_reviewed_against_its_own_hard(auth_client, body):
    game_id = auth_client.post("/api/v1/games", body, format="json").json()["id"]
    url = f"/api/v1/games/{game_id}"
    for _ in range(4):
        view = auth_client.get(url).json()
        assert view["round"]["turn"] == view["you"]
        played = auth_client.post(f"{url}/actions", _plain_move(view), format="json")
        assert played.status_code == 200
    auth_client.post(f"{url}/concede")
    auth_client.post(f"{url}/review")
    review = auth_client.get(f"{url}/review").json()
    assert review["status"] == "ready" and len(review["decisions"]) == 4
    for decision in review["decisions"]:
        legal = {entry["type"] for entry in decision["view"]["round"]["legal_actions"]}
        assert decision["hard"]["type"] in legal and decision["played"]["type"] in legal
        assert 0 <= decision["cost"] <= 1
        assert (decision["loss"] == 0) >= (decision["played"] == decision["hard"])
