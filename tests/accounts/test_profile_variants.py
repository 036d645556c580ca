"""Profile statistics per variant: the top-level keys stay Gin Rummy's, ``variants`` adds
each variant's games, wins and rating (GET /users/{username} and GET /me)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import yaml

from accounts.apis import ProfileSerializer, VariantStatsSerializer
from games.models import GameResult
from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game
from tests.leaderboards.rummy_factories import rummy_game

pytestmark = pytest.mark.django_db

WHEN = datetime(2025, 3, 11, 12, tzinfo=UTC)

NEW_RATING = {"rating": 1500.0, "rating_deviation": 350.0, "rating_provisional": True}


@pytest.fixture
def played():
    """ann: 2 Gin games (1 won, with 2 gins), 3 Rummy games (1 first place), ratings in both."""
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    won = finished_game(player=ann, opponent=bob, total=150, finished_at=WHEN)
    GameResult.objects.filter(game=won, user=ann).update(gins=2, big_gins=1, undercuts=1)
    finished_game(player=ann, opponent=bob, won=False, finished_at=WHEN)
    rummy_game(places=[ann, bob, cy], totals=[200, -50, -150], finished_at=WHEN)
    rummy_game(places=[cy, ann], totals=[80, -80], finished_at=WHEN)
    rummy_game(places=["easy", bob, cy, ann], totals=[60, 0, -10, -50], finished_at=WHEN)
    # Rows a Rummy game never writes, so that counting them anywhere would show.
    GameResult.objects.filter(variant="rummy", user=ann).update(gins=7, hands=9, hand_points=900)
    PlayerRating.objects.create(user=ann, variant="gin", rating=1623.456, rating_deviation=97.001)
    PlayerRating.objects.create(user=ann, variant="rummy", rating=1550.0, rating_deviation=180.0)
    return ann


def test_the_top_level_stats_are_gin_rummy_only(played, client_for):
    stats = client_for(played).get(f"/api/v1/users/{played.username}").json()["stats"]
    assert {k: v for k, v in stats.items() if k != "variants"} == {
        "games": 2,
        "wins": 1,
        "losses": 1,
        "gins": 2,
        "big_gins": 1,
        "undercuts": 1,
        "hands": 8,  # 4 a game (the factory's), none of the Rummy rounds
        "average_points_per_hand": 12.5,  # (50 + 50) / 8
        "rating": 1623.46,
        "rating_deviation": 97.0,
        "rating_provisional": False,
    }


def test_the_variants_break_down_games_wins_and_rating(played, client_for):
    stats = client_for(UserFactory()).get(f"/api/v1/users/{played.username}").json()["stats"]
    assert stats["variants"] == {
        "gin": {
            "games": 2,
            "wins": 1,
            "losses": 1,
            "rating": 1623.46,
            "rating_deviation": 97.0,
            "rating_provisional": False,
        },
        "rummy": {
            "games": 3,
            "wins": 1,  # first place only
            "losses": 2,
            "rating": 1550.0,
            "rating_deviation": 180.0,
            "rating_provisional": True,
        },
        "indian": {"games": 0, "wins": 0, "losses": 0, **NEW_RATING},
        "rummy500": {"games": 0, "wins": 0, "losses": 0, **NEW_RATING},
    }
    me = client_for(played).get("/api/v1/me").json()["stats"]
    assert me == stats


def test_a_new_player_lists_every_variant_with_zeros(auth_client, user):
    for url in ("/api/v1/me", f"/api/v1/users/{user.username}"):
        stats = auth_client.get(url).json()["stats"]
        blank = {"games": 0, "wins": 0, "losses": 0, **NEW_RATING}
        assert stats["variants"] == {
            "gin": blank, "rummy": blank, "indian": blank, "rummy500": blank
        }
        assert (stats["games"], stats["rating"]) == (0, 1500.0)


def test_the_profile_body_has_exactly_the_documented_shape(played, client_for):
    body = client_for(played).get(f"/api/v1/users/{played.username}").json()
    documented = ProfileSerializer(data=body)
    assert documented.is_valid(), documented.errors
    stats_fields = documented.fields["stats"].fields
    assert set(body["stats"]) == set(stats_fields)
    assert set(body["stats"]["variants"]) == set(stats_fields["variants"].fields)
    assert set(body["stats"]["variants"]) == {"gin", "rummy", "indian", "rummy500"}
    for figures in body["stats"]["variants"].values():
        assert set(figures) == set(VariantStatsSerializer().fields)


def test_the_breakdown_is_in_the_schema(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    components = schema["components"]["schemas"]
    stats = components["Stats"]["properties"]
    assert "variants" in stats and "variants" in components["Stats"]["required"]
    variants = components[stats["variants"]["allOf"][0]["$ref"].rsplit("/", 1)[-1]]
    assert set(variants["properties"]) == {"gin", "rummy", "indian", "rummy500"}
    figures = components["VariantStats"]["properties"]
    assert {"games", "wins", "losses", "rating"} <= set(figures)
    assert "first place" in figures["wins"]["description"]
