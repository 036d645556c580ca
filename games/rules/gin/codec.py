"""JSON forms: actions (docs/games/gin.md#actions), a seat's view, results and the whole stored
state.

Cards are always written as upper-case two-character strings and read case-insensitively.
:func:`view_to_json` writes the rules' part of the API's game view (``scores``, ``round``,
``rounds``, ``final``); the server adds its own keys (the table, the players, the deck
commitment, the turn deadline), so the rules core knows nothing of HTTP.

The stored state (:func:`state_to_json`) carries ``"format_version"``
(:data:`STATE_FORMAT_VERSION`); :func:`state_from_json` refuses any other version, so a
future format change bumps the number and adds a migration here. The format is stable:
keys are only ever added.
"""

from __future__ import annotations

from typing import Any

from games.rules.common.cards import Card, card_texts, mask_of, opt_card_text
from games.rules.common.codec import (
    JsonReader,
    card_field,
    check_format,
    game_view_to_json,
    melds_field,
    read_action_type,
    read_stored,
    settlement_to_json,
)
from games.rules.common.errors import ValidationError
from games.rules.common.pile import pile_history_to_json
from games.rules.gin.actions import (
    ACTION_TYPES,
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
)
from games.rules.gin.melds import Meld, meld_from_mask
from games.rules.gin.ruleset import RuleSet
from games.rules.gin.state import (
    FinalResult,
    GameState,
    HandResult,
    LegalAction,
    MoveRecord,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
    SeatTotal,
)

STATE_FORMAT_VERSION = 1
"""Version of the stored-state JSON written by :func:`state_to_json`."""

_ACTION_KEYS: dict[str, frozenset[str]] = {
    Pass.type: frozenset(),
    DrawStock.type: frozenset(),
    DrawDiscard.type: frozenset(),
    Discard.type: frozenset({"card"}),
    Knock.type: frozenset({"card", "melds"}),
    BigGin.type: frozenset({"melds"}),
}

MAX_HAND = 11
"""The most cards a hand holds: the 10 dealt and the card drawn."""
MAX_MELDS = MAX_HAND // 3
"""The most melds a ``knock`` or ``big_gin`` body may declare (a meld has 3 cards or
more); each of at most :data:`MAX_HAND` cards. A body past either bound is refused before
any card is read (the published schema says the same)."""


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


