"""The event streams of the live view: their room, their event ids, and writing them.

**Event ids.** Every run of the live view (every start of the table's program) has an id of
its own, and an event's id is ``RUN:NUMBER``: the run, then the notice's number in it. A
page that reconnects says the last id it saw (``Last-Event-ID``, or ``since`` when the page
itself connects); from the same run it gets everything after that number, from another run
(the program was started again, perhaps on the same port with the same code) everything
from the start of this one. Numbers alone would make such a page wait, silent, until the new
run's count passed what it saw before.

**Room.** Every stream holds a thread and a socket for as long as it is open, so their number
is capped, and fairly (:class:`~tutto_a11y.share.room.Room`): viewers' streams at most
:data:`VIEWER_STREAMS` in all, :data:`PER_GROUP` from an IPv6 /64, :data:`PER_ADDRESS` from
one address, and when a cap is reached, the oldest stream of whoever holds the most gives way
(its page reconnects by itself and catches up by its last id). The seats' streams have room
of their own, :data:`SEAT_STREAMS` for each seat (a seat's devices are capped the same way),
so no crowd of viewers can keep a player's page from hearing the table.

**A seat that is no longer open.** A seat's page follows the stream with its cookie. When the
seat is closed, gets a new code, or the program started again (and knows no cookie of before),
the stream says so in one event (``event: seat``, ``closed`` or ``new-code``) and ends, and
the page asks for the code again. Such a cookie is no wrong code: it costs its address
nothing.
"""

from __future__ import annotations

import json
import secrets
import socket
import threading
from collections.abc import Callable
from io import BufferedIOBase

from tutto_a11y.share.feed import Feed
from tutto_a11y.share.room import Room
from tutto_a11y.share.wording import Wording

VIEWER_STREAMS = 64  # viewers' streams in all
PER_GROUP = 32  # viewers' streams from one IPv6 /64 (or one IPv4 address)
PER_ADDRESS = 8  # viewers' streams from one address
SEAT_STREAMS = 8  # each seat's own streams, beside the viewers'
KEEPALIVE = 15.0  # a comment line this often shows a dead connection and keeps Wi-Fi awake
RETRY = 2000  # milliseconds a browser waits before it reconnects by itself


def new_run() -> str:
    """The id of a run of the live view: random, so that no two runs share it."""
    return secrets.token_hex(4)


def events_after(seen: str | None, run: str, count: int) -> int:
    """The number after which a stream starts, from the last id a page saw (``RUN:NUMBER``):
    that number if the id is of this run (at most ``count``, the notices there are), else 0
    (another run, or nothing seen)."""
    seen_run, colon, number = (seen or "").strip().partition(":")
    if not colon or seen_run != run:
        return 0
    if not (number.isascii() and number.isdigit() and len(number) < 10):
        return 0
    return min(int(number), count)


def seat_event(reason: str) -> bytes:
    """The event that tells a seat's page its seat must be opened again (``closed`` or
    ``new-code``); the page ends its stream and asks for the code."""
    data = json.dumps({"seat": reason}, separators=(",", ":"))
    return f"event: seat\ndata: {data}\n\n".encode()


class Stream:
    """One open event stream: a viewer's, or a seat's device's (``seat``)."""

    def __init__(self, connection: socket.socket, seat: str | None = None) -> None:
        self.connection = connection
        self.seat = seat
        self.waiter = threading.Event()  # set by the feed's news, a seat's change, giving way
        self.gave_way = False

    def give_way(self) -> None:
        """End this stream to make room for another: its loop ends, and a write it is
        blocked in fails at once."""
        self.gave_way = True
        self.waiter.set()
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def write(self, out: BufferedIOBase, feed: Feed, wording: Wording, after: int, lang: str,
              closing: Callable[[], bool], seat_ended: Callable[[], str | None]) -> None:
        """Every event after number ``after``, then each new one, until the server closes,
        the stream gives way, or (a seat's stream) ``seat_ended()`` names why the seat
        must be opened again."""
        feed.watch(self.waiter)
        try:
            out.write(f"retry: {RETRY}\n\n".encode())
            out.flush()
            while not closing() and not self.gave_way:
                self.waiter.clear()
                ended = seat_ended()
                if ended is not None:
                    out.write(seat_event(ended))
                    out.flush()
                    return
                count = wording.ready  # worded already, not what the table adds meanwhile
                if after < count:
                    out.write(b"".join(wording.event(n, lang) for n in range(after + 1, count + 1)))
                    out.flush()
                    after = count
                elif not self.waiter.wait(KEEPALIVE):
                    out.write(b": still here\n\n")
                    out.flush()
        finally:
            feed.unwatch(self.waiter)


class Streams:
    """The open event streams and their room: the viewers' and each seat's."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._viewers: Room[Stream] = Room(VIEWER_STREAMS, PER_GROUP, PER_ADDRESS)
        self._seats: dict[str, Room[Stream]] = {}

    def open(self, stream: Stream, address: str) -> None:
        """Count a new stream in; the one that must give way to it does."""
        with self._lock:
            if stream.seat is None:
                room = self._viewers
            else:
                room = self._seats.setdefault(
                    stream.seat, Room(SEAT_STREAMS, SEAT_STREAMS, SEAT_STREAMS))
            out = room.enter(stream, address)
        if out is not None:
            out.give_way()

    def close(self, stream: Stream) -> None:
        with self._lock:
            if stream.seat is None:
                self._viewers.leave(stream)
            elif stream.seat in self._seats:
                self._seats[stream.seat].leave(stream)
                if not len(self._seats[stream.seat]):
                    del self._seats[stream.seat]

    def wake_seats(self) -> None:
        """A seat was closed or got a new code: every seat's stream looks at its seat again."""
        with self._lock:
            streams = [s for room in self._seats.values() for s in room.items()]
        for stream in streams:
            stream.waiter.set()

    def counts(self) -> tuple[int, int]:
        """Viewers' streams and seats' streams open now."""
        with self._lock:
            return len(self._viewers), sum(len(room) for room in self._seats.values())
