"""The nightly scan's reads: the move log of a window's games reduced to what the
detectors take (:mod:`fairplay.signals`), and their findings.

* Feeding (tables of three or more between people): every draw a person made right after
  another seat's turn is a chance to take that seat's discard; a draw of a public card
  (``card_is_public``: the discard pile's) took it. A computer seat, or a leaver's seat
  the computer plays, takes part as one anonymous player, so it adds to the baseline.
* Bots: each person's think times (from the move before, in the same game), the clock
  hours they acted in, and -- replayed through the rules, for players with enough
  decisions -- whether each decision that matters (our Hard and Easy players disagree)
  was Hard's.
* Soft play (tables of three or more): in the same replay, each decision at which our Hard
  player would have ended the round (going out, a valid show), and whether the person did.

The replays are bounded by ``FAIRPLAY_SCAN_MAX_REPLAYS`` a night, the players with most
decisions first.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings

from games.models import FORFEIT_REASONS, Game, GameStatus, Move, OpponentType, Seat
from games.replay import states
from games.variants import RulesError

from .signals import bots, feeding
from .signals.findings import Finding

COMPUTER = -1
"""Who a computer's (or a leaver's stand-in's) move is, in the feeding baseline."""


@dataclass(slots=True)
class Logged:
    """One logged move and who made it: a person's id, :data:`COMPUTER`, or None for the
    turn timer's moves and forfeits."""

    move: Move
    actor: int | None


@dataclass(slots=True)
class Gathered:
    """What the scan collects over the window."""

    chances: list[feeding.Chance] = field(default_factory=list)
    think: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    active: dict[int, list[tuple[int, int]]] = field(default_factory=lambda: defaultdict(list))
    agreed: dict[int, list[bool]] = field(default_factory=lambda: defaultdict(list))
    finishes: list[feeding.FinishChance] = field(default_factory=list)
    games: dict[int, list[Game]] = field(default_factory=lambda: defaultdict(list))


def actor_of(move: Move, seat: Seat | None) -> int | None:
    """Who made ``move``: the person at the seat until they left, the computer otherwise;
    None for the server's moves (the timer's, a forfeit)."""
    if move.automatic or move.action.get("type") in FORFEIT_REASONS:
        return None
    if seat is None or seat.user_id is None:
        return COMPUTER
    if seat.left_at is not None and move.created_at >= seat.left_at:
        return COMPUTER
    return seat.user_id


def logged_moves(game: Game) -> list[Logged]:
    """The game's moves in order, each with its actor."""
    seats = {seat.seat: seat for seat in game.seats.all()}
    return [
        Logged(move=move, actor=actor_of(move, seats.get(move.seat)))
        for move in Move.objects.filter(game=game).order_by("seq")
    ]


def discard_chances(game: Game, logged: list[Logged]) -> list[feeding.Chance]:
    """Each draw by a person or the computer right after another actor's turn, in the same
    round, and whether it took the discard pile's card (the one just thrown)."""
    rules = game.game_variant.rules
    chances = []
    previous: Logged | None = None
    for entry in logged:
        move = entry.move
        if previous is not None and previous.move.round != move.round:
            previous = None  # a new deal: its first upcard was nobody's discard
        if (
            move.card
            and entry.actor is not None
            and previous is not None
            and previous.actor is not None
            and previous.move.seat != move.seat
        ):
            chances.append(
                feeding.Chance(
                    giver=previous.actor,
                    taker=entry.actor,
                    took=rules.card_is_public(move.action),
                )
            )
        previous = entry
    return chances


def timing(game: Game, logged: list[Logged], into: Gathered) -> None:
    """Each person's think times and active hours in the game."""
    before: datetime | None = game.started_at
    for entry in logged:
        moment = entry.move.created_at
        if entry.actor is not None and entry.actor != COMPUTER and before is not None:
            into.think[entry.actor].append(max((moment - before).total_seconds(), 0.0))
            into.active[entry.actor].append((moment.toordinal(), moment.hour))
        before = moment


def _ends_round(rules: Any, before: object, after: object) -> bool:
    was, now = rules.progress(before), rules.progress(after)
    return bool(now.is_over or now.awaiting_deal or now.round_number != was.round_number)


def decision_seed(game_id: object, version: int) -> str:
    """The seed our players are asked with at a game's decision: the same in every process
    (``hash()`` of a string is salted per process, so it would not be)."""
    return f"{game_id}:{version}"


