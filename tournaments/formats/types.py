"""The value types every format shares: settings, entries, game and bye records, rows.

All are frozen dataclasses with slots, checked when built: a record that could not come
from a real tournament raises :class:`TournamentError` with a machine code, so the layer
that reads rows from the database fails loudly instead of computing wrong standings.

Results are *places*: one per seat, 1 for the best, tied seats sharing the better place
(standard competition ranking, ``(1, 1)`` is a drawn Gin game, ``(1, 3, 2, 3)`` a Rummy
table where two players tied for third). A seat's *pairwise points* in a game are the number
of players it finished above plus half the number it tied with: 1, ½ or 0 in a Gin game,
``n - place`` at a table of ``n`` without ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from tournaments.formats.errors import ErrorCode, TournamentError

PlayerId = int
"""A player's id (the account's primary key)."""

MIN_TABLE = 2
MAX_TABLE = 6
MIN_CAPACITY = 2
MAX_CAPACITY = 64
MAX_BEST_OF = 9
MAX_ROUNDS = 100


class Format(StrEnum):
    """The built-in formats' names (a format is found by its name: :mod:`.spec`)."""

    SIT_AND_GO = "sit_and_go"
    ARENA = "arena"
    SWISS = "swiss"
    KNOCKOUT = "knockout"


class Outcome(StrEnum):
    """A player's outcome in one game: sole first place, shared first place, or neither."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class ByeKind(StrEnum):
    """Why a Swiss player sat out a round."""

    PAIRING = "pairing"
    """Nobody was left to pair them with: worth a win."""
    LATE_JOIN = "late_join"
    """They joined after the first round had started: worth half a win, given once."""


def _invalid(detail: str, field: str) -> TournamentError:
    return TournamentError(ErrorCode.INVALID_SETTINGS, detail, field=field)


def _aware(value: datetime | None, field: str) -> None:
    if value is not None and value.utcoffset() is None:
        raise _invalid(f"{field} must carry a time zone", field)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """One tournament's settings; every format reads the fields it needs.

    ``table_size`` 2 means 1-v-1 games (Gin); 3 to 6 means tables (Rummy, Indian Rummy).
    Which sizes a game allows is the game's business, not this module's.
    """

    format: str
    """The format's name (:class:`Format` for the built-in ones)."""
    table_size: int = 2
    """Seats per game: 2 for 1-v-1 pairings, 3 to 6 for tables."""
    rounds: int | None = None
    """Swiss: the number of rounds (required)."""
    best_of: int = 1
    """Knockout and sit & go, 1-v-1: games per match, odd (first to ``best_of // 2 + 1``)."""
    starts_at: datetime | None = None
    """Arena: when play starts (required, with a time zone)."""
    ends_at: datetime | None = None
    """Arena: when play ends (required, after ``starts_at``)."""
    capacity: int | None = None
    """Sit & go: the number of players that starts it (2 to 64, required)."""
    duplicate: bool = False
    """Swiss and knockout: every table of a round plays the same decks."""
    apart: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """Pairs of players kept apart as they were when the tournament started (fair play saw
    them on one device): a knockout's and a sit & go's seatings part them where they can.
    Fixed at the start, so the bracket, a pure function of the seeds and the games, stays
    the same however often it is rebuilt."""

    def __post_init__(self) -> None:
        # Which settings a format reads is its spec's (``reads``); the rest must be unset.
        from tournaments.formats.spec import format_spec

        reads = format_spec(self.format).reads
        if not MIN_TABLE <= self.table_size <= MAX_TABLE:
            raise _invalid(f"table_size must be {MIN_TABLE} to {MAX_TABLE}", "table_size")
        if self.best_of < 1 or self.best_of > MAX_BEST_OF or self.best_of % 2 == 0:
            raise _invalid(f"best_of must be odd, 1 to {MAX_BEST_OF}", "best_of")
        if self.best_of != 1 and ("best_of" not in reads or self.table_size != 2):
            raise _invalid("best_of applies to 1-v-1 knockout and sit & go only", "best_of")
        if (self.rounds is None) == ("rounds" in reads):
            raise _invalid("rounds is required for Swiss and only for Swiss", "rounds")
        if self.rounds is not None and not 1 <= self.rounds <= MAX_ROUNDS:
            raise _invalid(f"rounds must be 1 to {MAX_ROUNDS}", "rounds")
        if (self.capacity is None) == ("capacity" in reads):
            raise _invalid("capacity is required for sit & go and only for it", "capacity")
        if self.capacity is not None and not MIN_CAPACITY <= self.capacity <= MAX_CAPACITY:
            raise _invalid(f"capacity must be {MIN_CAPACITY} to {MAX_CAPACITY}", "capacity")
        for name, value in (("starts_at", self.starts_at), ("ends_at", self.ends_at)):
            _aware(value, name)
            if (value is None) == (name in reads):
                raise _invalid(f"{name} is required for an arena and only for it", name)
        if (
            self.starts_at is not None
            and self.ends_at is not None
            and (self.ends_at <= self.starts_at)
        ):
            raise _invalid("ends_at must be after starts_at", "ends_at")
        if self.duplicate and "duplicate" not in reads:
            raise _invalid("duplicate deals are an option of Swiss and knockout", "duplicate")

    @property
    def duration(self) -> timedelta | None:
        """An arena's length."""
        if self.starts_at is None or self.ends_at is None:
            return None
        return self.ends_at - self.starts_at

    @property
    def one_v_one(self) -> bool:
        """Whether games are 1-v-1 pairings rather than tables."""
        return self.table_size == 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """One player's entry in a tournament."""

    player: PlayerId
    rating: float
    """The player's rating when they joined (seeds, pairings, performance)."""
    joined: int
    """Order of joining: smaller joined earlier (a join counter or the row's id)."""
    withdrawn: bool = False
    """Left the tournament (or withdrawn after a no-show): never paired again."""
    paused: bool = False
    """Arena and Swiss: not paired while paused, and no bye for it."""


