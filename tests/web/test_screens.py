"""Every screen of the client: accessible (axe-core, no serious or critical finding), each
table at desktop and phone width (with screenshots under .artifacts/web/), the weight of
the first load, the keyboard's order, the cards' corners, live tables that stay live
across a reload, and a table left before it has loaded."""

from __future__ import annotations

import gzip
import itertools
import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from playwright.sync_api import expect

from accounts.models import User
from fairplay import services as fairplay_services
from tests.deals import NobodyOutBeforeThePlayer
from tests.web.helpers import (
    sign_up,
    start_indian_vs_computers,
    start_rummy_vs_computers,
    version,
    wait_for_my_turn,
    wait_for_version,
)

FIRST_LOAD_BUDGET = 150 * 1024
# What WhiteNoise serves compressed (CompressedStaticFilesStorage writes a .gz of these).
COMPRESSED = re.compile(r"\.(js|css|svg|html)$|/$")


def _start_gin(tab, *, target: str = "25") -> str:
    tab.page.check("input[name=difficulty][value=easy]")
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    form.locator("summary").click()
    form.locator("select[name=target_score]").select_option(target)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_selector("[data-testid=table][data-variant=gin] [data-testid=hand] .card")
    return tab.page.url.split("#/game/")[1]


def _home(tab) -> None:
    tab.page.click("header a:has-text('Play')")
    tab.page.wait_for_selector("body[data-ready=home] form[aria-labelledby=h-computer]")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_each_table_is_accessible_and_fits_the_screen(open_tab, deal_from, width, height):
    deal_from(NobodyOutBeforeThePlayer(width, seats=6))
    tab = open_tab(width=width, height=height)
    tab.open("/")
    sign_up(tab, f"shot{width}")
    size = f"{width}x{height}"
    for name, start in (
        ("gin", lambda: _start_gin(tab)),
        ("rummy-2", lambda: start_rummy_vs_computers(tab, computers=1, hand_size="13")),
        ("rummy-4", lambda: start_rummy_vs_computers(tab, computers=3, hand_size="13")),
        ("indian-6", lambda: start_indian_vs_computers(tab, computers=5)),
    ):
        _home(tab)
        start()
        wait_for_my_turn(tab)
        before = version(tab)  # a full hand: 11 or 14 cards
        if tab.page.locator("[data-key=stock]").is_enabled():
            tab.page.click("[data-key=stock]")
        else:  # Gin's first upcard
            tab.page.click("[data-key=discard-pile]")
        wait_for_version(tab, before)
        tab.page.wait_for_selector("[data-testid=live][data-status=live]")
        tab.shot(f"table-{name}-{size}")
        assert tab.axe(f"{name} table at {size}") == []
        # One row of cards, none hiding another's corner, nothing wider than the screen.
        boxes = tab.page.eval_on_selector_all(
            "[data-testid=hand] .card",
            """els => els.map((e) => {
                const card = e.getBoundingClientRect();
                const corner = e.querySelector('.corner').getBoundingClientRect();
                return { top: e.offsetTop, left: card.left, right: card.right,
                         cornerRight: corner.right };
            })""",
        )
        assert len(boxes) in (11, 14), boxes
        assert len({b["top"] for b in boxes}) == 1
        for card, after in itertools.pairwise(boxes):
            assert after["left"] >= card["cornerRight"] - 0.5, (card, after)
        assert boxes[0]["left"] >= 0 and boxes[-1]["right"] <= width
        overflow = tab.page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        # Quick chat is for tables with people: none here, and no phrase list fetched.
        assert tab.page.locator(".chat .phrases").count() == 0
    tab.assert_healthy()


def test_every_other_screen_passes_axe(open_tab):
    tab = open_tab()
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen=signin] form")
    found = tab.axe("sign in")
    for variant in ("gin", "rummy", "indian"):
        tab.page.goto(f"{tab.base}/#/rules/{variant}")
        tab.page.wait_for_selector(f"[data-testid=rules][data-variant={variant}]")
        found += tab.axe(f"rules of {variant} (signed out)")
    # A public Rummy table in the lobby, made by another player.
    other = open_tab()
    other.open("/")
    lou = sign_up(other, "lobbyhost", display_name="Lou")
    status, table = other.api(
        "/games",
        method="POST",
        body={"variant": "rummy", "opponent": "human", "seats": 3, "visibility": "public"},
    )
    assert status == 201
    tab.page.goto(f"{tab.base}/#/signin")
    sign_up(tab, "axe", display_name="Axel")
    tab.page.wait_for_selector("body[data-ready=home] [data-testid=lobby] .lobby-line")
    line = tab.page.locator("[data-testid=lobby] .lobby-line[data-variant=rummy]")
    assert line.get_attribute("data-seats") == "3" and line.get_attribute("data-free") == "2"
    assert line.locator("[data-testid=lobby-seats]").inner_text() == "3 seats, 2 free"
    found += tab.axe("home and lobby")
    for variant in ("gin", "rummy"):
        tab.page.goto(f"{tab.base}/#/leaderboards?variant={variant}&period=weekly")
        tab.page.wait_for_selector(f"[data-testid=boards][data-variant={variant}] table.board")
        found += tab.axe(f"leaderboards of {variant}")
        tab.page.goto(f"{tab.base}/#/rules/{variant}")
        tab.page.wait_for_selector(f"[data-testid=rules][data-variant={variant}]")
        found += tab.axe(f"rules of {variant}")
    tab.page.click("header a:has-text('Axel')")
    tab.page.wait_for_selector("[data-testid=stats-rummy]")
    found += tab.axe("profile")
    tab.page.goto(f"{tab.base}/#/u/{lou}")
    tab.page.wait_for_selector("h1:has-text('Lou')")
    found += tab.axe("a player's public profile")
    tab.page.goto(f"{tab.base}/#/game/{table['id']}")  # not seated: a sentence, not a table
    tab.page.wait_for_selector("text=This page could not be shown")
    found += tab.axe("a game one is not seated at")
    assert found == []
    tab.assert_healthy(failed_requests=True)


