"""The web client in a real browser: sign up, play the computer, a friend by invite link,
a reload mid-game, an error from the API, the page's security policy."""

from __future__ import annotations

import random
import re
import urllib.error
import urllib.request

from playwright.sync_api import expect

from games.rules import gin as rules
from tests.conftest import WAIT_SECONDS
from tests.web.conftest import PASSWORD
from tests.web.helpers import (
    discard_choice,
    hand,
    play_until,
    sign_up,
    table,
    value,
    version,
    wait_for_my_turn,
    wait_for_version,
)


def _game_id(tab) -> str:
    match = re.search(r"#/game/([0-9a-f-]{36})", tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _start_computer_game(tab, *, target: str = "25", level: str = "easy") -> str:
    tab.page.check(f"input[name=difficulty][value={level}]")
    computer = tab.page.locator("form[aria-labelledby=h-computer]")
    computer.locator("summary").click()
    computer.locator("select[name=target_score]").select_option(target)
    computer.locator("button[type=submit]").click()
    tab.page.wait_for_selector("[data-testid=hand] .card")
    return _game_id(tab)


def test_client_page_is_served_with_a_strict_policy(site):
    with urllib.request.urlopen(site + "/") as response:
        policy = response.headers["Content-Security-Policy"]
        body = response.read().decode()
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert '<script type="module" src="/static/web/app.js">' in body
    assert "<style" not in body and "style=" not in body
    with urllib.request.urlopen(site + "/api/docs/") as response:  # the docs keep working
        assert response.headers.get("Content-Security-Policy") is None


def test_client_page_is_titled_with_the_family_of_games(site):
    with urllib.request.urlopen(site + "/") as response:
        body = response.read().decode()
    assert "<title>Rummy games</title>" in body
    brand = re.search(r'<a class="brand"[^>]*>(.*?)</a>', body, re.S)
    assert brand and brand.group(1).endswith(" Rummy games"), body
    assert "Gin Rummy &amp; Rummy" not in body


def test_new_player_plays_the_computer_through_a_round_to_the_final_result(open_tab):
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "ann", display_name="Ann")
    game_id = _start_computer_game(tab)
    assert len(hand(tab)) == 10
    expect(tab.page.locator("[data-testid=commitment]")).to_have_count(1)

    # The first turn by hand: take the upcard or draw, then discard by dragging to the pile.
    wait_for_my_turn(tab)
    before = version(tab)
    if tab.page.locator("[data-key=stock]").is_enabled():
        tab.page.click("[data-key=stock]")
    else:
        tab.page.click("[data-key=discard-pile]")
    wait_for_version(tab, before)
    assert len(hand(tab)) == 11
    drawn = version(tab)
    card = discard_choice(tab)
    tab.page.drag_and_drop(f"[data-testid=hand] [data-card='{card}']", "[data-key=discard-pile]")
    wait_for_version(tab, drawn)
    assert tab.page.locator(".pile.discard .card").count() >= 1
    # The computer's reply is shown (its draw, then its discard) before it is our turn.
    wait_for_my_turn(tab)
    if not tab.page.locator("[data-testid=round-result]").count():
        status, view = tab.api(f"/games/{game_id}")
        assert status == 200
        # The computer is named by its own name (the server's) and its level.
        said = tab.page.inner_text("[data-testid=last-move]")
        name = view["players"][1]["name"]
        assert name.endswith(" (easy)") and said.startswith(name) and "discarded" in said
        assert len(hand(tab)) == 10
        assert version(tab) == view["version"]
        shown = tab.page.locator("[data-testid=deadwood]").get_attribute("data-points")
        assert int(shown) == view["round"]["deadwood"]
        assert sorted(hand(tab)) == sorted(view["round"]["hand"])
        # The melds drawn on screen are the client's own arrangement: its deadwood cards
        # add up to the server's least deadwood.
        marked = tab.page.locator("[data-testid=hand] .group.deadwood .card")
        codes = [marked.nth(i).get_attribute("data-card") for i in range(marked.count())]
        assert sum(value(c) for c in codes) == view["round"]["deadwood"]
        tab.shot("table")

    # Play on until the round ends: the result on screen is the API's.
    play_until(tab, {"result"})
    result_box = tab.page.locator("[data-testid=round-result]")
    tab.shot("round-result")
    tab.assert_accessible("gin round result")
    status, view = tab.api(f"/games/{game_id}")
    result = view["rounds"][0]
    assert result_box.get_attribute("data-outcome") == result["outcome"]
    assert result_box.get_attribute("data-points") == str(result["points"])
    assert result_box.get_attribute("data-winner") == (
        "" if result["winner"] is None else str(result["winner"])
    )
    for seat, who in ((view["you"], "me"), (1 - view["you"], "opponent")):
        shown = tab.page.locator(f"[data-testid=result-hand-{who}] [data-testid=deadwood-points]")
        expected = next(h for h in result["hands"] if h["seat"] == seat)["deadwood_points"]
        assert shown.get_attribute("data-points") == str(expected)
    scores = tab.page.inner_text("[data-testid=scores-after]")
    assert str(result["scores_after"][view["you"]]) in scores

    # The fair-shuffle check runs in the browser and passes.
    tab.page.click("[data-key=verify]")
    verdict = tab.page.locator("[data-testid=verify-result]")
    verdict.wait_for()
    assert verdict.get_attribute("data-ok") == "true"

    # The end of the game (conceded now, if one round did not reach the target): the final
    # breakdown is the API's.
    tab.page.click("[data-key=result-close]")
    if not tab.page.locator("[data-testid=final]").count():
        tab.page.click("[data-key=concede]")
        tab.page.click(".dialog button:has-text('Concede')")
        tab.page.wait_for_selector("[data-testid=final]")
    tab.assert_accessible("gin final")
    status, view = tab.api(f"/games/{game_id}")
    assert view["status"] == "finished"
    me, them = view["you"], 1 - view["you"]
    expect(tab.page.locator("[data-testid=total-me]")).to_have_text(
        str(view["final"]["totals"][me]), use_inner_text=True
    )
    expect(tab.page.locator("[data-testid=total-opponent]")).to_have_text(
        str(view["final"]["totals"][them]), use_inner_text=True
    )
    # Rematch starts a new game against the same computer at once.
    tab.page.click("[data-key=rematch]")
    tab.page.wait_for_function("id => !location.hash.includes(id)", arg=game_id)
    tab.page.wait_for_selector("[data-testid=hand] .card")

    # The finished game counts: my row on this week's board, one game on my profile.
    tab.page.click("header a:has-text('Leaderboards')")
    mine = tab.page.locator("table.board tr.me")
    mine.wait_for()
    expect(mine.locator("td").last).to_have_text("1", use_inner_text=True)
    tab.page.click("header a:has-text('Ann')")
    tab.page.wait_for_selector("h1:has-text('Your profile')")
    games = "[data-testid=stats-all] div:has(dt:text-is('Games')) dd"
    expect(tab.page.locator(games)).to_have_text("1", use_inner_text=True)
    gin = "[data-testid=stats-gin] div:has(dt:text-is('Games')) dd"
    expect(tab.page.locator(gin)).to_have_text("1", use_inner_text=True)
    tab.assert_healthy()


