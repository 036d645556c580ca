"""Applying one action to a locked game: the move, the snapshot, the version, the next
deal, and the end of the game. Used for players, the computer and the turn timer."""

from __future__ import annotations

from games.errors import at_version
from games.models import Game, Move
from games.services.results import game_finish
from games.services.rounds import game_deal_round
from games.variants import RulesError


def game_apply_locked(
    *, game: Game, seat: int, action: object, automatic: bool = False
) -> None:
    """Apply ``action`` for ``seat``: the variant validates it (its errors pass through
    with the game's version noted). The caller holds the game's lock."""
    variant = game.game_variant
    state = game.rules_state()
    try:
        new_state = variant.rules.apply_action(state, action, seat)
    except RulesError as exc:
        at_version(exc, game.version)
        raise
    round_number = game.round_number
    game.version += 1
    Move.objects.create(
        game=game,
        seq=game.version,
        round=round_number,
        seat=seat,
        action=variant.rules.action_to_json(action),
        card=variant.rules.drawn_card(state, action, new_state),
        automatic=automatic,
    )
    progress = variant.rules.progress(new_state)
    if progress.awaiting_deal:
        game_deal_round(
            game=game,
            deal=lambda deck, salt: variant.rules.deal_next_round(new_state, deck, salt),
        )
    else:
        game.set_rules_state(new_state)
    if progress.is_over:
        game_finish(game=game, state=new_state)
