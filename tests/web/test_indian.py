"""Indian Rummy (docs/games/indian-rummy.md) in a real browser: a whole points game against the
computer with
the hand arranged by drag, a table of three at phone width played by keyboard with a drop,
two people and a computer at a public table with a wrong show, and the rules, boards and
profile screens that name the game."""

from __future__ import annotations

import json
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.conftest import WAIT_SECONDS
from tests.deals import NobodyOutBeforeThePlayer
from tests.web.helpers import (
    STEP_MS,
    not_my_turn,
    play_until,
    sign_up,
    start_indian_vs_computers,
    table,
    version,
    wait_for_my_turn,
    wait_for_version,
)

INDIAN_VALUES = {"A": 10, "T": 10, "J": 10, "Q": 10, "K": 10, "X": 0}
LAST_GROUP_HOLDS = (
    "n => { const g = [...document.querySelectorAll('[data-testid=group]')].pop();"
    " return Boolean(g) && g.querySelectorAll('.card').length === n; }"
)


def _game_id(tab) -> str:
    match = re.search(r"#/game/([0-9a-f-]{36})", tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _groups(tab) -> list[list[str]]:
    """The player's groups on the screen, the loose cards last."""
    return tab.page.eval_on_selector_all(
        "[data-testid=hand] .group",
        "els => els.map((g) => [...g.querySelectorAll('.card')].map((c) => c.dataset.card))",
    )


def _indian_step(tab) -> str:
    """One action by a simple policy: declare when the server says a valid show exists
    (after "Arrange for me", with the arrangement's spare card face down), else draw from
    the stock and discard the arrangement's spare card. A click the screen moved on under
    is a "wait": the next step looks again."""
    try:
        return _indian_move(tab)
    except PlaywrightTimeout:
        return "wait"


def _indian_move(tab) -> str:
    page = tab.page
    seen = not_my_turn(tab)
    if seen:
        return seen
    if page.locator("[data-key=stock]").is_enabled():
        page.click("[data-key=stock]", timeout=STEP_MS)
        return "draw"
    if not page.locator("[data-key=act-discard]").count():
        return "wait"
    spare = page.get_attribute("[data-testid=server-count]", "data-discard", timeout=STEP_MS)
    if page.locator("[data-testid=valid-with]").count():
        page.click("[data-key=act-arrange]", timeout=STEP_MS)
        page.click(f"[data-testid=loose] [data-card='{spare}']", timeout=STEP_MS)
        check = page.locator("[data-testid=show-check]")
        assert check.get_attribute("data-valid", timeout=STEP_MS) == "true", (
            check.inner_text(),
            _groups(tab),
            page.get_attribute("[data-testid=wild-joker]", "data-rank"),
        )
        page.click("[data-key=act-declare]", timeout=STEP_MS)
        return "declare"
    playable = page.locator(f"[data-testid=hand] .card.playable[data-card='{spare}']")
    if not playable.count():
        cards = page.locator("[data-testid=hand] .card.playable")
        codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
        spare = max(codes, key=lambda c: INDIAN_VALUES.get(c[0]) or int(c[0]))
        playable = page.locator(f"[data-testid=hand] .card.playable[data-card='{spare}']")
    playable.first.click(timeout=STEP_MS)
    page.click("[data-key=act-discard]", timeout=STEP_MS)
    return "discard"


def _play_until(tab, wanted: set[str]) -> str:
    return play_until(tab, wanted, 10 * WAIT_SECONDS, step=_indian_step, shot="indian-stuck")


def _check_result(tab, result: dict) -> None:
    """The round result on screen is the API's, for every seat."""
    box = tab.page.locator("[data-testid=round-result]")
    assert box.get_attribute("data-outcome") == result["outcome"]
    for hand in result["hands"]:
        row = tab.page.locator(f"[data-testid=round-row-{hand['seat']}]")
        assert row.get_attribute("data-status") == hand["status"]
        points = row.locator("[data-testid=round-points-value]").get_attribute("data-points")
        assert points == str(result["points"][hand["seat"]])


def _check_final(tab, view: dict) -> None:
    placement = tab.page.locator("[data-testid=placement] li")
    seats = [int(placement.nth(i).get_attribute("data-seat")) for i in range(placement.count())]
    assert seats == view["final"]["placement"]
    mine = view["final"]["totals"][view["you"]]
    expect(tab.page.locator("[data-testid=total-me]")).to_have_text(str(mine), use_inner_text=True)


def test_a_whole_two_deal_indian_game_against_the_computer_with_the_hand_grouped_by_drag(
    open_tab, deal_from
):
    deal_from(NobodyOutBeforeThePlayer(2, seats=2))
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "ind", display_name="Indu")
    game_id = start_indian_vs_computers(tab, computers=1, fmt="deals-2")
    wait_for_my_turn(tab)
    status, view = tab.api(f"/games/{game_id}")
    assert status == 200 and view["variant"] == "indian" and len(view["players"]) == 2
    r = view["round"]
    # The wild joker shown face up, the hand of 13 in the server's groups, the other seat.
    wild = tab.page.locator("[data-testid=wild-joker]")
    assert wild.get_attribute("data-card") == r["wild_joker"]["card"]
    assert wild.get_attribute("data-rank") == r["wild_joker"]["rank"]
    assert sorted(c for g in _groups(tab) for c in g) == sorted(r["hand"])
    assert _groups(tab)[: len(r["arrangement"]["groups"])] == r["arrangement"]["groups"]
    seat = tab.page.locator("[data-testid=opponents] .opponent")
    expect(seat).to_have_count(1)
    expect(seat.locator("[data-testid=hand-size]")).to_have_text("13 cards", use_inner_text=True)
    drop = tab.page.locator("[data-key=act-drop]")
    assert drop.get_attribute("data-points") == "20"  # a first drop, before any draw
    tab.shot("indian-2-table")
    tab.assert_accessible("indian table, two seats")

    # A card dragged out of its place starts a new group; another dragged onto it joins it.
    first = tab.page.locator("[data-testid=hand] .card").last.get_attribute("data-card")
    tab.page.drag_and_drop("[data-testid=hand] .card >> nth=-1", "[data-testid=new-group]")
    tab.page.wait_for_function(LAST_GROUP_HOLDS, arg=1)
    assert _groups(tab)[len(r["arrangement"]["groups"])] == [first]
    other = tab.page.evaluate(
        """() => {
            const last = [...document.querySelectorAll('[data-testid=group]')].pop();
            const card = [...document.querySelectorAll('[data-testid=hand] .card')]
                .find((c) => !last.contains(c));
            return [card.dataset.key, card.dataset.card];
        }"""
    )
    tab.page.drag_and_drop(f"[data-key={other[0]}]", "[data-testid=group] >> nth=-1")
    tab.page.wait_for_function(LAST_GROUP_HOLDS, arg=2)
    last = tab.page.locator("[data-testid=group]").last
    held = last.locator(".card").evaluate_all("els => els.map((e) => e.dataset.card)")
    assert sorted(held) == sorted([first, other[1]])
    assert sorted(c for g in _groups(tab) for c in g) == sorted(r["hand"])
    arranged = _groups(tab)
    # The player's groups outlive a reload of the table.
    tab.page.reload()
    tab.page.wait_for_selector("[data-testid=table][data-variant=indian] [data-testid=hand] .card")
    assert _groups(tab) == arranged
    tab.page.wait_for_selector("[data-testid=live][data-status=live]")
    # "Arrange for me" puts back the server's least-points groups.
    tab.page.click("[data-key=act-arrange]")
    assert _groups(tab)[: len(r["arrangement"]["groups"])] == r["arrangement"]["groups"]

    _play_until(tab, {"result"})
    _status, view = tab.api(f"/games/{game_id}")
    _check_result(tab, view["rounds"][0])
    # Indian Rummy plays deals: the result says so, and so does its button.
    expect(tab.page.locator("#result-title")).to_have_text("Deal 1")
    expect(tab.page.locator("[data-key=result-close]")).to_have_text("Next deal")
    tab.shot("indian-2-result")
    tab.assert_accessible("indian round result")
    tab.page.click("[data-key=verify]")
    verdict = tab.page.locator("[data-testid=verify-result]")
    verdict.wait_for()
    assert verdict.get_attribute("data-ok") == "true", tab.page.inner_text(".verify")
    tab.page.click("[data-key=result-close]")
    # The second deal, to the end of the game: the lowest total wins.
    _play_until(tab, {"final"})
    _status, view = tab.api(f"/games/{game_id}")
    assert view["status"] == "finished" and view["final"]["reason"] == "deals"
    assert len(view["rounds"]) == 2
    _check_final(tab, view)
    # The game's history lists its deals.
    history = tab.page.locator("[data-testid=table] .info")
    expect(history.locator("h3")).to_have_text("Deals")
    expect(history.locator("ul.rounds li > span")).to_have_text(
        [re.compile(r"^Deal 2: "), re.compile(r"^Deal 1: ")]
    )
    expect(tab.page.locator("[data-testid=final] button", has_text="Last deal")).to_have_count(1)
    tab.shot("indian-2-final")
    tab.assert_accessible("indian final")
    tab.assert_healthy()


