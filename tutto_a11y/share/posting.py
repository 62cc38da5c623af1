"""A seat's post: who may write, and how the entry reaches the table exactly once.

Writing is the only thing the live view does that changes anything, so every post passes four
guards before its line is even read:

- **its origin**: a browser names the page a post comes from (``Origin``, or
  ``Sec-Fetch-Site``); only this live view's own pages may post, so another web site open on
  the same phone cannot send anything (the pages' ``Referrer-Policy: same-origin`` makes the
  browser name the real origin instead of ``null``);
- **its seat**: the device opened a seat with the seat's code, and its HttpOnly,
  SameSite=Strict cookie names that session; a closed seat or a new code ends it;
- **its form token**: a random token of that session, in the page's form, which another site
  cannot read;
- **its state**: each form is made for one state of the game (the number of the latest
  announcement when it was made). A double tap, a resent request, a post after the scorekeeper
  typed the same roll, or a second device racing the first all carry a state the game has left
  once the first was entered, and are told that the game moved on.

Then the line is judged on the game as the latest announcement left it
(:class:`~tutto_a11y.share.entering.Entering`): a line the table would refuse is answered here
and the table never hears of it. Otherwise it is put in the table's inbox
(:class:`~tutto_a11y.table.inbox.Inbox`), whose loop judges it again on the live game and
enters it, or it is withdrawn unentered if the table does not take it in time.

The line is judged as it was posted: what a form's field holds is what a keyboard types, and
the table's own check refuses what is too long or holds a control or format character (the
page's field takes :data:`~tutto_a11y.core.contract.MAX_LINE` characters, as the table does).
"""

from __future__ import annotations

import hmac
from typing import Protocol

from tutto_a11y.share.entering import Entering
from tutto_a11y.share.feed import Feed
from tutto_a11y.share.seats import SeatBook, Session
from tutto_a11y.table.inbox import Answer, Inbox, SeatEntry
from tutto_a11y.text.i18n import Catalog

MAX_FORM = 4096  # bytes of a posted form: a code or a line of a game is a few dozen


class Headers(Protocol):
    """A request's headers, as the server's handler has them (or a mapping, in the tests)."""

    def get(self, name: str) -> str | None: ...


def same_origin(headers: Headers, host: str | None) -> bool:
    """Whether a post comes from this live view's own page, as the browser says: an Origin
    naming this host, else ``Sec-Fetch-Site: same-origin``. A post that says neither is no
    browser's form (or an old browser's) and is refused."""
    origin = headers.get("Origin")
    site = headers.get("Sec-Fetch-Site")
    if site is not None and site.strip().lower() != "same-origin":
        return False
    if origin is not None and origin.strip().lower() != "null":
        return host is not None and hmac.compare_digest(
            origin.strip().lower().encode(), f"http://{host.strip().lower()}".encode())
    return site is not None


def cookie_value(header: str | None, name: str) -> str | None:
    """One cookie's value from a ``Cookie`` header (the seat's session), or None."""
    for part in (header or "").split(";"):
        key, equals, value = part.strip().partition("=")
        if equals and key == name:
            return value.strip()
    return None


def seat_cookie(name: str, value: str) -> str:
    """The ``Set-Cookie`` of a seat's session: only this server reads it, scripts never do,
    and a browser sends it only with requests from this server's own pages."""
    return f"{name}={value}; Path=/; HttpOnly; SameSite=Strict"


class Posting:
    """A seat's line, from a checked post to the table's answer."""

    def __init__(self, feed: Feed, book: SeatBook, inbox: Inbox) -> None:
        self.feed = feed
        self.book = book
        self.inbox = inbox
        self.entering = Entering(feed)

    def enter(self, session: Session, line: str, state: int, c: Catalog) -> Answer:
        """The answer to one line from a seat's device (in its language, ``c``)."""
        if not line.strip():
            return Answer("refused", c.gettext("Type the entry first, then send it."),
                          len(self.feed))
        seat = self.book.seat_index(session.seat)
        answer = self.entering.check(seat, session.seat, line, state, c)
        if answer is not None:
            return answer
        answer = self.inbox.put(SeatEntry(session.seat, line, state, c.lang,
                                          session.generation))
        if answer is None:
            return Answer("late", c.gettext("Not entered: the table did not take it in time. "
                                            "Send it again."), len(self.feed))
        return answer

    def form_token_fits(self, session: Session, given: object) -> bool:
        return isinstance(given, str) and hmac.compare_digest(
            given.encode(), session.form_token.encode())
