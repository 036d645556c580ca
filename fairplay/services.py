"""Fair play's writes: traces, signals, sanctions (one idempotent service), reports,
appeals, the review after each game and the nightly scan.

Nothing here runs on the action path: the traces are written after a response (at most
once an hour per player and trace), the review and the scan run as tasks. What must be
decided with the game -- whether it is rated -- is a read (``selectors.game_unrated_reason``)
in the finishing transaction.
"""

from __future__ import annotations

import logging
import uuid
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone

from accounts.models import User
from games.models import (
    FinishReason,
    Game,
    GameResult,
    GameStatus,
    Move,
    OpponentType,
    UnratedReason,
)
from games.replay import rebuild_state
from leaderboards.models import RatedGame
from leaderboards.services import rating_refund, standings_rebuild_for

from . import scanning, selectors
from .errors import (
    AlreadyReported,
    AppealOpen,
    CannotReportSelf,
    NothingToAppeal,
    NotInGame,
    PlayerNotFound,
    SanctionNotFound,
    SignalNotFound,
    SignalResolved,
)
from .hooks import player_marked
from .models import (
    Appeal,
    AppealStatus,
    Fingerprint,
    RatingRefund,
    RecentRecord,
    Report,
    ReviewStatus,
    Sanction,
    SanctionKind,
    Signal,
    SignalKind,
    SignalStatus,
    Sitting,
)
from .signals import pairs, record
from .signals import sitting as sitting_rules
from .signals.devices import fingerprints
from .signals.findings import Finding

logger = logging.getLogger(__name__)

RESOLUTIONS = ("dismiss", *SanctionKind.values)
"""What staff may do with a signal: dismiss it, or apply one sanction to its player."""


# --- traces -----------------------------------------------------------------------------------


def trace_record(
    *, user_id: int, address: str | None, device_id: str | None, now: datetime | None = None
) -> int:
    """Keep the keyed hashes of the client's address, network and device id (never the
    values themselves) for the player, or mark them seen again; returns how many."""
    digests = fingerprints(selectors.hash_key(), address=address, device_id=device_id)
    if not digests:
        return 0
    now = now or timezone.now()
    for trace, digest in digests.items():
        updated = Fingerprint.objects.filter(user_id=user_id, trace=trace, digest=digest).update(
            last_seen=now
        )
        if not updated:
            Fingerprint.objects.bulk_create(
                [Fingerprint(user_id=user_id, trace=trace, digest=digest, last_seen=now)],
                ignore_conflicts=True,
            )
    return len(digests)


