"""Swiss pairings: score groups, no rematches, one bye at a time, late joins.

The server pairs round ``r + 1`` with :func:`swiss_pairings` once every game of round ``r``
has finished, starts one game per table and records the byes.

1-v-1 (Gin): a maximum-weight matching over the players to pair (networkx's blossom), where
only players who have never met are joined, so there is never a rematch. Its weights rank,
in this order of importance:

1. as many players paired as the no-rematch rule allows;
2. the bye (odd count) to a player who has had no bye yet (of either kind), then to the
   lowest-ranked such player;
3. the least sum of squared score differences between partners (score groups: players meet
   their own score where they can, and a player who must float meets the nearest score);
4. floats from lower score groups rather than higher ones (the sum, over pairs across
   groups, of the score difference times the higher score), so that a higher group stays
   together when a lower one can absorb the float;
5. within a score group, the top half meets the bottom half (1st of 6 meets the 4th, as the
   Dutch system does); a pair across groups prefers neighbours in the standings (the least
   sum of squared distances in the standings).

Each tier outweighs everything below it put together, so the choice is lexicographic.
When a round follows, the matching also looks one round ahead: if, without its pairs, the
next round could not seat everyone (the last rounds of a near round robin can paint
themselves into such a corner), the best matching after which it could is taken instead.
Players the matching cannot pair (everyone left has met) get a pairing bye too; when no
game at all can be paired the round is empty, and the tournament is over.

Tables (Rummy, Indian Rummy): players are taken in standings order and seated in
:func:`split_tables` tables; each seat goes to whoever, among the next ``2 * table_size``
in the order, has met the players already at the table the fewest times (the first of them
on a tie). Meeting again is minimised, not forbidden, since a table of several players
cannot always avoid it.

Kept apart: players seen on one device (``apart``, from fair play) count as having met
already, and at tables so often that any other seat is taken first; tables are then
repaired by swapping players between them
(:func:`~tournaments.formats.apart.keep_apart`). In 1-v-1 they are never paired: without
another opponent one of them gets a pairing bye.

Seats: in 1-v-1 the player who has sat first less often sits first (the better-ranked on a
tie); at tables, standings order.

Late join: possible until more than half the rounds have started (before round 6 of 11,
before round 7 of 12). A player who joins after round 1 has started gets one half-point bye
(:data:`ByeKind.LATE_JOIN`), whatever the number of rounds missed, and nothing for the
other missed rounds. Paused and withdrawn players are not paired and get no bye; a no-show
(a concession before one's own first move) loses the game, and the server withdraws them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import networkx as nx

from tournaments.formats.apart import Apart, keep_apart
from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.knockout import split_tables
from tournaments.formats.scoring import participants, performance_key, standings
from tournaments.formats.spec import (
    CAPACITY,
    DUPLICATE,
    MIN_PLAYERS,
    STARTS_AT,
    FormatSpec,
    Setting,
    SettingKind,
)
from tournaments.formats.types import (
    MAX_ROUNDS,
    Bye,
    ByeKind,
    Entry,
    Format,
    Game,
    PlayerId,
    Record,
    Row,
    Settings,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SwissRound:
    """One round's pairings."""

    round: int
    tables: tuple[tuple[PlayerId, ...], ...]
    """Players of each game in seat order, best table first."""
    byes: tuple[Bye, ...]

    @property
    def empty(self) -> bool:
        """No game could be paired: the tournament ends."""
        return not self.tables


def swiss_join_open(settings: Settings, rounds_started: int) -> bool:
    """Whether a player may still join after ``rounds_started`` rounds have started."""
    assert settings.rounds is not None
    return rounds_started <= settings.rounds // 2


def swiss_late_join(
    settings: Settings, *, player: PlayerId, rounds_started: int, records: Iterable[Record]
) -> Bye | None:
    """The bye a player joining now gets, if any; refuses a join past half the rounds.

    A player who already has a record (one who left and comes back) gets no new bye.
    """
    if not swiss_join_open(settings, rounds_started):
        raise TournamentError(
            ErrorCode.LATE_JOIN_CLOSED,
            f"{rounds_started} of {settings.rounds} rounds have started: joining is closed",
        )
    if rounds_started == 0:
        return None
    if any(player in participants(record) for record in records):
        return None
    return Bye(round=rounds_started, player=player, kind=ByeKind.LATE_JOIN)


