"""Rummy JSON forms: actions (docs/games/rummy.md bodies), the API view, results, and the stored
state.

Cards are written as upper-case strings (``"7H"``, ``"XX"``) and read case-insensitively.
The stored state (:func:`state_to_json`) carries ``"format_version"``
(:data:`STATE_FORMAT_VERSION`) and ``"variant": "rummy"``; :func:`state_from_json`
refuses anything else, and any malformed content, with a
:class:`~games.rules.common.errors.ValidationError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.common.cards import opt_card_text
from games.rules.common.codec import (
    MAX_INT,
    SeatReader,
    card_field,
    check_round_deck,
    final_from_json,
    final_to_json,
    game_view_to_json,
    melds_field,
    read_action_body,
    read_state_header,
    read_stored,
)
from games.rules.common.errors import ValidationError, brief_repr
from games.rules.common.pile import DISCARD, DRAW_DISCARD, PileEvent, pile_history_to_json
from games.rules.rummy.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    Meld,
    SwapJoker,
)
from games.rules.rummy.cards import JOKER_INDEX, RummyCard, card_texts, parse_card
from games.rules.rummy.melds import End, MeldKind, TableMeld, table_meld
from games.rules.rummy.ruleset import RuleSet
from games.rules.rummy.state import (
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
VARIANT = "rummy"
"""The ``variant`` key of a stored rummy state."""

_ACTION_KEYS: dict[str, frozenset[str]] = {
    DrawStock.type: frozenset(),
    DrawDiscard.type: frozenset(),
    Meld.type: frozenset({"melds"}),
    Layoff.type: frozenset({"card", "meld", "end"}),
    SwapJoker.type: frozenset({"card", "meld"}),
    Discard.type: frozenset({"card"}),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    Meld.type: ("melds",),
    Layoff.type: ("card", "meld"),
    SwapJoker.type: ("card", "meld"),
    Discard.type: ("card",),
}
FINAL_REASONS = ("loss_limit", "rounds", "concede", "timeout")
"""The reasons a game ends."""
MAX_HAND = 14
"""The most cards a hand holds: the most dealt (``hand_size`` 13) and the card drawn."""
MAX_MELDS = MAX_HAND // 3
"""The most melds a ``meld`` body may put down (a meld has 3 cards or more); each of at
most :data:`MAX_HAND` cards. A body past either bound is refused before any card is read
(the published schema says the same)."""


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
    """An action from its JSON body (``{"type": "layoff", "card": "7h", "meld": 2}``).

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for a bad card
    string and :class:`~games.rules.common.errors.ValidationError` (``validation_error``) for
    any other bad shape, both with ``fields``; never another exception. Keys of another
    action type are accepted when ``null`` (any other key never is), as in Gin's
    codec; the request's own fields (``expected_version``) are the service's. More than
    :data:`MAX_MELDS` melds, or a meld of more than :data:`MAX_HAND` cards, is a
    ``validation_error`` before any card is read. Melds are only checked for shape here;
    :func:`~games.rules.rummy.engine.apply_action` checks them.

    >>> action_from_json({"type": "layoff", "card": "xx", "meld": 0, "end": "high"})
    Layoff(card=JOKER, meld=0, end=<End.HIGH: 'high'>)
    """
    kind, data = read_action_body(data, _ACTION_KEYS, ACTION_TYPES, _REQUIRED)
    if kind == DrawStock.type:
        return DrawStock()
    if kind == DrawDiscard.type:
        return DrawDiscard()
    if kind == Meld.type:
        melds = melds_field(
            data["melds"], parse_card, most=MAX_MELDS, most_cards=MAX_HAND, non_empty=True
        )
        return Meld(melds)
    card = card_field(data["card"], "card", parse_card)
    if kind == Discard.type:
        return Discard(card)
    meld = _meld_id_field(data["meld"])
    if kind == SwapJoker.type:
        return SwapJoker(card, meld)
    return Layoff(card, meld, _end_field(data.get("end")))


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON body of an action (cards upper case; ``end`` only when given)."""
    out: dict[str, Any] = {"type": action.type}
    if isinstance(action, Meld):
        out["melds"] = [card_texts(meld) for meld in action.melds]
    if isinstance(action, Layoff | SwapJoker | Discard):
        out["card"] = str(action.card)
    if isinstance(action, Layoff | SwapJoker):
        out["meld"] = action.meld
    if isinstance(action, Layoff) and action.end is not None:
        out["end"] = str(action.end)
    return out