def test_a_table_of_three_at_phone_width_groups_by_keyboard_and_drops_at_its_cost(
    open_tab, deal_from
):
    deal_from(NobodyOutBeforeThePlayer(3, seats=3))
    tab = open_tab(width=390, height=844)
    tab.open("/")
    sign_up(tab, "drop")
    game_id = start_indian_vs_computers(tab, computers=2, fmt="deals-2")
    wait_for_my_turn(tab)
    expect(tab.page.locator("[data-testid=opponents] .opponent")).to_have_count(2)
    # The hand is one row that fits the phone's width.
    tops = tab.page.eval_on_selector_all(
        "[data-testid=hand] .card", "els => els.map((e) => e.offsetTop)"
    )
    assert len(tops) == 13 and len(set(tops)) == 1
    overflow = tab.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    tab.shot("indian-3-table-phone")
    tab.assert_accessible("indian table, three seats, phone")

    # Two cards grouped by keyboard alone: Tab reaches the hand, Space selects, the arrow
    # moves on, G groups the selection.
    groups = tab.page.locator("[data-testid=group]").count()
    for _ in range(40):
        tab.page.keyboard.press("Tab")
        if tab.page.evaluate("() => document.activeElement.matches('[data-testid=hand] .card')"):
            break
    else:
        raise AssertionError("Tab never reached a card of the hand")
    tab.page.keyboard.press("Space")
    tab.page.wait_for_selector("[data-testid=hand] .card.selected")
    tab.page.keyboard.press("ArrowRight")
    tab.page.keyboard.press("Space")
    tab.page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] .card.selected').length === 2"
    )
    chosen = tab.page.eval_on_selector_all(
        "[data-testid=hand] .card.selected", "els => els.map((e) => e.dataset.card)"
    )
    tab.page.keyboard.press("g")
    tab.page.wait_for_function(LAST_GROUP_HOLDS, arg=2)
    assert sorted(_groups(tab)[groups]) == sorted(chosen)

    # P offers the drop with its cost; confirming it takes this seat out of the deal.
    start = version(tab)
    tab.page.keyboard.press("p")
    dialog = tab.page.locator(".dialog[role=alertdialog]")
    dialog.wait_for()
    assert "20 points" in dialog.inner_text()
    tab.assert_accessible("indian drop confirmation")
    dialog.locator("button:has-text('Drop')").click()
    wait_for_version(tab, start)
    tab.page.wait_for_selector("[data-testid=round-result], [data-testid=my-status]")
    _status, view = tab.api(f"/games/{game_id}")
    if view["round"] is not None and view["round"]["number"] == 1:
        # (the computers may already have played the deal out, and the next one dealt)
        assert view["round"]["status"][view["you"]] == "dropped"
    # The computers play the deal out; the result counts the drop.
    tab.page.wait_for_selector("[data-testid=round-result]", timeout=10 * WAIT_SECONDS * 1000)
    _status, view = tab.api(f"/games/{game_id}")
    result = view["rounds"][0]
    mine = next(h for h in result["hands"] if h["seat"] == view["you"])
    assert mine["status"] == "dropped" and result["points"][view["you"]] == 20
    _check_result(tab, result)
    tab.shot("indian-3-result-phone")
    tab.assert_accessible("indian round result, phone")
    # The next deal deals this seat in again, with its total carried.
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] .card').length >= 13"
    )
    expect(tab.page.locator("[data-testid=score-me] b")).to_have_text("20", use_inner_text=True)
    _status, view = tab.api(f"/games/{game_id}")
    assert view["round"]["number"] == 2 and view["round"]["status"][view["you"]] == "in"
    tab.assert_healthy()


