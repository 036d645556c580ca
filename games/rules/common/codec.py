"""The JSON every game's codec shares: the action envelope and its card and meld fields,
the game view's outline, the bound on stored numbers, and the strict readers of a stored
state."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from games.rules.common.cards import JOKER_INDEX, AnyCard
from games.rules.common.errors import (
    FEW,
    InvalidCard,
    RulesError,
    ValidationError,
    brief_list,
    brief_repr,
    brief_text,
)
from games.rules.common.game import JsonObject
from games.rules.common.results import FinalResult, Settlement
from games.rules.common.view import SeatView

C = TypeVar("C")
T = TypeVar("T")
RoundT = TypeVar("RoundT")
ResultT = TypeVar("ResultT")
FinalT = TypeVar("FinalT")

MAX_INT = 2**31 - 1
"""The largest number a stored state (or a meld id) may hold: every stored number is a count."""


class JsonReader:
    """Strict readers of a stored state's values: any malformed value raises
    ``ValueError`` (each codec turns it into a ``validation_error``)."""

    @staticmethod
    def obj(value: object, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise ValueError(f"{where} must be an object")
        return value

    @staticmethod
    def list_(value: object, where: str) -> Sequence[Any]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where} must be a list")
        return value

    @staticmethod
    def int_(value: object, where: str, low: int = 0) -> int:
        # every stored number is a count, or (with low) a signed score
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_INT:
            raise ValueError(f"{where} must be an integer from {low} to {MAX_INT}")
        return value

    @staticmethod
    def bool_(value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be a boolean")
        return value


class SeatReader(JsonReader, Generic[C]):
    """Strict readers of a stored state at a table of ``seats`` seats: cards read by
    ``parse_card``, seats, and numbers one per seat that are at least ``low`` (counts,
    or with a negative ``low`` signed scores). Any malformed value raises
    ``ValueError``."""

    def __init__(self, seats: int, parse_card: Callable[[object], C], *, low: int = 0) -> None:
        self.seats = seats
        self._parse_card = parse_card
        self._low = low

    def cards(self, value: object, where: str) -> tuple[C, ...]:
        return tuple(self._parse_card(item) for item in self.list_(value, where))

    def opt_card(self, value: object) -> C | None:
        return None if value is None else self._parse_card(value)

    def seat(self, value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.seats:
            raise ValueError(f"{where} must be a seat from 0 to {self.seats - 1}")
        return value

    def opt_seat(self, value: object, where: str) -> int | None:
        return None if value is None else self.seat(value, where)

    def one_per_seat(self, value: object, where: str) -> Sequence[Any]:
        items = self.list_(value, where)
        if len(items) != self.seats:
            raise ValueError(f"{where} must have one entry per seat")
        return items

    def per_seat(self, value: object, where: str) -> tuple[int, ...]:
        return tuple(self.int_(item, where, self._low) for item in self.one_per_seat(value, where))

    def seat_list(self, value: object, where: str) -> tuple[int, ...]:
        seats = tuple(self.seat(item, where) for item in self.list_(value, where))
        if len(set(seats)) != len(seats):
            raise ValueError(f"{where} names a seat twice")
        return seats

    def in_seat_order(self, items: Sequence[Any], where: str) -> Iterator[Mapping[str, Any]]:
        """Each of ``items``, objects each naming its ``seat``: seat 0's first, then the
        next seat's, and so on."""
        for seat, item in enumerate(items):
            entry = self.obj(item, where)
            if self.seat(entry["seat"], f"{where} seat") != seat:
                raise ValueError(f"{where}s must be in seat order")
            yield entry


def read_action_type(
    data: object, action_keys: Mapping[str, frozenset[str]], action_types: Sequence[str]
) -> tuple[str, Mapping[Any, Any]]:
    """The ``type`` of an action body and the body, once it is an object with a known
    type and no key its type does not take; else a
    :class:`~games.rules.common.errors.ValidationError` with ``fields``.

    ``action_keys`` gives each type's own keys; a key of another type is accepted when
    ``null``, any other key never is. ``action_types`` is the order the message lists.

    >>> keys = {"pass": frozenset(), "discard": frozenset({"card"})}
    >>> read_action_type({"type": "pass", "card": None}, keys, ["pass", "discard"])
    ('pass', {'type': 'pass', 'card': None})
    >>> read_action_type({"type": "pass", 10**5000: 1}, keys, ["pass", "discard"])
    Traceback (most recent call last):
    ...
    games.rules.common.errors.ValidationError: A pass action does not take an int.
    """
    if not isinstance(data, Mapping):
        raise ValidationError(
            "An action must be a JSON object.", {"non_field_errors": ["Expected an object."]}
        )
    kind = data.get("type")
    if kind is None:
        raise ValidationError("The action has no type.", {"type": ["This field is required."]})
    if not isinstance(kind, str) or kind not in action_keys:
        expected = ", ".join(action_types)
        raise ValidationError(
            f"Unknown action type {brief_repr(kind)}; expected one of {expected}.",
            {"type": [f"Must be one of {expected}."]},
        )
    allowed = action_keys[kind]
    any_key = frozenset().union(*action_keys.values())
    extra = sorted(
        brief_text(key) if isinstance(key, str) else brief_repr(key)
        for key, value in data.items()
        if key != "type" and key not in allowed and (value is not None or key not in any_key)
    )
    if extra:
        # a body may hold any number of keys: the answer names a few
        raise ValidationError(
            f"A {kind} action does not take {brief_list(extra, sep=', ')}.",
            {key: [f"Not a field of a {kind} action."] for key in extra[:FEW]},
        )
    return kind, data


