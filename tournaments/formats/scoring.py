"""Scores and standings: a pure function of the entries and the records.

:func:`score_after` folds one record into one player's :class:`Tally`; :func:`standings`
folds every record from nothing, adds the tie-breaks and ranks the rows. A server may keep
tallies up to date game by game with :func:`score_after` and rebuild them all with
:func:`standings` whenever the records change (a player removed, a result corrected): the
two agree (tests/tournaments/test_scoring.py proves it over random result sequences).

Points per game
    * Arena, 1-v-1: a win 2, a draw 1, a loss 0. After two wins in a row the player is on
      fire: each further win scores 4 and a draw 2, until a game is not won (a draw or a
      loss ends the streak). A win over an opponent who conceded before making a move of
      their own scores a flat 2 and leaves the winner's streak as it was.
    * Arena at tables: pairwise points (``n - place`` at a table of ``n``, ties sharing
      halves), no doubling; the streak is counted but doubles nothing.
    * Swiss, knockout and sit & go: pairwise points (1 a win, ½ a draw, 0 a loss in 1-v-1).
    * Everywhere, a player who conceded before making a move of their own scores 0.
    * Swiss byes: a pairing bye is worth a win (1; ``table_size - 1`` at tables), a
      late-join bye half that.

Arena games count only when they ended no later than the arena's end (an unfinished game,
or one without an end time, counts for nothing).

Tie-breaks and ranks
    * Arena: score, then performance, then earlier join.
    * Swiss: score, then Sonneborn-Berger, then performance, then rating, then earlier join.
    * Knockout and sit & go: players still in first, then the round each went out in (later
      is better), then place at that table, then seed.

Performance is the linear "algorithm of 400" over game pairs: at a table every other seat
is one pair, won, drawn or lost by place. It is the mean of the opponents' ratings plus
``400 * (wins - losses) / pairs``, rounded; byes and opponents without an entry are left
out. Sonneborn-Berger adds, over the player's games, each opponent's final score times the
pair's result (1 above, ½ tied, 0 below): in 1-v-1, the scores of the opponents beaten plus
half the scores of those drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournaments.formats.spec import format_spec
from tournaments.formats.types import (
    Bye,
    ByeKind,
    Entry,
    Game,
    Outcome,
    PlayerId,
    Record,
    Row,
    Settings,
    Tally,
)

ARENA_WIN = 2
ARENA_DRAW = 1
ON_FIRE_FACTOR = 2
PERFORMANCE_SPREAD = 400


def counts(settings: Settings, game: Game) -> bool:
    """Whether a game counts: finished, and in an arena ended by the arena's end."""
    return format_spec(settings.format).counts(settings, game)


def bye_points(settings: Settings, kind: ByeKind) -> float:
    """A Swiss bye's worth: a win for a pairing bye, half of that for a late-join bye."""
    full = 1.0 if settings.one_v_one else float(settings.table_size - 1)
    return full if kind is ByeKind.PAIRING else full / 2


def participants(record: Record) -> tuple[PlayerId, ...]:
    return (record.player,) if isinstance(record, Bye) else record.players


def score_after(settings: Settings, tally: Tally, record: Record) -> Tally:
    """``tally`` once ``record`` is counted (unchanged when the record does not count for it).

    Records must come in the order they happened (arena streaks depend on it).
    """
    player = tally.player
    spec = format_spec(settings.format)
    if isinstance(record, Bye):
        if record.player != player or not spec.counts_byes:
            return tally
        return replace(
            tally, score=tally.score + bye_points(settings, record.kind), byes=tally.byes + 1
        )
    game = record
    if player not in game.players or not spec.counts(settings, game):
        return tally
    outcome = game.outcome_for(player)
    no_show = game.conceded_without_moving()
    won_by_no_show = outcome is Outcome.WIN and no_show is not None and no_show != player
    if won_by_no_show:
        streak = tally.streak
    elif outcome is Outcome.WIN:
        streak = tally.streak + 1
    else:
        streak = 0
    if no_show == player:
        points = 0.0
    else:
        points = spec.points(settings, tally, game, player, won_by_no_show=won_by_no_show)
    return replace(
        tally,
        score=tally.score + points,
        streak=streak,
        games=tally.games + 1,
        wins=tally.wins + (outcome is Outcome.WIN),
        draws=tally.draws + (outcome is Outcome.DRAW),
        losses=tally.losses + (outcome is Outcome.LOSS),
    )


