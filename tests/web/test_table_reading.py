"""The table as a player reads it, at desktop (1280x800, and 1366x768 for the hand) and
phone (390x844) width: every seat named apart, the hand and the turn's actions always on
the screen, "Arrange for me" that always arranges, result tables that fit, safe choices
focused and cues that show, and the small words that add up. Screenshots of each game at
both widths go to .artifacts/web/."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

from playwright.sync_api import expect

from games.ai.indian.shape import distance
from games.dealing import FixedDeals
from games.rules import gin as gin_rules
from games.rules.indian.cards import full_deck, indian_cards
from games.rules.rummy import full_deck as rummy_full_deck
from tests.conftest import WAIT_SECONDS, wait_until
from tests.deals import NobodyOutBeforeThePlayer
from tests.web.conftest import Page
from tests.web.helpers import play_rummy_until, version, wait_for_my_turn, wait_for_version

DESKTOP = {"width": 1280, "height": 800}
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}


def _guest(tab: Page, **body: Any) -> str:
    """A guest account for this tab (its token kept where the client keeps it), the page
    left on the home screen."""
    request = urllib.request.Request(
        f"{tab.base}/api/v1/auth/guest",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        token = json.loads(response.read())["token"]
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen]")
    tab.page.evaluate("t => localStorage.setItem('ginrummy.token', t)", token)
    tab.page.goto(f"{tab.base}/#/")
    tab.page.wait_for_selector("body[data-ready=home]")
    return token


def _table(tab: Page, **body: Any) -> dict[str, Any]:
    """A game against the computer made through the API, its table open on the screen."""
    status, game = tab.api("/games", method="POST", body={"opponent": "computer", **body})
    assert status == 201, game
    tab.page.goto(f"{tab.base}/#/game/{game['id']}")
    tab.page.wait_for_selector("[data-testid=table][data-version] [data-testid=hand] .card")
    return game


def _seat_names(tab: Page) -> dict[int, str]:
    seats = tab.page.locator("[data-testid=opponents] .opponent")
    return {
        int(seats.nth(i).get_attribute("data-seat")): seats.nth(i).locator(".name").inner_text()
        for i in range(seats.count())
    }


def test_every_seat_at_a_six_seat_table_is_named_apart_at_both_widths(open_tab):
    tab = open_tab(**DESKTOP)
    _guest(tab)
    game = _table(tab, variant="indian", difficulty="medium", computers=5)
    names = {p["seat"]: p["name"] for p in game["players"] if p["computer"]}
    assert len(set(names.values())) == 5
    assert all(re.fullmatch(r"\w+ \(medium\)", name) for name in names.values())
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        assert {seat: " ".join(shown.split()) for seat, shown in _seat_names(tab).items()} == names
        labels = tab.page.locator("[data-testid=scores] .score .label").all_inner_texts()
        assert labels == ["You", *(names[seat] for seat in sorted(names))]
        tab.shot(f"reading-names-indian-6-{size}")
    assert tab.axe("a six-seat table") == []
    tab.assert_healthy()


TABLES = [
    ("gin", {}),
    ("rummy", {"variant": "rummy", "computers": 1}),
    ("rummy", {"variant": "rummy", "computers": 2}),
    ("rummy", {"variant": "rummy", "computers": 3}),
    *(("indian", {"variant": "indian", "computers": n}) for n in range(1, 6)),
]


def _fitted(tab: Page) -> None:
    """Waits until the felt has been fitted to the window as it is now."""
    tab.page.wait_for_function(
        "() => document.querySelector('.felt.fit')?.dataset.fitFor"
        " === `${innerWidth}x${innerHeight}`"
    )


def _off_screen(tab: Page) -> list[str]:
    """The parts of the player's dock (the hand, the actions) not wholly in the window."""
    return tab.page.evaluate(
        """() => {
            const out = [];
            for (const [name, el] of [['hand', document.querySelector('[data-testid=hand]')],
                                      ['actions', document.querySelector('.felt .actions')]]) {
                const box = el.getBoundingClientRect();
                if (!box.height || box.top < 0 || box.left < 0 || box.bottom > innerHeight
                    || box.right > innerWidth) {
                    out.push(`${name} ${Math.round(box.top)}-${Math.round(box.bottom)}`
                             + ` of ${innerWidth}x${innerHeight}`);
                }
            }
            return out;
        }"""
    )


