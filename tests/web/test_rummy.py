"""Rummy (docs/games/rummy.md) in a real browser: whole games against computers at 2 and 4 seats, a
table of three people in three browsers, and the coming-out requirement on screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.deals import NobodyOutBeforeThePlayer
from tests.web.helpers import (
    play_rummy_until,
    sign_up,
    start_rummy_vs_computers,
    table,
    version,
    wait_for_my_turn,
    wait_for_version,
)


def _game_id(tab) -> str:
    match = re.search(r"#/game/([0-9a-f-]{36})", tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _check_final(tab, view) -> None:
    """The final screen's placement and totals are the API's, for every seat."""
    placement = tab.page.locator("[data-testid=placement] li")
    seats = [int(placement.nth(i).get_attribute("data-seat")) for i in range(placement.count())]
    assert seats == view["final"]["placement"]
    assert len(seats) == len(view["players"])
    mine = view["final"]["totals"][view["you"]]
    expect(tab.page.locator("[data-testid=total-me]")).to_have_text(str(mine), use_inner_text=True)


def test_a_whole_two_seat_rummy_game_against_the_computer(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(2, seats=2))
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "rum", display_name="Rosa")
    game_id = start_rummy_vs_computers(tab, computers=1)
    status, view = tab.api(f"/games/{game_id}")
    assert status == 200 and view["variant"] == "rummy" and view["rules"]["hand_size"] == 7
    assert len(view["players"]) == 2
    # One seat across the table, with its hand size; the coming-out requirement shown.
    wait_for_my_turn(tab)
    opponent = tab.page.locator("[data-testid=opponents] .opponent")
    expect(opponent).to_have_count(1)
    assert view["round"]["turn"] == view["you"]
    seat = view["round"]["hand_sizes"]
    expect(opponent.locator("[data-testid=hand-size]")).to_have_text(
        f"{seat[1]} cards", use_inner_text=True
    )
    tab.page.click("[data-key=stock]")
    tab.page.wait_for_selector("[data-testid=coming-out]")
    needed = tab.page.get_attribute("[data-testid=coming-out]", "data-needed")
    assert needed == "40"
    tab.shot("rummy-2-table")

    play_rummy_until(tab, {"result"})
    status, view = tab.api(f"/games/{game_id}")
    result = view["rounds"][0]
    box = tab.page.locator("[data-testid=round-result]")
    assert box.get_attribute("data-outcome") == result["outcome"]
    for seat in range(2):
        row = tab.page.locator(f"[data-testid=round-row-{seat}] [data-testid=round-points-value]")
        assert row.get_attribute("data-points") == str(result["points"][seat])
    expect(tab.page.locator("#result-title")).to_have_text("Round 1")  # Rummy plays rounds
    tab.shot("rummy-2-result")
    tab.assert_accessible("rummy round result")
    tab.page.click("[data-key=verify]")
    verdict = tab.page.locator("[data-testid=verify-result]")
    verdict.wait_for()
    assert verdict.get_attribute("data-ok") == "true"
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")
    assert view["status"] == "finished"
    _check_final(tab, view)
    tab.shot("rummy-2-final")
    tab.assert_accessible("rummy final")
    tab.assert_healthy()


def test_a_whole_four_seat_rummy_game_against_three_computers_at_phone_width(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(4, seats=4))
    tab = open_tab(width=390, height=844)
    tab.open("/")
    sign_up(tab, "four")
    game_id = start_rummy_vs_computers(tab, computers=3, first_meld="20")
    wait_for_my_turn(tab)
    expect(table(tab)).to_have_attribute("data-turn", "you")
    expect(tab.page.locator("[data-testid=opponents] .opponent")).to_have_count(3)
    # A turn by keyboard alone: S draws, Tab reaches the hand, Space selects, X discards.
    start = version(tab)
    tab.page.keyboard.press("s")
    wait_for_version(tab, start)
    for _ in range(40):
        tab.page.keyboard.press("Tab")
        if tab.page.evaluate(
            "() => document.activeElement.matches('[data-testid=hand] .card.playable')"
        ):
            break
    else:
        raise AssertionError("Tab never reached a card of the hand")
    tab.page.keyboard.press("Space")
    tab.page.wait_for_selector("[data-testid=hand] .card.selected")
    tab.page.keyboard.press("x")
    wait_for_version(tab, start + 1)
    # Then the computers' draws and discards travel from pile to hand and back.
    wait_for_my_turn(tab)
    if not tab.page.locator("[data-testid=round-result]").count():
        assert int(tab.page.get_attribute("body", "data-flights") or 0) >= 6
        assert tab.page.get_attribute("body", "data-last-flight").endswith(">pile")
    # The hand is one row that fits the phone's width.
    tops = tab.page.eval_on_selector_all(
        "[data-testid=hand] .card",
        "els => els.map((e) => e.offsetTop)",
    )
    assert len(set(tops)) == 1
    overflow = tab.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    tab.assert_accessible("rummy table, four seats, phone")
    play_rummy_until(tab, {"result"})
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")
    _status, view = tab.api(f"/games/{game_id}")
    assert view["status"] == "finished" and len(view["final"]["placement"]) == 4
    _check_final(tab, view)
    tab.assert_healthy()


def test_three_people_share_a_rummy_table_and_leavers_are_played_by_the_computer(open_tab):
    host = open_tab()
    host.open("/")
    sign_up(host, "ann", display_name="Ann")
    form = host.page.locator("form[aria-labelledby=h-friend]")
    form.locator("select[name=variant]").select_option("rummy")
    form.locator("select[name=seats]").select_option("3")
    form.locator("summary").click()
    form.locator("select[name=hand_size]").select_option("7")
    form.locator("select[name=rounds]").select_option("1")
    form.locator("button[type=submit]").click()
    code = host.page.locator("[data-testid=invite-code]").inner_text()
    expect(host.page.locator("[data-testid=seat-list] li.free")).to_have_count(2)
    host.assert_accessible("rummy waiting room")

    # Bob joins by the link, Cleo by the code on her home screen.
    bob = open_tab()
    bob.page.goto(host.page.locator("[data-testid=invite-link]").get_attribute("href"))
    sign_up(bob, "bob", display_name="Bob")
    bob.page.wait_for_selector("[data-testid=seat-list] li.free")
    host.page.wait_for_selector("[data-testid=seat-list] li:has-text('Bob')")
    cleo = open_tab(width=390, height=844)
    cleo.open("/")
    sign_up(cleo, "cleo", display_name="Cleo")
    cleo.page.fill("#join-code", code)
    cleo.page.click("form[aria-labelledby=h-join] button[type=submit]")
    tabs = (host, bob, cleo)
    for tab in tabs:  # the game starts for everyone, live
        tab.page.wait_for_selector("[data-testid=hand] .card")
        expect(tab.page.locator("[data-testid=opponents] .opponent")).to_have_count(2)
    game_id = _game_id(host)
    assert _game_id(bob) == _game_id(cleo) == game_id

    # A full turn each, in seat order, everyone seeing who is to act.
    for _ in range(3):
        turn = int(table(host).get_attribute("data-turn-seat"))
        player = next(t for t in tabs if table(t).get_attribute("data-turn") == "you")
        _status, view = player.api(f"/games/{game_id}")
        assert view["you"] == turn
        for other in tabs:
            if other is not player:
                seat = other.page.locator(f"[data-testid=seat-{turn}]")
                assert "turn" in (seat.get_attribute("class") or "")
        start = version(player)
        player.page.click("[data-key=stock]")
        wait_for_version(player, start)
        card = player.page.locator("[data-testid=hand] .card.playable").first
        card.click()
        player.page.click("[data-key=act-discard]")
        for tab in tabs:
            wait_for_version(tab, start + 1)
    host.shot("rummy-3-table")
    cleo.shot("rummy-3-table-phone")

    # Cleo leaves: the others see her seat played by a computer, and she is told so.
    cleo.page.click("[data-key=concede]")
    cleo.page.click(".dialog button:has-text('Leave')")
    cleo.page.wait_for_selector("text=You left this game")
    _status, view = host.api(f"/games/{game_id}")
    (stand_in,) = [p["name"] for p in view["players"] if p["computer"]]
    for tab in (host, bob):
        tab.page.wait_for_selector("[data-testid=opponents] [data-testid=replaced]")
        assert f"{stand_in} for Cleo" in tab.page.inner_text("[data-testid=opponents]")
    host.assert_accessible("rummy table of three")

    # Bob and then Ann leave too: with nobody left the game ends, and every seat is placed.
    for tab, button in ((bob, "Leave"), (host, "Leave")):
        tab.page.wait_for_selector("[data-key=concede]")
        tab.page.click("[data-key=concede]")
        tab.page.click(f".dialog button:has-text('{button}')")
    for tab in tabs:
        tab.page.wait_for_selector("[data-testid=final]")
    _status, view = host.api(f"/games/{game_id}")
    assert view["status"] == "finished"
    for tab in tabs:
        placement = tab.page.locator("[data-testid=placement] li")
        assert [int(placement.nth(i).get_attribute("data-seat")) for i in range(3)] == view[
            "final"
        ]["placement"]
    for tab in tabs:
        tab.assert_healthy(failed_requests=True)
