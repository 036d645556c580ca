"""Games, seats, the append-only move log, per-round decks, idempotency and results.

The move log is the source of truth: replaying ``Move`` rows from each round's stored deck
(``GameRound.deck``) through the rules core gives ``Game.state`` with the finished rounds'
results kept on the deals (``GameRound.result``; :mod:`games.snapshots`), which
``verify_games`` checks.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from games import snapshots
from games.variants import (
    DEFAULT_VARIANT,
    MAX_SEATS,
    VARIANTS,
    AnyVariant,
    variant_for,
)


class GameStatus(models.TextChoices):
    WAITING = "waiting"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class OpponentType(models.TextChoices):
    COMPUTER = "computer"
    HUMAN = "human"


class Difficulty(models.TextChoices):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Visibility(models.TextChoices):
    PRIVATE = "private"
    PUBLIC = "public"


class FinishReason(models.TextChoices):
    TARGET = "target"
    CONCEDE = "concede"
    TIMEOUT = "timeout"
    LOSS_LIMIT = "loss_limit"  # rummy (docs/games/rummy.md)
    ROUNDS = "rounds"  # rummy: the set number of rounds was played
    SHOW = "show"  # indian, points format: its one deal ended with a valid show
    LAST_PLAYER = "last_player"  # indian, points format: the others dropped or showed wrong
    DRAW = "draw"  # indian, points format: the stock ran out with no pile to turn over
    POOL = "pool"  # indian: one player was left under the pool's limit
    DEALS = "deals"  # indian: the set number of deals was played


class UnratedReason(models.TextChoices):
    """Why a finished game, or one player's result in it, counts for no rating and no board."""

    ABORTED = "aborted", "Ended before each player had made a move"
    EARLY_FORFEIT = "early_forfeit", "Conceded or timed out before the loser had played"
    SHARED_DEVICE = "shared_device", "Two of its players played from one device"
    RESTRICTED = "restricted", "A player's games are unrated by a fair-play decision"
    MARKED = "marked", "The player was marked for unfair play (result rows only)"


FORFEIT_REASONS = (FinishReason.CONCEDE, FinishReason.TIMEOUT)
"""The ``type`` of the move that records a forfeit (the server's move; replays end there)."""


