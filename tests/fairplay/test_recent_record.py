"""Each early forfeit is an outcome in both players' recent record (lichess's
SandbagWatch): three bad outcomes in the last seven bring a friendly warning, at most one
an hour; four a signal for staff; seven good ones wipe the record."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from fairplay.models import RecentRecord, Sanction, Signal
from tests.fairplay.helpers import concede, play_draws, table

pytestmark = pytest.mark.django_db(transaction=True)


def early(clients, loser: int) -> str:
    game_id = table(clients)
    play_draws(clients, game_id, {loser: 1})
    assert concede(clients[loser], game_id)["final"]["unrated_reason"] == "early_forfeit"
    return game_id


def warnings(user) -> int:
    return Sanction.objects.filter(user=user, kind="warn", rule="early_forfeits").count()


def test_a_warning_at_three_early_forfeits_and_not_at_two_then_a_signal_at_four(players):
    users, clients = players(2)
    early(clients, 1)
    early(clients, 1)
    assert RecentRecord.objects.get(user=users[1]).outcomes == ["early_loss"] * 2
    assert RecentRecord.objects.get(user=users[0]).outcomes == ["early_win"] * 2
    assert warnings(users[1]) == 0 and not Signal.objects.exists()
    early(clients, 1)
    assert warnings(users[1]) == 1 and warnings(users[0]) == 1  # the winner took them
    assert not Signal.objects.exists()
    me = clients[1].get("/api/v1/me/fair-play").json()
    assert me["restrictions"]["warning"].startswith("Several of your recent games")
    assert me["sanctions"][0]["kind"] == "warn" and me["sanctions"][0]["in_force"] is True
    early(clients, 1)
    assert warnings(users[1]) == 1  # at most one warning an hour
    signal = Signal.objects.get(user=users[1], kind="early_forfeits")
    assert signal.score == 4 and len(signal.evidence["games"]) == 4
    assert Signal.objects.filter(user=users[0], kind="early_forfeits").count() == 1
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        early(clients, 1)
        assert warnings(users[1]) == 2  # an hour later, another
    assert Signal.objects.filter(user=users[1], kind="early_forfeits").count() == 1  # refreshed
    assert Signal.objects.get(user=users[1], kind="early_forfeits").score == 5


def test_seven_good_outcomes_wipe_the_record_and_six_do_not(players, settings):
    users, clients = players(2)
    early(clients, 1)
    settings.FAIRPLAY_EARLY_FORFEIT_DRAWS = 1  # from here on a concession after a draw counts

    def good() -> None:
        game_id = table(clients)
        play_draws(clients, game_id, {1: 1})
        assert concede(clients[1], game_id)["final"]["rated"] is True

    for _ in range(6):
        good()
    assert RecentRecord.objects.get(user=users[1]).outcomes == ["early_loss", *["good"] * 6]
    good()
    assert not RecentRecord.objects.filter(user=users[1]).exists()
