"""A throttle on every door that writes: creating, rematching, conceding, cancelling,
joining and editing one's profile are limited per player (429 ``throttled`` with
``Retry-After``), and a player has at most three tables waiting at once."""

from __future__ import annotations

import pytest

from games.models import Game, GameStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    """``rates(scope="N/period", ...)``: tighter throttle rates for one test."""

    def set_rates(**scopes: str) -> None:
        merged = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **scopes}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": merged}

    return set_rates


def assert_throttled(response, limit: int) -> None:
    assert response.status_code == 429, response.content
    assert response.json()["code"] == "throttled"
    assert 0 < int(response["Retry-After"]) <= limit


def test_game_creation_is_throttled_per_player(make_user, client_for, rates):
    rates(game_create="2/hour")
    ann, bob = client_for(make_user()), client_for(make_user())
    for _ in range(2):
        assert ann.post("/api/v1/games", {"opponent": "computer"}, format="json").status_code == 201
    assert_throttled(ann.post("/api/v1/games", {"opponent": "computer"}, format="json"), 3600)
    assert Game.objects.count() == 2
    # Another player is not affected, and reading the list is not a creation.
    assert bob.post("/api/v1/games", {"opponent": "computer"}, format="json").status_code == 201
    assert ann.get("/api/v1/games").status_code == 200


def test_concede_is_throttled_per_player(auth_client, rates):
    rates(game_concede="1/hour")
    first, second = (
        auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()["id"]
        for _ in range(2)
    )
    assert auth_client.post(f"/api/v1/games/{first}/concede").status_code == 200
    assert_throttled(auth_client.post(f"/api/v1/games/{second}/concede"), 3600)
    assert Game.objects.get(pk=second).status == GameStatus.ACTIVE


def test_rematch_is_throttled_per_player(auth_client, rates):
    rates(game_rematch="1/hour")
    ids = [
        auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()["id"]
        for _ in range(2)
    ]
    for game_id in ids:
        assert auth_client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    assert auth_client.post(f"/api/v1/games/{ids[0]}/rematch").status_code == 201
    before = Game.objects.count()
    assert_throttled(auth_client.post(f"/api/v1/games/{ids[1]}/rematch"), 3600)
    assert Game.objects.count() == before


def test_cancel_is_throttled_per_player(auth_client, rates):
    rates(game_cancel="1/hour")
    ids = [
        auth_client.post("/api/v1/games", {"opponent": "human"}, format="json").json()["id"]
        for _ in range(2)
    ]
    assert auth_client.post(f"/api/v1/games/{ids[0]}/cancel").status_code == 200
    assert_throttled(auth_client.post(f"/api/v1/games/{ids[1]}/cancel"), 3600)
    assert Game.objects.get(pk=ids[1]).status == GameStatus.WAITING


def test_profile_update_is_throttled_per_player(auth_client, rates):
    rates(profile_update="2/hour")
    for name in ("Ann", "Annie"):
        assert auth_client.patch("/api/v1/me", {"display_name": name}).status_code == 200
    assert_throttled(auth_client.patch("/api/v1/me", {"display_name": "Anna"}), 3600)
    assert auth_client.get("/api/v1/me").json()["display_name"] == "Annie"


def test_a_player_has_at_most_three_tables_waiting(make_user, client_for):
    ann = client_for(make_user())
    created = [
        ann.post("/api/v1/games", {"opponent": "human", "visibility": visibility}, format="json")
        for visibility in ("public", "public", "private")
    ]
    assert [r.status_code for r in created] == [201, 201, 201]
    refused = ann.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    )
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "too_many_waiting_games"
    assert refused.json()["limit"] == 3
    assert Game.objects.filter(status=GameStatus.WAITING).count() == 3
    # Games against the computer are not tables waiting for anyone.
    assert ann.post("/api/v1/games", {"opponent": "computer"}, format="json").status_code == 201
    # Cancelling one, or a friend joining one, frees a place.
    assert ann.post(f"/api/v1/games/{created[0].json()['id']}/cancel").status_code == 200
    assert ann.post("/api/v1/games", {"opponent": "human"}, format="json").status_code == 201
    code = created[1].json()["invite_code"]
    bob = client_for(make_user())
    assert bob.post("/api/v1/games/join", {"code": code}, format="json").status_code == 200
    assert ann.post("/api/v1/games", {"opponent": "human"}, format="json").status_code == 201
    assert ann.post("/api/v1/games", {"opponent": "human"}, format="json").status_code == 409


def test_the_waiting_table_cap_is_a_setting(auth_client, settings):
    settings.GAMES_MAX_WAITING_PER_USER = 1
    assert (
        auth_client.post("/api/v1/games", {"opponent": "human"}, format="json").status_code == 201
    )
    refused = auth_client.post("/api/v1/games", {"opponent": "human"}, format="json")
    assert refused.status_code == 409 and refused.json()["limit"] == 1


def join(client, code: str, ip: str = "10.1.0.1"):
    return client.post("/api/v1/games/join", {"code": code}, format="json", REMOTE_ADDR=ip)


