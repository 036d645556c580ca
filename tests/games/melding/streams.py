"""A melding game's event stream in tests: every version once, in order, each frame the
receiving seat's own view (each game passes its own check of a view against the server's
state at that version)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rest_framework.test import APIClient

from tests.games.melding.play import Choose, act, states_by_version, view_of
from tests.live.conftest import Stream, states_until

CheckView = Callable[[Mapping[str, Any], int, Any], object]
"""``check(view, seat, state)``: the view that seat ``seat`` got of ``state``."""


def assert_streams(
    client: APIClient, game_id: str, seat: int, after: int, upto: int, check: CheckView
) -> None:
    """``client``'s stream from version ``after`` on holds every version up to ``upto``
    once, in order, each frame a ``state`` event with seat ``seat``'s view of it."""
    by_version = states_by_version(game_id)
    frames = states_until(client.get(f"/api/v1/games/{game_id}/events?after={after}"), upto)
    assert [frame["id"] for frame in frames] == list(range(after + 1, upto + 1))
    for frame in frames:
        assert frame["event"] == "state"
        assert frame["data"]["version"] == frame["id"]
        view = frame["data"]["view"]
        assert view["version"] == frame["id"]
        check(view, seat, by_version[frame["id"]])


def assert_streams_computers_live(
    client: APIClient, game_id: str, choose: Choose, check: CheckView
) -> None:
    """With seat 0's stream open, seat 0 (``client``) finishes its turn and the computers
    after it play theirs: every version arrives live, once, in order, as seat 0 sees it."""
    view = view_of(client, game_id)
    current = view["version"]
    stream = Stream(client.get(f"/api/v1/games/{game_id}/events"))
    try:
        opening = stream.next(event="state")
        assert opening["id"] == current
        while view["status"] == "active" and view["round"]["turn"] == 0:
            response = act(client, game_id, choose(view))
            assert response.status_code == 200, response.json()
            view = response.json()
        later = view_of(client, game_id)["version"]
        assert later > current + 2, "the computers did not play"
        frames = stream.states_until(later)
    finally:
        stream.close()
    assert [frame["id"] for frame in frames] == list(range(current + 1, later + 1))
    by_version = states_by_version(game_id)
    for frame in frames:
        check(frame["data"]["view"], 0, by_version[frame["id"]])