class Game(models.Model):
    """One match of a variant (Gin Rummy by default) between its seats.

    The model holds the variant's state as JSON and never looks inside it: the variant
    (:mod:`games.variants`) parses it, applies actions to it and presents it.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    variant = models.CharField(
        max_length=10,
        choices=[(name, name) for name in VARIANTS],
        default=DEFAULT_VARIANT,
        help_text="Which game is played (see games.variants).",
    )
    seat_count = models.PositiveSmallIntegerField(
        default=2, help_text="Seats at the table (the variant's range)."
    )
    status = models.CharField(
        max_length=10, choices=GameStatus.choices, default=GameStatus.WAITING, db_index=True
    )
    opponent_type = models.CharField(max_length=10, choices=OpponentType.choices)
    difficulty = models.CharField(max_length=10, choices=Difficulty.choices, blank=True)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    rules = models.JSONField(help_text="The full rule set (every option, defaults filled).")
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up by exactly one per applied action."
    )
    invite_code = models.CharField(max_length=6, blank=True, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="created_games", on_delete=models.PROTECT
    )
    state = models.JSONField(
        null=True,
        blank=True,
        help_text="Authoritative rules-core snapshot (secret); the finished rounds' results "
        "are kept on the deals (games.snapshots).",
    )
    scores = models.JSONField(default=list, blank=True, help_text="Every seat's score.")
    round_number = models.PositiveIntegerField(default=0)
    turn_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The seat that must act now; null when nobody."
    )
    turn_deadline = models.DateTimeField(null=True, blank=True)
    timeouts_in_row = models.JSONField(
        default=list, blank=True, help_text="Per seat: turns in a row the timer played."
    )
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    finish_reason = models.CharField(max_length=12, choices=FinishReason.choices, blank=True)
    aborted = models.BooleanField(
        default=False,
        help_text="Finished before each player had made a move: unrated, off the boards.",
    )
    unrated_reason = models.CharField(
        max_length=20,
        choices=UnratedReason.choices,
        blank=True,
        help_text="Why a finished game is unrated (empty: rated); decided in the transaction "
        "that wrote its results, which say the same (GameResult.rated).",
    )
    planned_deals = models.JSONField(
        null=True,
        blank=True,
        help_text="Decks fixed ahead, secret: the n-th deal uses the n-th [deck, salt] "
        "(a tournament's duplicate deals); deals past the list are shuffled.",
    )
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, related_name="rematches", on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-updated_at",)
        constraints = [
            models.UniqueConstraint(
                fields=["invite_code"],
                condition=Q(status="waiting") & ~Q(invite_code=""),
                name="games_game_waiting_invite_code_unique",
            ),
        ]
        indexes = [
            models.Index(fields=["visibility", "status", "-created_at"], name="games_lobby_idx"),
            models.Index(fields=["status", "turn_deadline"], name="games_deadline_idx"),
            models.Index(fields=["status", "created_at"], name="games_status_created_idx"),
        ]

    def __str__(self) -> str:
        return f"Game {self.id} ({self.status})"

    @property
    def rated(self) -> bool:
        """Whether the finished game counts for ratings and boards (neither aborted nor
        unrated for another reason)."""
        return not self.aborted and not self.unrated_reason

    @property
    def unrated_why(self) -> str | None:
        """Why the finished game is unrated (``aborted`` first), or None when it is rated."""
        if self.aborted:
            return UnratedReason.ABORTED.value
        return self.unrated_reason or None

    @property
    def game_variant(self) -> AnyVariant:
        """The rules this game is played by."""
        return variant_for(self.variant)

    def rules_state(self) -> object:
        """The snapshot as the variant's state, parsed once per loaded snapshot."""
        cached = self.__dict__.get("_rules_state")
        if cached is None or cached[0] is not self.state:
            cached = (self.state, self.state_from(self.state))
            self.__dict__["_rules_state"] = cached
        return cached[1]

    def state_from(self, snapshot: object) -> object:
        """A stored snapshot of this game (its ``state``, a deal's ``start_state``) as the
        variant's state, with the finished rounds' results its deals keep."""
        return snapshots.load(self.game_variant, snapshot, key=self.pk, read=self.round_results)

    def round_results(self, count: int) -> list[object]:
        """The first ``count`` finished rounds' results, as kept on the deals."""
        return list(
            GameRound.objects.filter(game=self, number__lte=count)
            .order_by("number")
            .values_list("result", flat=True)
        )

    def _keep_result(self, number: int, result: object) -> None:
        if not GameRound.objects.filter(game=self, number=number).update(result=result):
            raise ValueError(f"round {number} of {self.pk} has no deal to keep its result")

    def set_rules_state(self, state: object) -> None:
        """Store a new snapshot, the results of rounds finished since on their deals (the
        caller holds the game's lock), and what lists show without parsing it."""
        variant = self.game_variant
        self.state = snapshots.dump(
            variant, state, key=self.pk, previous=self.state, keep=self._keep_result
        )
        self.__dict__["_rules_state"] = (self.state, state)
        progress = variant.rules.progress(state)
        self.turn_seat = progress.turn
        self.scores = list(progress.scores)
        self.round_number = progress.round_number


