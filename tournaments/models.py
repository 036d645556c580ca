"""Tournaments, their entries, pairings, byes, duplicate deals, events and schedules.

What decides a tournament is its pairings (each an ordinary game of the games app, with a
place per seat once it ends) and its byes: standings are a pure function of those
(:func:`tournaments.formats.standings`). The figures on :class:`Entry` (score, streak,
counts) are a cache kept up to date game by game, and rebuilt from the pairings whenever
they change otherwise (a player removed); the ranks and tie-breaks are rewritten from the
rebuild after every change.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.variants import DEFAULT_VARIANT, VARIANTS
from tournaments.formats import ByeKind, Cadence, format_names

VARIANT_CHOICES = [(name, name) for name in VARIANTS]


class TournamentStatus(models.TextChoices):
    CREATED = "created"
    """Open for registration; not started."""
    STARTED = "started"
    FINISHED = "finished"
    CANCELLED = "cancelled"


FORMAT_CHOICES = [(name, name) for name in format_names()]
CADENCE_CHOICES = [(c.value, c.value) for c in Cadence]
BYE_KIND_CHOICES = [(k.value, k.value) for k in ByeKind]


class Schedule(models.Model):
    """A recurring tournament: the planner creates one for every start in the next 24 h.

    ``template`` holds the settings of the tournament it creates, as ``POST
    /tournaments`` takes them (without ``starts_at``, which the schedule gives).
    """

    name = models.CharField(max_length=80, unique=True)
    cadence = models.CharField(max_length=10, choices=CADENCE_CHOICES)
    minute = models.PositiveSmallIntegerField(default=0)
    hour = models.PositiveSmallIntegerField(default=0, help_text="Daily and weekly.")
    weekday = models.PositiveSmallIntegerField(default=0, help_text="Weekly: 0 Monday.")
    timezone = models.CharField(max_length=64, default="UTC", help_text="Daily and weekly.")
    template = models.JSONField(help_text="The tournament's settings, as POST /tournaments.")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    """One tournament of a format, over one game (``variant``) with its ``rules``."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80)
    format = models.CharField(max_length=12, choices=FORMAT_CHOICES)
    variant = models.CharField(max_length=10, choices=VARIANT_CHOICES, default=DEFAULT_VARIANT)
    rules = models.JSONField(help_text="The games' full rule set (every option filled).")
    table_size = models.PositiveSmallIntegerField(
        default=2, help_text="Seats per game: 2 is 1-v-1; more are tables."
    )
    status = models.CharField(
        max_length=10,
        choices=TournamentStatus.choices,
        default=TournamentStatus.CREATED,
        db_index=True,
    )
    starts_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When it starts; a sit & go starts when full, and is cancelled if it is "
        "not full by then.",
    )
    duration_minutes = models.PositiveIntegerField(null=True, blank=True, help_text="Arena.")
    ends_at = models.DateTimeField(null=True, blank=True, help_text="Arena: set at the start.")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Swiss.")
    round_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="Swiss: the deadline of each round."
    )
    best_of = models.PositiveSmallIntegerField(default=1, help_text="1-v-1 knockout matches.")
    capacity = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Sit & go: the field that starts it; else a cap."
    )
    min_players = models.PositiveSmallIntegerField(
        default=2, help_text="Fewer entries at the start: cancelled."
    )
    duplicate = models.BooleanField(default=False, help_text="Swiss and knockout.")
    turn_seconds = models.PositiveIntegerField(default=60, help_text="Each game's turn timer.")
    min_rated_games = models.PositiveIntegerField(default=0)
    min_rating = models.PositiveIntegerField(null=True, blank=True)
    max_rating = models.PositiveIntegerField(null=True, blank=True)
    private = models.BooleanField(default=False, help_text="Joined by invite code only.")
    invite_code = models.CharField(max_length=6, blank=True, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="created_tournaments",
        on_delete=models.SET_NULL,
    )
    schedule = models.ForeignKey(
        Schedule, null=True, blank=True, related_name="tournaments", on_delete=models.SET_NULL
    )
    schedule_key = models.CharField(
        max_length=120,
        null=True,
        blank=True,
        unique=True,
        help_text="<schedule>:<start>: the planner creates each start once.",
    )
    current_round = models.PositiveSmallIntegerField(
        default=0, help_text="Swiss and knockout: the latest round started."
    )
    round_deadline = models.DateTimeField(null=True, blank=True, help_text="Swiss.")
    apart = models.JSONField(
        default=list,
        blank=True,
        help_text="Set at the start: the pairs of players (lower id first) fair play saw on "
        "one device then, whom a knockout's seatings part. Never shown to players.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True, help_text="Finished or cancelled.")

    class Meta:
        ordering = ("-created_at",)
        constraints = [
            models.UniqueConstraint(
                fields=["invite_code"],
                condition=Q(status="created") & ~Q(invite_code=""),
                name="tournaments_open_invite_code_unique",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "starts_at"], name="tournaments_due_idx"),
            models.Index(fields=["private", "status", "-created_at"], name="tournaments_list_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.format}, {self.status})"


class Entry(models.Model):
    """One player's entry. ``score`` to ``byes`` are the cached tally; ``rank`` and the
    tie-breaks are written from each rebuild of the standings.

    An entry outlives its player's account: when the account is deleted (a guest purged
    for disuse, an account removed) ``user`` is emptied and ``departed_name`` keeps the
    name they had, so the standings, the pairings and the bracket stay as they were
    (:mod:`tournaments.services.departures`)."""

    tournament = models.ForeignKey(Tournament, related_name="entries", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="tournament_entries",
        on_delete=models.SET_NULL,
        help_text="Empty once the player's account is deleted (departed_name).",
    )
    departed_name = models.CharField(
        max_length=150,
        blank=True,
        help_text="The name the player had when their account was deleted.",
    )
    rating = models.FloatField(help_text="The player's rating in the variant when they joined.")
    joined_at = models.DateTimeField(auto_now_add=True)
    score = models.FloatField(default=0)
    streak = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    sonneborn_berger = models.FloatField(default=0)
    performance = models.IntegerField(null=True, blank=True)
    rank = models.PositiveIntegerField(null=True, blank=True)
    eliminated_round = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    paused = models.BooleanField(default=False)
    paused_until = models.DateTimeField(
        null=True, blank=True, help_text="A paused player may come back from then on."
    )
    removed = models.BooleanField(
        default=False, help_text="Removed by an operator: out of the standings, barred."
    )
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="Arena: free for a game since then."
    )

    class Meta:
        ordering = ("tournament", "rank", "id")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournaments_entry_unique"),
        ]
        indexes = [
            models.Index(fields=["tournament", "rank", "id"], name="tournaments_standings_idx"),
            models.Index(fields=["user", "tournament"], name="tournaments_entry_user_idx"),
        ]

    def __str__(self) -> str:
        who = self.user_id if self.user_id is not None else f"{self.departed_name} (departed)"
        return f"{who} in {self.tournament_id}"

    @property
    def player(self) -> int:
        """The player as the formats library knows them: the user's id, or for a departed
        player (the account deleted) the entry's id negated -- never a user's id, the same
        on every load."""
        return self.user_id if self.user_id is not None else -self.pk

    @property
    def active(self) -> bool:
        """Takes part now: not withdrawn, paused or removed."""
        return not (self.withdrawn or self.paused or self.removed)