def chronological(records: Iterable[Record]) -> list[Record]:
    """Records in the order they happened: by round, then byes, then games by end time.

    Games without an end time come last; records that tie keep the order they came in.
    """

    def when(record: Record) -> tuple[int, int, float]:
        if isinstance(record, Bye):
            return (record.round, 0, 0.0)
        if record.ended_at is None:
            return (record.round, 2, 0.0)
        return (record.round, 1, record.ended_at.timestamp())

    return sorted(records, key=when)


def tallies(settings: Settings, records: Iterable[Record]) -> dict[PlayerId, Tally]:
    """Every player's tally after all ``records``, folded in the order they happened."""
    out: dict[PlayerId, Tally] = {}
    for record in chronological(records):
        for player in participants(record):
            tally = out.get(player) or Tally(player=player)
            out[player] = score_after(settings, tally, record)
    return out


def performance(
    player: PlayerId, games: Iterable[Game], ratings: dict[PlayerId, float]
) -> int | None:
    """The player's performance over ``games`` (already filtered to those that count)."""
    total = 0.0
    pairs = 0
    balance = 0
    for game in games:
        for opponent, result in game.pairwise(player):
            if opponent not in ratings:
                continue
            total += ratings[opponent]
            pairs += 1
            balance += 1 if result == 1.0 else -1 if result == 0.0 else 0
    if pairs == 0:
        return None
    return round(total / pairs + PERFORMANCE_SPREAD * balance / pairs)


def sonneborn_berger(
    player: PlayerId, games: Iterable[Game], scores: dict[PlayerId, float]
) -> float:
    """Each opponent's final score times the pair's result, summed over ``games``."""
    return sum(
        result * scores.get(opponent, 0.0)
        for game in games
        for opponent, result in game.pairwise(player)
    )


def standings(
    settings: Settings, entries: Sequence[Entry], records: Iterable[Record]
) -> tuple[Row, ...]:
    """One row per entry, best first, rebuilt from ``records`` (games and byes).

    To remove a player, leave out their entry (their games still count for their
    opponents); to void their games too, leave those out as well.
    """
    spec = format_spec(settings.format)
    records = list(records)
    games = [r for r in records if isinstance(r, Game) and spec.counts(settings, r)]
    totals = tallies(settings, records)
    ratings = {e.player: e.rating for e in entries}
    scores = {p: t.score for p, t in totals.items()}
    played: dict[PlayerId, list[Game]] = {}
    for game in games:
        for p in game.players:
            played.setdefault(p, []).append(game)
    rows: list[Row] = []
    for entry in entries:
        tally = totals.get(entry.player) or Tally(player=entry.player)
        mine = played.get(entry.player, [])
        rows.append(
            Row(
                player=entry.player,
                rank=0,
                score=tally.score,
                streak=tally.streak,
                sonneborn_berger=sonneborn_berger(entry.player, mine, scores)
                if spec.sonneborn_berger
                else 0.0,
                performance=performance(entry.player, mine, ratings),
                games=tally.games,
                wins=tally.wins,
                draws=tally.draws,
                losses=tally.losses,
                byes=tally.byes,
                withdrawn=entry.withdrawn,
            )
        )
    ordered, eliminated = spec.order(settings, rows, entries, records)
    return tuple(
        replace(row, rank=i, eliminated_in=eliminated.get(row.player))
        for i, row in enumerate(ordered, start=1)
    )


def performance_key(row: Row) -> float:
    """Better performance first; none last (a sort key)."""
    return -row.performance if row.performance is not None else float("inf")
