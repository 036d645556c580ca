"""The knockout's step (and the sit & go's, a knockout from its start): every match or
table whose players are known is seated; finished once the bracket has its champion
(:mod:`tournaments.formats.knockout`)."""

from __future__ import annotations

from tournaments import formats
from tournaments.services.field import Field


def knockout_step(field: Field) -> None:
    state = field.bracket()
    if isinstance(state, formats.Knockout):
        for match in state.to_play:
            assert match.state is not None and match.state.next_seats is not None
            games = sum(1 for m in state.rounds[match.round - 1] if not m.bye)
            _seat(field, match.round, match.index + 1, match.state.next_seats, games)
        rounds_done = [r[0].round for r in state.rounds if all(m.winner is not None for m in r)]
    else:
        assert state is not None
        for table in state.to_play:
            games = len(state.rounds[table.round - 1])
            _seat(field, table.round, table.index + 1, table.players, games)
        rounds_done = [r[0].round for r in state.rounds if all(t.advancing is not None for t in r)]
    for round_no in rounds_done:
        field.reveal(round_no)
    if state.over:
        field.finish()


def _seat(field: Field, round_no: int, table: int, players: tuple[int, ...], tables: int) -> None:
    tournament = field.tournament
    # A game replayed at the same table (the first was stopped) gets fresh decks: its
    # players have seen the round's.
    replay = any(p.round == round_no and p.table == table for p in field.pairings)
    deals = None if replay else field.round_deals(round_no)
    if round_no > tournament.current_round:
        tournament.current_round = round_no
        tournament.save(update_fields=["current_round"])
        field.round_started(round_no, deadline=None, tables=tables)
    field.seat(round_no=round_no, table=table, players=players, deals=deals)
