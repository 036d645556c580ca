"""Helpers for reading Server-Sent Events in tests."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import WAIT_SECONDS
from tests.games.conftest import human_game  # noqa: F401  (fixture re-export)


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    """Streams poll and ping quickly in tests (production: every 5 s and 15 s)."""
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


@pytest.fixture
def rechecks(monkeypatch) -> list[tuple[Any, Any]]:
    """The token rechecks of the streams opened in the test, as they happen: ``(holder,
    ending)`` each (``ending`` None when the stream may go on). Set before the streams
    start; :meth:`Stream.keeps_going` waits on them."""
    from games.live import streams

    done: list[tuple[Any, Any]] = []
    real = streams.recheck

    def counted(holder: Any) -> Any:
        ending = real(holder)
        done.append((holder, ending))
        return ending

    monkeypatch.setattr(streams, "recheck", counted)
    return done


def parse(chunk: bytes) -> dict[str, Any]:
    """One SSE frame as ``{"id", "event", "data", "comment"}``."""
    frame: dict[str, Any] = {"id": None, "event": None, "data": None, "comment": None}
    for line in chunk.decode().splitlines():
        if line.startswith(":"):
            frame["comment"] = line[1:].strip()
        elif line.startswith("id: "):
            frame["id"] = int(line[4:])
        elif line.startswith("event: "):
            frame["event"] = line[7:]
        elif line.startswith("data: "):
            frame["data"] = json.loads(line[6:])
    return frame


class Stream:
    """Reads frames from a streaming response (WSGI test client), skipping pings."""

    def __init__(self, response) -> None:
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "text/event-stream"
        self.response = response
        self.chunks: Iterator[bytes] = iter(response.streaming_content)
        self.pings = 0

    def next(self, *, event: str | None = None, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            frame = parse(next(self.chunks))
            if frame["comment"] is not None and frame["event"] is None:
                if frame["comment"] == "ping":
                    self.pings += 1
                continue
            if event is None or frame["event"] == event:
                return frame
        raise AssertionError(f"no {event or 'event'} within {timeout} s")

    def states_until(self, version: int, timeout: float = WAIT_SECONDS) -> list[dict[str, Any]]:
        frames = []
        while not frames or frames[-1]["id"] < version:
            frames.append(self.next(event="state", timeout=timeout))
        return frames

    def keeps_going(self, rechecks: list[tuple[Any, Any]], count: int) -> list[dict[str, Any]]:
        """Read until this stream has rechecked its token ``count`` more times (see the
        ``rechecks`` fixture), each recheck letting it go on; the frames read meanwhile,
        none of which ends it. Counts rechecks rather than seconds, so it proves the same
        however slowly the machine runs."""
        holder = self.response.holder

        def done() -> list[Any]:
            return [ending for who, ending in list(rechecks) if who == holder]

        target = len(done()) + count
        frames = []
        while len(done()) < target:
            frame = parse(next(self.chunks))
            assert frame["event"] not in ("closed", "replaced"), frame
            frames.append(frame)
        assert done() == [None] * len(done()), "a recheck ended the stream"
        return frames

    def close(self) -> None:
        self.response.close()
        close = getattr(self.chunks, "close", None)
        if close is not None:
            close()


def states_until(response, version: int) -> list[dict[str, Any]]:
    """The state frames of the stream ``response`` up to ``version``; the stream closed."""
    stream = Stream(response)
    try:
        return stream.states_until(version)
    finally:
        stream.close()