def test_guessing_invite_codes_runs_out_the_join_throttle(make_user, client_for, rates):
    rates(join="10/hour", join_ip="1000/hour")  # a failed code counts 5 times
    ann, guesser = client_for(make_user()), client_for(make_user())
    code = ann.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    for guess in ("ZZZZZZ", "YYYYYY"):
        assert join(guesser, guess).json()["code"] == "invalid_code"
    # Two wrong guesses used up the hour: even the right code is refused now.
    assert_throttled(join(guesser, code), 3600)
    assert Game.objects.get(invite_code=code).status == GameStatus.WAITING
    # Someone else (another IP) is not affected.
    friend = client_for(make_user())
    assert join(friend, code, ip="10.1.0.2").status_code == 200


def test_honest_joins_count_once(make_user, client_for, rates):
    rates(join="3/hour", join_ip="1000/hour")
    bob = client_for(make_user())
    for _ in range(3):
        host = client_for(make_user())
        code = host.post("/api/v1/games", {"opponent": "human"}, format="json").json()
        assert join(bob, code["invite_code"]).status_code == 200
    assert_throttled(join(bob, "ZZZZZZ"), 3600)


def test_a_valid_code_joins_even_after_other_accounts_failed_from_the_same_address(
    make_user, client_for
):
    # The default rates: a school's address where four accounts have guessed about 24
    # wrong codes between them.
    host = client_for(make_user())
    code = host.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    for _ in range(4):
        guesser = client_for(make_user())
        for _ in range(6):
            assert join(guesser, "ZZZZZZ").status_code in (404, 429)
    newcomer = client_for(make_user())
    response = join(newcomer, code)
    assert response.status_code == 200, response.content
    assert Game.objects.get(invite_code=code).status == GameStatus.ACTIVE


def test_honest_joins_never_count_against_the_address(make_user, client_for, rates):
    rates(join="1000/hour", join_ip="1/hour")
    for _ in range(5):  # a classroom joining its friends' tables from one address
        host = client_for(make_user())
        code = host.post("/api/v1/games", {"opponent": "human"}, format="json").json()
        assert join(client_for(make_user()), code["invite_code"]).status_code == 200


def test_past_the_address_budget_an_account_that_keeps_failing_waits(
    make_user, client_for, rates
):
    rates(join="1000/hour", join_ip="2/hour")  # two wrong codes per address and hour
    for _ in range(2):
        assert join(client_for(make_user()), "ZZZZZZ").status_code == 404
    # The address is over its budget: a newcomer still gets a typo or two...
    guesser = client_for(make_user())
    assert join(guesser, "YYYYYY").status_code == 404
    assert join(guesser, "XXXXXX").status_code == 404
    # ...then waits, even with a valid code, until the hour has passed.
    host = client_for(make_user())
    code = host.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    assert_throttled(join(guesser, code), 3600)
    # Another address is not affected, and neither is an account that has not failed.
    assert join(client_for(make_user()), "ZZZZZZ", ip="10.9.9.9").status_code == 404
    assert join(client_for(make_user()), code).status_code == 200


def test_a_weighted_join_history_still_answers_retry_after(make_user, client_for, rates):
    # Three wrong codes weigh 15 against a limit of 12: more than the limit itself.
    rates(join="12/hour", join_ip="1000/hour")
    guesser = client_for(make_user())
    for guess in ("ZZZZZZ", "YYYYYY", "XXXXXX"):
        assert join(guesser, guess).status_code == 404
    assert_throttled(join(guesser, "WWWWWW"), 3600)


def _throttle_classes() -> list[type]:
    """Every rate throttle the API's views use (the URL conf imports them all)."""
    from django.urls import get_resolver
    from rest_framework.throttling import SimpleRateThrottle

    get_resolver().url_patterns  # noqa: B018  (imports every view module)
    found, todo = [], [SimpleRateThrottle]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in {"accounts", "games", "leaderboards"} and getattr(
            cls, "scope", None
        ):
            found.append(cls)
    return sorted(found, key=lambda c: c.__name__)


def test_the_walk_finds_the_api_throttles():
    names = {cls.__name__ for cls in _throttle_classes()}
    assert {"JoinThrottle", "JoinIPThrottle", "TokenThrottle", "ProfileUpdateThrottle"} <= names


@pytest.mark.parametrize("throttle_class", _throttle_classes(), ids=lambda c: c.__name__)
def test_every_throttle_knows_how_long_to_wait_once_it_refuses(throttle_class, user, rates):
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    rates(**{throttle_class.scope: "12/hour"})  # 12 is no multiple of the failure weight
    request = Request(APIRequestFactory().post("/", REMOTE_ADDR="10.3.0.1"))
    request.user = user
    throttle = throttle_class()
    for _ in range(100):
        if not throttle.allow_request(request, None):
            break
        if hasattr(throttle, "record_failure"):
            throttle.record_failure(request, None)
    else:
        raise AssertionError(f"{throttle_class.__name__} never refused")
    wait = throttle.wait()
    assert wait is not None and 1 <= wait <= 3600
