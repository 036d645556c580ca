"""The part of a game's :class:`~games.rules.common.game.GameRules` that is the same for
every game: handing values to the game's engine and codec modules.

A game's ``game`` module subclasses :class:`RulesCore` with its engine and codec (any
module with the functions of :class:`Engine` and :class:`Codec`) and writes only what its
rules make different: ``new_deck``, ``new_game`` and ``outcome`` (and
``view_for_person`` where a person who left may see less than the seat).

Its state is a dataclass whose ``rounds`` field holds the finished rounds' results, which
its codec writes under the state's ``rounds`` key (:mod:`games.rules.common.storage`: the
server keeps them apart from the snapshot), and whose round has a ``stock`` drawn from
its start and a ``discard_pile`` taken from its end (:class:`TableState`), so the card a
draw took is found here once for every game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from games.rules.common.actions import DrawDiscard, DrawStock, draw_is_public
from games.rules.common.game import (
    DealtRound,
    GameSchemas,
    Json,
    JsonObject,
    MatchState,
    Progress,
    RuleOption,
    progress_of,
)
from games.rules.common.options import options_from_dict
from games.rules.common.storage import dataclass_rounds, dataclass_with_rounds

if TYPE_CHECKING:
    from games.rules.common.errors import RulesError



class TableRound(DealtRound, Protocol):
    """A round dealt to a stock and a discard pile."""

    @property
    def stock(self) -> Sequence[object]:
        """The stock, the next card first."""
        ...

    @property
    def discard_pile(self) -> Sequence[object]:
        """The face-up discards, the top card last."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[object]]:
        """Each seat's hand."""
        ...


class TableState(MatchState, Protocol):
    """A game state whose round is a :class:`TableRound`."""

    @property
    def round(self) -> TableRound: ...

    @property
    def left(self) -> tuple[int, ...]:
        """The seats that left a game that goes on without them, in order."""
        ...


State = TypeVar("State", bound=TableState)
Action = TypeVar("Action")
View = TypeVar("View")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
_Action_in = TypeVar("_Action_in", contravariant=True)
_View_in = TypeVar("_View_in", contravariant=True)
_Action_out = TypeVar("_Action_out", covariant=True)
_View_out = TypeVar("_View_out", covariant=True)


class Engine(Protocol[StateT, _Action_in, _View_out]):
    """What a game's engine module provides."""

    __name__: str

    def deal_next_round(self, state: StateT, deck: Sequence[str], salt: str) -> StateT:
        """The next round dealt from ``deck`` with its secret ``salt`` (a game whose
        rules order anything by it, e.g. a reshuffle, keeps it; the others ignore it)."""
        ...

    def apply_action(self, state: StateT, action: _Action_in, seat: int) -> StateT: ...

    def concede(self, state: StateT, seat: int, reason: str = ...) -> StateT: ...

    def view_for(self, state: StateT, seat: int) -> _View_out: ...

    def placement(self, state: StateT) -> tuple[int, ...]:
        """The seats from first place to last as the game stands."""
        ...


class Codec(Protocol[StateT, ActionT, _View_in]):
    """What a game's codec module provides."""

    __name__: str

    def action_from_json(self, data: object) -> ActionT: ...

    def action_to_json(self, action: ActionT) -> JsonObject: ...

    def view_to_json(self, view: _View_in) -> JsonObject: ...

    def state_to_json(self, state: StateT) -> JsonObject: ...

    def state_from_json(self, data: object) -> StateT: ...


