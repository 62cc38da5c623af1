"""The listener the table publishes to: an append-only list of notices, numbered from 1.

The table's thread only appends and wakes one thread, the wording thread; it never takes a lock
that a viewer could hold, never writes to a socket and never words a sentence. The wording thread
lets the table finish its lines, words the news once per language, and only then wakes the viewers:
woken at once, twenty viewers wording the same notice would each want the interpreter while
the table prints its prompt. Viewers read the list by number from their own threads, so a
slow, stuck or hostile viewer cannot delay an entry.
The number of a notice, after the run of the live view it was published in, is the id of its
Server-Sent Event: a viewer that lost the connection asks for everything after the last id it
saw, which gives neither repeats nor gaps (see :mod:`tutto_a11y.share.streams`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from tutto_a11y.core.contract import AnyNotice, Notice
from tutto_a11y.core.record import Record


class Item(Record):
    """One published notice with its number; an undo also names the number it took back."""

    number: int
    notice: AnyNotice
    takes_back: int | None = None  # an undo: the announcement it took back (None: from before)
    #: Who sent the latest entry standing once this notice was published, as ``(name,)``
    #: (``(None,)``: typed at the table), or None when none stands: whose undo a seat may send.
    latest_by: tuple[str | None] | None = None


class Feed:
    """Every notice of the shared game, in order; the game's standing before the first one."""

    def __init__(self, kind: str, players: tuple[str, ...], rules: object, state: object,
                 entered_by: Sequence[str | None] = ()) -> None:
        #: The game as it stood when sharing began (the page shows it before any entry).
        self.start: AnyNotice = Notice(kind, tuple(players), rules, (), state)
        self._items: list[Item] = []
        self._standing: list[int] = []  # numbers of announcements not taken back, in order
        # Who sent each entry standing when sharing began (a resumed game), for a seat's undo.
        self._before: list[str | None] = list(entered_by)
        self._latest_at_start = (self._before[-1],) if self._before else None
        self._waiters: tuple[threading.Event, ...] = ()
        self._waiters_lock = threading.Lock()  # taken by viewers only, never by the table
        #: Set by the table at each notice; the wording thread waits on it
        #: (see :meth:`wake_viewers`).
        self.news = threading.Event()

    # -- the table's side: must return at once ---------------------------------------------
    def hear(self, notice: AnyNotice) -> None:
        """Append a notice and wake the viewers (the table loop's thread)."""
        number = len(self._items) + 1
        takes_back = None
        if notice.undone:
            if self._standing:
                takes_back = self._standing.pop()
            elif self._before:
                self._before.pop()
        else:
            self._standing.append(number)
        if self._standing:
            last = self._standing[-1]
            latest: tuple[str | None] | None = (
                notice.by if last == number else self._items[last - 1].notice.by,)
        else:
            latest = (self._before[-1],) if self._before else None
        self._items.append(Item(number, notice, takes_back, latest))
        self.news.set()  # one thread woken; it wakes the viewers once the table moved on

    # -- the wording thread's side ----------------------------------------------------------
    def wake_viewers(self) -> None:
        """Wake every waiting viewer: there is news for them."""
        for waiter in self._waiters:  # a tuple swapped whole: safe to read without the lock
            waiter.set()

    # -- the viewers' side -----------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._items)

    def item(self, number: int) -> Item:
        """The notice numbered ``number`` (1 is the first)."""
        return self._items[number - 1]

    def last(self) -> AnyNotice:
        """The latest notice, or the standing when sharing began."""
        items = self._items
        return items[-1].notice if items else self.start

    def latest_by(self, number: int) -> tuple[str | None] | None:
        """Who sent the latest entry standing after the notice numbered ``number`` (0: when
        sharing began), as ``(name,)`` (``(None,)``: typed at the table), or None when no
        entry stands: nothing to undo. Kept with each notice, so it is always the one that
        goes with that notice's state."""
        return self._items[number - 1].latest_by if number else self._latest_at_start

    def watch(self, waiter: threading.Event | None = None) -> threading.Event:
        """An event set whenever a notice is published, until :meth:`unwatch` (``waiter``:
        one the viewer also sets for reasons of its own)."""
        waiter = waiter or threading.Event()
        with self._waiters_lock:
            self._waiters = self._waiters + (waiter,)
        return waiter

    def unwatch(self, waiter: threading.Event) -> None:
        with self._waiters_lock:
            self._waiters = tuple(w for w in self._waiters if w is not waiter)

    def wake_all(self) -> None:
        """Wake every viewer and the wording thread (the server is closing)."""
        self.news.set()
        self.wake_viewers()
