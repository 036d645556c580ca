"""Rummy 500 (docs/games/rummy500.md) in a real browser: a whole game against the computer
to a small target, a deep pick from the spread discard pile with the picked card's duty
shown until it is met, and every Rummy 500 screen (the table, a round's result, the end,
the rules page) accessible at desktop and phone width."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games.ai.rummy500 import DESCRIPTIONS
from games.dealing import FixedDeals
from tests.web.helpers import (
    play_rummy_until,
    sign_up,
    table,
    version,
    wait_for_my_turn,
    wait_for_version,
)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _start_rummy500(tab, *, target: str = "500", computers: int = 1, level: str = "easy") -> str:
    """Create a Rummy 500 game against the computer through the home screen's form."""
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    form.locator("select[name=variant]").select_option("rummy500")
    form.locator(f"input[name=difficulty][value={level}]").check()
    form.locator("select[name=computers]").select_option(str(computers))
    form.locator("summary").click()
    form.locator("select[name=r500_target]").select_option(target)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_selector(
        "[data-testid=table][data-variant=rummy500] [data-testid=hand] .card"
    )
    match = re.search(r"#/game/([0-9a-f-]{36})", tab.page.url)
    assert match, tab.page.url
    return match.group(1)


def _accessible_at_both_sizes(tab, screen: str) -> None:
    for name, (width, height) in SIZES.items():
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.shot(f"rummy500-{screen}-{name}")
        tab.assert_accessible(f"rummy 500 {screen} at {width}x{height}")
    tab.page.set_viewport_size({"width": 1280, "height": 800})


def test_a_whole_rummy500_game_against_the_computer_scores_table_less_hand_to_its_end(open_tab):
    tab = open_tab(width=1280, height=800)
    tab.open("/")
    sign_up(tab, "fivehundred", display_name="Flo")
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    form.locator("select[name=variant]").select_option("rummy500")
    # the level's words are Rummy 500's computer's own
    expect(form.locator(".levels .hint[data-level=hard]")).to_have_text(DESCRIPTIONS["hard"])
    game_id = _start_rummy500(tab, target="100")
    status, view = tab.api(f"/games/{game_id}")
    assert status == 200 and view["variant"] == "rummy500" and view["rules"]["target"] == 100
    wait_for_my_turn(tab)
    expect(table(tab)).to_have_attribute("data-turn", "you")

    # The pile is spread open: every card of it on the screen, oldest first.
    _status, view = tab.api(f"/games/{game_id}")
    pile = tab.page.locator("[data-testid=discard-pile] [data-testid=pile-card]")
    assert [pile.nth(i).get_attribute("data-card") for i in range(pile.count())] == view["round"][
        "discard_pile"
    ]
    # Each seat's table points, and the player's own hand points, as the round goes.
    for seat in range(2):
        row = tab.page.locator(f"[data-testid=live-points-{seat}] [data-testid=table-points-value]")
        assert row.get_attribute("data-points") == str(view["round"]["table_points"][seat])
    _accessible_at_both_sizes(tab, "table")

    # Played by the Rummy policy (stock draws, melds found, lay-offs, the highest discard)
    # to the end of a round: its result is each seat's table points less its hand points.
    seen_rounds = 0
    while True:
        over = play_rummy_until(tab, {"result", "final"})
        if over == "final":
            break
        _status, view = tab.api(f"/games/{game_id}")
        result = view["rounds"][-1]
        if result["number"] == seen_rounds:  # a result seen already, opened again
            tab.page.click("[data-key=result-close]")
            continue
        seen_rounds = result["number"]
        box = tab.page.locator("[data-testid=round-result]")
        assert box.get_attribute("data-outcome") == result["outcome"]
        for seat in range(2):
            row = tab.page.locator(f"[data-testid=round-row-{seat}]")
            table_points = result["table_points"][seat]
            hand_points = result["hand_points"][seat]
            assert result["points"][seat] == table_points - hand_points
            expect(row.locator("[data-testid=result-table-points]")).to_have_text(
                f"+{table_points}"
            )
            expect(row.locator("[data-testid=result-hand-points]")).to_have_text(
                f"\u2212{hand_points}"
            )
            value = row.locator("[data-testid=round-points-value]")
            assert value.get_attribute("data-points") == str(result["points"][seat])
        if seen_rounds == 1:
            _accessible_at_both_sizes(tab, "result")
            tab.page.click("[data-key=verify]")
            verdict = tab.page.locator("[data-testid=verify-result]")
            verdict.wait_for()
            assert verdict.get_attribute("data-ok") == "true"
        tab.page.click("[data-key=result-close]")

    _status, view = tab.api(f"/games/{game_id}")
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "target" and max(view["final"]["totals"]) >= 100
    placement = tab.page.locator("[data-testid=placement] li")
    seats = [int(placement.nth(i).get_attribute("data-seat")) for i in range(placement.count())]
    assert seats == view["final"]["placement"]
    expect(tab.page.locator("[data-testid=total-me]")).to_have_text(
        str(view["final"]["totals"][view["you"]])
    )
    _accessible_at_both_sizes(tab, "final")
    tab.assert_healthy()


# A deal for the deep pick: seat 1 (the computer, first to play) holds one card of each rank,
# no two of a suit within two places, so no draw lets it meld; seat 0 holds 7♠ 8♠; the
# upcard is 9♠.
COMPUTER = ["AH", "4H", "7H", "TH", "2D", "5D", "8D", "JD", "3C", "6C", "9C", "QC", "KS"]
PLAYER = ["7S", "8S", "2S", "3S", "5S", "JS", "QS", "2H", "3H", "5H", "6H", "8H", "9H"]
UPCARD = "9S"