def test_two_people_and_a_computer_share_a_public_indian_table_and_a_wrong_show_costs_its_points(
    open_tab,
):
    host = open_tab()
    host.open("/")
    sign_up(host, "ann", display_name="Ann")
    form = host.page.locator("form[aria-labelledby=h-friend]")
    form.locator("select[name=variant]").select_option("indian")
    form.locator("select[name=indian_seats]").select_option("3")
    form.locator("select[name=indian_friend_computers]").select_option("1")
    form.locator("select[name=indian_friend_difficulty]").select_option("easy")
    form.locator("select[name=visibility]").select_option("public")
    form.locator("select[name=turn_seconds]").select_option("none")
    form.locator("summary").click()
    form.locator("select[name=indian_format]").select_option("deals-2")
    form.locator("button[type=submit]").click()
    host.page.wait_for_selector("[data-testid=invite-code]")
    expect(host.page.locator("[data-testid=seat-list] li.free")).to_have_count(1)
    host.assert_accessible("indian waiting room")

    # Bob finds the table in the lobby, with its game and its free seat, and joins it.
    bob = open_tab()
    bob.open("/")
    sign_up(bob, "bob", display_name="Bob")
    line = bob.page.locator("[data-testid=lobby] .lobby-line[data-variant=indian]")
    line.wait_for()
    assert "Indian Rummy" in line.text_content()
    assert "2 deals" in line.text_content()
    expect(line.locator("[data-testid=lobby-seats]")).to_have_text(
        "3 seats, 1 free", use_inner_text=True
    )
    line.locator("button:has-text('Join')").click()
    for tab in (host, bob):
        tab.page.wait_for_selector("[data-testid=hand] .card")
        expect(tab.page.locator("[data-testid=opponents] .opponent")).to_have_count(2)
    game_id = _game_id(host)
    assert _game_id(bob) == game_id
    tabs = {0: host, 1: bob}
    assert _game_id(bob) == game_id

    # Seat 0 deals: Bob (seat 1) plays first, then the computer (seat 2), then Ann.
    wait_for_my_turn(bob)
    host.page.wait_for_selector("[data-testid=seat-1].turn")
    start = version(bob)
    bob.page.click("[data-key=stock]")
    wait_for_version(bob, start)
    bob.page.locator("[data-testid=hand] .card.playable").first.click()
    bob.page.click("[data-key=act-discard]")
    for tab in tabs.values():
        wait_for_version(tab, start + 1)

    # Ann declares a hand that is no show (one draw into the deal): she is warned, goes
    # on, and pays the wrong show.
    wait_for_my_turn(host)
    host.shot("indian-3-people-table")
    start = version(host)
    host.page.click("[data-key=stock]")
    wait_for_version(host, start)
    host.page.locator("[data-testid=hand] .card").first.click()
    host.page.click("[data-key=act-declare]")
    dialog = host.page.locator(".dialog[role=alertdialog]")
    dialog.wait_for()
    assert "80 points" in dialog.inner_text()
    dialog.locator("button:has-text('Declare anyway')").click()
    wait_for_version(host, start + 1)
    host.page.wait_for_selector("[data-testid=my-status]:has-text('wrong show')")
    bob.page.wait_for_selector("[data-testid=seat-0][data-status=wrong_show]")
    # Bob drops in the middle of the deal (40): the computer, last one in, wins it.
    wait_for_my_turn(bob)
    assert bob.page.locator("[data-key=act-drop]").get_attribute("data-points") == "40"
    bob.page.click("[data-key=act-drop]")
    bob.page.click(".dialog button:has-text('Drop')")
    for tab in tabs.values():
        tab.page.wait_for_selector("[data-testid=round-result]")
    _status, view = host.api(f"/games/{game_id}")
    result = view["rounds"][0]
    assert result["points"][0] == 80 and result["points"][1] == 40
    assert result["outcome"] == "last_player" and result["winner"] == 2
    for tab in tabs.values():
        _check_result(tab, result)
    host.assert_accessible("indian result, three seats")
    # The second deal deals everyone in again; the totals carry the penalties.
    for tab in tabs.values():
        tab.page.click("[data-key=result-close]")
        tab.page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=hand] .card').length >= 13"
        )
    expect(host.page.locator("[data-testid=score-me] b")).to_have_text("80", use_inner_text=True)
    expect(bob.page.locator("[data-testid=score-me] b")).to_have_text("40", use_inner_text=True)
    for tab in tabs.values():
        tab.assert_healthy()


