"""End-to-end tests of the web client: headless Chromium (Debian's ``chromium``, driven by
Playwright for Python) against a live server started by the test.

Playwright's own browser download cannot work here, so the system browser is launched by
path (``CHROMIUM_PATH``, default ``chromium`` on ``PATH``). A missing browser fails these
tests loudly; ``make test`` installs it with apt when run as root.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from games import dealing
from games.dealing import Shuffler
from tests.conftest import WAIT_SECONDS, wait_until, wait_until_the_database_is_quiet

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".artifacts" / "web"
# Without the background-networking switches Chromium keeps reaching out to the network
# (updates, sync, field trials); on a closed network that only slows it down.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "a-long-secret-phrase"
# axe-core, the accessibility checker the tests inject into pages: an npm package installed
# into this git-ignored folder (`make web-tools`, or the first test that needs it).
AXE_VERSION = "4.11.0"
WEB_TOOLS = ROOT / ".web-tools"
AXE_PATH = WEB_TOOLS / "node_modules" / "axe-core" / "axe.min.js"
# Serious and critical findings fail a test; minor and moderate ones are reported only.
AXE_FAILING = {"serious", "critical"}


def axe_source() -> str:
    if not AXE_PATH.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(
                "axe-core is needed and npm is not installed to fetch it "
                "(apt-get install npm, then `make web-tools`).",
                pytrace=False,
            )
        subprocess.run(
            [
                npm,
                "install",
                "--silent",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(WEB_TOOLS),
                f"axe-core@{AXE_VERSION}",
            ],
            check=False,
            capture_output=True,
            timeout=300,
        )
    if not AXE_PATH.exists():
        pytest.fail(
            f"axe-core could not be installed into {WEB_TOOLS}: run `make web-tools`.",
            pytrace=False,
        )
    return AXE_PATH.read_text()


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "chromium"
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(
            f"Chromium is required for the web client's tests and was not found ({path}). "
            "Install Debian's chromium package (`make test` does, when run as root) or set "
            "CHROMIUM_PATH.",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_SECONDS * 1000)  # as the pages' own waits (open_tab)
    path = chromium_path()
    # Playwright's synchronous API keeps an event loop set on this thread; Django would
    # then refuse the test database's own set-up and flush from it.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=path, headless=True, args=CHROMIUM_ARGS
            )
            yield chromium
            chromium.close()


@pytest.fixture(autouse=True)
def _quick_streams(settings) -> None:
    """Streams poll and ping often in tests (production: every 5 s and 15 s)."""
    settings.EVENTS_POLL_SECONDS = 0.3
    settings.EVENTS_HEARTBEAT_SECONDS = 0.5


@pytest.fixture(autouse=True)
def _discards_unasked(monkeypatch) -> None:
    """New players here discard without the warning about a card that fits one of their
    melds (a preference, on by default): the tests' policies discard as they please. A
    test of the warning turns it on for its player."""
    from accounts.models import DEFAULT_PREFERENCES

    monkeypatch.setitem(DEFAULT_PREFERENCES, "warn_meld_discard", False)


@pytest.fixture
def deal_from(monkeypatch) -> Callable[[Shuffler], None]:
    """Deal the live server's next games from the given shuffler. The server answers from
    a thread of the test's own process, where :func:`games.dealing.dealt` (a context
    variable, set in the test's thread) does not reach, so the module's lookup is
    replaced for the test instead."""

    def use(source: Shuffler) -> None:
        monkeypatch.setattr(dealing, "shuffler", lambda: source)

    return use


@pytest.fixture
def site(live_server, transactional_db) -> Iterator[str]:
    """The live server's address; its database is the test database. The test ends once
    the server has finished the requests its tabs left (before the tables are flushed):
    no request thread is left (a computer's move, played in the request, is idle on the
    database while it thinks), and no other session works on the database."""
    yield live_server.url
    wait_until(lambda: requests_in_flight() == 0)
    wait_until_the_database_is_quiet()


def requests_in_flight() -> int:
    """The live server's request threads still alive (Django's threaded test server runs
    each connection in a thread of this process)."""
    return sum(1 for t in threading.enumerate() if t.name.endswith("(process_request_thread)"))


class Page:
    """A browser tab on the client, with what the tests need to read and compare."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.problems: list[str] = []
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda msg: (
                self.problems.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )

    def open(self, route: str = "/") -> None:
        self.page.goto(self.base + route)

    def token(self) -> str:
        return self.page.evaluate("() => localStorage.getItem('ginrummy.token')")

    def api(self, path: str, method: str = "GET", body: Any = None) -> tuple[int, Any]:
        """Call the API as this tab's player, from the test (not through the page)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"{self.base}/api/v1{path}",
            data=data,
            method=method,
            headers={"Authorization": f"Token {self.token()}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        # Cards in flight or being dealt land first.
        self.page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')"
        )
        self.page.screenshot(path=str(path))
        return path

    def axe(self, screen: str) -> list[dict[str, Any]]:
        """Run axe-core on what is on the screen now; returns its serious and critical
        findings (empty when there are none). Needs a tab opened with ``bypass_csp``."""
        # A change that is still fading in or out is read when it has settled, as a
        # player reads it.
        self.page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')"
        )
        if not self.page.evaluate("() => Boolean(window.axe)"):
            self.page.add_script_tag(content=axe_source())
        found = self.page.evaluate(
            """async () => {
                const result = await axe.run(document, { resultTypes: ["violations"] });
                return result.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
                }));
            }"""
        )
        failing = [v for v in found if v["impact"] in AXE_FAILING]
        for v in failing:
            v["screen"] = screen
        return failing

    def assert_accessible(self, screen: str) -> None:
        assert self.axe(screen) == []

    def assert_healthy(self, *, failed_requests: bool = False) -> None:
        """No script error and no Content-Security-Policy violation on the page. With
        ``failed_requests``, the browser's notes on requests that the test made fail (an
        error answer, a blocked stream) are expected."""
        problems = self.problems
        if failed_requests:
            problems = [p for p in problems if "Failed to load resource" not in p]
        assert problems == []


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report is kept on the test, so its tabs know whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _keep_failed_tabs(name: str, tabs: list[Page]) -> None:
    """A failed browser test leaves what each of its tabs showed (a screenshot, the page,
    its address and the problems it logged) under .artifacts/web/failed/."""
    folder = ARTIFACTS / "failed"
    folder.mkdir(parents=True, exist_ok=True)
    for number, tab in enumerate(tabs):
        stem = folder / f"{name}-{number}"
        try:
            tab.page.screenshot(path=str(stem.with_suffix(".png")), timeout=10_000)
            stem.with_suffix(".html").write_text(tab.page.content())
            stem.with_suffix(".txt").write_text("\n".join([tab.page.url, *tab.problems]))
        except Exception as error:  # the tab itself may be what broke
            stem.with_suffix(".txt").write_text(f"not kept: {error}")


@pytest.fixture
def open_tab(request, browser, site) -> Iterator[Callable[..., Page]]:
    """New tabs, each in its own browser context (its own localStorage: its own player)."""
    contexts = []

    def make(
        *,
        width: int = 1280,
        height: int = 860,
        delay_ms: int = 40,
        bypass_csp: bool = True,
        service_workers: str = "block",
    ) -> Page:
        # bypass_csp lets a test inject axe-core; the page's own policy is unchanged, and
        # the tests of that policy open their tabs without it. The client's service worker
        # (which keeps its files for opening offline) is kept out unless a test asks for it
        # (tests/web/test_install.py): the others watch and route the page's own requests.
        context = browser.new_context(
            viewport={"width": width, "height": height},
            bypass_csp=bypass_csp,
            service_workers=service_workers,
        )
        # Every wait on the page is on a state (an element, an attribute, a function); the
        # bound is only where something is broken, so a busy machine never reaches it.
        context.set_default_timeout(WAIT_SECONDS * 1000)
        # The pause between the opponent's moves, short in tests (the client's default
        # is 800 ms).
        context.add_init_script(f"localStorage.setItem('ginrummy.delay', '{delay_ms}')")
        contexts.append(context)
        tab = Page(context.new_page(), site)
        tabs.append(tab)
        return tab

    tabs: list[Page] = []
    yield make
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        _keep_failed_tabs(request.node.name, tabs)
    for context in contexts:
        context.close()
    # A stream notices its reader has gone at its next write (a ping) and then gives its
    # slot back: wait until the test's players hold none, so that no stream is left
    # reading the database when it is flushed under it.
    from django.contrib.auth import get_user_model

    users = list(get_user_model().objects.values_list("pk", flat=True))
    wait_until(lambda: open_streams(users) == 0)


def open_streams(user_ids: list[Any]) -> int:
    """The event streams the live server holds open for these users (their slots)."""
    import redis
    from django.conf import settings

    from games.live.slots import slots_key

    client = redis.Redis.from_url(settings.EVENTS_REDIS_URL)
    try:
        return sum(client.zcard(slots_key(user_id)) for user_id in user_ids)
    finally:
        client.close()