def action_from_json(data: object) -> Action:
    """An action from its JSON body (``{"type": "discard", "card": "7h"}``).

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for a bad card
    string and :class:`~games.rules.common.errors.ValidationError` (``validation_error``) for a
    bad shape (not an object, missing or unknown ``type``, a missing ``card``, a key that
    the type does not take, more than :data:`MAX_MELDS` melds or a meld of more than
    :data:`MAX_HAND` cards); both carry ``fields``. Keys of other action types are
    accepted when ``null`` (any other key never is). Melds are only checked for shape
    here; :func:`~games.rules.gin.engine.apply_action` checks that they are melds.

    >>> action_from_json({"type": "knock", "card": "9c"})
    Knock(card=Card.parse('9C'), melds=None)
    """
    kind, data = read_action_type(data, _ACTION_KEYS, ACTION_TYPES)
    if "card" in _ACTION_KEYS[kind] and data.get("card") is None:
        raise ValidationError(
            f"A {kind} action needs a card.", {"card": ["This field is required."]}
        )
    if kind == Pass.type:
        return Pass()
    if kind == DrawStock.type:
        return DrawStock()
    if kind == DrawDiscard.type:
        return DrawDiscard()
    melds_value = data.get("melds")
    melds = (
        None
        if melds_value is None
        else melds_field(melds_value, Card.parse, most=MAX_MELDS, most_cards=MAX_HAND)
    )
    if kind == Discard.type:
        return Discard(card_field(data["card"], "card", Card.parse))
    if kind == Knock.type:
        return Knock(card_field(data["card"], "card", Card.parse), melds)
    return BigGin(melds)


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON body of an action (cards upper case; ``melds`` only when declared)."""
    out: dict[str, Any] = {"type": action.type}
    if isinstance(action, Discard | Knock):
        out["card"] = str(action.card)
    if isinstance(action, Knock | BigGin) and action.melds is not None:
        out["melds"] = [card_texts(meld) for meld in action.melds]
    return out


# --------------------------------------------------------------------------------------
# Results (as stored; the API shows the same keys, written by the server)
# --------------------------------------------------------------------------------------


def _hand_result_to_json(hand: HandResult) -> dict[str, Any]:
    return {
        "seat": hand.seat,
        "cards": card_texts(hand.cards),
        "melds": [card_texts(meld.cards) for meld in hand.melds],
        "deadwood": card_texts(hand.deadwood),
        "deadwood_points": hand.deadwood_points,
        "layoffs": [{"card": str(card), "meld": meld} for card, meld in hand.layoffs],
    }


def round_result_to_json(result: RoundResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "dealer": result.dealer,
        "outcome": str(result.outcome),
        "knocker": result.knocker,
        "winner": result.winner,
        "points": result.points,
        "scores_after": list(result.scores_after),
        "hands": [_hand_result_to_json(hand) for hand in result.hands],
    }


def final_to_json(final: FinalResult | None) -> dict[str, Any] | None:
    if final is None:
        return None
    return {
        **settlement_to_json(final),
        "breakdown": [
            {
                "seat": line.seat,
                "hand_points": line.hand_points,
                "game_bonus": line.game_bonus,
                "line_bonus": line.line_bonus,
                "shutout": line.shutout,
                "total": line.total,
            }
            for line in final.breakdown
        ],
    }


def legal_action_to_json(entry: LegalAction) -> dict[str, Any]:
    """``{"type": ...}``, plus ``"cards"`` for discard and knock."""
    if entry.cards is None:
        return {"type": entry.type}
    return {"type": entry.type, "cards": card_texts(entry.cards)}


def round_view_to_json(view: RoundView) -> dict[str, Any]:
    """The ``round`` object of the API view (docs/games/gin.md#the-view keys, plus ``knock_limit``
    and
    ``pile_history``, the discard pile's public record; the server adds
    ``deck_commitment`` and ``turn_deadline``)."""
    return {
        "number": view.number,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": card_texts(view.hand),
        "opponent_hand_size": view.opponent_hand_size,
        "stock_size": view.stock_size,
        "discard_pile": card_texts(view.discard_pile),
        "drawn_from_discard": opt_card_text(view.drawn_from_discard),
        "deadwood": view.deadwood,
        "legal_actions": [legal_action_to_json(entry) for entry in view.legal_actions],
        "knock_limit": view.knock_limit,
        "pile_history": pile_history_to_json(view.pile_history),
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The rules part of the API's game view: ``scores``, ``round`` (``None`` once the
    game is over), ``rounds``, ``final``.

    Between rounds, before the next deal, ``round.phase`` is ``round_over`` with ``turn``
    ``None`` and no legal actions. Round results and the final settlement show the keys
    the stored state keeps (the server adds each round's deal: ``deck_commitment``,
    ``deck``, ``salt``).
    """
    return game_view_to_json(view, round_view_to_json, round_result_to_json, final_to_json)


def _move_to_json(record: MoveRecord) -> dict[str, Any]:
    return {"seat": record.seat, "type": record.type, "card": opt_card_text(record.card)}


# --------------------------------------------------------------------------------------
# The stored state
# --------------------------------------------------------------------------------------


def _round_state_to_json(rnd: RoundState) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "hands": [card_texts(rnd.hands[0]), card_texts(rnd.hands[1])],
        "stock": card_texts(rnd.stock),
        "discard_pile": card_texts(rnd.discard_pile),
        "phase": str(rnd.phase),
        "turn": rnd.turn,
        "upcard": str(rnd.upcard),
        "knock_limit": rnd.knock_limit,
        "passes": rnd.passes,
        "stock_only": rnd.stock_only,
        "drawn_from_discard": opt_card_text(rnd.drawn_from_discard),
        "knock_discard": opt_card_text(rnd.knock_discard),
        "history": [_move_to_json(record) for record in rnd.history],
    }


