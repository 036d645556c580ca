"""Settling rounds and games (docs/games/gin.md#scoring).

Round points:

* knock: defender deadwood (after melding and laying off) minus knocker deadwood;
* gin (knock with deadwood 0): ``gin_bonus`` + defender deadwood, no lay-offs;
* big gin: ``big_gin_bonus`` + defender deadwood, no lay-offs;
* undercut (a knock where the defender's deadwood <= the knocker's; never on gin): the
  defender scores ``undercut_bonus`` + the difference, the knocker nothing;
* draw: nobody scores.

Game settlement (:func:`settle_game`): the player who reached ``target_score`` gets
``game_bonus``; each player gets ``line_bonus`` per hand won; on a shutout (that player won
every hand and no hand was drawn) with ``shutout_doubles`` that player's hand points are
doubled first. The highest total wins; a tie goes to the player who reached the target.
A concession or timeout (:func:`settle_concession`) gives the game to the other player
whatever the totals: hand points so far plus line bonuses, no game bonus, no doubling.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.common.cards import Card, cards_of, mask_of
from games.rules.gin.melds import (
    MELD_BY_MASK,
    arrangement_from_masks,
    arrangements_mask,
    defence_from_masks,
    layoff_deadwood_mask,
    layoff_targets_mask,
)
from games.rules.gin.ruleset import RuleSet
from games.rules.gin.state import FinalResult, HandResult, Outcome, RoundResult, SeatTotal


def choose_knocker_melds(knocker: int, defender: int) -> tuple[int, tuple[int, ...]]:
    """``(deadwood, meld masks)``: the knocker's least-deadwood arrangement that leaves the
    defender the most deadwood after lay-offs (first found on a further tie)."""
    deadwood, arrangements = arrangements_mask(knocker)
    if deadwood == 0 or len(arrangements) == 1:
        return deadwood, arrangements[0]
    best = arrangements[0]
    best_left = -1
    for melds in arrangements:
        runs, fourths = layoff_targets_mask(melds)
        left = layoff_deadwood_mask(defender, runs, fourths)
        if left > best_left:
            best_left = left
            best = melds
    return deadwood, best


def _plain_hand(seat: int, mask: int) -> HandResult:
    _, arrangements = arrangements_mask(mask)
    arrangement = arrangement_from_masks(mask, arrangements[0])
    return HandResult(
        seat,
        cards_of(mask),
        arrangement.melds,
        arrangement.deadwood,
        arrangement.deadwood_points,
    )


def _ordered(first: HandResult, second: HandResult) -> tuple[HandResult, HandResult]:
    return (first, second) if first.seat == 0 else (second, first)


def settle_knock(
    rules: RuleSet,
    knocker: int,
    knocker_cards: Sequence[Card],
    knocker_melds: Sequence[int] | None,
    defender_cards: Sequence[Card],
) -> tuple[Outcome, int, int, tuple[HandResult, HandResult]]:
    """``(outcome, winner, points, hands)`` of a knock (gin when the knocker's deadwood
    is 0). ``knocker_melds`` are validated meld masks, or ``None`` to choose them."""
    knocker_mask = mask_of(knocker_cards)
    defender_mask = mask_of(defender_cards)
    defender = 1 - knocker
    if knocker_melds is None:
        _, melds = choose_knocker_melds(knocker_mask, defender_mask)
    else:
        melds = tuple(knocker_melds)
    arrangement = arrangement_from_masks(knocker_mask, melds)
    knocker_points = arrangement.deadwood_points
    knocker_hand = HandResult(
        knocker,
        cards_of(knocker_mask),
        arrangement.melds,
        arrangement.deadwood,
        knocker_points,
    )
    if knocker_points == 0:
        defender_hand = _plain_hand(defender, defender_mask)
        points = rules.gin_bonus + defender_hand.deadwood_points
        return Outcome.GIN, knocker, points, _ordered(knocker_hand, defender_hand)
    defence = defence_from_masks(melds, defender_mask)
    defender_hand = HandResult(
        defender,
        cards_of(defender_mask),
        defence.melds,
        defence.deadwood,
        defence.deadwood_points,
        defence.layoffs,
    )
    hands = _ordered(knocker_hand, defender_hand)
    if defence.deadwood_points <= knocker_points:
        points = rules.undercut_bonus + knocker_points - defence.deadwood_points
        return Outcome.UNDERCUT, defender, points, hands
    return Outcome.KNOCK, knocker, defence.deadwood_points - knocker_points, hands


def settle_big_gin(
    rules: RuleSet,
    knocker: int,
    knocker_cards: Sequence[Card],
    knocker_melds: Sequence[int] | None,
    defender_cards: Sequence[Card],
) -> tuple[Outcome, int, int, tuple[HandResult, HandResult]]:
    """``(outcome, winner, points, hands)`` of a big gin."""
    knocker_mask = mask_of(knocker_cards)
    if knocker_melds is None:
        knocker_hand = _plain_hand(knocker, knocker_mask)
    else:
        knocker_hand = HandResult(
            knocker,
            cards_of(knocker_mask),
            tuple(MELD_BY_MASK[meld] for meld in knocker_melds),
            (),
            0,
        )
    defender_hand = _plain_hand(1 - knocker, mask_of(defender_cards))
    points = rules.big_gin_bonus + defender_hand.deadwood_points
    return Outcome.BIG_GIN, knocker, points, _ordered(knocker_hand, defender_hand)


def settle_draw(hands: Sequence[Sequence[Card]]) -> tuple[HandResult, HandResult]:
    """Both hands of a drawn round, each in its least-deadwood arrangement."""
    return _plain_hand(0, mask_of(hands[0])), _plain_hand(1, mask_of(hands[1]))


def _hand_points(rounds: Sequence[RoundResult]) -> list[int]:
    points = [0, 0]
    for result in rounds:
        if result.winner is not None:
            points[result.winner] += result.points
    return points


def _hands_won(rounds: Sequence[RoundResult]) -> list[int]:
    won = [0, 0]
    for result in rounds:
        if result.winner is not None:
            won[result.winner] += 1
    return won


def _final(winner: int, reason: str, lines: list[SeatTotal]) -> FinalResult:
    return FinalResult(winner, reason, (lines[0].total, lines[1].total), (lines[0], lines[1]))


def settle_game(rules: RuleSet, rounds: Sequence[RoundResult], reached: int) -> FinalResult:
    """Settle a game ended by ``reached`` reaching the target score."""
    points = _hand_points(rounds)
    won = _hands_won(rounds)
    shutout = (
        rules.shutout_doubles
        and bool(rounds)
        and all(result.winner == reached for result in rounds)
    )
    lines = []
    for seat in (0, 1):
        doubled = shutout and seat == reached
        hand_points = points[seat] * 2 if doubled else points[seat]
        game_bonus = rules.game_bonus if seat == reached else 0
        line_bonus = rules.line_bonus * won[seat]
        lines.append(
            SeatTotal(
                seat,
                hand_points,
                game_bonus,
                line_bonus,
                doubled,
                hand_points + game_bonus + line_bonus,
            )
        )
    other = 1 - reached
    winner = other if lines[other].total > lines[reached].total else reached
    return _final(winner, "target", lines)


def settle_concession(
    rules: RuleSet, rounds: Sequence[RoundResult], loser: int, reason: str
) -> FinalResult:
    """Settle a game given up by ``loser`` (``reason``: ``concede`` or ``timeout``)."""
    points = _hand_points(rounds)
    won = _hands_won(rounds)
    lines = []
    for seat in (0, 1):
        line_bonus = rules.line_bonus * won[seat]
        lines.append(SeatTotal(seat, points[seat], 0, line_bonus, False, points[seat] + line_bonus))
    return _final(1 - loser, reason, lines)
