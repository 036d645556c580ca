"""Indian Rummy JSON forms: actions (docs/games/indian-rummy.md bodies), the API view, results, and
the
stored state.

Cards are written as upper-case strings (``"7H"``, ``"XX"``) and read case-insensitively.
The stored state (:func:`state_to_json`) carries ``"format_version"``
(:data:`STATE_FORMAT_VERSION`) and ``"variant": "indian"``; :func:`state_from_json`
refuses anything else, and any malformed content, with a
:class:`~games.rules.common.errors.ValidationError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.rules.common.cards import opt_card_text
from games.rules.common.codec import (
    MAX_INT,
    SeatReader,
    card_field,
    check_card_lists,
    final_from_json,
    final_to_json,
    game_view_to_json,
    read_action_body,
    read_state_header,
    read_stored,
)
from games.rules.common.engine import CONCEDE_REASONS
from games.rules.common.errors import ValidationError, brief_repr
from games.rules.common.pile import pile_history_to_json
from games.rules.indian.actions import (
    ACTION_TYPES,
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Groups,
)
from games.rules.indian.cards import (
    IndianCard,
    card_texts,
    check_deck,
    parse_card,
    rank_text,
    wild_rank_of,
)
from games.rules.indian.engine import (
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    check_salt,
)
from games.rules.indian.melds import Arrangement
from games.rules.indian.ruleset import RuleSet
from games.rules.indian.state import (
    GameState,
    HandResult,
    HandStatus,
    HistoryEntry,
    LegalAction,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
    SeatStatus,
)

STATE_FORMAT_VERSION = 1
"""Version of the stored-state JSON written by :func:`state_to_json`."""
VARIANT = "indian"
"""The ``variant`` key of a stored Indian Rummy state."""

_ACTION_KEYS: dict[str, frozenset[str]] = {
    DrawStock.type: frozenset(),
    DrawDiscard.type: frozenset(),
    Discard.type: frozenset({"card"}),
    Declare.type: frozenset({"card", "groups"}),
    Drop.type: frozenset(),
}
_REQUIRED: dict[str, tuple[str, ...]] = {Discard.type: ("card",), Declare.type: ("card",)}
FINAL_REASONS = ("show", "last_player", "draw", "pool", "deals", *CONCEDE_REASONS)
"""The reasons a game ends."""
HISTORY_TYPES = (
    DrawStock.type,
    DrawDiscard.type,
    Discard.type,
    Declare.type,
    Drop.type,
    *CONCEDE_REASONS,
    "reshuffle",
)
"""The ``type`` of a deal's history entries."""

_cards_json = card_texts
MAX_GROUPS = HAND_SIZE
"""The most groups a ``declare`` body may show, each of at most :data:`MAX_GROUP_CARDS`:
the 13 cards left after the one put face down, one group each at most. A body past
either bound is refused before any card is read (the published schema says the same)."""
MAX_GROUP_CARDS = HAND_SIZE
"""The most cards of one group of a ``declare`` body."""


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


def _groups_field(value: object) -> Groups | None:
    if value is None:
        return None
    check_card_lists(value, "groups", "group", MAX_GROUPS, MAX_GROUP_CARDS)
    message = "Must be a list of groups, each a non-empty list of cards."
    if not isinstance(value, list | tuple) or not all(
        isinstance(group, list | tuple) and group for group in value
    ):
        raise ValidationError(f"groups: {message}", {"groups": [message]})
    return tuple(tuple(card_field(card, "groups", parse_card) for card in group) for group in value)


