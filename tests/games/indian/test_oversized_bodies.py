"""A declaration of any size costs a short answer and keeps a short record: a body over
16 KiB is 413 unread, groups past what a hand holds are a 400 before the rules, and the
rules' refusal names a few cards then counts the rest."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import IdempotencyRecord, Move
from tests.games.indian.helpers import act, view_of
from tests.games.indian.test_errors import DECK

pytestmark = pytest.mark.django_db

SHORT = 2048
"""The most bytes a refusal of a hostile body may take."""


@pytest.fixture
def declaring(people_table) -> dict[str, Any]:
    """Bob (seat 1) has drawn TD from the stock: 14 cards, his to declare with."""
    table = people_table(seats=3, decks=[DECK])
    bob = table["clients"][1]
    assert act(bob, table["id"], {"type": "draw_stock"}).status_code == 200
    assert view_of(bob, table["id"])["round"]["phase"] == "discard"
    return {"id": table["id"], "bob": bob}


def kept_bytes() -> int:
    return sum(len(record.body.encode()) for record in IdempotencyRecord.objects.all())


def declare(table: dict[str, Any], groups: list[list[str]], key: str | None = None):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return act(table["bob"], table["id"], {"type": "declare", "card": "TD", "groups": groups},
               **headers)


def test_a_declaration_of_300000_cards_is_a_short_refusal_and_keeps_nothing(declaring):
    for number, groups in enumerate(([["AS"] * 300_000], [["AS"]] * 300_000)):
        response = declare(declaring, groups, key=f"huge-{number}")
        assert 400 <= response.status_code < 500
        assert len(response.content) < SHORT
        assert response.json()["code"] == "request_too_large"
    assert kept_bytes() < SHORT
    assert Move.objects.filter(game_id=declaring["id"]).count() == 1


def test_thirteen_groups_of_thirteen_are_read_and_one_more_is_a_400(declaring):
    for groups in ([["AS"]] * 13, [["AS"] * 13]):
        response = declare(declaring, groups)
        assert response.status_code == 422, response.json()
        assert response.json()["code"] == "groups_do_not_match_hand"
    for groups, message in (
        ([["AS"]] * 14, "At most 13 groups."),
        ([["AS"] * 14], "Each group has at most 13 cards."),
    ):
        response = declare(declaring, groups, key=f"past-{len(groups)}")
        assert response.status_code == 400, response.json()
        error = response.json()
        assert error["code"] == "validation_error"
        assert error["fields"] == {"groups": [message]}
    assert kept_bytes() < 400
    assert Move.objects.filter(game_id=declaring["id"]).count() == 1


def test_groups_that_do_not_match_the_hand_are_named_a_few_cards_then_a_count(declaring):
    response = declare(declaring, [["2C"] * 13] * 13, key="mismatch")
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert "they hold 2C 2C 2C 2C 2C and 163 more, which" in detail, detail
    assert "they leave out 2S 3S 4H 5H 6H and 7 more." in detail, detail
    assert len(response.content) < 400
    assert kept_bytes() == len(response.content)
