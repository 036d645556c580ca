"""The round robin as the formats library takes a format: everyone meets everyone once,
one round at a time (the circle method), and the standings are the points scored.

Pure, as every spec is: no Django, no rows. Its settings are a start and a capacity of at
most 8 (8 by default); it closes at the start.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from tournaments.formats import ErrorCode, FormatSpec, Settings, TournamentError
from tournaments.formats.spec import CAPACITY, STARTS_AT

MAX_PLAYERS = 8


def rounds_for(players: int) -> int:
    """Rounds for everyone to meet everyone once (an odd field sits one out each round)."""
    return players - 1 + players % 2


def round_robin_round(players: Sequence[int], round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no``'s games (the circle method: the first player stays, the others
    turn one seat a round; an odd field's missing partner is a round off)."""
    field: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(field)
    turn = (round_no - 1) % (n - 1)
    rest = field[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [field[0], *rest]
    pairs = [(order[i], order[n - 1 - i]) for i in range(n // 2)]
    return [(a, b) for a, b in pairs if a is not None and b is not None]


class RoundRobinFormat(FormatSpec):
    name = "roundrobin"
    label = "round robin"
    settings = (
        STARTS_AT,
        CAPACITY.but(maximum=MAX_PLAYERS, default=MAX_PLAYERS, help="At most 8 (8 by default)."),
    )

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        return TournamentError(ErrorCode.ALREADY_STARTED, "The round robin has started.")


ROUND_ROBIN = RoundRobinFormat()
