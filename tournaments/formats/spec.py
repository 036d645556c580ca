"""Formats as a registry: one :class:`FormatSpec` per format, found by its name.

The server never branches on a format; it asks the format's spec, as the games app asks a
game's variant. A spec says

* what a tournament of it is made with: its own settings (:class:`Setting`, in the order
  its ``POST /tournaments`` body lists them, with their bounds and defaults: the
  capacity's default and maximum among them), which of the library's :class:`Settings`
  it reads (the rest must stay unset), and whether it takes a start or waits to be full;
* who may join and when: a late join (:meth:`FormatSpec.join_refusal`, with a bye or
  not), a pause, a come-back after withdrawing, a withdrawal that concedes the game;
* how it scores and ranks (:meth:`FormatSpec.counts`, :meth:`FormatSpec.points`,
  :meth:`FormatSpec.order`) and, for a knockout, its bracket;
* what its API shows: a bracket, pairings newest first.

Pairing itself starts games and writes rows, so it is the server's: each format's step is
registered under the same name in ``tournaments.services.steps``, built on this library's
pure pairings (``arena_pairings``, ``swiss_pairings``, ``knockout_for``).

The built-in formats register themselves in :mod:`tournaments.formats` (sit & go, arena,
Swiss, knockout: the order the API lists them in); :func:`register` adds another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.types import (
    MAX_BEST_OF,
    MAX_CAPACITY,
    MIN_CAPACITY,
    Bye,
    Entry,
    Game,
    PlayerId,
    Record,
    Row,
    Settings,
    Tally,
)

if TYPE_CHECKING:
    from tournaments.formats.knockout import Knockout, TableKnockout


class SettingKind(StrEnum):
    """What a create-time setting holds."""

    INTEGER = "integer"
    ODD = "odd"
    """An odd whole number (games per match)."""
    BOOLEAN = "boolean"
    MOMENT = "moment"
    """A time (ISO 8601 with a time zone in the API)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Setting:
    """One create-time setting of a format: the API's body takes it, the server checks
    it and stores it in the tournament's column of that name."""

    name: str
    kind: SettingKind
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    default: int | bool | None = None
    """The value a tournament takes when the body leaves it out."""
    help: str = ""

    def but(self, **changes: Any) -> Setting:
        return replace(self, **changes)


STARTS_AT = Setting(
    name="starts_at",
    kind=SettingKind.MOMENT,
    required=True,
    help="ISO 8601 with a time zone, within a year from now.",
)
CAPACITY = Setting(
    name="capacity",
    kind=SettingKind.INTEGER,
    minimum=MIN_CAPACITY,
    maximum=MAX_CAPACITY,
    default=MAX_CAPACITY,
    help=f"Sit & go: the field that starts it; else the most players (left out: {MAX_CAPACITY}).",
)
MIN_PLAYERS = Setting(
    name="min_players",
    kind=SettingKind.INTEGER,
    minimum=2,
    maximum=MAX_CAPACITY,
    default=2,
    help="Fewer players at the start: cancelled (default 2).",
)
BEST_OF = Setting(name="best_of", kind=SettingKind.ODD, minimum=1, maximum=MAX_BEST_OF, default=1)
DUPLICATE = Setting(name="duplicate", kind=SettingKind.BOOLEAN, default=False)


