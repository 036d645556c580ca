"""Every game's :class:`~games.rules.common.game.GameRules`, played through the interface
alone: the same properties hold for each game of the family."""

from __future__ import annotations

import json
import random

import pytest

from games.rules.common.cards import parse_card
from games.rules.common.errors import RulesError, ValidationError, http_status
from games.rules.common.game import Forfeit, GameOutcome, Progress, replay
from tests.rules.common.playouts import GAMES, Game, Playout, play, playouts

PLAYOUTS = list(playouts(seeds=3))
IDS = [f"{game}-{seats}-seats-seed-{seed}" for game, seats, seed in PLAYOUTS]


@pytest.fixture(scope="module", params=PLAYOUTS, ids=IDS)
def played(request) -> tuple[Game, Playout]:
    game, seats, seed = request.param
    return game, play(game, seats, seed)


def test_a_playout_ends_and_its_outcome_places_every_seat(played):
    game, playout = played
    rules = game.rules
    progress = rules.progress(playout.last)
    assert isinstance(progress, Progress)
    assert progress.is_over and progress.turn is None
    outcome = rules.outcome(playout.last)
    assert isinstance(outcome, GameOutcome)
    seats = len(progress.scores)
    assert sorted(outcome.placement) == list(range(seats)) == [r.seat for r in outcome.seats]
    assert outcome.placement[0] == outcome.winner
    assert sorted(rules.standings(playout.last)) == list(range(seats))
    assert outcome.reason in ("concede", "timeout") or outcome.hands >= 1


def test_the_one_fold_of_the_log_gives_every_live_state(played):
    game, playout = played
    decks = [(deck, "") for deck in playout.decks]
    folded = list(replay(game.rules, playout.first, playout.steps, decks))
    assert [game.rules.state_to_json(s) for s in folded] == [
        game.rules.state_to_json(s) for s in playout.states
    ]


def test_actions_and_states_round_trip_through_their_json(played):
    game, playout = played
    rules = game.rules
    for _, step in playout.steps:
        if isinstance(step, Forfeit):
            continue
        body = json.loads(json.dumps(rules.action_to_json(step)))
        assert rules.action_from_json(body) == step
        assert rules.action_to_json(rules.action_from_json(body)) == body
    for state in [playout.first, *playout.states[::7], playout.last]:
        stored = json.loads(json.dumps(rules.state_to_json(state)))
        assert rules.state_from_json(stored) == state
        assert rules.state_to_json(rules.state_from_json(stored)) == stored


def test_a_drawn_card_is_named_and_only_a_discard_pile_card_is_public(played):
    game, playout = played
    rules = game.rules
    before = playout.first
    for (_, step), after in zip(playout.steps, playout.states, strict=True):
        if not isinstance(step, Forfeit):
            kind = rules.action_to_json(step)
            drawn = rules.drawn_card(before, step, after)
            if kind["type"] in ("draw_stock", "draw_discard"):
                parse_card(drawn)
            else:
                assert drawn == ""
            assert rules.card_is_public(kind) == (kind["type"] == "draw_discard")
        before = after


def _hide_others(game: Game, state: object, viewer: int, rng: random.Random) -> object:
    """``state`` with the cards no seat but their holder sees (the other hands, the
    stock) dealt again at random: the hand of the seat to act, whose taken card the rules
    check, stays as it is, and so does a hand its seat has shown (an Indian Rummy
    declaration: the stored groups are those cards)."""
    stored = game.rules.state_to_json(state)
    rnd = stored["round"]
    shown = rnd.get("shows") or [None] * len(rnd["hands"])
    others = [
        seat
        for seat in range(len(rnd["hands"]))
        if seat not in (viewer, rnd["turn"]) and shown[seat] is None
    ]
    pool = [card for seat in others for card in rnd["hands"][seat]] + rnd["stock"]
    rng.shuffle(pool)
    at = 0
    for seat in others:
        size = len(rnd["hands"][seat])
        rnd["hands"][seat] = sorted(pool[at : at + size], key=lambda c: parse_card(c).index)
        at += size
    rnd["stock"] = pool[at:]
    return game.rules.state_from_json(stored)


def test_a_view_never_depends_on_another_seats_hand_or_the_stock(played):
    game, playout = played
    rules = game.rules
    rng = random.Random(5)
    for state in playout.states[::5]:
        seats = len(rules.progress(state).scores)
        for viewer in range(seats):
            shown = rules.view_to_json(rules.view_for(state, viewer))
            hidden = _hide_others(game, state, viewer, rng)
            again = rules.view_to_json(rules.view_for(hidden, viewer))
            assert again == shown
            person = rules.view_to_json(rules.view_for_person(state, viewer))
            if not rules.has_left(state, viewer) or rules.progress(state).is_over:
                assert person == shown
            else:
                assert person["round"]["hand"] == [] and person["round"]["legal_actions"] == []


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_refusal_names_its_code_and_changes_nothing(game):
    rules = game.rules
    settings = rules.rules_from_json(None)
    state = rules.new_game(
        settings, seats=2, dealer=0, deck=rules.new_deck(random.Random(1), settings), salt=""
    )
    stored = rules.state_to_json(state)
    turn = rules.progress(state).turn
    codes = {str(cls.code) for cls in rules.errors}
    refused = [(1 - turn, {"type": "draw_stock"}), (turn, {"type": "discard", "card": "AS"})]
    for seat, body in refused:
        with pytest.raises(RulesError) as caught:
            rules.apply_action(state, rules.action_from_json(body), seat)
        assert str(caught.value.code) in codes
        assert http_status(type(caught.value)) in (409, 422)
    with pytest.raises(ValidationError):
        rules.action_from_json({"type": "no_such_action"})
    with pytest.raises(ValidationError):
        rules.rules_from_json({"no_such_option": 1})
    assert rules.state_to_json(state) == stored


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_rules_json_has_every_option_at_its_default(game):
    rules = game.rules
    assert rules.rules_from_json(None) == {o.name: o.default for o in rules.options}
    assert set(rules.action_types) == set(rules.schemas.actions)
    assert str(rules.error_codes.__name__).endswith("ErrorCode")