def test_the_hand_and_its_actions_are_on_the_screen_at_every_table_size(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(3))
    tab = open_tab(**DESKTOP)
    _guest(tab)
    off: list[tuple[str, int, str, list[str]]] = []
    for name, body in TABLES:
        game = _table(tab, difficulty="easy", **body)
        seats = len(game["players"])
        wait_for_my_turn(tab)
        for phase in ("draw", "play"):
            if phase == "play":  # a full hand: 11 or 14 cards, and the turn's buttons
                before = version(tab)
                stock = tab.page.locator("[data-key=stock]")
                pile = tab.page.locator("[data-key=discard-pile]")  # Gin's first upcard
                (stock if stock.is_enabled() else pile).click()
                wait_for_version(tab, before)
            for viewport in (DESKTOP, LAPTOP, PHONE):
                tab.page.set_viewport_size(viewport)
                _fitted(tab)
                off += [(name, seats, phase, found) for found in [_off_screen(tab)] if found]
                if phase == "play" and viewport is not LAPTOP:
                    size = "desktop" if viewport is DESKTOP else "phone"
                    tab.shot(f"reading-hand-{name}-{seats}-{size}")
            tab.page.set_viewport_size(DESKTOP)
        assert tab.axe(f"{name} at {seats} seats") == []
        assert tab.api(f"/games/{game['id']}/concede", method="POST")[0] == 200
    assert off == []
    tab.assert_healthy()


def _stacked(front: list[str], seed: int = 5) -> list[str]:
    """A full Indian Rummy deck (two decks) that deals ``front`` first, the rest shuffled."""
    rest = [str(card) for card in full_deck(2)]
    for card in front:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    return front + rest


# Two seats, the player (seat 0) deals: the computer gets the first 13 cards, the player
# the next 13, then the wild joker card (a six: no six in the player's hand) and the upcard.
NO_PURE_SEQUENCE = ["AS", "3S", "5S", "7D", "7H", "7C", "2C", "4H", "9D", "JC", "TS", "QH", "KD"]
COMPUTERS_HAND = ["2S", "4S", "6H", "8H", "TH", "QS", "KS", "AH", "3H", "5H", "9S", "JS", "8D"]


def test_arrange_for_me_groups_a_hand_without_a_pure_sequence_and_says_so(open_tab, deal_from):
    deal_from(FixedDeals([_stacked([*COMPUTERS_HAND, *NO_PURE_SEQUENCE, "6S"])], salt="0" * 32))
    tab = open_tab(**DESKTOP)
    _guest(tab)
    game = _table(tab, variant="indian", difficulty="easy", computers=1)
    hand = sorted(tab.api(f"/games/{game['id']}")[1]["round"]["hand"])
    assert hand == sorted(NO_PURE_SEQUENCE)
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.page.evaluate("() => sessionStorage.clear()")
        tab.page.reload()
        tab.page.wait_for_selector("[data-testid=hand] .card")
        # The server finds no groups worth keeping: every card is loose.
        expect(tab.page.locator("[data-testid=hand] [data-testid=group]")).to_have_count(0)
        tab.page.click("[data-key=act-arrange]")
        groups = tab.page.eval_on_selector_all(
            "[data-testid=hand] .group",
            "els => els.map((g) => [g.dataset.kind, [...g.querySelectorAll('.card')]"
            ".map((c) => c.dataset.card)])",
        )
        assert tab.page.locator("[data-testid=loose]").count() == 0 and len(groups) >= 3
        assert sorted(card for _kind, cards in groups for card in cards) == hand
        sets = [sorted(cards) for kind, cards in groups if kind == "set"]
        assert sets == [["7C", "7D", "7H"]]
        said = tab.page.locator("[data-testid=arranged]").inner_text()
        assert "No pure sequence yet" in said and "points" in said
        tab.shot(f"reading-arranged-indian-{size}")
    assert tab.axe("a hand arranged without a pure sequence") == []
    tab.assert_healthy()


