"""A bounded load of games in play, through the public HTTP API, that survives faults.

Each driver thread plays one game at a time to its end and then starts another, until the
drill says stop: against the computer (the thread is the person) or between two people (the
thread plays both seats, with each seat's own token). Every action carries
``expected_version`` and an ``Idempotency-Key``; a request that gets no answer, or a 502/503,
is retried with the same key and body, as a careful client would. Stream followers keep a
game's event stream open and reconnect with ``Last-Event-ID`` whenever it drops, recording
every version they receive, so a gap or a duplicate shows.
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from clients import choose  # bench/clients.py (run.py puts bench/ on the path)

RETRYABLE = {0, 502, 503, 504}


class Client:
    """One keep-alive connection; any network failure answers status 0 and reconnects."""

    def __init__(self, port: int, token: str | None = None, timeout: float = 10) -> None:
        self.port, self.token, self.timeout = port, token, timeout
        self.conn: http.client.HTTPConnection | None = None
        self.retry_after: str | None = None  # the last answer's Retry-After header

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        head = {"Content-Type": "application/json", **(headers or {})}
        if self.token:
            head["Authorization"] = f"Token {self.token}"
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            self.conn.request(
                method,
                f"/api/v1{path}",
                body=json.dumps(body) if body is not None else None,
                headers=head,
            )
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            self.retry_after = None
            return 0, None
        self.retry_after = response.getheader("Retry-After")
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, {"non_json": raw[:200].decode(errors="replace")}


@dataclass
class Tally:
    """What every driver saw, shared under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter[int] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    non_json: list[str] = field(default_factory=list)
    requests: int = 0
    actions: int = 0
    retries: int = 0
    retried_ok: int = 0
    actions_retried: int = 0
    actions_retried_once: int = 0
    games: set[str] = field(default_factory=set)
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    last_ok: float = 0.0
    # (when it was sent, when it was answered) of every action answered 200
    actions_ok: list[tuple[float, float]] = field(default_factory=list)
    # Every action answered 200: (game, the version it made, the seat, the action's type).
    acknowledged: list[tuple[str, int, int, str]] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)  # the highest version a 2xx showed
    no_retry_after: int = 0  # 503 answers without a Retry-After header

    def first_action_ok_after(self, moment: float) -> float | None:
        """When the first action sent after ``moment`` (``time.monotonic()``) was answered
        200, or None if none has been yet."""
        with self.lock:
            return min((done for sent, done in self.actions_ok if sent > moment), default=None)

    def saw(self, game_id: str, version: int) -> None:
        with self.lock:
            self.seen[game_id] = max(version, self.seen.get(game_id, 0))

    def record(self, status: int, body: Any) -> None:
        with self.lock:
            self.requests += 1
            self.statuses[status] += 1
            if status == 200 or status == 201:
                self.last_ok = time.monotonic()
            if isinstance(body, dict):
                if "code" in body and status >= 400:
                    self.codes[f"{status} {body['code']}"] += 1
                if "non_json" in body:
                    self.non_json.append(f"{status}: {body['non_json']}")


