"""Fair play's rows: signals for staff, sanctions, players' reports and appeals, the
recent record, the keyed traces of devices and networks, and rating refunds.

See docs/fair-play.md: what is detected, what a player sees, how long each row is kept.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class SignalKind(models.TextChoices):
    EARLY_FORFEITS = "early_forfeits", "Games ended by early forfeits"
    WIN_TRADING = "win_trading", "Win trading between two accounts"
    RATING_FLOW = "rating_flow", "Rating flowing from one account to another"
    SHARED_DEVICE = "shared_device", "Opponents on one device"
    SHARED_NETWORK = "shared_network", "Opponents on one network"
    FEEDING = "feeding", "Taking one player's discards far more than others do"
    SOFT_PLAY = "soft_play", "Not going out against one player"
    REGULAR_TIMING = "regular_timing", "Machine-regular action times"
    LONG_HOURS = "long_hours", "Active nearly around the clock"
    ENGINE_AGREEMENT = "engine_agreement", "Plays as our Hard computer player"
    SITTING = "sitting", "Letting the timer run out while losing"
    REPORT = "report", "Reported by players"


SIGNAL_KINDS = SignalKind.values
"""Every rule's name (the API schema's enum of them)."""


class SignalStatus(models.TextChoices):
    OPEN = "open"
    DISMISSED = "dismissed", "Dismissed (no action)"
    ACTIONED = "actioned", "Acted on (a sanction)"


class Signal(models.Model):
    """One rule that fired for a player (and another player, for rules about two), raised by
    the tasks after a game or by the nightly scan, for staff to review.

    While open there is one row per ``key`` (the rule, the players and the game it is
    about): a rule that fires again refreshes its score and evidence.
    """

    kind = models.CharField(max_length=20, choices=SignalKind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="fairplay_signals", on_delete=models.CASCADE
    )
    other = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.CASCADE,
        help_text="The other player, for a rule about two.",
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    key = models.CharField(max_length=120, help_text="kind:user:other:game (one open row each).")
    score = models.FloatField(default=0, help_text="How strongly it fired (the rule's measure).")
    evidence = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=10, choices=SignalStatus.choices, default=SignalStatus.OPEN, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
    )
    resolution = models.TextField(blank=True, help_text="What staff decided, and why.")

    class Meta:
        ordering = ("-updated_at",)
        constraints = [
            models.UniqueConstraint(
                fields=["key"], condition=Q(status="open"), name="fairplay_signal_open_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["status", "kind", "-updated_at"], name="fairplay_signal_queue"),
            models.Index(fields=["user", "kind"], name="fairplay_signal_user"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id} ({self.status})"


class SanctionKind(models.TextChoices):
    WARN = "warn", "Warning"
    UNRATED_ONLY = "unrated_only", "Unrated games only"
    TOURNAMENT_BAN = "tournament_ban", "No tournaments"
    PLAYBAN = "playban", "Play ban"
    MARK = "mark", "Marked for unfair play"


SANCTION_KINDS = SanctionKind.values


class Sanction(models.Model):
    """A measure against a player: applied by :func:`fairplay.services.sanction_apply`
    (idempotent on ``key``), by a rule (``created_by`` null) or by staff.

    In force from ``created_at`` until ``until`` (null: until lifted), unless
    ``lifted_at`` is set (an appeal upheld, or staff lifted it).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="fairplay_sanctions", on_delete=models.CASCADE
    )
    kind = models.CharField(max_length=20, choices=SanctionKind.choices)
    rule = models.CharField(
        max_length=20,
        choices=SignalKind.choices,
        help_text="The rule the player broke, as the player reads it (docs/fair-play.md).",
    )
    note = models.TextField(blank=True, help_text="Staff only: why, in their words.")
    until = models.DateTimeField(null=True, blank=True, help_text="Null: until lifted.")
    key = models.CharField(
        max_length=120, unique=True, help_text="Applying the same key again changes nothing."
    )
    signal = models.ForeignKey(
        Signal, null=True, blank=True, related_name="sanctions", on_delete=models.SET_NULL
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
        help_text="Staff who applied it; null when a rule did.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
    )
    applied_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="A mark: when its consequences (refunds, boards, tournaments) were applied.",
    )

    class Meta:
        ordering = ("-created_at",)
        indexes = [
            models.Index(fields=["user", "kind", "-created_at"], name="fairplay_sanction_user")
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class ReportReason(models.TextChoices):
    CHEATING = "cheating", "Playing with help (a program, another person)"
    COLLUSION = "collusion", "Playing together against the others"
    WIN_TRADING = "win_trading", "Trading wins or rating"
    BOT = "bot", "A program plays this account"
    SITTING = "sitting", "Letting the timer run out"
    OTHER = "other", "Something else"


class ReviewStatus(models.TextChoices):
    OPEN = "open"
    CLOSED = "closed"


class Report(models.Model):
    """A player's report of another player (at most one per reporter and game)."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="fairplay_reports_made", on_delete=models.CASCADE
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="fairplay_reports", on_delete=models.CASCADE
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    reason = models.CharField(max_length=20, choices=ReportReason.choices)
    text = models.TextField(blank=True, max_length=2000)
    status = models.CharField(
        max_length=10, choices=ReviewStatus.choices, default=ReviewStatus.OPEN, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "game"],
                condition=Q(game__isnull=False),
                name="fairplay_report_once_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reason}: {self.reporter_id} on {self.user_id}"


class AppealStatus(models.TextChoices):
    OPEN = "open"
    UPHELD = "upheld", "Upheld: the sanction was lifted"
    REJECTED = "rejected", "Rejected: the sanction stands"


class Appeal(models.Model):
    """A player's appeal against one of their sanctions (one open appeal per sanction)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="fairplay_appeals", on_delete=models.CASCADE
    )
    sanction = models.ForeignKey(Sanction, related_name="appeals", on_delete=models.CASCADE)
    text = models.TextField(max_length=4000)
    status = models.CharField(
        max_length=10, choices=AppealStatus.choices, default=AppealStatus.OPEN, db_index=True
    )
    answer = models.TextField(blank=True, help_text="Staff's answer, shown to the player.")
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
    )

    class Meta:
        ordering = ("-created_at",)
        constraints = [
            models.UniqueConstraint(
                fields=["sanction"], condition=Q(status="open"), name="fairplay_appeal_open_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"appeal by {self.user_id} ({self.status})"


class RecentRecord(models.Model):
    """A player's last outcomes (``fairplay.signals.record``); deleted once clean."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        related_name="fairplay_record",
        on_delete=models.CASCADE,
    )
    outcomes = models.JSONField(default=list, blank=True)
    games = models.JSONField(
        default=list, blank=True, help_text="The games of the outcomes, oldest first."
    )
    warned_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"record of {self.user_id}: {self.outcomes}"


class Trace(models.TextChoices):
    ADDRESS = "address"
    NETWORK = "network"
    DEVICE = "device"


class Fingerprint(models.Model):
    """A keyed hash (HMAC-SHA256, ``FAIRPLAY_HASH_KEY``) of an address, a network prefix or
    a device id a player was seen with; never the raw value. Deleted
    ``FAIRPLAY_TRACE_DAYS`` after it was last seen."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="+", on_delete=models.CASCADE, db_index=False
    )
    trace = models.CharField(max_length=10, choices=Trace.choices)
    digest = models.CharField(max_length=64)
    first_seen = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "trace", "digest"], name="fairplay_fingerprint_unique"
            ),
        ]
        indexes = [models.Index(fields=["trace", "digest"], name="fairplay_fingerprint_digest")]

    def __str__(self) -> str:
        return f"{self.trace} of {self.user_id}"


class Sitting(models.Model):
    """A game the player lost on time while behind (``fairplay.signals.sitting``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="+", on_delete=models.CASCADE)
    game = models.ForeignKey("games.Game", related_name="+", on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="fairplay_sitting_unique"),
        ]
        indexes = [models.Index(fields=["user", "created_at"], name="fairplay_sitting_user")]

    def __str__(self) -> str:
        return f"{self.user_id} sat in {self.game_id}"


class RatingRefund(models.Model):
    """Rating given back to a victim of a marked player, once per victim and game."""

    victim = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="+", on_delete=models.CASCADE)
    offender = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="+", on_delete=models.CASCADE
    )
    game = models.ForeignKey("games.Game", related_name="+", on_delete=models.CASCADE)
    variant = models.CharField(max_length=10)
    points = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["victim", "game"], name="fairplay_refund_once"),
        ]

    def __str__(self) -> str:
        return f"{self.points:.0f} to {self.victim_id} for {self.game_id}"