def state_to_json(state: GameState) -> dict[str, Any]:
    """The whole game state as JSON (everything, hidden cards included: for storage only,
    never for a player)."""
    return {
        "format_version": STATE_FORMAT_VERSION,
        "rules": state.rules.to_dict(),
        "scores": list(state.scores),
        "round": _round_state_to_json(state.round),
        "rounds": [round_result_to_json(result) for result in state.rounds],
        "final": final_to_json(state.final),
    }


class _Reader(JsonReader):
    """Strict readers that turn any malformed value into a ValidationError; every stored
    number (points, scores, totals, round numbers, limits) is a count."""

    @staticmethod
    def seat(value: object, where: str) -> int:
        if isinstance(value, bool) or value not in (0, 1):
            raise ValueError(f"{where} must be 0 or 1")
        assert isinstance(value, int)
        return value

    @staticmethod
    def opt_seat(value: object, where: str) -> int | None:
        return None if value is None else _Reader.seat(value, where)

    @staticmethod
    def cards(value: object, where: str) -> tuple[Card, ...]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where} must be a list of cards")
        return tuple(Card.parse(item) for item in value)

    @staticmethod
    def opt_card(value: object) -> Card | None:
        return None if value is None else Card.parse(value)

    @staticmethod
    def pair(value: object, where: str) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise ValueError(f"{where} must be a pair")
        return _Reader.int_(value[0], where), _Reader.int_(value[1], where)


def _hand_result_from_json(data: object) -> HandResult:
    r = _Reader
    obj = r.obj(data, "hand")
    melds: list[Meld] = []
    for meld in obj["melds"]:
        melds.append(meld_from_mask(mask_of(r.cards(meld, "meld"))))
    layoffs = []
    for item in obj["layoffs"]:
        entry = r.obj(item, "layoff")
        layoffs.append((Card.parse(entry["card"]), r.int_(entry["meld"], "layoff meld")))
    return HandResult(
        seat=r.seat(obj["seat"], "hand seat"),
        cards=r.cards(obj["cards"], "hand cards"),
        melds=tuple(melds),
        deadwood=r.cards(obj["deadwood"], "hand deadwood"),
        deadwood_points=r.int_(obj["deadwood_points"], "deadwood_points"),
        layoffs=tuple(layoffs),
    )


def _round_result_from_json(data: object) -> RoundResult:
    r = _Reader
    obj = r.obj(data, "round result")
    hands = [_hand_result_from_json(hand) for hand in obj["hands"]]
    if len(hands) != 2:
        raise ValueError("a round result has two hands")
    return RoundResult(
        number=r.int_(obj["number"], "number"),
        dealer=r.seat(obj["dealer"], "dealer"),
        outcome=Outcome(obj["outcome"]),
        knocker=r.opt_seat(obj["knocker"], "knocker"),
        winner=r.opt_seat(obj["winner"], "winner"),
        points=r.int_(obj["points"], "points"),
        scores_after=r.pair(obj["scores_after"], "scores_after"),
        hands=(hands[0], hands[1]),
    )


def _final_from_json(data: object) -> FinalResult | None:
    if data is None:
        return None
    r = _Reader
    obj = r.obj(data, "final")
    lines = []
    for item in obj["breakdown"]:
        line = r.obj(item, "breakdown")
        lines.append(
            SeatTotal(
                seat=r.seat(line["seat"], "breakdown seat"),
                hand_points=r.int_(line["hand_points"], "hand_points"),
                game_bonus=r.int_(line["game_bonus"], "game_bonus"),
                line_bonus=r.int_(line["line_bonus"], "line_bonus"),
                shutout=r.bool_(line["shutout"], "shutout"),
                total=r.int_(line["total"], "total"),
            )
        )
    if len(lines) != 2:
        raise ValueError("a final settlement has two lines")
    reason = obj["reason"]
    if reason not in ("target", "concede", "timeout"):
        raise ValueError("unknown final reason")
    return FinalResult(
        winner=r.seat(obj["winner"], "winner"),
        reason=reason,
        totals=r.pair(obj["totals"], "totals"),
        breakdown=(lines[0], lines[1]),
    )


