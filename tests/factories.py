"""factory_boy factories shared by the suite.

Games are made through the services, as players make them, so every game a factory
returns is one the server could have produced (its move log replays to its snapshot).
A known position comes from the deck seam (:func:`games.dealing.dealt`), never from
rewriting rows. Only finished-game *results* for the leaderboards are written as rows
(:class:`GameResultFactory`): those tests need exact totals and dates, not play.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from decimal import Decimal
from typing import Any

import factory
from django.conf import settings
from django.utils import timezone

from accounts.models import AuthToken, User
from games import services
from games.dealing import dealt
from games.models import Game, GameResult, GameStatus, Seat

PASSWORD = "a-long-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    display_name = factory.LazyAttribute(lambda o: o.username.title())
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


def token_for(user: User) -> str:
    _, key = AuthToken.objects.issue(user)
    return key


def _deals(deck: Sequence[Any] | None, decks: Sequence[Sequence[Any]] | None, dealer: int):
    chosen = list(decks or ([] if deck is None else [deck]))
    return dealt(chosen, dealer=dealer) if chosen else nullcontext()


class ComputerGameFactory(factory.Factory):
    """A game against the computer, active at once; with ``deck`` (or ``decks``, one per
    round) and ``dealer``, dealt exactly so."""

    class Meta:
        model = Game

    player = factory.SubFactory(UserFactory)
    difficulty = "medium"
    rules: dict[str, Any] | None = None
    deck: Sequence[Any] | None = None
    decks: Sequence[Sequence[Any]] | None = None
    dealer = 0

    @classmethod
    def _create(cls, model_class: type[Game], **kw: Any) -> Game:
        with _deals(kw["deck"], kw["decks"], kw["dealer"]):
            return services.game_create_vs_computer(
                user=kw["player"], difficulty=kw["difficulty"], rules_data=kw["rules"]
            )


class HumanGameFactory(factory.Factory):
    """A game between two people in any ``status``: ``waiting`` (created, nobody joined),
    ``active`` (joined; dealt from ``deck``/``decks`` with ``dealer`` when given),
    ``finished`` (both passed the first upcard and played as many turns as a rated
    concession needs, then ``loser`` conceded; with
    ``aborted=True`` the loser concedes at once, so the game is aborted) or ``abandoned``
    (cancelled while waiting)."""

    class Meta:
        model = Game

    creator = factory.SubFactory(UserFactory)
    opponent = factory.SubFactory(UserFactory)
    status = GameStatus.ACTIVE
    visibility = "private"
    turn_seconds: int | None = None
    rules: dict[str, Any] | None = None
    deck: Sequence[Any] | None = None
    decks: Sequence[Sequence[Any]] | None = None
    dealer = 0
    loser = 1
    aborted = False

    @classmethod
    def _create(cls, model_class: type[Game], **kw: Any) -> Game:
        creator, opponent, status = kw["creator"], kw["opponent"], kw["status"]
        game = services.game_create_vs_human(
            user=creator,
            visibility=kw["visibility"],
            rules_data=kw["rules"],
            turn_seconds=kw["turn_seconds"],
        )
        if status == GameStatus.ABANDONED:
            return services.game_cancel(game_id=game.pk, user=creator)
        if status == GameStatus.WAITING:
            return game
        with _deals(kw["deck"], kw["decks"], kw["dealer"]):
            game = services.game_join(user=opponent, code=game.invite_code)
        if status == GameStatus.FINISHED:
            if not kw["aborted"]:
                # Each player passes the first upcard, then plays enough turns for a
                # concession to count (fair play: an earlier one leaves the game unrated).
                for _ in range(2):
                    game = _pass_first_upcard(game, (creator, opponent))
                for _ in range(2 * settings.FAIRPLAY_EARLY_FORFEIT_DRAWS):
                    game = _draw_and_throw(game, (creator, opponent))
            loser = creator if kw["loser"] == 0 else opponent
            game = services.game_concede(game_id=game.pk, user=loser)
        return game


def _pass_first_upcard(game: Game, users: tuple[User, User]) -> Game:
    """The seat to act passes the first upcard (what every Gin Rummy round opens with)."""
    seat = game.turn_seat
    assert seat is not None
    outcome = services.game_apply_action(
        game_id=game.pk, user=users[seat], body={"type": "pass"}
    )
    return outcome.game


def _draw_and_throw(game: Game, users: tuple[User, User]) -> Game:
    """The seat to act draws from the stock and discards the card it drew: a turn that
    leaves the hand as it was and never ends the round."""
    seat = game.turn_seat
    assert seat is not None
    services.game_apply_action(game_id=game.pk, user=users[seat], body={"type": "draw_stock"})
    drawn = game.moves.order_by("-seq").values_list("card", flat=True).first()
    outcome = services.game_apply_action(
        game_id=game.pk, user=users[seat], body={"type": "discard", "card": drawn}
    )
    return outcome.game


# --- result rows for the leaderboards -------------------------------------------------------


class FinishedGameRowFactory(factory.django.DjangoModelFactory):
    """The row of a finished game, without play (leaderboard tests set results directly)."""

    class Meta:
        model = Game

    status = GameStatus.FINISHED
    opponent_type = "computer"
    difficulty = "hard"
    rules = factory.LazyFunction(dict)
    created_by = factory.SubFactory(UserFactory)
    winner_seat = 0
    finish_reason = "target"
    finished_at = factory.LazyFunction(timezone.now)
    started_at = factory.SelfAttribute("finished_at")


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(FinishedGameRowFactory)
    seat = 0
    user = factory.SubFactory(UserFactory)
    computer = ""


class GameResultFactory(factory.django.DjangoModelFactory):
    """One player's result row; opponent type, level and date follow the game."""

    class Meta:
        model = GameResult

    game = factory.SubFactory(FinishedGameRowFactory)
    user = factory.SubFactory(UserFactory)
    seat = 0
    opponent_type = factory.SelfAttribute("game.opponent_type")
    difficulty = factory.SelfAttribute("game.difficulty")
    opponent: User | None = None
    won = True
    reason = factory.SelfAttribute("game.finish_reason")
    total = 150
    opponent_total = 40
    weight = Decimal("1.00")
    hand_points = factory.LazyAttribute(lambda o: max(o.total - 100, 0))
    hands = 4
    hands_won = 2
    finished_at = factory.SelfAttribute("game.finished_at")
