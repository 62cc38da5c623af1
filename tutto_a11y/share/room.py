"""Room for connections, shared fairly between addresses: who gives way when it is full.

The live view keeps two kinds of room: for connections still sending their request, and for
event streams. Each has a cap per address, a cap per address group, and a cap in all. A
newcomer always gets in; when a cap is reached, one item already in gives way:

- the newcomer's address holds its cap: that address's own oldest item;
- the newcomer's group holds its cap: the oldest item of the address in the group that holds
  the most;
- the room is full: the oldest item of the group that holds the most (and in it, of its
  address that holds the most).

Why so: a crowd from a few addresses then only ever pushes out its own items, and a viewer
from an address of their own holds one or two and is never the one that holds the most. A
tie goes against the newcomer's own group or address (it is already among those that hold
the most), else against the one whose oldest item is oldest.

An address group is an IPv4 address, or an IPv6 /64 (one network's share: a device may pick
any address in it). An IPv4 address written as IPv6 (``::ffff:192.0.2.1``, what a server
listening on ``::`` sees) is the IPv4 address.
"""

from __future__ import annotations

import ipaddress
import itertools
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


def address_group(address: str) -> str:
    """The group an address is counted in: itself for IPv4, its /64 for IPv6."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address  # not an IP address (a test's or a Unix socket's name): itself
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def plain_address(address: str) -> str:
    """An address as it is counted on its own: an IPv4 address written as IPv6 is the IPv4
    address."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


class Room(Generic[T]):
    """Items (connections, streams) by address; :meth:`enter` says which one gives way.

    Not thread-safe on its own: its owner holds a lock around every call.
    """

    def __init__(self, total: int, per_group: int, per_address: int) -> None:
        self.total = total
        self.per_group = per_group
        self.per_address = per_address
        self._order = itertools.count()  # when each item came: smaller is older
        self._items: dict[T, tuple[int, str, str]] = {}  # item -> (came, group, address)
        #: group -> address -> item -> when it came (dicts keep the order they came in)
        self._held: dict[str, dict[str, dict[T, int]]] = {}

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def count(self, address: str) -> int:
        """Items from ``address`` now."""
        group = self._held.get(address_group(address), {})
        return len(group.get(plain_address(address), {}))

    def enter(self, item: T, address: str, full: bool = False) -> T | None:
        """Let ``item`` from ``address`` in; the item that must give way to it (now out of
        the room), or None. ``full``: room is needed even below the cap in all (the owner
        has none left for other reasons)."""
        address, group = plain_address(address), address_group(address)
        out = self._giving_way(group, address, full)
        if out is not None:
            self.leave(out)
        came = next(self._order)
        self._items[item] = (came, group, address)
        self._held.setdefault(group, {}).setdefault(address, {})[item] = came
        return out

    def leave(self, item: T) -> None:
        """The item is gone (or gave way); leaving twice does nothing."""
        found = self._items.pop(item, None)
        if found is None:
            return
        _, group, address = found
        addresses = self._held[group]
        del addresses[address][item]
        if not addresses[address]:
            del addresses[address]
        if not addresses:
            del self._held[group]

    def items(self) -> list[T]:
        return list(self._items)

    # -- who gives way -----------------------------------------------------------------------
    def _giving_way(self, group: str, address: str, full: bool) -> T | None:
        addresses = self._held.get(group, {})
        if len(addresses.get(address, {})) >= self.per_address:
            return self._oldest(addresses[address])
        if sum(len(items) for items in addresses.values()) >= self.per_group:
            return self._oldest(addresses[self._most(addresses, address)])
        if self._items and (full or len(self._items) >= self.total):
            sizes = {g: sum(len(items) for items in held.values())
                     for g, held in self._held.items()}
            top = self._most_of(sizes, group, {g: self._first(held)
                                               for g, held in self._held.items()})
            held = self._held[top]
            return self._oldest(held[self._most(held, address)])
        return None

    def _most(self, addresses: dict[str, dict[T, int]], own: str) -> str:
        """The address that holds the most (the newcomer's own ``own`` on a tie, else the one
        with the oldest item)."""
        sizes = {a: len(items) for a, items in addresses.items()}
        return self._most_of(sizes, own, {a: min(items.values())
                                          for a, items in addresses.items()})

    @staticmethod
    def _most_of(sizes: dict[str, int], own: str, oldest: dict[str, int]) -> str:
        most = max(sizes.values())
        if sizes.get(own) == most:
            return own
        return min((name for name, size in sizes.items() if size == most),
                   key=lambda name: oldest[name])

    @staticmethod
    def _first(held: dict[str, dict[T, int]]) -> int:
        return min(came for items in held.values() for came in items.values())

    @staticmethod
    def _oldest(items: dict[T, int]) -> T:
        return next(iter(items))  # kept in the order they came
