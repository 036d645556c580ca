"""Every game's worlds a seat cannot tell from the real one, and the game review's estimate
of what a move lost against another (:mod:`games.ai.common.appraise`), through the
game's rules and players alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.ai.common.appraise import move_loss
from tests.ai.common.positions import positions
from tests.rules.common.playouts import GAMES, play

LEVEL = "medium"


def _positions(game, seats: int, count: int, seed: int = 1):
    """``(state, seat)`` of ``count`` decisions spread over a playout of ``game``."""
    playout = play(game, seats, seed, forfeits=False)
    states = [playout.first, *playout.states[:-1]]
    picked = []
    for state in states[3::5]:
        progress = game.rules.progress(state)
        if progress.turn is not None and not progress.is_over and not progress.awaiting_deal:
            picked.append((state, progress.turn))
        if len(picked) == count:
            break
    assert len(picked) == count
    return picked


def _unseen(rules, state, seat) -> Counter[str]:
    rnd = state.round
    cards = [str(c) for other, hand in enumerate(rnd.hands) if other != seat for c in hand]
    return Counter([*cards, *(str(c) for c in rnd.stock)])


@pytest.mark.parametrize(
    ("game", "seats"),
    [(game, seats) for game in GAMES for seats in (game.seats[0], game.seats[-1])],
    ids=str,
)
def test_a_world_keeps_the_seats_view_and_deals_only_the_cards_it_cannot_see(game, seats):
    rules = game.rules
    moved = 0
    for state, seat in _positions(game, seats, 6):
        world = rules.unseen_redealt(state, seat, random.Random(5))
        assert rules.view_for(world, seat) == rules.view_for(state, seat)
        assert _unseen(rules, world, seat) == _unseen(rules, state, seat)
        sizes = [len(hand) for hand in world.round.hands]
        assert sizes == [len(hand) for hand in state.round.hands]
        assert len(world.round.stock) == len(state.round.stock)
        moved += world.round.hands != state.round.hands
        # The same unseen cards laid out otherwise give the same world.
        other = rules.unseen_redealt(state, seat, random.Random(6))
        assert rules.unseen_redealt(other, seat, random.Random(5)) == world
    assert moved >= 5


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_move_loses_nothing_against_itself_and_the_estimate_repeats_for_a_seed(game):
    rules, players = game.rules, game.players
    (state, seat), = _positions(game, game.seats[0], 1)
    move = players.choose(rules.view_for(state, seat), LEVEL, random.Random(1))
    same = move_loss(
        rules, players, state, seat, move, move, worlds=4, level=LEVEL, rng=random.Random(2)
    )
    assert same.points == 0 and same.worlds == 4
    other = players.choose(rules.view_for(state, seat), "random", random.Random(3))
    first, again = (
        move_loss(
            rules, players, state, seat, other, move, worlds=4, level=LEVEL, rng=random.Random(2)
        )
        for _ in range(2)
    )
    assert first == again


def _ends_the_round(rules, state, seat, move) -> bool:
    before = rules.progress(state)
    after = rules.progress(rules.apply_action(state, move, seat))
    return after.is_over or after.awaiting_deal or after.round_number != before.round_number


def _chances_to_end_the_round(game, count: int):
    """``(state, seat, ending, other)``: positions where Medium ends the round (a knock,
    a show, going out) and another legal move that does not."""
    rules, players = game.rules, game.players
    found = []
    settings = rules.rules_from_json(None)
    for seed in range(1, 40):
        def medium(name, view, rng):
            return players.choose(view, name, rng)

        for state, seat, view, _ in positions(rules, medium, (LEVEL, LEVEL), seed, settings, 400):
            ending = players.choose(view, LEVEL, random.Random(1))
            if not _ends_the_round(rules, state, seat, ending):
                continue
            others = (players.choose(view, "random", random.Random(n)) for n in range(20))
            other = next(
                (o for o in others if o != ending and not _ends_the_round(rules, state, seat, o)),
                None,
            )
            if other is not None:
                found.append((state, seat, ending, other))
                break
        if len(found) == count:
            return found
    pytest.fail(f"fewer than {count} chances to end a round")


ENDING_GAMES = [game for game in GAMES if game.name in ("gin", "indian")]
"""Games where a seat's one move ends the round while another would not (a Rummy player
goes out with the discard of its last card, its only move then): Gin Rummy's scores count
for a seat, Indian Rummy's against it."""


@pytest.mark.parametrize("game", ENDING_GAMES, ids=str)
def test_passing_up_the_end_of_a_round_loses_points_whichever_way_scores_count(game):
    """Where Medium ends the round (a knock, a valid show), playing on instead comes out
    behind: the estimate points the right way for points that count for a seat and for
    penalty points."""
    rules, players = game.rules, game.players
    losses = [
        move_loss(
            rules, players, state, seat, other, ending, worlds=8, level=LEVEL,
            rng=random.Random(n),
        ).points
        for n, (state, seat, ending, other) in enumerate(_chances_to_end_the_round(game, 4))
    ]
    assert sum(losses) / len(losses) > 3, losses
