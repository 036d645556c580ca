"""Playing without an account in a real browser: "Play now" on a first visit, a friend's
invite opened signed out, the claim form that keeps a guest's games, and hints in games
against the computer (none at a table with people). Each guest screen passes axe-core and
is photographed at desktop and phone width into .artifacts/web/."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.web.conftest import PASSWORD, Page
from tests.web.helpers import (
    play_until,
    sign_up,
    table,
    version,
    wait_for_my_turn,
    wait_for_version,
)


def _game_id(tab: Page) -> str:
    match = re.search(r"#/game/([0-9a-f-]{36})", tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _call(
    base: str, path: str, *, method: str = "GET", body: Any = None, token: str = ""
) -> tuple[int, Any]:
    """The API as any client calls it, with ``token`` (or none)."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    request = urllib.request.Request(
        f"{base}/api/v1{path}", data=data, method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def _landing(tab: Page) -> None:
    tab.open("/")
    tab.page.wait_for_selector(
        "body[data-screen=signin] [data-testid=play-now] [data-key=play-now]"
    )


def _play_now(tab: Page, *, level: str | None = None, variant: str | None = None) -> str:
    """The first visit's one click (a level or game chosen first, if given); lands at the
    new game's table. Returns the game's id."""
    panel = tab.page.locator("[data-testid=play-now]")
    if variant:
        panel.locator("select").select_option(variant)
    if level:
        panel.locator(f"input[name=play_level][value={level}]").check()
    panel.locator("[data-key=play-now]").click()
    tab.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    return _game_id(tab)


def _home(tab: Page) -> None:
    tab.page.click("header a:has-text('Play')")
    tab.page.wait_for_selector("body[data-ready=home] [data-testid=lobby]")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_guest_screens_are_accessible_at_desktop_and_phone_width(open_tab, site, width, height):
    size = f"{width}x{height}"
    tab = open_tab(width=width, height=height)
    _landing(tab)
    tab.shot(f"guest-landing-{size}")
    found = tab.axe(f"first visit at {size}")

    # Medium is chosen unless the player picks another level.
    checked = tab.page.locator("[data-testid=play-now] input[name=play_level]:checked")
    assert checked.get_attribute("value") == "medium"
    game_id = _play_now(tab)
    status, view = tab.api(f"/games/{game_id}")
    assert status == 200 and "variant" not in view and view["opponent"] == "computer"
    assert [p["computer"] for p in view["players"] if p["computer"]] == ["medium"]
    banner = tab.page.locator("[data-testid=guest-banner]")
    assert banner.inner_text() == "Playing as a guest \u2014 keep your games: choose a username"
    tab.page.wait_for_selector("[data-testid=live][data-status=live]")
    wait_for_my_turn(tab)
    tab.page.click("[data-key=hint]")
    tab.page.wait_for_selector("[data-testid=hint]")
    tab.shot(f"guest-table-hint-{size}")
    found += tab.axe(f"a guest's table with a hint at {size}")

    _home(tab)
    assert tab.page.locator(f".game-line a[href='#/game/{game_id}']").count() == 1
    assert tab.page.inner_text("h1") == "Welcome"  # not the made-up name
    tab.shot(f"guest-home-{size}")
    found += tab.axe(f"a guest's home at {size}")
    tab.page.click("header a:has-text('Leaderboards')")
    tab.page.wait_for_selector("[data-testid=boards] table.board")
    note = tab.page.locator("[data-testid=boards] [data-testid=guest-note]")
    assert "Guests are not on the leaderboards" in note.inner_text()
    found += tab.axe(f"leaderboards seen by a guest at {size}")
    tab.page.click("header a[href='#/me']")
    tab.page.wait_for_selector("[data-testid=stats-all]")
    assert tab.page.locator("[data-testid=guest-note]").count() == 1
    found += tab.axe(f"a guest's profile at {size}")

    banner.locator("a").click()
    tab.page.wait_for_selector("body[data-screen=claim] [data-testid=claim] #f-username")
    assert tab.page.locator("[data-testid=guest-banner]").is_hidden()
    tab.shot(f"guest-claim-{size}")
    found += tab.axe(f"the claim form at {size}")
    tab.page.fill("#f-username", "ab")
    tab.page.fill("#f-password", "short")
    tab.page.click("[data-key=claim]")
    tab.page.wait_for_selector("[data-testid=error-password]:not([hidden])")
    tab.shot(f"guest-claim-errors-{size}")
    found += tab.axe(f"the claim form with errors at {size}")

    # A friend's invitation opened signed out (another browser).
    status, host = _call(
        site,
        "/auth/register",
        method="POST",
        body={"username": f"host{width}", "password": PASSWORD},
    )
    assert status == 201
    status, waiting = _call(
        site, "/games", method="POST", body={"opponent": "human"}, token=host["token"]
    )
    assert status == 201
    friend = open_tab(width=width, height=height)
    friend.open(f"/#/join/{waiting['invite_code']}")
    friend.page.wait_for_selector("[data-testid=invite] [data-key=join-as-guest]")
    assert friend.page.inner_text("[data-testid=invite-code]") == waiting["invite_code"]
    friend.shot(f"guest-invite-{size}")
    found += friend.axe(f"an invite opened signed out at {size}")
    assert found == []
    tab.assert_healthy(failed_requests=True)  # the refused claim's 400
    friend.assert_healthy()


