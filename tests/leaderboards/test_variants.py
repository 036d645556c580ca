"""Boards and ratings per variant: ``?variant=gin|rummy``, Rummy scoring, pairwise ratings."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
import yaml
from django.utils import timezone

from games.models import GameResult
from games.variants import VARIANT_NAMES
from leaderboards import glicko2, services
from leaderboards.apis import LeaderboardApi, RatingBoardApi
from leaderboards.models import Period, PlayerRating, RatedGame, Standing
from leaderboards.selectors import player_rating
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game, leaderboards_callbacks
from tests.leaderboards.rummy_factories import rummy_game

pytestmark = pytest.mark.django_db

NOW = datetime(2025, 3, 12, 15, 0, tzinfo=UTC)  # a Wednesday
WHEN = datetime(2025, 3, 11, 12, tzinfo=UTC)


@pytest.fixture
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def rows(body: dict) -> list[tuple]:
    return [
        (r["rank"], r["user"]["username"], r["score"], r["wins"], r["games"])
        for r in body["results"]
    ]


def rating(user, variant: str = "rummy") -> glicko2.Rating:
    row = PlayerRating.objects.get(user=user, variant=variant)
    return glicko2.Rating(row.rating, row.rating_deviation, row.volatility)


# --- boards ----------------------------------------------------------------------------------


def test_each_variant_has_its_own_standings_in_the_same_periods(frozen, client_for):
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    finished_game(player=ann, opponent=bob, total=150, finished_at=WHEN)
    rummy_game(places=[cy, bob, ann], totals=[120, -30, -90], finished_at=WHEN)
    services.standings_refresh_open()

    gin = client_for(ann).get("/api/v1/leaderboards/weekly").json()
    assert gin["variant"] == "gin" and gin["count"] == 2
    assert rows(gin) == [(1, "ann", 150.0, 1, 1), (2, "bob", 0.0, 0, 1)]
    assert gin == client_for(ann).get("/api/v1/leaderboards/weekly?variant=gin").json()

    rummy = client_for(ann).get("/api/v1/leaderboards/weekly?variant=rummy").json()
    assert rummy["variant"] == "rummy" and rummy["count"] == 3
    assert (rummy["start"], rummy["end"], rummy["category"]) == (
        "2025-03-10",
        "2025-03-16",
        "humans",
    )
    # First place only is a win; second and third count a game each (and tie: by account).
    assert rows(rummy) == [(1, "cy", 120.0, 1, 1), (2, "ann", 0.0, 0, 1), (2, "bob", 0.0, 0, 1)]
    assert rummy["me"] == {
        "rank": 2,
        "user": {"username": "ann", "display_name": "Ann"},
        "score": 0.0,
        "wins": 0,
        "games": 1,
    }
    documented = LeaderboardApi.OutputSerializer(data={**rummy, "next": None})
    assert documented.is_valid(), documented.errors
    assert set(rummy) == set(documented.fields)

    # One period row per week, whatever the variant; counts per board.
    week = Period.objects.get(kind="weekly")
    assert week.players == {"humans": 2, "computer": 0, "rummy:humans": 3}
    assert Standing.objects.filter(period=week, variant="rummy").count() == 3
    assert Standing.objects.filter(period=week, variant="gin").count() == 2


def test_a_mixed_table_counts_between_people_and_a_computer_game_against_the_computer(
    frozen, client_for
):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    # A table for people with a computer seat, which came first: nobody wins it.
    rummy_game(places=["easy", ann, bob], totals=[90, 10, -100], finished_at=WHEN)
    # Against two computers at medium: a win weighs 0.5.
    rummy_game(
        places=[ann, "medium", "medium"],
        totals=[201, -50, -151],
        opponent_type="computer",
        finished_at=WHEN,
    )
    services.standings_refresh_open()
    client = client_for(ann)
    humans = client.get("/api/v1/leaderboards/monthly?variant=rummy").json()
    assert rows(humans) == [(1, "ann", 0.0, 0, 1), (1, "bob", 0.0, 0, 1)]
    computer = client.get("/api/v1/leaderboards/monthly?variant=rummy&category=computer").json()
    assert rows(computer) == [(1, "ann", 100.5, 1, 1)]
    assert client.get("/api/v1/leaderboards/monthly?category=computer").json()["count"] == 0


def test_a_win_with_a_total_of_zero_or_less_scores_zero_but_counts_as_a_win(frozen, client_for):
    ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
    # A game that ended after its rounds with every total negative: ann won it with -20.
    rummy_game(places=[ann, bob, cy], totals=[-20, -45, -300], reason="rounds", finished_at=WHEN)
    # A win with exactly 0, then a positive one: only the positive total scores.
    rummy_game(places=[bob, dee], totals=[0, -60], reason="rounds", finished_at=WHEN)
    rummy_game(places=[bob, dee], totals=[75, -75], finished_at=WHEN)
    services.standings_refresh_open()
    body = client_for(ann).get("/api/v1/leaderboards/all-time?variant=rummy").json()
    assert rows(body) == [
        (1, "bob", 75.0, 2, 3),
        (2, "ann", 0.0, 1, 1),  # above those without a win: the win still counts
        (3, "cy", 0.0, 0, 1),
        (4, "dee", 0.0, 0, 2),
    ]


def test_gin_boards_ignore_rummy_results(frozen, client_for):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=WHEN)
    services.standings_refresh_open()
    before = client_for(bob).get("/api/v1/leaderboards/weekly").json()
    rummy_game(places=[bob, ann], totals=[400, -400], finished_at=WHEN)
    services.standings_refresh_open()
    after = client_for(bob).get("/api/v1/leaderboards/weekly").json()
    assert after == before and rows(after) == [(1, "ann", 150.0, 1, 1), (2, "bob", 0.0, 0, 1)]
    assert set(Period.objects.get(kind="weekly").players) == {"humans", "computer", "rummy:humans"}


@pytest.mark.parametrize("query", ["variant=chess", "variant=GIN", "variant=", "variant=gin%20"])
@pytest.mark.parametrize("path", ["weekly", "all-time", "rating"])
def test_an_unknown_variant_is_400_invalid_variant(frozen, auth_client, path, query):
    response = auth_client.get(f"/api/v1/leaderboards/{path}?{query}")
    assert response.status_code == 400
    body = response.json()
    named = f"{', '.join(VARIANT_NAMES[:-1])} or {VARIANT_NAMES[-1]}"
    assert body["code"] == "invalid_variant" and named in body["detail"]


@pytest.mark.parametrize("path", ["weekly", "rating"])
def test_a_variant_given_twice_is_a_validation_error(frozen, auth_client, path):
    response = auth_client.get(f"/api/v1/leaderboards/{path}?variant=gin&variant=rummy")
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"


def test_the_variant_parameter_and_key_are_documented(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    for path in ("/api/v1/leaderboards/{period}", "/api/v1/leaderboards/rating"):
        operation = schema["paths"][path]["get"]
        params = {p["name"]: p for p in operation["parameters"]}
        assert params["variant"]["in"] == "query"
        assert set(params["variant"]["schema"]["enum"]) == set(VARIANT_NAMES)
        for text in (params["variant"]["description"], operation["description"]):
            named = {n for n in VARIANT_NAMES if f"`{n}`" in text or f"`variant={n}`" in text}
            assert named == set(VARIANT_NAMES), text
        assert "invalid_variant" in operation["responses"]["400"]["description"]
        output = operation["responses"]["200"]["content"]["application/json"]["schema"]
        component = schema["components"]["schemas"][output["$ref"].rsplit("/", 1)[-1]]
        assert "variant" in component["required"]
    board = " ".join(schema["paths"]["/api/v1/leaderboards/{period}"]["get"]["description"].split())
    assert "win for first place only" in board and "adds 0" in board
    rating = " ".join(schema["paths"]["/api/v1/leaderboards/rating"]["get"]["description"].split())
    assert "each pair of people" in rating


# --- ratings ---------------------------------------------------------------------------------


def test_the_rating_board_lists_the_variant_asked_for(client_for):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    PlayerRating.objects.create(user=ann, variant="gin", rating=1800, rating_deviation=60)
    PlayerRating.objects.create(user=bob, variant="gin", rating=1700, rating_deviation=60)
    PlayerRating.objects.create(user=bob, variant="rummy", rating=1650, rating_deviation=70)
    PlayerRating.objects.create(user=ann, variant="rummy", rating=1550, rating_deviation=200)

    gin = client_for(ann).get("/api/v1/leaderboards/rating").json()
    assert gin["variant"] == "gin"
    assert [(r["rank"], r["user"]["username"], r["rating"]) for r in gin["results"]] == [
        (1, "ann", 1800.0),
        (2, "bob", 1700.0),
    ]
    assert gin["me"]["rank"] == 1

    rummy = client_for(ann).get("/api/v1/leaderboards/rating?variant=rummy").json()
    assert rummy["variant"] == "rummy" and rummy["count"] == 1
    assert [(r["rank"], r["user"]["username"], r["rating"]) for r in rummy["results"]] == [
        (1, "bob", 1650.0)
    ]
    assert rummy["me"]["rating"] == 1550.0 and rummy["me"]["rank"] is None  # provisional
    assert (
        client_for(bob).get("/api/v1/leaderboards/rating?variant=rummy").json()["me"]["rank"] == 1
    )
    documented = RatingBoardApi.OutputSerializer(data={**rummy, "next": None})
    assert documented.is_valid(), documented.errors
    assert set(rummy) == set(documented.fields)


def test_a_three_seat_game_rates_each_pair_by_placement_in_one_period():
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    start = {
        ann: glicko2.Rating(1500, 200, 0.06),
        bob: glicko2.Rating(1620, 90, 0.05),
        cy: glicko2.Rating(1400, 300, 0.07),
    }
    for user, value in start.items():
        PlayerRating.objects.create(
            user=user,
            variant="rummy",
            rating=value.rating,
            rating_deviation=value.deviation,
            volatility=value.volatility,
        )
    PlayerRating.objects.create(user=bob, variant="gin", rating=1999, rating_deviation=55)
    # bob first, ann second, cy third.
    game = rummy_game(places=[bob, ann, cy], totals=[310, -40, -270], finished_at=WHEN)

    record = services.game_rate(game_id=game.pk)

    expected = {
        bob: glicko2.rate(
            start[bob], [glicko2.Outcome(start[ann], 1), glicko2.Outcome(start[cy], 1)]
        ),
        ann: glicko2.rate(
            start[ann], [glicko2.Outcome(start[bob], 0), glicko2.Outcome(start[cy], 1)]
        ),
        cy: glicko2.rate(
            start[cy], [glicko2.Outcome(start[bob], 0), glicko2.Outcome(start[ann], 0)]
        ),
    }
    for user, new in expected.items():
        assert rating(user) == new
        assert PlayerRating.objects.get(user=user, variant="rummy").games == 1
    assert rating(bob).rating > start[bob].rating  # beat both
    assert rating(cy).rating < start[cy].rating  # lost to both
    # Applying the two results one after the other would give another rating: one period.
    one_by_one = glicko2.rate(
        glicko2.rate(start[ann], [glicko2.Outcome(start[bob], 0)]),
        [glicko2.Outcome(start[cy], 1)],
    )
    assert rating(ann) != one_by_one
    assert record is not None and record.applied
    assert {c["user"]: (c["placement"], c["score"]) for c in record.changes} == {
        bob.pk: (1, 2.0),
        ann.pk: (2, 1.0),
        cy.pk: (3, 0.0),
    }
    # The Gin Rummy rating is another rating: untouched.
    gin = PlayerRating.objects.get(user=bob, variant="gin")
    assert (gin.rating, gin.rating_deviation, gin.games) == (1999, 55, 0)
    assert player_rating(user=bob)["rating"] == 1999.0
    assert player_rating(user=bob, variant="rummy")["rating"] == round(expected[bob].rating, 2)


def test_a_four_seat_game_updates_every_pair():
    players = [UserFactory() for _ in range(4)]
    values = [(1480, 120, 0.06), (1710, 70, 0.055), (1390, 260, 0.06), (1550, 95, 0.065)]
    start = {}
    for user, (r, rd, vol) in zip(players, values, strict=True):
        PlayerRating.objects.create(
            user=user, variant="rummy", rating=r, rating_deviation=rd, volatility=vol
        )
        start[user.pk] = glicko2.Rating(r, rd, vol)
    # The weakest (by rating) came first, the strongest last.
    order = [players[2], players[0], players[3], players[1]]
    game = rummy_game(places=order, totals=[500, 20, -120, -400], finished_at=WHEN)

    record = services.game_rate(game_id=game.pk)

    assert record is not None and record.applied and len(record.changes) == 4
    for place, user in enumerate(order):
        outcomes = [
            glicko2.Outcome(start[other.pk], 1.0 if place < other_place else 0.0)
            for other_place, other in enumerate(order)
            if other is not user
        ]
        assert len(outcomes) == 3
        new = rating(user)
        assert new == glicko2.rate(start[user.pk], outcomes)
        # Every pair counts: leaving out any one result gives another rating.
        for left_out in range(3):
            fewer = outcomes[:left_out] + outcomes[left_out + 1 :]
            assert new != glicko2.rate(start[user.pk], fewer)
    assert rating(order[0]).rating > start[order[0].pk].rating
    assert rating(order[3]).rating < start[order[3].pk].rating
    assert {c["user"]: c["score"] for c in record.changes} == {
        order[0].pk: 3.0,
        order[1].pk: 2.0,
        order[2].pk: 1.0,
        order[3].pk: 0.0,
    }
    assert set(PlayerRating.objects.values_list("games", flat=True)) == {1}
    assert services.game_rate(game_id=game.pk) is None  # once


def test_a_mixed_table_rates_only_the_pair_of_people():
    ann, bob = UserFactory(), UserFactory()
    game = rummy_game(
        places=["hard", bob, "hard", ann], totals=[90, 30, -20, -100], finished_at=WHEN
    )
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied
    fresh = glicko2.Rating()
    assert rating(bob) == glicko2.rate(fresh, [glicko2.Outcome(fresh, 1)])  # 2nd beat 4th
    assert rating(ann) == glicko2.rate(fresh, [glicko2.Outcome(fresh, 0)])
    assert rating(bob).rating > 1500 > rating(ann).rating
    assert not PlayerRating.objects.filter(variant="gin").exists()


def test_a_rummy_game_against_the_computer_is_not_rated():
    ann = UserFactory()
    game = rummy_game(
        places=[ann, "easy", "easy", "easy"],
        totals=[300, -100, -100, -100],
        opponent_type="computer",
        finished_at=WHEN,
    )
    assert services.game_rate(game_id=game.pk) is None
    assert not PlayerRating.objects.exists() and not RatedGame.objects.exists()


def test_a_rummy_table_with_one_person_left_is_recorded_as_not_rated():
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    game = rummy_game(places=[ann, bob, cy], totals=[100, 0, -100], finished_at=WHEN)
    GameResult.objects.filter(game=game).exclude(user=ann).delete()
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied is False
    assert rating(ann) == glicko2.Rating()
    assert PlayerRating.objects.get(user=ann).games == 0


def test_finishing_a_rummy_game_rates_it_and_refreshes_its_boards(
    django_capture_on_commit_callbacks,
):
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = rummy_game(
            places=[cy, ann, bob], totals=[250, -50, -200], finished_at=timezone.now(), signal=True
        )
    assert len(leaderboards_callbacks(callbacks)) == 2
    assert RatedGame.objects.filter(game=game, applied=True).exists()
    assert set(PlayerRating.objects.values_list("variant", "games")) == {("rummy", 1)}
    standings = Standing.objects.filter(variant="rummy", category="humans", period__kind="weekly")
    assert {(s.user_id, s.wins, s.games) for s in standings} == {
        (cy.pk, 1, 1),
        (ann.pk, 0, 1),
        (bob.pk, 0, 1),
    }
    assert not Standing.objects.filter(variant="gin").exists()