def test_friend_joins_by_the_invite_link_and_each_plays_a_turn(open_tab):
    host = open_tab()
    host.open("/")
    sign_up(host, "host", display_name="Hosta")
    host.page.click("form[aria-labelledby=h-friend] button[type=submit]")
    link = host.page.locator("[data-testid=invite-link]").get_attribute("href")
    assert re.search(r"/#/join/[A-Z0-9]{6}$", link)

    # The friend opens the link, signs up on the way, and lands at the table. The friend's
    # browser cannot stream (as behind a proxy that drops it): it keeps up by polling.
    friend = open_tab()
    friend.page.context.route("**/api/v1/games/*/events*", lambda route: route.abort())
    friend.page.goto(link)
    friend.page.wait_for_selector("text=Sign in")
    sign_up(friend, "friend", display_name="Fred")
    friend.page.wait_for_selector("[data-testid=hand] .card")
    host.page.wait_for_selector("[data-testid=hand] .card")  # live: no reload
    game_id = _game_id(host)
    assert _game_id(friend) == game_id
    assert "Fred" in host.page.inner_text(".table-title")

    tabs = {"you": None, "opponent": None}
    for tab in (host, friend):
        tabs[table(tab).get_attribute("data-turn")] = tab
    first, second = tabs["you"], tabs["opponent"]
    assert first is not None and second is not None

    # First player: take the upcard, then discard; the other sees both moves live.
    start = version(first)
    first.page.click("[data-key=discard-pile]")
    wait_for_version(first, start)
    first.page.click(f"[data-testid=hand] [data-card='{discard_choice(first)}']")
    after_first = wait_for_version(first, start + 1)
    wait_for_version(second, after_first - 1)
    assert version(second) == after_first
    assert table(second).get_attribute("data-turn") == "you"
    top = first.page.locator(".pile.discard .card.top").get_attribute("data-card")
    assert second.page.locator(".pile.discard .card.top").get_attribute("data-card") == top

    # Second player: draw from the stock and discard; the first sees it.
    second.page.click("[data-key=stock]")
    wait_for_version(second, after_first)
    second.page.click(f"[data-testid=hand] [data-card='{discard_choice(second)}']")
    after_second = wait_for_version(second, after_first + 1)
    wait_for_version(first, after_second - 1)
    assert table(first).get_attribute("data-turn") == "you"
    assert "discarded" in first.page.inner_text("[data-testid=last-move]")

    assert friend.page.locator("p.live").get_attribute("data-status") == "polling"
    assert host.page.locator("p.live").get_attribute("data-status") == "live"

    # A quick-chat phrase reaches the other player, by stream and by polling.
    second.page.click(".phrases button:has-text('Good luck!')")
    first.page.wait_for_selector(".chat-log li:has-text('Good luck!')")
    first.page.click(".phrases button:has-text('Thanks!')")
    second.page.wait_for_selector(".chat-log li:has-text('Thanks!')")

    # The host concedes (after a confirmation on the page); the friend offers a rematch,
    # which the host sees on the end screen (live, without a reload) and accepts there;
    # both are at the new table.
    host.page.click("[data-key=concede]")
    host.page.click(".dialog button:has-text('Concede')")
    host.page.wait_for_selector("[data-testid=final]")
    friend.page.wait_for_selector("[data-testid=final] h2:has-text('You won')")
    friend.page.click("[data-key=rematch]")
    friend.page.wait_for_selector("text=Waiting for Hosta to accept the rematch")
    offer = host.page.locator("[data-testid=final] [data-testid=rematch-offer]")
    offer.wait_for()
    assert "Fred offers a rematch" in offer.inner_text()
    host.page.click("[data-key=accept-offer]")
    host.page.wait_for_selector("[data-testid=hand] .card")
    friend.page.wait_for_selector("[data-testid=hand] .card")
    assert _game_id(host) == _game_id(friend) != game_id
    # A move later, neither sees a banner about the offer they have just taken up.
    tabs = {table(tab).get_attribute("data-turn"): tab for tab in (host, friend)}
    start = version(tabs["you"])
    tabs["you"].page.click("[data-key=discard-pile]")
    wait_for_version(tabs["opponent"], start)
    for tab in (host, friend):
        expect(tab.page.locator(".notice[data-kind=rematch_offered]")).to_have_count(0)
    host.assert_healthy()
    friend.assert_healthy(failed_requests=True)


