"""The browser's reading of Indian Rummy groups (web/table/indian-groups.js), which tells a
player before a declaration whether their groups make a valid show, agrees with the rules
core's (games.rules.indian.melds) on many groups and shows, drawn from a seeded generator
so that every run checks the same ones."""

from __future__ import annotations

import random

from games.rules.indian.cards import indian_cards
from games.rules.indian.melds import GroupKind, is_valid_show, read_group

RANKS = "A23456789TJQK"
SUITS = "SHDC"
KINDS = {
    GroupKind.PURE_SEQUENCE: "pure",
    GroupKind.SEQUENCE: "sequence",
    GroupKind.SET: "set",
    GroupKind.JOKERS: "jokers",
    GroupKind.INVALID: None,
}


def _group(rng: random.Random, wild: str) -> list[str]:
    """A group that is often nearly a sequence or a set, with jokers and wild cards in."""
    shape = rng.choice(("run", "set", "any"))
    if shape == "run":
        suit = rng.choice(SUITS)
        size = rng.randint(3, 6)
        start = rng.randint(0, 13 - 1)
        cards = [RANKS[(start + i) % 13] + suit for i in range(size)]  # may wrap: invalid
    elif shape == "set":
        rank = rng.choice(RANKS)
        cards = [rank + s for s in rng.sample(SUITS * 2, rng.randint(2, 5))]
    else:
        cards = [rng.choice(RANKS) + rng.choice(SUITS) for _ in range(rng.randint(1, 5))]
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        at = rng.randrange(len(cards) + 1)
        joker = "XX" if rng.random() < 0.5 else wild + rng.choice(SUITS)
        if rng.random() < 0.5 and cards:
            cards[min(at, len(cards) - 1)] = joker  # a joker instead of a card
        else:
            cards.insert(at, joker)
    rng.shuffle(cards)
    return cards


def _wild_rank(wild: str) -> int:
    return RANKS.index(wild) + 1


def test_the_browser_reads_groups_and_shows_as_the_rules_core_does(open_tab):
    rng = random.Random(22)
    groups: list[tuple[list[str], str]] = []
    for _ in range(3000):
        wild = rng.choice(RANKS)
        groups.append((_group(rng, wild), wild))
    # Hand cases: a wild card as itself in a pure sequence, as a joker in a set, jokers
    # alone, the ace high and low, a wrap, and two of the same card.
    groups += [
        (["7H", "8H", "9H"], "8"),
        (["7H", "8S", "9H"], "8"),
        (["7S", "7H", "8D"], "8"),
        (["8S", "XX"], "8"),
        (["QS", "KS", "AS"], "5"),
        (["AS", "2S", "3S"], "5"),
        (["KS", "AS", "2S"], "5"),
        (["7H", "7H", "7S"], "2"),
        (["XX", "XX", "5D"], "2"),
    ]
    shows: list[tuple[list[list[str]], str]] = []
    for _ in range(600):
        wild = rng.choice(RANKS)
        shows.append(([_group(rng, wild) for _ in range(rng.randint(2, 4))], wild))
    tab = open_tab()
    tab.open("/")
    tab.page.wait_for_selector("body[data-screen]")
    seen = tab.page.evaluate(
        """async ([groups, shows]) => {
            const m = await import("/static/web/table/indian-groups.js");
            return {
                kinds: groups.map(([cards, wild]) => m.groupKind(cards, wild)),
                shows: shows.map(([gs, wild]) => m.checkShow(gs, wild).valid),
            };
        }""",
        [groups, shows],
    )
    expected = [KINDS[read_group(indian_cards(cards), _wild_rank(wild))] for cards, wild in groups]
    wrong = [
        (cards, wild, got, want)
        for (cards, wild), got, want in zip(groups, seen["kinds"], expected, strict=True)
        if got != want
    ]
    assert wrong == []
    assert {k for k in expected} >= {"pure", "sequence", "set", "jokers", None}
    expected_shows = [
        is_valid_show([indian_cards(g) for g in gs], _wild_rank(wild)) for gs, wild in shows
    ]
    wrong_shows = [
        (gs, wild, got)
        for (gs, wild), got, want in zip(shows, seen["shows"], expected_shows, strict=True)
        if got != want
    ]
    assert wrong_shows == []
    assert any(expected_shows) and not all(expected_shows)
    tab.assert_healthy()
