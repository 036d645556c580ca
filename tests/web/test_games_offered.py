"""The browser client offers only the games it has a table for: the server plays Rummy 500
(docs/games/rummy500.md), but until the client can draw its table, no new-game form,
board tab or profile block names it."""

from __future__ import annotations

from tests.web.helpers import sign_up


def test_the_new_game_forms_and_boards_offer_only_the_games_with_a_table(open_tab):
    tab = open_tab()
    tab.open("/")
    sign_up(tab, "chooser")
    page = tab.page
    page.wait_for_selector("body[data-screen=home] select[name=variant]")
    for form in page.locator("form:has(select[name=variant])").all():
        values = form.locator("select[name=variant] option").evaluate_all(
            "(options) => options.map((o) => o.value)"
        )
        assert values == ["gin", "rummy", "indian"]
    page.goto(f"{tab.base}/#/leaderboards/weekly")
    page.wait_for_selector("nav[aria-label=Game]")
    tabs = page.locator("nav[aria-label=Game] a").all_inner_texts()
    assert "Rummy 500" not in tabs and "rummy500" not in " ".join(tabs)
    assert len(tabs) == 3
    tab.assert_healthy()
