"""A game's choices in the browser client live in its entry in ``web/variants.js`` (and the
game's own module under ``web/games/``): no other module outside its table modules
(``web/table/``) tells the games apart by name, so another game is one more entry."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
GAMES = ("gin", "rummy", "indian", "rummy500")
# A comparison with a game's name, either way round: `variant === "gin"`, `"rummy" !== name`.
_NAME = "|".join(GAMES)
COMPARISON = re.compile(rf"""[!=]==?\s*["'`]({_NAME})["'`]|["'`]({_NAME})["'`]\s*[!=]==?""")


def _modules_outside_the_games_own() -> list[Path]:
    return [
        path
        for path in sorted(WEB.rglob("*.js"))
        if path.relative_to(WEB).parts[0] not in ("table", "games") and path.name != "variants.js"
    ]


def test_no_module_but_the_games_own_compares_a_variant_to_a_games_name():
    modules = _modules_outside_the_games_own()
    assert WEB / "screens" / "home.js" in modules and WEB / "verify.js" in modules
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in modules
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if COMPARISON.search(line)
    ]
    assert found == []
