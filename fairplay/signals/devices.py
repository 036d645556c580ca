"""Shared devices and networks, from keyed hashes: the raw address is never kept.

The web client keeps a random device id; each request's client address, its network
prefix (/24 for IPv4, /48 for IPv6) and the device id are stored only as an HMAC-SHA256
under a secret key of the server (:func:`fingerprint`), so a stored digest can be compared
with another but never turned back into an address, nor recomputed without the key.

Two accounts seen on one device are one person, or two people at one computer: their game
is unrated and no pairing seats them together. One network only (a household, a campus, a
mobile carrier's NAT) is a weak signal for staff, never a sanction.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from collections import defaultdict
from collections.abc import Iterable
from enum import StrEnum
from itertools import combinations

IPV4_PREFIX = 24
IPV6_PREFIX = 48
MAX_DEVICE_ID = 64


class Trace(StrEnum):
    ADDRESS = "address"
    NETWORK = "network"
    DEVICE = "device"


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def telling(address: str) -> bool:
    """Whether an address says something of a client: not the machine itself, nor a
    link's own address, nor none (what a proxy in front of the server, or a test, gives)."""
    ip = _address(address)
    return ip is not None and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def network_prefix(address: str) -> str | None:
    """The network an address belongs to (``203.0.113.0/24``, ``2001:db8:1::/48``), or
    None when it is not an address."""
    ip = _address(address)
    if ip is None:
        return None
    bits = IPV4_PREFIX if ip.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


def device_id_valid(device_id: str) -> bool:
    """Whether a client's device id is one we keep: 8 to 64 printable ASCII characters."""
    return 8 <= len(device_id) <= MAX_DEVICE_ID and device_id.isascii() and device_id.isprintable()


def fingerprint(key: bytes, trace: Trace, value: str) -> str:
    """The keyed digest of one trace (64 lowercase hex characters): HMAC-SHA256 of
    ``"<trace>:<value>"`` under ``key``."""
    return hmac.new(key, f"{trace}:{value}".encode(), hashlib.sha256).hexdigest()


def fingerprints(key: bytes, *, address: str | None, device_id: str | None) -> dict[Trace, str]:
    """The digests of what a request tells of its client: the address and its network
    (when it is an address that tells something, :func:`telling`) and the device id (when
    the client sent a valid one)."""
    out: dict[Trace, str] = {}
    ip = _address(address) if address else None
    if ip is not None and address is not None and telling(address):
        out[Trace.ADDRESS] = fingerprint(key, Trace.ADDRESS, str(ip))
        out[Trace.NETWORK] = fingerprint(key, Trace.NETWORK, str(network_prefix(address)))
    if device_id and device_id_valid(device_id):
        out[Trace.DEVICE] = fingerprint(key, Trace.DEVICE, device_id)
    return out


def sharing(seen: Iterable[tuple[int, str]]) -> set[tuple[int, int]]:
    """The pairs of players (lower id first) that share a digest, from ``(player,
    digest)`` sightings of one trace."""
    players: dict[str, set[int]] = defaultdict(set)
    for player, digest in seen:
        players[digest].add(player)
    pairs: set[tuple[int, int]] = set()
    for group in players.values():
        pairs.update(combinations(sorted(group), 2))
    return pairs
