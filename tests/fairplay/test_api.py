"""The fair-play endpoints: reports, a player's own record and appeals, staff's queue.
Each error they handle, with its status and code, changing nothing."""

from __future__ import annotations

import pytest

from fairplay import services
from fairplay.models import Appeal, Report, Sanction, Signal
from tests.fairplay.helpers import concede, play_draws, table

pytestmark = pytest.mark.django_db(transaction=True)


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.json()
    body = response.json()
    assert body["code"] == code and body["detail"], body
    return body


def report(client, **body):
    return client.post("/api/v1/reports", body, format="json")


@pytest.fixture
def played(players):
    """Ann and bob, who played one game; cy, who did not."""
    users, clients = players(3)
    pair = {0: clients[0], 1: clients[1]}
    game_id = table(pair)
    play_draws(pair, game_id, {1: 3})
    concede(clients[1], game_id)
    return users, clients, game_id


def test_a_report_of_a_game_is_taken_once_and_queued_for_staff(played):
    users, clients, game_id = played
    made = report(clients[0], user=users[1].username, game=game_id, reason="bot", text="Fast.")
    assert made.status_code == 201, made.json()
    assert made.json()["user"] == users[1].username and made.json()["game"] == game_id
    assert_error(
        report(clients[0], user=users[1].username, game=game_id, reason="bot"),
        409,
        "already_reported",
    )
    signal = Signal.objects.get(kind="report", user=users[1])
    assert signal.evidence["reports"] == 1 and signal.evidence["reasons"] == {"bot": 1}
    assert report(clients[0], user=users[1].username, reason="other").status_code == 201
    assert Signal.objects.get(kind="report", user=users[1]).evidence["reports"] == 2
    assert Report.objects.count() == 2


def test_report_errors_change_nothing(played):
    users, clients, game_id = played
    assert_error(report(clients[0], user="nobody-at-all", reason="bot"), 404, "not_found")
    assert_error(
        report(clients[0], user=users[0].username, reason="bot"), 422, "cannot_report_self"
    )
    assert_error(
        report(clients[2], user=users[0].username, game=game_id, reason="bot"), 422, "not_in_game"
    )
    assert_error(report(clients[0], user=users[1].username, reason="rude"), 400, "validation_error")
    assert_error(
        report(clients[0], user=users[1].username, reason="bot", extra=1), 400, "validation_error"
    )
    assert not Report.objects.exists() and not Signal.objects.exists()


def test_reports_are_throttled(played, settings):
    users, clients, _ = played
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "fairplay_report": "2/hour",
        },
    }
    for _ in range(2):
        assert report(clients[0], user=users[1].username, reason="other").status_code == 201
    refused = report(clients[0], user=users[1].username, reason="other")
    assert_error(refused, 429, "throttled")
    assert refused.has_header("Retry-After")
    assert Report.objects.count() == 2


def test_my_fair_play_says_the_rule_in_words_never_a_threshold_or_a_note(played, settings):
    users, clients, _ = played
    services.sanction_apply(
        user_id=users[1].pk,
        kind="unrated_only",
        rule="win_trading",
        key="k",
        note="Staff only: 14 games with ann, 93%",
    )
    body = clients[1].get("/api/v1/me/fair-play").json()
    assert body["restrictions"] == {
        "playban_until": None,
        "tournament_ban": False,
        "unrated": True,
        "marked": False,
        "warning": None,
    }
    (sanction,) = body["sanctions"]
    assert sanction["rule"] == "win_trading" and "again and again" in sanction["rule_text"]
    assert sanction["in_force"] and sanction["appeal"] is None
    text = repr(body)
    assert "Staff only" not in text and "93%" not in text
    for value in (settings.FAIRPLAY_PAIR_MIN_GAMES, settings.FAIRPLAY_PAIR_WIN_SHARE):
        assert f" {value} " not in text
    assert "POST /me/fair-play/appeal" in body["how_to_appeal"]
    assert clients[0].get("/api/v1/me/fair-play").json()["sanctions"] == []


