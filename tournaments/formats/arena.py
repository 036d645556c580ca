"""Arena pairings: whoever is waiting plays again at once, until pairing closes.

The server calls :func:`arena_pairings` whenever a game ends or a player joins, with the
players waiting for a game, and starts one game per answer.

Who plays whom (1-v-1)
    * Never one's last opponent, unless only two players are active.
    * On an odd count the newest arrival sits out, unless the others cannot all be paired
      without them (then the matching decides who waits).
    * Under :data:`LARGE_ARENA` (30) active players, pairing happens at once: a maximum
      matching that pairs as many waiting players as the last-opponent rule allows, with
      the least total rank gap (players near each other in the standings meet).
    * From 30 active players on, pairing waits until a tenth of the active players are
      waiting or one has waited :data:`MAX_WAIT` (10 s), and then solves a maximum-weight
      matching whose cost is the rank gap, weighed more at the top of the standings, plus
      the rating gap: ``|rank_a - rank_b| * (300 + 1700 * (worst - best_of_pair) / worst)
      + |rating_a - rating_b|``. To keep it fast on large arenas, the waiting players are
      taken in rank order in groups of :data:`PAIRING_GROUP` (40), each player may meet
      only its :data:`NEIGHBOURS` (6) nearest in rank within the group, and players a group
      leaves unpaired join the next group (docs/benchmarks.md, "Tournament pairings").

Tables (Rummy, Indian Rummy)
    Waiting players are seated by rank in full tables of the table size; the newest
    arrivals beyond full tables wait. When nobody else is playing, everyone waiting is
    seated, in tables of sizes that differ by at most one. Meeting the same players again
    is allowed at tables.

Kept apart
    Players seen on one device (``apart``, from fair play) are never paired 1-v-1: they
    wait for someone else. At tables they are swapped to other tables (a shared pair at a
    single table stays; :func:`~tournaments.formats.apart.keep_apart`).

When pairing closes
    No game starts in the last :data:`CLOSING_SHARE` (5 %) of the arena's duration, or its
    last :data:`CLOSING_MIN` (30 s) when that is longer (:func:`arena_pairing_closes_at`):
    a game started then could not finish, and games that end after the end do not count.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import networkx as nx

from tournaments.formats.apart import Apart, apart_pairs, keep_apart
from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.knockout import split_tables
from tournaments.formats.scoring import ARENA_DRAW, ARENA_WIN, ON_FIRE_FACTOR, performance_key
from tournaments.formats.spec import (
    CAPACITY,
    MIN_PLAYERS,
    STARTS_AT,
    FormatSpec,
    Setting,
    SettingKind,
)
from tournaments.formats.types import (
    Entry,
    Format,
    Game,
    Outcome,
    PlayerId,
    Record,
    Row,
    Settings,
    Tally,
)

LARGE_ARENA = 30
PAIRING_GROUP = 40
NEIGHBOURS = 6
WAITING_SHARE = 10
MAX_WAIT = timedelta(seconds=10)
CLOSING_SHARE = 20
CLOSING_MIN = timedelta(seconds=30)
DEFAULT_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player waiting for a game, and since when."""

    player: PlayerId
    since: datetime


Pair = tuple[PlayerId, ...]


def pairing_cost(rank_a: int, rank_b: int, rating_a: float, rating_b: float, *, worst: int) -> int:
    """A large arena's cost of pairing two players: rank gap (weighed more near the top,
    ``worst`` being one past the last rank) plus rating gap.

    >>> pairing_cost(1, 2, 1500, 1600, worst=101), pairing_cost(99, 100, 1500, 1600, worst=101)
    (2083, 433)
    """
    top = min(rank_a, rank_b)
    factor = 300 + (1700 * (worst - top)) // worst
    return abs(rank_a - rank_b) * factor + round(abs(rating_a - rating_b))


def arena_pairing_closes_at(settings: Settings) -> datetime:
    """When the arena stops starting games (see the module's notes)."""
    assert settings.ends_at is not None and settings.duration is not None
    return settings.ends_at - max(CLOSING_MIN, settings.duration / CLOSING_SHARE)


def arena_pairing_open(settings: Settings, now: datetime) -> bool:
    """Whether a game may start at ``now``."""
    assert settings.starts_at is not None
    return settings.starts_at <= now < arena_pairing_closes_at(settings)