def action_from_json(data: object) -> Action:
    """An action from its JSON body (``{"type": "declare", "card": "7h", "groups":
    [["AS", "2S", "3S"], ...]}``).

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for a bad card
    string and :class:`~games.rules.common.errors.ValidationError` (``validation_error``) for
    any other bad shape, both with ``fields``; never another exception. Keys of another
    action type are accepted when ``null`` (any other key never is), as in the other
    codecs, and so is ``melds`` (the other games' key, which the published bodies of the
    draws and the discard, shared by every game, take as ``null``). ``groups`` may be
    left out (or ``null``): the server then shows its own least-points arrangement.
    More than :data:`MAX_GROUPS` groups, or a group of more than :data:`MAX_GROUP_CARDS`
    cards, is a ``validation_error`` before any card is read. Groups are only checked for
    shape here;
    :func:`~games.rules.indian.engine.apply_action` checks them against the hand.

    >>> action_from_json({"type": "declare", "card": "xx", "groups": [["as", "2S", "3s"]]})
    Declare(card=JOKER, groups=((Card.parse('AS'), Card.parse('2S'), Card.parse('3S')),))
    >>> action_from_json({"type": "drop", "card": None, "melds": None})
    Drop()
    """
    if isinstance(data, dict) and "melds" in data and data["melds"] is None:
        data = {key: value for key, value in data.items() if key != "melds"}
    kind, data = read_action_body(data, _ACTION_KEYS, ACTION_TYPES, _REQUIRED)
    if kind == DrawStock.type:
        return DrawStock()
    if kind == DrawDiscard.type:
        return DrawDiscard()
    if kind == Drop.type:
        return Drop()
    card = card_field(data["card"], "card", parse_card)
    if kind == Discard.type:
        return Discard(card)
    return Declare(card, _groups_field(data.get("groups")))


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON body of an action (cards upper case; ``groups`` only when given)."""
    out: dict[str, Any] = {"type": action.type}
    if isinstance(action, Discard | Declare):
        out["card"] = str(action.card)
    if isinstance(action, Declare) and action.groups is not None:
        out["groups"] = [_cards_json(group) for group in action.groups]
    return out


# --------------------------------------------------------------------------------------
# Views and results
# --------------------------------------------------------------------------------------


def wild_joker_to_json(wild_card: IndianCard) -> dict[str, str]:
    """``{card, rank}``: the wild joker card and the rank it makes wild (``"A"`` for a
    printed joker)."""
    return {"card": str(wild_card), "rank": rank_text(wild_rank_of(wild_card))}


def arrangement_to_json(arrangement: Arrangement | None) -> dict[str, Any] | None:
    """``{groups, ungrouped, points}``, with ``discard`` for a 14-card hand."""
    if arrangement is None:
        return None
    out: dict[str, Any] = {
        "groups": [_cards_json(group) for group in arrangement.groups],
        "ungrouped": _cards_json(arrangement.ungrouped),
        "points": arrangement.points,
    }
    if arrangement.discard is not None:
        out["discard"] = str(arrangement.discard)
    return out


def legal_action_to_json(entry: LegalAction) -> dict[str, Any]:
    """``{"type"}``, with ``"cards"`` for discard and ``"valid_with"`` for declare."""
    out: dict[str, Any] = {"type": entry.type}
    if entry.cards is not None:
        out["cards"] = _cards_json(entry.cards)
    if entry.valid_with is not None:
        out["valid_with"] = _cards_json(entry.valid_with)
    return out


def round_view_to_json(view: RoundView) -> dict[str, Any]:
    """The ``round`` object of the API view (docs/games/indian-rummy.md keys, and ``pile_history``:
    the
    deal's public record of the discard pile; the server adds ``deck_commitment`` and
    ``turn_deadline``)."""
    return {
        "number": view.number,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": _cards_json(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "status": [str(status) for status in view.status],
        "stock_size": view.stock_size,
        "discard_pile": _cards_json(view.discard_pile),
        "wild_joker": wild_joker_to_json(view.wild_card),
        "drawn_from_discard": opt_card_text(view.drawn_from_discard),
        "arrangement": arrangement_to_json(view.arrangement),
        "pile_history": pile_history_to_json(view.pile_history),
        "legal_actions": [legal_action_to_json(entry) for entry in view.legal_actions],
    }


def hand_result_to_json(hand: HandResult) -> dict[str, Any]:
    """``{seat, status, groups, ungrouped, value}``."""
    return {
        "seat": hand.seat,
        "status": str(hand.status),
        "groups": [_cards_json(group) for group in hand.groups],
        "ungrouped": _cards_json(hand.ungrouped),
        "value": hand.value,
    }


def round_result_to_json(result: RoundResult) -> dict[str, Any]:
    """A deal's result (docs/games/indian-rummy.md; the server adds ``deck_commitment``, ``deck``,
    ``salt``)."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "wild_joker": wild_joker_to_json(result.wild_card),
        "outcome": str(result.outcome),
        "winner": result.winner,
        "points": list(result.points),
        "scores_after": list(result.scores_after),
        "hands": [hand_result_to_json(hand) for hand in result.hands],
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The rules part of the API's game view: ``scores``, ``round``, ``rounds``, ``final``.

    ``round`` is ``None`` once the game is over. Between deals, before the next deal,
    ``round.phase`` is ``round_over`` with ``turn`` ``None`` and no legal actions. The
    server adds ``id``, ``status``, ``version``, ``players``, ``you``, ``rules`` and, in
    ``round``, ``deck_commitment`` and ``turn_deadline``.
    """
    return game_view_to_json(view, round_view_to_json, round_result_to_json, final_to_json)


def deck_to_json(deck: Sequence[IndianCard]) -> list[str]:
    """A deck in dealing order as docs/api.md#cards strings (``XX`` for the printed joker), as the
    fair-shuffle commitment hashes it: ``sha256(salt + ":" + ",".join(deck_to_json(deck)))``."""
    return _cards_json(deck)


# --------------------------------------------------------------------------------------
# The stored state
# --------------------------------------------------------------------------------------


def _groups_json(groups: Groups | None) -> list[list[str]] | None:
    return None if groups is None else [_cards_json(group) for group in groups]


def _round_state_to_json(rnd: RoundState) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "wild_card": str(rnd.wild_card),
        "salt": rnd.salt,
        "hands": [_cards_json(hand) for hand in rnd.hands],
        "status": [str(status) for status in rnd.status],
        "stock": _cards_json(rnd.stock),
        "discard_pile": _cards_json(rnd.discard_pile),
        "face_down": _cards_json(rnd.face_down),
        "phase": str(rnd.phase),
        "turn": rnd.turn,
        "penalties": list(rnd.penalties),
        "shows": [_groups_json(groups) for groups in rnd.shows],
        "drawn_from_discard": opt_card_text(rnd.drawn_from_discard),
        "reshuffles": rnd.reshuffles,
        "history": [
            {"seat": entry.seat, "type": entry.type, "card": opt_card_text(entry.card)}
            for entry in rnd.history
        ],
    }


def state_to_json(state: GameState) -> dict[str, Any]:
    """The whole game state as JSON (hidden cards and the salt included: for storage only,
    never for a player)."""
    return {
        "format_version": STATE_FORMAT_VERSION,
        "variant": VARIANT,
        "rules": state.rules.to_dict(),
        "seats": state.seats,
        "scores": list(state.scores),
        "went_out": list(state.went_out),
        "left": list(state.left),
        "round": _round_state_to_json(state.round),
        "rounds": [round_result_to_json(result) for result in state.rounds],
        "final": final_to_json(state.final),
    }


class _Reader(SeatReader[IndianCard]):
    """Strict readers: any malformed value raises ``ValueError``."""

    def __init__(self, seats: int) -> None:
        super().__init__(seats, parse_card)

    def groups(self, value: object, where: str) -> Groups:
        out = tuple(self.cards(group, where) for group in self.list_(value, where))
        if not all(out):
            raise ValueError(f"{where} holds an empty group")
        return out

    def opt_groups(self, value: object, where: str) -> Groups | None:
        return None if value is None else self.groups(value, where)


def _history_from_json(value: object, r: _Reader) -> tuple[HistoryEntry, ...]:
    out = []
    for item in r.list_(value, "history"):
        entry = r.obj(item, "history entry")
        kind = entry["type"]
        if kind not in HISTORY_TYPES:
            raise ValueError(f"unknown history entry type {brief_repr(kind)}")
        seat = r.opt_seat(entry["seat"], "history seat")
        if (seat is None) != (kind == "reshuffle"):
            raise ValueError("only a reshuffle has no seat")
        card = r.opt_card(entry["card"])
        if (card is not None) != (kind in (DrawDiscard.type, Discard.type)):
            raise ValueError(f"a {kind} entry {'has no' if card is None else 'takes no'} card")
        out.append(HistoryEntry(seat, kind, card))
    return tuple(out)


def _round_state_from_json(
    data: object,
    r: _Reader,
    rules: RuleSet,
    went_out: Sequence[int | None],
    left: Sequence[int],
    over: bool,
) -> RoundState:
    obj = r.obj(data, "round")
    rnd = RoundState(
        number=r.int_(obj["number"], "number", low=1),
        dealer=r.seat(obj["dealer"], "dealer"),
        wild_card=parse_card(obj["wild_card"]),
        salt=check_salt(obj["salt"]),
        hands=tuple(r.cards(hand, "hand") for hand in r.one_per_seat(obj["hands"], "hands")),
        status=tuple(SeatStatus(item) for item in r.one_per_seat(obj["status"], "status")),
        stock=r.cards(obj["stock"], "stock"),
        discard_pile=r.cards(obj["discard_pile"], "discard_pile"),
        face_down=r.cards(obj["face_down"], "face_down"),
        phase=Phase(obj["phase"]),
        turn=r.opt_seat(obj["turn"], "turn"),
        penalties=r.per_seat(obj["penalties"], "penalties"),
        shows=tuple(r.opt_groups(item, "shows") for item in r.one_per_seat(obj["shows"], "shows")),
        drawn_from_discard=r.opt_card(obj["drawn_from_discard"]),
        reshuffles=r.int_(obj["reshuffles"], "reshuffles"),
        history=_history_from_json(obj["history"], r),
    )
    _check_round(rnd, r.seats, rules)
    _check_dealt(rnd, r.seats, went_out, left, over)
    return rnd


def _check_round(rnd: RoundState, seats: int, rules: RuleSet) -> None:
    """What the engine relies on when it plays on from a stored deal."""
    if any(tuple(sorted(hand, key=lambda card: card.index)) != hand for hand in rnd.hands):
        raise ValueError("hands must be sorted")
    everything = [*(c for hand in rnd.hands for c in hand), *rnd.stock, *rnd.discard_pile,
                  *rnd.face_down, rnd.wild_card]
    counts = Counter(card.index for card in everything)
    if len(everything) != rules.deck_size or any(counts[i] != rules.decks for i in range(53)):
        raise ValueError("the deal's cards are not the whole deck")
    dealt = [s for s in range(seats) if rnd.status[s] is not SeatStatus.OUT]
    if len(dealt) < 2:
        raise ValueError("a deal has two players at least")
    for seat in range(seats):
        status = rnd.status[seat]
        if status is SeatStatus.OUT and (rnd.hands[seat] or rnd.penalties[seat]):
            raise ValueError("a seat out of the deal holds no cards and scores nothing")
        if (status in (SeatStatus.DECLARED, SeatStatus.WRONG_SHOW)) != (
            rnd.shows[seat] is not None
        ):
            raise ValueError("exactly the seats that declared have shown groups")
        shown = rnd.shows[seat]
        if shown is not None and Counter(c for g in shown for c in g) != Counter(rnd.hands[seat]):
            raise ValueError("shown groups must hold the declarer's cards")
        if status is not SeatStatus.OUT and not HAND_SIZE <= len(rnd.hands[seat]) <= HAND_SIZE + 1:
            raise ValueError("a dealt hand holds 13 or 14 cards")
        if rnd.penalties[seat] and status not in (SeatStatus.DROPPED, SeatStatus.WRONG_SHOW):
            raise ValueError("only a drop or a wrong show costs points during a deal")
    declared = [s for s in range(seats) if rnd.status[s] is SeatStatus.DECLARED]
    playing = [s for s in range(seats) if rnd.status[s] is SeatStatus.IN]
    if len(declared) > 1 or len(rnd.face_down) != sum(s is not None for s in rnd.shows):
        raise ValueError("one face-down card per declaration, and one valid show at most")
    if rnd.phase is Phase.ROUND_OVER:
        if rnd.turn is not None or rnd.drawn_from_discard is not None:
            raise ValueError("nobody acts in a finished deal")
        return
    if declared or len(playing) < 2 or rnd.turn not in playing:
        raise ValueError("a deal in play has two players in it at least, one of them to act")
    sizes = {s: len(rnd.hands[s]) for s in playing}
    mover = HAND_SIZE + (rnd.phase is Phase.DISCARD)
    if sizes[rnd.turn] != mover or any(sizes[s] != HAND_SIZE for s in playing if s != rnd.turn):
        raise ValueError("the player to act holds 13 cards to draw and 14 to discard")
    if rnd.phase is Phase.DRAW and (not rnd.stock or rnd.drawn_from_discard is not None):
        raise ValueError("a draw needs a stock, and nothing was drawn yet")
    if rnd.drawn_from_discard is not None and rnd.drawn_from_discard not in rnd.hands[rnd.turn]:
        raise ValueError("drawn_from_discard is not in the hand of the player to act")


def _check_dealt(
    rnd: RoundState, seats: int, went_out: Sequence[int | None], left: Sequence[int], over: bool
) -> None:
    """The deal is dealt to the seats still in the game (and its dealer is one); while
    the game goes on, nobody who left is still playing in it."""
    for seat in range(seats):
        out = rnd.status[seat] is SeatStatus.OUT
        gone = went_out[seat]
        if gone is None and seat not in left and out:
            raise ValueError(f"seat {seat} is still in the game but not dealt in")
        if gone is not None and gone < rnd.number and not out:
            raise ValueError(f"seat {seat} went out before this deal but is dealt in")
        playing = rnd.status[seat] is SeatStatus.IN and rnd.phase is not Phase.ROUND_OVER
        if playing and not over and (gone is not None or seat in left):
            raise ValueError(f"seat {seat} left or went out but is in the deal")
    if rnd.status[rnd.dealer] is SeatStatus.OUT:
        raise ValueError("the dealer is dealt in")


def _round_result_from_json(data: object, r: _Reader) -> RoundResult:
    obj = r.obj(data, "round result")
    hands = [
        HandResult(
            seat,
            HandStatus(entry["status"]),
            r.groups(entry["groups"], "result groups"),
            r.cards(entry["ungrouped"], "result ungrouped"),
            r.int_(entry["value"], "result value"),
        )
        for seat, entry in enumerate(
            r.in_seat_order(r.one_per_seat(obj["hands"], "result hands"), "result hand")
        )
    ]
    wild = r.obj(obj["wild_joker"], "wild_joker")
    wild_card = parse_card(wild["card"])
    if wild.get("rank") != rank_text(wild_rank_of(wild_card)):
        raise ValueError("wild_joker rank does not match its card")
    result = RoundResult(
        number=r.int_(obj["number"], "number", low=1),
        dealer=r.seat(obj["dealer"], "dealer"),
        wild_card=wild_card,
        outcome=Outcome(obj["outcome"]),
        winner=r.opt_seat(obj["winner"], "winner"),
        points=r.per_seat(obj["points"], "points"),
        scores_after=r.per_seat(obj["scores_after"], "scores_after"),
        hands=tuple(hands),
    )
    if (result.winner is None) != (result.outcome is Outcome.DRAW):
        raise ValueError("a deal has a winner unless it ended with no winner")
    if result.points != tuple(hand.value for hand in hands):
        raise ValueError("a deal's points are its hands' values")
    return result


def state_from_json(data: object) -> GameState:
    """The game state stored by :func:`state_to_json`.

    Raises :class:`~games.rules.common.errors.ValidationError` (``fields`` naming ``state``) for
    another ``format_version`` or ``variant`` or any malformed content.
    """
    return read_stored(lambda: _state_from_json(data))


def _state_from_json(data: object) -> GameState:
    obj, seats = read_state_header(
        data, STATE_FORMAT_VERSION, VARIANT, range(MIN_SEATS, MAX_SEATS + 1), "2 to 6"
    )
    r = _Reader(seats)
    rules = RuleSet.from_dict(obj["rules"])
    if rules.decks == 1 and seats > 2:
        raise ValueError("one deck is for a table of two")
    went_out = tuple(
        None if item is None else r.int_(item, "went_out", low=1)
        for item in r.one_per_seat(obj["went_out"], "went_out")
    )
    left = r.seat_list(obj["left"], "left")
    final = final_from_json(obj["final"], r, FINAL_REASONS)
    return GameState(
        rules=rules,
        seats=seats,
        scores=r.per_seat(obj["scores"], "scores"),
        went_out=went_out,
        round=_round_state_from_json(obj["round"], r, rules, went_out, left, final is not None),
        rounds=tuple(
            _round_result_from_json(item, r) for item in r.list_(obj["rounds"], "rounds")
        ),
        left=left,
        final=final,
    )


__all__ = [
    "FINAL_REASONS",
    "MAX_INT",
    "STATE_FORMAT_VERSION",
    "VARIANT",
    "action_from_json",
    "action_to_json",
    "arrangement_to_json",
    "check_deck",
    "deck_to_json",
    "final_to_json",
    "hand_result_to_json",
    "legal_action_to_json",
    "round_result_to_json",
    "round_view_to_json",
    "state_from_json",
    "state_to_json",
    "view_to_json",
    "wild_joker_to_json",
]