def _round_state_from_json(data: object) -> RoundState:
    r = _Reader
    obj = r.obj(data, "round")
    hands = obj["hands"]
    if not isinstance(hands, list | tuple) or len(hands) != 2:
        raise ValueError("round hands must be two card lists")
    history = []
    for item in obj["history"]:
        entry = r.obj(item, "history entry")
        if entry["type"] not in ACTION_TYPES:
            raise ValueError("unknown move type in history")
        history.append(
            MoveRecord(
                r.seat(entry["seat"], "history seat"), entry["type"], r.opt_card(entry["card"])
            )
        )
    passes = r.int_(obj["passes"], "passes")
    if not 0 <= passes <= 2:
        raise ValueError("passes must be 0 to 2")
    rnd = RoundState(
        number=r.int_(obj["number"], "number"),
        dealer=r.seat(obj["dealer"], "dealer"),
        hands=(r.cards(hands[0], "hand"), r.cards(hands[1], "hand")),
        stock=r.cards(obj["stock"], "stock"),
        discard_pile=r.cards(obj["discard_pile"], "discard_pile"),
        phase=Phase(obj["phase"]),
        turn=r.opt_seat(obj["turn"], "turn"),
        upcard=Card.parse(obj["upcard"]),
        knock_limit=r.int_(obj["knock_limit"], "knock_limit"),
        passes=passes,
        stock_only=r.bool_(obj["stock_only"], "stock_only"),
        drawn_from_discard=r.opt_card(obj["drawn_from_discard"]),
        knock_discard=r.opt_card(obj["knock_discard"]),
        history=tuple(history),
    )
    every = [*rnd.hands[0], *rnd.hands[1], *rnd.stock, *rnd.discard_pile]
    if rnd.knock_discard is not None:
        every.append(rnd.knock_discard)
    if len(every) != 52 or len(set(every)) != 52:
        raise ValueError("the round's cards are not the 52 cards")
    # what the engine relies on when it plays on from this round
    if (rnd.turn is None) != (rnd.phase is Phase.ROUND_OVER):
        raise ValueError("the round has a player to act exactly while it is not over")
    sizes = [len(rnd.hands[0]), len(rnd.hands[1])]
    if rnd.phase is Phase.DISCARD:  # the seat to act holds 11
        sound = sorted(sizes) == [10, 11] and sizes[rnd.turn or 0] == 11
    elif rnd.phase is Phase.ROUND_OVER:  # a big gin keeps its 11
        sound = sorted(sizes) in ([10, 10], [10, 11])
    else:
        sound = sizes == [10, 10]
    if not sound:
        raise ValueError(f"hands of {sizes[0]} and {sizes[1]} cards in the {rnd.phase} phase")
    if rnd.phase is Phase.DRAW and not rnd.stock:
        raise ValueError("the stock is empty in the draw phase")
    return rnd


def state_from_json(data: object) -> GameState:
    """The game state stored by :func:`state_to_json`.

    Raises :class:`~games.rules.common.errors.ValidationError` for an unknown ``format_version``
    or any malformed content (with ``fields`` naming ``state``).
    """
    return read_stored(lambda: _state_from_json(data))


def _state_from_json(data: object) -> GameState:
    obj = _Reader.obj(data, "state")
    check_format(obj, STATE_FORMAT_VERSION)
    return GameState(
        rules=RuleSet.from_dict(obj["rules"]),
        scores=_Reader.pair(obj["scores"], "scores"),
        round=_round_state_from_json(obj["round"]),
        rounds=tuple(_round_result_from_json(result) for result in obj["rounds"]),
        final=_final_from_json(obj["final"]),
    )
