"""Knockout: the seeded bracket, best-of-K matches, and knockout rounds at tables.

The whole state of a knockout is a pure function of the seeds and the games played
(:func:`knockout_state`, :func:`table_knockout_state`): nothing is stored but the games,
so a replayed or corrected game result moves the bracket on by itself.

1-v-1 (Gin)
    The bracket has the next power of two of slots. Seed ``s`` meets seed
    ``size + 1 - s`` in the first round (1 v N), and the halves are built so that seeds 1
    and 2 can meet only in the final, 1-4 only in the semi-finals, and so on. Slots past
    the field are byes, and they fall to the top seeds. A match is won by the first to
    ``best_of // 2 + 1`` game wins; a drawn game counts for nobody and another is played.
    So that a match always ends, after ``2 * best_of`` finished games without a winner the
    player with more wins goes through, the better seed when level. A withdrawn player
    loses the match they are in (and every later one).

Tables (Rummy, Indian Rummy)
    While the field is larger than a table, it is dealt into ``ceil(n / table_size)``
    tables of sizes that differ by at most one, seeds snaking across them (1, 2, 3, 3, 2,
    1, ...), and the top half of each table (``size // 2`` players, ties going to the
    better seed) goes through. A field that fits one table plays the final table, whose
    places are the final ranking. A player who withdrew or conceded before making a move
    never goes through.

Kept apart
    Players seen on one device when the tournament started (``Settings.apart``, from fair
    play) are not drawn against each other in the first round of a bracket, nor seated at
    one table of any round but the final one, when a swap with another match or table
    (the nearest first) parts them (:func:`~tournaments.formats.apart.keep_apart`). A
    match's or a table's seats stay in seed order; a bye stays with its seed. Later
    rounds of a bracket are the results'.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from tournaments.formats.apart import Apart, keep_apart
from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.spec import (
    BEST_OF,
    CAPACITY,
    DUPLICATE,
    MIN_PLAYERS,
    STARTS_AT,
    FormatSpec,
    Setting,
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
)


def seed_order(entries: Iterable[Entry]) -> tuple[PlayerId, ...]:
    """Players best seed first: higher rating first, then earlier join, then lower id."""
    ordered = sorted(entries, key=lambda e: (-e.rating, e.joined, e.player))
    return tuple(e.player for e in ordered)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers (from 1) in bracket order for ``size`` slots, a power of two.

    Neighbouring pairs meet in the first round; each half of the list is a half of the
    bracket.

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two of slots, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


def _need_two(seeds: Sequence[PlayerId]) -> None:
    if len(seeds) < 2 or len(set(seeds)) != len(seeds):
        raise TournamentError(
            ErrorCode.INVALID_SETTINGS,
            f"a knockout needs at least two different players, not {len(seeds)}",
            field="players",
        )


def bracket(seeds: Sequence[PlayerId]) -> tuple[tuple[PlayerId, PlayerId | None], ...]:
    """The first round, in bracket order: ``(better seed, other or None for a bye)``.

    >>> bracket([11, 12, 13, 14, 15])
    ((11, None), (14, 15), (12, None), (13, None))
    """
    _need_two(seeds)
    n = len(seeds)
    size = 1 << (n - 1).bit_length()
    order = bracket_order(size)
    out: list[tuple[PlayerId, PlayerId | None]] = []
    for high, low in zip(order[::2], order[1::2], strict=True):
        out.append((seeds[high - 1], seeds[low - 1] if low <= n else None))
    return tuple(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchState:
    """Where a best-of-K match between two players stands."""

    players: tuple[PlayerId, PlayerId]
    """The better seed first."""
    best_of: int
    wins: tuple[int, int]
    draws: int
    finished_games: int
    in_progress: bool
    """A game of the match is being played."""
    winner: PlayerId | None

    @property
    def needed(self) -> int:
        """Game wins that take the match."""
        return self.best_of // 2 + 1

    @property
    def decider(self) -> bool:
        """The match is undecided and the next game's winner takes it."""
        return self.winner is None and self.wins[0] == self.wins[1] == self.needed - 1

    @property
    def next_seats(self) -> tuple[PlayerId, PlayerId] | None:
        """Seat order of the game to start now (seats alternate), or None if none is due."""
        if self.winner is not None or self.in_progress:
            return None
        a, b = self.players
        return (a, b) if self.finished_games % 2 == 0 else (b, a)


