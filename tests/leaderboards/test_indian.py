"""Indian Rummy on the boards, the ratings and the profiles (docs/games/indian-rummy.md): whole
games played
through the API count on ``?variant=indian`` only; first place is the win; an Indian Rummy
win scores the points the others scored in the deals it won (its totals are penalties);
ratings are pairwise by placement."""

from __future__ import annotations

import pytest

from games.models import GameResult
from leaderboards.models import PlayerRating, Standing
from tests.games.indian.helpers import play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)


def rows(body: dict) -> list[tuple]:
    return [(r["user"]["username"], r["score"], r["wins"], r["games"]) for r in body["results"]]


def test_a_game_between_people_counts_on_the_indian_boards_and_ratings(people_table):
    table = people_table(seats=3, rules={"format": "points"}, decks=[seeded_deck(9007)])
    view = play_out(table["id"], table["clients"])
    assert view["status"] == "finished" and not view["final"]["aborted"]
    final, (deal,) = view["final"], view["rounds"]
    users = table["users"]
    winner = users[final["winner"]]
    won = sum(deal["points"])  # what the others scored in the deal the winner won

    results = {row.seat: row for row in GameResult.objects.filter(game_id=table["id"])}
    assert results[final["winner"]].hand_points == won > 0
    client = table["clients"][0]
    board = client.get("/api/v1/leaderboards/weekly?variant=indian").json()
    assert board["variant"] == "indian" and board["count"] == 3
    assert rows(board)[0] == (winner.username, float(won), 1, 1)
    assert sorted(rows(board)[1:]) == sorted(
        (users[seat].username, 0.0, 0, 1) for seat in final["placement"][1:]
    )
    # Nowhere else: the other variants' boards, and the computer category, are empty.
    for other in ("gin", "rummy"):
        assert client.get(f"/api/v1/leaderboards/weekly?variant={other}").json()["count"] == 0
    computer = client.get("/api/v1/leaderboards/weekly?variant=indian&category=computer")
    assert computer.json()["count"] == 0
    assert set(Standing.objects.values_list("variant", flat=True)) == {"indian"}

    # Rated pairwise by placement: first gains, last loses, each in Indian Rummy only.
    ratings = {r.user_id: r for r in PlayerRating.objects.filter(variant="indian")}
    assert set(ratings) == {user.pk for user in users.values()}
    first, second, last = (users[seat].pk for seat in final["placement"])
    assert ratings[first].rating > 1500 > ratings[last].rating
    assert ratings[first].rating > ratings[second].rating > ratings[last].rating
    assert not PlayerRating.objects.exclude(variant="indian").exists()
    rated = client.get("/api/v1/leaderboards/rating?variant=indian")
    assert rated.status_code == 200 and rated.json()["variant"] == "indian"

    stats = client.get(f"/api/v1/users/{winner.username}").json()["stats"]
    assert stats["games"] == 0  # the top level is Gin Rummy's
    indian = stats["variants"]["indian"]
    assert (indian["games"], indian["wins"], indian["losses"]) == (1, 1, 0)
    assert indian["rating"] == round(ratings[first].rating, 2)


def test_a_game_against_the_computers_counts_in_the_computer_category(computer_table):
    table = computer_table(
        computers=2,
        difficulty="hard",
        rules={"format": "deals", "deals": 2},
        decks=[seeded_deck(9100 + n) for n in range(2)],
    )
    view = play_out(table["id"], table["clients"])
    assert view["status"] == "finished"
    client = table["clients"][0]
    board = client.get("/api/v1/leaderboards/weekly?variant=indian&category=computer").json()
    me = table["users"][0]
    assert board["count"] == 1 and board["results"][0]["user"]["username"] == me.username
    row = GameResult.objects.get(game_id=table["id"])
    expected = float(row.hand_points) if row.won else 0.0  # hard: weight 1.0
    assert board["results"][0]["score"] == expected
    assert board["results"][0]["wins"] == int(row.won) and board["results"][0]["games"] == 1
    humans = client.get("/api/v1/leaderboards/weekly?variant=indian").json()
    assert humans["count"] == 0
    assert not PlayerRating.objects.exists()  # games against the computer are unrated


def test_an_unknown_variant_names_indian_among_the_boards(auth_client):
    response = auth_client.get("/api/v1/leaderboards/weekly?variant=indians")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_variant"
    assert "indian" in response.json()["detail"]
