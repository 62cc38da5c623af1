"""The hand-over of a seat's entry from the live view's server to the table's loop.

A server thread hands in an entry and waits for its answer; the table's loop takes the entries
waiting when it is woken (the doorbell rings) or before it asks its next question, and answers
each one. The server thread never touches the game, and the table never waits for a seat:
handing in is an append and a ring.

Exactly once: an entry the loop has taken is answered, whatever happens; an entry the loop has
not taken when the wait runs out (or when the table's program ends) is withdrawn and never
entered, and the phone is told so. Taking and withdrawing exclude each other under one lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from tutto_a11y.core.record import Record

WAIT = 10.0  # seconds a seat's device waits for the table before its entry is withdrawn
MAX_WAITING = 32  # entries waiting for the table at once; more are turned away unheard


class Answer(Record):
    """The table's answer to a seat's entry.

    ``kind``: ``accepted``, ``refused`` (the sentence says why, in the phone's language) or
    ``moved-on`` (the game changed since the form was made). ``state`` is the number of the
    latest announcement after the answer: the state a next form is made for.
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
        self.lang = lang  # the phone's language, for the answer's sentence
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

    def give(self, answer: Answer) -> None:
        """The loop's answer (the loop's thread)."""
        self.answer = answer
        self._answered.set()

    def wait(self, timeout: float | None) -> bool:
        return self._answered.wait(timeout)


class Desk:
    """Seats' entries waiting for the table's loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[SeatEntry] = []
        self._closed = False
        #: Rings the table's doorbell (set by the table once its loop runs).
        self.ring: Callable[[], None] | None = None

    # -- the server's threads --------------------------------------------------------------
    def hand_in(self, entry: SeatEntry, wait: float = WAIT) -> Answer | None:
        """Give the table an entry and wait for its answer; None when the table did not take
        it (the wait ran out, too many wait, or the program ends): then it is never entered."""
        with self._lock:
            if self._closed or len(self._waiting) >= MAX_WAITING:
                return None
            self._waiting.append(entry)
        ring = self.ring
        if ring is not None:
            ring()
        if not entry.wait(wait) and entry.withdraw():
            return None
        entry.wait(None)  # taken: the loop answers it now (or withdrawn at the end)
        return entry.answer

    # -- the table's thread ----------------------------------------------------------------
    def take(self) -> list[SeatEntry]:
        """The entries waiting, in the order they came, each now the loop's to answer."""
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
