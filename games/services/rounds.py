"""Dealing: the first round when a game starts, the next one when a round ends."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils import timezone

from games import dealing
from games.models import Game, GameRound, GameStatus


def game_deal_round(*, game: Game, deal: Callable[[Sequence[str], str], object]) -> None:
    """Deal the next deck and its salt (:func:`games.dealing.shuffler`, or the deal the
    game fixed ahead for this round: :func:`games.dealing.planned_deal`) with ``deal``, and
    record the deck with its commitment and the state right after the deal (event streams
    that catch up replay from there: one round, not the whole game). The caller holds the
    game's lock, or created the game in this transaction."""
    source = dealing.shuffler()
    variant = game.game_variant
    planned = dealing.planned_deal(game.planned_deals, game.round_number)
    if planned is not None:
        deck, salt = planned
    else:
        deck = source.deck(variant, game.rules)
        salt = source.salt()
    state = deal(deck, salt)
    game.set_rules_state(state)
    GameRound.objects.create(
        game=game,
        number=game.round_number,
        dealer=variant.rules.progress(state).dealer,
        deck=deck,
        salt=salt,
        commitment=dealing.deck_commitment(salt, deck),
        start_version=game.version,
        start_state=game.state,
    )


def game_start(*, game: Game, dealer: int | None = None) -> None:
    """Deal the first round (``dealer`` deals, else one drawn at random) and make the game
    active. The caller holds the game's lock, or created the game in this transaction."""
    variant = game.game_variant
    if dealer is None:
        dealer = dealing.shuffler().first_dealer(game.seat_count)
    game_deal_round(
        game=game,
        deal=lambda deck, salt: variant.rules.new_game(
            game.rules, seats=game.seat_count, dealer=dealer, deck=deck, salt=salt
        ),
    )
    game.status = GameStatus.ACTIVE
    game.started_at = timezone.now()
