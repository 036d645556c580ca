"""Keyed hashes of addresses, networks and devices: never the raw value."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from fairplay.signals.devices import (
    Trace,
    device_id_valid,
    fingerprint,
    fingerprints,
    network_prefix,
    sharing,
    telling,
)

KEY = b"a-secret-key"


def test_networks_are_the_ipv4_slash_24_and_the_ipv6_slash_48():
    assert network_prefix("203.0.113.77") == "203.0.113.0/24"
    assert network_prefix("2001:db8:1:2::9") == "2001:db8:1::/48"
    assert network_prefix("::ffff:198.51.100.4") == "198.51.100.0/24"
    assert network_prefix("not an address") is None


def test_a_digest_is_keyed_and_names_its_trace():
    digest = fingerprint(KEY, Trace.ADDRESS, "203.0.113.77")
    assert len(digest) == 64 and "203.0.113.77" not in digest
    assert digest != hashlib.sha256(b"203.0.113.77").hexdigest()  # not the bare hash
    assert digest != fingerprint(b"another-key", Trace.ADDRESS, "203.0.113.77")
    assert digest != fingerprint(KEY, Trace.DEVICE, "203.0.113.77")


def test_a_request_gives_address_network_and_device_digests_and_nothing_raw():
    out = fingerprints(KEY, address="203.0.113.77", device_id="web-1234abcd")
    assert set(out) == {Trace.ADDRESS, Trace.NETWORK, Trace.DEVICE}
    assert not any("203.0.113" in value or "web-1234" in value for value in out.values())
    same_network = fingerprints(KEY, address="203.0.113.9", device_id=None)
    assert same_network[Trace.NETWORK] == out[Trace.NETWORK]
    assert same_network[Trace.ADDRESS] != out[Trace.ADDRESS]


def test_a_device_id_must_be_8_to_64_printable_characters():
    assert device_id_valid("a" * 8) and device_id_valid("a" * 64)
    assert not device_id_valid("a" * 7) and not device_id_valid("a" * 65)
    assert not device_id_valid("tab\there!") and not device_id_valid("é" * 10)
    assert Trace.DEVICE not in fingerprints(KEY, address=None, device_id="short")


def test_sharing_pairs_the_players_of_one_digest():
    seen = [(3, "d1"), (1, "d1"), (2, "d2"), (5, "d1"), (2, "d3")]
    assert sharing(seen) == {(1, 3), (1, 5), (3, 5)}


def test_the_machine_s_own_addresses_tell_nothing():
    for address in ("127.0.0.1", "::1", "0.0.0.0", "169.254.1.1", "fe80::1"):
        assert fingerprints(KEY, address=address, device_id=None) == {}


@given(st.ip_addresses())
def test_every_address_hashes_without_showing_itself(address):
    out = fingerprints(KEY, address=str(address), device_id=None)
    assert set(out) == ({Trace.ADDRESS, Trace.NETWORK} if telling(str(address)) else set())
    assert all(str(address) not in digest for digest in out.values())