class Seat(models.Model):
    """A seat at a game: a user, or the computer at a level.

    A player who leaves a game of three or more seats that goes on (concedes, or forfeits
    on time) keeps the row's ``user`` (their result row is written when the game ends,
    placed last) and ``left_at`` says when. Where the variant has a ``leaver_stand_in``
    (Rummy: the computer at ``easy``) ``computer`` is set and the computer plays the seat
    from then on, and ``players[]`` shows the computer; where it has none (Indian Rummy)
    ``computer`` stays empty, nobody plays the seat, and ``players[]`` still shows the
    player who left.
    """

    game = models.ForeignKey(Game, related_name="seats", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="seats",
        on_delete=models.PROTECT,
    )
    computer = models.CharField(max_length=10, choices=Difficulty.choices, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The player left; the variant's stand-in computer plays the seat, or nobody.",
    )
    accepted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="A rematch offer at a table of several people: when this one accepted.",
    )

    class Meta:
        ordering = ("seat",)
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="games_seat_unique"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(user__isnull=False),
                name="games_seat_user_unique",
            ),
            # The variant decides how many seats a game has; the table never has more
            # than the largest variant allows.
            models.CheckConstraint(condition=Q(seat__lt=MAX_SEATS), name="games_seat_number_valid"),
            # A person plays the seat, or the computer does from the start (no user); a
            # person who left keeps the row (the user kept, ``left_at`` set), with the
            # computer that plays on for them or, where the variant has none, without.
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(computer="") & Q(left_at__isnull=True))
                | (Q(user__isnull=True) & ~Q(computer="") & Q(left_at__isnull=True))
                | (Q(user__isnull=False) & Q(left_at__isnull=False)),
                name="games_seat_player_or_computer",
            ),
        ]
        indexes = [models.Index(fields=["user", "game"], name="games_seat_user_idx")]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id}"

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat now (not the computer, not a leaver's seat)."""
        return self.user_id is not None and not self.computer and self.left_at is None


class GameRound(models.Model):
    """One deal: its shuffled deck (secret until the round ends) and the commitment to it."""

    game = models.ForeignKey(Game, related_name="deals", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    deck = models.JSONField(
        help_text="The deck in dealing order (Gin Rummy 52 cards, Rummy 104 and the jokers)."
    )
    salt = models.CharField(max_length=32)
    commitment = models.CharField(max_length=64, help_text="sha256(salt + ':' + deck).")
    start_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The game version at which this round was dealt."
    )
    start_state = models.JSONField(
        null=True, blank=True, help_text="Snapshot right after the deal (replays start here)."
    )
    result = models.JSONField(
        null=True,
        blank=True,
        help_text="The round's result once it is over, as the game's codec writes it (the "
        "game's snapshot keeps a reference to it: games.snapshots).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("number",)
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="games_round_unique"),
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.game_id}"