def read_action_body(
    data: object,
    action_keys: Mapping[str, frozenset[str]],
    action_types: Sequence[str],
    required: Mapping[str, Sequence[str]],
) -> tuple[str, Mapping[Any, Any]]:
    """:func:`read_action_type`, then the keys ``required`` lists for that type, each
    present and not ``null``; else one ``ValidationError`` naming every one missing.

    >>> keys = {"pass": frozenset(), "discard": frozenset({"card"})}
    >>> read_action_body({"type": "discard"}, keys, ["pass", "discard"], {"discard": ["card"]})
    Traceback (most recent call last):
    ...
    games.rules.common.errors.ValidationError: A discard action needs card.
    """
    kind, body = read_action_type(data, action_keys, action_types)
    missing = {
        key: ["This field is required."] for key in required.get(kind, ()) if body.get(key) is None
    }
    if missing:
        raise ValidationError(f"A {kind} action needs {', '.join(sorted(missing))}.", missing)
    return kind, body


def card_field(value: object, field: str, parse: Callable[[object], C]) -> C:
    """The card ``parse`` reads from a body's ``field``; an ``InvalidCard`` naming the
    field when it is not one."""
    try:
        return parse(value)
    except InvalidCard as error:
        raise InvalidCard(error.detail, {field: [error.detail]}) from error


def check_card_lists(value: object, field: str, noun: str, most: int, most_cards: int) -> None:
    """Refuse a body's list of card lists (``melds``, ``groups``) longer than ``most``,
    or holding a list of more than ``most_cards``, with a ``ValidationError`` naming
    ``field``: the bounds a hand sets (a meld of more cards than a hand holds is never
    one), checked before any card is read. Anything else passes (its shape is checked
    after).

    >>> try:
    ...     check_card_lists([["AS"] * 300_000], "groups", "group", 13, 13)
    ... except ValidationError as error:
    ...     print(error.detail)
    groups: A group has at most 13 cards; group 1 has 300000.
    """
    if not isinstance(value, list | tuple):
        return
    if len(value) > most:
        raise ValidationError(
            f"{field}: At most {most} {noun}s, not {len(value)}.",
            {field: [f"At most {most} {noun}s."]},
        )
    for number, cards in enumerate(value, start=1):
        if isinstance(cards, list | tuple) and len(cards) > most_cards:
            raise ValidationError(
                f"{field}: A {noun} has at most {most_cards} cards; {noun} {number} has "
                f"{len(cards)}.",
                {field: [f"Each {noun} has at most {most_cards} cards."]},
            )


def melds_field(
    value: object,
    parse: Callable[[object], C],
    *,
    most: int,
    most_cards: int,
    non_empty: bool = False,
) -> tuple[tuple[C, ...], ...]:
    """A body's ``melds``: a list of at most ``most`` card lists of at most
    ``most_cards`` cards each (:func:`check_card_lists`; at least one list with
    ``non_empty``), only checked for shape; the engine checks that they are melds."""
    check_card_lists(value, "melds", "meld", most, most_cards)
    message = f"Must be a {'non-empty ' if non_empty else ''}list of melds, each a list of cards."
    if not isinstance(value, list | tuple) or (non_empty and not value):
        raise ValidationError(f"melds: {message}", {"melds": [message]})
    out = []
    for meld in value:
        if not isinstance(meld, list | tuple):
            raise ValidationError(f"melds: {message}", {"melds": [message]})
        out.append(tuple(card_field(card, "melds", parse) for card in meld))
    return tuple(out)