def test_the_first_load_is_light_and_clean_under_the_page_policy(open_tab, site):
    """`/` and everything it loads, as served compressed (WhiteNoise's gzip), stays under
    150 KB, signed out and signed in, with no console error and no policy violation."""
    assert (
        django_settings.STORAGES["staticfiles"]["BACKEND"]
        == "whitenoise.storage.CompressedStaticFilesStorage"
    )
    tab = open_tab(bypass_csp=False)
    loads: list[list[dict[str, Any]]] = []

    def record(response: Any) -> None:
        if loads and response.url.startswith(site):
            loads[-1].append(
                {
                    "url": response.url,
                    "status": response.status,
                    "body": response.body() if response.status == 200 else b"",
                }
            )

    tab.page.on("response", record)
    loads.append([])
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen=signin] form")
    sign_up(tab, "light")
    tab.page.wait_for_selector("body[data-ready=home]")
    loads.append([])
    tab.page.reload()
    tab.page.wait_for_selector("body[data-ready=home] [data-testid=lobby]")
    for load in loads:
        static = [r for r in load if "/static/" in r["url"] or r["url"].rstrip("/") == site]
        assert any(r["url"].endswith("/static/web/app.js") for r in static)
        weight = sum(
            len(gzip.compress(r["body"], 9)) if COMPRESSED.search(r["url"]) else len(r["body"])
            for r in static
        )
        assert weight < FIRST_LOAD_BUDGET, [(r["url"], len(r["body"])) for r in static]
    # A table loads its game's module on demand, still without a console error.
    _home(tab)
    _start_gin(tab)
    tab.page.wait_for_selector("[data-testid=live][data-status=live]")
    tab.assert_healthy()


def test_the_header_comes_first_in_tab_order_and_cards_name_what_they_show(open_tab):
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "keys")
    _start_gin(tab)
    wait_for_my_turn(tab)
    tab.page.reload()
    tab.page.wait_for_selector("[data-testid=hand] .card")
    order = []
    for _ in range(40):
        tab.page.keyboard.press("Tab")
        where = tab.page.evaluate(
            """() => {
                const el = document.activeElement;
                if (el.closest('.site-top nav')) return 'nav';
                if (el.closest('[data-testid=hand]')) return 'hand';
                if (el.closest('main')) return 'main';
                return el.className || el.tagName;
            }"""
        )
        order.append(where)
        if where == "hand":
            break
    assert "hand" in order and "nav" in order
    assert order.index("nav") < order.index("main") < order.index("hand"), order
    # Each card's name starts with what it shows ("10♥ 10 of hearts…"), and its only
    # text is the top-left corner: the centre and the turned corner are drawn by CSS.
    cards = tab.page.eval_on_selector_all(
        "[data-testid=hand] .card",
        """els => els.map((e) => ({
            text: e.textContent, name: e.getAttribute('aria-label'),
            after: getComputedStyle(e, '::after').whiteSpace,
        }))""",
    )
    for card in cards:
        assert card["name"].startswith(card["text"] + " "), card
        assert card["after"] == "pre"
    stock = tab.page.locator("[data-key=stock] .card")
    assert stock.get_attribute("role") is None and stock.get_attribute("aria-hidden") == "true"