def test_the_rules_boards_and_profile_name_indian_rummy(open_tab):
    tab = open_tab(width=390, height=844)
    tab.open("/")
    sign_up(tab, "rules")
    tab.open("/#/rules/indian")
    page = tab.page.locator("[data-testid=rules][data-variant=indian]")
    page.wait_for()
    assert "wild joker" in page.inner_text().lower()
    assert (
        tab.page.locator("nav[aria-label=Games] a[aria-current=page]").inner_text()
        == "Indian Rummy"
    )
    tab.assert_accessible("indian rules")

    # The boards have a tab for the game; its board asks for ?variant=indian.
    tab.open("/#/leaderboards")
    tab.page.wait_for_selector("[data-testid=boards]")
    with tab.page.expect_response(lambda r: "variant=indian" in r.url) as answer:
        tab.page.click("nav[aria-label=Game] a[data-variant=indian]")
    tab.page.wait_for_selector("[data-testid=boards][data-variant=indian]")
    tab.page.wait_for_selector("[data-testid=boards] .board, [data-testid=board-error]")
    if answer.value.status != 200:
        # The server's refusal is shown as its sentence, under the tabs.
        expect(tab.page.locator("[data-testid=board-error]")).to_have_text(
            answer.value.json()["detail"], use_inner_text=True
        )
    tab.assert_accessible("indian boards")

    # The profile shows every game the server counts that the client draws, by name.
    tab.open("/#/me")
    tab.page.wait_for_selector("[data-testid=stats-all]")
    _status, me = tab.api("/me")
    labels = {
        "gin": "Gin Rummy",
        "rummy": "Rummy",
        "indian": "Indian Rummy",
        "rummy500": "Rummy 500",
    }
    assert set(labels) <= set(me["stats"]["variants"])
    for variant in me["stats"]["variants"]:
        section = tab.page.locator(f"[data-testid=stats-{variant}]")
        if variant in labels:
            expect(section.locator("h3")).to_have_text(labels[variant], use_inner_text=True)
        else:
            expect(section).to_have_count(0)
    tab.assert_healthy(failed_requests=True)