def traces_purge(*, now: datetime | None = None) -> int:
    """Delete the hashes not seen for ``FAIRPLAY_TRACE_DAYS`` (and the sittings older than
    the play bans' memory, which no rule reads any more); returns how many hashes."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.FAIRPLAY_TRACE_DAYS)
    deleted, _ = Fingerprint.objects.filter(last_seen__lt=cutoff).delete()
    memory = max(settings.FAIRPLAY_SITTING_DAYS, settings.FAIRPLAY_PLAYBAN_MEMORY_DAYS)
    Sitting.objects.filter(created_at__lt=now - timedelta(days=memory)).delete()
    return deleted


# --- signals ----------------------------------------------------------------------------------


def signal_key(finding: Finding, game_id: uuid.UUID | str | None = None) -> str:
    return f"{finding.kind}:{finding.user}:{finding.other or ''}:{game_id or ''}"


def signal_raise(
    finding: Finding,
    *,
    game_id: uuid.UUID | str | None = None,
    status: str = SignalStatus.OPEN,
) -> Signal:
    """The open signal for this finding (its rule, players and game), created or refreshed
    with the new score and evidence. A signal created closed (``status``: a rule that
    sanctions by itself) is always a new row."""
    key = signal_key(finding, game_id)
    fields: dict[str, Any] = {
        "kind": finding.kind,
        "user_id": finding.user,
        "other_id": finding.other,
        "game_id": game_id,
        "score": finding.score,
        "evidence": dict(finding.evidence),
    }
    if status != SignalStatus.OPEN:
        return Signal.objects.create(key=key, status=status, resolved_at=timezone.now(), **fields)
    for _ in range(2):
        with transaction.atomic():
            row = (
                Signal.objects.select_for_update().filter(key=key, status=SignalStatus.OPEN).first()
            )
            if row is not None:
                for name, value in fields.items():
                    setattr(row, name, value)
                row.save()
                return row
            try:
                with transaction.atomic():
                    return Signal.objects.create(key=key, **fields)
            except IntegrityError:  # raised at the same moment elsewhere: refresh that one
                continue
    raise RuntimeError(f"could not raise signal {key}")


# --- sanctions --------------------------------------------------------------------------------


def sanction_apply(
    *,
    user_id: int,
    kind: str,
    rule: str,
    key: str,
    note: str = "",
    until: datetime | None = None,
    by: User | None = None,
    signal: Signal | None = None,
) -> tuple[Sanction, bool]:
    """Apply a sanction once per ``key``: ``(sanction, created)``. Applying the same key
    again changes nothing, except that a mark whose consequences were not all applied
    (a run cut short) has them applied now (:func:`mark_consequences_apply`, itself
    idempotent)."""
    SanctionKind(kind)  # a ValueError for an unknown kind, before anything is written
    with transaction.atomic():
        sanction, created = Sanction.objects.get_or_create(
            key=key,
            defaults={
                "user_id": user_id,
                "kind": kind,
                "rule": rule,
                "note": note,
                "until": until,
                "created_by": by,
                "signal": signal,
            },
        )
    if sanction.kind == SanctionKind.MARK and sanction.applied_at is None:
        mark_consequences_apply(sanction_id=sanction.pk)
        sanction.refresh_from_db()
    return sanction, created


def mark_consequences_apply(*, sanction_id: int, now: datetime | None = None) -> dict[str, int]:
    """What a mark undoes, for the ``FAIRPLAY_MARK_DAYS`` before it: the marked player's
    results become unrated (``marked``), every victim gets back the rating lost to them
    (:func:`refunds_apply`), the boards of those days are recomputed (closed ones too), and
    ``player_marked`` tells the tournaments (withdrawals, standings and winners rebuilt).
    Every step is idempotent, so running it again changes nothing more."""
    now = now or timezone.now()
    sanction = Sanction.objects.get(pk=sanction_id)
    since = sanction.created_at - timedelta(days=settings.FAIRPLAY_MARK_DAYS)
    mine = GameResult.objects.filter(user_id=sanction.user_id, finished_at__gte=since)
    moments = list(mine.values_list("finished_at", flat=True))
    unrated = mine.filter(rated=True).update(rated=False, unrated_reason=UnratedReason.MARKED)
    refunds = refunds_apply(offender_id=sanction.user_id, since=since)
    boards = standings_rebuild_for(moments=moments, now=now)
    with transaction.atomic():
        player_marked.send(sender=Sanction, user_id=sanction.user_id, since=since)
        Sanction.objects.filter(pk=sanction.pk).update(applied_at=now)
    logger.info(
        "mark of %s applied: %s results unrated, %s refunds, %s boards",
        sanction.user_id,
        unrated,
        refunds,
        boards,
    )
    return {"unrated": unrated, "refunds": refunds, "boards": boards}


def refunds_apply(*, offender_id: int, since: datetime) -> int:
    """Give each player who lost rating to ``offender`` in a rated game since ``since``
    what they lost in it, at most ``FAIRPLAY_REFUND_CAP`` points (as lichess does): once
    per victim and game, however often it runs (the ``RatingRefund`` row is written in the
    same transaction as the rating, under a unique constraint). Returns the refunds given."""
    cap = settings.FAIRPLAY_REFUND_CAP
    games = (
        RatedGame.objects.filter(
            applied=True,
            game__results__user_id=offender_id,
            game__finished_at__gte=since,
        )
        .select_related("game")
        .distinct()
    )
    given = 0
    for rated in games:
        changes = {change["user"]: change for change in rated.changes}
        places = {
            user: (not won, placement)
            for user, won, placement in GameResult.objects.filter(
                game_id=rated.game_id
            ).values_list("user_id", "won", "placement")
        }
        mine = places.get(offender_id)
        if mine is None or offender_id not in changes:
            continue
        for victim, change in changes.items():
            lost = change["before"][0] - change["after"][0]
            if victim == offender_id or lost <= 0 or places.get(victim, mine) <= mine:
                continue  # only those placed below the offender, who lost rating
            points = round(min(lost, cap), 2)
            with transaction.atomic():
                _, created = RatingRefund.objects.get_or_create(
                    victim_id=victim,
                    game_id=rated.game_id,
                    defaults={
                        "offender_id": offender_id,
                        "variant": rated.game.variant,
                        "points": points,
                    },
                )
                if created:
                    rating_refund(user_id=victim, variant=rated.game.variant, points=points)
                    given += 1
    return given


def sanction_lift(*, sanction_id: int, by: User | None) -> Sanction:
    """End a sanction now (an appeal upheld, or staff changed their mind). A mark's
    consequences stay: results already rescored are not rescored back."""
    with transaction.atomic():
        sanction = Sanction.objects.select_for_update().get(pk=sanction_id)
        if sanction.lifted_at is None:
            sanction.lifted_at = timezone.now()
            sanction.lifted_by = by
            sanction.save(update_fields=["lifted_at", "lifted_by"])
    return sanction


def _warn(*, user_id: int, rule: str, key: str, signal: Signal | None = None) -> Sanction:
    until = timezone.now() + timedelta(days=settings.FAIRPLAY_WARNING_DAYS)
    sanction, _ = sanction_apply(
        user_id=user_id, kind=SanctionKind.WARN, rule=rule, key=key, until=until, signal=signal
    )
    return sanction


def playban_apply(
    *, user_id: int, rule: str, key: str, signal: Signal | None = None, by: User | None = None
) -> Sanction:
    """A play ban whose length grows with the bans of the last
    ``FAIRPLAY_PLAYBAN_MEMORY_DAYS`` (:func:`fairplay.signals.sitting.playban_minutes`)."""
    existing = Sanction.objects.filter(key=key).first()
    if existing is not None:
        return existing
    now = timezone.now()
    previous = Sanction.objects.filter(
        user_id=user_id,
        kind=SanctionKind.PLAYBAN,
        created_at__gte=now - timedelta(days=settings.FAIRPLAY_PLAYBAN_MEMORY_DAYS),
    ).count()
    minutes = sitting_rules.playban_minutes(
        previous,
        base=settings.FAIRPLAY_PLAYBAN_MINUTES,
        factor=settings.FAIRPLAY_PLAYBAN_FACTOR,
        cap=settings.FAIRPLAY_PLAYBAN_MAX_MINUTES,
    )
    sanction, _ = sanction_apply(
        user_id=user_id,
        kind=SanctionKind.PLAYBAN,
        rule=rule,
        key=key,
        until=now + timedelta(minutes=minutes),
        signal=signal,
        by=by,
    )
    return sanction


# --- staff --------------------------------------------------------------------------------------


def signal_resolve(
    *,
    signal_id: int,
    staff: User,
    action: str,
    note: str = "",
    minutes: int | None = None,
    days: int | None = None,
) -> Signal:
    """Staff's decision on an open signal: ``dismiss`` it, or apply one sanction to its
    player (``playban`` for ``minutes``; ``warn``, ``unrated_only`` and
    ``tournament_ban`` for ``days``, or until lifted; ``mark`` for good), recorded with who
    decided and why; resolving a ``report`` signal closes the reports it gathered. 409
    ``signal_resolved`` when it was resolved already."""
    with transaction.atomic():
        signal = Signal.objects.select_for_update().filter(pk=signal_id).first()
        if signal is None:
            raise SignalNotFound()
        if signal.status != SignalStatus.OPEN:
            raise SignalResolved()
        signal.status = SignalStatus.DISMISSED if action == "dismiss" else SignalStatus.ACTIONED
        signal.resolved_at = timezone.now()
        signal.resolved_by = staff
        signal.resolution = f"{action}: {note}".strip().rstrip(":")
        signal.save(update_fields=["status", "resolved_at", "resolved_by", "resolution"])
        if signal.kind == SignalKind.REPORT:  # the reports it gathered are read
            Report.objects.filter(user_id=signal.user_id, status=ReviewStatus.OPEN).update(
                status=ReviewStatus.CLOSED
            )
    if action != "dismiss":
        sanction_by_staff(
            user_id=signal.user_id,
            kind=action,
            rule=signal.kind,
            staff=staff,
            note=note,
            minutes=minutes,
            days=days,
            key=f"signal:{signal.pk}:{action}",
            signal=signal,
        )
    return signal


def sanction_by_staff(
    *,
    user_id: int,
    kind: str,
    rule: str,
    staff: User,
    note: str,
    key: str,
    minutes: int | None = None,
    days: int | None = None,
    signal: Signal | None = None,
) -> Sanction:
    """A sanction staff chose (the admin's actions and the staff API)."""
    now = timezone.now()
    until = None
    if kind == SanctionKind.PLAYBAN:
        until = now + timedelta(minutes=minutes or settings.FAIRPLAY_PLAYBAN_MINUTES)
    elif kind == SanctionKind.WARN:
        until = now + timedelta(days=days or settings.FAIRPLAY_WARNING_DAYS)
    elif days and kind != SanctionKind.MARK:
        until = now + timedelta(days=days)
    sanction, _ = sanction_apply(
        user_id=user_id,
        kind=kind,
        rule=rule,
        key=key,
        note=note,
        until=until,
        by=staff,
        signal=signal,
    )
    return sanction


def appeal_resolve(*, appeal_id: int, staff: User, uphold: bool, answer: str) -> Appeal:
    """Staff's answer to an appeal: upheld lifts the sanction, rejected leaves it."""
    with transaction.atomic():
        appeal = Appeal.objects.select_for_update().get(pk=appeal_id)
        if appeal.status != AppealStatus.OPEN:
            return appeal
        appeal.status = AppealStatus.UPHELD if uphold else AppealStatus.REJECTED
        appeal.answer = answer
        appeal.resolved_at = timezone.now()
        appeal.resolved_by = staff
        appeal.save(update_fields=["status", "answer", "resolved_at", "resolved_by"])
        if uphold:
            sanction_lift(sanction_id=appeal.sanction_id, by=staff)
    return appeal


# --- players ----------------------------------------------------------------------------------


def report_create(
    *,
    reporter: User,
    username: str,
    reason: str,
    text: str = "",
    game_id: uuid.UUID | None = None,
) -> Report:
    """A player reports another (404 ``not_found`` for an unknown player, 422
    ``cannot_report_self``; with a game, 422 ``not_in_game`` unless both sat at it, 409
    ``already_reported`` for a second report of that game). The reported player's open
    ``report`` signal counts the reports, for staff's queue."""
    reported = User.objects.filter(username__iexact=username, is_active=True).first()
    if reported is None:
        raise PlayerNotFound()
    if reported.pk == reporter.pk:
        raise CannotReportSelf()
    game = None
    if game_id is not None:
        game = Game.objects.filter(pk=game_id).first()
        seated = set() if game is None else {s.user_id for s in game.seats.all()}
        if not {reporter.pk, reported.pk} <= seated:
            raise NotInGame()
    with transaction.atomic():
        if game is not None and Report.objects.filter(reporter=reporter, game=game).exists():
            raise AlreadyReported()
        try:
            with transaction.atomic():
                report = Report.objects.create(
                    reporter=reporter, user=reported, game=game, reason=reason, text=text
                )
        except IntegrityError as exc:  # the same report at the same moment
            raise AlreadyReported() from exc
    open_reports = Report.objects.filter(user=reported, status=ReviewStatus.OPEN)
    reasons = dict(open_reports.values_list("reason").annotate(n=Count("id")).order_by())
    signal_raise(
        Finding(
            kind=SignalKind.REPORT,
            user=reported.pk,
            score=float(sum(reasons.values())),
            evidence={
                "reports": sum(reasons.values()),
                "reporters": open_reports.values("reporter").distinct().count(),
                "reasons": reasons,
                "latest": report.pk,
            },
        )
    )
    return report


def appeal_create(*, user: User, sanction_id: int, text: str) -> Appeal:
    """The player appeals one of their sanctions (404 when not theirs; 409
    ``nothing_to_appeal`` once it is lifted, ``appeal_open`` while one is being read)."""
    sanction = Sanction.objects.filter(pk=sanction_id, user=user).first()
    if sanction is None:
        raise SanctionNotFound()
    if sanction.lifted_at is not None:
        raise NothingToAppeal()
    try:
        with transaction.atomic():
            return Appeal.objects.create(user=user, sanction=sanction, text=text)
    except IntegrityError as exc:
        raise AppealOpen() from exc


# --- after each game ---------------------------------------------------------------------------


def game_review(*, game_id: uuid.UUID | str) -> dict[str, int]:
    """What a finished game tells, run as a task after its commit: each person's recent
    record (a friendly warning, a signal), sitting (a play ban), shared devices and
    networks, and the history of each pair of its people (win trading, rating flow).
    Idempotent: a redelivered review finds what it wrote."""
    game = Game.objects.filter(pk=game_id, status=GameStatus.FINISHED).first()
    if game is None or game.aborted:
        return {}
    seats = {seat.seat: seat for seat in game.seats.all()}
    people = {number: row.user_id for number, row in seats.items() if row.user_id is not None}
    if not people:
        return {}
    counts = {"records": 0, "sittings": 0, "devices": 0, "pairs": 0}
    if game.opponent_type == OpponentType.HUMAN:
        counts["records"] = _records_update(game, people)
        counts["devices"] = _devices_review(game, list(people.values()))
        counts["pairs"] = len(scan_pairs(user_ids=list(people.values())))
    counts["sittings"] = _sittings_review(game, people)
    return counts


def _records_update(game: Game, people: dict[int, int]) -> int:
    """Push the game's outcome onto each person's recent record."""
    early = game.unrated_reason == UnratedReason.EARLY_FORFEIT
    forfeiters = selectors.game_forfeiters(game=game) if early else set()
    updated = 0
    for number, user_id in people.items():
        if number in forfeiters:
            outcome = record.Outcome.EARLY_LOSS
        elif early and number == game.winner_seat:
            outcome = record.Outcome.EARLY_WIN
        else:
            outcome = record.Outcome.GOOD
        updated += _record_push(user_id=user_id, game=game, outcome=outcome)
    return updated


def _record_push(*, user_id: int, game: Game, outcome: record.Outcome) -> int:
    now = timezone.now()
    with transaction.atomic():
        row, _ = RecentRecord.objects.select_for_update().get_or_create(user_id=user_id)
        if str(game.pk) in row.games:
            return 0  # a redelivered review
        outcomes = record.record_push(
            [record.Outcome(item) for item in row.outcomes],
            outcome,
            length=settings.FAIRPLAY_RECORD_LENGTH,
        )
        if not outcomes:
            row.delete()
            return 1
        row.outcomes = [str(item) for item in outcomes]
        row.games = [*row.games, str(game.pk)][-len(outcomes) :]
        verdict = record.record_verdict(
            outcomes,
            warn_at=settings.FAIRPLAY_RECORD_WARN,
            signal_at=settings.FAIRPLAY_RECORD_SIGNAL,
        )
        quiet = timedelta(minutes=settings.FAIRPLAY_WARN_EVERY_MINUTES)
        warn = verdict.warn and (row.warned_at is None or row.warned_at <= now - quiet)
        if warn:
            row.warned_at = now
        row.save()
    if warn:
        _warn(
            user_id=user_id,
            rule=SignalKind.EARLY_FORFEITS,
            key=f"warn:early_forfeits:{user_id}:{game.pk}",
        )
    if verdict.signal:
        signal_raise(
            Finding(
                kind=SignalKind.EARLY_FORFEITS,
                user=user_id,
                score=float(verdict.bad),
                evidence={"outcomes": row.outcomes, "games": row.games},
            )
        )
    return 1


def _devices_review(game: Game, user_ids: list[int]) -> int:
    """A signal for each pair of the game's people on one device (the game was unrated),
    or on one network only (weak)."""
    devices = selectors.players_sharing_device(user_ids)
    networks = selectors.players_sharing_network(user_ids) - devices
    raised = 0
    for kind, found in ((SignalKind.SHARED_DEVICE, devices), (SignalKind.SHARED_NETWORK, networks)):
        for low, high in sorted(found):
            previous = Signal.objects.filter(
                key=signal_key(Finding(kind=kind, user=low, other=high)), status=SignalStatus.OPEN
            ).first()
            games = list(previous.evidence.get("games", [])) if previous else []
            if str(game.pk) not in games:
                games.append(str(game.pk))
            signal_raise(
                Finding(
                    kind=kind,
                    user=low,
                    other=high,
                    score=float(len(games)),
                    evidence={"games": games[-50:], "games_together": len(games)},
                )
            )
            raised += 1
    return raised


def _sittings_review(game: Game, people: dict[int, int]) -> int:
    """Each person who lost on time while behind sat: at ``FAIRPLAY_SITTING_MIN`` sittings
    in ``FAIRPLAY_SITTING_DAYS`` a play ban, longer on every repeat."""
    timeouts = Move.objects.filter(
        game=game, action__type=FinishReason.TIMEOUT, seat__in=list(people)
    ).values_list("seat", "seq")
    found = 0
    for seat, seq in timeouts:
        state = rebuild_state(game, version=seq - 1)
        variant = game.game_variant
        standings = variant.rules.standings(state)
        scores = variant.rules.progress(state).scores
        leader = standings[0]
        place = 1 if scores[seat] == scores[leader] else standings.index(seat) + 1
        if not sitting_rules.sat(timed_out=True, place_before=place):
            continue
        user_id = people[seat]
        Sitting.objects.get_or_create(user_id=user_id, game=game)
        found += 1
        since = timezone.now() - timedelta(days=settings.FAIRPLAY_SITTING_DAYS)
        games = [
            str(game_id)
            for game_id in Sitting.objects.filter(user_id=user_id, created_at__gte=since)
            .order_by("created_at")
            .values_list("game_id", flat=True)
        ]
        finding = sitting_rules.sitting(user_id, games, min_sittings=settings.FAIRPLAY_SITTING_MIN)
        if finding is None:
            continue
        key = f"playban:sitting:{user_id}:{game.pk}"
        if Sanction.objects.filter(key=key).exists():
            continue
        signal = signal_raise(finding, game_id=game.pk, status=SignalStatus.ACTIONED)
        playban_apply(user_id=user_id, rule=SignalKind.SITTING, key=key, signal=signal)
    return found


# --- the scan -------------------------------------------------------------------------------------


def scan_pairs(
    *, user_ids: Sequence[int] | None = None, now: datetime | None = None
) -> list[Signal]:
    """Win trading and rating flow over the last ``FAIRPLAY_PAIR_DAYS`` (among the pairs
    of ``user_ids`` only, when given): a signal for each finding."""
    now = now or timezone.now()
    since = now - timedelta(days=settings.FAIRPLAY_PAIR_DAYS)
    rows = GameResult.objects.filter(
        rated=True, opponent_type=OpponentType.HUMAN, finished_at__gte=since
    )
    if user_ids is not None:
        ids = list(user_ids)
        if len(ids) < 2:
            return []
        rows = rows.filter(game__results__user_id__in=ids).distinct()
    tables: dict[uuid.UUID, list[tuple[int, bool, int]]] = defaultdict(list)
    for game_id, user_id, won, placement in rows.values_list(
        "game_id", "user_id", "won", "placement"
    ):
        tables[game_id].append((user_id, won, placement))
    results = []
    for table in tables.values():
        ordered = sorted(table, key=lambda row: (not row[1], row[2]))
        for better, worse in combinations(ordered, 2):
            if user_ids is None or (better[0] in user_ids and worse[0] in user_ids):
                results.append(pairs.PairResult(winner=better[0], loser=worse[0]))
    players = {result.winner for result in results} | {result.loser for result in results}
    played = dict(
        GameResult.objects.filter(
            rated=True,
            opponent_type=OpponentType.HUMAN,
            finished_at__gte=since,
            user_id__in=players,
        )
        .values_list("user_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    findings = pairs.win_trading(
        results,
        played,
        min_games=settings.FAIRPLAY_PAIR_MIN_GAMES,
        win_share=settings.FAIRPLAY_PAIR_WIN_SHARE,
        game_share=settings.FAIRPLAY_PAIR_GAME_SHARE,
    )
    rated = RatedGame.objects.filter(applied=True, game__finished_at__gte=since)
    if user_ids is not None:
        rated = rated.filter(game__results__user_id__in=list(user_ids)).distinct()
    transfers = []
    for changes in rated.values_list("changes", flat=True):
        if len(changes) != 2:
            continue
        first, second = changes
        gain = first["after"][0] - first["before"][0]
        winner, loser = (first, second) if gain > 0 else (second, first)
        if user_ids is not None and not {winner["user"], loser["user"]} <= set(user_ids):
            continue
        transfers.append(
            pairs.RatingTransfer(
                winner=winner["user"],
                loser=loser["user"],
                points=abs(winner["after"][0] - winner["before"][0]),
            )
        )
    findings += pairs.rating_flow(
        transfers,
        min_points=settings.FAIRPLAY_RATING_FLOW,
        min_games=settings.FAIRPLAY_RATING_FLOW_MIN_GAMES,
    )
    return [signal_raise(finding) for finding in findings]


def scan_run(*, now: datetime | None = None) -> dict[str, Any]:
    """The nightly scan: pairs over ``FAIRPLAY_PAIR_DAYS``; feeding, soft play and bots
    over the games of the last ``FAIRPLAY_SCAN_DAYS`` (:mod:`fairplay.scanning`)."""
    now = now or timezone.now()
    raised = scan_pairs(now=now)
    since = now - timedelta(days=settings.FAIRPLAY_SCAN_DAYS)
    findings = scanning.scan_games(since=since, until=now)
    raised += [signal_raise(finding) for finding in findings]
    counts: dict[str, int] = defaultdict(int)
    for signal in raised:
        counts[signal.kind] += 1
    return {"signals": len(raised), "kinds": dict(counts)}
