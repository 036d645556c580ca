"""The tournament API: each endpoint's answers and its refusals, each with its code."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import PlayerEvent
from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, advance, playing, soon, win
from tournaments import services
from tournaments.formats import commitments_match
from tournaments.models import Tournament

API = "/api/v1/tournaments"


def iso(moment) -> str:
    return moment.isoformat().replace("+00:00", "Z")


@pytest.fixture
def staff_client(staff, client_for):
    return client_for(staff)


def test_staff_create_any_format_and_the_answer_describes_it(staff_client):
    body = {
        "format": "swiss",
        "name": "Saturday Swiss",
        "starts_at": iso(soon(30)),
        "rounds": 5,
        "variant": "rummy",
        "table_size": 3,
        "rules": {"hand_size": 7},
        "duplicate": True,
        "min_rating": 1200,
    }
    response = staff_client.post(API, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["status"] == "created" and data["format"] == "swiss"
    assert data["rules"]["hand_size"] == 7 and data["table_size"] == 3
    assert data["round_minutes"] == 60 and data["turn_seconds"] == 60
    assert data["conditions"] == {"min_rated_games": 0, "min_rating": 1200, "max_rating": None}
    assert data["you"] is None and data["invite_code"] is None and data["players"] == 0


def test_a_player_creates_a_private_sit_and_go_and_takes_its_first_seat(auth_client, user):
    response = auth_client.post(
        API, {"format": "sit_and_go", "capacity": 4, "private": True}, format="json"
    )
    assert response.status_code == 201
    data = response.json()
    assert len(data["invite_code"]) == 6 and data["players"] == 1
    assert data["you"]["rank"] == 1 and data["created_by"]["username"] == user.username


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"format": "arena", "starts_at": "2030-01-01T10:00:00Z"}, 400, "validation_error"),
        ({"format": "league"}, 400, "validation_error"),
        ({"capacity": 4}, 400, "validation_error"),
        ({"format": "sit_and_go", "capacity": 4, "rounds": 3}, 400, "validation_error"),
        ({"format": "sit_and_go", "capacity": 4, "rules": []}, 400, "validation_error"),
        ({"format": "sit_and_go", "capacity": 4, "starts_at": "tomorrow"}, 400, "validation_error"),
        (
            {"format": "sit_and_go", "capacity": 4, "starts_at": "2031-02-30T10:00:00Z"},
            422,
            "invalid_settings",
        ),
        (
            {"format": "sit_and_go", "capacity": 4, "starts_at": "2099-01-01T10:00:00Z"},
            422,
            "invalid_settings",
        ),
        ({"format": "sit_and_go", "capacity": 4, "table_size": 4}, 422, "invalid_settings"),
        (
            {"format": "sit_and_go", "capacity": 4, "rules": {"knock_limit": 11}},
            422,
            "invalid_settings",
        ),
    ],
)
def test_bad_settings_are_refused_with_their_code_and_create_nothing(
    staff_client, body, status, code
):
    response = staff_client.post(API, body, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code
    assert not Tournament.objects.exists()


def test_the_list_shows_public_tournaments_and_your_private_ones_filtered(
    staff, client_for, make_tournament
):
    ann, bob = UserFactory(), UserFactory()
    arena = make_tournament("arena", duration_minutes=20)
    make_tournament("swiss", rounds=3)
    private = services.tournament_create(
        data={"format": "sit_and_go", "capacity": 4, "private": True}, by=ann
    )
    ids = lambda client, query="": [t["id"] for t in client.get(API + query).json()["results"]]  # noqa: E731
    assert str(private.pk) in ids(client_for(ann)) and str(private.pk) not in ids(client_for(bob))
    assert ids(client_for(bob), "?format=arena") == [str(arena.pk)]
    assert ids(client_for(ann), "?mine=true") == [str(private.pk)]
    # Private is unlisted: its page opens with its id, joining it takes the code.
    assert client_for(bob).get(f"{API}/{private.pk}").json()["invite_code"] is None
    refused = client_for(bob).post(f"{API}/{private.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")
    bad = client_for(bob).get(API + "?status=done")
    assert bad.status_code == 400 and bad.json()["fields"]["status"]


def test_join_refusals_each_carry_their_code(make_tournament, client_for, clock):
    ann, bob, cat, dan = (UserFactory() for _ in range(4))
    full = make_tournament("arena", duration_minutes=20, capacity=2)
    for user in (ann, bob):
        assert client_for(user).post(f"{API}/{full.pk}/join").status_code == 200
    refused = client_for(cat).post(f"{API}/{full.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (409, "tournament_full")

    rated = make_tournament("arena", duration_minutes=20, min_rated_games=5)
    refused = client_for(cat).post(f"{API}/{rated.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (403, "conditions_not_met")
    PlayerRating.objects.create(user=cat, variant="gin", games=5)
    assert client_for(cat).post(f"{API}/{rated.pk}/join").status_code == 200

    knockout = make_tournament("knockout")
    for user in (ann, bob):
        client_for(user).post(f"{API}/{knockout.pk}/join")
    clock.shift(timedelta(minutes=2))
    advance(knockout)
    refused = client_for(dan).post(f"{API}/{knockout.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (409, "already_started")

    arena = make_tournament("arena", duration_minutes=60, starts_at=soon(30))
    for user in (ann, bob, cat):
        client_for(user).post(f"{API}/{arena.pk}/join")
    paused = client_for(ann).post(f"{API}/{arena.pk}/pause")
    assert paused.status_code == 200 and paused.json()["you"]["paused"] is True
    refused = client_for(ann).post(f"{API}/{arena.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (409, "paused")
    assert 1 <= int(refused["Retry-After"]) <= 10
    services.tournament_remove_player(tournament_id=arena.pk, user_id=bob.pk)
    refused = client_for(bob).post(f"{API}/{arena.pk}/join")
    assert (refused.status_code, refused.json()["code"]) == (403, "banned")

    unknown = client_for(dan).post(f"{API}/join", {"code": "ZZZZZZ"}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "invalid_code")


def test_withdraw_and_pause_refusals(make_tournament, client_for):
    ann = UserFactory()
    knockout = make_tournament("knockout")
    refused = client_for(ann).post(f"{API}/{knockout.pk}/withdraw")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_entered")
    client_for(ann).post(f"{API}/{knockout.pk}/join")
    refused = client_for(ann).post(f"{API}/{knockout.pk}/pause")
    assert (refused.status_code, refused.json()["code"]) == (409, "cannot_pause")
    left = client_for(ann).post(f"{API}/{knockout.pk}/withdraw")
    assert left.status_code == 200 and left.json()["you"] is None and left.json()["players"] == 0


def test_standings_sheet_and_pairings_of_a_started_arena(make_tournament, client_for, clock):
    field = [UserFactory() for _ in range(4)]
    tournament = make_tournament("arena", duration_minutes=60)
    for user in field:
        client_for(user).post(f"{API}/{tournament.pk}/join")
    clock.shift(timedelta(minutes=2))
    advance(tournament)
    pairing = playing(tournament)[0]
    winner = pairing.seats.get(seat=0).entry.user
    win(pairing.game_id, winner)
    advance(tournament)
    client = client_for(field[0])
    page = client.get(f"{API}/{tournament.pk}/standings?page_size=2").json()
    assert page["count"] == 4 and len(page["results"]) == 2
    top = page["results"][0]
    assert (top["rank"], top["user"]["username"], top["score"]) == (1, winner.username, 2.0)
    sheet = client.get(f"{API}/{tournament.pk}/players/{winner.username}").json()
    assert sheet["score"] == 2.0 and sheet["games_played"][0]["points"] == 2.0
    assert sheet["games_played"][0]["place"] == 1 and sheet["byes_given"] == []
    pairings = client.get(f"{API}/{tournament.pk}/pairings?round=0").json()
    assert pairings["count"] == 2
    finished = next(p for p in pairings["results"] if p["status"] == "finished")
    assert [p["place"] for p in finished["players"]] == [1, 2]
    detail = client_for(winner).get(f"{API}/{tournament.pk}").json()
    assert detail["you"]["rank"] == 1
    bad = client.get(f"{API}/{tournament.pk}/pairings?round=-1")
    assert bad.status_code == 400
    missing = client.get(f"{API}/{tournament.pk}/players/nobody")
    assert missing.status_code == 404
    assert client.get(f"{API}/{tournament.pk}/bracket").json()["code"] == "no_bracket"
    assert client.get(f"{API}/{tournament.pk}/rounds/1/deals").json()["code"] == "not_duplicate"


def test_a_duplicate_rounds_deals_are_committed_then_revealed(make_tournament, client_for, clock):
    field = [UserFactory() for _ in range(4)]
    tournament = make_tournament("knockout", duplicate=True)
    for user in field:
        client_for(user).post(f"{API}/{tournament.pk}/join")
    clock.shift(timedelta(minutes=2))
    advance(tournament)
    client = client_for(field[0])
    deals = client.get(f"{API}/{tournament.pk}/rounds/1/deals").json()
    assert len(deals["commitments"]) == 10 and deals["revealed"] is False
    assert deals["decks"] is None and deals["salts"] is None
    assert client.get(f"{API}/{tournament.pk}/rounds/2/deals").status_code == 404
    views = [
        client_for(p.seats.get(seat=0).entry.user).get(f"/api/v1/games/{p.game_id}").json()
        for p in playing(tournament)
    ]
    assert {v["round"]["deck_commitment"] for v in views} == {deals["commitments"][0]}
    for pairing in playing(tournament):
        win(pairing.game_id, pairing.seats.get(seat=0).entry.user)
    advance(tournament)
    revealed = client.get(f"{API}/{tournament.pk}/rounds/1/deals").json()
    assert revealed["revealed"] is True and len(revealed["decks"]) == 10
    assert commitments_match(revealed["commitments"], revealed["decks"], revealed["salts"])


def test_each_seated_player_is_told_of_their_game_on_their_account_stream(
    make_tournament, client_for
):
    field = [UserFactory() for _ in range(2)]
    tournament = make_tournament("sit_and_go", capacity=2)
    for user in field:
        client_for(user).post(f"{API}/{tournament.pk}/join")
    (pairing,) = playing(tournament)
    for user in field:
        event = PlayerEvent.objects.get(user=user, kind="tournament_game")
        assert event.data["game_id"] == str(pairing.game_id)
        assert event.data["tournament_id"] == str(tournament.pk) and event.data["round"] == 1


def test_creating_tournaments_is_throttled_with_retry_after(client_for, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "tournament_create": "1/hour"},
    }
    client = client_for(UserFactory())
    body = {"format": "sit_and_go", "capacity": 4, "private": True}
    assert client.post(API, body, format="json").status_code == 201
    refused = client.post(API, body, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0


def test_every_tournament_endpoint_is_in_the_schema_and_needs_a_token(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    paths = {p for p in schema["paths"] if p.startswith("/api/v1/tournaments")}
    assert paths == {
        "/api/v1/tournaments",
        "/api/v1/tournaments/join",
        "/api/v1/tournaments/limits",
        "/api/v1/tournaments/{tournament_id}",
        "/api/v1/tournaments/{tournament_id}/join",
        "/api/v1/tournaments/{tournament_id}/withdraw",
        "/api/v1/tournaments/{tournament_id}/pause",
        "/api/v1/tournaments/{tournament_id}/cancel",
        "/api/v1/tournaments/{tournament_id}/standings",
        "/api/v1/tournaments/{tournament_id}/players/{username}",
        "/api/v1/tournaments/{tournament_id}/pairings",
        "/api/v1/tournaments/{tournament_id}/bracket",
        "/api/v1/tournaments/{tournament_id}/rounds/{round_no}/deals",
        "/api/v1/tournaments/{tournament_id}/events",
    }
    assert api_client.get(API).status_code == 401
    assert api_client.get(f"{API}/limits").status_code == 401


def test_a_malformed_tournament_id_is_a_tournament_you_cannot_see(auth_client):
    for path in ("/nope", "/nope/standings", "/nope/players/ann", "/nope/rounds/1/deals"):
        response = auth_client.get(API + path)
        assert (response.status_code, response.json()["code"]) == (404, "not_found"), path


def test_the_proxy_sends_the_tournament_stream_to_the_events_service():
    import re
    from pathlib import Path

    conf = (Path(__file__).resolve().parents[3] / "config/nginx/ginrummy.conf").read_text()
    pattern = re.compile(re.search(r"location ~ (\S+) \{", conf).group(1))
    stream = "/api/v1/tournaments/0178711d-bdfe-4c29-9e6d-c48f00bfe6bc/events"
    assert pattern.search(stream)
    assert not pattern.search(stream.removesuffix("/events") + "/standings")


def test_rules_default_for_the_game(staff_client):
    data = staff_client.post(
        API, {"format": "sit_and_go", "capacity": 2, "rules": GIN_RULES}, format="json"
    ).json()
    assert data["rules"]["target_score"] == 10 and data["rules"]["knock_limit"] == 10


@pytest.mark.parametrize(
    "name",
    [
        "\u202eevil\u202c \u001b[2J",  # a bidi override and a terminal escape
        "Arena\r\nFAKE RESULTS",  # a line break
        "\u200b\u200b\u200b",  # zero-width spaces: nothing to read
        "\u3164\u3164",  # Hangul fillers: letters that draw nothing
        "x\u0316\u0317\u0318\u0319\u031a",  # a stack of marks that smears over its neighbours
        "Official sit & go",  # a reserved word, in a player's tournament
        "\u0430dmin",  # a reserved name with a Cyrillic a
    ],
)
def test_a_name_a_player_writes_is_checked_as_a_display_name(auth_client, name):
    body = {"format": "sit_and_go", "capacity": 4, "private": True, "name": name}
    response = auth_client.post(API, body, format="json")
    assert response.status_code == 422, response.json()
    assert response.json()["code"] == "invalid_settings" and response.json()["fields"]["name"]
    assert not Tournament.objects.exists()


def test_staff_names_are_checked_for_what_draws_but_may_use_reserved_words(staff_client):
    body = {"format": "arena", "starts_at": iso(soon(30)), "duration_minutes": 30}
    for name in ("\u001b[31mArena\u001b[0m", "Arena\r\nrigged", "\u200b\u200b\u200b"):
        refused = staff_client.post(API, {**body, "name": name}, format="json")
        assert refused.status_code == 422 and refused.json()["fields"]["name"], name
    assert not Tournament.objects.exists()
    created = staff_client.post(API, {**body, "name": " Official  arena "}, format="json")
    assert created.status_code == 201 and created.json()["name"] == "Official  arena"
    wide = staff_client.post(API, {**body, "name": "\uff21rena"}, format="json")
    assert wide.json()["name"] == "Arena"  # NFKC, as display names are stored


def test_a_tournament_game_has_no_rematch(make_tournament, client_for):
    from games.models import Game

    ann, bob = UserFactory(), UserFactory()
    tournament = make_tournament("sit_and_go", capacity=2)
    for user in (ann, bob):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    (pairing,) = playing(tournament)
    win(pairing.game_id, pairing.seats.get(seat=0).entry.user)
    games_before = Game.objects.count()
    for user in (ann, bob):
        refused = client_for(user).post(f"/api/v1/games/{pairing.game_id}/rematch")
        assert (refused.status_code, refused.json()["code"]) == (409, "tournament_game")
    assert Game.objects.count() == games_before
    assert not Game.objects.filter(rematch_of=pairing.game_id).exists()
