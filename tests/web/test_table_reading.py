"""The table as a player reads it, at desktop (1280x800, and 1366x768 for the hand) and
phone (390x844) width: every seat named apart, the hand and the turn's actions always on
the screen, "Arrange for me" that always arranges, result tables that fit, safe choices
focused and cues that show, and the small words that add up. Screenshots of each game at
both widths go to .artifacts/web/."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from tests.conftest import WAIT_SECONDS
from tests.web.conftest import Page

DESKTOP = {"width": 1280, "height": 800}
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}


def _guest(tab: Page, **body: Any) -> str:
    """A guest account for this tab (its token kept where the client keeps it), the page
    left on the home screen."""
    request = urllib.request.Request(
        f"{tab.base}/api/v1/auth/guest",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        token = json.loads(response.read())["token"]
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen]")
    tab.page.evaluate("t => localStorage.setItem('ginrummy.token', t)", token)
    return token


def _table(tab: Page, **body: Any) -> dict[str, Any]:
    """A game against the computer made through the API, its table open on the screen."""
    status, game = tab.api("/games", method="POST", body={"opponent": "computer", **body})
    assert status == 201, game
    tab.page.goto(f"{tab.base}/#/game/{game['id']}")
    tab.page.wait_for_selector("[data-testid=table][data-version] [data-testid=hand] .card")
    return game


def _seat_names(tab: Page) -> dict[int, str]:
    seats = tab.page.locator("[data-testid=opponents] .opponent")
    return {
        int(seats.nth(i).get_attribute("data-seat")): seats.nth(i).locator(".name").inner_text()
        for i in range(seats.count())
    }


def test_every_seat_at_a_six_seat_table_is_named_apart_at_both_widths(open_tab):
    tab = open_tab(**DESKTOP)
    _guest(tab)
    game = _table(tab, variant="indian", difficulty="medium", computers=5)
    names = {p["seat"]: p["name"] for p in game["players"] if p["computer"]}
    assert len(set(names.values())) == 5
    assert all(re.fullmatch(r"\w+ \(medium\)", name) for name in names.values())
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        assert _seat_names(tab) == names
        labels = tab.page.locator("[data-testid=scores] .score .label").all_inner_texts()
        assert labels == ["You", *(names[seat] for seat in sorted(names))]
        tab.shot(f"reading-names-indian-6-{size}")
    assert tab.axe("a six-seat table") == []
    tab.assert_healthy()
