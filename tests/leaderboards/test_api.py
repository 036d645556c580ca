"""GET /leaderboards/{period} and /leaderboards/rating: shape, errors, me, pagination."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
import yaml

from leaderboards import services
from leaderboards.apis import (
    LeaderboardApi,
    RatingBoardApi,
    RatingEntrySerializer,
    StandingSerializer,
)
from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db

NOW = datetime(2025, 3, 12, 15, 0, tzinfo=UTC)  # a Wednesday


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.fixture
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def week_of_games(frozen):
    """25 players who each beat ``loser`` once this week, with scores 100..124."""
    loser = UserFactory(username="loser", display_name="")
    players = []
    for i in range(25):
        player = UserFactory(username=f"p{i:02d}", display_name=f"Player {i}")
        finished_game(player=player, opponent=loser, total=100 + i, finished_at=at(2025, 3, 11))
        players.append(player)
    services.standings_refresh_open()
    return players, loser


def test_current_week_with_results_and_me(week_of_games, client_for):
    players, _loser = week_of_games
    response = client_for(players[24]).get("/api/v1/leaderboards/weekly")
    assert response.status_code == 200
    body = response.json()
    assert {k: body[k] for k in ("period", "start", "end", "category", "closed", "count")} == {
        "period": "weekly",
        "start": "2025-03-10",
        "end": "2025-03-16",
        "category": "humans",
        "closed": False,
        "count": 26,
    }
    assert body["updated_at"] == "2025-03-12T15:00:00Z"
    assert body["previous"] is None and body["next"].endswith("page=2")
    assert len(body["results"]) == 20
    assert body["results"][0] == {
        "rank": 1,
        "user": {"username": "p24", "display_name": "Player 24"},
        "score": 124.0,
        "wins": 1,
        "games": 1,
    }
    assert [r["rank"] for r in body["results"]] == list(range(1, 21))
    assert body["me"] == body["results"][0]
    # The body has exactly the documented shape.
    # (links are left out: "testserver" is no valid host name for a URL field.)
    documented = LeaderboardApi.OutputSerializer(data={**body, "next": None})
    assert documented.is_valid(), documented.errors
    assert set(body) == set(documented.fields)
    assert set(body["results"][0]) == set(StandingSerializer().fields)


def test_me_outside_the_page_keeps_its_rank(week_of_games, client_for):
    _players, loser = week_of_games
    body = client_for(loser).get("/api/v1/leaderboards/weekly?page_size=5").json()
    assert [r["user"]["username"] for r in body["results"]] == ["p24", "p23", "p22", "p21", "p20"]
    assert body["me"] == {
        "rank": 26,
        "user": {"username": "loser", "display_name": "loser"},
        "score": 0.0,
        "wins": 0,
        "games": 25,
    }


def test_pagination_walks_every_row_once(week_of_games, client_for):
    players, _ = week_of_games
    client = client_for(players[0])
    seen = []
    url = "/api/v1/leaderboards/weekly?page_size=7"
    while url:
        body = client.get(url).json()
        seen += [(r["rank"], r["user"]["username"]) for r in body["results"]]
        url = body["next"]
    assert [rank for rank, _ in seen] == list(range(1, 27))
    assert len({name for _, name in seen}) == 26
    last = client.get("/api/v1/leaderboards/weekly?page_size=7&page=4").json()
    assert last["next"] is None and last["previous"].endswith("page=3&page_size=7")


def test_me_is_null_without_a_game_on_the_board(week_of_games, client_for):
    body = client_for(UserFactory()).get("/api/v1/leaderboards/monthly").json()
    assert body["me"] is None
    assert body["count"] == 26 and body["start"] == "2025-03-01" and body["end"] == "2025-03-31"


def test_computer_category_scores_are_numbers_with_two_decimals(frozen, auth_client, user):
    finished_game(player=user, difficulty="easy", total=101, finished_at=at(2025, 3, 11))
    finished_game(player=user, difficulty="medium", total=103, finished_at=at(2025, 3, 11))
    services.standings_refresh_open()
    body = auth_client.get("/api/v1/leaderboards/all-time?category=computer").json()
    assert body["period"] == "all-time" and body["start"] is None and body["end"] is None
    assert body["category"] == "computer"
    assert body["results"][0]["score"] == 76.75  # 101 * 0.25 + 103 * 0.5
    assert body["me"]["score"] == 76.75
    humans = auth_client.get("/api/v1/leaderboards/all-time").json()
    assert humans["count"] == 0 and humans["me"] is None


def test_past_week_by_any_day_inside_it_returns_frozen_standings(frozen, client_for):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 3, 4))
    services.standings_refresh_open()  # closes the week of 3 March
    finished_game(player=bob, opponent=ann, total=999, finished_at=at(2025, 3, 5))
    services.standings_refresh_open()

    for day in ("2025-03-03", "2025-03-06", "2025-03-09"):
        body = client_for(bob).get(f"/api/v1/leaderboards/weekly?start={day}").json()
        assert (body["start"], body["end"], body["closed"]) == ("2025-03-03", "2025-03-09", True)
        assert [(r["user"]["username"], r["score"]) for r in body["results"]] == [
            ("ann", 150.0),
            ("bob", 0.0),
        ]
        assert body["me"]["rank"] == 2


def test_past_period_never_computed_is_empty(frozen, auth_client):
    body = auth_client.get("/api/v1/leaderboards/monthly?start=2019-07-15").json()
    assert body["start"] == "2019-07-01" and body["end"] == "2019-07-31"
    assert body["count"] == 0 and body["results"] == [] and body["me"] is None
    assert body["updated_at"] is None and body["closed"] is False


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("/api/v1/leaderboards/daily", "invalid_period"),
        ("/api/v1/leaderboards/WEEKLY", "invalid_period"),
        ("/api/v1/leaderboards/weekly?category=robots", "invalid_category"),
        ("/api/v1/leaderboards/weekly?category=", "invalid_category"),
        ("/api/v1/leaderboards/weekly?start=2025-02-30", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=12-03-2025", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=20250303", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=0001-01-01", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=9999-12-31", "invalid_date"),
        ("/api/v1/leaderboards/weekly?start=2025-03-13", "invalid_date"),  # tomorrow
        ("/api/v1/leaderboards/monthly?start=2025-04-01", "invalid_date"),
        ("/api/v1/leaderboards/all-time?start=2025-03-01", "invalid_date"),
    ],
)
def test_bad_period_category_or_date_is_400_with_a_code(frozen, auth_client, url, code):
    response = auth_client.get(url)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code and body["detail"]


def test_start_in_other_digits_is_a_format_error(frozen, auth_client):
    full_width = "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in "2025-03-03")
    response = auth_client.get(f"/api/v1/leaderboards/weekly?start={full_width}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_date" and "YYYY-MM-DD" in body["detail"]


def test_today_is_a_valid_start(frozen, auth_client):
    assert auth_client.get("/api/v1/leaderboards/weekly?start=2025-03-12").status_code == 200


def test_page_out_of_range_is_404(frozen, auth_client):
    response = auth_client.get("/api/v1/leaderboards/weekly?page=9")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("url", ["/api/v1/leaderboards/weekly", "/api/v1/leaderboards/rating"])
def test_leaderboards_need_a_valid_token(api_client, url):
    response = api_client.get(url)
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.get(url)
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_rating_board_lists_only_established_players(client_for):
    names = ["top", "tie1", "tie2", "low", "new"]
    users = {n: UserFactory(username=n) for n in names}
    for name, rating, rd in [
        ("top", 1800, 60),
        ("tie1", 1600, 90),
        ("tie2", 1600, 50),
        ("low", 1400, 110),
        ("new", 1900, 110.5),
    ]:
        PlayerRating.objects.create(user=users[name], rating=rating, rating_deviation=rd, games=30)
    gone = UserFactory(username="gone", is_active=False)
    PlayerRating.objects.create(user=gone, rating=2500, rating_deviation=40)

    body = client_for(users["low"]).get("/api/v1/leaderboards/rating").json()
    assert body["count"] == 4
    assert [(r["rank"], r["user"]["username"]) for r in body["results"]] == [
        (1, "top"),
        (2, "tie2"),  # equal rating: same rank, the more certain one first
        (2, "tie1"),
        (4, "low"),
    ]
    assert body["results"][0] == {
        "rank": 1,
        "user": {"username": "top", "display_name": "Top"},
        "rating": 1800.0,
        "rating_deviation": 60.0,
        "games": 30,
        "provisional": False,
    }
    assert body["me"]["rank"] == 4 and body["me"]["provisional"] is False
    documented = RatingBoardApi.OutputSerializer(data={**body, "next": None})
    assert documented.is_valid(), documented.errors
    assert set(body["me"]) == set(RatingEntrySerializer().fields)

    provisional = client_for(users["new"]).get("/api/v1/leaderboards/rating?page_size=1").json()
    assert provisional["me"]["rank"] is None and provisional["me"]["provisional"] is True
    assert provisional["me"]["rating"] == 1900.0
    assert len(provisional["results"]) == 1 and provisional["next"].endswith("page=2&page_size=1")
    assert client_for(UserFactory()).get("/api/v1/leaderboards/rating").json()["me"] is None


def test_rating_board_me_outside_the_page(client_for):
    users = [UserFactory() for _ in range(4)]
    for i, user in enumerate(users):
        PlayerRating.objects.create(user=user, rating=1500 + i, rating_deviation=80)
    body = client_for(users[0]).get("/api/v1/leaderboards/rating?page_size=2").json()
    assert [r["rank"] for r in body["results"]] == [1, 2]
    assert body["me"]["rank"] == 4 and body["me"]["user"]["username"] == users[0].username


def test_endpoints_are_documented_with_errors_and_examples(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    board = schema["paths"]["/api/v1/leaderboards/{period}"]["get"]
    assert {"200", "400", "401", "404"} <= set(board["responses"])
    for code in ("invalid_period", "invalid_category", "invalid_date"):
        assert code in board["responses"]["400"]["description"]
    description = " ".join(board["description"].split())
    assert "ISO weeks from Monday 00:00 UTC" in description
    assert "easy 0.25, medium 0.5, hard 1.0" in description and "fewer games" in description
    assert board["responses"]["200"]["content"]["application/json"]["examples"]
    params = {p["name"]: p for p in board["parameters"]}
    assert set(params["period"]["schema"]["enum"]) == {"weekly", "monthly"}
    assert set(params) >= {"category", "start", "page", "page_size"}
    all_time = schema["paths"]["/api/v1/leaderboards/all-time"]["get"]
    assert {p["name"] for p in all_time["parameters"]} == {
        "category", "variant", "page", "page_size"
    }
    rating = schema["paths"]["/api/v1/leaderboards/rating"]["get"]
    assert {"200", "401"} <= set(rating["responses"]) and "110" in rating["description"]
    score = schema["components"]["schemas"]["Standing"]["properties"]["score"]
    assert score["type"] == "number"


def test_profile_shows_the_rating(api_client, client_for, user):
    PlayerRating.objects.create(user=user, rating=1623.456, rating_deviation=97.001)
    stats = client_for(user).get(f"/api/v1/users/{user.username}").json()["stats"]
    assert (stats["rating"], stats["rating_deviation"]) == (1623.46, 97.0)
    assert stats["rating_provisional"] is False


def test_start_must_not_be_before_1970(frozen, auth_client):
    response = auth_client.get("/api/v1/leaderboards/monthly?start=1969-12-31")
    assert response.status_code == 400 and response.json()["code"] == "invalid_date"
    assert auth_client.get("/api/v1/leaderboards/monthly?start=1970-01-01").status_code == 200
    # 1 January 1970 is a Thursday: its week, which starts in 1969, may still be read.
    week = auth_client.get("/api/v1/leaderboards/weekly?start=1970-01-01")
    assert week.status_code == 200
    assert (week.json()["start"], week.json()["end"]) == ("1969-12-29", "1970-01-04")


def test_rating_ranks_are_right_across_page_boundaries(client_for):
    users = [UserFactory() for _ in range(5)]
    # Ratings 1800, 1700, 1700, 1700, 1600: ranks 1, 2, 2, 2, 5 whatever the page size.
    ratings = [(1800, 50), (1700, 60), (1700, 70), (1700, 80), (1600, 50)]
    for user, (rating, rd) in zip(users, ratings, strict=True):
        PlayerRating.objects.create(user=user, rating=rating, rating_deviation=rd)
    client = client_for(users[3])
    for size in (1, 2, 3, 4):
        ranks = []
        url = f"/api/v1/leaderboards/rating?page_size={size}"
        while url:
            body = client.get(url).json()
            ranks += [r["rank"] for r in body["results"]]
            assert body["me"]["rank"] == 2
            url = body["next"]
        assert ranks == [1, 2, 2, 2, 5], size