def _result_problems(tab: Page) -> list[str]:
    """What of the open result dialog is not on the screen: the dialog past the window's
    sides, a card outside the dialog, or a part of it wider than its box (clipped; but for
    what is hidden for all but screen readers)."""
    return tab.page.evaluate(
        """() => {
            const out = [];
            const dialog = document.querySelector('[data-testid=round-result]');
            const box = dialog.getBoundingClientRect();
            if (box.left < 0 || box.right > innerWidth) out.push(`dialog ${box.left}-${box.right}`);
            for (const card of dialog.querySelectorAll('.card')) {
                const c = card.getBoundingClientRect();
                if (c.left < box.left - 0.5 || c.right > box.right + 0.5) {
                    out.push(`card ${card.dataset.card} at ${c.left}-${c.right}`);
                }
            }
            for (const el of [dialog, ...dialog.querySelectorAll('*:not(.sr-only)')]) {
                const clips = getComputedStyle(el).overflowX !== 'visible';
                if (clips && el.scrollWidth > el.clientWidth + 1) {
                    out.push(`${el.tagName}.${el.className} ${el.scrollWidth}/${el.clientWidth}`);
                }
            }
            return out;
        }"""
    )


def _check_result(tab: Page, name: str, game: dict[str, Any]) -> None:
    """The open result at both widths: every card on the screen, each seat by its name,
    the focus on its button, no serious or critical accessibility finding."""
    tab.page.wait_for_selector("[data-testid=round-result]")
    names = {p["seat"]: p["name"] for p in game["players"]}
    rows = tab.page.locator("[data-testid=round-result] [data-testid^=round-row-] th")
    if rows.count():
        shown = rows.all_inner_texts()
        assert shown[1:] == [names[s] for s in range(1, len(names))]
        assert len(set(shown)) == len(names)
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.page.wait_for_function(f"() => innerWidth === {viewport['width']}")
        assert _result_problems(tab) == [], size
        assert tab.page.evaluate("() => document.activeElement.dataset.key") == "result-close"
        tab.shot(f"reading-result-{name}-{size}")
        assert tab.axe(f"the result of {name} at {size}") == []
    tab.page.set_viewport_size(DESKTOP)


def _indian_deck(mine: list[str], wild: str, computers: int, seed: int) -> list[str]:
    """Two decks dealing each computer (seats 1.. from the dealer, seat 0) a hand two cards
    or more from a show, then ``mine`` to seat 0, then the wild joker card ``wild``."""
    pool = [str(card) for card in full_deck(2)]
    for card in [*mine, wild]:
        pool.remove(card)
    wild_rank = 1 if wild == "XX" else "A23456789TJQK".index(wild[0]) + 1
    rng = random.Random(seed)
    while True:
        rng.shuffle(pool)
        hands = [pool[i * 13 : (i + 1) * 13] for i in range(computers)]
        if all(distance(indian_cards(hand), wild_rank) >= 2 for hand in hands):
            return [*pool[: computers * 13], *mine, wild, *pool[computers * 13 :]]


GIN_HAND = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8D", "8C", "8H"]
GIN_COMPUTER = ["KC", "QD", "JH", "9C", "7S", "5D", "3C", "TD", "9H", "6C"]
RUMMY_HAND = ["9S", "TS", "JS", "QS", "KH", "KD", "KC"]
INDIAN_SHOW = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TC", "JC", "QC", "KC"]


