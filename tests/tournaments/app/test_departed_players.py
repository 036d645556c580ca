"""Players whose account goes (a guest purged for disuse, an account deleted): their
history stays in the tournaments they played, under the name they had, and an entry in a
tournament not over is withdrawn the way a player withdraws, with its event."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts import services as accounts
from games.models import GameStatus
from tests.factories import HumanGameFactory
from tests.tournaments.app.helpers import advance, playing, win
from tournaments import presenters, services
from tournaments.models import Bye, Entry, PairingSeat, TournamentEvent, TournamentStatus

NAME = "Annie"


def later(days: int):
    return timezone.now() + timedelta(days=days)


def answers(client, tournament) -> dict[str, Any]:
    """Every answer about the tournament a player reads, and its stream's events."""
    base = f"/api/v1/tournaments/{tournament.pk}"
    out: dict[str, Any] = {}
    for name, url in (
        ("tournament", base),
        ("standings", f"{base}/standings"),
        ("pairings", f"{base}/pairings"),
        ("bracket", f"{base}/bracket"),
    ):
        response = client.get(url)
        assert response.status_code == 200, (name, response.json())
        out[name] = response.json()
    out["events"] = [
        presenters.event_json(event=e)
        for e in TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    ]
    return out


def departed(value: Any, username: str) -> Any:
    """``value`` with the player of ``username`` named as a departed player: no username,
    the name they had."""
    if isinstance(value, dict):
        if value.get("username") == username and set(value) == {"username", "display_name"}:
            return {"username": None, "display_name": value["display_name"]}
        return {key: departed(item, username) for key, item in value.items()}
    if isinstance(value, list):
        return [departed(item, username) for item in value]
    return value


def mentions(value: Any, username: str) -> bool:
    if isinstance(value, dict):
        return any(mentions(item, username) for item in value.values())
    if isinstance(value, list):
        return any(mentions(item, username) for item in value)
    return value == username


def test_a_finished_knockout_keeps_a_purged_guest_who_had_a_bye_under_its_name(
    make_tournament, players, clock, client_for
):
    guest, _ = accounts.guest_create(display_name=NAME)
    second, third = players(2)
    tournament = make_tournament("knockout")
    for user in (guest, second, third):  # equal ratings: seeded in the order they joined
        services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(tournament.starts_at - timezone.now())
    tournament = advance(tournament)
    (semi_final,) = playing(tournament)  # the top seed, the guest, has the bye
    services.tournament_withdraw(tournament_id=tournament.pk, user=guest)
    win(semi_final.game_id, second)
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    reader = client_for(third)
    before = answers(reader, tournament)
    assert len(before["bracket"]["rounds"]) == 2
    assert before["tournament"]["players"] == 3

    assert accounts.guests_purge_idle(now=later(31)) == (1, 0)

    after = answers(reader, tournament)
    assert after == departed(before, guest.username)
    assert after["tournament"]["players"] == 3
    assert [row["rank"] for row in after["standings"]["results"]] == [1, 2, 3]
    assert [row["user"] for row in after["standings"]["results"]][1] == {
        "username": None,
        "display_name": NAME,
    }
    assert len(after["bracket"]["rounds"]) == 2
    assert {"username": None, "display_name": NAME} in after["bracket"]["seeds"]
    assert not mentions(after, guest.username)
    entry = Entry.objects.get(tournament=tournament, user=None)
    assert entry.departed_name == NAME and entry.withdrawn and entry.rank == 2


def test_an_open_sit_and_go_withdraws_a_purged_guest_with_its_event(
    make_tournament, players, client_for
):
    guest, _ = accounts.guest_create(display_name=NAME)
    (other,) = players(1)
    tournament = make_tournament("sit_and_go", capacity=4)
    for user in (guest, other):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    events = TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    seen = events.last().pk

    assert accounts.guests_purge_idle(now=later(31)) == (1, 0)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CREATED
    assert [e.user_id for e in Entry.objects.filter(tournament=tournament)] == [other.pk]
    assert client_for(other).get(f"/api/v1/tournaments/{tournament.pk}").json()["players"] == 1
    # What a withdrawal before the start sends: the player left, the standings changed.
    left, changed = events.filter(pk__gt=seen)
    assert left.kind == "player_left" and changed.kind == "standings_changed"
    assert left.data == {"user": {"username": None, "display_name": NAME}}
    assert [row["user"]["username"] for row in changed.data["leaders"]] == [other.username]
    # The departed guest is named without its username in the events before, too.
    assert not mentions([e.data for e in events], guest.username)


def test_a_guest_kept_for_other_players_games_still_leaves_an_open_sit_and_go(
    make_tournament, players
):
    guest, _ = accounts.guest_create(display_name=NAME)
    (other,) = players(1)
    HumanGameFactory(creator=other, opponent=guest, status=GameStatus.FINISHED, loser=1)
    tournament = make_tournament("sit_and_go", capacity=4)
    for user in (guest, other):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    events = TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    seen = events.last().pk

    assert accounts.guests_purge_idle(now=later(31)) == (0, 1)

    assert [e.user_id for e in Entry.objects.filter(tournament=tournament)] == [other.pk]
    left = events.filter(pk__gt=seen).first()
    assert left.kind == "player_left"  # the account stays (deactivated) under its name
    assert left.data == {"user": {"username": guest.username, "display_name": NAME}}


def test_a_deleted_account_withdraws_from_a_running_swiss_which_plays_on_around_its_bye(
    make_tournament, players, clock, client_for
):
    field = players(5)
    tournament = make_tournament("swiss", rounds=2)
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(tournament.starts_at - timezone.now())
    tournament = advance(tournament)
    leaver = Bye.objects.get(tournament=tournament, round=1).entry.user
    name, score = leaver.public_name, Entry.objects.get(user=leaver).score
    events = TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    seen = events.last().pk

    leaver.delete()

    left = events.filter(pk__gt=seen).first()
    assert left.kind == "player_left"
    assert left.data == {"user": {"username": None, "display_name": name}}
    entry = Entry.objects.get(tournament=tournament, user=None)
    assert entry.departed_name == name and entry.withdrawn and entry.score == score
    stayers = sorted((u for u in field if u != leaver), key=lambda u: u.pk)
    for _ in range(2):  # the lower id wins every game
        for pairing in playing(tournament):
            a, b = (pairing.seats.get(seat=n).entry.user for n in (0, 1))
            win(pairing.game_id, a if a.pk < b.pk else b)
        tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    assert not PairingSeat.objects.filter(entry=entry).exists()
    assert Bye.objects.filter(entry=entry).count() == 1  # no second bye while withdrawn
    reader = client_for(stayers[0])
    body = reader.get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert body["players"] == 5 and body["winner"]["username"] == stayers[0].username
    rows = reader.get(f"/api/v1/tournaments/{tournament.pk}/standings").json()["results"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    departed_row = next(row for row in rows if row["user"]["username"] is None)
    assert departed_row["user"] == {"username": None, "display_name": name}
    assert departed_row["score"] == score and departed_row["withdrawn"]
    assert not mentions([e.data for e in events], leaver.username)
