"""What one action request may cost: a body over 16 KiB is 413 unread, a body past the
bounds a hand sets is a short 400, every refusal is short, and what an
``Idempotency-Key`` keeps is bounded (a refusal compacted, a long view kept as its
status only)."""

from __future__ import annotations

import json

import pytest

from games.apis.actions import ACTION_BODY_MAX_BYTES
from games.models import Game, IdempotencyRecord, Move
from games.services import idempotency
from tests.games.conftest import full_deck
from tests.games.helpers import act
from tests.games.test_errors import RIGGED, assert_error

pytestmark = pytest.mark.django_db(transaction=True)

SHORT = 2048
"""The most bytes a refusal of a hostile body may take."""


@pytest.fixture
def rigged(human_game):
    """Bob (seat 1) to move first: he holds AS-5S and junk, the upcard is 6S."""
    return human_game(deck=full_deck(RIGGED), dealer=0)


def raw(client, game_id: str, text: str, **headers: str):
    return client.post(
        f"/api/v1/games/{game_id}/actions", data=text, content_type="application/json", **headers
    )


def kept_bytes() -> int:
    return sum(len(record.body.encode()) for record in IdempotencyRecord.objects.all())


def test_a_knock_with_300000_cards_is_a_short_refusal_and_keeps_nothing(rigged):
    bob = rigged["clients"][1]
    assert act(bob, rigged["id"], {"type": "draw_discard"}).status_code == 200
    for melds in ([["AS"] * 300_000], [["AS", "2S", "3S"]] * 100_000):
        body = {"type": "knock", "card": "KD", "melds": melds}
        response = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY=f"k{len(melds)}")
        assert 400 <= response.status_code < 500
        assert len(response.content) < SHORT
        assert response.json()["code"] == "request_too_large"
    assert kept_bytes() < SHORT
    assert Move.objects.filter(game_id=rigged["id"]).count() == 1


def test_a_knock_past_the_bounds_of_a_hand_is_a_short_400_before_the_rules(rigged):
    bob = rigged["clients"][1]
    assert act(bob, rigged["id"], {"type": "draw_discard"}).status_code == 200
    run = ["AS", "2S", "3S", "4S", "5S", "6S"]
    # three melds of eleven cards: read, then refused by the rules (not melds of the hand)
    at_most = {"type": "knock", "card": "KD", "melds": [run + ["7S"] * 5] * 3}
    assert_error(act(bob, rigged["id"], at_most), 422, "invalid_melds", rigged["id"], 1)
    for melds in ([run[:3]] * 4, [run + ["7S"] * 6]):  # a fourth meld; a twelfth card
        body = {"type": "knock", "card": "KD", "melds": melds}
        response = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY=f"past-{len(melds)}")
        error = assert_error(response, 400, "validation_error", rigged["id"], 1)
        assert list(error["fields"]) == ["melds"]
        assert len(response.content) < 200
    assert kept_bytes() < 400


def test_a_body_over_16_kib_is_413_unread_and_one_of_16_kib_is_read(rigged):
    bob = rigged["clients"][1]
    head = '{"type": "pass"'
    exact = head + " " * (ACTION_BODY_MAX_BYTES - len(head) - 1) + "}"
    assert len(exact.encode()) == ACTION_BODY_MAX_BYTES
    over = exact[:-1] + " }"
    response = raw(bob, rigged["id"], over, HTTP_IDEMPOTENCY_KEY="big")
    assert_error(response, 413, "request_too_large", rigged["id"], 0)
    assert not IdempotencyRecord.objects.exists()
    assert Game.objects.get(pk=rigged["id"]).version == 1
    assert raw(bob, rigged["id"], exact).status_code == 200


def test_a_refusal_over_the_cap_is_answered_and_kept_compact_and_replayed_as_is(
    rigged, monkeypatch
):
    monkeypatch.setattr(idempotency, "IDEMPOTENCY_MAX_BODY", 120)
    monkeypatch.setattr(idempotency, "REFUSAL_DETAIL_KEPT", 40)
    bob = rigged["clients"][1]
    body = {"type": "pass", **{f"colour{i}": "red" for i in range(8)}}
    whole = act(bob, rigged["id"], body)  # without a key: the whole refusal
    assert_error(whole, 400, "validation_error", rigged["id"])
    assert len(whole.content) > 120 and "fields" in whole.json()

    first = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY="compact")
    assert first.status_code == 400
    assert first.json() == {
        "code": "validation_error",
        "detail": "A pass action does not take colour0, ...",
    }
    record = IdempotencyRecord.objects.get(key="compact")
    assert record.body.encode() == first.content and len(first.content) <= 120
    again = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY="compact")
    assert (again.status_code, again.content) == (400, first.content)


def test_a_view_over_the_cap_is_kept_as_its_status_and_a_retry_gets_the_view_of_now(
    rigged, monkeypatch
):
    monkeypatch.setattr(idempotency, "VIEW_MAX_BODY", 300)
    ann, bob = rigged["clients"][0], rigged["clients"][1]
    first = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="long-view")
    assert first.status_code == 200 and len(first.content) > 300
    assert first.json()["version"] == 2
    record = IdempotencyRecord.objects.get(key="long-view")
    assert (record.status_code, record.body) == (200, "")

    assert act(ann, rigged["id"], {"type": "pass"}).status_code == 200
    again = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="long-view")
    assert again.status_code == 200
    now = bob.get(f"/api/v1/games/{rigged['id']}").json()
    assert again.json() == now and now["version"] == 3  # applied once, seen as it is now
    assert Move.objects.filter(game_id=rigged["id"]).count() == 2
    reused = act(bob, rigged["id"], {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="long-view")
    assert_error(reused, 422, "idempotency_key_reused")


def test_answers_under_the_cap_are_kept_whole_and_replayed_byte_for_byte(rigged):
    bob = rigged["clients"][1]
    first = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="view")
    refusal = act(bob, rigged["id"], {"type": "pass", "colour": 1}, HTTP_IDEMPOTENCY_KEY="no")
    assert (first.status_code, refusal.status_code) == (200, 400)
    assert json.loads(refusal.content)["fields"] == {"colour": ["Not a field of a pass action."]}
    for key, answer in (("view", first), ("no", refusal)):
        record = IdempotencyRecord.objects.get(key=key)
        assert record.body.encode() == answer.content
    again = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="view")
    assert (again.status_code, again.content) == (200, first.content)
