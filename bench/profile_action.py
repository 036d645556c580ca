"""Profile one Gin action between two people, in-process, with the production settings.

    tests/with_services.sh .venv/bin/python bench/profile_action.py [--actions 200]

Makes a scratch database (from ``DATABASE_URL``) and migrates it, then plays games between
two people through Django's WSGI handler (middleware, token authentication, throttles,
the view: everything gunicorn runs but the socket), every action with
``expected_version``, draws from the stock and discards (no knocks, so rounds run long).
It prints, per action type: the SQL of one action, the query count, the median time of an
action (wall, and CPU in this process: the database's share is the difference); then the
profile of as many actions again (pyinstrument when installed, else cProfile counting CPU
time): the frames where the time goes. Before the actions it measures the plumbing every
request meets on its own (``--plumbing``, 2,000 calls each): token authentication (a
player's token, as on every request) and the throttles of ``POST /games/join`` (the
endpoint with two), each call's wall and CPU time, SQL queries and Redis round trips.
Figures are recorded in docs/benchmarks.md ("API under load").
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from live_bench import drop_database, scratch_database  # noqa: E402


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """Keep the round going: draw from the stock, discard the first card offered."""
    legal = {entry["type"]: entry for entry in view["round"]["legal_actions"]}
    if "discard" in legal:
        return {"type": "discard", "card": legal["discard"]["cards"][-1]}
    if "draw_stock" in legal:
        return {"type": "draw_stock"}
    return {"type": "pass"}


class Table:
    """Two players at one game, each with their own token, through the WSGI handler."""

    def __init__(self) -> None:
        from django.test import Client

        from accounts.models import AuthToken, User

        self.clients = []
        for _ in range(2):
            user = User.objects.create_user(username=f"p{secrets.token_hex(4)}", password="x")
            _, key = AuthToken.objects.issue(user)
            self.clients.append(Client(HTTP_AUTHORIZATION=f"Token {key}"))
        self.views: list[dict[str, Any]] = []
        self.new_game()

    def post(self, seat: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.clients[seat].post(
            f"/api/v1{path}", json.dumps(body), content_type="application/json"
        )
        assert response.status_code in (200, 201), (response.status_code, response.content)
        return dict(response.json())

    def new_game(self) -> None:
        game = self.post(0, "/games", {"opponent": "human", "visibility": "private"})
        joined = self.post(1, "/games/join", {"code": game["invite_code"]})
        self.game_id = game["id"]
        first = self.clients[0].get(f"/api/v1/games/{self.game_id}").json()
        self.views = [first, joined]

    def next_action(self) -> tuple[int, dict[str, Any]]:
        for seat, view in enumerate(self.views):
            if view["status"] == "active" and view["round"]["turn"] == view["you"]:
                return seat, {**choose(view), "expected_version": view["version"]}
        raise RuntimeError("nobody to act")

    def act(self, seat: int, action: dict[str, Any]) -> None:
        answer = self.post(seat, f"/games/{self.game_id}/actions", action)
        self.views[seat] = answer
        if answer["status"] != "active":
            self.new_game()
        elif answer["round"]["turn"] != answer["you"]:
            other = 1 - seat
            self.views[other] = self.clients[other].get(f"/api/v1/games/{self.game_id}").json()


class RoundTrips:
    """Counts what is sent to Redis (one send per command, or per pipeline or script):
    the round trips of the code that runs while it is installed."""

    def __init__(self) -> None:
        from redis.connection import AbstractConnection

        self.count = 0
        self._cls = AbstractConnection
        self._original = AbstractConnection.send_packed_command

    def __enter__(self) -> RoundTrips:
        original, counter = self._original, self

        def counted(conn: Any, command: Any, check_health: bool = True) -> None:
            counter.count += 1
            original(conn, command, check_health)

        self._cls.send_packed_command = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        self._cls.send_packed_command = self._original  # type: ignore[method-assign]


def measure_plumbing(table: Table, calls: int) -> None:
    """Token authentication and the join endpoint's two throttles, each on its own."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    from accounts.authentication import BearerTokenAuthentication
    from games.apis.tables import JoinApi

    header = table.clients[0].defaults["HTTP_AUTHORIZATION"]
    factory = APIRequestFactory()

    def authenticate() -> None:
        request = Request(factory.get("/api/v1/me", HTTP_AUTHORIZATION=header))
        assert BearerTokenAuthentication().authenticate(request) is not None

    class Player:
        """A caller as the throttles see it; 100 of them, so that each history stays at
        the length the default rate allows (20 of the 30 joins an hour)."""

        is_authenticated = True

        def __init__(self, pk: int) -> None:
            self.pk = pk

    players = [Player(10_000_000 + n) for n in range(100)]
    turn = iter(range(10**9))

    def throttles() -> None:
        request = Request(factory.post("/api/v1/games/join", REMOTE_ADDR="10.8.0.1"))
        request.user = players[next(turn) % len(players)]
        view = JoinApi()
        view.request, view.args, view.kwargs, view.headers = request, (), {}, {}
        view.check_throttles(request)

    from django.conf import settings

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    kept = dict(rates)
    rates.update({"join": "30/hour", "join_ip": "24/hour"})  # the defaults
    print(f"plumbing, {calls} calls each (median per call):")
    for name, call in (("token authentication", authenticate), ("join's two throttles", throttles)):
        for _ in range(50):  # warm
            call()
        walls, cpus = [], []
        with CaptureQueriesContext(connection) as captured, RoundTrips() as trips:
            for _ in range(calls):
                started, cpu = time.perf_counter(), time.process_time()
                call()
                walls.append(time.perf_counter() - started)
                cpus.append(time.process_time() - cpu)
        print(
            f"  {name}: {1000 * statistics.median(walls):.3f} ms wall, "
            f"{1000 * statistics.median(cpus):.3f} ms CPU, "
            f"{len(captured.captured_queries) / calls:.2f} queries, "
            f"{trips.count / calls:.2f} Redis round trips"
        )
    rates.clear()
    rates.update(kept)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200, help="actions measured")
    parser.add_argument("--top", type=int, default=25, help="frames listed")
    parser.add_argument("--profiler", choices=["auto", "pyinstrument", "cprofile"], default="auto")
    parser.add_argument("--plumbing", type=int, default=2000, help="calls per plumbing figure")
    args = parser.parse_args()

    base_url = os.environ["DATABASE_URL"]
    parts = urlsplit(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    redis = urlunsplit(parts._replace(path=""))
    name = f"bench_profile_{secrets.token_hex(3)}"
    os.environ.update(
        {
            "DATABASE_URL": scratch_database(base_url, name),
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "CACHE_URL": f"{redis}/1",
            "CELERY_BROKER_URL": f"{redis}/0",
            "EVENTS_REDIS_URL": f"{redis}/2",
            "DJANGO_LOG_LEVEL": "WARNING",
            "THROTTLE_ACTIONS": "100000/min",
            "THROTTLE_GAME_CREATE": "100000/min",
            "THROTTLE_JOIN": "100000/min",
        }
    )
    try:
        return profile(args)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(base_url, name)


SHARES = {
    "the whole request": ("django/core/handlers/base.py", "get_response"),
    "building the caller's view (selectors.game_view_for)": ("games/selectors.py", "game_view_for"),
    "encoding the answer (the JSON renderer)": ("rest_framework/renderers.py", "render"),
    "the locked read (selectors.game_with_seats)": ("games/selectors.py", "game_with_seats"),
    "the snapshot parse (snapshots.load)": ("games/snapshots.py", "load"),
    "the commit (commit.game_commit_change)": ("games/services/commit.py", "game_commit_change"),
    "token authentication": ("rest_framework/authentication.py", "authenticate"),
}
"""Frames whose CPU the cProfile run reports as a share of the request's: (file, function)."""


def print_shares(stats: pstats.Stats) -> None:
    """Each of :data:`SHARES`: its cumulative CPU per action and its share of the request.
    A view's rendering and its encoding are what sharing it between the answer, the
    streams and the other player's read could save (docs/benchmarks.md)."""
    entries = stats.stats  # type: ignore[attr-defined]
    calls = 0
    totals: dict[str, float] = {}
    for label, (path, function) in SHARES.items():
        seconds = 0.0
        for (filename, _line, name), (_cc, nc, _tt, ct, _callers) in entries.items():
            if filename.endswith(path) and name == function:
                seconds += ct
                if label == "the whole request":
                    calls += nc
        totals[label] = seconds
    whole = totals["the whole request"] or 1.0
    print(f"CPU per action by part ({calls} requests, cProfile):")
    for label, seconds in totals.items():
        share = 100 * seconds / whole
        print(f"  {label}: {1000 * seconds / max(calls, 1):.3f} ms ({share:.1f}%)")
    print()


def profile(args: argparse.Namespace) -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call_command("migrate", "--noinput", verbosity=0)
    table = Table()
    for _ in range(20):  # warm: imports, caches, the connection
        table.act(*table.next_action())
    if args.plumbing:
        measure_plumbing(table, args.plumbing)

    use = args.profiler
    if use == "auto":
        try:
            import pyinstrument  # noqa: F401

            use = "pyinstrument"
        except ImportError:
            use = "cprofile"

    def measure(profiler: Any = None) -> tuple[dict[str, list[tuple[float, float]]], dict]:
        """Play ``--actions`` actions; per type: (wall, CPU) seconds each, and one's SQL."""
        timings: dict[str, list[tuple[float, float]]] = {}
        queries: dict[str, list[str]] = {}
        for _ in range(args.actions):
            seat, action = table.next_action()
            kind = action["type"]
            path = f"/api/v1/games/{table.game_id}/actions"
            body = json.dumps(action)
            with CaptureQueriesContext(connection) as captured:
                if profiler is not None:
                    profiler.enable() if use == "cprofile" else profiler.start()
                started, cpu = time.perf_counter(), time.process_time()
                response = table.clients[seat].post(path, body, content_type="application/json")
                elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
                if profiler is not None:
                    profiler.disable() if use == "cprofile" else profiler.stop()
            assert response.status_code == 200, response.content
            timings.setdefault(kind, []).append((elapsed, cpu))
            queries.setdefault(kind, [q["sql"] for q in captured.captured_queries])
            # Bookkeeping (the next view, new games) outside the measure.
            answer = response.json()
            table.views[seat] = answer
            if answer["status"] != "active":
                table.new_game()
            elif answer["round"]["turn"] != answer["you"]:
                other = 1 - seat
                view = table.clients[other].get(f"/api/v1/games/{table.game_id}").json()
                table.views[other] = view
        return timings, queries

    timings, queries = measure()  # unprofiled: the times
    if use == "pyinstrument":
        from pyinstrument import Profiler

        profiler: Any = Profiler(interval=0.0005)
    else:
        profiler = cProfile.Profile(time.process_time)  # CPU time, not waits on the database
    measure(profiler)

    print(f"settings {os.environ['DJANGO_SETTINGS_MODULE']}, {args.actions} actions measured")
    print(f"load average {os.getloadavg()[0]:.1f}")
    for kind, values in sorted(timings.items()):
        wall = 1000 * statistics.median(v[0] for v in values)
        cpu = 1000 * statistics.median(v[1] for v in values)
        print(
            f"\n{kind}: {len(values)} actions, median {wall:.2f} ms ({cpu:.2f} ms CPU in this "
            f"process), {len(queries[kind])} queries:"
        )
        for sql in queries[kind]:
            print(f"  {sql[:150]}")
    print()
    if use == "pyinstrument":
        print(profiler.output_text(unicode=False, color=False, show_all=False))
    else:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        print_shares(stats)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