def last_opponents(games: Iterable[Game]) -> dict[PlayerId, frozenset[PlayerId]]:
    """Each player's opponents in their latest game (one being played counts as latest)."""
    latest: dict[PlayerId, tuple[tuple[int, float], frozenset[PlayerId]]] = {}
    for game in games:
        when = (1, 0.0) if game.ended_at is None else (0, game.ended_at.timestamp())
        for player in game.players:
            seen = latest.get(player)
            if seen is None or when >= seen[0]:
                latest[player] = (when, frozenset(game.players) - {player})
    return {player: others for player, (_, others) in latest.items()}


def _waiting_order(waiting: Sequence[Waiting]) -> list[Waiting]:
    """Distinct players, oldest arrival first (ties keep the given order)."""
    seen: set[PlayerId] = set()
    out: list[Waiting] = []
    for w in waiting:
        if w.player not in seen:
            seen.add(w.player)
            out.append(w)
    return sorted(out, key=lambda w: w.since)


def arena_pairings(
    settings: Settings,
    *,
    waiting: Sequence[Waiting],
    active_count: int,
    last_opponents: Mapping[PlayerId, Collection[PlayerId]],
    ranks: Mapping[PlayerId, int],
    ratings: Mapping[PlayerId, float],
    now: datetime,
    apart: Apart = (),
) -> tuple[Pair, ...]:
    """The games to start now: players in seat order (better rank first), best games first.

    ``active_count`` counts the players taking part now (waiting or playing, not paused);
    ``ranks`` is the current standings (1 the leader; players missing rank last);
    ``last_opponents`` maps a player to the players of their latest game; ``apart`` are
    pairs never to meet (see the module's notes).
    """
    if not arena_pairing_open(settings, now):
        return ()
    queue = _waiting_order(waiting)
    n = len(queue)
    if n < 2:
        return ()
    large = active_count >= LARGE_ARENA
    if large and n * WAITING_SHARE < active_count and now - queue[0].since < MAX_WAIT:
        return ()
    worst = max([*ranks.values(), 0]) + 1
    rank = {w.player: ranks.get(w.player, worst) for w in queue}
    if not settings.one_v_one:
        tables = _tables(settings.table_size, queue, rank, everyone=n >= active_count)
        return tuple(
            tuple(sorted((p for p in table if p is not None), key=lambda p: (rank[p], p)))
            for table in keep_apart(tables, apart)
        )
    forbidden = active_count >= 3
    kept = apart_pairs(apart)

    def allowed(a: PlayerId, b: PlayerId) -> bool:
        if frozenset((a, b)) in kept:
            return False
        if not forbidden:
            return True
        return b not in last_opponents.get(a, ()) and a not in last_opponents.get(b, ())

    rating = {w.player: float(ratings.get(w.player, DEFAULT_RATING)) for w in queue}
    matcher = _Matcher(rank=rank, rating=rating, allowed=allowed, worst=worst, large=large)
    players = [w.player for w in queue]
    if n % 2 == 1:
        newest = players.pop()
        pairs, left = matcher.pair(players)
        if left:
            more, _ = matcher.pair([*left, newest], whole=True)
            pairs += more
    else:
        pairs, _ = matcher.pair(players)
    seated = [tuple(sorted(pair, key=lambda p: (rank[p], p))) for pair in pairs]
    return tuple(sorted(seated, key=lambda pair: (rank[pair[0]], pair[0])))


def _tables(
    size: int, queue: list[Waiting], rank: dict[PlayerId, int], *, everyone: bool
) -> tuple[Pair, ...]:
    """Full tables by rank (the newest arrivals wait), or everyone when nobody else plays."""
    n = len(queue)
    if everyone:
        sizes = split_tables(n, size)
        seated = [w.player for w in queue]
    else:
        full = n // size
        sizes = (size,) * full
        seated = [w.player for w in queue[: full * size]]
    seated.sort(key=lambda p: (rank[p], p))
    out: list[Pair] = []
    start = 0
    for count in sizes:
        out.append(tuple(seated[start : start + count]))
        start += count
    return tuple(out)


