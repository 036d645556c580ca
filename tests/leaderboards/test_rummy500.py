"""Rummy 500 on the boards, the ratings and the profiles (docs/games/rummy500.md#leaderboards):
whole games played through the API count on ``?variant=rummy500`` only; first place is the
win, and it adds the winner's grand total (never below 0); ratings are pairwise by
placement; games against the computers count in the computer category, unrated."""

from __future__ import annotations

import pytest

from games.models import GameResult
from leaderboards.models import PlayerRating, Standing
from leaderboards.weights import LEVEL_WEIGHTS
from tests.games.melding.tables import computer_table_fixture, people_table_fixture
from tests.games.rummy500.helpers import play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)

computer_table = computer_table_fixture("rummy500")
people_table = people_table_fixture("rummy500")


def rows(body: dict) -> list[tuple]:
    return [(r["user"]["username"], r["score"], r["wins"], r["games"]) for r in body["results"]]


def test_a_game_between_people_counts_on_the_rummy500_boards_and_ratings(people_table):
    decks = [seeded_deck(9500 + n) for n in (0, 1)]
    table = people_table(seats=3, rules={"rounds": 2}, decks=decks)
    view = play_out(table["id"], table["clients"], seed=9500)
    assert view["status"] == "finished" and not view["final"].get("aborted")
    final, users = view["final"], table["users"]
    winner = users[final["winner"]]
    won = max(final["totals"][final["winner"]], 0)

    client = table["clients"][0]
    board = client.get("/api/v1/leaderboards/weekly?variant=rummy500").json()
    assert board["variant"] == "rummy500" and board["count"] == 3
    assert rows(board)[0] == (winner.username, float(won), 1, 1)
    assert sorted(rows(board)[1:]) == sorted(
        (users[seat].username, 0.0, 0, 1) for seat in final["placement"][1:]
    )
    for other in ("gin", "rummy", "indian"):
        assert client.get(f"/api/v1/leaderboards/weekly?variant={other}").json()["count"] == 0
    computer = client.get("/api/v1/leaderboards/weekly?variant=rummy500&category=computer")
    assert computer.json()["count"] == 0
    assert set(Standing.objects.values_list("variant", flat=True)) == {"rummy500"}

    ratings = {r.user_id: r for r in PlayerRating.objects.filter(variant="rummy500")}
    assert set(ratings) == {user.pk for user in users.values()}
    first, second, last = (users[seat].pk for seat in final["placement"])
    assert ratings[first].rating > ratings[second].rating > ratings[last].rating
    assert ratings[first].rating > 1500 > ratings[last].rating
    assert not PlayerRating.objects.exclude(variant="rummy500").exists()
    rated = client.get("/api/v1/leaderboards/rating?variant=rummy500").json()
    assert rated["variant"] == "rummy500" and rated["count"] == 0  # all provisional
    mine = rated["me"]
    assert mine["rank"] is None and mine["provisional"] is True
    assert mine["rating"] == round(ratings[users[0].pk].rating, 2)
    assert client.get("/api/v1/leaderboards/rating?variant=rummy").json()["me"] is None

    stats = client.get(f"/api/v1/users/{winner.username}").json()["stats"]
    assert stats["games"] == 0  # the top level is Gin Rummy's
    mine = stats["variants"]["rummy500"]
    assert (mine["games"], mine["wins"], mine["losses"]) == (1, 1, 0)
    assert mine["rating"] == round(ratings[first].rating, 2)
    loser = users[final["placement"][-1]]
    theirs = client.get(f"/api/v1/users/{loser.username}").json()["stats"]["variants"]
    assert (theirs["rummy500"]["games"], theirs["rummy500"]["wins"]) == (1, 0)
    assert theirs["rummy"]["games"] == 0


def test_a_game_against_the_computers_counts_in_the_computer_category(computer_table):
    table = computer_table(
        computers=2, difficulty="hard", rules={"rounds": 1}, decks=[seeded_deck(9600)]
    )
    view = play_out(table["id"], table["clients"], seed=9600)
    assert view["status"] == "finished"
    client = table["clients"][0]
    board = client.get("/api/v1/leaderboards/weekly?variant=rummy500&category=computer").json()
    me = table["users"][0]
    assert board["count"] == 1 and board["results"][0]["user"]["username"] == me.username
    row = GameResult.objects.get(game_id=table["id"])
    assert row.variant == "rummy500"
    expected = float(max(row.total, 0) * LEVEL_WEIGHTS["hard"]) if row.won else 0.0
    assert board["results"][0]["score"] == expected
    assert board["results"][0]["wins"] == int(row.won) and board["results"][0]["games"] == 1
    assert client.get("/api/v1/leaderboards/weekly?variant=rummy500").json()["count"] == 0
    assert not PlayerRating.objects.exists()  # games against the computer are unrated


def test_an_unknown_variant_names_rummy500_among_the_boards(auth_client):
    response = auth_client.get("/api/v1/leaderboards/weekly?variant=rummy5000")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_variant"
    assert "rummy500" in response.json()["detail"]
