"""Each game the server plays has its page under docs/games/, and the page carries the game's
contract as the code has it: every action type, every rule option with its default, and
every code an action may be refused with, at its HTTP status. A page of a game the server
does not play yet says so at its top. (No database: the registry and the files only.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.variants import VARIANTS, AnyVariant

ROOT = Path(__file__).resolve().parents[2]
GAMES_DOCS = ROOT / "docs" / "games"
PAGES = {
    "gin": "gin.md", "rummy": "rummy.md", "indian": "indian-rummy.md", "rummy500": "rummy500.md"
}
"""The page of each game, by its ``variant``; a new game adds its page here."""
NOT_SERVED = "**Not yet served.**"

SERVED = sorted(
    name
    for name, variant in VARIANTS.items()
    if not type(variant.rules).__module__.startswith("tests.")  # a test's own game
)


def page(name: str) -> str:
    assert name in PAGES, f"the game {name!r} has no page: add docs/games/<page>.md and PAGES"
    return (GAMES_DOCS / PAGES[name]).read_text()


def section(text: str, title: str) -> str:
    parts = text.split(f"\n## {title}\n", 1)
    assert len(parts) == 2, f"no '## {title}' section"
    return parts[1].split("\n## ", 1)[0]


def table_rows(text: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|") and not line.startswith("| ---")
    ]


@pytest.mark.parametrize("name", SERVED)
def test_the_page_names_every_action(name):
    actions = section(page(name), "Actions")
    variant: AnyVariant = VARIANTS[name]
    for action_type in variant.rules.action_types:
        assert f'"type": "{action_type}"' in actions, f"{name}: no body for {action_type}"


@pytest.mark.parametrize("name", SERVED)
def test_the_page_lists_every_rule_option_with_its_default(name):
    rows = {row[0]: row for row in table_rows(section(page(name), "Rule options"))}
    for option in VARIANTS[name].rules.options:
        row = rows.get(f"`{option.name}`")
        assert row is not None, f"{name}: rule option {option.name} is not in the table"
        default = json.dumps(option.default).strip('"')
        assert row[1].replace("`", "").split()[0] == default, (name, option.name, row[1])


@pytest.mark.parametrize("name", SERVED)
def test_the_page_lists_every_code_an_action_may_be_refused_with(name):
    documented: dict[str, set[int]] = {}
    for row in table_rows(section(page(name), "Error codes")):
        if row[0].isdigit():
            for code in re.findall(r"`([a-z_]+)`", row[1]):
                documented.setdefault(code, set()).add(int(row[0]))
    for status, codes in VARIANTS[name].action_error_codes.items():
        for code in codes:
            assert status in documented.get(code, set()), f"{name}: {status} {code} missing"


def test_every_page_is_a_served_game_or_says_it_is_not_yet_served():
    served_pages = {PAGES[name] for name in SERVED}
    for path in sorted(GAMES_DOCS.glob("*.md")):
        text = path.read_text()
        top = "\n".join(text.splitlines()[:4])
        if path.name in served_pages:
            assert NOT_SERVED not in text, f"{path.name}: the game is served now"
        else:
            assert NOT_SERVED in top, f"{path.name}: not a served game, and does not say so"