def meetings(records: Iterable[Record]) -> Counter[frozenset[PlayerId]]:
    """How many games each pair of players has shared (at any table)."""
    met: Counter[frozenset[PlayerId]] = Counter()
    for record in records:
        if isinstance(record, Game):
            players = record.players
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    met[frozenset((a, b))] += 1
    return met


APART_MEETINGS = 1000
"""What a pair kept apart weighs, in meetings: more than any pair of a tournament meets."""


def swiss_pairings(
    settings: Settings,
    *,
    round_no: int,
    entries: Sequence[Entry],
    records: Sequence[Record],
    apart: Apart = (),
) -> SwissRound:
    """The pairings of round ``round_no`` (the round after the last one recorded);
    ``apart``: pairs never to meet when another pairing exists (see the module's notes)."""
    assert settings.rounds is not None
    last = max((r.round for r in records), default=0)
    if round_no != last + 1 or round_no > settings.rounds:
        raise TournamentError(
            ErrorCode.ROUND_OUT_OF_ORDER,
            f"round {round_no} cannot be paired after round {last} of {settings.rounds}",
            field="round",
        )
    rows = standings(settings, entries, records)
    by_player = {e.player: e for e in entries}
    order = [
        r.player
        for r in rows
        if not by_player[r.player].withdrawn and not by_player[r.player].paused
    ]
    met = meetings(records)
    for a, b in apart:
        met[frozenset((a, b))] += APART_MEETINGS
    if len(order) < 2:
        return SwissRound(round=round_no, tables=(), byes=())
    if not settings.one_v_one:
        kept = keep_apart(_tables(order, settings.table_size, met), apart)
        seated = tuple(tuple(p for p in table if p is not None) for table in kept)
        return SwissRound(round=round_no, tables=seated, byes=())
    score = {r.player: round(2 * r.score) for r in rows}
    had_bye = {r.player for r in records if isinstance(r, Bye)}
    pairs, unpaired = _match(order, score, met, had_bye, lookahead=round_no < settings.rounds)
    if not pairs:
        return SwissRound(round=round_no, tables=(), byes=())
    firsts = Counter(r.players[0] for r in records if isinstance(r, Game))
    position = {p: i for i, p in enumerate(order)}
    tables = []
    for a, b in sorted(pairs, key=lambda pair: min(position[pair[0]], position[pair[1]])):
        high, low = (a, b) if position[a] < position[b] else (b, a)
        tables.append((low, high) if firsts[low] < firsts[high] else (high, low))
    byes = tuple(Bye(round=round_no, player=p, kind=ByeKind.PAIRING) for p in unpaired)
    return SwissRound(round=round_no, tables=tuple(tables), byes=byes)


def _match(
    order: list[PlayerId],
    score: dict[PlayerId, int],
    met: Counter[frozenset[PlayerId]],
    had_bye: set[PlayerId],
    *,
    lookahead: bool,
) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
    """Pairs and unpaired players by the weights of the module's notes.

    With ``lookahead`` (a round follows), a matching after which the next round could not
    seat everyone is set aside for the best one after which it could, if there is one.
    """
    n = len(order)
    groups: dict[int, list[PlayerId]] = {}
    for p in order:
        groups.setdefault(score[p], []).append(p)
    in_group = {p: i for members in groups.values() for i, p in enumerate(members)}
    spread = max(score.values()) - min(score.values())
    top = max(score.values())
    # Tiers, each outweighing the sum of everything below it over a whole round.
    k_fold = n**3 + 1
    k_float = n * (spread * top + 1) * k_fold
    k_square = n * (spread * spread + 1) * k_float
    k_bye = n * k_square
    k_had_bye = n * k_bye
    ceiling = k_had_bye + n * k_bye + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n + 1))
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            b = order[j]
            if met[frozenset((a, b))]:
                continue
            gap = abs(score[a] - score[b])
            if gap == 0:
                half = len(groups[score[a]]) // 2
                fold = abs(abs(in_group[a] - in_group[b]) - half)
            else:
                fold = (j - i - 1) ** 2
            cost = gap * gap * k_square + gap * max(score[a], score[b]) * k_float + fold
            graph.add_edge(i, j, weight=ceiling - cost)
    bye = n
    if n % 2 == 1:
        for i, p in enumerate(order):
            cost = (p in had_bye) * k_had_bye + (n - 1 - i) * k_bye
            graph.add_edge(i, bye, weight=ceiling - cost)
    seats = (n + 1) // 2
    matching = _edges(nx.max_weight_matching(graph, maxcardinality=True))
    if (
        lookahead
        and len(matching) == seats
        and not _next_round_seats_all(order, met, had_bye, matching)
    ):
        # The least valued pairs first: setting one of them aside disturbs the least.
        for edge in sorted(matching, key=lambda e: graph.edges[e]["weight"]):
            trial = graph.copy()
            trial.remove_edge(*edge)
            other = _edges(nx.max_weight_matching(trial, maxcardinality=True))
            if len(other) == seats and _next_round_seats_all(order, met, had_bye, other):
                matching = other
                break
    pairs = [(order[i], order[j]) for i, j in matching if bye not in (i, j)]
    paired = {p for pair in pairs for p in pair}
    return pairs, [p for p in order if p not in paired]


