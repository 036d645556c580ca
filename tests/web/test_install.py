"""The client as an app on a phone's home screen: Chromium itself (the DevTools protocol's
``Page.getInstallabilityErrors``) finds nothing against installing it; its service worker
keeps the page and the client's files, never the API; with the server stopped the page
still opens (from the worker) and says so plainly, and it comes back by itself when the
server does."""

from __future__ import annotations

import contextlib
import json
import socket
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler
from playwright.sync_api import expect

from tests.conftest import WAIT_SECONDS
from tests.web.conftest import CHROMIUM_ARGS, Page, chromium_path

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def _get(url: str) -> tuple[dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=WAIT_SECONDS) as response:
        return dict(response.headers), response.read()


def _controlled(tab: Page) -> None:
    """Waits until the page is served by the client's service worker (a reload after its
    first install, which takes the page over only from the next load)."""
    tab.page.evaluate("() => navigator.serviceWorker.ready")
    tab.page.reload()
    tab.page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def _kept(tab: Page) -> list[str]:
    """Every address the worker's caches hold."""
    return tab.page.evaluate(
        """async () => {
            const out = [];
            for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) out.push(request.url);
            }
            return out;
        }"""
    )


@pytest.fixture
def profile_tab(browser, site, tmp_path) -> Iterator[Page]:
    """A tab of a browser profile of its own on disk: an ordinary profile, as a phone's
    browser has (Chromium installs nothing from an incognito one, which new contexts are)."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        service_workers="allow",
    )
    context.set_default_timeout(WAIT_SECONDS * 1000)
    yield Page(context.pages[0] if context.pages else context.new_page(), site)
    context.close()


def test_chromium_finds_the_client_installable_and_its_worker_keeps_no_api(profile_tab, site):
    headers, body = _get(f"{site}/manifest.webmanifest")
    assert headers["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    headers, body = _get(f"{site}/sw.js")
    assert headers["Service-Worker-Allowed"] == "/" and headers["Cache-Control"] == "no-cache"
    assert body.startswith(b"const BUILD = ")
    headers, _body = _get(f"{site}/")
    policy = headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert "unsafe-inline" not in policy

    tab = profile_tab
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen=signin]")
    _controlled(tab)
    session = tab.page.context.new_cdp_session(tab.page)
    found = session.send("Page.getInstallabilityErrors")
    assert found["installabilityErrors"] == []
    # Played a little (a sign-up, the home screen's lists): the API is never kept.
    tab.page.click("[data-key=nav-play-now]")
    tab.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    kept = _kept(tab)
    assert f"{site}/" in kept and f"{site}/static/web/app.js" in kept
    assert [url for url in kept if "/api/" in url] == []
    tab.assert_healthy()


class _CuttableServer(ThreadedWSGIServer):
    """The live server's WSGI server, which can also cut its open connections: stopping
    it closes its socket, but a browser's kept-alive connection would be served on."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[socket.socket] = set()

    def process_request(self, request: Any, client_address: Any) -> None:
        self.connections.add(request)
        super().process_request(request, client_address)

    def cut(self) -> None:
        for connection in self.connections:
            with contextlib.suppress(OSError):  # closed already
                connection.shutdown(socket.SHUT_RDWR)


class _ServerThread(LiveServerThread):
    server_class = _CuttableServer

    def _create_server(self, connections_override: Any = None) -> Any:
        # Its address is taken again at once after a stop (connections it cut linger).
        return self.server_class(
            (self.host, self.port),
            QuietWSGIRequestHandler,
            allow_reuse_address=True,
            connections_override=connections_override,
        )


class _OwnServer:
    """A live server of the test's own, which it stops and starts again on its address."""

    def __init__(self) -> None:
        self.port = 0
        self.thread: _ServerThread | None = None

    def start(self) -> None:
        self.thread = _ServerThread("localhost", StaticFilesHandler, port=self.port)
        self.thread.daemon = True
        self.thread.start()
        self.thread.is_ready.wait()
        if self.thread.error:
            raise self.thread.error
        self.port = self.thread.port

    def stop(self) -> None:
        if self.thread is not None:
            self.thread.httpd.cut()
            self.thread.terminate()
            self.thread = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"


@pytest.fixture
def own_server(transactional_db) -> Iterator[_OwnServer]:
    server = _OwnServer()
    server.start()
    yield server
    server.stop()


def test_with_the_server_stopped_the_page_opens_says_so_and_comes_back_by_itself(
    open_tab, own_server
):
    tab = open_tab(service_workers="allow")
    tab.base = own_server.url
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen=signin]")
    tab.page.click("[data-key=nav-play-now]")  # a guest, and a game
    tab.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    tab.page.goto(f"{tab.base}/#/")
    tab.page.wait_for_selector("body[data-ready=home]")
    _controlled(tab)
    tab.page.wait_for_selector("body[data-ready=home]")

    own_server.stop()
    bar = tab.page.locator("[data-testid=connection]")
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        tab.page.set_viewport_size(viewport)
        tab.page.reload()  # served by the worker: the server is gone
        tab.page.wait_for_selector("header.site-top #nav a")
        expect(bar).to_be_visible()
        expect(bar).to_contain_text("No connection to the server")
        tab.shot(f"install-offline-{size}")
        assert tab.axe(f"the page opened offline at {size}") == []

    own_server.start()
    expect(bar).to_contain_text("Connected again", timeout=WAIT_SECONDS * 1000)
    tab.page.wait_for_selector("body[data-ready=home] .game-line")
    tab.shot("install-back-phone")
    tab.assert_healthy(failed_requests=True)  # the requests made while the server was away
