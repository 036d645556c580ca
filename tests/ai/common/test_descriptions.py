"""Every game's computer players describe their own levels, and the web client's create
forms show those words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.ai.common.players import LEVELS
from games.variants import VARIANTS

WEB_VARIANTS = Path(__file__).resolve().parents[3] / "web" / "variants.js"


def _web_levels() -> dict[str, dict[str, str]]:
    """Each game's ``levels`` in ``web/variants.js``: name -> level -> description."""
    text = WEB_VARIANTS.read_text()
    out: dict[str, dict[str, str]] = {}
    for match in re.finditer(r'name: "(\w+)",.*?levels: \{(.*?)\}', text, re.S):
        out[match[1]] = dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', match[2]))
    return out


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_game_describes_each_level_in_a_line(name):
    descriptions = VARIANTS[name].players.descriptions
    assert set(descriptions) == set(LEVELS)
    for text in descriptions.values():
        assert text.strip() and "\n" not in text and len(text) <= 80


@pytest.mark.parametrize("name", list(_web_levels()))
def test_the_web_client_shows_the_players_own_descriptions(name):
    """For each game the client offers."""
    assert name in VARIANTS
    assert _web_levels()[name] == dict(VARIANTS[name].players.descriptions)


def test_the_web_client_offers_every_game_the_server_plays():
    assert set(_web_levels()) == set(VARIANTS) == {"gin", "rummy", "indian", "rummy500"}


def test_only_gin_rummys_hard_speaks_of_gin():
    for name, variant in VARIANTS.items():
        if name != "gin":
            assert "gin" not in variant.players.descriptions["hard"].lower()
