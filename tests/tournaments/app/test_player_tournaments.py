"""Public tournaments created by players: every format, within the server's limits (each
refused at the limit with its own code and accepted just under it, changing nothing), a
guest's private sit & go only, staff without limits; and the list's tournaments starting
soon, a schedule's among them, for everyone."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, soon
from tournaments import services
from tournaments.models import Entry, Schedule, Tournament

API = "/api/v1/tournaments"


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def body(fmt: str, **more: Any) -> dict[str, Any]:
    """A public tournament of ``fmt`` a player may create, starting in half an hour."""
    own: dict[str, Any] = {
        "sit_and_go": {"capacity": 4},
        "arena": {"starts_at": iso(soon(30)), "duration_minutes": 60},
        "swiss": {"starts_at": iso(soon(30)), "rounds": 3, "round_minutes": 20},
        "knockout": {"starts_at": iso(soon(30)), "capacity": 8},
    }[fmt]
    return {"format": fmt, "rules": GIN_RULES, **own, **more}


@pytest.fixture
def limits(settings):
    """Small limits, so that each is reached in a few requests."""
    settings.TOURNAMENTS_MAX_OPEN_PER_USER = 2
    settings.TOURNAMENTS_PLAYER_DAILY = 3
    settings.TOURNAMENTS_PLAYER_MAX_CAPACITY = 16
    settings.TOURNAMENTS_PLAYER_MAX_MINUTES = 120
    settings.TOURNAMENTS_PLAYER_START_MIN_MINUTES = 10
    settings.TOURNAMENTS_PLAYER_START_MAX_DAYS = 2
    return settings


@pytest.mark.parametrize("fmt", ["arena", "swiss", "knockout", "sit_and_go"])
def test_a_player_creates_a_public_tournament_of_every_format_listed_for_everyone(
    fmt, auth_client, user, client_for
):
    response = auth_client.post(API, body(fmt), format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["format"] == fmt and data["private"] is False and data["invite_code"] is None
    assert data["created_by"]["username"] == user.username and data["players"] == 1
    assert data["you"] is not None  # the creator takes the first seat
    listed = client_for(UserFactory()).get(API).json()["results"]
    assert [t["id"] for t in listed] == [data["id"]]


def test_a_players_tournament_left_without_a_field_takes_the_most_a_player_may(auth_client, limits):
    data = auth_client.post(API, body("arena"), format="json").json()
    assert data["capacity"] == 16


def test_a_player_may_create_a_private_tournament_of_any_format(auth_client):
    data = auth_client.post(API, body("swiss", private=True), format="json").json()
    assert data["private"] is True and len(data["invite_code"]) == 6


def test_a_guest_creates_a_private_sit_and_go_only(client_for):
    guest = client_for(UserFactory(is_guest=True))
    refused = guest.post(API, body("arena"), format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")
    assert "username" in refused.json()["detail"]
    public_sit_and_go = guest.post(API, body("sit_and_go"), format="json")
    assert public_sit_and_go.status_code == 403
    assert guest.post(API, body("sit_and_go", private=True), format="json").status_code == 201
    assert Tournament.objects.count() == 1


def _refused(client, request: dict[str, Any], status: int, code: str) -> dict[str, Any]:
    before = (Tournament.objects.count(), Entry.objects.count())
    response = client.post(API, request, format="json")
    assert response.status_code == status, response.json()
    answer = response.json()
    assert answer["code"] == code
    assert (Tournament.objects.count(), Entry.objects.count()) == before  # nothing changed
    return answer


def test_the_field_is_refused_over_the_limit_and_taken_at_it(auth_client, limits):
    answer = _refused(auth_client, body("knockout", capacity=17), 422, "capacity_over_limit")
    assert answer["limit"] == 16 and answer["fields"]["capacity"]
    assert auth_client.post(API, body("knockout", capacity=16), format="json").status_code == 201


def test_an_arenas_duration_is_refused_over_the_limit_and_taken_at_it(auth_client, limits):
    answer = _refused(auth_client, body("arena", duration_minutes=121), 422, "length_over_limit")
    assert answer["limit"] == 120 and answer["fields"]["duration_minutes"]
    created = auth_client.post(API, body("arena", duration_minutes=120), format="json")
    assert created.status_code == 201


def test_a_swiss_length_counts_every_round_to_its_deadline(auth_client, limits):
    too_long = body("swiss", rounds=5, round_minutes=25)  # 125 minutes
    answer = _refused(auth_client, too_long, 422, "length_over_limit")
    assert answer["fields"]["rounds"]
    fits = body("swiss", rounds=4, round_minutes=30)  # 120 minutes
    assert auth_client.post(API, fits, format="json").status_code == 201


def test_a_start_too_soon_is_refused_and_one_just_after_the_limit_is_taken(auth_client, limits):
    answer = _refused(auth_client, body("arena", starts_at=iso(soon(9))), 422, "start_too_soon")
    assert answer["limit"] == 10 and answer["fields"]["starts_at"]
    taken = auth_client.post(API, body("arena", starts_at=iso(soon(11))), format="json")
    assert taken.status_code == 201


def test_a_start_too_far_ahead_is_refused_and_one_within_the_limit_is_taken(auth_client, limits):
    far = iso(timezone.now() + timedelta(days=2, minutes=1))
    answer = _refused(auth_client, body("knockout", starts_at=far), 422, "start_too_far")
    assert answer["limit"] == 2
    within = iso(timezone.now() + timedelta(days=2, minutes=-1))
    assert (
        auth_client.post(API, body("knockout", starts_at=within), format="json").status_code == 201
    )
    # A sit & go's start is its latest start: never too soon, but never too far either.
    late = body("sit_and_go", starts_at=far)
    _refused(auth_client, late, 422, "start_too_far")


def test_open_tournaments_are_refused_at_the_limit_and_taken_under_it(auth_client, limits):
    first = auth_client.post(API, body("arena"), format="json")
    assert first.status_code == 201
    assert auth_client.post(API, body("swiss"), format="json").status_code == 201  # N - 1 open
    answer = _refused(auth_client, body("knockout"), 409, "too_many_open_tournaments")
    assert answer["limit"] == 2
    assert auth_client.post(f"{API}/{first.json()['id']}/cancel").status_code == 200
    assert auth_client.post(API, body("knockout"), format="json").status_code == 201


def test_creations_in_24_hours_are_refused_at_the_limit_with_retry_after(
    auth_client, limits, time_machine
):
    time_machine.move_to(timezone.now(), tick=False)
    created = []
    for _ in range(3):  # N - 1 are taken, then the Nth
        response = auth_client.post(API, body("arena"), format="json")
        assert response.status_code == 201, response.json()
        created.append(response.json()["id"])
        auth_client.post(f"{API}/{created[-1]}/cancel")  # not open: the open limit stays out
        time_machine.shift(timedelta(hours=1))
    before = Tournament.objects.count()
    response = auth_client.post(API, body("arena"), format="json")
    assert (response.status_code, response.json()["code"]) == (429, "daily_tournament_limit")
    assert response.json()["limit"] == 3 and Tournament.objects.count() == before
    assert 20 * 3600 <= int(response["Retry-After"]) <= 21 * 3600 + 1  # the first leaves then
    time_machine.shift(timedelta(hours=21, seconds=1))
    assert (
        auth_client.post(API, body("arena", starts_at=iso(soon(30))), format="json").status_code
        == 201
    )


def test_staff_keep_their_powers_beyond_the_players_limits(client_for, limits):
    staff = client_for(UserFactory(is_staff=True))
    wide = body("arena", starts_at=iso(soon(1)), duration_minutes=600, capacity=64)
    for _ in range(4):
        assert staff.post(API, wide, format="json").status_code == 201
    limits_answer = staff.get(f"{API}/limits").json()
    assert limits_answer["max_capacity"] is None and limits_answer["daily"] is None


def test_the_limits_say_what_a_player_may_create_and_what_they_used(
    auth_client, client_for, limits
):
    auth_client.post(API, body("arena"), format="json")
    answer = auth_client.get(f"{API}/limits").json()
    assert answer == {
        "public": True,
        "formats": ["sit_and_go", "arena", "swiss", "knockout"],
        "max_open": 2,
        "open": 1,
        "daily": 3,
        "created_today": 1,
        "next_creation_at": None,
        "start_min_minutes": 10,
        "start_max_days": 2,
        "max_capacity": 16,
        "max_minutes": 120,
    }
    guest = client_for(UserFactory(is_guest=True)).get(f"{API}/limits").json()
    assert guest["public"] is False and guest["formats"] == ["sit_and_go"]


def test_the_list_shows_what_starts_soon_first_soonest_first(staff, client_for):
    def make(fmt: str, minutes: float, **more: Any) -> Tournament:
        data = {**body(fmt), "starts_at": soon(minutes), **more}
        return services.tournament_create(data=data, by=staff)

    later = make("arena", 50)
    sooner = make("swiss", 10)
    make("knockout", 90)  # beyond the hour
    make("sit_and_go", 20, capacity=4)  # starts when full: never "starting soon"
    started = make("arena", 5)
    Tournament.objects.filter(pk=started.pk).update(status="started")
    make("arena", 15, private=True)  # unlisted for others
    reader = client_for(UserFactory())
    page = reader.get(f"{API}?starting=soon").json()
    assert [t["id"] for t in page["results"]] == [str(sooner.pk), str(later.pk)]
    assert 9 * 60 <= page["results"][0]["starts_in"] <= 10 * 60
    everything = reader.get(API).json()["results"]
    by_id = {t["id"]: t for t in everything}
    assert by_id[str(started.pk)]["starts_in"] is None
    assert all(t["starts_in"] is None for t in everything if t["format"] == "sit_and_go")
    bad = reader.get(f"{API}?starting=later")
    assert bad.status_code == 400 and bad.json()["fields"]["starting"]


def test_a_schedules_tournaments_are_listed_for_everyone_as_starting_soon(db, client_for):
    Schedule.objects.create(
        name="Hourly arena",
        cadence="hourly",
        minute=0,
        template={"format": "arena", "duration_minutes": 30, "rules": GIN_RULES},
    )
    now = timezone.now()
    created = services.schedules_plan(now=now)
    assert len(created) == 24
    nxt = min(created, key=lambda t: t.starts_at)
    reader = client_for(UserFactory())
    listed = {t["id"] for t in reader.get(f"{API}?page_size=50").json()["results"]}
    assert {str(t.pk) for t in created} <= listed
    soon_ = reader.get(f"{API}?starting=soon").json()["results"]
    assert [t["id"] for t in soon_] == [str(nxt.pk)]
    assert soon_[0]["created_by"] is None and 0 < soon_[0]["starts_in"] <= 3600