def test_play_now_starts_a_game_as_a_guest_who_plays_one_to_the_end(open_tab):
    tab = open_tab()
    _landing(tab)
    first = _play_now(tab, level="easy")
    status, me = tab.api("/me")
    assert status == 200 and me["guest"] is True and me["username"].startswith("guest-")
    status, view = tab.api(f"/games/{first}")
    assert [p["computer"] for p in view["players"] if p["computer"]] == ["easy"]
    assert table(tab).get_attribute("data-variant") == "gin"

    # A short game (to 10 points) against the computer, played to its end on screen.
    status, game = tab.api(
        "/games",
        method="POST",
        body={"opponent": "computer", "difficulty": "easy", "rules": {"target_score": 10}},
    )
    assert status == 201
    tab.page.goto(f"{tab.base}/#/game/{game['id']}")
    tab.page.wait_for_selector("[data-testid=table][data-status=active] [data-testid=hand] .card")
    play_until(tab, {"final"}, timeout=180)
    status, view = tab.api(f"/games/{game['id']}")
    assert view["status"] == "finished"
    me_seat = view["you"]
    assert tab.page.inner_text("[data-testid=total-me]") == str(view["final"]["totals"][me_seat])
    tab.assert_accessible("a guest's finished game")

    # Both games are the guest's, in its list.
    _home(tab)
    line = tab.page.locator(f".game-line:has(a[href='#/game/{game['id']}'])")
    assert line.locator(".state").inner_text() in ("You won", "You lost")
    assert tab.page.locator(f".game-line a[href='#/game/{first}']").count() == 1

    # Signing out is offered only after the way to keep the games; then the guest is gone.
    token = tab.token()
    tab.page.click("header [data-key=sign-out]")
    tab.page.click("[data-testid=guest-leave] [data-key=guest-sign-out]")
    tab.page.wait_for_selector("body[data-screen=signin] [data-testid=play-now]")
    assert tab.token() is None
    status, _ = _call(tab.base, "/me", token=token)
    assert status == 401
    tab.assert_healthy()


