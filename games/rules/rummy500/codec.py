"""Rummy 500 JSON forms: actions (docs/games/rummy500.md bodies), the API view, results, and
the stored state.

Cards are written as upper-case strings (``"7H"``, ``"XX"``) and read case-insensitively.
The stored state carries ``"format_version"`` (:data:`STATE_FORMAT_VERSION`) and
``"variant": "rummy500"``; :func:`state_from_json` refuses anything else, and any
malformed content, with a :class:`~games.rules.common.errors.ValidationError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.common.cards import opt_card_text
from games.rules.common.codec import (
    MAX_INT,
    SeatReader,
    card_field,
    check_format,
    check_round_deck,
    final_from_json,
    final_to_json,
    game_view_to_json,
    melds_field,
    read_action_type,
    read_stored,
)
from games.rules.common.errors import ValidationError, brief_repr
from games.rules.rummy500.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    Meld,
)
from games.rules.rummy500.cards import AnyCard, card_texts, parse_card
from games.rules.rummy500.engine import table_points
from games.rules.rummy500.melds import End, MeldKind, TableMeld, table_meld
from games.rules.rummy500.ruleset import RuleSet
from games.rules.rummy500.state import (
    GameState,
    HandResult,
    LegalAction,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
)

STATE_FORMAT_VERSION = 1
"""Version of the stored-state JSON written by :func:`state_to_json`."""
VARIANT = "rummy500"
"""The ``variant`` key of a stored Rummy 500 state."""

_ACTION_KEYS: dict[str, frozenset[str]] = {
    DrawStock.type: frozenset(),
    DrawDiscard.type: frozenset({"card"}),
    Meld.type: frozenset({"melds"}),
    Layoff.type: frozenset({"card", "meld", "end"}),
    Discard.type: frozenset({"card"}),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    Meld.type: ("melds",),
    Layoff.type: ("card", "meld"),
    Discard.type: ("card",),
}
FINAL_REASONS = ("target", "rounds", "concede", "timeout")
"""The reasons a game ends."""
MAX_MELDS = 4
"""The most melds one ``meld`` body may put down (as in Rummy; more go down in a second
``meld``)."""
MAX_MELD_CARDS = 14
"""The most cards one written meld may list, as in Rummy (a run holds 13 at most: the
engine refuses a longer one)."""


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


def _meld_id_field(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INT:
        message = "Must be a table meld id (an integer from 0)."
        raise ValidationError(f"meld: {message} Not {brief_repr(value)}.", {"meld": [message]})
    return value


def _end_field(value: object) -> End | None:
    if value is None:
        return None
    if isinstance(value, str) and value.lower() in ("low", "high"):
        return End(value.lower())
    message = "Must be low or high."
    raise ValidationError(f"end: {message} Not {brief_repr(value)}.", {"end": [message]})


def action_from_json(data: object) -> Action:
    """An action from its JSON body (``{"type": "draw_discard", "card": "7h"}``).

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for a bad card
    string and :class:`~games.rules.common.errors.ValidationError` (``validation_error``) for
    any other bad shape; never another exception. Keys of another action type are
    accepted when ``null``. Melds are only checked for shape here.

    >>> action_from_json({"type": "draw_discard", "card": "7h"})
    DrawDiscard(card=Card.parse('7H'))
    >>> action_from_json({"type": "layoff", "card": "xx", "meld": 0, "end": "high"})
    Layoff(card=JOKER, meld=0, end=<End.HIGH: 'high'>)
    """
    kind, data = read_action_type(data, _ACTION_KEYS, ACTION_TYPES)
    missing = {
        key: ["This field is required."] for key in _REQUIRED.get(kind, ()) if data.get(key) is None
    }
    if missing:
        raise ValidationError(f"A {kind} action needs {', '.join(sorted(missing))}.", missing)
    if kind == DrawStock.type:
        return DrawStock()
    if kind == DrawDiscard.type:
        named = data.get("card")
        return DrawDiscard(None if named is None else card_field(named, "card", parse_card))
    if kind == Meld.type:
        melds = melds_field(
            data["melds"], parse_card, most=MAX_MELDS, most_cards=MAX_MELD_CARDS, non_empty=True
        )
        return Meld(melds)
    card = card_field(data["card"], "card", parse_card)
    if kind == Discard.type:
        return Discard(card)
    return Layoff(card, _meld_id_field(data["meld"]), _end_field(data.get("end")))


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON body of an action (cards upper case; ``end`` and a draw's ``card`` only
    when given)."""
    out: dict[str, Any] = {"type": action.type}
    if isinstance(action, DrawDiscard) and action.card is not None:
        out["card"] = str(action.card)
    if isinstance(action, Meld):
        out["melds"] = [card_texts(meld) for meld in action.melds]
    if isinstance(action, Layoff | Discard):
        out["card"] = str(action.card)
    if isinstance(action, Layoff):
        out["meld"] = action.meld
        if action.end is not None:
            out["end"] = str(action.end)
    return out


