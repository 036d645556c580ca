"""A player's address, network and device are kept as keyed hashes only, for 90 days;
two accounts on one device play unrated games and are never seated together by a
pairing; one network only is a weak signal."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone

from fairplay import selectors, services, tasks
from fairplay.models import Fingerprint, Signal
from tests.fairplay.helpers import concede, play_draws, table

pytestmark = pytest.mark.django_db(transaction=True)

ADDRESS = "203.0.113.77"
DEVICE = "web-3f9c2a7e51b04d2c"


def on(client, *, address: str, device: str | None = None) -> None:
    """Every later request of ``client`` comes from ``address`` (and ``device``)."""
    extra = {"REMOTE_ADDR": address}
    if device:
        extra["HTTP_X_DEVICE_ID"] = device
    client.defaults.update(extra)


def test_a_game_creation_keeps_hashes_and_never_the_raw_address_or_device(players):
    users, clients = players(1)
    on(clients[0], address=ADDRESS, device=DEVICE)
    assert clients[0].post("/api/v1/games", {"opponent": "computer"}, format="json").status_code
    rows = Fingerprint.objects.filter(user=users[0])
    assert set(rows.values_list("trace", flat=True)) == {"address", "network", "device"}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {Fingerprint._meta.db_table}")
        stored = repr(cursor.fetchall())
    for raw in (ADDRESS, "203.0.113", DEVICE):
        assert raw not in stored
    digests = set(rows.values_list("digest", flat=True))
    assert hashlib.sha256(ADDRESS.encode()).hexdigest() not in digests
    assert hashlib.sha256(f"address:{ADDRESS}".encode()).hexdigest() not in digests


def test_the_hashes_are_written_once_an_hour_at_most(players):
    users, clients = players(1)
    on(clients[0], address=ADDRESS, device=DEVICE)
    clients[0].post("/api/v1/games", {"opponent": "computer"}, format="json")
    seen = Fingerprint.objects.get(user=users[0], trace="device").last_seen
    clients[0].post("/api/v1/games", {"opponent": "computer"}, format="json")
    assert Fingerprint.objects.get(user=users[0], trace="device").last_seen == seen


def test_a_hash_is_kept_90_days_after_it_was_last_seen_and_no_longer(players):
    users, _ = players(2)
    now = timezone.now()
    services.trace_record(user_id=users[0].pk, address=ADDRESS, device_id=None, now=now)
    services.trace_record(
        user_id=users[1].pk, address=ADDRESS, device_id=None, now=now - timedelta(seconds=1)
    )
    with time_machine.travel(now + timedelta(days=90)):
        assert tasks.purge_traces.delay().get() == 2  # users[1]'s address and network
        assert set(Fingerprint.objects.values_list("user_id", flat=True)) == {users[0].pk}


def test_two_accounts_on_one_device_play_unrated_games_and_are_signalled(players):
    users, clients = players(2)
    on(clients[0], address=ADDRESS, device=DEVICE)
    on(clients[1], address="198.51.100.20", device=DEVICE)
    game_id = table(clients)
    play_draws(clients, game_id, {1: 3})
    final = concede(clients[1], game_id)["final"]
    assert final["rated"] is False and final["unrated_reason"] == "shared_device"
    signal = Signal.objects.get(kind="shared_device")
    low, high = sorted(u.pk for u in users.values())
    assert (signal.user_id, signal.other_id, signal.evidence["games"]) == (low, high, [game_id])
    assert selectors.players_sharing_device([users[0].pk, users[1].pk]) == {(low, high)}


def test_one_network_only_leaves_the_game_rated_and_raises_a_weak_signal(players):
    users, clients = players(2)
    on(clients[0], address="198.51.100.20", device="web-aaaaaaaaaaaa")
    on(clients[1], address="198.51.100.21", device="web-bbbbbbbbbbbb")
    game_id = table(clients)
    play_draws(clients, game_id, {1: 3})
    assert concede(clients[1], game_id)["final"]["rated"] is True
    assert list(Signal.objects.values_list("kind", flat=True)) == ["shared_network"]
    assert selectors.players_sharing_device([u.pk for u in users.values()]) == set()


def test_players_seen_on_one_device_more_than_90_days_ago_are_no_longer_paired_apart(players):
    users, _ = players(3)
    now = timezone.now()
    old = now - timedelta(days=91)
    services.trace_record(user_id=users[0].pk, address=None, device_id=DEVICE, now=now)
    services.trace_record(user_id=users[1].pk, address=None, device_id=DEVICE, now=now)
    services.trace_record(user_id=users[2].pk, address=None, device_id=DEVICE, now=old)
    ids = [u.pk for u in users.values()]
    assert selectors.players_sharing_device(ids) == {(users[0].pk, users[1].pk)}
    assert selectors.pairs_apart(ids, [[ids[0], ids[2]], [ids[1]]])
    assert not selectors.pairs_apart(ids, [[ids[0], ids[1]], [ids[2]]])