def test_claiming_a_guest_keeps_its_games_and_ends_its_old_token(open_tab, site):
    tab = open_tab()
    tab.open("/#/rules")
    tab.page.wait_for_selector("[data-testid=rules]")
    tab.page.click("header [data-key=nav-play-now]")  # one click, from any signed-out screen
    tab.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    game_id = _game_id(tab)
    guest_token = tab.token()
    status, view = tab.api(f"/games/{game_id}")
    assert [p["computer"] for p in view["players"] if p["computer"]] == ["medium"]

    # Signing out would lose the games: the claim form comes first.
    tab.page.click("header [data-key=sign-out]")
    tab.page.wait_for_selector("body[data-screen=claim] h1:has-text('before you sign out')")
    assert tab.token() == guest_token

    # Refusals are the API's own sentences, each under its field.
    taken = "claimtaken"
    status, _ = _call(
        site, "/auth/register", method="POST", body={"username": taken, "password": PASSWORD}
    )
    assert status == 201
    tab.page.fill("#f-username", "guest-mine")
    tab.page.fill("#f-password", "12345678")
    tab.page.click("[data-key=claim]")
    tab.page.wait_for_selector("[data-testid=error-username]:not([hidden])")
    status, body = _call(
        site,
        "/auth/claim",
        method="POST",
        body={"username": "guest-mine", "password": "12345678"},
        token=guest_token,
    )
    assert status == 400
    assert tab.page.inner_text("[data-testid=error-username]") == " ".join(
        body["fields"]["username"]
    )
    assert tab.page.inner_text("[data-testid=error-password]") == " ".join(
        body["fields"]["password"]
    )
    assert tab.page.get_attribute("#f-username", "aria-invalid") == "true"
    tab.page.fill("#f-username", taken)
    tab.page.fill("#f-password", PASSWORD)
    tab.page.click("[data-key=claim]")
    tab.page.wait_for_selector("[data-testid=error-username]:has-text('That username is taken.')")
    assert tab.page.locator("[data-testid=error-password]").is_hidden()

    tab.page.fill("#f-username", "kept")
    tab.page.fill("#f-display_name", "Kay")
    tab.page.click("[data-key=claim]")
    tab.page.wait_for_selector("body[data-ready=home]")
    tab.page.wait_for_selector(".notice[data-kind=info]:has-text('Your games are kept')")
    assert tab.page.locator("[data-testid=guest-banner]").is_hidden()
    assert tab.page.locator("header a[href='#/me']").inner_text() == "Kay"
    assert tab.page.locator(f".game-line a[href='#/game/{game_id}']").count() == 1
    assert tab.token() != guest_token
    status, me = tab.api("/me")
    assert status == 200 and me["guest"] is False and me["username"] == "kept"
    status, _ = _call(site, "/me", token=guest_token)
    assert status == 401
    # The account is an ordinary one now: it signs in with its password elsewhere.
    status, _ = _call(
        site, "/auth/token", method="POST", body={"username": "kept", "password": PASSWORD}
    )
    assert status == 200
    # Its table opens, live, with the new token.
    tab.page.click(f".game-line a[href='#/game/{game_id}']")
    tab.page.wait_for_selector("[data-testid=live][data-status=live]")
    tab.assert_healthy(failed_requests=True)  # the refused claims' 400 and 409


def test_a_friends_invite_opened_signed_out_joins_as_a_guest_in_one_click(open_tab):
    host = open_tab()
    host.open("/")
    sign_up(host, "inviter", display_name="Ines")
    host.page.click("form[aria-labelledby=h-friend] button[type=submit]")
    link = host.page.locator("[data-testid=invite-link]").get_attribute("href")

    friend = open_tab()
    friend.page.goto(link)
    friend.page.wait_for_selector("[data-testid=invite] [data-key=join-as-guest]")
    friend.page.fill("#f-display_name", "Gus")
    friend.page.click("[data-key=join-as-guest]")
    friend.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    host.page.wait_for_selector("[data-testid=table] [data-testid=hand] .card")
    assert _game_id(friend) == _game_id(host)
    host.page.wait_for_selector(".table-title:has-text('Gus')")
    status, me = friend.api("/me")
    assert status == 200 and me["guest"] is True and me["display_name"] == "Gus"
    assert friend.page.locator("[data-testid=guest-banner]").is_visible()

    # No hint at a table with people, on either side, and the server refuses one anyway.
    for tab in (host, friend):
        tab.page.wait_for_selector("[data-testid=table][data-status=active] .info .keys")
        assert tab.page.locator("[data-key=hint]").count() == 0
        assert "H shows a hint" not in tab.page.inner_text(".info .keys")
    status, body = friend.api(f"/games/{_game_id(friend)}/hint")
    assert status == 409 and body["code"] == "hints_unavailable"
    # The guest plays: whoever's turn it is takes the upcard, and the other sees it.
    mover = host if table(host).get_attribute("data-turn") == "you" else friend
    other = friend if mover is host else host
    wait_for_my_turn(mover)
    start = version(mover)
    mover.page.keyboard.press("d")
    wait_for_version(other, start, timeout=20)
    host.assert_healthy()
    friend.assert_healthy()


def _hinted(tab: Page) -> dict[str, Any]:
    tab.page.wait_for_selector("[data-testid=hint]")
    return json.loads(table(tab).get_attribute("data-hint"))


