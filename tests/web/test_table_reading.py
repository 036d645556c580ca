"""The table as a player reads it, at desktop (1280x800, and 1366x768 for the hand) and
phone (390x844) width: every seat named apart, the hand and the turn's actions always on
the screen, "Arrange for me" that always arranges, result tables that fit, safe choices
focused and cues that show, and the small words that add up. Screenshots of each game at
both widths go to .artifacts/web/."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

from playwright.sync_api import expect

from games.dealing import FixedDeals
from games.rules.indian.cards import full_deck
from tests.conftest import WAIT_SECONDS
from tests.deals import NobodyOutBeforeThePlayer
from tests.web.conftest import Page
from tests.web.helpers import version, wait_for_my_turn, wait_for_version

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
        assert {seat: " ".join(shown.split()) for seat, shown in _seat_names(tab).items()} == names
        labels = tab.page.locator("[data-testid=scores] .score .label").all_inner_texts()
        assert labels == ["You", *(names[seat] for seat in sorted(names))]
        tab.shot(f"reading-names-indian-6-{size}")
    assert tab.axe("a six-seat table") == []
    tab.assert_healthy()


TABLES = [
    ("gin", {}),
    ("rummy", {"variant": "rummy", "computers": 1}),
    ("rummy", {"variant": "rummy", "computers": 2}),
    ("rummy", {"variant": "rummy", "computers": 3}),
    *(("indian", {"variant": "indian", "computers": n}) for n in range(1, 6)),
]


def _fitted(tab: Page) -> None:
    """Waits until the felt has been fitted to the window as it is now."""
    tab.page.wait_for_function(
        "() => document.querySelector('.felt.fit')?.dataset.fitFor"
        " === `${innerWidth}x${innerHeight}`"
    )


def _off_screen(tab: Page) -> list[str]:
    """The parts of the player's dock (the hand, the actions) not wholly in the window."""
    return tab.page.evaluate(
        """() => {
            const out = [];
            for (const [name, el] of [['hand', document.querySelector('[data-testid=hand]')],
                                      ['actions', document.querySelector('.felt .actions')]]) {
                const box = el.getBoundingClientRect();
                if (!box.height || box.top < 0 || box.left < 0 || box.bottom > innerHeight
                    || box.right > innerWidth) {
                    out.push(`${name} ${Math.round(box.top)}-${Math.round(box.bottom)}`
                             + ` of ${innerWidth}x${innerHeight}`);
                }
            }
            return out;
        }"""
    )


def test_the_hand_and_its_actions_are_on_the_screen_at_every_table_size(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(3))
    tab = open_tab(**DESKTOP)
    _guest(tab)
    off: list[tuple[str, int, str, list[str]]] = []
    for name, body in TABLES:
        game = _table(tab, difficulty="easy", **body)
        seats = len(game["players"])
        wait_for_my_turn(tab)
        for phase in ("draw", "play"):
            if phase == "play":  # a full hand: 11 or 14 cards, and the turn's buttons
                before = version(tab)
                stock = tab.page.locator("[data-key=stock]")
                pile = tab.page.locator("[data-key=discard-pile]")  # Gin's first upcard
                (stock if stock.is_enabled() else pile).click()
                wait_for_version(tab, before)
            for viewport in (DESKTOP, LAPTOP, PHONE):
                tab.page.set_viewport_size(viewport)
                _fitted(tab)
                off += [(name, seats, phase, found) for found in [_off_screen(tab)] if found]
                if phase == "play" and viewport is not LAPTOP:
                    size = "desktop" if viewport is DESKTOP else "phone"
                    tab.shot(f"reading-hand-{name}-{seats}-{size}")
            tab.page.set_viewport_size(DESKTOP)
        assert tab.axe(f"{name} at {seats} seats") == []
        assert tab.api(f"/games/{game['id']}/concede", method="POST")[0] == 200
    assert off == []
    tab.assert_healthy()


def _stacked(front: list[str], seed: int = 5) -> list[str]:
    """A full Indian Rummy deck (two decks) that deals ``front`` first, the rest shuffled."""
    rest = [str(card) for card in full_deck(2)]
    for card in front:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    return front + rest


# Two seats, the player (seat 0) deals: the computer gets the first 13 cards, the player
# the next 13, then the wild joker card (a six: no six in the player's hand) and the upcard.
NO_PURE_SEQUENCE = ["AS", "3S", "5S", "7D", "7H", "7C", "2C", "4H", "9D", "JC", "TS", "QH", "KD"]
COMPUTERS_HAND = ["2S", "4S", "6H", "8H", "TH", "QS", "KS", "AH", "3H", "5H", "9S", "JS", "8D"]


def test_arrange_for_me_groups_a_hand_without_a_pure_sequence_and_says_so(open_tab, deal_from):
    deal_from(FixedDeals([_stacked([*COMPUTERS_HAND, *NO_PURE_SEQUENCE, "6S"])], salt="0" * 32))
    tab = open_tab(**DESKTOP)
    _guest(tab)
    game = _table(tab, variant="indian", difficulty="easy", computers=1)
    hand = sorted(tab.api(f"/games/{game['id']}")[1]["round"]["hand"])
    assert hand == sorted(NO_PURE_SEQUENCE)
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.page.evaluate("() => sessionStorage.clear()")
        tab.page.reload()
        tab.page.wait_for_selector("[data-testid=hand] .card")
        # The server finds no groups worth keeping: every card is loose.
        expect(tab.page.locator("[data-testid=hand] [data-testid=group]")).to_have_count(0)
        tab.page.click("[data-key=act-arrange]")
        groups = tab.page.eval_on_selector_all(
            "[data-testid=hand] .group",
            "els => els.map((g) => [g.dataset.kind, [...g.querySelectorAll('.card')]"
            ".map((c) => c.dataset.card)])",
        )
        assert tab.page.locator("[data-testid=loose]").count() == 0 and len(groups) >= 3
        assert sorted(card for _kind, cards in groups for card in cards) == hand
        sets = [sorted(cards) for kind, cards in groups if kind == "set"]
        assert sets == [["7C", "7D", "7H"]]
        said = tab.page.locator("[data-testid=arranged]").inner_text()
        assert "No pure sequence yet" in said and "points" in said
        tab.shot(f"reading-arranged-indian-{size}")
    assert tab.axe("a hand arranged without a pure sequence") == []
    tab.assert_healthy()