# --------------------------------------------------------------------------------------
# Views and results
# --------------------------------------------------------------------------------------


def table_meld_to_json(meld: TableMeld) -> dict[str, Any]:
    """``{id, owner, kind: "set", cards, rank}`` or ``{id, owner, kind: "run", cards,
    stands_for}`` (docs/games/rummy.md); ``rank`` is the rank character (``"7"``, ``"T"``)."""
    out: dict[str, Any] = {
        "id": meld.id,
        "owner": meld.owner,
        "kind": str(meld.kind),
        "cards": card_texts(meld.cards),
    }
    if meld.kind is MeldKind.SET:
        out["rank"] = meld.rank_text
    else:
        out["stands_for"] = card_texts(meld.stands_for)
    return out


def legal_action_to_json(entry: LegalAction) -> dict[str, Any]:
    """``{"type"}``, with ``"cards"`` for discard and ``"options"`` (``[{card, meld,
    end?}]``) for layoff and swap_joker."""
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
    """The ``round`` object of the API view (docs/games/rummy.md keys; the server adds
    ``deck_commitment`` and ``turn_deadline``)."""
    return {
        "number": view.number,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": card_texts(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "discard_pile": card_texts(view.discard_pile),
        "drawn_from_discard": opt_card_text(view.drawn_from_discard),
        "came_out": list(view.came_out),
        "table": [table_meld_to_json(meld) for meld in view.table],
        "legal_actions": [legal_action_to_json(entry) for entry in view.legal_actions],
        "pile_history": pile_history_to_json(view.pile_history),
    }


def round_result_to_json(result: RoundResult) -> dict[str, Any]:
    """A round result (docs/games/rummy.md; the server adds ``deck_commitment``, ``deck``,
    ``salt``)."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "outcome": str(result.outcome),
        "winner": result.winner,
        "points": list(result.points),
        "scores_after": list(result.scores_after),
        "hands": [
            {"seat": hand.seat, "cards": card_texts(hand.cards), "value": hand.value}
            for hand in result.hands
        ],
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The rules part of the API's game view: ``scores``, ``round``, ``rounds``, ``final``.

    ``round`` is ``None`` once the game is over. Between rounds, before the next deal,
    ``round.phase`` is ``round_over`` with ``turn`` ``None`` and no legal actions. The
    server adds ``id``, ``status``, ``version``, ``players``, ``you``, ``rules``.
    """
    return game_view_to_json(view, round_view_to_json, round_result_to_json, final_to_json)


def deck_to_json(deck: Sequence[RummyCard]) -> list[str]:
    """A deck in dealing order as docs/api.md#cards strings (``XX`` for a joker), as the
    fair-shuffle
    commitment hashes it: ``sha256(salt + ":" + ",".join(deck_to_json(deck)))``."""
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
            {"owner": meld.owner, "kind": str(meld.kind), "cards": card_texts(meld.cards)}
            for meld in rnd.table
        ],
        "came_out": list(rnd.came_out),
        "phase": str(rnd.phase),
        "turn": rnd.turn,
        "drawn_from_discard": opt_card_text(rnd.drawn_from_discard),
        "out_at_turn_start": rnd.out_at_turn_start,
        "jokers_owed": rnd.jokers_owed,
        "pile_history": pile_history_to_json(rnd.pile_history),
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


_Reader = SeatReader[RummyCard]
"""Strict readers: any malformed value raises ``ValueError``; scores are signed."""


def _reader(seats: int) -> _Reader:
    return SeatReader(seats, parse_card, low=-MAX_INT)