def test_play_now_deals_indian_rummy_to_a_guest_whose_hints_the_server_accepts(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(4, seats=2))  # the computer, first to play, shows not
    tab = open_tab()
    tab.open("/")
    panel = tab.page.locator("[data-testid=play-now]")
    panel.locator("[data-key=play-now]").wait_for()
    panel.locator("select").select_option("indian")
    panel.locator("input[name=play_level][value=easy]").check()
    panel.locator("[data-key=play-now]").click()
    tab.page.wait_for_selector("[data-testid=table][data-variant=indian] [data-testid=hand] .card")
    game_id = _game_id(tab)
    _status, me = tab.api("/me")
    assert me["guest"] is True
    for step in range(4):
        wait_for_my_turn(tab)
        if tab.page.locator("[data-testid=round-result], [data-testid=final]").count():
            break
        at = version(tab)
        tab.page.keyboard.press("h")
        tab.page.wait_for_selector("[data-testid=hint]")
        action = json.loads(table(tab).get_attribute("data-hint"))
        marked = tab.page.eval_on_selector_all(
            "[data-testid=hand] .card.hinted", "els => els.map((e) => e.dataset.card)"
        )
        if action["type"] in ("draw_stock", "draw_discard"):
            assert marked == []
            pile = "stock" if action["type"] == "draw_stock" else "discard-pile"
            expect(tab.page.locator(f"[data-key={pile}].hinted")).to_have_count(1)
        elif action["type"] == "drop":
            expect(tab.page.locator("[data-key=act-drop].hinted")).to_have_count(1)
        else:
            assert marked == [action["card"]]
        # The server takes the hinted move as it is.
        status, _ = tab.api(
            f"/games/{game_id}/actions", method="POST", body={**action, "expected_version": at}
        )
        assert status == 200, (step, action)
        wait_for_version(tab, at)
    tab.assert_accessible("indian table with a hint")
    tab.assert_healthy()


def test_a_pool_game_ends_when_a_players_drops_reach_the_pool(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(101, seats=2))
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "pool")
    game_id = start_indian_vs_computers(tab, computers=1, fmt="pool-101")
    # A first drop every deal (20 points): the sixth takes this seat past 101 and out.
    for deal in range(1, 7):
        wait_for_my_turn(tab)
        assert not tab.page.locator("[data-testid=final]").count()
        drop = tab.page.locator("[data-key=act-drop]")
        assert drop.get_attribute("data-points") == "20"
        drop.click()
        tab.page.click(".dialog[role=alertdialog] button:has-text('Drop')")
        box = tab.page.locator("[data-testid=round-result]")
        box.wait_for()
        assert box.get_attribute("data-outcome") == "last_player"
        row = tab.page.locator("[data-testid=round-row-0]")
        assert row.get_attribute("data-status") == "dropped"
        expect(row.locator("td").last).to_have_text(str(20 * deal), use_inner_text=True)
        tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")
    _status, view = tab.api(f"/games/{game_id}")
    assert view["final"]["reason"] == "pool" and view["final"]["winner"] == 1
    assert view["final"]["totals"][0] == 120
    _check_final(tab, view)
    assert "pool" in tab.page.inner_text("[data-testid=final]")
    tab.assert_accessible("indian pool final")
    tab.assert_healthy()