def game_view_to_json(
    view: SeatView[Any, RoundT, ResultT, FinalT],
    round_to_json: Callable[[RoundT], JsonObject],
    result_to_json: Callable[[ResultT], JsonObject],
    final_to_json: Callable[[FinalT | None], JsonObject | None],
) -> JsonObject:
    """The rules' part of the API's game view, every game's: ``scores``, ``round`` (the
    round as the seat sees it; ``None`` once the game is over), ``rounds`` (the finished
    rounds' results) and ``final`` (``None`` while the game goes on), each part written
    by the game's own writer."""
    return {
        "scores": list(view.scores),
        "round": None if view.final is not None else round_to_json(view.round),
        "rounds": [result_to_json(result) for result in view.rounds],
        "final": final_to_json(view.final),
    }


def settlement_to_json(final: Settlement) -> JsonObject:
    """What every game's final result says first: ``{winner, reason, totals}``."""
    return {"winner": final.winner, "reason": final.reason, "totals": list(final.totals)}


def final_to_json(final: FinalResult | None) -> JsonObject | None:
    """A game of places' final result: ``{winner, reason, totals, placement}``
    (``None`` while the game goes on)."""
    if final is None:
        return None
    return {**settlement_to_json(final), "placement": list(final.placement)}


def final_from_json(
    data: object, r: SeatReader[Any], reasons: Collection[str]
) -> FinalResult | None:
    """The :func:`final_to_json` of a stored state, whose ``reason`` is one of
    ``reasons``; ``ValueError`` when it is malformed."""
    if data is None:
        return None
    obj = r.obj(data, "final")
    reason = obj["reason"]
    if reason not in reasons:
        raise ValueError("unknown final reason")
    placement = r.seat_list(obj["placement"], "placement")
    if sorted(placement) != list(range(r.seats)):
        raise ValueError("placement must list every seat once")
    winner = r.seat(obj["winner"], "winner")
    if winner != placement[0]:
        raise ValueError("the winner is placed first")
    return FinalResult(
        winner=winner,
        reason=reason,
        totals=r.per_seat(obj["totals"], "totals"),
        placement=placement,
    )


class _Meld(Protocol):
    @property
    def cards(self) -> Sequence[AnyCard]: ...


class MeldedRound(Protocol):
    """A round whose cards lie in the hands, the stock, the discard pile and the melds on
    the table (Rummy's, Rummy 500's)."""

    @property
    def hands(self) -> Sequence[Sequence[AnyCard]]: ...
    @property
    def stock(self) -> Sequence[AnyCard]: ...
    @property
    def discard_pile(self) -> Sequence[AnyCard]: ...
    @property
    def table(self) -> Sequence[_Meld]: ...


def check_round_deck(rnd: MeldedRound, *, copies: int, jokers: int) -> None:
    """``ValueError`` unless the stored round ``rnd`` holds, wherever its cards lie, each of
    the 52 natural cards ``copies`` times and ``jokers`` jokers, and nothing else."""
    counts = [0] * (JOKER_INDEX + 1)
    for cards in (*rnd.hands, rnd.stock, rnd.discard_pile, *(meld.cards for meld in rnd.table)):
        for card in cards:
            counts[card.index] += 1
    if counts != [copies] * JOKER_INDEX + [jokers]:
        raise ValueError("the round's cards are not the whole deck")


def check_format(obj: Mapping[str, Any], version: int) -> None:
    """Refuse a stored state of another ``format_version`` than ``version`` (a future
    format bumps the number and adds a migration)."""
    found = obj.get("format_version")
    if found != version or isinstance(found, bool):
        raise ValueError(f"unsupported format_version {brief_repr(found)} (expected {version})")


def read_state_header(
    data: object, version: int, variant: str, seats: Collection[int], seats_text: str
) -> tuple[Mapping[str, Any], int]:
    """A stored state's object and its seat count, once its ``format_version`` is
    ``version`` (:func:`check_format`), its ``variant`` is ``variant`` and its ``seats``
    one of ``seats``; else ``ValueError`` (``seats_text`` says which counts are
    allowed)."""
    obj = JsonReader.obj(data, "state")
    check_format(obj, version)
    if obj.get("variant") != variant:
        raise ValueError(f"variant must be {variant!r}")
    count = obj["seats"]
    if isinstance(count, bool) or count not in seats:
        raise ValueError(f"seats must be {seats_text}")
    return obj, count


def read_stored(read: Callable[[], T]) -> T:
    """``read()``, a stored state's reader, with anything malformed in the stored JSON
    turned into one ``ValidationError`` naming ``state``."""
    try:
        return read()
    except RulesError as error:
        raise ValidationError(
            f"Stored game state is invalid: {error.detail}", {"state": [error.detail]}
        ) from error
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        RecursionError,
        OverflowError,
    ) as error:
        detail = f"missing key {error}" if isinstance(error, KeyError) else str(error)
        raise ValidationError(
            f"Stored game state is invalid: {detail}.", {"state": [detail]}
        ) from error
