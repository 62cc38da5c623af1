"""The seats of the live view: each player's own code, and the devices that opened with it.

``play --share --seats`` gives every player a seat: a code of their own, random, eight digits
(never the viewers' code, never another seat's), that lets their own phone or computer enter
their turns. The table says a code only when asked (the ``seats`` command), closes a seat
(``seats close Anna``) and gives it a new code (``seats new Anna``); either ends every device
that opened with the old code. ``TUTTO_SEAT_CODES="Anna=12345678,Ben=87654321"`` fixes codes
for scripts.

A device that typed a seat code gets a session: a random token in an HttpOnly, SameSite=Strict
cookie (so the code is never in the address after that first visit), and a second random
token of its own that every form carries (so another web site open on the same phone cannot
post for it). Both live in this process only: when the table's program ends, every session
ends with it.

A session that ended is remembered by its cookie with why it ended (:data:`CLOSED`, or
:data:`NEW_CODE`: a new code, or a ninth device of the seat), so the device's page can say
so in a sentence and ask for the code again; a cookie this process never gave out (the
program started again) is asked for the code too. Either is no wrong code.

The table's thread changes the seats, the server's threads read them; one lock guards both.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

from tutto_a11y.core.problem import Problem
from tutto_a11y.core.record import Record, replace
from tutto_a11y.share.address import typed_code
from tutto_a11y.text.names import same_name

SEAT_CODE_DIGITS = 8
_FIXED_CODE = re.compile(r"[A-Za-z0-9]{6,32}")
SESSIONS_PER_SEAT = 8  # devices a seat may have open at once; the oldest leaves first
ENDED_KEPT = 1024  # ended sessions remembered (by cookie) with why they ended
CLOSED = "closed"  # why a session ended: its seat was closed at the table
NEW_CODE = "new-code"  # its seat got a new code, or the seat opened on a ninth device


class BadSeatCodes(Problem, ValueError):
    """``TUTTO_SEAT_CODES`` that cannot be used; ``reason`` and ``data`` say why."""

    def __init__(self, reason: str, **data: str) -> None:
        super().__init__(reason, data, shown=(reason, data))


def read_fixed_codes(text: str | None) -> list[tuple[str, str]]:
    """``Anna=12345678,Ben=87654321`` as (name, code) pairs; BadSeatCodes if malformed."""
    pairs: list[tuple[str, str]] = []
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, equals, code = part.partition("=")
        name, code = " ".join(name.split()), typed_code(code)
        if not equals or not name:
            raise BadSeatCodes("no-name", part=part.strip())
        if not _FIXED_CODE.fullmatch(code):
            raise BadSeatCodes("bad-code", name=name, code=code)
        if any(same_name(name, other) for other, _ in pairs):
            raise BadSeatCodes("twice", name=name)
        if any(code == other for _, other in pairs):
            raise BadSeatCodes("same-code", code=code)
        pairs.append((name, code))
    return pairs


class Seat(Record):
    """One player's seat: the code that opens it, whether it is open, and its generation,
    which ``seats new`` and ``seats close`` count up so that older sessions end. Closing a
    seat or giving it a new code puts a changed copy in its place, under the book's lock."""

    index: int
    name: str
    code: str
    open: bool = True
    generation: int = 0


class Session(Record):
    """One device that opened a seat: its cookie, its seat's name and generation then, and
    its form token. The answer to its last form post waits in the :class:`SeatBook`."""

    cookie: str
    seat: str
    generation: int
    form_token: str


