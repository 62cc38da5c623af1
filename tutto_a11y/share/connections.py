"""The live view's connections: how many, and which one is dropped when room is needed.

Each connection has a thread of its own while its request is read and answered (an event
stream then counts in the streams' own room instead, :mod:`tutto_a11y.share.streams`). At
most :data:`MAX_CONNECTIONS` are read or answered at once. A connection still sending its
request, its headers or its body can be dropped; when a new one comes and room is needed,
the oldest still sending from whoever holds the most connections still sending is dropped
(:class:`~tutto_a11y.share.room.Room`: :data:`READING_PER_ADDRESS` from one address,
:data:`READING_PER_GROUP` from an IPv6 /64). A viewer's request is all there within
milliseconds of its connection, so it is never the oldest still sending; a crowd that sends
slowly only ever pushes out its own connections. And none is read for longer than its
request's deadline (:mod:`tutto_a11y.share.incoming`).
"""

from __future__ import annotations

import socket
import threading

from tutto_a11y.share.room import Room

MAX_CONNECTIONS = 96  # connections being read or answered at once (event streams aside)
READING = 64  # of them, still sending their request
READING_PER_GROUP = 32
READING_PER_ADDRESS = 16
ROOM_WAIT = 1.0  # seconds a new connection waits for room among those being answered


class Connections:
    """The connections being read or answered, and those of them still being read."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._reading: Room[socket.socket] = Room(READING, READING_PER_GROUP, READING_PER_ADDRESS)
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._held: set[socket.socket] = set()  # connections holding a slot

    def come(self, connection: socket.socket, address: str) -> bool:
        """A new connection: room is made for it (a connection still sending gives way if
        need be). False when there is none even so: every slot is answering a request."""
        with self._lock:
            full = len(self._held) >= MAX_CONNECTIONS
            out = self._reading.enter(connection, address, full)
        if out is not None:
            drop(out)
        if not self._slots.acquire(blocking=False) and not self._slots.acquire(
                timeout=ROOM_WAIT):
            self.read(connection)
            return False
        with self._lock:
            self._held.add(connection)
        return True

    def read(self, connection: socket.socket) -> None:
        """The connection's request is all in (or it ended): it is no longer dropped for
        room."""
        with self._lock:
            self._reading.leave(connection)

    def release(self, connection: socket.socket) -> None:
        """The connection no longer holds a slot: it ended, or it became an event stream
        (which counts in the streams' room). Releasing twice does nothing."""
        self.read(connection)
        with self._lock:
            if connection not in self._held:
                return
            self._held.discard(connection)
        self._slots.release()

    def reading(self) -> int:
        """Connections still sending their request now."""
        with self._lock:
            return len(self._reading)


def drop(connection: socket.socket) -> None:
    """End a connection from another thread: its thread's read or write ends at once."""
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
