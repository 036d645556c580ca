"""The Swiss step: the next round once every game of the round has ended, or at the
round's deadline, when unfinished games are stopped and count for nobody
(:mod:`tournaments.formats.swiss`)."""

from __future__ import annotations

from datetime import timedelta

from games import services as games
from tournaments import formats
from tournaments.models import Pairing
from tournaments.services.field import Field


def swiss_step(field: Field) -> None:
    tournament = field.tournament
    assert tournament.rounds is not None
    current = tournament.current_round
    if current == 0:
        _round(field, 1)
        return
    playing = [p for p in field.playing() if p.round == current]
    if playing:
        deadline = tournament.round_deadline
        if deadline is None or field.now < deadline:
            return
        _stop(field, playing)
    field.reveal(current)
    if current >= tournament.rounds:
        field.finish()
        return
    _round(field, current + 1)


def _stop(field: Field, pairings: list[Pairing]) -> None:
    """Stop unfinished games at a round's deadline: abandoned, they count for nobody."""
    for pairing in pairings:
        games.game_abandon(game_id=pairing.game_id)
    field.record_results()
    field.refresh_standings()


def _round(field: Field, round_no: int) -> None:
    tournament = field.tournament
    paired = formats.swiss_pairings(
        field.settings,
        round_no=round_no,
        entries=field.formats_entries(),
        records=field.records(void=True),
        apart=field.apart(),
    )
    if paired.empty:
        field.finish()
        return
    deals = field.round_deals(round_no)
    tournament.current_round = round_no
    assert tournament.round_minutes is not None
    tournament.round_deadline = field.now + timedelta(minutes=tournament.round_minutes)
    tournament.save(update_fields=["current_round", "round_deadline"])
    field.round_started(round_no, deadline=tournament.round_deadline, tables=len(paired.tables))
    for bye in paired.byes:
        field.give_bye(bye)
    for table, players in enumerate(paired.tables, start=1):
        field.seat(round_no=round_no, table=table, players=players, deals=deals)