def test_reload_mid_game_resumes_and_plays_by_keyboard_at_phone_width(open_tab):
    tab = open_tab(width=390, height=844)
    tab.open("/")
    sign_up(tab, "phone")
    game_id = _start_computer_game(tab, target="100")
    wait_for_my_turn(tab)

    # Keyboard only: D takes the upcard (always allowed on the first turn).
    before = version(tab)
    tab.page.keyboard.press("d")
    drawn = wait_for_version(tab, before)
    cards = hand(tab)
    assert len(cards) == 11

    tab.page.reload()
    tab.page.wait_for_selector("[data-testid=hand] .card")
    assert _game_id(tab) == game_id
    assert version(tab) == drawn
    assert sorted(hand(tab)) == sorted(cards)
    tab.page.wait_for_selector("p.live[data-status=live]")

    # Tab to the hand, move along it with the arrows, discard with Enter.
    for _ in range(30):
        tab.page.keyboard.press("Tab")
        if tab.page.evaluate(
            "() => document.activeElement.matches('[data-testid=hand] .card.playable')"
        ):
            break
    else:
        raise AssertionError("Tab never reached a playable card")
    tab.page.keyboard.press("ArrowRight")
    if not tab.page.evaluate("() => document.activeElement.matches('.card.playable')"):
        tab.page.keyboard.press("ArrowRight")
    tab.page.keyboard.press("Enter")
    wait_for_version(tab, drawn)
    wait_for_my_turn(tab)
    assert len(hand(tab)) == 10 or tab.page.locator("[data-testid=round-result]").count()

    # Phone width: nothing sticks out sideways.
    overflow = tab.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    tab.shot("table-phone")
    tab.assert_healthy()