def test_round_and_deal_results_fit_the_screen_at_both_widths(open_tab, deal_from):
    tab = open_tab(**DESKTOP)
    _guest(tab)

    # Gin Rummy: the player (not the dealer) passes the upcard, draws and goes gin.
    rest = [str(c) for c in gin_rules.DECK if str(c) not in {*GIN_HAND, *GIN_COMPUTER}]
    random.Random(1).shuffle(rest)
    deal_from(FixedDeals([[*GIN_HAND, *GIN_COMPUTER, *rest]], dealer=1, salt="0" * 32))
    game = _table(tab, difficulty="easy")
    wait_for_my_turn(tab)
    tab.page.click("[data-key=act-pass]")
    tab.page.wait_for_selector(
        "[data-testid=table][data-turn=you][data-busy=false] [data-key=stock]:enabled"
    )
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    tab.page.click("[data-key=act-gin]")
    _check_result(tab, "gin", game)
    tab.page.click("[data-key=result-close]")  # 79 deadwood and the gin bonus: game over
    tab.page.wait_for_selector("[data-testid=final]")

    # Rummy at four seats: the computers play first; the player melds all but one card.
    rest = [str(c) for c in rummy_full_deck(0)]
    for card in RUMMY_HAND:
        rest.remove(card)
    random.Random(2).shuffle(rest)
    deal_from(FixedDeals([[*rest[:21], *RUMMY_HAND, *rest[21:]]], salt="0" * 32))
    game = _table(
        tab,
        variant="rummy",
        difficulty="easy",
        computers=3,
        rules={"jokers": 0, "hand_size": 7, "rounds": 1},
    )
    play_rummy_until(tab, {"result"})
    _check_result(tab, "rummy-4", game)
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")

    # Indian Rummy at six seats: the player draws and shows.
    deal_from(FixedDeals([_indian_deck(INDIAN_SHOW, "9C", 5, seed=3)], salt="0" * 32))
    game = _table(tab, variant="indian", difficulty="easy", computers=5)
    wait_for_my_turn(tab)
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    tab.page.click("[data-key=act-arrange]")
    tab.page.click("[data-testid=loose] .card")
    tab.page.click("[data-key=act-declare]")
    _check_result(tab, "indian-6", game)
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")
    history = tab.page.locator(".side .rounds li").all_inner_texts()
    assert history and history[0].startswith("Deal 1: You won"), history
    tab.assert_healthy()


# The lightest green of the felt (its gradient's centre): light text must stand out of it.
FELT_LIGHTEST = (0x24, 0x77, 0x4B)


def _contrast_of(tab: Page, words: str) -> float:
    """Once the dock shows ``words``, the contrast ratio of their colour against the felt's
    lightest green (read at once: the table moves on)."""
    return tab.page.wait_for_function(
        """([words, felt]) => {
            const el = [...document.querySelectorAll('[data-testid=dock] *')]
                .find((e) => e.children.length === 0 && e.textContent.includes(words));
            if (!el) return null;
            const lum = (rgb) => {
                const [r, g, b] = rgb.map((v) => {
                    const c = v / 255;
                    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
                });
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const text = getComputedStyle(el).color.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const [a, b] = [lum(text), lum(felt)].sort((x, y) => y - x);
            return (a + 0.05) / (b + 0.05);
        }""",
        arg=[words, list(FELT_LIGHTEST)],
    ).json_value()


def _looks_pressable(tab: Page, selector: str) -> bool:
    """Whether a button is drawn filled, as one that can be pressed."""
    return tab.page.evaluate(
        """(selector) => {
            const style = getComputedStyle(document.querySelector(selector));
            const alpha = style.backgroundColor.startsWith('rgba')
                ? Number(style.backgroundColor.match(/[\\d.]+/g)[3]) : 1;
            return alpha > 0.5 && style.borderStyle !== 'dashed';
        }""",
        selector,
    )


