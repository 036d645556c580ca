"""Migration 0016: reviews written before a review estimated each decision's loss are
removed (asking again computes them anew); the others are kept."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games.models import GameReview
from tests.factories import FinishedGameRowFactory

migration = importlib.import_module("games.migrations.0016_reviews_without_losses")


@pytest.mark.django_db
def test_only_ready_reviews_without_losses_are_removed():
    old, new, pending = (FinishedGameRowFactory() for _ in range(3))
    GameReview.objects.create(game=old, seat=0, version=9, status="ready", body={"seeds": 4})
    GameReview.objects.create(
        game=new, seat=0, version=9, status="ready", body={"seeds": 4, "worlds": 32}
    )
    GameReview.objects.create(game=pending, seat=1, version=9)
    migration.remove_reviews_without_losses(apps, None)
    assert sorted(GameReview.objects.values_list("game_id", "status")) == sorted(
        [(new.pk, "ready"), (pending.pk, "pending")]
    )
