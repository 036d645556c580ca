"""What the rules tests of every game check of a refusal: the code an action is refused
with, and the oracles' own order of the checks every action goes through first."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from games.rules.common.errors import RulesError


def refusal_code(
    apply_action: Callable[[Any, Any, int], Any],
    is_legal: Callable[[Any, Any, int], bool],
    errors_by_code: Mapping[str, type[RulesError]],
    state: Any,
    action: Any,
    seat: int = 0,
) -> str:
    """The code ``apply_action`` refuses ``action`` by ``seat`` with: raised as the error
    class of that code, with a detail, and ``is_legal`` says no too."""
    with pytest.raises(RulesError) as caught:
        apply_action(state, action, seat)
    error = caught.value
    assert type(error) is errors_by_code[error.code]
    assert error.detail and str(error) == error.detail
    assert not is_legal(state, action, seat)
    return str(error.code)


def expected_turn_code(state: Any, seat: int) -> str | None:
    """The oracle of the checks every action goes through first, in the documented order
    (docs/api.md): the game is over (``game_not_active``), the round is over before the next deal
    (``wrong_phase``), another seat's turn (``not_your_turn``); ``None`` when the seat
    may act."""
    rnd = state.round
    if state.is_over:
        return "game_not_active"
    if rnd.phase == "round_over":
        return "wrong_phase"
    if rnd.turn != seat:
        return "not_your_turn"
    return None