def test_risky_choices_start_on_the_safe_button_and_the_cues_show(open_tab, deal_from):
    deal_from(NobodyOutBeforeThePlayer(8, seats=3))
    tab = open_tab(**DESKTOP, delay_ms=300)
    _guest(tab)
    tab.page.wait_for_selector("body[data-ready=home] form[aria-labelledby=h-computer]")
    form = tab.page.locator("form[aria-labelledby=h-computer]")
    # The level starts at Medium, and each game says how its own computer plays.
    assert form.locator("input[name=difficulty]:checked").get_attribute("value") == "medium"
    friend = tab.page.locator("form[aria-labelledby=h-friend]")
    assert friend.locator("select[name=friend_difficulty]").input_value() == "medium"
    assert friend.locator("select[name=indian_friend_difficulty]").input_value() == "medium"
    hard = {}
    for variant in ("gin", "rummy", "indian"):
        form.locator("select[name=variant]").select_option(variant)
        hard[variant] = form.locator(".levels .hint[data-level=hard]").inner_text()
    assert "gin" in hard["gin"] and len(set(hard.values())) == 3
    assert all("gin" not in hard[v] for v in ("rummy", "indian"))
    # The printed joker is drawn as a joker, never like the jack beside it.
    faces = tab.page.evaluate(
        """async () => {
            const { cardFace } = await import('/static/web/cards.js');
            return ['XX', 'JS'].map((c) => {
                const el = cardFace(c);
                return { text: el.textContent, name: el.getAttribute('aria-label') };
            });
        }"""
    )
    assert faces[0] == {"text": "\u2605JOKER", "name": "Joker"} and faces[1]["text"] == "J\u2660"

    _table(tab, variant="indian", difficulty="easy", computers=2)
    wait_for_my_turn(tab)
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    # Nothing selected: Discard and Declare cannot be pressed, and do not look it.
    assert tab.page.locator("[data-key=act-discard]").is_disabled()
    assert not _looks_pressable(tab, "[data-key=act-discard]")
    assert _looks_pressable(tab, "[data-key=act-arrange]")
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        _fitted(tab)
        tab.page.locator("[data-testid=hand] .card.playable").last.click()
        tab.page.click("[data-key=act-declare]")
        dialog = tab.page.locator(".dialog[role=alertdialog]")
        dialog.wait_for()
        assert "Declare anyway" in dialog.inner_text()
        # The focus is on "Keep playing": Enter declares nothing.
        assert tab.page.evaluate("() => document.activeElement.dataset.key") == "confirm-no"
        tab.shot(f"reading-confirm-indian-{size}")
        assert tab.axe(f"a wrong show's confirmation at {size}") == []
        tab.page.keyboard.press("Enter")
        expect(dialog).to_have_count(0)
        assert version(tab) == before + 1
        tab.page.click("[data-key=act-clear]")
    # Dropping is asked the same way; once out, the table says so in words one can read.
    tab.page.click("[data-key=act-drop]")
    assert tab.page.evaluate("() => document.activeElement.dataset.key") == "confirm-no"
    tab.page.click("[data-key=confirm-yes]")
    assert _contrast_of(tab, "You are out of this deal; the others play on.") >= 4.5
    tab.assert_healthy()


def _last_move(tab: Page) -> str:
    tab.page.wait_for_selector("[data-testid=last-move]")
    return " ".join(tab.page.locator("[data-testid=last-move]").inner_text().split())


def _marks_clear_of_the_corners(tab: Page) -> list[str]:
    """Each deadwood mark of the hand: where it overlaps a card's corner (the top-left one,
    or the turned one at the bottom right), or is covered by the next card."""
    return tab.page.evaluate(
        """() => {
            const cards = [...document.querySelectorAll('[data-testid=hand] .card')];
            const meets = (a, b) => a.left < b.right && b.left < a.right
                && a.top < b.bottom && b.top < a.bottom;
            const out = [];
            cards.forEach((card, i) => {
                const mark = card.querySelector('.dw-mark');
                if (!mark) return;
                const m = mark.getBoundingClientRect();
                const c = card.getBoundingClientRect();
                const tl = card.querySelector('.corner').getBoundingClientRect();
                const inset = tl.left - c.left;
                const turned = { left: c.right - inset - tl.width, right: c.right - inset,
                                 top: c.bottom - inset - tl.height, bottom: c.bottom - inset };
                if (meets(m, tl) || meets(m, turned)) out.push(`${card.dataset.card} corner`);
                const next = cards[i + 1];
                if (next && next.getBoundingClientRect().left < m.right) {
                    out.push(`${card.dataset.card} covered`);
                }
            });
            return out;
        }"""
    )


def _draw_and_discard(tab: Page, card: str) -> None:
    """On the player's turn at Rummy or Indian Rummy: draw from the stock, discard
    ``card``, and wait for the turn to come back."""
    wait_for_my_turn(tab)
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    # (its left edge: the next card covers the rest of it)
    tab.page.click(f"[data-testid=hand] .card[data-card='{card}']", position={"x": 6, "y": 30})
    tab.page.click("[data-key=act-discard]")
    wait_for_version(tab, before + 1)
    wait_for_my_turn(tab)


