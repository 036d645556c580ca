"""Migration 0005: ratings keyed by (user, variant); every existing rating becomes Gin's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("leaderboards", "0004_standing_derived_keys")]
AFTER = [("leaderboards", "0005_per_variant")]


def migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_ratings_and_standings_become_gin_with_their_values():
    old = migrate(BEFORE)
    User = old.get_model("accounts", "User")
    ann = User.objects.create(username="ann", password="-")
    bob = User.objects.create(username="bob", password="-")
    OldRating = old.get_model("leaderboards", "PlayerRating")
    OldRating.objects.create(
        user=ann, rating=1712.43, rating_deviation=84.1, volatility=0.059, games=38
    )
    OldRating.objects.create(
        user=bob, rating=1401.5, rating_deviation=250.0, volatility=0.06, games=3
    )
    stamps = dict(OldRating.objects.values_list("user_id", "updated_at"))
    Period = old.get_model("leaderboards", "Period")
    week = Period.objects.create(kind="weekly", start="2025-03-03", end="2025-03-10")
    old.get_model("leaderboards", "Standing").objects.create(
        period=week, category="humans", user=ann, score=150, wins=1, games=1, rank=1
    )

    new = migrate(AFTER)
    Rating = new.get_model("leaderboards", "PlayerRating")
    assert sorted(
        Rating.objects.values_list(
            "user_id", "variant", "rating", "rating_deviation", "volatility", "games"
        )
    ) == sorted(
        [
            (ann.pk, "gin", 1712.43, 84.1, 0.059, 38),
            (bob.pk, "gin", 1401.5, 250.0, 0.06, 3),
        ]
    )
    assert dict(Rating.objects.values_list("user_id", "updated_at")) == stamps
    # A second variant's rating for the same user is a row of its own.
    Rating.objects.create(user_id=ann.pk, variant="rummy")
    assert Rating.objects.filter(user_id=ann.pk).count() == 2
    standing = new.get_model("leaderboards", "Standing").objects.get()
    assert (standing.variant, standing.category, standing.score) == ("gin", "humans", 150)

    # And back: the Gin ratings return to the old table, the others are dropped.
    old = migrate(BEFORE)
    assert sorted(
        old.get_model("leaderboards", "PlayerRating").objects.values_list("user_id", "rating")
    ) == sorted([(ann.pk, 1712.43), (bob.pk, 1401.5)])
    migrate(AFTER)
