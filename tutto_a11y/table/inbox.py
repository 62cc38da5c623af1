"""The table's inbox: seats' entries waiting for the table's loop (``play --share --seats``).

The table's program is the only place the game lives, so an entry sent from a player's own
device is handed to the loop's own thread and goes through the same checked path as a typed
line. A server thread puts an entry in and waits for its answer; the loop drains the inbox
itself, between two typed lines or while it waits for the keyboard, and answers each entry.
The server thread never touches the game, and the loop never waits for a seat: putting an
entry in is an append and a :class:`Wake`.

Exactly once: an entry the loop has taken is answered, whatever happens; an entry the loop has
not taken when the wait runs out (or when the table's program ends) is withdrawn and never
entered, and the phone is told so. Taking and withdrawing exclude each other under one lock.

Whoever waits for the keyboard is woken by the inbox's :class:`Wake`: a pipe that ``select``
waits on beside the keyboard (the readline and plain readers), or a function called when it is
set (prompt_toolkit's event loop). No signal is ever sent, so a typed line can never be cut
off by a seat's entry: the reader hands back either the line or "the inbox has something".

The live view's server (``share/``) puts entries in, so this module stands in the server's
layer (``tests/test_layers.py``) and imports nothing but the record and the standard library;
it is loaded only with seats.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable

from tutto_a11y.core.record import Record

WAIT = 10.0  # seconds a seat's device waits for the table before its entry is withdrawn
MAX_WAITING = 32  # entries waiting for the table at once; more are turned away unheard


class Answer(Record):
    """The table's answer to a seat's entry.

    ``kind``: ``accepted``, ``refused`` (the sentence says why, in the phone's language),
    ``moved-on`` (the game changed since the form was made) or ``closed`` (the seat was
    closed while the entry waited). ``state`` is the number of the latest announcement after
    the answer: the state a next form is made for.
    """

    kind: str
    sentence: str
    state: int


class SeatEntry:
    """One line from a seat, made for the game as it stood at announcement ``state``."""

    def __init__(self, seat: str, line: str, state: int, lang: str, generation: int = 0) -> None:
        self.seat = seat
        self.line = line
        self.state = state
        self.lang = lang  # the phone's language: its words and its answer's sentence
        self.generation = generation  # of the seat's code the device opened it with
        self._lock = threading.Lock()
        self._where = "waiting"  # then "taken" (by the loop) or "withdrawn" (by the server)
        self._answered = threading.Event()
        self.answer: Answer | None = None

    def take(self) -> bool:
        """The loop takes the entry, unless it was withdrawn."""
        with self._lock:
            if self._where != "waiting":
                return False
            self._where = "taken"
            return True

    def withdraw(self) -> bool:
        """The server withdraws the entry, unless the loop has taken it."""
        with self._lock:
            if self._where != "waiting":
                return False
            self._where = "withdrawn"
            self._answered.set()
            return True

    def give(self, answer: Answer | None) -> None:
        """The loop's answer (the loop's thread); None: taken, but the table's program ended
        before it could be entered (the phone is told it was not taken in time)."""
        self.answer = answer
        self._answered.set()

    def wait(self, timeout: float | None) -> bool:
        return self._answered.wait(timeout)


class WakePipe:
    """A pipe that a ``select`` waits on: readable once a byte is written, until it is emptied.

    Neither end ever blocks: a byte written to a full pipe is dropped (the wait is woken
    anyway). Windows has no pipe that ``select`` takes, nor non-blocking pipes: there it is a
    pair of connected sockets.
    """

    if sys.platform == "win32":

        def __init__(self) -> None:
            import socket

            self._reading, self._writing = socket.socketpair()
            self._reading.setblocking(False)
            self._writing.setblocking(False)

        def fileno(self) -> int:
            return self._reading.fileno()

        def write(self) -> None:
            try:
                self._writing.send(b"!")
            except BlockingIOError:  # full: the wait is woken anyway
                pass

        def empty(self) -> None:
            try:
                while self._reading.recv(64):
                    pass
            except BlockingIOError:
                pass

    else:

        def __init__(self) -> None:
            self._read, self._write = os.pipe()
            os.set_blocking(self._read, False)
            os.set_blocking(self._write, False)

        def fileno(self) -> int:
            return self._read

        def write(self) -> None:
            try:
                os.write(self._write, b"!")
            except BlockingIOError:  # full: the wait is woken anyway
                pass

        def empty(self) -> None:
            try:
                while os.read(self._read, 64):
                    pass
            except BlockingIOError:
                pass


class Wake:
    """Set by any thread when an entry is put in; seen by the one thread that reads the keyboard.

    Its pipe (:meth:`fileno`) is readable while it is set, so a reader waits for the keyboard
    and the wake in one ``select``; a reader with an event loop of its own (prompt_toolkit)
    gives :meth:`listen` a function instead. The pipe holds at most one byte and is never
    closed: a server thread may set the wake at any moment, even as the program ends.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._set = False
        self._listener: Callable[[], None] | None = None
        self._pipe = WakePipe()

    def fileno(self) -> int:
        """The pipe to wait on: readable while the wake is set."""
        return self._pipe.fileno()

    # -- any thread ------------------------------------------------------------------------
    def set(self) -> None:
        with self._lock:
            was, self._set = self._set, True
            listener = self._listener
            if not was:
                self._pipe.write()
        if listener is not None:
            listener()

    # -- the thread that reads the keyboard ----------------------------------------------------
    def is_set(self) -> bool:
        return self._set

    def clear(self) -> None:
        """Before the inbox is drained: a wake set after this is seen by the next wait."""
        with self._lock:
            self._set = False
            self._pipe.empty()

    def listen(self, listener: Callable[[], None] | None) -> bool:
        """Call ``listener`` (from the setting thread) whenever the wake is set, until
        ``listen(None)``. True when it is set already: the caller acts at once."""
        with self._lock:
            self._listener = listener
            return self._set


class Inbox:
    """Seats' entries waiting for the table's loop, and the wake that tells its reader."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[SeatEntry] = []
        self._closed = False
        self.wake = Wake()

    # -- the server's threads --------------------------------------------------------------
    def put(self, entry: SeatEntry, wait: float = WAIT) -> Answer | None:
        """Give the table an entry and wait for its answer; None when the table did not take
        it (the wait ran out, too many wait, or the program ends): then it is never entered."""
        with self._lock:
            if self._closed or len(self._waiting) >= MAX_WAITING:
                return None
            self._waiting.append(entry)
        self.wake.set()
        if not entry.wait(wait) and entry.withdraw():
            return None
        entry.wait(None)  # taken: the loop answers it now (or withdrawn at the end)
        return entry.answer

    # -- the table's thread ----------------------------------------------------------------
    def take(self) -> list[SeatEntry]:
        """The entries waiting, in the order they came, each now the loop's to answer. The
        wake is cleared first, so an entry put in meanwhile wakes the next wait."""
        self.wake.clear()
        with self._lock:
            waiting, self._waiting = self._waiting, []
        return [entry for entry in waiting if entry.take()]

    def close(self) -> None:
        """The table stops: entries still waiting are withdrawn, never entered."""
        with self._lock:
            self._closed = True
            waiting, self._waiting = self._waiting, []
        for entry in waiting:
            entry.withdraw()