def test_the_small_things_read_right_at_both_widths(open_tab, deal_from):
    tab = open_tab(**DESKTOP, delay_ms=200)
    token = _guest(tab)

    # Gin: the player passes the upcard 9♥, which the computer (the dealer) takes for its
    # hearts before it discards: the status line says both.
    gin_computer = ["7H", "8H", "KC", "QD", "JS", "3C", "5D", "2S", "4S", "6D"]
    rest = [str(c) for c in gin_rules.DECK if str(c) not in {*gin_computer, "9H"}]
    random.Random(4).shuffle(rest)
    deal_from(FixedDeals([[*rest[:10], *gin_computer, "9H", *rest[10:]]], dealer=1, salt="0" * 32))
    game = _table(tab, difficulty="easy")
    wait_for_my_turn(tab)
    tab.page.click("[data-key=act-pass]")
    # The computer's take and its discard are two moves, each said as it is seen.
    tab.page.wait_for_function(
        """() => (document.querySelector('[data-testid=last-move]') || {})
            .innerText?.includes('discarded')"""
    )
    said = _last_move(tab)
    assert said.startswith(game["players"][1]["name"]), said
    assert "took 9♥ from the pile and discarded" in said, said
    # Gin's deadwood mark sits clear of every corner, in sight.
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        _fitted(tab)
        marks = tab.page.locator("[data-testid=hand] .dw-mark")
        deadwood = tab.page.locator("[data-testid=hand] .group.deadwood .card")
        assert marks.count() == deadwood.count() > 0
        assert tab.page.locator("[data-testid=hand] .group.meld .dw-mark").count() == 0
        assert _marks_clear_of_the_corners(tab) == [], size
        assert "took 9♥" in _last_move(tab)
        tab.shot(f"reading-took-gin-{size}")
    tab.page.set_viewport_size(DESKTOP)

    # Rummy and Indian Rummy: the player discards 9♥, which a Medium computer takes to its
    # 7♥ 8♥ (the upcard, 5♣, it leaves).
    rummy_computer = ["7H", "8H", "KC", "QD", "2S", "4S", "JD"]
    rest = [str(c) for c in rummy_full_deck(0)]
    for card in [*rummy_computer, "9H", "5C"]:
        rest.remove(card)
    random.Random(5).shuffle(rest)
    deal_from(FixedDeals([[*rummy_computer, "9H", *rest[:6], "5C", *rest[6:]]], salt="0" * 32))
    game = _table(
        tab,
        variant="rummy",
        difficulty="medium",
        computers=1,
        rules={"jokers": 0, "hand_size": 7, "rounds": 1},
    )
    _draw_and_discard(tab, "9H")
    said = _last_move(tab)
    assert said.startswith(game["players"][1]["name"]) and "took 9♥ from the pile" in said, said
    assert "discarded" in said, said

    indian_computer = ["7H", "8H", "2S", "5S", "JS", "KD", "4C", "6C", "QC", "2D", "TD", "AH", "KS"]
    rest = [str(c) for c in full_deck(2)]
    for card in [*indian_computer, "3C", "9H", "9C"]:
        rest.remove(card)
    random.Random(6).shuffle(rest)
    deck = [*indian_computer, "9H", *rest[:12], "3C", "9C", *rest[12:]]
    deal_from(FixedDeals([deck], salt="0" * 32))
    game = _table(tab, variant="indian", difficulty="medium", computers=1)
    _draw_and_discard(tab, "9H")
    said = _last_move(tab)
    assert said.startswith(game["players"][1]["name"]) and "took 9♥ from the pile" in said, said
    assert "discarded" in said, said

    # At a six-seat table on a phone, a name breaks between its words, never inside one.
    deal_from(NobodyOutBeforeThePlayer(9, seats=6))
    _table(tab, variant="indian", difficulty="medium", computers=5)
    tab.page.set_viewport_size(PHONE)
    _fitted(tab)
    split = tab.page.evaluate(
        """() => {
            const out = [];
            for (const name of document.querySelectorAll('[data-testid=opponents] .name')) {
                const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    for (const m of node.textContent.matchAll(/\\S+/g)) {
                        const range = document.createRange();
                        range.setStart(node, m.index);
                        range.setEnd(node, m.index + m[0].length);
                        const rects = [...range.getClientRects()];
                        const tops = new Set(rects.map((r) => Math.round(r.top)));
                        if (tops.size > 1) out.push(m[0]);
                    }
                }
            }
            return out;
        }"""
    )
    assert split == []
    tab.shot("reading-names-indian-6-words-phone")

    # The profile: a block a game, each named, and a provisional rating inside its box.
    tab.page.goto(f"{tab.base}/#/me")
    tab.page.wait_for_selector("[data-testid=stats-all]")
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        blocks = tab.page.locator(".variant-stats")
        assert blocks.locator("h3").all_inner_texts() == [
            "Gin Rummy",
            "Rummy",
            "Indian Rummy",
            "Rummy 500",
        ]
        assert tab.page.locator("[data-testid=stats-gin] [data-testid=stats-all]").count() == 1
        spills = tab.page.evaluate(
            """() => [...document.querySelectorAll('.stats dd')].filter((dd) => {
                const box = dd.parentElement.getBoundingClientRect();
                const r = dd.getBoundingClientRect();
                return dd.scrollWidth > dd.clientWidth + 1 || r.right > box.right + 0.5;
            }).map((dd) => dd.textContent)"""
        )
        assert spills == [], size
        assert "provisional" in tab.page.locator("[data-testid=stats-indian]").inner_text()
        tab.shot(f"reading-profile-{size}")
        assert tab.axe(f"the profile at {size}") == []

    # The claim form shows every error at once.
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.page.goto(f"{tab.base}/#/claim")
        tab.page.wait_for_selector("[data-testid=claim] #f-username")
        tab.page.fill("#f-username", "admin")
        tab.page.fill("#f-password", "short")
        tab.page.click("[data-key=claim]")
        for field in ("username", "password"):
            expect(tab.page.locator(f"[data-testid=error-{field}]")).to_be_visible()
        tab.shot(f"reading-claim-errors-{size}")
    assert tab.token() == token  # still the guest: nothing was claimed
    tab.assert_healthy(failed_requests=True)  # the refused claims' 400s


