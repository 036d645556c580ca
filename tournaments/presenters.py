"""Every tournament response body (documented by the output serializers of ``apis``)."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django.utils import timezone

from accounts.models import User
from core.api import iso
from tournaments import formats
from tournaments.models import (
    Bye,
    DuplicateRound,
    Entry,
    Pairing,
    PairingStatus,
    Tournament,
    TournamentEvent,
    TournamentStatus,
)

STATUSES: list[str] = list(TournamentStatus.values)
"""A tournament's ``status`` values."""
PAIRING_STATUSES: list[str] = list(PairingStatus.values)
"""A pairing's ``status`` values."""


def public_user(user: User) -> dict[str, str]:
    return {"username": user.username, "display_name": user.public_name}


def public_player(entry: Entry) -> dict[str, str | None]:
    """How the answers and events name an entry's player: as :func:`public_user`, or a
    departed player (their account deleted) by the name they had, with no username."""
    user = entry.user
    if user is None:
        return {"username": None, "display_name": entry.departed_name}
    return {"username": user.username, "display_name": user.public_name}


def tournament_json(
    *,
    tournament: Tournament,
    viewer: User,
    entry: Entry | None,
    winner: Entry | None,
    game_id: str | None = None,
) -> dict[str, Any]:
    """The tournament as ``viewer`` sees it (the invite code only for its creator, staff
    and its players; ``you`` for a player in it)."""
    sees_code = viewer.is_staff or tournament.created_by_id == viewer.pk or entry is not None
    you = None
    if entry is not None:
        you = {
            "rank": entry.rank,
            "score": entry.score,
            "withdrawn": entry.withdrawn,
            "paused": entry.paused,
            "paused_until": iso(entry.paused_until),
            "removed": entry.removed,
            "game_id": game_id,
        }
    return {
        "id": str(tournament.pk),
        "name": tournament.name,
        "format": tournament.format,
        "variant": tournament.variant,
        "rules": tournament.rules,
        "table_size": tournament.table_size,
        "status": tournament.status,
        "private": tournament.private,
        "invite_code": (tournament.invite_code or None) if sees_code else None,
        "starts_at": iso(tournament.starts_at),
        "starts_in": starts_in(tournament),
        "ends_at": iso(tournament.ends_at),
        "duration_minutes": tournament.duration_minutes,
        "rounds": tournament.rounds,
        "round_minutes": tournament.round_minutes,
        "current_round": tournament.current_round,
        "round_deadline": iso(tournament.round_deadline),
        "capacity": tournament.capacity,
        "min_players": tournament.min_players,
        "best_of": tournament.best_of,
        "duplicate": tournament.duplicate,
        "turn_seconds": tournament.turn_seconds,
        "conditions": {
            "min_rated_games": tournament.min_rated_games,
            "min_rating": tournament.min_rating,
            "max_rating": tournament.max_rating,
        },
        "players": getattr(tournament, "players", None) or 0,
        "created_by": public_user(tournament.created_by) if tournament.created_by else None,
        "created_at": iso(tournament.created_at),
        "started_at": iso(tournament.started_at),
        "finished_at": iso(tournament.finished_at),
        "winner": public_player(winner) if winner is not None else None,
        "you": you,
    }


def starts_in(tournament: Tournament, now: datetime | None = None) -> int | None:
    """Whole seconds until an upcoming tournament's scheduled start (0 once due: its run
    starts it); None for one under way or over, or one that starts when full (a sit & go,
    whose ``starts_at`` is its latest start)."""
    if tournament.status != TournamentStatus.CREATED or tournament.starts_at is None:
        return None
    if formats.format_spec(tournament.format).starts_when_full:
        return None
    left = (tournament.starts_at - (now or timezone.now())).total_seconds()
    return max(0, math.ceil(left))


def creation_limits_json(*, limits: Any) -> dict[str, Any]:
    """What a player may create (``GET /tournaments/limits``), from
    :class:`tournaments.selectors.CreationLimits` (a layer above this one)."""
    return {
        "public": limits.public,
        "formats": list(limits.formats),
        "max_open": limits.max_open,
        "open": limits.open,
        "daily": limits.daily,
        "created_today": limits.created_today,
        "next_creation_at": iso(limits.next_creation_at),
        "start_min_minutes": limits.start_min_minutes,
        "start_max_days": limits.start_max_days,
        "max_capacity": limits.max_capacity,
        "max_minutes": limits.max_minutes,
    }