def replay_decisions(game: Game, logged: list[Logged], into: Gathered, *, people: set[int]) -> None:
    """Replay the game: for each decision of one of ``people``, whether it was our Hard
    player's (when Hard and Easy disagree), and at tables of three or more whether the
    person ended the round when Hard would have."""
    variant = game.game_variant
    rules, players = variant.rules, variant.players
    by_seq = {entry.move.seq: entry for entry in logged}
    at_table = {entry.actor for entry in logged if entry.actor not in (None, COMPUTER)}
    previous: object | None = None
    for version, state in states(game):
        entry = by_seq.get(version)
        if previous is not None and entry is not None and entry.actor in people:
            user = entry.actor
            seat = entry.move.seat
            view = rules.view_for(previous, seat)
            seed = decision_seed(game.pk, version)
            hard = players.choose(view, "hard", random.Random(seed))
            hard_json = rules.action_to_json(hard)
            easy_json = rules.action_to_json(players.choose(view, "easy", random.Random(seed)))
            if hard_json != easy_json:
                into.agreed[user].append(entry.move.action == hard_json)
            if game.seat_count >= 3:
                try:
                    could = _ends_round(rules, previous, rules.apply_action(previous, hard, seat))
                except RulesError:
                    could = False
                if could:
                    into.finishes.append(
                        feeding.FinishChance(
                            player=user,
                            others=frozenset(at_table - {user}),
                            declined=not _ends_round(rules, previous, state),
                        )
                    )
        previous = state


def gather(games: Iterable[Game], *, max_replays: int, min_decisions: int) -> Gathered:
    """Everything the detectors take, from ``games`` (finished, with their seats)."""
    into = Gathered()
    logs: dict[Any, list[Logged]] = {}
    for game in games:
        logged = logged_moves(game)
        logs[game.pk] = logged
        people = {entry.actor for entry in logged if entry.actor not in (None, COMPUTER)}
        for person in people:
            assert person is not None
            into.games[person].append(game)
        timing(game, logged, into)
        if game.seat_count >= 3 and game.opponent_type == OpponentType.HUMAN and len(people) >= 2:
            into.chances.extend(discard_chances(game, logged))
    candidates = sorted(
        (person for person, times in into.think.items() if len(times) >= min_decisions),
        key=lambda person: -len(into.think[person]),
    )
    replayed: set[Any] = set()
    for person in candidates:
        for game in into.games[person]:
            if game.pk in replayed or len(replayed) >= max_replays:
                continue
            replayed.add(game.pk)
            try:
                replay_decisions(game, logs[game.pk], into, people=set(candidates))
            except (RulesError, ValueError, IndexError):
                continue  # a game that does not replay is verify_games' business
    for game in [g for games_of in into.games.values() for g in games_of]:
        if len(replayed) >= max_replays:
            break
        if game.pk in replayed or game.seat_count < 3 or game.opponent_type != OpponentType.HUMAN:
            continue
        replayed.add(game.pk)
        people = {e.actor for e in logs[game.pk] if e.actor not in (None, COMPUTER)}
        try:
            replay_decisions(game, logs[game.pk], into, people={p for p in people if p is not None})
        except (RulesError, ValueError, IndexError):
            continue
    return into


def findings_of(gathered: Gathered) -> list[Finding]:
    """Every detector over what was gathered (a computer is never the subject)."""
    found: list[Finding | None] = []
    found += feeding.feeding(
        gathered.chances,
        min_chances=settings.FAIRPLAY_FEEDING_MIN_CHANCES,
        min_z=settings.FAIRPLAY_FEEDING_Z,
    )
    found += feeding.soft_play(
        gathered.finishes,
        min_chances=settings.FAIRPLAY_SOFT_PLAY_MIN_CHANCES,
        min_z=settings.FAIRPLAY_SOFT_PLAY_Z,
    )
    for user, times in gathered.think.items():
        found.append(
            bots.regular_timing(
                user,
                times,
                min_actions=settings.FAIRPLAY_BOT_MIN_ACTIONS,
                max_cv=settings.FAIRPLAY_BOT_MAX_CV,
            )
        )
        found.append(
            bots.long_hours(user, gathered.active[user], min_hours=settings.FAIRPLAY_BOT_HOURS)
        )
    for user, agreed in gathered.agreed.items():
        found.append(
            bots.engine_agreement(
                user,
                agreed,
                min_decisions=settings.FAIRPLAY_BOT_MIN_DECISIONS,
                min_share=settings.FAIRPLAY_BOT_AGREEMENT,
            )
        )
    return [
        finding
        for finding in found
        if finding is not None and finding.user != COMPUTER and finding.other != COMPUTER
    ]


def scan_games(*, since: datetime, until: datetime) -> list[Finding]:
    """The findings of the games that finished in ``[since, until)``."""
    games = (
        Game.objects.filter(
            status=GameStatus.FINISHED,
            aborted=False,
            finished_at__gte=since,
            finished_at__lt=until,
            seats__user__isnull=False,
        )
        .distinct()
        .prefetch_related("seats")
        .order_by("finished_at")
    )
    gathered = gather(
        games.iterator(chunk_size=200),
        max_replays=settings.FAIRPLAY_SCAN_MAX_REPLAYS,
        min_decisions=settings.FAIRPLAY_BOT_MIN_DECISIONS,
    )
    return findings_of(gathered)
