"""Indian Rummy behind the one interface every game implements
(:class:`~games.rules.common.game.GameRules`): :data:`INDIAN_RULES`.

Decisions of the server's part:

* Round 1's dealer is seat 0 (docs/games/indian-rummy.md), whatever the shuffler would draw; the
dealer
  moves to the next seat still in the game on every deal.
* The rules of a request are read by :class:`~.ruleset.RuleSet` (the drop costs of pool
  201 are its own defaults), and written back with every option filled in.
* A deal's salt orders its reshuffles, so the state keeps it. An empty salt (the
  simulator's and the tests' games, which commit to no deck) stands for
  :data:`UNSALTED`; the server always deals with a salt of its own.
* A seat that concedes or forfeits on time at a table of three or more *leaves*: the core
  drops it from the deal in play at the highest drop cost and deals it no more (placed
  last); its person sees what the seat sees (no hand: a seat out of the deal has none),
  and, as it never has a turn again, nobody plays in its place.
* The card a draw took is the stock's top card or the discard pile's; only a discard
  pile's card is public (as for every game).
* :class:`~games.rules.common.game.SeatRecord` ``hand_points`` of a seat are the points
  the other seats scored in the deals it won (what a points table pays the winner);
  ``hands_won`` the deals it won.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum

from games.rules.common.core import RulesCore
from games.rules.common.game import GameOutcome, Json, JsonObject
from games.rules.common.results import game_outcome
from games.rules.indian import codec, engine
from games.rules.indian.actions import ACTION_TYPES, Action
from games.rules.indian.cards import card_texts, new_deck
from games.rules.indian.errors import ERRORS, IndianErrorCode
from games.rules.indian.ruleset import OPTIONS, RuleSet
from games.rules.indian.schema import SCHEMAS
from games.rules.indian.state import GameState, PlayerView

UNSALTED = "unsalted"
"""The salt of a deal dealt with none (``""``): reshuffles need one."""


def _salt(salt: str) -> str:
    return salt or UNSALTED


class IndianRules(RulesCore[GameState, Action, PlayerView]):
    """Indian Rummy's rules as the server plays them (see the module docstring)."""

    action_types = ACTION_TYPES
    error_codes: type[StrEnum] = IndianErrorCode
    errors = ERRORS
    options = OPTIONS
    schemas = SCHEMAS
    penalty_points = True  # docs/games/indian-rummy.md: the fewer points, the better

    def rules_from_json(self, data: object) -> JsonObject:
        """Every option of a request's ``rules``, the format's defaults filled in (pool
        201: first drop 25, middle drop 50)."""
        return RuleSet.from_dict(data).to_dict()

    def new_deck(self, rng: random.Random, rules: Mapping[str, Json]) -> list[str]:
        return card_texts(new_deck(rng, RuleSet.from_dict(dict(rules)).decks))

    def new_game(
        self, rules: Mapping[str, Json], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> GameState:
        # docs/games/indian-rummy.md: round 1's dealer is seat 0 (the shuffler's draw is for Gin
        # Rummy).
        return engine.new_game(RuleSet.from_dict(dict(rules)), seats, deck, _salt(salt), dealer=0)

    def deal_next_round(self, state: GameState, deck: Sequence[str], salt: str) -> GameState:
        """The next deal, with its salt (which orders its reshuffles)."""
        return super().deal_next_round(state, deck, _salt(salt))

    def outcome(self, state: GameState) -> GameOutcome:
        """A deal a seat won brings it the points the other seats scored in it (what a
        points table pays the winner)."""
        return game_outcome(
            state, lambda result, seat: sum(result.points) - result.points[seat]
        )


INDIAN_RULES = IndianRules(engine, codec)
"""Indian Rummy's rules (a :class:`~games.rules.common.game.GameRules`)."""
