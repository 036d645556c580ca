"""Applying one action to a locked game: the move, the snapshot, the version, the next
deal, and the end of the game. Used for players, the computer and the turn timer."""

from __future__ import annotations

from games.errors import at_version
from games.models import Game, Move
from games.services.results import game_finish
from games.services.rounds import game_deal_round
from games.variants import VariantAction


def game_apply_locked(
    *, game: Game, seat: int, action: VariantAction, automatic: bool = False
) -> None:
    """Apply ``action`` for ``seat``: the variant validates it (its errors pass through
    with the game's version noted). The caller holds the game's lock."""
    variant = game.game_variant
    state = game.rules_state()
    try:
        new_state = variant.apply_action(state, action, seat)
    except variant.error_type as exc:
        at_version(exc, game.version)
        raise
    round_number = game.round_number
    game.version += 1
    Move.objects.create(
        game=game,
        seq=game.version,
        round=round_number,
        seat=seat,
        action=variant.action_to_json(action),
        card=variant.drawn_card(new_state, action, before=state),
        automatic=automatic,
    )
    progress = variant.progress(new_state)
    if progress.awaiting_deal:
        game_deal_round(game=game, deal=lambda deck: variant.deal_next_round(new_state, deck))
    else:
        game.set_rules_state(new_state)
    if progress.is_over:
        game_finish(game=game, state=new_state)