class PairingStatus(models.TextChoices):
    PLAYING = "playing"
    FINISHED = "finished"
    VOID = "void"
    """The game was stopped without a result (abandoned): it counts for nobody."""


class Pairing(models.Model):
    """One game of the tournament: who sits where, and each seat's place once it ends."""

    tournament = models.ForeignKey(Tournament, related_name="pairings", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField(help_text="Swiss and knockout; 0 in an arena.")
    table = models.PositiveIntegerField(help_text="The table's number in its round.")
    game = models.OneToOneField(
        "games.Game", related_name="tournament_pairing", on_delete=models.PROTECT
    )
    status = models.CharField(
        max_length=10, choices=PairingStatus.choices, default=PairingStatus.PLAYING
    )
    conceded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
        help_text="The player who conceded or forfeited on time.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("round", "table", "id")
        indexes = [
            models.Index(fields=["tournament", "status"], name="tournaments_pairing_idx"),
            models.Index(fields=["tournament", "round", "table"], name="tournaments_round_idx"),
        ]

    def __str__(self) -> str:
        return f"round {self.round} table {self.table} of {self.tournament_id}"


class PairingSeat(models.Model):
    pairing = models.ForeignKey(Pairing, related_name="seats", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, related_name="seats", on_delete=models.CASCADE)
    place = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 the best.")
    own_moves = models.PositiveIntegerField(
        null=True, blank=True, help_text="Moves the player made themselves (once ended)."
    )

    class Meta:
        ordering = ("pairing", "seat")
        constraints = [
            models.UniqueConstraint(fields=["pairing", "seat"], name="tournaments_seat_unique"),
            models.UniqueConstraint(fields=["pairing", "entry"], name="tournaments_seat_entry"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.pairing_id}"


class Bye(models.Model):
    """A Swiss round a player sat out with points (:class:`tournaments.formats.ByeKind`)."""

    tournament = models.ForeignKey(Tournament, related_name="byes", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, related_name="byes_given", on_delete=models.CASCADE)
    kind = models.CharField(max_length=10, choices=BYE_KIND_CHOICES)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("round", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "entry"], name="tournaments_bye_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} bye in round {self.round} for {self.entry_id}"


class DuplicateRound(models.Model):
    """A duplicate round's decks: committed when the round starts, revealed when it ends."""

    tournament = models.ForeignKey(
        Tournament, related_name="duplicate_rounds", on_delete=models.CASCADE
    )
    round = models.PositiveSmallIntegerField()
    decks = models.JSONField(help_text="Secret until revealed: the decks in dealing order.")
    salts = models.JSONField(help_text="Secret until revealed: one per deck.")
    commitments = models.JSONField(help_text="sha256(salt + ':' + deck), one per deck.")
    created_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("round",)
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round"], name="tournaments_duplicate_round_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"deals of round {self.round} of {self.tournament_id}"


class TournamentEvent(models.Model):
    """One event of a tournament's stream (``GET /tournaments/{id}/events``): its id
    orders the stream and resumes it."""

    class Kind(models.TextChoices):
        PLAYER_JOINED = "player_joined"
        PLAYER_LEFT = "player_left"
        STARTED = "started"
        ROUND_STARTED = "round_started"
        PAIRING_MADE = "pairing_made"
        GAME_ENDED = "game_ended"
        STANDINGS_CHANGED = "standings_changed"
        DEALS_REVEALED = "deals_revealed"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    tournament = models.ForeignKey(Tournament, related_name="events", on_delete=models.CASCADE)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        indexes = [models.Index(fields=["tournament", "id"], name="tournaments_event_idx")]

    def __str__(self) -> str:
        return f"{self.kind} in {self.tournament_id}"
