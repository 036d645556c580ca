"""Application errors of the games API, and the one mapping from the rules' errors.

Status codes follow docs/api.md#errors: 409 for conflicts with the game's current state
(``not_your_turn``, ``version_conflict``, ``game_not_active``, ``game_full``, …), 422 for
well-formed actions the rules refuse, 400 for malformed input, 404 for games the caller
does not sit at (no existence leak).

Services let a rules error pass as it is (noting the game version it met, or the request
field it came from, with :func:`at_version` / :func:`in_field`, then ``raise``); the handler
renders it through :func:`rules_error_to_http`, registered when the games app loads.
"""

from __future__ import annotations

from core.exceptions import ApplicationError, Conflict, NotFound, Unprocessable
from games.variants import RulesError, http_status


class GameNotFound(NotFound):
    default_detail = "No such game."


class InvalidCode(NotFound):
    code = "invalid_code"
    default_detail = "No game is waiting for that invite code."


class GameFull(Conflict):
    code = "game_full"
    default_detail = "That game already has two players."


class CannotJoinOwnGame(Conflict):
    code = "cannot_join_own_game"
    default_detail = "You created this game; share the code with a friend instead."


class GameNotWaiting(Conflict):
    code = "game_not_waiting"
    default_detail = "Only a game that is still waiting for a player can be cancelled."


class RulesNotForTable(Unprocessable):
    """Rules each of whose options is valid, but that a table of this size cannot be dealt
    with (Indian Rummy's one deck at more than two seats): ``fields`` names the option."""

    code = "rules_not_for_table"


class TooManyWaitingGames(Conflict):
    code = "too_many_waiting_games"

    def __init__(self, *, limit: int) -> None:
        super().__init__(
            f"You already have {limit} tables waiting for a player; start or cancel one first.",
            extra={"limit": limit},
        )


class NotCreator(Conflict):
    code = "not_creator"
    default_detail = "Only the player who created the game can cancel it."


class GameNotFinished(Conflict):
    code = "game_not_finished"
    default_detail = "A rematch can be asked for once the game is finished."


class ReviewGameNotFinished(GameNotFinished):
    default_detail = "A game is reviewed once it is finished, never while it is played."


class ReviewNotRequested(NotFound):
    code = "review_not_requested"
    default_detail = "Nobody has asked for this review yet: POST /games/{id}/review asks for it."


class NotAnOffer(Conflict):
    code = "not_a_rematch_offer"
    default_detail = "This game is not a rematch offer."


class CannotAcceptOwnOffer(Conflict):
    code = "cannot_accept_own_offer"
    default_detail = "You made this rematch offer; the other player accepts it."


class OfferLapsed(Conflict):
    code = "rematch_lapsed"
    default_detail = "The rematch offer lapsed (unanswered for 10 minutes)."


class InvalidPhrase(ApplicationError):
    code = "invalid_phrase"
    default_detail = "Unknown phrase."


class HintsUnavailable(Conflict):
    code = "hints_unavailable"
    default_detail = (
        "Hints are offered in games against the computer only (they are unrated); not at "
        "a table with other people."
    )


class NotYourTurn(Conflict):
    code = "not_your_turn"

    def __init__(self, *, current: int) -> None:
        super().__init__("It is not your turn.", extra={"current_version": current})


class GameNotActive(Conflict):
    code = "game_not_active"

    def __init__(self, message: str = "The game is not active.", *, current: int) -> None:
        super().__init__(message, extra={"current_version": current})


class VersionConflict(Conflict):
    code = "version_conflict"

    def __init__(self, *, current: int) -> None:
        super().__init__(
            f"The game is at version {current}; refresh and try again.",
            extra={"current_version": current},
        )


class IdempotencyKeyReused(Unprocessable):
    code = "idempotency_key_reused"
    default_detail = "This Idempotency-Key was already used with a different request body."


def at_version(exc: BaseException, version: int) -> None:
    """Note on a rules error the game version it was raised at (its 409 says so)."""
    exc.game_version = version  # type: ignore[attr-defined]


def in_field(exc: BaseException, field: str) -> None:
    """Note on a rules error the request field it is about (``rules`` -> ``rules.<key>``)."""
    exc.field_prefix = field  # type: ignore[attr-defined]


def rules_error_to_http(exc: Exception) -> ApplicationError:
    """The HTTP error for a rules-core error (same machine code, same sentence): the status
    is the one its class says (:func:`games.variants.http_status`: 400 malformed, 409 a
    turn or state conflict, 422 refused by the rules)."""
    assert isinstance(exc, RulesError)
    fields = getattr(exc, "fields", None) or None
    prefix = getattr(exc, "field_prefix", None)
    if fields and prefix:
        fields = {f"{prefix}.{key}": messages for key, messages in fields.items()}
    status_code = http_status(exc)
    version = getattr(exc, "game_version", None)
    extra = {"current_version": version} if version is not None and status_code == 409 else None
    return ApplicationError(
        exc.detail, code=str(exc.code), status_code=status_code, fields=fields, extra=extra
    )