class _Matcher:
    """Maximum matchings over waiting players (see the module's notes for the costs)."""

    def __init__(
        self,
        *,
        rank: dict[PlayerId, int],
        rating: dict[PlayerId, float],
        allowed: Callable[[PlayerId, PlayerId], bool],
        worst: int,
        large: bool,
    ) -> None:
        self.rank = rank
        self.rating = rating
        self.allowed = allowed
        self.worst = worst
        self.large = large

    def cost(self, a: PlayerId, b: PlayerId) -> int:
        rank_a, rank_b = self.rank[a], self.rank[b]
        if not self.large:
            return abs(rank_a - rank_b)
        return pairing_cost(rank_a, rank_b, self.rating[a], self.rating[b], worst=self.worst)

    def pair(
        self, players: Sequence[PlayerId], *, whole: bool = False
    ) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
        """Pairs and the players left unpaired; in groups on large arenas unless ``whole``."""
        order = sorted(players, key=lambda p: (self.rank[p], p))
        if not self.large or whole:
            return self._solve(order, band=len(order))
        pairs: list[tuple[PlayerId, PlayerId]] = []
        left: list[PlayerId] = []
        for start in range(0, len(order), PAIRING_GROUP):
            found, left = self._solve([*left, *order[start : start + PAIRING_GROUP]], NEIGHBOURS)
            pairs += found
        return pairs, left

    def _solve(
        self, order: list[PlayerId], band: int
    ) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
        """A maximum-cardinality, least-cost matching; players meet the next ``band`` only."""
        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(len(order)))
        edges: list[tuple[int, int, int]] = []
        for i, a in enumerate(order):
            for j in range(i + 1, min(len(order), i + band + 1)):
                b = order[j]
                if self.allowed(a, b):
                    edges.append((i, j, self.cost(a, b)))
        if not edges:
            return [], list(order)
        ceiling = max(c for _, _, c in edges) + 1
        graph.add_weighted_edges_from((i, j, ceiling - c) for i, j, c in edges)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs = [(order[min(i, j)], order[max(i, j)]) for i, j in matching]
        paired = {p for pair in pairs for p in pair}
        return pairs, [p for p in order if p not in paired]


class ArenaFormat(FormatSpec):
    """The arena as a format (see the module's notes; scores: :mod:`.scoring`)."""

    name = Format.ARENA.value
    label = "arena"
    settings = (
        STARTS_AT,
        Setting(
            name="duration_minutes",
            kind=SettingKind.INTEGER,
            required=True,
            minimum=1,
            maximum=1440,
        ),
        CAPACITY,
        MIN_PLAYERS,
    )
    reads = frozenset({"starts_at", "ends_at"})
    pausable = True
    continuous = True
    pairing_wait = MAX_WAIT
    no_show_pauses = True
    newest_first = True

    def library_settings(self, values: Mapping[str, Any]) -> Settings:
        """Its times are its actual start and end once started."""
        starts_at = values["started_at"] or values["starts_at"]
        assert starts_at is not None and values["duration_minutes"] is not None
        ends_at = values["ends_at"] or starts_at + timedelta(minutes=values["duration_minutes"])
        return Settings(
            format=self.name,
            table_size=values["table_size"],
            best_of=values["best_of"],
            duplicate=values["duplicate"],
            starts_at=starts_at,
            ends_at=ends_at,
        )

    def end(self, values: Mapping[str, Any], *, start: datetime) -> datetime | None:
        """Its scheduled start plus its duration (a late start shortens it)."""
        assert values["duration_minutes"] is not None
        return (values["starts_at"] or start) + timedelta(minutes=values["duration_minutes"])

    length_settings = ("duration_minutes",)

    def planned_length(self, values: Mapping[str, Any]) -> timedelta | None:
        """Its duration."""
        assert values["duration_minutes"] is not None
        return timedelta(minutes=values["duration_minutes"])

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        if arena_pairing_open(settings, now):
            return None
        return TournamentError(
            ErrorCode.ALREADY_STARTED, "The arena is in its last minutes: no more games start."
        )

    def counts(self, settings: Settings, game: Game) -> bool:
        """Finished by the arena's end."""
        assert settings.ends_at is not None
        return game.finished and game.ended_at is not None and game.ended_at <= settings.ends_at

    def points(
        self,
        settings: Settings,
        tally: Tally,
        game: Game,
        player: PlayerId,
        *,
        won_by_no_show: bool,
    ) -> float:
        """1-v-1: 2 a win, 1 a draw, doubled on fire; at tables, pairwise points."""
        if not settings.one_v_one:
            return game.pairwise_points(player)
        factor = ON_FIRE_FACTOR if tally.on_fire and not won_by_no_show else 1
        outcome = game.outcome_for(player)
        if outcome is Outcome.WIN:
            return float(ARENA_WIN * factor)
        if outcome is Outcome.DRAW:
            return float(ARENA_DRAW * factor)
        return 0.0

    def order(
        self,
        settings: Settings,
        rows: Sequence[Row],
        entries: Sequence[Entry],
        records: Sequence[Record],
    ) -> tuple[list[Row], dict[PlayerId, int | None]]:
        """Score, then performance, then who joined first."""
        joined = {e.player: e.joined for e in entries}
        key = lambda r: (-r.score, performance_key(r), joined[r.player], r.player)  # noqa: E731
        return sorted(rows, key=key), {}


ARENA = ArenaFormat()