def test_an_appeal_is_taken_once_at_a_time_and_an_upheld_one_lifts_the_sanction(played):
    users, clients, _ = played
    sanction, _ = services.sanction_apply(
        user_id=users[1].pk, kind="tournament_ban", rule="report", key="k"
    )
    url = "/api/v1/me/fair-play/appeal"
    made = clients[1].post(url, {"sanction": sanction.pk, "text": "Not me."}, format="json")
    assert made.status_code == 201 and made.json()["status"] == "open"
    again = clients[1].post(url, {"sanction": sanction.pk, "text": "Please."}, format="json")
    assert_error(again, 409, "appeal_open")
    theirs = clients[0].post(url, {"sanction": sanction.pk, "text": "Hm."}, format="json")
    assert_error(theirs, 404, "not_found")
    assert_error(
        clients[1].post(url, {"sanction": sanction.pk}, format="json"), 400, "validation_error"
    )
    staff = users[0]
    services.appeal_resolve(
        appeal_id=Appeal.objects.get().pk, staff=staff, uphold=True, answer="Sorry."
    )
    shown = clients[1].get("/api/v1/me/fair-play").json()["sanctions"][0]
    assert shown["in_force"] is False and shown["appeal"]["status"] == "upheld"
    assert shown["appeal"]["answer"] == "Sorry."
    lifted = clients[1].post(url, {"sanction": sanction.pk, "text": "Again."}, format="json")
    assert_error(lifted, 409, "nothing_to_appeal")
    assert Appeal.objects.count() == 1


@pytest.fixture
def staff(players):
    users, clients = players(1)
    users[0].is_staff = True
    users[0].save(update_fields=["is_staff"])
    return users[0], clients[0]


def test_staff_read_the_queue_by_kind_and_status_and_others_may_not(played, staff):
    users, clients, game_id = played
    report(clients[0], user=users[1].username, game=game_id, reason="bot")
    services.scan_pairs()
    _, client = staff
    listed = client.get("/api/v1/staff/signals").json()
    assert [s["kind"] for s in listed["results"]] == ["report"]
    assert listed["results"][0]["user"]["username"] == users[1].username
    assert listed["results"][0]["evidence"]["reasons"] == {"bot": 1}
    assert client.get("/api/v1/staff/signals?kind=sitting").json()["count"] == 0
    assert client.get("/api/v1/staff/signals?status=dismissed").json()["count"] == 0
    assert_error(client.get("/api/v1/staff/signals?kind=nonsense"), 400, "validation_error")
    assert_error(clients[0].get("/api/v1/staff/signals"), 403, "permission_denied")
    resolve = f"/api/v1/staff/signals/{listed['results'][0]['id']}/resolve"
    body = {"action": "warn", "note": "x"}
    assert_error(clients[0].post(resolve, body, format="json"), 403, "permission_denied")
    assert not Sanction.objects.exists()


def test_staff_resolve_a_signal_with_a_sanction_recording_who_and_why(played, staff):
    users, clients, game_id = played
    report(clients[0], user=users[1].username, game=game_id, reason="sitting")
    member, client = staff
    signal = Signal.objects.get()
    url = f"/api/v1/staff/signals/{signal.pk}/resolve"
    assert_error(client.post(url, {"action": "playban"}, format="json"), 400, "validation_error")
    done = client.post(
        url, {"action": "playban", "minutes": 60, "note": "Sits in lost games."}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert done.json()["status"] == "actioned" and done.json()["resolved_by"]["id"] == member.pk
    ban = Sanction.objects.get(user=users[1])
    assert (ban.kind, ban.rule, ban.created_by, ban.note) == (
        "playban",
        "report",
        member,
        "Sits in lost games.",
    )
    assert abs((ban.until - ban.created_at).total_seconds() - 3600) < 5
    assert_error(
        client.post(url, {"action": "warn", "note": "again"}, format="json"), 409, "signal_resolved"
    )
    assert_error(
        client.post(
            "/api/v1/staff/signals/999999/resolve", {"action": "warn", "note": "x"}, format="json"
        ),
        404,
        "not_found",
    )
    assert Sanction.objects.count() == 1
    assert set(Report.objects.values_list("status", flat=True)) == {"closed"}
    refused = clients[1].post("/api/v1/games", {"opponent": "human"}, format="json")
    assert_error(refused, 403, "playban")