def test_api_errors_are_shown_as_sentences(open_tab):
    tab = open_tab()
    tab.open("/")
    # A wrong password: the API's own sentence, in the form (filled once the sign-in
    # screen is the one shown).
    form = tab.page.locator("body[data-screen=signin] form")
    form.locator("#f-username").fill("nobody-here")
    form.locator("#f-password").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_selector("form .error-text:not(:empty)")
    status, body = tab.api(
        "/auth/token", method="POST", body={"username": "nobody-here", "password": PASSWORD}
    )
    assert status == 401
    expect(tab.page.locator("form .error-text")).to_have_text(body["detail"], use_inner_text=True)

    sign_up(tab, "err")
    tab.page.fill("#join-code", "ZZZZZZ")
    tab.page.click("form[aria-labelledby=h-join] button[type=submit]")
    notice = tab.page.locator(".notice[data-kind=error]")
    notice.wait_for()
    status, body = tab.api("/games/join", method="POST", body={"code": "ZZZZZZ"})
    assert status == 404
    assert notice.inner_text().startswith(body["detail"])

    # A game that is not ours: a sentence where the table would be, never a blank page.
    tab.open("/#/game/00000000-0000-0000-0000-000000000000")
    tab.page.wait_for_selector("text=This page could not be shown")
    status, body = tab.api("/games/00000000-0000-0000-0000-000000000000")
    assert status == 404
    expect(tab.page.locator("main .error-text")).to_have_text(body["detail"], use_inner_text=True)

    # Signing out revokes the token and returns to the sign-in screen.
    token = tab.token()
    tab.page.click("header button:has-text('Sign out')")
    tab.page.wait_for_selector("h1:has-text('Sign in')")
    assert tab.token() is None
    request = urllib.request.Request(
        tab.base + "/api/v1/me", headers={"Authorization": f"Token {token}"}
    )
    try:
        urllib.request.urlopen(request, timeout=WAIT_SECONDS)
        raise AssertionError("the token still works")
    except urllib.error.HTTPError as error:
        assert error.code == 401
    tab.assert_healthy(failed_requests=True)


def test_client_arranges_hands_with_the_rules_core_least_deadwood(open_tab):
    """The melds the table draws come from the client's own search (the view carries only
    the deadwood count): on random 10- and 11-card hands it finds the rules core's least
    deadwood, sets of exactly three included."""
    rng = random.Random(11)
    hands = [
        [str(c) for c in rng.sample(list(rules.DECK), rng.choice((10, 11)))] for _ in range(1500)
    ]
    hands.append(["TC", "TD", "TH", "2H", "3D", "6D", "KC", "8C", "5C", "6C"])
    tab = open_tab()
    tab.open()
    shown = tab.page.evaluate(
        """async (hands) => {
            const cards = await import('/static/web/cards.js');
            return hands.map((hand) => cards.bestArrangement(hand).points);
        }""",
        hands,
    )
    expected = [rules.deadwood_value(rules.cards(" ".join(hand))) for hand in hands]
    wrong = [
        (hand, got, want)
        for hand, got, want in zip(hands, shown, expected, strict=True)
        if got != want
    ]
    assert wrong == []
