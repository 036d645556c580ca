"""A finished game's review in a real browser: reached from the game's final screen, stepped
through with the buttons and the arrow keys, the costliest decisions listed, accessible at
desktop and phone width (screenshots under .artifacts/web/)."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import expect

from tests.deals import NobodyOutBeforeThePlayer
from tests.web.helpers import sign_up

SHORT_RUMMY = {
    "opponent": "computer",
    "variant": "rummy",
    "computers": 1,
    "difficulty": "easy",
    "rules": {"hand_size": 7, "rounds": 1},
}


def _a_few_moves_then_concede(tab, turns: int = 3) -> str:
    """A short Rummy game through the API: ``turns`` turns (a stock draw, then the first
    card the rules let go), then a concession, which ends it. Its id."""
    status, game = tab.api("/games", "POST", SHORT_RUMMY)
    assert status == 201, game
    game_id = game["id"]
    for _ in range(2 * turns):
        _, view = tab.api(f"/games/{game_id}")
        legal = {entry["type"]: entry for entry in view["round"]["legal_actions"]}
        action = (
            {"type": "draw_stock"}
            if "draw_stock" in legal
            else {"type": "discard", "card": legal["discard"]["cards"][0]}
        )
        status, _ = tab.api(f"/games/{game_id}/actions", "POST", action)
        assert status == 200
    status, view = tab.api(f"/games/{game_id}/concede", "POST")
    assert status == 200 and view["status"] == "finished"
    return game_id


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_review_is_stepped_through_from_the_finished_game(open_tab, deal_from, width, height):
    deal_from(NobodyOutBeforeThePlayer(width, seats=2))
    tab = open_tab(width=width, height=height)
    tab.open("/")
    sign_up(tab, f"review{width}")
    game_id = _a_few_moves_then_concede(tab)
    page = tab.page
    tab.open(f"/#/game/{game_id}")
    page.locator("[data-testid=final] a[data-key=review]").click()
    page.wait_for_selector("body[data-screen=review] [data-testid=review-step]")
    _, review = tab.api(f"/games/{game_id}/review")
    decisions = review["decisions"]
    assert len(decisions) == 6  # three draws, three discards

    step = page.locator("[data-testid=review-step]")
    start = int(step.get_attribute("data-index"))
    marked = [i for i, d in enumerate(decisions) if d["marked"]]
    assert start == (marked[0] if marked else 0)  # opens on the first costly decision
    expect(page.locator("[data-testid=review-costliest] li")).to_have_count(len(marked))
    size = f"{width}x{height}"
    tab.shot(f"review-{size}")
    tab.assert_accessible(f"review {size}")

    while int(step.get_attribute("data-index")) > 0:
        page.keyboard.press("ArrowLeft")
    expect(page.locator("button[data-key=review-prev]")).to_be_disabled()
    for index in range(1, len(decisions)):
        page.locator("button[data-key=review-next]").click()
        expect(step).to_have_attribute("data-index", str(index))
        decision = decisions[index]
        expect(step.locator("h2")).to_contain_text(f"Decision {index + 1} of {len(decisions)}")
        expect(step.locator("h2")).to_have_attribute(
            "data-marked", "true" if decision["marked"] else "false"
        )
        hand = decision["view"]["round"]["hand"]
        expect(step.locator("[aria-label='Your hand'] .card")).to_have_count(len(hand))
        loss = step.locator("[data-testid=review-loss]")
        if decision["played"] == decision["hard"]:
            expect(loss).to_have_text("None: you played Hard's move.")
        elif math.floor(decision["loss"] + 0.5) >= 1:
            expect(loss).to_contain_text(f"About {math.floor(decision['loss'] + 0.5)} point")
    expect(page.locator("button[data-key=review-next]")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-index", str(len(decisions) - 2))
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-index", str(len(decisions) - 1))
    tab.assert_accessible(f"review {size} last step")
    tab.assert_healthy()
