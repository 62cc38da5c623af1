"""Room for streams and connections, shared fairly: who gives way when it is full.

The rule decides which viewer's page loses its event stream (and reconnects) when a crowd
fills the live view, so it is tested on its own with addresses no loopback test can have
(many IPv6 networks); the same rule against the real server is in test_share_locking.py.
"""

from __future__ import annotations

from tutto_a11y.share.room import Room, address_group


def test_an_ipv6_network_counts_as_one_and_an_ipv4_address_as_itself() -> None:
    assert address_group("2001:db8:1:2:aaaa::1") == address_group("2001:db8:1:2::99")
    assert address_group("2001:db8:1:2::1") != address_group("2001:db8:1:3::1")
    assert address_group("::ffff:192.0.2.7") == address_group("192.0.2.7") == "192.0.2.7"
    assert address_group("192.0.2.7") != address_group("192.0.2.8")


def test_a_crowd_from_one_address_pushes_out_only_its_own_oldest() -> None:
    room: Room[str] = Room(total=64, per_group=32, per_address=8)
    assert room.enter("viewer", "192.0.2.50") is None
    out = [room.enter(f"crowd-{n}", "192.0.2.66") for n in range(20)]
    assert out[:8] == [None] * 8
    assert out[8:] == [f"crowd-{n}" for n in range(12)]  # its own, oldest first
    assert "viewer" in room and room.count("192.0.2.66") == 8


def test_one_ipv6_network_holds_at_most_its_share_whatever_its_addresses() -> None:
    room: Room[str] = Room(total=64, per_group=32, per_address=8)
    room.enter("viewer", "2001:db8:9::1")
    for n in range(100):  # a new address of the same /64 for every stream
        room.enter(f"crowd-{n}", f"2001:db8:1:2::{n + 1:x}")
    assert len(room) == 33 and "viewer" in room


def test_when_full_the_oldest_of_whoever_holds_the_most_gives_way() -> None:
    room: Room[str] = Room(total=64, per_group=32, per_address=8)
    for n in range(64):  # eight addresses with eight streams each
        room.enter(f"flood-{n}", f"192.0.2.{1 + n // 8}")
    assert room.enter("viewer", "192.0.2.100") == "flood-0"
    assert room.enter("flood-again", "192.0.2.1") == "flood-8"  # the next address with 8
    # A viewer from an address of its own gives way only to a crowd that holds no more than
    # one stream per address either (then its page reconnects and the oldest gives way).
    for n in range(200):
        assert room.enter(f"crowd-{n}", f"198.51.100.{n % 20}") != "viewer"
    assert "viewer" in room