def standing_json(*, entry: Entry) -> dict[str, Any]:
    """One row of the standings."""
    return {
        "rank": entry.rank,
        "user": public_player(entry),
        "rating": round(entry.rating),
        "score": entry.score,
        "streak": entry.streak,
        "on_fire": entry.streak >= 2,
        "games": entry.games,
        "wins": entry.wins,
        "draws": entry.draws,
        "losses": entry.losses,
        "byes": entry.byes,
        "sonneborn_berger": entry.sonneborn_berger,
        "performance": entry.performance,
        "eliminated_round": entry.eliminated_round,
        "withdrawn": entry.withdrawn,
        "paused": entry.paused,
    }


def pairing_json(*, pairing: Pairing) -> dict[str, Any]:
    """One game of the tournament: its players in seat order, and their places."""
    return {
        "id": pairing.pk,
        "round": pairing.round,
        "table": pairing.table,
        "game_id": str(pairing.game_id),
        "status": pairing.status,
        "players": [
            {"seat": s.seat, "user": public_player(s.entry), "place": s.place}
            for s in pairing.seats.all()
        ],
        "created_at": iso(pairing.created_at),
        "ended_at": iso(pairing.ended_at),
    }


def sheet_json(
    *,
    entry: Entry,
    pairings: list[Pairing],
    byes: list[Bye],
    points: dict[int, float],
    bye_points: list[float],
) -> dict[str, Any]:
    """A player's sheet: their standing, then each game (with the points it scored them)
    and each bye (``bye_points``: what each was worth)."""
    games = []
    for pairing in pairings:
        seats = list(pairing.seats.all())
        mine = next(s for s in seats if s.entry_id == entry.pk)
        games.append(
            {
                "pairing": pairing.pk,
                "round": pairing.round,
                "table": pairing.table,
                "game_id": str(pairing.game_id),
                "status": pairing.status,
                "seat": mine.seat,
                "place": mine.place,
                "points": points.get(pairing.pk)
                if pairing.status == PairingStatus.FINISHED
                else None,
                "opponents": [public_player(s.entry) for s in seats if s.entry_id != entry.pk],
                "ended_at": iso(pairing.ended_at),
            }
        )
    return {
        **standing_json(entry=entry),
        "removed": entry.removed,
        "games_played": games,
        "byes_given": [
            {"round": bye.round, "kind": bye.kind, "points": worth}
            for bye, worth in zip(byes, bye_points, strict=True)
        ],
    }


def bracket_json(
    *,
    state: formats.Knockout | formats.TableKnockout,
    entries: dict[int, Entry],
    games: dict[tuple[int, int], list[str]],
) -> dict[str, Any]:
    """A knockout's bracket (1-v-1 matches) or its tables, round by round (``entries`` by
    their player: :attr:`Entry.player`)."""

    def user(player: int | None) -> dict[str, str | None] | None:
        return public_player(entries[player]) if player is not None else None

    rounds = []
    for round_ in state.rounds:
        number = round_[0].round
        matches: list[dict[str, Any]] = []
        tables: list[dict[str, Any]] = []
        for item in round_:
            if isinstance(item, formats.BracketMatch):
                match_state = item.state
                matches.append(
                    {
                        "index": item.index + 1,
                        "players": [user(p) for p in item.players],
                        "bye": item.bye,
                        "wins": list(match_state.wins) if match_state else [0, 0],
                        "draws": match_state.draws if match_state else 0,
                        "winner": user(item.winner),
                        "game_ids": games.get((number, item.index + 1), []),
                    }
                )
            else:
                tables.append(
                    {
                        "index": item.index + 1,
                        "players": [user(p) for p in item.players],
                        "final": item.final,
                        "order": [user(p) for p in item.order] if item.order else None,
                        "advancing": [user(p) for p in item.advancing]
                        if item.advancing is not None
                        else None,
                        "game_ids": games.get((number, item.index + 1), []),
                    }
                )
        rounds.append({"round": number, "matches": matches, "tables": tables})
    return {
        "kind": "bracket" if isinstance(state, formats.Knockout) else "tables",
        "seeds": [user(p) for p in state.seeds],
        "champion": user(state.champion),
        "over": state.over,
        "rounds": rounds,
    }


def deals_json(*, deals: DuplicateRound) -> dict[str, Any]:
    """A duplicate round's commitments, and its decks and salts once revealed."""
    revealed = deals.revealed_at is not None
    return {
        "round": deals.round,
        "commitments": list(deals.commitments),
        "revealed": revealed,
        "revealed_at": iso(deals.revealed_at),
        "decks": deals.decks if revealed else None,
        "salts": deals.salts if revealed else None,
    }


def event_json(*, event: TournamentEvent) -> dict[str, Any]:
    return {"id": event.id, "kind": event.kind, **event.data, "created_at": iso(event.created_at)}