class Move(models.Model):
    """One applied action (append-only). ``seq`` equals the game version it produced."""

    game = models.ForeignKey(Game, related_name="moves", on_delete=models.CASCADE)
    seq = models.PositiveIntegerField()
    round = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField(help_text="The action as the rules codec writes it.")
    card = models.CharField(
        max_length=2,
        blank=True,
        help_text="The card drawn: from the stock (hidden from the opponent) or the pile.",
    )
    automatic = models.BooleanField(
        default=False, help_text="Played by the server for an absent player (turn timer)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("seq",)
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_move_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"move {self.seq} of {self.game_id}"


class IdempotencyRecord(models.Model):
    """The first response to an ``Idempotency-Key``, replayed to retries for 24 hours."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.TextField(help_text="The response body, byte for byte (JSON text).")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "key"], name="games_idempotency_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} by {self.user_id} on {self.game_id}"


class GameResult(models.Model):
    """One row per human player of a finished game: what the leaderboards and profiles read.

    ``total`` is the player's grand total (``final.totals``); on a concede or timeout it is
    the total at that moment without a game bonus. ``weight`` is the leaderboard weight of
    a win, set by the leaderboards when the game finishes (``leaderboards.weights``).
    """

    game = models.ForeignKey(Game, related_name="results", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="game_results", on_delete=models.CASCADE
    )
    seat = models.PositiveSmallIntegerField()
    opponent_type = models.CharField(max_length=10, choices=OpponentType.choices)
    difficulty = models.CharField(max_length=10, choices=Difficulty.choices, blank=True)
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="+",
        on_delete=models.SET_NULL,
    )
    variant = models.CharField(
        max_length=10,
        choices=[(name, name) for name in VARIANTS],
        default=DEFAULT_VARIANT,
        help_text="The game's variant (leaderboards and ratings are kept per variant).",
    )
    won = models.BooleanField(help_text="First place (the only winner of a game).")
    placement = models.PositiveSmallIntegerField(
        default=1, help_text="1 for first place, 2 for second, and so on."
    )
    reason = models.CharField(max_length=12, choices=FinishReason.choices)
    total = models.IntegerField(help_text="Grand total for this player.")
    opponent_total = models.IntegerField()
    weight = models.DecimalField(max_digits=4, decimal_places=2, default=1)
    hand_points = models.IntegerField(help_text="Sum of the round points this player scored.")
    hands = models.PositiveIntegerField(help_text="Rounds played in the game.")
    hands_won = models.PositiveIntegerField()
    gins = models.PositiveIntegerField(default=0)
    big_gins = models.PositiveIntegerField(default=0)
    undercuts = models.PositiveIntegerField(default=0, help_text="Undercuts this player scored.")
    finished_at = models.DateTimeField()
    rated = models.BooleanField(
        default=True,
        help_text="Counts for ratings, boards and profile statistics. False for a game "
        "unrated when it finished, and for a marked player's results.",
    )
    unrated_reason = models.CharField(
        max_length=20,
        choices=UnratedReason.choices,
        blank=True,
        help_text="Why the row is unrated (empty while rated).",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="games_result_unique"),
        ]
        indexes = [
            models.Index(fields=["opponent_type", "finished_at"], name="games_result_period_idx"),
            models.Index(
                fields=["variant", "opponent_type", "finished_at"],
                name="games_result_variant_idx",
            ),
            models.Index(fields=["user", "finished_at"], name="games_result_user_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game_id}: {'won' if self.won else 'lost'}"


class Message(models.Model):
    """A quick-chat message: one of the fixed phrases (no free text, nothing to moderate)."""

    game = models.ForeignKey(Game, related_name="messages", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    phrase = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        indexes = [models.Index(fields=["game", "id"], name="games_message_game_idx")]

    def __str__(self) -> str:
        return f"{self.phrase} by seat {self.seat} in {self.game_id}"


class PlayerEvent(models.Model):
    """An event for one player's account stream (``GET /me/events``), kept for a week.

    ``kind``: ``friend_joined``, ``rematch_offered``, ``your_turn`` or
    ``tournament_game`` (a tournament seated the player at a new game); ``data`` names the
    game (and who, or which tournament). The id orders the stream and resumes it
    (``Last-Event-ID``).
    """

    class Kind(models.TextChoices):
        FRIEND_JOINED = "friend_joined"
        REMATCH_OFFERED = "rematch_offered"
        YOUR_TURN = "your_turn"
        TOURNAMENT_GAME = "tournament_game"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="player_events", on_delete=models.CASCADE
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("id",)
        indexes = [models.Index(fields=["user", "id"], name="games_playerevent_user_idx")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class GameReview(models.Model):
    """One seat's review of a finished game (``/games/{id}/review``): asked for by the
    player, computed once by the ``games.review_game`` task, then kept with the game (a
    finished game never changes, so the review never goes stale)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        READY = "ready"

    game = models.ForeignKey(Game, related_name="reviews", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    version = models.PositiveIntegerField(help_text="The finished game's version reviewed.")
    body = models.JSONField(
        null=True, blank=True, help_text="The review once ready (docs/api.md#game-review)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="games_review_unique"),
        ]

    def __str__(self) -> str:
        return f"review of seat {self.seat} in {self.game_id}: {self.status}"