def match_state(
    players: tuple[PlayerId, PlayerId],
    games: Iterable[Game],
    best_of: int,
    *,
    withdrawn: Collection[PlayerId] = frozenset(),
) -> MatchState:
    """The state of the match between ``players`` (better seed first) from its games.

    ``games`` are the match's games (other games are ignored: a game belongs to the match
    when it seats exactly these two players).
    """
    a, b = players
    wins = [0, 0]
    draws = finished = 0
    in_progress = False
    for game in games:
        if set(game.players) != {a, b}:
            continue
        if not game.finished:
            in_progress = True
            continue
        finished += 1
        outcome = game.outcome_for(a)
        if outcome is Outcome.WIN:
            wins[0] += 1
        elif outcome is Outcome.LOSS:
            wins[1] += 1
        else:
            draws += 1
    need = best_of // 2 + 1
    winner: PlayerId | None = None
    if wins[0] >= need:
        winner = a
    elif wins[1] >= need:
        winner = b
    elif a in withdrawn:
        winner = b if b not in withdrawn else a
    elif b in withdrawn:
        winner = a
    elif finished >= 2 * best_of:
        winner = b if wins[1] > wins[0] else a
    return MatchState(
        players=(a, b),
        best_of=best_of,
        wins=(wins[0], wins[1]),
        draws=draws,
        finished_games=finished,
        in_progress=in_progress,
        winner=winner,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BracketMatch:
    """One match of a 1-v-1 bracket."""

    round: int
    """1 for the first round."""
    index: int
    """Position in its round, top of the bracket first."""
    players: tuple[PlayerId | None, PlayerId | None]
    """The better seed first; ``None`` is a bye (round 1) or a player not known yet."""
    bye: bool
    state: MatchState | None
    """``None`` for a bye or while a player is not known."""
    winner: PlayerId | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Knockout:
    """A 1-v-1 bracket and where it stands."""

    seeds: tuple[PlayerId, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]
    """Every round of the bracket, the later ones with players not yet known as None."""

    @property
    def champion(self) -> PlayerId | None:
        return self.rounds[-1][0].winner

    @property
    def over(self) -> bool:
        return self.champion is not None

    @property
    def to_play(self) -> tuple[BracketMatch, ...]:
        """Matches that need a game started now (see ``state.next_seats``)."""
        return tuple(
            m
            for round_ in self.rounds
            for m in round_
            if m.state is not None and m.state.next_seats is not None
        )

    def ranking(self) -> tuple[tuple[PlayerId, int | None], ...]:
        """``(player, round they went out in or None)``, best first.

        Players still in (the champion once there is one) come first, then the others by
        the round they went out in, later first; ties go to the better seed.
        """
        out_in: dict[PlayerId, int | None] = dict.fromkeys(self.seeds)
        for round_ in self.rounds:
            for match in round_:
                if match.winner is None or match.bye:
                    continue
                for p in match.players:
                    if p is not None and p != match.winner:
                        out_in[p] = match.round
        return _rank(self.seeds, out_in, {})


def _rank(
    seeds: Sequence[PlayerId],
    out_in: dict[PlayerId, int | None],
    table_place: dict[PlayerId, int],
) -> tuple[tuple[PlayerId, int | None], ...]:
    seed_rank = {p: i for i, p in enumerate(seeds)}

    def key(p: PlayerId) -> tuple[int, int, int, int]:
        r = out_in[p]
        return (0 if r is None else 1, -(r or 0), table_place.get(p, 0), seed_rank[p])

    return tuple((p, out_in[p]) for p in sorted(seeds, key=key))


def knockout_state(
    seeds: Sequence[PlayerId],
    games: Iterable[Game],
    best_of: int,
    *,
    withdrawn: Collection[PlayerId] = frozenset(),
    apart: Apart = (),
) -> Knockout:
    """The bracket for ``seeds`` (best first) after ``games`` (each with its round); the
    first round parts the pairs of ``apart`` where it can."""
    seed_rank = {p: i for i, p in enumerate(seeds)}
    pairs = _first_round_apart(bracket(seeds), apart, seed_rank)
    by_round: dict[int, list[Game]] = {}
    for game in games:
        by_round.setdefault(game.round, []).append(game)
    rounds: list[tuple[BracketMatch, ...]] = []
    number = 1
    while True:
        matches: list[BracketMatch] = []
        for index, (a, b) in enumerate(pairs):
            if number == 1 and b is None:
                matches.append(
                    BracketMatch(
                        round=1, index=index, players=(a, None), bye=True, state=None, winner=a
                    )
                )
            elif a is None or b is None:
                matches.append(
                    BracketMatch(
                        round=number,
                        index=index,
                        players=(a, b),
                        bye=False,
                        state=None,
                        winner=None,
                    )
                )
            else:
                state = match_state((a, b), by_round.get(number, ()), best_of, withdrawn=withdrawn)
                matches.append(
                    BracketMatch(
                        round=number,
                        index=index,
                        players=(a, b),
                        bye=False,
                        state=state,
                        winner=state.winner,
                    )
                )
        rounds.append(tuple(matches))
        if len(matches) == 1:
            break
        pairs = []
        for upper, lower in zip(matches[::2], matches[1::2], strict=True):
            x, y = upper.winner, lower.winner
            if x is not None and y is not None and seed_rank[y] < seed_rank[x]:
                x, y = y, x
            pairs.append((x, y))
        number += 1
    return Knockout(seeds=tuple(seeds), rounds=tuple(rounds))


def split_tables(n: int, table_size: int) -> tuple[int, ...]:
    """Sizes of the fewest tables of at most ``table_size`` seating ``n``, differing by <= 1.

    >>> split_tables(10, 4), split_tables(7, 6), split_tables(12, 3)
    ((4, 3, 3), (4, 3), (3, 3, 3, 3))
    """
    if n <= 0:
        return ()
    count = -(-n // table_size)
    small, extra = divmod(n, count)
    return tuple(small + 1 if i < extra else small for i in range(count))


def snake_tables(players: Sequence[PlayerId], table_size: int) -> tuple[tuple[PlayerId, ...], ...]:
    """Deal ``players`` (best first) into :func:`split_tables` tables, snaking seeds.

    >>> snake_tables([1, 2, 3, 4, 5, 6, 7], 4)
    ((1, 4, 5), (2, 3, 6, 7))
    """
    count = len(split_tables(len(players), table_size))
    tables: list[list[PlayerId]] = [[] for _ in range(count)]
    for i, player in enumerate(players):
        block, pos = divmod(i, count)
        tables[pos if block % 2 == 0 else count - 1 - pos].append(player)
    return tuple(tuple(t) for t in tables)


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockoutTable:
    """One table of a knockout at tables."""

    round: int
    index: int
    players: tuple[PlayerId, ...]
    """Seat order: better seeds first."""
    final: bool
    game: Game | None
    """The table's game: finished, being played, or None before it starts."""
    order: tuple[PlayerId, ...] | None
    """The table's players best first once its game is finished (None before)."""
    advancing: tuple[PlayerId, ...] | None
    """Who goes through once the game is finished (empty at the final table)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableKnockout:
    """A knockout at tables and where it stands."""

    seeds: tuple[PlayerId, ...]
    rounds: tuple[tuple[KnockoutTable, ...], ...]
    """The rounds seated so far (a round is seated once the one before has finished)."""
    champion: PlayerId | None
    over: bool

    @property
    def to_play(self) -> tuple[KnockoutTable, ...]:
        """Tables whose game should start now."""
        return tuple(t for round_ in self.rounds for t in round_ if t.game is None)

    def ranking(self) -> tuple[tuple[PlayerId, int | None], ...]:
        """``(player, round they went out in or None)``, best first (see :meth:`Knockout.ranking`).

        Players who went out in the same round are ordered by their place at their table.
        """
        out_in: dict[PlayerId, int | None] = dict.fromkeys(self.seeds)
        place: dict[PlayerId, int] = {}
        for round_ in self.rounds:
            for table in round_:
                if table.order is None or table.advancing is None:
                    continue
                for i, p in enumerate(table.order):
                    place[p] = i
                    if p not in table.advancing and p != self.champion:
                        out_in[p] = table.round
        return _rank(self.seeds, out_in, place)


def _first_round_apart(
    first: Sequence[tuple[PlayerId, PlayerId | None]],
    apart: Apart,
    seed_rank: dict[PlayerId, int],
) -> list[tuple[PlayerId | None, PlayerId | None]]:
    """The first round with the pairs of ``apart`` parted by swapping players between
    matches (never a bye's seed), each match's better seed first."""
    pairs: list[tuple[PlayerId | None, PlayerId | None]] = list(first)
    full = [i for i, (_, b) in enumerate(pairs) if b is not None]
    if not apart or len(full) < 2:
        return pairs
    for i, match in zip(full, keep_apart([pairs[i] for i in full], apart), strict=True):
        a, b = sorted((p for p in match if p is not None), key=seed_rank.__getitem__)
        pairs[i] = (a, b)
    return pairs


def _seated_apart(
    players: Sequence[PlayerId], table_size: int, apart: Apart, seed_rank: dict[PlayerId, int]
) -> tuple[tuple[PlayerId, ...], ...]:
    """A round's tables, seeds snaking, with the pairs of ``apart`` parted where a swap
    between tables can; each table in seed order."""
    tables = snake_tables(players, table_size)
    if not apart:
        return tables
    return tuple(
        tuple(sorted((p for p in table if p is not None), key=seed_rank.__getitem__))
        for table in keep_apart(tables, apart)
    )


def _table_order(
    players: Sequence[PlayerId],
    game: Game,
    seed_rank: dict[PlayerId, int],
    barred: Collection[PlayerId],
) -> tuple[PlayerId, ...]:
    """The table's players best first: by place, barred players last, ties by seed."""
    return tuple(sorted(players, key=lambda p: (p in barred, game.place_of(p), seed_rank[p])))


def table_knockout_state(
    seeds: Sequence[PlayerId],
    games: Iterable[Game],
    table_size: int,
    *,
    withdrawn: Collection[PlayerId] = frozenset(),
    apart: Apart = (),
) -> TableKnockout:
    """The knockout at tables of ``table_size`` for ``seeds`` (best first) after ``games``;
    the tables before the final part the pairs of ``apart`` where they can."""
    _need_two(seeds)
    seed_rank = {p: i for i, p in enumerate(seeds)}
    by_table: dict[tuple[int, frozenset[PlayerId]], list[Game]] = {}
    for record in games:
        by_table.setdefault((record.round, frozenset(record.players)), []).append(record)
    rounds: list[tuple[KnockoutTable, ...]] = []
    field: list[PlayerId] = list(seeds)
    number = 1
    while True:
        if len(field) <= 1:
            champion = field[0] if field else None
            return TableKnockout(
                seeds=tuple(seeds), rounds=tuple(rounds), champion=champion, over=True
            )
        final = len(field) <= table_size
        seatings = (
            (tuple(field),) if final else _seated_apart(field, table_size, apart, seed_rank)
        )
        tables: list[KnockoutTable] = []
        for index, players in enumerate(seatings):
            candidates = by_table.get((number, frozenset(players)), [])
            done = [g for g in candidates if g.finished]
            game = done[0] if done else (candidates[0] if candidates else None)
            order = advancing = None
            if game is not None and game.finished:
                no_show = game.conceded_without_moving()
                barred = set(withdrawn) | ({no_show} if no_show is not None else set())
                order = _table_order(players, game, seed_rank, barred)
                advancing = (
                    () if final else tuple(p for p in order if p not in barred)[: len(players) // 2]
                )
            tables.append(
                KnockoutTable(
                    round=number,
                    index=index,
                    players=players,
                    final=final,
                    game=game,
                    order=order,
                    advancing=advancing,
                )
            )
        rounds.append(tuple(tables))
        if any(t.advancing is None for t in tables):
            return TableKnockout(
                seeds=tuple(seeds), rounds=tuple(rounds), champion=None, over=False
            )
        if final:
            order = tables[0].order
            game = tables[0].game
            assert order is not None and game is not None
            no_show = game.conceded_without_moving()
            eligible = [p for p in order if p not in withdrawn and p != no_show]
            return TableKnockout(
                seeds=tuple(seeds),
                rounds=tuple(rounds),
                champion=eligible[0] if eligible else None,
                over=True,
            )
        through = {p for t in tables for p in (t.advancing or ())}
        field = [p for p in field if p in through]
        number += 1


def knockout_for(
    settings: Settings,
    seeds: Sequence[PlayerId],
    games: Iterable[Game],
    *,
    withdrawn: Collection[PlayerId] = frozenset(),
) -> Knockout | TableKnockout:
    """The knockout of ``settings`` (1-v-1 bracket or tables) for ``seeds`` after ``games``."""
    apart = settings.apart
    if settings.one_v_one:
        return knockout_state(seeds, games, settings.best_of, withdrawn=withdrawn, apart=apart)
    return table_knockout_state(
        seeds, games, settings.table_size, withdrawn=withdrawn, apart=apart
    )


class KnockoutFormat(FormatSpec):
    """The knockout as a format: seeded by rating, a bracket in 1-v-1 and tables else."""

    name = Format.KNOCKOUT.value
    label = "knockout"
    settings: tuple[Setting, ...] = (STARTS_AT, BEST_OF, DUPLICATE, CAPACITY, MIN_PLAYERS)
    reads = frozenset({"best_of", "duplicate"})
    rejoin_refusal = "You withdrew; a knockout cannot be joined again."
    withdrawal_concedes = True
    keeps_removed = True
    has_bracket = True

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        return TournamentError(
            ErrorCode.ALREADY_STARTED, "The tournament has started: registration is closed."
        )

    def bracket(
        self, settings: Settings, entries: Sequence[Entry], games: Sequence[Game]
    ) -> Knockout | TableKnockout | None:
        withdrawn = {e.player for e in entries if e.withdrawn}
        return knockout_for(settings, seed_order(entries), games, withdrawn=withdrawn)

    def order(
        self,
        settings: Settings,
        rows: Sequence[Row],
        entries: Sequence[Entry],
        records: Sequence[Record],
    ) -> tuple[list[Row], dict[PlayerId, int | None]]:
        """Players still in, then the round each went out in (later first), then the place
        at that table, then the seed; a 1-v-1 champion withdrawn after the final (removed
        by a mark) ranks second, below the other finalist."""
        if len(entries) < 2:
            return list(rows), {}
        state = self.bracket(settings, entries, [r for r in records if isinstance(r, Game)])
        assert state is not None
        ranking = list(state.ranking())
        withdrawn = {e.player for e in entries if e.withdrawn}
        if isinstance(state, Knockout) and state.over and ranking[0][0] in withdrawn:
            # A champion withdrawn once it was over (removed: fair play marked them) keeps
            # the matches they won, but not the title: the other finalist takes it.
            (champion, _), (runner_up, final) = ranking[0], ranking[1]
            ranking[0], ranking[1] = (runner_up, None), (champion, final)
        position = {p: i for i, (p, _) in enumerate(ranking)}
        return sorted(rows, key=lambda r: position[r.player]), dict(ranking)


KNOCKOUT = KnockoutFormat()