def test_ten_corners_keep_the_rank_clear_of_the_suit_at_every_size(open_tab):
    """Every rank of every suit, drawn at phone, desktop and small (result) sizes: the
    corner's rank sits above its suit sign, inside the card."""
    tab = open_tab(width=390, height=844)
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen=signin]")
    overlaps = tab.page.evaluate(
        """async () => {
            const { cardFace, RANKS } = await import('/static/web/cards.js');
            const box = document.createElement('div');
            box.className = 'felt';
            document.getElementById('main').append(box);
            const bad = [];
            for (const holder of ['hand row-hand mine-hand', 'hand small-cards', 'table-melds']) {
                const hand = document.createElement('div');
                hand.className = holder;
                box.append(hand);
                for (const r of RANKS) for (const s of 'SHDC') hand.append(cardFace(r + s));
                hand.append(cardFace('XX'));
                for (const el of hand.querySelectorAll('.card')) {
                    const card = el.getBoundingClientRect();
                    const rank = el.querySelector('.rank').getBoundingClientRect();
                    const pip = el.querySelector('.pip').getBoundingClientRect();
                    const clear = rank.bottom <= pip.top + 1 && rank.left >= card.left
                        && rank.right <= card.left + card.width / 2;
                    if (!clear) bad.push([holder, el.dataset.card, rank.bottom, pip.top,
                                          rank.right - card.left, card.width]);
                }
            }
            return bad;
        }"""
    )
    assert overlaps == []


def test_a_reload_mid_game_is_live_again_without_a_refusal(open_tab, settings):
    """The player's stream allowance is two here: before and after the reload the page holds
    a game stream and an account stream, and the reload must not be refused (429)."""
    settings.EVENTS_MAX_STREAMS_PER_USER = 2
    settings.EVENTS_AUTH_RECHECK_SECONDS = 60
    tab = open_tab()
    refused: list[str] = []
    tab.page.on("response", lambda r: refused.append(r.url) if r.status == 429 else None)
    tab.open("/")
    sign_up(tab, "reload")
    _start_gin(tab, target="100")
    tab.page.wait_for_selector("[data-testid=live][data-status=live]")
    wait_for_my_turn(tab)
    before = version(tab)
    tab.page.keyboard.press("d")
    drawn = wait_for_version(tab, before)
    for _ in range(2):
        tab.page.reload()
        tab.page.wait_for_selector("[data-testid=hand] .card")
        tab.page.wait_for_selector("[data-testid=live][data-status=live]")
        assert version(tab) == drawn
    assert refused == []
    # Live indeed: the table follows a move made elsewhere (the same player, by the API).
    status, view = tab.api(f"/games/{tab.page.url.split('#/game/')[1]}")
    card = next(a for a in view["round"]["legal_actions"] if a["type"] == "discard")["cards"][0]
    status, _ = tab.api(
        f"/games/{view['id']}/actions", method="POST", body={"type": "discard", "card": card}
    )
    assert status == 200
    wait_for_version(tab, drawn)
    tab.assert_healthy()


def test_a_table_still_loading_when_the_player_moves_on_never_shows_up(open_tab):
    """The player opens a game and, before it has loaded, another screen: the game's table
    does not draw itself into that screen nor name itself the one shown, and lets go of its
    event stream."""
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "moveon")
    status, game = tab.api("/games", method="POST", body={"opponent": "computer"})
    assert status == 201
    held: list[Any] = []
    tab.page.route(f"**/api/v1/games/{game['id']}", lambda route: held.append(route))
    with tab.page.expect_request(f"**/api/v1/games/{game['id']}"):
        tab.page.evaluate("id => { location.hash = `#/game/${id}`; }", game["id"])
    tab.page.click("header a:has-text('Leaderboards')")
    tab.page.wait_for_selector("body[data-screen=leaderboards] table.board")
    # The game arrives now: its table starts (opening its stream), finds it is no longer
    # the screen shown, and stops (closing the stream).
    stream = f"/api/v1/games/{game['id']}/events"
    with (
        tab.page.expect_event("requestfailed", lambda r: stream in r.url),
        tab.page.expect_request(lambda r: stream in r.url),
    ):
        held[0].continue_()
    assert tab.page.get_attribute("body", "data-screen") == "leaderboards"
    assert tab.page.locator("[data-testid=table]").count() == 0
    assert tab.page.locator("main table.board").count() >= 1
    tab.assert_healthy(failed_requests=True)


def test_a_banned_player_reads_the_ban_and_its_rule_on_the_home_screen_and_can_appeal(open_tab):
    tab = open_tab()
    tab.open("/")
    user = User.objects.get(username=sign_up(tab, "sitter"))
    ban = fairplay_services.playban_apply(user_id=user.pk, rule="sitting", key="web")
    tab.open("/")
    tab.page.wait_for_selector("body[data-ready=home] [data-testid=fair-play]")
    notice = tab.page.locator("[data-testid=fair-play]")
    expect(notice).to_contain_text("You may not play other people until")
    expect(notice).to_contain_text("You can still play the computer")
    expect(notice).to_contain_text("let the turn timer run out")
    assert tab.axe("fair play notice") == []
    notice.locator("textarea").fill("My connection kept dropping.")
    notice.locator("button[type=submit]").click()
    expect(notice).to_contain_text("your appeal is being read")
    assert ban.appeals.get().text == "My connection kept dropping."