def test_a_hint_marks_a_legal_gin_move_without_playing_it(open_tab):
    tab = open_tab()
    _landing(tab)
    game_id = _play_now(tab, level="easy")
    wait_for_my_turn(tab)
    tab.page.wait_for_selector("[data-key=hint]:not([disabled])")
    before = version(tab)
    tab.page.keyboard.press("h")
    action = _hinted(tab)
    assert version(tab) == before  # shown, not played
    status, view = tab.api(f"/games/{game_id}")
    assert view["version"] == before
    legal = {a["type"]: a for a in view["round"]["legal_actions"]}
    assert action["type"] in legal
    marked = {
        "draw_stock": "[data-key=stock].hinted",
        "draw_discard": "[data-key=discard-pile].hinted",
        "pass": "[data-key=act-pass].hinted",
    }[action["type"]]
    assert tab.page.locator(".hinted").count() == 1
    tab.page.click(marked)  # the marked control plays it
    drawn = wait_for_version(tab, before)
    assert tab.page.locator("[data-testid=hint]").count() == 0  # a hint lasts one version
    assert table(tab).get_attribute("data-hint") is None

    # Until a discard is hinted: the marked card is one the rules allow.
    for _ in range(12):
        wait_for_my_turn(tab)
        if tab.page.locator("[data-testid=round-result], [data-testid=final]").count():
            break
        at = version(tab)
        if not tab.page.locator("[data-testid=hand] .card.playable").count():
            tab.page.click("[data-key=hint]")
            action = _hinted(tab)
            target = {"draw_stock": "[data-key=stock]", "draw_discard": "[data-key=discard-pile]"}
            tab.page.click(target[action["type"]] + ".hinted")
            wait_for_version(tab, at)
            continue
        tab.page.click("[data-key=hint]")
        action = _hinted(tab)
        status, view = tab.api(f"/games/{game_id}")
        assert status == 200
        legal = {a["type"]: a for a in view["round"]["legal_actions"]}
        assert action["type"] in legal and action["card"] in legal[action["type"]]["cards"]
        card = tab.page.locator("[data-testid=hand] .card.hinted")
        assert card.count() == 1 and card.get_attribute("data-card") == action["card"]
        if action["type"] == "discard":
            assert tab.page.inner_text("[data-testid=hint]").strip().startswith("Hint: discard")
            card.click()
        elif tab.page.locator("[data-key=act-gin].hinted").count():
            tab.page.click("[data-key=act-gin]")
        else:
            tab.page.click("[data-key=act-knock].hinted")
            tab.page.click(f"[data-testid=hand] .card.knockable[data-card='{action['card']}']")
        wait_for_version(tab, at)
        break
    else:
        raise AssertionError("no discard was hinted")
    assert version(tab) > drawn
    tab.assert_healthy()


def test_a_hint_at_rummy_marks_the_cards_of_a_move_the_server_accepts(open_tab):
    tab = open_tab()
    _landing(tab)
    game_id = _play_now(tab, level="easy", variant="rummy")
    assert table(tab).get_attribute("data-variant") == "rummy"
    for step in range(4):
        wait_for_my_turn(tab)
        if tab.page.locator("[data-testid=round-result], [data-testid=final]").count():
            break
        at = version(tab)
        tab.page.click("[data-key=hint]")
        action = _hinted(tab)
        hand_cards = tab.page.locator("[data-testid=hand] .card.hinted")
        marked = [hand_cards.nth(i).get_attribute("data-card") for i in range(hand_cards.count())]
        if action["type"] in ("draw_stock", "draw_discard"):
            assert marked == []
            pile = "stock" if action["type"] == "draw_stock" else "discard-pile"
            assert tab.page.locator(f"[data-key={pile}].hinted").count() == 1
        elif action["type"] == "meld":
            assert sorted(marked) == sorted(c for meld in action["melds"] for c in meld)
        else:
            assert marked == [action["card"]]
            if action["type"] in ("layoff", "swap_joker"):
                assert tab.page.locator(f"[data-meld='{action['meld']}'].hinted").count() == 1
        # The server takes the hinted move as it is.
        status, _ = tab.api(
            f"/games/{game_id}/actions", method="POST", body={**action, "expected_version": at}
        )
        assert status == 200, (step, action)
        wait_for_version(tab, at)
    tab.assert_healthy()