def _edges(matching: set[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted((min(i, j), max(i, j)) for i, j in matching)


def _next_round_seats_all(
    order: list[PlayerId],
    met: Counter[frozenset[PlayerId]],
    had_bye: set[PlayerId],
    matching: list[tuple[int, int]],
) -> bool:
    """Whether, after ``matching``, a next round could pair everyone (one bye if odd)."""
    n = len(order)
    bye = n
    played = {frozenset((i, j)) for i, j in matching if bye not in (i, j)}
    byes = {order[i] for i, j in matching if j == bye} | had_bye
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n + 1))
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            if not met[frozenset((a, order[j]))] and frozenset((i, j)) not in played:
                graph.add_edge(i, j)
    if n % 2 == 1:
        fresh = [i for i, p in enumerate(order) if p not in byes] or list(range(n))
        graph.add_edges_from((i, bye) for i in fresh)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == (n + 1) // 2


def _tables(
    order: list[PlayerId], size: int, met: Counter[frozenset[PlayerId]]
) -> tuple[tuple[PlayerId, ...], ...]:
    remaining = list(order)
    tables: list[tuple[PlayerId, ...]] = []
    for count in split_tables(len(order), size):
        table = [remaining.pop(0)]
        while len(table) < count:
            window = remaining[: 2 * size]
            best = min(
                range(len(window)),
                key=lambda k: (sum(met[frozenset((window[k], t))] for t in table), k),
            )
            table.append(remaining.pop(best))
        tables.append(tuple(table))
    return tuple(tables)


class SwissFormat(FormatSpec):
    """Swiss as a format (see the module's notes)."""

    name = Format.SWISS.value
    label = "Swiss"
    settings = (
        STARTS_AT,
        Setting(
            name="rounds", kind=SettingKind.INTEGER, required=True, minimum=1, maximum=MAX_ROUNDS
        ),
        Setting(
            name="round_minutes",
            kind=SettingKind.INTEGER,
            minimum=1,
            maximum=1440,
            default=60,
            help="Each round's deadline (default 60): unfinished games are stopped.",
        ),
        DUPLICATE,
        CAPACITY,
        MIN_PLAYERS,
    )
    reads = frozenset({"rounds", "duplicate"})
    pausable = True
    counts_byes = True
    sonneborn_berger = True

    length_settings = ("rounds", "round_minutes")

    def planned_length(self, values: Mapping[str, Any]) -> timedelta | None:
        """Every round to its deadline."""
        assert values["rounds"] is not None and values["round_minutes"] is not None
        return timedelta(minutes=values["rounds"] * values["round_minutes"])

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        if swiss_join_open(settings, rounds_started):
            return None
        return TournamentError(
            ErrorCode.ALREADY_STARTED, "More than half the rounds have started: joining is closed."
        )

    def late_join_bye(
        self,
        settings: Settings,
        *,
        player: PlayerId,
        rounds_started: int,
        records: Sequence[Record],
    ) -> Bye | None:
        return swiss_late_join(
            settings, player=player, rounds_started=rounds_started, records=records
        )

    def order(
        self,
        settings: Settings,
        rows: Sequence[Row],
        entries: Sequence[Entry],
        records: Sequence[Record],
    ) -> tuple[list[Row], dict[PlayerId, int | None]]:
        """Score, Sonneborn-Berger, performance, rating, then who joined first."""
        by_player = {e.player: e for e in entries}

        def key(r: Row) -> tuple[float, float, float, float, int, int]:
            entry = by_player[r.player]
            return (
                -r.score,
                -r.sonneborn_berger,
                performance_key(r),
                -entry.rating,
                entry.joined,
                r.player,
            )

        return sorted(rows, key=key), {}


SWISS = SwissFormat()
