"""What the games app knows of a game: its name, its seats, its rules and its computer
players (STYLE.md, "Layout").

A :class:`Variant` is a description, not an implementation: every rule is its game's
:class:`~games.rules.common.game.GameRules` (``variant.rules``) and every computer move its
:class:`~games.ai.common.players.Players` (``variant.players``). Models, services,
selectors, presenters and views reach a game only through the registry
(:mod:`games.variants`) and hold its states, actions and views as opaque values that they
hand back to the same game: they never name a phase or an action type.

Standard library only, like the cores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from games.ai.common.appraise import Loss, move_loss
from games.ai.common.players import Players
from games.ai.common.simulate import GameContest
from games.rules.common.errors import NotYourTurn, RulesError, http_status
from games.rules.common.game import GameRules

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")


@dataclass(frozen=True)
class Variant(Generic[State, Action, View]):
    """One game as the service offers it."""

    name: str
    """The ``variant`` stored on the game and taken by ``POST /games``."""
    label: str
    """Its name for people (``Gin Rummy``)."""
    min_seats: int
    max_seats: int
    rules: GameRules[State, Action, View]
    players: Players[View, Action]
    contest: GameContest[State, Action, View] | None = None
    """How ``manage.py simulate`` plays it (None: the simulator does not)."""
    leaver_stand_in: str | None = "easy"
    """Who plays on for a person who leaves a table of three or more seats (concedes, or
    forfeits on time) while the game goes on: the computer at this level (docs/games/rummy.md:
    ``easy``), or ``None`` when nobody does -- the seat is out of the game and never has a
    turn again (docs/games/indian-rummy.md). At two seats leaving ends the game, whatever this
    says."""
    secret_action_keys: tuple[tuple[str, str], ...] = ()
    """``(action type, key)`` pairs: a key of a logged action that only the seat that
    played it may read in the move log until the game ends (Indian Rummy's ``declare``
    puts its ``card`` face down). A drawn card is hidden by the rules'
    ``card_is_public`` already."""
    review_worlds: int = 32
    """The game review's budget: the worlds over which a decision's loss against Hard's
    choice is estimated (docs/ai.md#the-game-review; each world plays the round out
    twice at Medium, so a game whose Medium is slow takes fewer)."""
    names_itself: bool = True
    """Whether its views and list lines carry ``variant`` and its lobby entries ``variant``,
    ``seats`` and ``free_seats``. Every game's description says so but that of a game
    whose shapes were published before there were others, which keeps them (docs/api.md:
    Gin Rummy's responses are unchanged); nothing else reads a game's name."""

    def move_loss(
        self, state: State, seat: int, move: Action, better: Action, *, level: str,
        rng: random.Random,
    ) -> Loss:
        """The round points ``seat`` is expected to lose by ``move`` rather than ``better``
        from ``state``, over :attr:`review_worlds` worlds played out by ``level``
        (:func:`games.ai.common.appraise.move_loss`)."""
        return move_loss(
            self.rules, self.players, state, seat, move, better,
            worlds=self.review_worlds, level=level, rng=rng,
        )

    @property
    def action_error_codes(self) -> dict[int, list[str]]:
        """HTTP status -> the machine codes an action of this game may be refused with."""
        return action_error_codes(self.rules.errors)


_SERVER_CODES_AFTER: dict[type[RulesError], str] = {NotYourTurn: "version_conflict"}
"""The games app's own codes of an action request, listed after the rules error named."""
_SERVER_CODES_LAST = {422: "idempotency_key_reused"}


def action_error_codes(errors: tuple[type[RulesError], ...]) -> dict[int, list[str]]:
    """HTTP status -> the machine codes an action may be refused with, in the order the
    API lists them: the game's errors by :func:`http_status`, with the server's own
    (``version_conflict``, ``idempotency_key_reused``) where the schema has them."""
    out: dict[int, list[str]] = {}
    for cls in errors:
        codes = out.setdefault(http_status(cls), [])
        codes.append(str(cls.code))
        if cls in _SERVER_CODES_AFTER:
            codes.append(_SERVER_CODES_AFTER[cls])
    for status, code in _SERVER_CODES_LAST.items():
        out[status].append(code)
    return dict(sorted(out.items()))