class SeatBook:
    """The seats of one shared game and the sessions of their devices."""

    def __init__(self, players: Iterable[str], viewer_code: str,
                 fixed: Iterable[tuple[str, str]] = ()) -> None:
        self._lock = threading.Lock()
        self.viewer_code = viewer_code
        self._seats: list[Seat] = []
        self._sessions: dict[str, Session] = {}
        #: By cookie: the answer to a device's last form post, shown once on the page it is
        #: sent back to (a browser without JavaScript).
        self._answers: dict[str, str] = {}
        self._ended: OrderedDict[str, str] = OrderedDict()  # cookie -> why it ended
        #: Called (on the table's thread) when a seat closes or gets a new code: the live
        #: view's server wakes the seats' event streams with it. Must return at once.
        self.changed: Callable[[], None] | None = None
        fixed = list(fixed)
        #: Names of TUTTO_SEAT_CODES that are no player of this game (the table says so).
        self.unknown = [name for name, _ in fixed
                        if not any(same_name(name, player) for player in players)]
        for index, player in enumerate(players):
            code = next((c for n, c in fixed if same_name(n, player)), None)
            if code is None or code == viewer_code:
                code = self._new_code(fixed_codes=[c for _, c in fixed])
            self._seats.append(Seat(index, player, code))

    def _new_code(self, fixed_codes: Iterable[str] = ()) -> str:
        taken = {self.viewer_code, *(s.code for s in self._seats), *fixed_codes}
        while True:
            code = "".join(secrets.choice("0123456789") for _ in range(SEAT_CODE_DIGITS))
            if code not in taken:
                return code

    # -- the table's side ------------------------------------------------------------------
    def seats(self) -> list[Seat]:
        """Every seat as it is now (records: a later change puts new ones in their place)."""
        with self._lock:
            return list(self._seats)

    def close(self, index: int) -> None:
        """Close a seat: its code opens nothing, its devices are let go."""
        with self._lock:
            seat = self._seats[index]
            self._seats[index] = replace(seat, open=False, generation=seat.generation + 1)
            self._forget(seat.name, CLOSED)
        self._tell()

    def renew(self, index: int) -> str:
        """A new code for a seat (open again if it was closed); the old code's devices are
        let go. Returns the new code."""
        with self._lock:
            seat = self._seats[index]
            code = self._new_code()
            self._seats[index] = replace(seat, code=code, open=True,
                                         generation=seat.generation + 1)
            self._forget(seat.name, NEW_CODE)
        self._tell()
        return code

    def _forget(self, name: str, why: str) -> None:
        for cookie in [k for k, v in self._sessions.items() if v.seat == name]:
            self._end(cookie, why)

    def _end(self, cookie: str, why: str) -> None:
        """A session ends (under the lock): its cookie is remembered with why."""
        self._sessions.pop(cookie, None)
        self._answers.pop(cookie, None)
        self._ended[cookie] = why
        while len(self._ended) > ENDED_KEPT:
            self._ended.popitem(last=False)

    def _tell(self) -> None:
        changed = self.changed
        if changed is not None:
            changed()

    # -- the server's side -----------------------------------------------------------------
    def seat_of_code(self, given: str) -> Seat | None:
        """The open seat this code opens, or None. Every seat's code is compared, each in
        constant time, so the time taken tells nothing of the codes."""
        typed = typed_code(given).encode()
        found = None
        with self._lock:
            for seat in self._seats:
                if hmac.compare_digest(typed, seat.code.encode()) and seat.open:
                    found = seat
        return found

    def open_session(self, seat: Seat) -> Session:
        """A new device of ``seat``: its cookie and its form token."""
        with self._lock:
            session = Session(secrets.token_urlsafe(32), seat.name, seat.generation,
                              secrets.token_urlsafe(32))
            mine = [k for k, v in self._sessions.items() if v.seat == seat.name]
            for old in mine[: max(0, len(mine) - SESSIONS_PER_SEAT + 1)]:
                self._end(old, NEW_CODE)
            self._sessions[session.cookie] = session
        self._tell()  # the ended device's stream, if any, hears it at once
        return session

    def session(self, cookie: str | None) -> Session | None:
        """The device's session if its cookie is known and its seat still open with the same
        code; else None (the device must type its seat's code again)."""
        if not cookie:
            return None
        with self._lock:
            session = self._sessions.get(cookie)
            if session is None:
                return None
            seat = next((s for s in self._seats if s.name == session.seat), None)
            if seat is None or not seat.open or seat.generation != session.generation:
                self._end(cookie, CLOSED if seat is None or not seat.open else NEW_CODE)
                return None
            return session

    def ended(self, cookie: str | None) -> str | None:
        """Why the session of ``cookie`` ended (:data:`CLOSED` or :data:`NEW_CODE`), if this
        book gave it out and it ended; None for a session still open, or a cookie this book
        never gave out (or forgot)."""
        if not cookie:
            return None
        with self._lock:
            return self._ended.get(cookie)

    def keep_answer(self, session: Session, answer: str) -> None:
        """The answer to the device's form post, for the page it is sent back to."""
        with self._lock:
            if session.cookie in self._sessions:
                self._answers[session.cookie] = answer

    def take_answer(self, session: Session) -> str | None:
        """The answer kept for the device, once: the page after that shows none."""
        with self._lock:
            return self._answers.pop(session.cookie, None)

    def still_open(self, name: str, generation: int) -> bool:
        """Whether a seat is open with the code a device opened it with (the table's thread
        asks, for an entry that waited while the seat was closed or got a new code)."""
        with self._lock:
            return any(s.name == name and s.open and s.generation == generation
                       for s in self._seats)

    def seat_index(self, name: str) -> int:
        with self._lock:
            return next(s.index for s in self._seats if s.name == name)