class RulesCore(Generic[State, Action, View]):
    """Every member of :class:`~games.rules.common.game.GameRules` that only hands its
    values to the game's engine and codec; a subclass sets the class attributes and
    writes the rest."""

    action_types: tuple[str, ...]
    error_codes: type[StrEnum]
    errors: tuple[type[RulesError], ...]
    options: tuple[RuleOption, ...]
    schemas: GameSchemas
    penalty_points: bool = False

    def __init__(self, engine: Engine[State, Action, View], codec: Codec[State, Action, View]):
        self._engine = engine
        self._codec = codec

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled by the names of its modules (the simulator's workers receive it)."""
        return _restore, (type(self), self._engine.__name__, self._codec.__name__)

    # --- rules and dealing ----------------------------------------------------------------

    def rules_from_json(self, data: object) -> JsonObject:
        return options_from_dict(data, self.options)

    def deal_next_round(self, state: State, deck: Sequence[str], salt: str) -> State:
        return self._engine.deal_next_round(state, deck, salt)

    def progress(self, state: State) -> Progress:
        return progress_of(state)

    # --- actions --------------------------------------------------------------------------

    def action_from_json(self, data: object) -> Action:
        return self._codec.action_from_json(data)

    def action_to_json(self, action: Action) -> JsonObject:
        return self._codec.action_to_json(action)

    def apply_action(self, state: State, action: Action, seat: int) -> State:
        return self._engine.apply_action(state, action, seat)

    def drawn_card(self, before: State, action: Action, after: State) -> str:
        """The card a draw took: the stock's top card, or the discard pile's."""
        rnd = before.round
        if isinstance(action, DrawStock) and rnd.stock:
            return str(rnd.stock[0])
        if isinstance(action, DrawDiscard) and rnd.discard_pile:
            return str(rnd.discard_pile[-1])
        return ""

    def card_is_public(self, action_json: Mapping[str, Json]) -> bool:
        return draw_is_public(action_json)

    def concede(self, state: State, seat: int, reason: str) -> State:
        return self._engine.concede(state, seat, reason)

    def unseen_redealt(self, state: State, seat: int, rng: random.Random) -> State:
        """Every other hand and the stock dealt anew from the cards they hold together,
        put in order by their text before the shuffle (so the world depends on what the
        seat sees and ``rng``, not on where the unseen cards lay)."""
        rnd = state.round
        hands = list(rnd.hands)
        others = [other for other in range(len(hands)) if other != seat]
        unseen = [card for other in others for card in hands[other]]
        unseen = sorted([*unseen, *rnd.stock], key=str)
        rng.shuffle(unseen)
        at = 0
        for other in others:
            size = len(hands[other])
            hands[other] = tuple(unseen[at : at + size])
            at += size
        dealt = dataclasses.replace(  # type: ignore[type-var]
            rnd, hands=tuple(hands), stock=tuple(unseen[at:])
        )
        return dataclasses.replace(state, round=dealt)  # type: ignore[type-var]

    # --- views and results ----------------------------------------------------------------

    def view_for(self, state: State, seat: int) -> View:
        return self._engine.view_for(state, seat)

    def view_for_person(self, state: State, seat: int) -> View:
        """:meth:`view_for`: in a game where nobody leaves, a person sees what the seat
        sees."""
        return self.view_for(state, seat)

    def view_to_json(self, view: View) -> JsonObject:
        return self._codec.view_to_json(view)

    def has_left(self, state: State, seat: int) -> bool:
        """Whether ``seat`` is among the state's ``left`` (never, in a game where a
        concession ends the game)."""
        return seat in state.left

    def standings(self, state: State) -> tuple[int, ...]:
        return self._engine.placement(state)

    # --- storage --------------------------------------------------------------------------

    def state_to_json(self, state: State) -> JsonObject:
        return self._codec.state_to_json(state)

    def state_from_json(self, data: object) -> State:
        return self._codec.state_from_json(data)

    def state_rounds(self, state: State) -> tuple[Any, ...]:
        """The finished rounds' results (:class:`~games.rules.common.storage.RoundsApart`:
        the server stores them apart from the state it plays on)."""
        return dataclass_rounds(state)

    def state_with_rounds(self, state: State, rounds: Sequence[Any]) -> State:
        return dataclass_with_rounds(state, rounds)


def _restore(kind: type[RulesCore[Any, Any, Any]], engine: str, codec: str) -> object:
    return kind(import_module(engine), import_module(codec))