def _check_places(places: Sequence[int]) -> None:
    """Each place is 1 + the number of seats placed strictly better."""
    for place in places:
        if place != 1 + sum(1 for other in places if other < place):
            raise TournamentError(
                ErrorCode.INVALID_RECORD,
                f"places {tuple(places)!r} are not a ranking (tied seats share the better place)",
                field="places",
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """One game of a tournament, finished or not.

    ``players`` are in seat order. ``places`` is ``None`` while the game is played. An
    arena game counts only with an ``ended_at`` no later than the arena's end.
    """

    round: int
    """Swiss and knockout: the round; arena: anything (0)."""
    players: tuple[PlayerId, ...]
    places: tuple[int, ...] | None = None
    """One place per seat, 1 the best, ties sharing the better place; ``None`` while playing."""
    own_moves: tuple[int, ...] | None = None
    """Moves each seat made itself (``None`` when not known: everyone moved)."""
    ended_at: datetime | None = None
    conceded_by: PlayerId | None = None
    """The player who conceded (a timeout is recorded as a concession), if any."""

    def __post_init__(self) -> None:
        n = len(self.players)
        if not MIN_TABLE <= n <= MAX_TABLE or len(set(self.players)) != n:
            raise TournamentError(
                ErrorCode.INVALID_RECORD,
                f"a game seats {MIN_TABLE} to {MAX_TABLE} different players, not {self.players!r}",
                field="players",
            )
        if self.places is not None:
            if len(self.places) != n:
                raise TournamentError(
                    ErrorCode.INVALID_RECORD, "one place per seat", field="places"
                )
            _check_places(self.places)
        if self.own_moves is not None and (
            len(self.own_moves) != n or any(m < 0 for m in self.own_moves)
        ):
            raise TournamentError(
                ErrorCode.INVALID_RECORD, "one move count (>= 0) per seat", field="own_moves"
            )
        if self.conceded_by is not None:
            if self.conceded_by not in self.players:
                raise TournamentError(
                    ErrorCode.INVALID_RECORD, "conceded_by must be seated", field="conceded_by"
                )
            if (
                n == 2
                and self.places is not None
                and self.places != self._lost_by(self.conceded_by)
            ):
                raise TournamentError(
                    ErrorCode.INVALID_RECORD,
                    "a 1-v-1 game conceded by a player is lost by that player",
                    field="conceded_by",
                )
        _aware(self.ended_at, "ended_at")

    def _lost_by(self, player: PlayerId) -> tuple[int, ...]:
        return tuple(2 if p == player else 1 for p in self.players)

    @classmethod
    def decided(
        cls,
        *,
        round: int,
        players: tuple[PlayerId, PlayerId],
        winner: PlayerId | None,
        own_moves: tuple[int, ...] | None = None,
        ended_at: datetime | None = None,
        conceded_by: PlayerId | None = None,
    ) -> Game:
        """A finished 1-v-1 game: won by ``winner``, or drawn when ``winner`` is ``None``."""
        if winner is not None and winner not in players:
            raise TournamentError(
                ErrorCode.INVALID_RECORD, "the winner must be seated", field="winner"
            )
        places = tuple(1 if winner is None or p == winner else 2 for p in players)
        return cls(
            round=round,
            players=players,
            places=places,
            own_moves=own_moves,
            ended_at=ended_at,
            conceded_by=conceded_by,
        )

    @property
    def finished(self) -> bool:
        return self.places is not None

    def seat_of(self, player: PlayerId) -> int:
        return self.players.index(player)

    def place_of(self, player: PlayerId) -> int:
        """The player's place (the game must be finished)."""
        assert self.places is not None, "the game is not finished"
        return self.places[self.seat_of(player)]

    def outcome_for(self, player: PlayerId) -> Outcome:
        """Sole first place wins, a shared first place draws, anything else loses."""
        place = self.place_of(player)
        if place != 1:
            return Outcome.LOSS
        assert self.places is not None
        return Outcome.DRAW if self.places.count(1) > 1 else Outcome.WIN

    def pairwise(self, player: PlayerId) -> list[tuple[PlayerId, float]]:
        """``(opponent, 1 / 0.5 / 0)`` for every other seat: above, tied with, or below it."""
        mine = self.place_of(player)
        out: list[tuple[PlayerId, float]] = []
        for other in self.players:
            if other != player:
                theirs = self.place_of(other)
                out.append((other, 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0))
        return out

    def pairwise_points(self, player: PlayerId) -> float:
        """Players finished above plus half the players tied with (``n - place`` untied)."""
        return sum(points for _, points in self.pairwise(player))

    def conceded_without_moving(self) -> PlayerId | None:
        """The player who conceded before making a move of their own (a no-show), if any."""
        if self.conceded_by is None:
            return None
        moves = self.own_moves
        if moves is not None and moves[self.seat_of(self.conceded_by)] == 0:
            return self.conceded_by
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Bye:
    """A Swiss round a player sat out with points (see :class:`ByeKind`)."""

    round: int
    player: PlayerId
    kind: ByeKind


Record = Game | Bye
"""What standings are computed from: the games and the byes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tally:
    """One player's running score: what :func:`score_after` folds a record into."""

    player: PlayerId
    score: float = 0.0
    streak: int = 0
    """Wins in a row up to now; two or more doubles an arena's 1-v-1 points (on fire)."""
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    """One line of the standings."""

    player: PlayerId
    rank: int
    """1 for the leader; every row has its own rank (ties are broken, see the formats)."""
    score: float
    streak: int
    sonneborn_berger: float
    """Swiss: the scores of the opponents beaten plus half those drawn (0 elsewhere)."""
    performance: int | None
    """Mean opponent rating + 400 x (wins - losses) / games, over game pairs; None unplayed."""
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    withdrawn: bool
    eliminated_in: int | None = None
    """Knockout and sit & go: the round the player went out in (``None``: still in or won)."""