# --------------------------------------------------------------------------------------
# Views and results
# --------------------------------------------------------------------------------------


def table_meld_to_json(meld: TableMeld) -> dict[str, Any]:
    """``{id, owner, kind, cards, laid_by, rank | stands_for}`` (docs/games/rummy500.md)."""
    out: dict[str, Any] = {
        "id": meld.id,
        "owner": meld.owner,
        "kind": str(meld.kind),
        "cards": card_texts(meld.cards),
        "laid_by": list(meld.laid_by),
    }
    if meld.kind is MeldKind.SET:
        out["rank"] = meld.rank_text
    else:
        out["stands_for"] = card_texts(meld.stands_for)
    return out


def legal_action_to_json(entry: LegalAction) -> dict[str, Any]:
    """``{"type"}``, with ``"cards"`` for draw_discard and discard and ``"options"``
    (``[{card, meld, end?}]``) for layoff."""
    out: dict[str, Any] = {"type": entry.type}
    if entry.cards is not None:
        out["cards"] = card_texts(entry.cards)
    if entry.options is not None:
        options = []
        for option in entry.options:
            item: dict[str, Any] = {"card": str(option.card), "meld": option.meld}
            if option.end is not None:
                item["end"] = str(option.end)
            options.append(item)
        out["options"] = options
    return out


def round_view_to_json(view: RoundView) -> dict[str, Any]:
    """The ``round`` object of the API view (the server adds ``deck_commitment`` and
    ``turn_deadline``)."""
    return {
        "number": view.number,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": card_texts(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "discard_pile": card_texts(view.discard_pile),
        "picked_card": opt_card_text(view.picked_card),
        "table": [table_meld_to_json(meld) for meld in view.table],
        "table_points": list(view.table_points),
        "legal_actions": [legal_action_to_json(entry) for entry in view.legal_actions],
    }


def round_result_to_json(result: RoundResult) -> dict[str, Any]:
    """A round result (the server adds ``deck_commitment``, ``deck``, ``salt``)."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "outcome": str(result.outcome),
        "went_out": result.went_out,
        "table_points": list(result.table_points),
        "hand_points": list(result.hand_points),
        "points": list(result.points),
        "scores_after": list(result.scores_after),
        "hands": [
            {"seat": hand.seat, "cards": card_texts(hand.cards), "value": hand.value}
            for hand in result.hands
        ],
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The rules part of the API's game view: ``scores``, ``round`` (``None`` once the
    game is over), ``rounds``, ``final``."""
    return game_view_to_json(view, round_view_to_json, round_result_to_json, final_to_json)


def deck_to_json(deck: Sequence[AnyCard]) -> list[str]:
    """A deck in dealing order as card strings (``XX`` for a joker)."""
    return card_texts(deck)


# --------------------------------------------------------------------------------------
# The stored state
# --------------------------------------------------------------------------------------


def _round_state_to_json(rnd: RoundState) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "hands": [card_texts(hand) for hand in rnd.hands],
        "stock": card_texts(rnd.stock),
        "discard_pile": card_texts(rnd.discard_pile),
        "table": [
            {
                "owner": meld.owner,
                "kind": str(meld.kind),
                "cards": card_texts(meld.cards),
                "laid_by": list(meld.laid_by),
            }
            for meld in rnd.table
        ],
        "phase": str(rnd.phase),
        "turn": rnd.turn,
        "drawn_from_discard": opt_card_text(rnd.drawn_from_discard),
        "picked_card": opt_card_text(rnd.picked_card),
    }


def state_to_json(state: GameState) -> dict[str, Any]:
    """The whole game state as JSON (hidden cards included: for storage only, never for a
    player)."""
    return {
        "format_version": STATE_FORMAT_VERSION,
        "variant": VARIANT,
        "rules": state.rules.to_dict(),
        "seats": state.seats,
        "scores": list(state.scores),
        "left": list(state.left),
        "round": _round_state_to_json(state.round),
        "rounds": [round_result_to_json(result) for result in state.rounds],
        "final": final_to_json(state.final),
    }


_Reader = SeatReader[AnyCard]


