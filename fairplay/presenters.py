"""The fair-play response bodies: a player's own record, and staff's view of a signal."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from core.api import iso

from .models import Appeal, Sanction, SanctionKind, Signal
from .wording import APPEAL, SANCTIONS, rule_text


def _in_force(sanction: Sanction, now: datetime) -> bool:
    return sanction.lifted_at is None and (sanction.until is None or sanction.until > now)


def appeal_json(appeal: Appeal | None) -> dict[str, Any] | None:
    if appeal is None:
        return None
    return {
        "status": appeal.status,
        "text": appeal.text,
        "answer": appeal.answer or None,
        "created_at": iso(appeal.created_at),
        "resolved_at": iso(appeal.resolved_at),
    }


def sanction_json(sanction: Sanction, *, now: datetime) -> dict[str, Any]:
    """One of the player's own warnings or sanctions, with its rule in words (never the
    threshold, never staff's note) and how to appeal."""
    appeals = sorted(sanction.appeals.all(), key=lambda appeal: appeal.created_at)
    return {
        "id": sanction.pk,
        "kind": sanction.kind,
        "rule": sanction.rule,
        "rule_text": rule_text(sanction.rule),
        "what_it_means": SANCTIONS[sanction.kind],
        "created_at": iso(sanction.created_at),
        "until": iso(sanction.until),
        "in_force": _in_force(sanction, now),
        "lifted_at": iso(sanction.lifted_at),
        "appeal": appeal_json(appeals[-1] if appeals else None),
    }


def my_fair_play(*, sanctions: list[Sanction], now: datetime | None = None) -> dict[str, Any]:
    """``GET /me/fair-play``: what is in force now, in one place (the play screen and a
    tournament's join read ``restrictions``), and every warning and sanction."""
    now = now or timezone.now()
    active = [s for s in sanctions if _in_force(s, now)]
    kinds = {s.kind for s in active}
    bans = [s.until for s in active if s.kind == SanctionKind.PLAYBAN and s.until is not None]
    warnings = [s for s in active if s.kind == SanctionKind.WARN]
    return {
        "restrictions": {
            "playban_until": iso(max(bans)) if bans else None,
            "tournament_ban": bool(kinds & {SanctionKind.TOURNAMENT_BAN, SanctionKind.MARK}),
            "unrated": bool(kinds & {SanctionKind.UNRATED_ONLY, SanctionKind.MARK}),
            "marked": SanctionKind.MARK in kinds,
            "warning": rule_text(warnings[0].rule) if warnings else None,
        },
        "sanctions": [sanction_json(s, now=now) for s in sanctions],
        "how_to_appeal": APPEAL,
    }


def _user(user: Any) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user.pk, "username": user.username}


def signal_json(signal: Signal) -> dict[str, Any]:
    """A signal as staff read it: the rule, the players, the evidence, the decision."""
    return {
        "id": signal.pk,
        "kind": signal.kind,
        "rule_text": rule_text(signal.kind),
        "user": _user(signal.user),
        "other": _user(signal.other),
        "game_id": str(signal.game_id) if signal.game_id else None,
        "score": signal.score,
        "evidence": signal.evidence,
        "status": signal.status,
        "created_at": iso(signal.created_at),
        "updated_at": iso(signal.updated_at),
        "resolved_at": iso(signal.resolved_at),
        "resolved_by": _user(signal.resolved_by),
        "resolution": signal.resolution or None,
    }