class Driver(threading.Thread):
    """Plays games until ``stop`` is set. ``kind`` is ``"computer"`` or ``"people"``."""

    def __init__(
        self,
        api_port: int,
        tokens: list[str],
        kind: str,
        tally: Tally,
        stop: threading.Event,
        *,
        think: float = 0.02,
        level: str = "easy",
        rules: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(daemon=True)
        self.clients = [Client(api_port, token) for token in tokens]
        self.kind, self.tally, self.stop, self.think = kind, tally, stop, think
        self.level, self.rules = level, rules
        self.game_id: str | None = None
        self.attempts = 0  # how many times the last request was sent
        self.sent_at = 0.0  # when the last request was last sent

    def call(
        self,
        client: Client,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        *,
        attempts: int = 60,
    ) -> tuple[int, Any]:
        """One logical request, retried (same body, same headers) while it gets no answer."""
        for attempt in range(attempts):
            self.attempts = attempt + 1
            self.sent_at = time.monotonic()
            status, answer = client.request(method, path, body, headers)
            self.tally.record(status, answer)
            if status == 503 and not client.retry_after:
                with self.tally.lock:
                    self.tally.no_retry_after += 1
            if status not in RETRYABLE:
                if attempt:
                    with self.tally.lock:
                        self.tally.retried_ok += 1
                return status, answer
            with self.tally.lock:
                self.tally.retries += 1
            time.sleep(min(2.0, 0.1 * 2 ** min(attempt, 5)))
        return status, answer

    def new_game(self) -> str | None:
        key = {"Idempotency-Key": str(uuid.uuid4())}
        if self.kind == "computer":
            body: dict[str, Any] = {"opponent": "computer", "difficulty": self.level}
        else:
            body = {"opponent": "human", "visibility": "private"}
        if self.rules:
            body["rules"] = self.rules
        status, game = self.call(self.clients[0], "POST", "/games", body, key)
        if status != 201:
            return None
        if self.kind == "people":
            status, _joined = self.call(
                self.clients[1], "POST", "/games/join", {"code": game["invite_code"]}
            )
            if status != 200:
                return None
        with self.tally.lock:
            self.tally.games.add(game["id"])
        return str(game["id"])

    def run(self) -> None:
        try:
            self._run()
        except Exception as exc:  # a driver bug must show, not silently stop the load
            with self.tally.lock:
                self.tally.errors.append(f"driver crashed: {exc!r}")

    def _run(self) -> None:
        seat_client = 0
        while not self.stop.is_set():
            if self.game_id is None:
                self.game_id = self.new_game()
                if self.game_id is None:
                    time.sleep(0.5)
                    continue
            client = self.clients[seat_client]
            status, view = self.call(client, "GET", f"/games/{self.game_id}")
            if status != 200:
                time.sleep(0.2)
                continue
            self.tally.saw(self.game_id, view["version"])
            if view["status"] != "active":
                with self.tally.lock:
                    self.tally.finished += 1
                self.game_id = None
                continue
            turn = view["round"]["turn"]
            if turn != view["you"]:
                if self.kind == "people":
                    seat_client = 1 - seat_client  # the other person's turn
                else:
                    time.sleep(0.05)  # the computer is thinking
                continue
            if self.think:
                time.sleep(self.think)
            action = {**choose(view), "expected_version": view["version"]}
            headers = {"Idempotency-Key": str(uuid.uuid4())}
            status, answer = self.call(
                client, "POST", f"/games/{self.game_id}/actions", action, headers
            )
            with self.tally.lock:
                self.tally.actions += 1
                if status == 200:
                    self.tally.actions_ok.append((self.sent_at, time.monotonic()))
                    self.tally.acknowledged.append(
                        (self.game_id, answer["version"], view["you"], action["type"])
                    )
                    self.tally.seen[self.game_id] = max(
                        answer["version"], self.tally.seen.get(self.game_id, 0)
                    )
                if self.attempts > 1:  # this action was sent more than once
                    self.tally.actions_retried += 1
                    if status == 200 and answer["version"] == action["expected_version"] + 1:
                        self.tally.actions_retried_once += 1
            if status not in (200, 409):
                with self.tally.lock:
                    self.tally.errors.append(f"action {status}: {answer}")
                time.sleep(0.2)


class StreamFollower(threading.Thread):
    """Follows the event stream of whatever game ``driver`` is playing, through drops,
    resuming with ``Last-Event-ID``; records every version received, per game."""

    def __init__(self, events_port: int, driver: Driver, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.driver, self.stop = events_port, driver, stop
        self.token = driver.clients[0].token
        self.versions: dict[str, list[int]] = {}
        self.reconnects = 0

    def run(self) -> None:
        while not self.stop.is_set():
            game_id = self.driver.game_id
            if game_id is None:
                time.sleep(0.1)
                continue
            seen = self.versions.setdefault(game_id, [])
            headers = {"Authorization": f"Token {self.token}"}
            if seen:
                headers["Last-Event-ID"] = str(seen[-1])
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
                conn.request("GET", f"/api/v1/games/{game_id}/events", headers=headers)
                response = conn.getresponse()
                if response.status != 200:
                    response.read()
                    raise OSError(f"stream answered {response.status}")
                while not self.stop.is_set() and self.driver.game_id == game_id:
                    line = response.readline()
                    if not line:
                        raise OSError("stream closed")
                    if line.startswith(b"id: "):
                        seen.append(int(line[4:]))
                conn.close()
            except (OSError, http.client.HTTPException, ValueError):
                self.reconnects += 1
                time.sleep(0.5)

    def gaps(self) -> list[str]:
        """Every place where a game's version was skipped or repeated."""
        problems = []
        for game_id, versions in self.versions.items():
            for before, after in itertools.pairwise(versions):
                if after != before + 1:
                    problems.append(f"{game_id[:8]}: {before} -> {after}")
        return problems

    def received(self) -> int:
        return sum(len(v) for v in self.versions.values())


def make_users(stack: Any, count: int) -> list[str]:
    """Register ``count`` players through the API; their tokens."""
    client = Client(stack.api_port)
    tokens = []
    run = os.urandom(3).hex()
    for i in range(count):
        status, body = client.request(
            "POST",
            "/auth/register",
            {
                "username": f"drill{run}{i}",
                "password": "a-long-drill-password",
            },
        )
        if status != 201:
            raise SystemExit(f"could not register a drill player: {status} {body}")
        tokens.append(body["token"])
    return tokens