def _gin_to_gin_draw(tab: Page, deal_from) -> dict[str, Any]:
    """A Gin game where the player (not the dealer) passes the upcard and draws the king
    of spades: eleven cards, three melds and the king (gin by discarding it)."""
    rest = [str(c) for c in gin_rules.DECK if str(c) not in {*GIN_HAND, *GIN_COMPUTER, "2D", "KS"}]
    random.Random(7).shuffle(rest)
    deck = [*GIN_HAND, *GIN_COMPUTER, "2D", "KS", *rest]
    deal_from(FixedDeals([deck], dealer=1, salt="0" * 32))
    game = _table(tab, difficulty="easy")
    wait_for_my_turn(tab)
    tab.page.click("[data-key=act-pass]")
    tab.page.wait_for_selector(
        "[data-testid=table][data-turn=you][data-busy=false] [data-key=stock]:enabled"
    )
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    return game


def _prefs(tab: Page) -> dict[str, Any]:
    return tab.api("/me")[1]["preferences"]


def test_the_options_players_expect_are_kept_and_used(open_tab, deal_from):
    tab = open_tab(**DESKTOP, delay_ms=0)  # the computers' speed is the player's option
    _guest(tab)

    # A round won with the score animation on (the default): the score pops, its change
    # beside it.
    _gin_to_gin_draw(tab, deal_from)
    tab.page.click("[data-key=act-gin]")
    tab.page.click("[data-key=result-close]")
    mine = tab.page.locator("[data-testid=score-me]")
    expect(mine).to_have_class(re.compile(r"\bchanged\b"))
    assert mine.locator(".score-change").inner_text().startswith("+")

    # The options, at the table: a dark theme, slow computers, no score animation, and
    # the warning before discarding a card of a meld. Kept at once, for this guest.
    tab.page.click("[data-key=options]")
    dialog = tab.page.locator("[data-testid=options-dialog]")
    dialog.locator("select[name=theme]").select_option("dark")
    dialog.locator("select[name=computer_speed]").select_option("slow")
    dialog.locator("input[name=score_animation]").uncheck()
    dialog.locator("input[name=warn_meld_discard]").check()
    assert tab.page.get_attribute("html", "data-scheme") == "dark"
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.shot(f"reading-options-dark-{size}")
        assert tab.axe(f"the options, dark, at {size}") == []
    dialog.locator("[data-key=options-close]").click()
    tab.page.set_viewport_size(DESKTOP)
    expect(dialog).to_have_count(0)
    # Each option is saved as it changes, four saves one after another: all four kept.
    chosen = {
        "theme": "dark",
        "computer_speed": "slow",
        "score_animation": False,
        "warn_meld_discard": True,
    }
    wait_until(lambda: {key: _prefs(tab)[key] for key in chosen} == chosen)

    # Dark, after a reload too; a card of a meld is not discarded unasked, and "Keep it",
    # where the focus starts, keeps it.
    _gin_to_gin_draw(tab, deal_from)
    tab.page.reload()
    tab.page.wait_for_selector("[data-testid=table][data-turn=you] [data-testid=hand] .card")
    assert tab.page.get_attribute("html", "data-scheme") == "dark"
    at = version(tab)
    tab.page.click("[data-testid=hand] .card[data-card='4S']", position={"x": 6, "y": 30})
    warning = tab.page.locator("[data-testid=discard-warning]")
    expect(warning).to_contain_text("4♠ is in your meld")
    assert tab.page.evaluate("() => document.activeElement.dataset.key") == "confirm-no"
    for size, viewport in WIDTHS.items():
        tab.page.set_viewport_size(viewport)
        tab.shot(f"reading-discard-warning-dark-{size}")
        assert tab.axe(f"the discard warning, dark, at {size}") == []
    tab.page.set_viewport_size(DESKTOP)
    tab.page.keyboard.press("Enter")
    expect(warning).to_have_count(0)
    assert version(tab) == at
    # No animation now: the round's points are simply there.
    tab.page.click("[data-key=act-gin]")
    tab.page.wait_for_selector("[data-testid=round-result]")
    assert tab.axe("a round's result, dark") == []
    tab.page.click("[data-key=result-close]")
    tab.page.wait_for_selector("[data-testid=final]")
    assert tab.page.locator("[data-testid=scores] .changed, .score-change").count() == 0

    # "Don't show this again": the card goes, and the next one goes unasked. The
    # computer's moves stay on the screen as long as the player chose (slow: 1.5 s).
    _gin_to_gin_draw(tab, deal_from)
    tab.page.evaluate(
        """() => {
            window.shownAt = {};
            const screen = document.querySelector('[data-testid=table]');
            const seen = () => {  // the first time each version is shown
                const at = screen.dataset.version;
                if (!(at in window.shownAt)) window.shownAt[at] = performance.now();
            };
            new MutationObserver(seen).observe(screen, { attributeFilter: ['data-version'] });
        }"""
    )
    at = version(tab)
    tab.page.click("[data-testid=hand] .card[data-card='4S']", position={"x": 6, "y": 30})
    warning.locator("[data-key=never-warn]").check()
    warning.locator("[data-key=confirm-yes]").click()
    wait_for_version(tab, at)
    wait_for_my_turn(tab)
    assert _prefs(tab)["warn_meld_discard"] is False
    shown = tab.page.evaluate("() => window.shownAt")
    computer = sorted(int(v) for v in shown if int(v) > at + 1)
    assert computer, shown
    assert shown[str(computer[0])] - shown[str(at + 1)] >= 1400, shown
    before = version(tab)
    tab.page.click("[data-key=stock]")
    wait_for_version(tab, before)
    tab.page.click("[data-testid=hand] .card[data-card='AS']", position={"x": 6, "y": 30})
    wait_for_version(tab, before + 1)
    assert warning.count() == 0
    tab.assert_healthy()