def _round_state_from_json(data: object, r: _Reader, rules: RuleSet) -> RoundState:
    obj = r.obj(data, "round")
    hands = r.list_(obj["hands"], "round hands")
    if len(hands) != r.seats:
        raise ValueError("round hands must be one card list per seat")
    table = []
    for index, item in enumerate(r.list_(obj["table"], "table")):
        entry = r.obj(item, "table meld")
        meld = table_meld(
            index, r.seat(entry["owner"], "meld owner"), r.cards(entry["cards"], "meld cards")
        )
        if entry["kind"] != str(meld.kind):
            raise ValueError(f"table meld {index} is not a {brief_repr(entry['kind'])}")
        table.append(meld)
    came_out = tuple(r.bool_(item, "came_out") for item in r.list_(obj["came_out"], "came_out"))
    if len(came_out) != r.seats:
        raise ValueError("came_out must have one entry per seat")
    owed = r.int_(obj["jokers_owed"], "jokers_owed")
    rnd = RoundState(
        number=r.int_(obj["number"], "number", low=1),
        dealer=r.seat(obj["dealer"], "dealer"),
        hands=tuple(r.cards(hand, "hand") for hand in hands),
        stock=r.cards(obj["stock"], "stock"),
        discard_pile=r.cards(obj["discard_pile"], "discard_pile"),
        table=tuple(table),
        came_out=came_out,
        phase=Phase(obj["phase"]),
        turn=r.opt_seat(obj["turn"], "turn"),
        drawn_from_discard=r.opt_card(obj["drawn_from_discard"]),
        out_at_turn_start=r.bool_(obj["out_at_turn_start"], "out_at_turn_start"),
        jokers_owed=owed,
        # states stored before the record was kept have none: it starts with their next move
        pile_history=_pile_history_from_json(obj.get("pile_history", []), r),
    )
    if any(tuple(sorted(hand, key=lambda card: card.index)) != hand for hand in rnd.hands):
        raise ValueError("hands must be sorted")
    check_round_deck(rnd, copies=2, jokers=rules.jokers)
    if any(not rnd.came_out[meld.owner] for meld in rnd.table):
        raise ValueError("a table meld belongs to a seat that has not come out")
    # what the engine relies on when it plays on from this round
    if (rnd.turn is None) != (rnd.phase is Phase.ROUND_OVER):
        raise ValueError("the round has a player to act exactly while it is not over")
    if rnd.phase is Phase.DRAW and (not rnd.stock or not rnd.discard_pile or not all(rnd.hands)):
        raise ValueError("a draw needs a stock, a discard pile and a card in every hand")
    if rnd.phase is Phase.PLAY and rnd.turn is not None and not rnd.hands[rnd.turn]:
        raise ValueError("the player to act holds no card")
    if rnd.phase is not Phase.PLAY and (rnd.drawn_from_discard is not None or owed):
        raise ValueError("drawn_from_discard and jokers_owed belong to the play phase")
    if owed > 1 or (
        owed
        and rnd.turn is not None
        and JOKER_INDEX not in {card.index for card in rnd.hands[rnd.turn]}
    ):
        raise ValueError("jokers_owed must be 0, or 1 with a joker in hand")
    if (
        rnd.drawn_from_discard is not None
        and rnd.turn is not None
        and rnd.drawn_from_discard not in rnd.hands[rnd.turn]
    ):
        raise ValueError("drawn_from_discard is not in the hand of the player to act")
    return rnd


def _pile_history_from_json(data: object, r: _Reader) -> tuple[PileEvent[RummyCard], ...]:
    events: list[PileEvent[RummyCard]] = []
    for item in r.list_(data, "pile_history"):
        entry = r.obj(item, "pile event")
        action = entry["action"]
        if action not in (DRAW_DISCARD, DISCARD):
            raise ValueError(f"a rummy pile event is a take or a discard, not {brief_repr(action)}")
        card: RummyCard = parse_card(entry["card"])
        events.append(PileEvent(r.seat(entry["seat"], "pile event seat"), str(action), card))
    return tuple(events)


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
        winner=r.opt_seat(obj["winner"], "winner"),
        points=r.per_seat(obj["points"], "points"),
        scores_after=r.per_seat(obj["scores_after"], "scores_after"),
        hands=tuple(hands),
    )


def state_from_json(data: object) -> GameState:
    """The game state stored by :func:`state_to_json`.

    Raises :class:`~games.rules.common.errors.ValidationError` (``fields`` naming ``state``) for
    another ``format_version`` or ``variant`` or any malformed content.
    """
    return read_stored(lambda: _state_from_json(data))


def _state_from_json(data: object) -> GameState:
    obj, seats = read_state_header(data, STATE_FORMAT_VERSION, VARIANT, (2, 3, 4), "2, 3 or 4")
    r = _reader(seats)
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