def _deep_pick_deck() -> list[str]:
    dealt = {*COMPUTER, *PLAYER, UPCARD}
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in dealt]
    # the stock: cards that meet none of the computer's, first
    rest.sort(key=lambda c: c[1] != "S")
    deck = [*COMPUTER, *PLAYER, UPCARD, *rest]
    assert len(deck) == len(set(deck)) == 52
    return deck


def test_a_deep_pick_clicked_on_the_spread_pile_takes_the_cards_above_and_owes_the_picked_card(
    open_tab, deal_from
):
    deal_from(FixedDeals([_deep_pick_deck()], dealer=0, salt="5" * 32))
    tab = open_tab(width=1280, height=800)
    tab.open("/")
    sign_up(tab, "picker", display_name="Pia")
    game_id = _start_rummy500(tab)
    wait_for_my_turn(tab)
    _status, view = tab.api(f"/games/{game_id}")
    r = view["round"]
    assert r["hand_sizes"] == [13, 13] and r["discard_pile"][0] == UPCARD
    assert len(r["discard_pile"]) == 2  # the upcard and the computer's discard on it
    above = r["discard_pile"][1]
    draw = next(a for a in r["legal_actions"] if a["type"] == "draw_discard")
    assert UPCARD in draw["cards"]

    # The deep card is a button named for what it takes.
    deep = tab.page.get_by_role("button", name="Take from the 9♠ down (2 cards)")
    expect(deep).to_be_visible()
    top = tab.page.locator("[data-testid=discard-pile] [data-key=discard-pile]")
    expect(top).to_have_attribute("aria-label", re.compile(r"^Take .* from the top of the pile$"))
    # The keyboard reaches it too: the arrows move along the pile's cards that may be taken.
    top.focus()
    tab.page.keyboard.press("ArrowLeft")
    expect(deep).to_be_focused()
    tab.shot("rummy500-pile-before-the-pick")
    start = version(tab)
    deep.click()
    wait_for_version(tab, start)

    # Both cards came to the hand; 9♠ is owed: marked in the hand and said in words.
    duty = tab.page.locator("[data-testid=picked-duty]")
    expect(duty).to_have_attribute("data-card", UPCARD)
    expect(duty).to_contain_text("You picked 9♠ from the pile")
    picked = tab.page.locator("[data-testid=hand] .card.picked")
    expect(picked).to_have_count(1)
    assert picked.get_attribute("data-card") == UPCARD
    hand = tab.page.locator("[data-testid=hand] .card")
    cards = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
    assert UPCARD in cards and above in cards and len(cards) == 15
    expect(tab.page.locator("[data-testid=discard-pile] [data-testid=pile-card]")).to_have_count(0)
    # Nothing may be discarded while the picked card is owed.
    expect(tab.page.locator("[data-key=act-discard]")).to_be_disabled()
    _status, view = tab.api(f"/games/{game_id}")
    assert view["round"]["picked_card"] == UPCARD
    _accessible_at_both_sizes(tab, "picked-card")
    # and in the dark colour scheme
    tab.page.click("[data-key=options]")
    dialog = tab.page.locator("[data-testid=options-dialog]")
    dialog.locator("select[name=theme]").select_option("dark")
    expect(tab.page.locator("html")).to_have_attribute("data-scheme", "dark")
    dialog.locator("[data-key=options-close]").click()
    expect(dialog).to_have_count(0)
    _accessible_at_both_sizes(tab, "picked-card-dark")

    # 7♠ 8♠ 9♠ put down meets the duty; the meld shows who laid each card.
    for card in ("7S", "8S", UPCARD):
        tab.page.click(f"[data-testid=hand] .card[data-card='{card}']")
    tab.page.click("[data-key=act-stage]")
    start = version(tab)
    tab.page.click("[data-key=act-meld]")
    wait_for_version(tab, start)
    expect(duty).to_have_count(0)
    expect(tab.page.locator("[data-testid=hand] .card.picked")).to_have_count(0)
    meld = tab.page.locator("[data-testid=table-melds] .table-meld")
    expect(meld).to_have_count(1)
    laid = meld.locator(".card")
    assert [laid.nth(i).get_attribute("data-laid-by") for i in range(3)] == ["0", "0", "0"]
    expect(laid.first).to_have_attribute("aria-label", re.compile("laid by you$"))
    points = tab.page.locator("[data-testid=live-points-0] [data-testid=table-points-value]")
    expect(points).to_have_attribute("data-points", "24")
    expect(tab.page.locator("[data-testid=my-table-points]")).to_have_text("table 24")
    _status, view = tab.api(f"/games/{game_id}")
    assert view["round"]["picked_card"] is None and view["round"]["table_points"][0] == 24

    # The turn goes on: a discard ends it.
    card = tab.page.locator("[data-testid=hand] .card.playable").first
    card.click()
    start = version(tab)
    tab.page.click("[data-key=act-discard]")
    wait_for_version(tab, start)
    tab.assert_healthy()


def test_the_rules_page_of_rummy500_gives_the_pick_rule_by_example(open_tab):
    tab = open_tab(width=1280, height=800)
    tab.open("/#/rules/rummy500")
    page = tab.page.locator("[data-testid=rules][data-variant=rummy500]")
    expect(page.locator("h1")).to_have_text("How to play Rummy 500")
    expect(page).to_contain_text("The pile, oldest first, is 9♠ 2♥ 3♣ K♦")
    expect(page).to_contain_text("Take 2♥: you get 2♥, 3♣ and K♦")
    expect(tab.page.locator("nav[aria-label=Games] a[aria-current=page]")).to_have_text("Rummy 500")
    _accessible_at_both_sizes(tab, "rules")
    tab.assert_healthy()