class FormatSpec:
    """One tournament format (see the module's notes). A format subclasses this, sets the
    attributes that differ and overrides the methods that do."""

    name: str
    """How the API, the rows and the registry name it (at most 12 characters)."""
    label: str
    """How a sentence names it: a tournament left unnamed is ``<game> <label>``."""
    settings: tuple[Setting, ...] = ()
    """Its own create-time settings, in the order its body lists them."""
    reads: frozenset[str] = frozenset()
    """The library :class:`Settings` it reads beyond the table size, of ``best_of``,
    ``rounds``, ``capacity``, ``starts_at``, ``ends_at`` and ``duplicate``; the others must
    be left unset."""

    open_for: timedelta | None = None
    """Made without a start, it waits this long for its players (None: a start is
    required)."""
    starts_when_full: bool = False
    """It starts the moment its capacity is reached (``min_players`` is the capacity), and
    is cancelled if it is not full by its start."""
    players_create: bool = False
    """Any player, a guest too, may create a private one (and takes its first seat). A
    player with an account may create one of any format (public or private) within the
    server's limits; staff create any without them."""

    pausable: bool = False
    """A player may step out and come back."""
    rejoin_refusal: str | None = None
    """Why a player who withdrew after the start may not come back (None: they may)."""
    withdrawal_concedes: bool = False
    """Withdrawing after the start concedes the game being played (the match is lost)."""
    keeps_removed: bool = False
    """The standings keep a removed player (as withdrawn): a bracket keeps its seeds."""

    continuous: bool = False
    """Players wait for a game from the start and again after each game (an arena), rather
    than being paired round by round."""
    pairing_wait: timedelta | None = None
    """A continuous format's longest wait for a game: a pairing run comes due then."""
    no_show_pauses: bool = False
    """A no-show is paused (they may come back) rather than withdrawn."""

    has_bracket: bool = False
    """The API shows a bracket (or the tables) once it has started."""
    newest_first: bool = False
    """Its pairings are listed newest first (else by round and table)."""

    counts_byes: bool = False
    """Byes score (a Swiss bye is worth a win, a late join's half)."""
    sonneborn_berger: bool = False
    """Its rows carry the Sonneborn-Berger tie-break."""

    # --- settings -------------------------------------------------------------------------

    def setting(self, name: str) -> Setting | None:
        return next((s for s in self.settings if s.name == name), None)

    @property
    def capacity(self) -> Setting:
        """Its capacity: the default when none is given, and the most it takes."""
        return self.setting("capacity") or CAPACITY

    @property
    def capacity_max(self) -> int:
        """The most players it takes (a tournament stored without a capacity too)."""
        return self.capacity.maximum or MAX_CAPACITY

    def library_settings(self, values: Mapping[str, Any]) -> Settings:
        """The library's settings of a tournament from its stored (or about to be stored)
        fields: ``table_size``, ``best_of``, ``rounds``, ``capacity``, ``duplicate``,
        ``starts_at``, ``started_at``, ``ends_at``, ``duration_minutes``."""
        reads = self.reads
        return Settings(
            format=self.name,
            table_size=values["table_size"],
            rounds=values["rounds"] if "rounds" in reads else None,
            best_of=values["best_of"],
            capacity=values["capacity"] if "capacity" in reads else None,
            duplicate=values["duplicate"],
        )

    def end(self, values: Mapping[str, Any], *, start: datetime) -> datetime | None:
        """When a tournament started at ``start`` ends by the clock (None: when it is
        played out)."""
        return None

    length_settings: tuple[str, ...] = ()
    """The settings :meth:`planned_length` follows (a refusal of the length names the
    first)."""

    def planned_length(self, values: Mapping[str, Any]) -> timedelta | None:
        """How long a tournament of these settings lasts at most by the clock, for the
        server's bound on the tournaments players create (None: it is played out, and
        its capacity bounds it)."""
        return None

    # --- joining ----------------------------------------------------------------------------

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        """Why a player may not join (or come back) now that it has started; None: they
        may."""
        return None

    def late_join_bye(
        self,
        settings: Settings,
        *,
        player: PlayerId,
        rounds_started: int,
        records: Sequence[Record],
    ) -> Bye | None:
        """The bye a player joining after the start gets, if any."""
        return None

    # --- scoring ----------------------------------------------------------------------------

    def counts(self, settings: Settings, game: Game) -> bool:
        """Whether a game counts for the standings: finished."""
        return game.finished

    def points(
        self,
        settings: Settings,
        tally: Tally,
        game: Game,
        player: PlayerId,
        *,
        won_by_no_show: bool,
    ) -> float:
        """What a counted game scores ``player`` (not a no-show): pairwise points."""
        return game.pairwise_points(player)

    def order(
        self,
        settings: Settings,
        rows: Sequence[Row],
        entries: Sequence[Entry],
        records: Sequence[Record],
    ) -> tuple[list[Row], dict[PlayerId, int | None]]:
        """The rows best first, and the round each player went out in (knockouts)."""
        joined = {e.player: e.joined for e in entries}
        return sorted(rows, key=lambda r: (-r.score, joined[r.player], r.player)), {}

    def bracket(
        self, settings: Settings, entries: Sequence[Entry], games: Sequence[Game]
    ) -> Knockout | TableKnockout | None:
        """A knockout's bracket (or tables) as the games played have decided it; None for
        a format without one."""
        return None


FORMATS: dict[str, FormatSpec] = {}
"""Every format by name, in the order they were registered."""


def register(spec: FormatSpec) -> None:
    """Offer ``spec`` (the built-in formats when the library loads; another at run time,
    as a test of the seam does)."""
    FORMATS[spec.name] = spec


def unregister(name: str) -> None:
    """Withdraw a format added with :func:`register`."""
    FORMATS.pop(name)


def format_spec(name: str) -> FormatSpec:
    """The format called ``name``; ``invalid_settings`` naming ``format`` if none is."""
    spec = FORMATS.get(name)
    if spec is None:
        raise TournamentError(
            ErrorCode.INVALID_SETTINGS, f"unknown format {name!r}", field="format"
        )
    return spec


def format_names() -> tuple[str, ...]:
    return tuple(FORMATS)
