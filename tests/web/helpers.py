"""Driving the web client as a player would: through what is on the screen."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.conftest import WAIT_SECONDS
from tests.web.conftest import PASSWORD, Page

_names = itertools.count(1)
STEP_MS = 4000
VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value(card: str) -> int:
    return VALUES.get(card[0]) or int(card[0])


def sign_up(tab: Page, name: str, *, display_name: str = "") -> str:
    """Create an account through the sign-up screen; lands on home (or a pending route).
    The form is filled only once the sign-up screen is the one shown (a form filled while
    the page was still routing was lost), is submitted only once each field holds what was
    typed into it, and the server's answer to it must be a new account (its refusal is
    the failure, with its reason, rather than a wait for a token that never comes).
    Returns the username."""
    page = tab.page
    page.wait_for_selector("body[data-screen]")
    if page.get_attribute("body", "data-screen") != "signup":
        page.click("header a:has-text('Sign up')")
    form = page.locator("body[data-screen=signup] form")
    form.locator("#f-username").wait_for()
    username = f"{name}{next(_names)}"
    fields = {"#f-username": username, "#f-password": PASSWORD}
    if display_name:
        fields["#f-display_name"] = display_name
    for selector, typed in fields.items():
        form.locator(selector).fill(typed)
    for selector, typed in fields.items():
        expect(form.locator(selector)).to_have_value(typed)
    with page.expect_response(lambda r: r.url.endswith("/api/v1/auth/register")) as answer:
        form.locator("button[type=submit]").click()
    response = answer.value
    assert response.status == 201, f"sign-up refused: {response.status} {response.text()}"
    page.wait_for_function("() => localStorage.getItem('ginrummy.token') !== null")
    page.wait_for_function(
        "() => Boolean(document.body.dataset.screen) && document.body.dataset.screen !== 'signup'"
    )
    return username


def table(tab: Page):
    return tab.page.locator("[data-testid=table]")


def version(tab: Page) -> int:
    return int(table(tab).get_attribute("data-version"))


def round_over(tab: Page) -> str | None:
    """The end of a round on screen: "result" while a round's result is open, "final"
    once the game's final panel is shown with nothing over it, else None.

    The panel is looked for first: the table shows the game's end and opens its last
    round's result in one step, so a result looked for first could be missed just before
    that step and the panel seen just after it, with the result still open over it."""
    page = tab.page
    final = page.locator("[data-testid=final]").count()
    if page.locator("[data-testid=round-result]").count():
        return "result"
    return "final" if final else None


def wait_for_version(tab: Page, above: int, timeout: float = WAIT_SECONDS) -> int:
    tab.page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=table]').dataset.version) > v",
        arg=above,
        timeout=timeout * 1000,
    )
    return version(tab)


def wait_for_my_turn(tab: Page, timeout: float = WAIT_SECONDS) -> None:
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


def not_my_turn(tab: Page) -> str | None:
    """What a policy's step sees in place of a turn to play: the round's end ("result",
    "final"), or "wait" while another player is to play or an action is on its way; None
    when the player may act."""
    over = round_over(tab)
    if over:
        return over
    screen = table(tab)
    if screen.get_attribute("data-turn") != "you" or screen.get_attribute("data-busy") == "true":
        return "wait"
    return None


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
    seen = not_my_turn(tab)
    if seen:
        return seen
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


def play_until(
    tab: Page,
    wanted: set[str],
    timeout: float = 5 * WAIT_SECONDS,
    *,
    step: Callable[[Page], str] = play_step,
    shot: str = "stuck",
) -> str:
    """Play by a policy until a step returns one of ``wanted``. ``step`` takes one action
    (or sees the screen busy, a result, the final panel) and says which, as
    :func:`play_step` does for Gin Rummy; ``timeout``: the bound past which the game is
    stuck, far above what a round takes on a busy machine (then the screen is kept as
    ``shot``)."""
    deadline = time.monotonic() + timeout
    steps: list[str] = []
    while time.monotonic() < deadline:
        before = table(tab).get_attribute("data-version")
        done = step(tab)
        steps.append(done)
        if done in wanted:
            return done
        if done == "wait":
            time.sleep(0.03)  # a poll: the next step looks at the screen again
        elif done == "result":
            tab.page.click("[data-key=result-close]")
        elif done != "final":
            tab.page.wait_for_function(
                "v => document.querySelector('[data-testid=table]').dataset.version !== v"
                " || document.querySelector('[data-testid=round-result]')",
                arg=before,
            )
    tab.shot(shot)
    raise AssertionError(
        f"none of {wanted} within {timeout} s; on screen: "
        f"{tab.page.inner_text('[data-testid=table]')[:400]!r}; steps {steps[-8:]}; "
        f"busy {table(tab).get_attribute('data-busy')}; problems {tab.problems}"
    )


# --- Rummy ------------------------------------------------------------------------------------

RUMMY_VALUES = {"A": 11, "T": 10, "J": 10, "Q": 10, "K": 10, "X": 20}


def rummy_value(card: str) -> int:
    return RUMMY_VALUES.get(card[0]) or int(card[0])


def start_rummy_vs_computers(
    tab: Page,
    *,
    computers: int,
    hand_size: str = "7",
    rounds: str = "1",
    first_meld: str = "40",
    level: str = "easy",
) -> str:
    """Create a Rummy game against ``computers`` computers at ``level`` through the home
    screen."""
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    form.locator("select[name=variant]").select_option("rummy")
    form.locator(f"input[name=difficulty][value={level}]").check()
    form.locator("select[name=computers]").select_option(str(computers))
    form.locator("summary").click()
    form.locator("select[name=hand_size]").select_option(hand_size)
    form.locator("select[name=rounds]").select_option(rounds)
    form.locator("select[name=first_meld_points]").select_option(first_meld)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_selector("[data-testid=table][data-variant=rummy] [data-testid=hand] .card")
    return tab.page.url.split("#/game/")[1]


def _rummy_step(tab: Page, tried: dict[str, int]) -> str:
    page = tab.page
    seen = not_my_turn(tab)
    if seen:
        return seen
    at = version(tab)
    if page.locator("[data-key=stock]").is_enabled():
        page.click("[data-key=stock]", timeout=STEP_MS)
        return "draw"
    if not page.locator("[data-key=act-discard]").count():
        return "wait"
    # Meld what the hand holds, once a turn (when it is enough to come out).
    if tried.get("meld") != at and page.locator("[data-key=act-find]").count():
        tried["meld"] = at
        page.click("[data-key=act-find]", timeout=STEP_MS)
        put = page.locator("[data-key=act-meld]")
        if put.count() and put.is_enabled():
            put.click(timeout=STEP_MS)
            return "meld"
        if page.locator("[data-key=act-clear]").count():
            page.click("[data-key=act-clear]", timeout=STEP_MS)
    # Lay off a card where the server says it fits (never swap a joker: the policy would
    # then owe the joker back).
    if tried.get("layoff") != at:
        tried["layoff"] = at
        movable = page.locator("[data-testid=hand] .card.movable")
        for i in range(movable.count()):
            movable.nth(i).click(timeout=STEP_MS)
            target = page.locator("[data-testid=meld-target][data-key*='-layoff']")
            if target.count():
                target.first.click(timeout=STEP_MS)
                return "layoff"
            movable.nth(i).click(timeout=STEP_MS)  # unselect
    # Discard the highest card that may be discarded (a joker last).
    cards = page.locator("[data-testid=hand] .card.playable")
    choices = [(cards.nth(i).get_attribute("data-card"), i) for i in range(cards.count())]
    if not choices:
        return "wait"
    _card, index = max(choices, key=lambda c: (c[0] != "XX", rummy_value(c[0])))
    cards.nth(index).click(timeout=STEP_MS)
    page.click("[data-key=act-discard]", timeout=STEP_MS)
    return "discard"


def rummy_step(tab: Page, tried: dict[str, int]) -> str:
    try:
        return _rummy_step(tab, tried)
    except PlaywrightTimeout:
        tab.shot("rummy-step-timeout")
        return "wait"


def play_rummy_until(tab: Page, wanted: set[str], timeout: float = 10 * WAIT_SECONDS) -> str:
    """Play this tab's Rummy turns by the policy until a step returns one of ``wanted``
    (see :func:`play_until`)."""
    tried: dict[str, int] = {}
    return play_until(tab, wanted, timeout, step=lambda t: rummy_step(t, tried), shot="rummy-stuck")


# --- Indian Rummy -----------------------------------------------------------------------------


def start_indian_vs_computers(
    tab: Page, *, computers: int, fmt: str = "points", level: str = "easy"
) -> str:
    """Create an Indian Rummy game against ``computers`` computers at ``level`` through the
    home screen (``fmt``: the format as the form offers it, e.g. ``"points"``,
    ``"pool-101"``, ``"deals-2"``). Returns the game's id."""
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    form.locator("select[name=variant]").select_option("indian")
    form.locator(f"input[name=difficulty][value={level}]").check()
    form.locator("select[name=indian_computers]").select_option(str(computers))
    form.locator("summary").click()
    form.locator("select[name=indian_format]").select_option(fmt)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_selector("[data-testid=table][data-variant=indian] [data-testid=hand] .card")
    return tab.page.url.split("#/game/")[1]
