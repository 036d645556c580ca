"""The game factories make games in every state through the services, dealt as asked."""

from __future__ import annotations

import pytest

from games import services
from games.errors import GameNotFound
from games.models import GameStatus
from games.replay import replay_game
from tests.factories import ComputerGameFactory, HumanGameFactory
from tests.games.conftest import full_deck

pytestmark = pytest.mark.django_db

DECK = full_deck("AS 2S 3S 4S 5S 9D JC QH KD 8C 7C 7D 7H 4D 4C 4H QS QC TD TC 6S")


@pytest.mark.parametrize(
    "status", [GameStatus.WAITING, GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.ABANDONED]
)
def test_human_games_in_every_state_are_games_the_server_made(status):
    game = HumanGameFactory(status=status)
    game.refresh_from_db()
    assert game.status == status
    assert game.seats.count() == (1 if status in ("waiting", "abandoned") else 2)
    if game.state is not None:
        assert replay_game(game) is None  # the move log replays to the snapshot


def test_a_human_game_is_dealt_from_the_deck_asked_for():
    game = HumanGameFactory(deck=DECK, dealer=0)
    state = game.rules_state()
    deal = game.deals.get()
    assert deal.deck == [str(card) for card in DECK] and deal.dealer == 0
    assert deal.salt == "0" * 32
    assert [str(c) for c in sorted(state.round.hands[1], key=str)] == sorted(
        str(c) for c in DECK[:10]
    )
    assert str(state.round.discard_pile[-1]) == "6S"


def test_a_finished_game_has_results_and_the_loser_conceded():
    game = HumanGameFactory(status=GameStatus.FINISHED, loser=0)
    assert game.finish_reason == "concede" and game.winner_seat == 1 and not game.aborted
    # The join, two passes, three turns each of a draw and a discard (what a rated
    # concession needs, FAIRPLAY_EARLY_FORFEIT_DRAWS), the concession.
    assert game.version == 1 + 2 + 3 * 2 * 2 + 1
    assert {(r.seat, r.won, r.rated) for r in game.results.all()} == {
        (0, False, True),
        (1, True, True),
    }


def test_a_game_conceded_before_anyone_moved_is_aborted():
    game = HumanGameFactory(status=GameStatus.FINISHED, aborted=True)
    assert game.aborted and not game.results.exists()
    assert replay_game(game) is None


def test_a_computer_game_starts_from_its_deck_with_the_non_dealer_to_act():
    game = ComputerGameFactory(deck=DECK, dealer=1, difficulty="easy")
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.seats.get(seat=1).computer == "easy"
    assert game.deals.get(number=1).deck == [str(card) for card in DECK]
    assert (game.turn_seat, game.version) == (0, 0)  # the player is the non-dealer
    assert replay_game(game) is None


def test_services_treat_an_id_that_is_no_uuid_as_a_game_that_does_not_exist(user):
    assert services.game_enforce_timers(game_id="not-a-uuid") is False
    assert services.game_play_computer_turn(game_id="not-a-uuid", version=0) == 0
    assert services.game_expire_turn(game_id="not-a-uuid", version=0) is False
    with pytest.raises(GameNotFound):
        services.game_concede(game_id="not-a-uuid", user=user)
    with pytest.raises(GameNotFound):
        services.game_post_message(game_id="not-a-uuid", user=user, phrase="good_luck")


def test_a_seeded_shuffler_deals_the_same_games_every_time():
    from games import dealing
    from games.variants import VARIANTS

    def deals(seed: int) -> list:
        with dealing.seeded(seed):
            source = dealing.shuffler()
            return [
                (source.first_dealer(4), source.deck(variant, {}), source.salt())
                for variant in VARIANTS.values()
            ]

    first = deals(7)
    assert first == deals(7) and first != deals(8)
    assert all(len(salt) == 32 and int(salt, 16) >= 0 for _, _, salt in first)
