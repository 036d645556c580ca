"""The browser client offers every game it has a table for, Rummy 500 among them
(docs/games/rummy500.md): each new-game form, the boards' tabs and the rules pages name
it."""

from __future__ import annotations

from tests.web.helpers import sign_up

OFFERED = ["gin", "rummy", "indian", "rummy500"]
LABELS = ["Gin Rummy", "Rummy", "Indian Rummy", "Rummy 500"]


def test_the_new_game_forms_boards_and_rules_offer_every_game_rummy500_included(open_tab):
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "chooser")
    page = tab.page
    page.wait_for_selector("body[data-screen=home] select[name=variant]")
    for form in page.locator("form:has(select[name=variant])").all():
        values = form.locator("select[name=variant] option").evaluate_all(
            "(options) => options.map((o) => o.value)"
        )
        assert values == OFFERED
    page.goto(f"{tab.base}/#/leaderboards/weekly")
    page.wait_for_selector("nav[aria-label=Game]")
    assert page.locator("nav[aria-label=Game] a").all_inner_texts() == LABELS
    page.goto(f"{tab.base}/#/rules")
    page.wait_for_selector("nav[aria-label=Games]")
    assert page.locator("nav[aria-label=Games] a").all_inner_texts() == LABELS
    tab.assert_healthy()
