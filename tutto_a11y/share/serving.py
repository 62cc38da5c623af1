"""Serving the live view: the listening socket, a thread per connection, and what every
request shares: the game, the seats, the codes and the room for connections and streams.

Each request is answered by :class:`tutto_a11y.share.server.Handler`. What the standard
library's ``ThreadingHTTPServer`` lacks for facing a network is added here and beside it, one
module per idea: connections capped, the slowest sender of the crowd dropped for room
(:mod:`~tutto_a11y.share.connections`), a budget of code checks for the whole server
(:mod:`~tutto_a11y.share.guessing`), event streams with room of their own and ids of their
run (:mod:`~tutto_a11y.share.streams`); and nothing printed at the table's terminal.

Why the Host header is checked: a web page elsewhere could otherwise reach this server through
a name of its own that it points at this computer (DNS rebinding).
"""

from __future__ import annotations

import hmac
import ipaddress
import socket
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import cast

from tutto_a11y.games import registry
from tutto_a11y.share.address import typed_code
from tutto_a11y.share.connections import Connections
from tutto_a11y.share.feed import Feed
from tutto_a11y.share.guessing import Checked, Guessing
from tutto_a11y.share.incoming import MAX_REQUEST_LINE
from tutto_a11y.share.posting import Posting
from tutto_a11y.share.seats import Seat, SeatBook
from tutto_a11y.share.streams import Streams, new_run
from tutto_a11y.share.wording import Wording
from tutto_a11y.text.i18n import LANGS

WORDING_PAUSE = 0.002  # the table prints its prompt before the viewers hear of an entry

#: A connection as the standard library's server hands it over: a TCP server's (this one's) is
#: its socket; the type also allows a datagram server's packet and socket.
Request = socket.socket | tuple[bytes, socket.socket]
#: A client's address as its socket gives it: IPv4's host and port, IPv6's with two more.
Address = tuple[str, int] | tuple[str, int, int, int]


def _connection(request: Request) -> socket.socket:
    """The connection's socket: a TCP server's request is nothing else."""
    return cast(socket.socket, request)


class ShareServer(ThreadingHTTPServer):
    """The live view's server; :meth:`share` gives it the game once the game is known.

    ``handler`` answers each request; ``clock`` is the guessing budget's (the tests move
    it)."""

    daemon_threads = True
    block_on_close = False  # a stuck viewer must not hold up the end of the program
    allow_reuse_address = True
    #: Connections the system holds for the server to accept: more than a crowd of hundreds
    #: of addresses keeps waiting, so a viewer's connection is queued, not dropped (a dropped
    #: one is tried again by the phone after 1, 3, 7 seconds).
    request_queue_size = 1024

    def __init__(self, host: str, port: int, code: str, table_lang: str,
                 handler: type[BaseHTTPRequestHandler],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self.table_lang = table_lang if table_lang in LANGS else "en"
        self.run = new_run()  # this run's id, the first part of every event's id
        self.feed: Feed | None = None
        self.wording: Wording | None = None
        self.game = registry.find(registry.DEFAULT)  # until the feed names the game
        self._seats: SeatBook | None = None
        self.posting: Posting | None = None  # with --seats: how a seat's post reaches the table
        self.closing = False
        self.host = host.lower()
        self.connections = Connections()
        self.guessing = Guessing(clock)
        self.streams = Streams()
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), handler)

    @property
    def seats(self) -> SeatBook | None:
        """With --seats: the players' codes and their devices' sessions."""
        return self._seats

    @seats.setter
    def seats(self, book: SeatBook | None) -> None:
        self._seats = book
        if book is not None:  # a seat closed or with a new code: its streams hear it at once
            book.changed = self.streams.wake_seats

    # -- life ------------------------------------------------------------------------------
    def share(self, feed: Feed) -> None:
        """Serve this game from now on."""
        self.game = registry.find(feed.start.game)
        self.wording = Wording(feed, self.run)
        self.feed = feed
        threading.Thread(target=self.wording.word_and_wake,
                         args=(lambda: self.closing, WORDING_PAUSE),
                         name="live view wording", daemon=True).start()

    def start(self) -> None:
        threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2},
                         name="live view", daemon=True).start()

    def close(self) -> None:
        """Stop serving; the viewers' streams end."""
        self.closing = True
        if self.feed is not None:
            self.feed.wake_all()
        self.shutdown()
        self.server_close()

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def cookie_name(self) -> str:
        """The seat cookie's name: a browser keeps cookies per host, not per port, so two
        tables on one computer each have their own."""
        return f"tutto_seat_{self.port}"

    # -- connections -----------------------------------------------------------------------
    def process_request(self, request: Request, client_address: Address) -> None:
        """One thread per connection, with room made for it (see
        :mod:`~tutto_a11y.share.connections`); closed at once if there is none."""
        if not self.connections.come(_connection(request), str(client_address[0])):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.connections.release(_connection(request))
            raise

    def process_request_thread(self, request: Request, client_address: Address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release(_connection(request))

    def handle_error(self, request: Request, client_address: Address) -> None:
        """A viewer's broken connection is its own business: nothing is printed at the table."""

    # -- codes -----------------------------------------------------------------------------
    def check_code(self, given: str, address: str, proven: bool = False, seats: bool = False
                   ) -> tuple[Checked, Seat | None]:
        """A typed code, checked if the guessing budget allows (:mod:`~tutto_a11y.share.
        guessing`): ``right`` (the viewers' code), ``seat`` (with ``seats`` only: a seat's
        code, with its seat), ``wrong``, or unchecked ``too-soon`` or ``busy``. ``proven``:
        the request carries a seat's cookie of this run."""
        typed = typed_code(given[:MAX_REQUEST_LINE]).encode()
        found: list[Seat] = []

        def is_viewers() -> bool:
            return hmac.compare_digest(typed, self.code.encode())

        def is_seat() -> bool:
            seat = self.seats.seat_of_code(typed.decode()) if seats and self.seats else None
            found.extend([seat] if seat is not None else [])
            return seat is not None

        checked = self.guessing.check(address, proven, is_viewers, is_seat)
        return checked, (found[0] if found else None)

    def host_allowed(self, header: str | None) -> bool:
        """The Host a browser sent names this server: an IP address, ``localhost``, or the host
        given with ``--share``. Every other name may be a rebinding page's own (no header: a
        plain client, not a browser, is let in)."""
        if header is None:
            return True
        name = header.strip().lower()
        if name.startswith("["):
            name = name[1:].partition("]")[0]
        elif name.count(":") == 1:
            name = name.partition(":")[0]
        name = name.rstrip(".")
        if name in ("localhost", self.host):
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True
