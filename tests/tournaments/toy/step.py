"""The round robin's pairing step, over the server's :class:`Field`: the next round once
every game of the round has ended, finished after the last."""

from __future__ import annotations

from tests.tournaments.toy.spec import round_robin_round, rounds_for
from tournaments.services.field import Field


def round_robin_step(field: Field) -> None:
    if field.playing():
        return  # the round is being played
    tournament = field.tournament
    players = [e.user_id for e in field.entries if not e.removed]  # in the order they joined
    if tournament.current_round >= rounds_for(len(players)):
        field.finish()
        return
    round_no = tournament.current_round + 1
    tournament.current_round = round_no
    tournament.save(update_fields=["current_round"])
    games = round_robin_round(players, round_no)
    field.round_started(round_no, deadline=None, tables=len(games))
    for table, pair in enumerate(games, start=1):
        field.seat(round_no=round_no, table=table, players=pair)
