"""The tournament formats as pure functions: standard library and networkx, no Django.

Nothing here reads a clock, a database or settings: the server passes the entries, the
records (games and byes) and the time, and stores what comes back. docs/tournaments.md
explains the formats to players; each module's notes give the exact rules.

The registry (:mod:`.spec`)
    One :class:`FormatSpec` per format, found by name (:func:`format_spec`): its settings,
    who may join and when, how it scores and ranks, what its API shows. The built-in
    ones (:data:`SIT_AND_GO`, :data:`ARENA`, :data:`SWISS`, :data:`KNOCKOUT`) are
    registered below; :func:`register` adds another.

Value types (:mod:`.types`)
    :class:`Settings`, :class:`Entry`, :class:`Game`, :class:`Bye`, :class:`Tally`,
    :class:`Row`; errors are :class:`TournamentError` with an :class:`ErrorCode`.

Standings (:mod:`.scoring`)
    :func:`standings` rebuilds every row from the records; :func:`score_after` folds one
    record into one player's tally, game by game.

Formats
    :func:`arena_pairings` (:mod:`.arena`), :func:`swiss_pairings` (:mod:`.swiss`),
    :func:`bracket` / :func:`knockout_state` / :func:`table_knockout_state`
    (:mod:`.knockout`), :func:`sit_and_go_join` / :func:`sit_and_go_state`
    (:mod:`.sit_and_go`), duplicate deals (:mod:`.duplicate`), scheduled starts
    (:mod:`.planner`).

>>> from datetime import UTC, datetime, timedelta
>>> start = datetime(2025, 6, 1, 18, tzinfo=UTC)
>>> arena = Settings(format=Format.ARENA, starts_at=start, ends_at=start + timedelta(hours=1))
>>> games = [
...     Game.decided(round=0, players=(1, 2), winner=1, ended_at=start + timedelta(minutes=m))
...     for m in (5, 10, 15)
... ]
>>> [(row.player, row.score, row.streak) for row in standings(arena, [
...     Entry(player=1, rating=1500, joined=1), Entry(player=2, rating=1500, joined=2)], games)]
[(1, 8.0, 3), (2, 0.0, 0)]
"""

from tournaments.formats.arena import (
    ARENA,
    Waiting,
    arena_pairing_closes_at,
    arena_pairing_open,
    arena_pairings,
    last_opponents,
)
from tournaments.formats.duplicate import (
    DuplicateScore,
    commitments_match,
    deal_commitments,
    deck_commitment,
    duplicate_comparison,
    duplicate_decks,
)
from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.knockout import (
    KNOCKOUT,
    BracketMatch,
    Knockout,
    KnockoutTable,
    MatchState,
    TableKnockout,
    bracket,
    bracket_order,
    knockout_for,
    knockout_state,
    match_state,
    seed_order,
    snake_tables,
    split_tables,
    table_knockout_state,
)
from tournaments.formats.planner import Cadence, PlannedStart, ScheduleRule, plan_starts
from tournaments.formats.scoring import (
    bye_points,
    counts,
    performance,
    score_after,
    sonneborn_berger,
    standings,
    tallies,
)
from tournaments.formats.sit_and_go import (
    SIT_AND_GO,
    sit_and_go_join,
    sit_and_go_started,
    sit_and_go_state,
    sit_and_go_withdraw,
)
from tournaments.formats.spec import (
    FORMATS,
    FormatSpec,
    Setting,
    SettingKind,
    format_names,
    format_spec,
    register,
    unregister,
)
from tournaments.formats.swiss import (
    SWISS,
    SwissRound,
    meetings,
    swiss_join_open,
    swiss_late_join,
    swiss_pairings,
)
from tournaments.formats.types import (
    Bye,
    ByeKind,
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

for _spec in (SIT_AND_GO, ARENA, SWISS, KNOCKOUT):
    register(_spec)

__all__ = [
    "ARENA",
    "FORMATS",
    "KNOCKOUT",
    "SIT_AND_GO",
    "SWISS",
    "BracketMatch",
    "Bye",
    "ByeKind",
    "Cadence",
    "DuplicateScore",
    "Entry",
    "ErrorCode",
    "Format",
    "FormatSpec",
    "Game",
    "Knockout",
    "KnockoutTable",
    "MatchState",
    "Outcome",
    "PlannedStart",
    "PlayerId",
    "Record",
    "Row",
    "ScheduleRule",
    "Setting",
    "SettingKind",
    "Settings",
    "SwissRound",
    "TableKnockout",
    "Tally",
    "TournamentError",
    "Waiting",
    "arena_pairing_closes_at",
    "arena_pairing_open",
    "arena_pairings",
    "bracket",
    "bracket_order",
    "bye_points",
    "commitments_match",
    "counts",
    "deal_commitments",
    "deck_commitment",
    "duplicate_comparison",
    "duplicate_decks",
    "format_names",
    "format_spec",
    "knockout_for",
    "knockout_state",
    "last_opponents",
    "match_state",
    "meetings",
    "performance",
    "plan_starts",
    "register",
    "score_after",
    "seed_order",
    "sit_and_go_join",
    "sit_and_go_started",
    "sit_and_go_state",
    "sit_and_go_withdraw",
    "snake_tables",
    "sonneborn_berger",
    "split_tables",
    "standings",
    "swiss_join_open",
    "swiss_late_join",
    "swiss_pairings",
    "table_knockout_state",
    "tallies",
    "unregister",
]
