"""A game between people that ends by a concession or a timeout before the loser has drawn
``FAIRPLAY_EARLY_FORFEIT_DRAWS`` times is unrated, decided when it finishes: its result rows
say ``rated: false``, so no rating, no board and no profile statistic ever counts it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, GameResult
from leaderboards.models import PlayerRating, RatedGame
from leaderboards.services import game_rate, games_rate_pending, standings_refresh_open
from tests.fairplay.helpers import boards, concede, play_draws, table, view

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_accounts_trading_wins_by_early_concessions_move_no_rating_and_no_board(players):
    users, clients = players(2)
    _, watcher = players(1)
    before = boards(watcher[0])
    for number in range(6):
        loser = number % 2  # they take turns at losing: each "wins" three times
        game_id = table(clients)
        play_draws(clients, game_id, {loser: 1})
        final = concede(clients[loser], game_id)["final"]
        assert final["winner"] == 1 - loser and final["aborted"] is False
        assert final["rated"] is False and final["unrated_reason"] == "early_forfeit"
    # Whatever runs later: the sweep of unrated games, a refresh of every board.
    later = timezone.now() + timedelta(minutes=5)
    assert games_rate_pending(now=later) == 0
    for game in Game.objects.all():
        assert game_rate(game_id=game.pk) is None
    standings_refresh_open(now=timezone.now())
    assert boards(watcher[0]) == before
    for seat, client in clients.items():
        mine = _standings(boards(client))
        assert all(me is None for _, me in mine.values()), mine
        profile = client.get(f"/api/v1/users/{users[seat].username}").json()
        assert profile["stats"]["games"] == 0 and profile["stats"]["rating"] == 1500
    assert not PlayerRating.objects.exists() and not RatedGame.objects.exists()
    rows = GameResult.objects.all()
    assert rows.count() == 12
    assert set(rows.values_list("rated", "unrated_reason")) == {(False, "early_forfeit")}


def _standings(all_boards: dict) -> dict:
    return {key: value for key, value in all_boards.items() if not key.startswith("rating:")}


@pytest.mark.parametrize(
    ("draws", "rated"),
    [(1, False), (2, False), (3, True)],
    ids=["one-draw", "threshold-minus-one", "threshold"],
)
def test_a_concession_is_unrated_below_the_loser_s_draw_threshold_and_rated_at_it(
    players, settings, draws, rated
):
    assert settings.FAIRPLAY_EARLY_FORFEIT_DRAWS == 3
    _, clients = players(2)
    game_id = table(clients)
    made = play_draws(clients, game_id, {1: draws})
    assert made[1] == draws
    final = concede(clients[1], game_id)["final"]
    assert final["rated"] is rated
    assert final["unrated_reason"] == (None if rated else "early_forfeit")
    assert RatedGame.objects.filter(game_id=game_id, applied=True).exists() is rated
    assert set(GameResult.objects.filter(game_id=game_id).values_list("rated", flat=True)) == {
        rated
    }


def test_the_threshold_is_a_setting(players, settings):
    settings.FAIRPLAY_EARLY_FORFEIT_DRAWS = 1
    _, clients = players(2)
    game_id = table(clients)
    play_draws(clients, game_id, {1: 1})
    assert concede(clients[1], game_id)["final"]["rated"] is True


def test_the_winner_s_own_draws_do_not_count_for_the_loser(players):
    _, clients = players(2)
    game_id = table(clients, dealer=1)  # seat 0 plays first
    assert play_draws(clients, game_id, {0: 3, 1: 2}) == {0: 3, 1: 2}
    final = concede(clients[1], game_id)["final"]
    assert final["rated"] is False and final["unrated_reason"] == "early_forfeit"


def test_an_aborted_game_says_so_as_its_unrated_reason(players):
    _, clients = players(2)
    game_id = table(clients)
    final = concede(clients[1], game_id)["final"]
    assert final["aborted"] is True
    assert final["rated"] is False and final["unrated_reason"] == "aborted"
    assert not GameResult.objects.filter(game_id=game_id).exists()


def test_a_game_against_the_computer_conceded_early_still_counts_the_loss(auth_client, user):
    created = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    game_id = created["id"]
    clients = {0: auth_client}
    current = view(auth_client, game_id)
    for _ in range(10):  # the player moves once (the computer has moved by then, or will)
        if current["round"]["turn"] == current["you"]:
            legal = {a["type"] for a in current["round"]["legal_actions"]}
            body = {"type": "pass"} if "pass" in legal else {"type": "draw_stock"}
            assert (
                clients[0].post(f"/api/v1/games/{game_id}/actions", body, format="json").status_code
                == 200
            )
            current = view(auth_client, game_id)
            if Game.objects.get(pk=game_id).moves.filter(seat=1).exists():
                break
    final = concede(auth_client, game_id)["final"]
    if final["aborted"]:
        pytest.fail("the computer had not moved: the deal gave it nothing to do")
    assert final["rated"] is True
    assert GameResult.objects.get(game_id=game_id, user=user).rated is True
