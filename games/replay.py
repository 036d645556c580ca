"""Rebuild a game's state from its move log and deals (the move log is the source of truth)."""

from __future__ import annotations

from games import rules
from games.models import Game, GameRound, Move


def rebuild_state(game: Game, *, version: int | None = None) -> rules.GameState:
    """Fold the game's moves over its first deal, dealing each later round from its record.

    ``version`` stops after that many moves: the state as it was at that version.
    """
    deals = list(GameRound.objects.filter(game=game).order_by("number"))
    if not deals:
        raise ValueError("the game was never dealt")
    ruleset = rules.RuleSet.from_dict(game.rules)
    state = rules.new_game(ruleset, deals[0].dealer, deals[0].deck)
    next_deal = 1
    moves = Move.objects.filter(game=game).order_by("seq")
    if version is not None:
        moves = moves.filter(seq__lte=version)
    for move in moves:
        kind = move.action.get("type")
        if kind in ("concede", "timeout"):
            state = rules.concede(state, move.seat, kind)
            continue
        state = rules.apply_action(state, rules.action_from_json(move.action), move.seat)
        if state.awaiting_deal:
            deal = deals[next_deal]
            next_deal += 1
            state = rules.deal_next_round(state, deal.deck)
    return state


def replay_game(game: Game) -> str | None:
    """None when the replay gives the stored snapshot, else what differs."""
    try:
        replayed = rules.state_to_json(rebuild_state(game))
    except (rules.RulesError, ValueError, IndexError) as exc:
        return f"replay failed: {exc}"
    if replayed != game.state:
        keys = sorted(
            k for k in replayed.keys() | game.state.keys() if replayed.get(k) != game.state.get(k)
        )
        return "snapshot differs in " + ", ".join(keys)
    expected_version = Move.objects.filter(game=game).count()
    if game.version < expected_version:
        return f"version {game.version} is behind the move log ({expected_version} moves)"
    return None
