"""Driving the web client as a player would: through what is on the screen."""

from __future__ import annotations

import itertools
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import PASSWORD, Page

_names = itertools.count(1)
STEP_MS = 4000
VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value(card: str) -> int:
    return VALUES.get(card[0]) or int(card[0])


def sign_up(tab: Page, name: str, *, display_name: str = "") -> None:
    """Create an account through the sign-up screen; lands on home (or a pending route)."""
    tab.page.click("a:has-text('Sign up')")
    tab.page.fill("#f-username", f"{name}{next(_names)}")
    if display_name:
        tab.page.fill("#f-display_name", display_name)
    tab.page.fill("#f-password", PASSWORD)
    tab.page.click("form button[type=submit]")
    tab.page.wait_for_function("() => localStorage.getItem('ginrummy.token') !== null")


def table(tab: Page):
    return tab.page.locator("[data-testid=table]")


def version(tab: Page) -> int:
    return int(table(tab).get_attribute("data-version"))


def wait_for_version(tab: Page, above: int, timeout: float = 10.0) -> int:
    tab.page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=table]').dataset.version) > v",
        arg=above,
        timeout=timeout * 1000,
    )
    return version(tab)


def wait_for_my_turn(tab: Page, timeout: float = 10.0) -> None:
    tab.page.wait_for_selector(
        "[data-testid=table][data-turn=you][data-busy=false], [data-testid=round-result],"
        " [data-testid=final]",
        timeout=timeout * 1000,
    )


def hand(tab: Page) -> list[str]:
    cards = tab.page.locator("[data-testid=hand] .card")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def discard_choice(tab: Page) -> str:
    """The highest deadwood card that may be discarded (or the highest playable card)."""
    cards = tab.page.locator("[data-testid=hand] .group.deadwood .card.playable")
    if not cards.count():
        cards = tab.page.locator("[data-testid=hand] .card.playable")
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    return max(codes, key=value)


def play_step(tab: Page) -> str:
    """One action by a simple policy: gin or knock when offered, else pass the first upcard,
    draw from the stock, discard the highest deadwood. Returns what it did or saw."""
    try:
        return _play_step(tab)
    except PlaywrightTimeout:
        # The screen moved on under the click (a round's result opened): look again.
        tab.shot("step-timeout")
        return "wait"


def _play_step(tab: Page) -> str:
    page = tab.page
    if page.locator("[data-testid=round-result]").count():
        return "result"
    if page.locator("[data-testid=final]").count():
        return "final"
    screen = table(tab)
    if screen.get_attribute("data-turn") != "you" or screen.get_attribute("data-busy") == "true":
        return "wait"
    for key in ("act-big-gin", "act-gin"):
        if page.locator(f"[data-key={key}]").count():
            page.click(f"[data-key={key}]", timeout=STEP_MS)
            return key
    if page.locator("[data-key=act-knock]").count():
        page.click("[data-key=act-knock]", timeout=STEP_MS)
        page.keyboard.press("Enter")  # the card with the least deadwood has the focus
        return "knock"
    if page.locator("[data-key=act-pass]").count():
        page.click("[data-key=act-pass]", timeout=STEP_MS)
        return "pass"
    if page.locator("[data-key=stock]").is_enabled():
        page.click("[data-key=stock]", timeout=STEP_MS)
        return "draw"
    if page.locator("[data-testid=hand] .card.playable").count():
        page.click(f"[data-testid=hand] [data-card='{discard_choice(tab)}']", timeout=STEP_MS)
        return "discard"
    return "wait"


def play_until(tab: Page, wanted: set[str], timeout: float = 60.0) -> str:
    """Play by the policy until a step returns one of ``wanted``."""
    deadline = time.monotonic() + timeout
    steps: list[str] = []
    while time.monotonic() < deadline:
        before = table(tab).get_attribute("data-version")
        step = play_step(tab)
        steps.append(step)
        if step in wanted:
            return step
        if step == "wait":
            time.sleep(0.03)
        elif step == "result":
            tab.page.click("[data-key=result-close]")
        elif step != "final":
            tab.page.wait_for_function(
                "v => document.querySelector('[data-testid=table]').dataset.version !== v"
                " || document.querySelector('[data-testid=round-result]')",
                arg=before,
            )
    tab.shot("stuck")
    raise AssertionError(
        f"none of {wanted} within {timeout} s; on screen: "
        f"{tab.page.inner_text('[data-testid=table]')[:400]!r}; steps {steps[-8:]}; "
        f"busy {table(tab).get_attribute('data-busy')}; problems {tab.problems}"
    )
