"""What a signal function returns: a finding, or nothing.

Every detector in this package is a pure function of plain values (the move log and the
result rows, read and reduced by the app) and its thresholds, and returns ``None`` below
them. A :class:`Finding` names the rule that fired, how strongly, and the figures behind
it, which staff read as the signal's evidence (never shown to the player).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule fired for ``user`` (and ``other``, for rules about two players)."""

    kind: str
    """The rule, as ``fairplay.models.SignalKind`` names it."""
    user: int
    other: int | None = None
    score: float = 0.0
    """How strongly it fired (the rule's own measure: a share, a z-score, a count)."""
    evidence: Mapping[str, Json] = field(default_factory=dict)
