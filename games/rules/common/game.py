"""The one typed interface every game's rules core implements (STYLE.md, "Layout").

A game is a sibling package under :mod:`games.rules` (``gin``, ``rummy`` ...) exposing
one object that satisfies :class:`GameRules` for its own state, action and view types.
The games app reaches a game only through this interface (by way of the registry in
:mod:`games.variants`), and holds states, actions and views as opaque values that it
passes back to the same game: it never names a phase or an action type.

Everything here is standard library only, like the cores themselves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from games.rules.common.errors import RulesError

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")

Json = Any
"""A JSON value as the standard library's ``json`` reads and writes it."""
JsonObject = dict[str, Json]


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a game stands, in the terms the server stores on the game row."""

    turn: int | None
    """The seat that must act now; ``None`` when nobody may."""
    is_over: bool
    awaiting_deal: bool
    """The round is over and the game goes on: the next round must be dealt."""
    round_number: int
    dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What one seat achieved in a finished game, for its result row and profile stats."""

    seat: int
    total: int
    """The seat's grand total (``final.totals``)."""
    hand_points: int
    """Sum of the round points the seat scored."""
    hands_won: int
    gins: int = 0
    big_gins: int = 0
    undercuts: int = 0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How a finished game ended, seat by seat (what the games app writes as results)."""

    winner: int
    reason: str
    """``target`` (or the game's own end), ``concede`` or ``timeout``."""
    hands: int
    """Rounds played."""
    seats: tuple[SeatRecord, ...]
    placement: tuple[int, ...] = ()
    """The seats from first place to last; empty means the winner first, then the others
    in seat order (two seats)."""

    def __post_init__(self) -> None:
        if not self.placement:
            others = tuple(r.seat for r in self.seats if r.seat != self.winner)
            object.__setattr__(self, "placement", (self.winner, *others))


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One create-time rule option, for validation messages and the API schema."""

    name: str
    default: Json
    low: int | None = None
    """An integer option's least value (``None`` for a flag or a choice)."""
    high: int | None = None
    nullable: bool = False
    """``null`` is a value too (e.g. Rummy's ``rounds``: no limit)."""
    choices: tuple[Json, ...] = ()
    """The values a choice option takes (e.g. a format's name)."""
    help: str = ""


@dataclass(frozen=True, slots=True)
class GameSchemas(Mapping[str, JsonObject]):
    """A game's JSON Schemas (OpenAPI 3.0 flavour), by component name, and which of them
    is which: the names the API publishes, so that ``$ref`` between them resolve in the
    published document's ``#/components/schemas``."""

    components: Mapping[str, JsonObject]
    """Every component the game's JSON uses, by name."""
    round: str
    """The ``round`` of the game's view."""
    round_result: str
    """One entry of ``rounds``."""
    final: str
    """The final settlement."""
    rules: str
    """The rule options."""
    actions: Mapping[str, str] = field(default_factory=dict)
    """The body of each action type."""

    def __getitem__(self, name: str) -> JsonObject:
        return self.components[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A step of a move log that is not a player's action: the server's record that a
    seat gave up (``concede``) or ran out of time three times (``timeout``)."""

    reason: str


class GameRules(Protocol[State, Action, View]):
    """One game's rules, as the server plays them: every member is required.

    Cards travel as their text (``"AS"``, ``"XX"``); decks are in dealing order
    (docs/api.md#fair-shuffle);
    ``salt`` is the round's secret salt (a game whose rules need it, e.g.
    for a verifiable reshuffle, keeps it in its state; the others ignore it).
    """

    action_types: tuple[str, ...]
    """The ``type`` of every action body this game takes."""
    error_codes: type[StrEnum]
    """This game's own machine codes (the codes every game shares are
    :class:`games.rules.common.errors.ErrorCode`)."""
    errors: tuple[type[RulesError], ...]
    """Every error class this game's rules may refuse an action with (shared and own), in
    the order the API lists their codes; :func:`games.rules.common.errors.http_status`
    gives each one's HTTP status."""
    options: tuple[RuleOption, ...]
    """The rule options, in the order ``rules_from_json`` returns them."""
    penalty_points: bool
    """Whether a seat's score counts against it (Indian Rummy's penalty points: the fewer
    the better) rather than for it."""
    schemas: GameSchemas
    """JSON Schemas (OpenAPI 3.0 flavour) of this game's JSON, by component name: its
    ``round`` view, round result, final settlement, rules and action bodies. They sit
    beside the codec that writes the JSON; the games app publishes them."""

    # --- rules and dealing ----------------------------------------------------------------

    def rules_from_json(self, data: object) -> JsonObject:
        """Every rule option, defaults filled, from a request's ``rules`` (any JSON value;
        ``None`` means the defaults); a ``ValidationError`` names each bad key."""
        ...

    def new_deck(self, rng: random.Random, rules: Mapping[str, Json]) -> list[str]:
        """A shuffled deck for a game of ``rules``, in dealing order."""
        ...

    def new_game(
        self, rules: Mapping[str, Json], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> State:
        """The state right after dealing round 1 from ``deck`` to ``seats`` seats
        (``dealer`` is the shuffler's draw; a game may have its own first dealer)."""
        ...

    def deal_next_round(self, state: State, deck: Sequence[str], salt: str) -> State:
        """The state after dealing the next round (when ``progress(state).awaiting_deal``)."""
        ...

    def progress(self, state: State) -> Progress: ...

    # --- actions --------------------------------------------------------------------------

    def action_from_json(self, data: object) -> Action:
        """An action from its API body; an ``InvalidInput`` (400) when malformed."""
        ...

    def action_to_json(self, action: Action) -> JsonObject:
        """The action as the move log stores it."""
        ...

    def apply_action(self, state: State, action: Action, seat: int) -> State:
        """The next state; a ``RulesError`` with its code when the action is refused."""
        ...

    def drawn_card(self, before: State, action: Action, after: State) -> str:
        """The card ``action`` drew (``before`` the state it was applied to, ``after`` the
        state it led to), else ``""``: the move log keeps it, hidden from other seats
        until the game ends unless :meth:`card_is_public`."""
        ...

    def card_is_public(self, action_json: Mapping[str, Json]) -> bool:
        """Whether the card a logged action drew may be shown to every seat."""
        ...

    def concede(self, state: State, seat: int, reason: str) -> State:
        """The state after ``seat`` gave up (``concede``) or forfeited on time."""
        ...

    def unseen_redealt(self, state: State, seat: int, rng: random.Random) -> State:
        """The same position with every card ``seat`` cannot see (the other hands, the
        stock) shuffled from ``rng`` among those places, each hand keeping its size: a
        world ``seat`` cannot tell from this one (its view is unchanged). Two states that
        look the same from ``seat`` give the same world for the same ``rng``."""
        ...

    # --- views and results ----------------------------------------------------------------

    def view_for(self, state: State, seat: int) -> View:
        """What ``seat`` may see (never another hand, never the stock order): what the
        computer playing the seat decides from."""
        ...

    def view_for_person(self, state: State, seat: int) -> View:
        """What the person who sat at ``seat`` may see: :meth:`view_for`, except that a
        person who left a game still going on sees no hand."""
        ...

    def view_to_json(self, view: View) -> JsonObject:
        """The game's part of the API's game view: ``scores``, ``round``, ``rounds``,
        ``final`` (the server adds the table's keys)."""
        ...

    def outcome(self, state: State) -> GameOutcome:
        """The settled game (only once ``progress(state).is_over``)."""
        ...

    def has_left(self, state: State, seat: int) -> bool:
        """Whether ``seat`` left a game that goes on without it (a computer plays there)."""
        ...

    def standings(self, state: State) -> tuple[int, ...]:
        """The seats from first place to last as the game stands now."""
        ...

    # --- storage --------------------------------------------------------------------------

    def state_to_json(self, state: State) -> JsonObject: ...

    def state_from_json(self, data: object) -> State:
        """The state from :meth:`state_to_json`'s JSON; a ``ValidationError`` when the
        stored value is malformed."""
        ...


ROUND_OVER = "round_over"
"""The phase of every game's round once it has its result (each game's
``Phase.ROUND_OVER``): the game is over, or awaits the next deal."""


class _PlayedRound(Protocol):
    @property
    def phase(self) -> str: ...

    @property
    def turn(self) -> int | None: ...


class Match:
    """What every game's state says the same way of where the game stands, from its
    ``final`` settlement and its round's ``phase`` and ``turn``: the base of each game's
    frozen ``GameState`` dataclass (whose fields those are)."""

    __slots__ = ()

    if TYPE_CHECKING:

        @property
        def final(self) -> object | None: ...

        @property
        def round(self) -> _PlayedRound: ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.final is not None

    @property
    def awaiting_deal(self) -> bool:
        """Whether the round is over and the game goes on: the next round must be dealt."""
        return self.final is None and self.round.phase == ROUND_OVER

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when nobody may act."""
        return None if self.final is not None else self.round.turn


class DealtRound(Protocol):
    """What every game's round says of its deal."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...


class MatchState(Protocol):
    """What every game's state says of where the game stands (what :func:`progress_of`
    reads)."""

    @property
    def turn(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def awaiting_deal(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def round(self) -> DealtRound: ...


def progress_of(state: MatchState) -> Progress:
    """A game state's :class:`Progress`."""
    return Progress(
        turn=state.turn,
        is_over=state.is_over,
        awaiting_deal=state.awaiting_deal,
        round_number=state.round.number,
        dealer=state.round.dealer,
        scores=tuple(state.scores),
    )


def replay(
    game: GameRules[State, Action, View],
    state: State,
    steps: Iterable[tuple[int, Action | Forfeit]],
    decks: Iterable[tuple[Sequence[str], str]],
) -> Iterator[State]:
    """The one fold of a move log: the state after each ``(seat, step)`` from ``state``
    on. A step is an action, or a :class:`Forfeit` (the server's move: it ends a game of
    two, and at larger tables the seat leaves and play goes on). Whenever a round ends and
    the game goes on, the next ``(deck, salt)`` of ``decks`` is dealt at once (as the
    server deals it); when none is left the state stays awaiting its deal."""
    remaining = iter(decks)
    for seat, step in steps:
        if isinstance(step, Forfeit):
            state = game.concede(state, seat, step.reason)
        else:
            state = game.apply_action(state, step, seat)
        if game.progress(state).awaiting_deal:
            deal = next(remaining, None)
            if deal is not None:
                state = game.deal_next_round(state, deal[0], deal[1])
        yield state
