"""Each format's pairing step: what a pairing run does to a started tournament of that
format (pairs and seats players, stops a round, finishes it), registered under the
format's name, as the formats library registers its spec.

A spec (:class:`tournaments.formats.FormatSpec`) says everything about a format that is
pure; its step is the part that starts games and writes rows, so it is the server's and
lives here, over :class:`~tournaments.services.field.Field`: :mod:`.arena`,
:mod:`.swiss`, :mod:`.knockout` (knockouts and sit & go). :func:`step_register` adds
another format's (as a test of the seam does).
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments import formats
from tournaments.services.field import Field
from tournaments.services.steps.arena import arena_step
from tournaments.services.steps.knockout import knockout_step
from tournaments.services.steps.swiss import swiss_step

Step = Callable[[Field], None]
"""One pairing step of a started tournament (the caller holds its lock)."""

STEPS: dict[str, Step] = {
    formats.SIT_AND_GO.name: knockout_step,
    formats.ARENA.name: arena_step,
    formats.SWISS.name: swiss_step,
    formats.KNOCKOUT.name: knockout_step,
}


def step_register(name: str, step: Step) -> None:
    """Pair the tournaments of format ``name`` with ``step``."""
    STEPS[name] = step


def step_unregister(name: str) -> None:
    STEPS.pop(name)


def step_for(name: str) -> Step:
    return STEPS[name]


__all__ = ["STEPS", "Step", "step_for", "step_register", "step_unregister"]