def _round_state_from_json(data: object, r: _Reader, rules: RuleSet) -> RoundState:
    obj = r.obj(data, "round")
    hands = r.list_(obj["hands"], "round hands")
    if len(hands) != r.seats:
        raise ValueError("round hands must be one card list per seat")
    table = []
    for index, item in enumerate(r.list_(obj["table"], "table")):
        entry = r.obj(item, "table meld")
        laid_by = tuple(r.seat(seat, "laid_by") for seat in r.list_(entry["laid_by"], "laid_by"))
        meld = table_meld(
            index, r.seat(entry["owner"], "meld owner"), r.cards(entry["cards"], "meld cards"),
            laid_by,
        )
        if entry["kind"] != str(meld.kind):
            raise ValueError(f"table meld {index} is not a {brief_repr(entry['kind'])}")
        table.append(meld)
    rnd = RoundState(
        number=r.int_(obj["number"], "number", low=1),
        dealer=r.seat(obj["dealer"], "dealer"),
        hands=tuple(r.cards(hand, "hand") for hand in hands),
        stock=r.cards(obj["stock"], "stock"),
        discard_pile=r.cards(obj["discard_pile"], "discard_pile"),
        table=tuple(table),
        phase=Phase(obj["phase"]),
        turn=r.opt_seat(obj["turn"], "turn"),
        drawn_from_discard=r.opt_card(obj["drawn_from_discard"]),
        picked_card=r.opt_card(obj["picked_card"]),
    )
    if any(tuple(sorted(hand, key=lambda card: card.index)) != hand for hand in rnd.hands):
        raise ValueError("hands must be sorted")
    check_round_deck(rnd, copies=1, jokers=rules.jokers)
    # what the engine relies on when it plays on from this round
    if (rnd.turn is None) != (rnd.phase is Phase.ROUND_OVER):
        raise ValueError("the round has a player to act exactly while it is not over")
    if rnd.phase is Phase.DRAW and (not rnd.stock or not rnd.discard_pile or not all(rnd.hands)):
        raise ValueError("a draw needs a stock, a discard pile and a card in every hand")
    if rnd.phase is Phase.PLAY and rnd.turn is not None and not rnd.hands[rnd.turn]:
        raise ValueError("the player to act holds no card")
    drawn = [c for c in (rnd.drawn_from_discard, rnd.picked_card) if c is not None]
    if drawn and (rnd.phase is not Phase.PLAY or len(drawn) > 1):
        raise ValueError("drawn_from_discard or picked_card, in the play phase only")
    if drawn and rnd.turn is not None and drawn[0] not in rnd.hands[rnd.turn]:
        raise ValueError("the card taken is not in the hand of the player to act")
    return rnd


def _round_result_from_json(data: object, r: _Reader) -> RoundResult:
    obj = r.obj(data, "round result")
    hands = [
        HandResult(
            seat, r.cards(entry["cards"], "result cards"), r.int_(entry["value"], "result value")
        )
        for seat, entry in enumerate(
            r.in_seat_order(r.list_(obj["hands"], "result hands"), "result hand")
        )
    ]
    if len(hands) != r.seats:
        raise ValueError("a round result has one hand per seat")
    return RoundResult(
        number=r.int_(obj["number"], "number", low=1),
        dealer=r.seat(obj["dealer"], "dealer"),
        outcome=Outcome(obj["outcome"]),
        went_out=r.opt_seat(obj["went_out"], "went_out"),
        table_points=r.per_seat(obj["table_points"], "table_points"),
        hand_points=r.per_seat(obj["hand_points"], "hand_points"),
        points=r.per_seat(obj["points"], "points"),
        scores_after=r.per_seat(obj["scores_after"], "scores_after"),
        hands=tuple(hands),
    )


def state_from_json(data: object) -> GameState:
    """The game state stored by :func:`state_to_json`; a
    :class:`~games.rules.common.errors.ValidationError` (``fields`` naming ``state``) for
    another ``format_version`` or ``variant`` or any malformed content."""
    return read_stored(lambda: _state_from_json(data))


def _state_from_json(data: object) -> GameState:
    obj = SeatReader.obj(data, "state")
    check_format(obj, STATE_FORMAT_VERSION)
    if obj.get("variant") != VARIANT:
        raise ValueError(f"variant must be {VARIANT!r}")
    seats = obj["seats"]
    if isinstance(seats, bool) or seats not in (2, 3, 4):
        raise ValueError("seats must be 2, 3 or 4")
    r = SeatReader(seats, parse_card, low=-MAX_INT)
    rules = RuleSet.from_dict(obj["rules"])
    return GameState(
        rules=rules,
        seats=seats,
        scores=r.per_seat(obj["scores"], "scores"),
        round=_round_state_from_json(obj["round"], r, rules),
        rounds=tuple(_round_result_from_json(item, r) for item in r.list_(obj["rounds"], "rounds")),
        left=r.seat_list(obj["left"], "left"),
        final=final_from_json(obj["final"], r, FINAL_REASONS),
    )


__all__ = [
    "FINAL_REASONS",
    "STATE_FORMAT_VERSION",
    "action_from_json",
    "action_to_json",
    "deck_to_json",
    "state_from_json",
    "state_to_json",
    "table_points",
    "view_to_json",
]
