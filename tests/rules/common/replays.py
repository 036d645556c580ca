"""Replaying a move log through the one fold every game shares, for the rules tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.common.game import Forfeit, GameRules, replay


def replayed(
    game: GameRules,
    first: object,
    steps: Iterable[tuple[int, object]],
    decks: Sequence[Sequence[object]],
) -> object:
    """The state after every ``(seat, step)`` of a log from ``first`` (round 1 as dealt),
    each later round dealt from the next of ``decks`` as soon as it is due, as the server
    deals it; a step may be a :class:`~games.rules.common.game.Forfeit`."""
    state = first
    for state in replay(game, first, steps, [(deck, "") for deck in decks]):  # noqa: B007
        pass
    return state


__all__ = ["Forfeit", "replayed"]
