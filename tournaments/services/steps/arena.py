"""The arena's step: whoever waits plays again at once, until pairing closes; finished at
the end (:mod:`tournaments.formats.arena`)."""

from __future__ import annotations

from tournaments import formats
from tournaments.services.field import Field


def arena_step(field: Field) -> None:
    tournament = field.tournament
    settings = field.settings
    assert settings.ends_at is not None
    if field.now >= settings.ends_at:
        field.finish()
        return
    if not formats.arena_pairing_open(settings, field.now):
        return
    playing = field.playing_users()
    active = [e for e in field.entries if e.active]
    start = tournament.started_at or field.now
    waiting = [
        formats.Waiting(player=e.player, since=e.waiting_since or start)
        for e in active
        if e.player not in playing
    ]
    pairs = formats.arena_pairings(
        settings,
        waiting=waiting,
        active_count=len(active),
        last_opponents=formats.last_opponents(field.games()),
        ranks={e.player: e.rank for e in field.entries if e.rank is not None},
        ratings={e.player: e.rating for e in field.entries},
        now=field.now,
        apart=field.apart() if len(waiting) >= 2 else (),
    )
    table = max((p.table for p in field.pairings), default=0)
    for players in pairs:
        table += 1
        field.seat(round_no=0, table=table, players=players)
