"""The small web server of the live view: the page, its two files and the event stream.

Why the standard library's ``ThreadingHTTPServer``: the table may be offline and is set up by
``scripts/play`` from a plain Python, so the live view adds no dependency; a table has at most a
few dozen viewers, one thread each, and ``bench/bench_share.py`` shows that twenty of them do
not slow an entry down. What the library lacks for facing a network is added here: a timeout on
every socket, a time limit for a whole request, a cap on connections, no logging to the table's
terminal, no traceback.

Why nobody can lock the live view without the code: a wrong code is answered at once (only the
next try from the same address waits out a second, and others from there meanwhile are refused
unchecked), a request that is not all
there within :data:`REQUEST_TIME` is dropped, a new connection when all are taken drops the
one that has waited longest for its request (a viewer who knows the code sends it in
milliseconds), and event streams are capped per address and in all, so a page always has
room. Why the Host header is checked: a web page elsewhere could otherwise reach this server
through a name of its own that it points at this computer (DNS rebinding).

Without seats it is read-only: nothing a request carries reaches the game. With seats
(``--seats``) a player's own device posts entries, and the writing is guarded in
:mod:`tutto_a11y.share.posting`: a post must come from this page (its Origin, or
Sec-Fetch-Site), from a device that opened a seat (its HttpOnly, SameSite=Strict cookie), with
that device's own form token, for the state of the game the form was made for.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import socket
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from tutto_a11y.games import registry
from tutto_a11y.share.address import typed_code
from tutto_a11y.share.feed import Feed
from tutto_a11y.share.page import (
    LANGUAGE_WORDS,
    LATEST,
    SeatForm,
    code_page,
    game_page,
    message_page,
    seat_ended,
)
from tutto_a11y.share.posting import (
    MAX_FORM,
    Posting,
    clean_line,
    cookie_value,
    same_origin,
    seat_cookie,
)
from tutto_a11y.share.seats import Seat, SeatBook, Session
from tutto_a11y.share.wording import Wording, turn_data
from tutto_a11y.text.i18n import LANGS, normalise_lang

#: No script or style but the page's own files, nothing from elsewhere, no framing.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the code is in the address: never pass it on
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
#: With seats: still never to another site, but a browser names this page as the Origin of
#: its own posts (under no-referrer it would send "null", which any page can send).
SEATS_REFERRER_POLICY = {"Referrer-Policy": "same-origin"}
WRONG_CODE_DELAY = 1.0  # after a wrong code, the same address is not heard for this long
MAX_CONNECTIONS = 96
MAX_STREAMS = 64  # event streams in all: the other connections stay free for pages
MAX_STREAMS_PER_ADDRESS = 8
REQUEST_TIME = 5.0  # a request line and headers not all there by then are dropped
SOCKET_TIMEOUT = 20.0  # a viewer that neither reads nor writes this long is let go
KEEPALIVE = 15.0  # a comment line this often shows a dead connection and keeps Wi-Fi awake
HERALD_PAUSE = 0.002  # the table prints its prompt before the viewers hear of an entry
STATIC = {"/live.js": "application/javascript; charset=utf-8",
          "/live.css": "text/css; charset=utf-8"}


def viewer_lang(query: dict[str, list[str]], accept: str | None, fallback: str) -> str:
    """``?lang=``, else the browser's first language we have (Accept-Language), else the
    table's."""
    for value in query.get("lang", []):
        lang = normalise_lang(value)
        if lang:
            return lang
    ranked = []
    for index, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = normalise_lang(tag) if tag.strip() != "*" else None
        if lang and weight > 0:
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else fallback


class ShareServer(ThreadingHTTPServer):
    """The live view's server; :meth:`share` gives it the game once the game is known."""

    daemon_threads = True
    block_on_close = False  # a stuck viewer must not hold up the end of the program
    allow_reuse_address = True
    request_queue_size = 64  # connections waiting to be accepted while a crowd is sorted out

    def __init__(self, host: str, port: int, code: str, table_lang: str) -> None:
        self.code = code
        self.table_lang = table_lang if table_lang in LANGS else "en"
        self.feed: Feed | None = None
        self.wording: Wording | None = None
        self.game = registry.find(registry.DEFAULT)  # until the feed names the game
        self.seats: SeatBook | None = None  # with --seats: the players' own codes
        self.posting: Posting | None = None  # with --seats: how a seat's post reaches the table
        self.closing = False
        self.host = host.lower()
        self._guard = threading.Lock()  # the viewers' bookkeeping below, never the table's
        self._wrong_until: dict[str, float] = {}  # address -> when it may try a code again
        self._waiting: set[str] = set()  # addresses with a try waiting for that moment
        self._reading: dict[Any, float] = {}  # connection -> when it came, until its request is in
        self._streams: dict[str, int] = {}  # address -> open event streams
        self._connections = threading.BoundedSemaphore(MAX_CONNECTIONS)
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), Handler)

    # -- life ------------------------------------------------------------------------------
    def share(self, feed: Feed) -> None:
        """Serve this game from now on."""
        self.game = registry.find(feed.start.game)
        self.wording = Wording(feed)
        self.feed = feed
        threading.Thread(target=self.wording.herald, args=(lambda: self.closing, HERALD_PAUSE),
                         name="live view herald", daemon=True).start()

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
        return self.server_address[1]

    @property
    def cookie_name(self) -> str:
        """The seat cookie's name: a browser keeps cookies per host, not per port, so two
        tables on one computer each have their own."""
        return f"tutto_seat_{self.port}"

    # -- connections -----------------------------------------------------------------------
    def process_request(self, request: Any, client_address: Any) -> None:
        """One thread per connection, up to a cap. When all are taken, the connection that has
        waited longest for its request is dropped to make room; if none is waiting for its
        request (all are viewers being served), the new one is closed."""
        if not self._connections.acquire(blocking=False):
            self._drop(self._oldest_reading())
            if not self._connections.acquire(timeout=1.0):
                self.shutdown_request(request)
                return
        with self._guard:
            self._reading[request] = time.monotonic()
        try:
            super().process_request(request, client_address)
        except Exception:
            self.request_read(request)
            self._connections.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.request_read(request)
            self._connections.release()

    def request_read(self, request: Any) -> None:
        """The connection's request is all in (or it ended): it is no longer dropped for time."""
        with self._guard:
            self._reading.pop(request, None)

    def service_actions(self) -> None:
        """Between accepts (at least every poll): drop requests that took too long to come."""
        late = time.monotonic() - REQUEST_TIME
        with self._guard:
            slow = [request for request, came in self._reading.items() if came < late]
        for request in slow:
            self._drop(request)

    def _oldest_reading(self) -> Any:
        with self._guard:
            return min(self._reading, key=self._reading.__getitem__, default=None)

    def _drop(self, request: Any) -> None:
        """End a connection still sending its request; its thread sees the end and leaves."""
        if request is None:
            return
        self.request_read(request)
        try:
            request.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A viewer's broken connection is its own business: nothing is printed at the table."""

    def check_code(self, given: str, address: str, request: Any = None
                   ) -> tuple[str, Seat | None]:
        """``right`` (the viewers' code), ``seat`` (a seat's code, with its seat), ``wrong``, or
        ``too-soon``. A wrong code is answered at once; the next try from the same address
        within :data:`WRONG_CODE_DELAY` waits out the rest of it (a person typing the code
        again), and any other try from there meanwhile is answered ``too-soon`` unchecked. So
        guessing is one try a second per address, for the viewers' code and the seats' codes
        alike, and a guess holds no connection for long: the one that waits can be dropped
        like a slow request."""
        now = time.monotonic()
        with self._guard:
            until = self._wrong_until.get(address, 0.0)
            if until > now:
                if address in self._waiting:
                    return "too-soon", None
                self._waiting.add(address)
                if request is not None:
                    self._reading[request] = now  # may be dropped while it waits
        if until > now:
            try:
                time.sleep(until - now)
            finally:
                with self._guard:
                    self._waiting.discard(address)
                if request is not None:
                    self.request_read(request)
            now = time.monotonic()
        with self._guard:
            if self._wrong_until.get(address, 0.0) > now:
                return "too-soon", None  # another try from there was wrong meanwhile
            if hmac.compare_digest(typed_code(given).encode(), self.code.encode()):
                return "right", None
            seat = self.seats.seat_of_code(given) if self.seats is not None else None
            if seat is not None:
                return "seat", seat
            if len(self._wrong_until) > 4096:  # forget the addresses that may try again
                self._wrong_until = {a: t for a, t in self._wrong_until.items() if t > now}
            self._wrong_until[address] = now + WRONG_CODE_DELAY
            return "wrong", None

    def open_stream(self, address: str) -> bool:
        """Room for one more event stream from ``address``? Counted until :meth:`close_stream`."""
        with self._guard:
            if (sum(self._streams.values()) >= MAX_STREAMS
                    or self._streams.get(address, 0) >= MAX_STREAMS_PER_ADDRESS):
                return False
            self._streams[address] = self._streams.get(address, 0) + 1
            return True

    def close_stream(self, address: str) -> None:
        with self._guard:
            left = self._streams.get(address, 0) - 1
            if left > 0:
                self._streams[address] = left
            else:
                self._streams.pop(address, None)

    def host_allowed(self, header: str | None) -> bool:
        """The Host a browser sent names this server: an IP address, ``localhost``, or the host
        given with ``--share``. Any other name may be a rebinding page's own (no header: a
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


class Handler(BaseHTTPRequestHandler):
    """One viewer's request: the page, a static file, or the event stream."""

    server: ShareServer
    timeout = SOCKET_TIMEOUT
    server_version = "tutto-tally"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        """Nothing is logged: the table's terminal belongs to the scorekeeper."""

    def handle(self) -> None:
        try:
            super().handle()
        except (OSError, ValueError):
            self.close_connection = True

    def parse_request(self) -> bool:
        """Read the request's headers; once they are in, the request has come in time."""
        parsed = super().parse_request()
        self.server.request_read(self.connection)
        return parsed

    # -- methods ---------------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802 (the base's name)
        self._get(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._get(head=True)

    def do_POST(self) -> None:  # noqa: N802
        if self.server.posting is None:  # no seats: read-only, as ever
            self._refuse_method()
        else:
            self._post()

    def _refuse_method(self) -> None:
        allowed = "GET, HEAD, POST" if self.server.posting is not None else "GET, HEAD"
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"", "text/plain; charset=utf-8",
                   {"Allow": allowed})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    # -- routes ----------------------------------------------------------------------------
    def _no_page(self, status: HTTPStatus, lang: str, head: bool = False) -> None:
        self._page(status, message_page(self._c(lang), self._title(lang), self._c(lang).gettext(
            "There is no such page. Open the address the scorekeeper's program said.")), head)

    def _get(self, head: bool) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query, max_num_fields=20)
        server = self.server
        lang = viewer_lang(query, self.headers.get("Accept-Language"), server.table_lang)
        if not server.host_allowed(self.headers.get("Host")):
            self._no_page(HTTPStatus.MISDIRECTED_REQUEST, lang, head)
            return
        if url.path in STATIC:
            body = resources.files("tutto_a11y.share").joinpath("static").joinpath(
                url.path.lstrip("/")).read_bytes()
            self._send(HTTPStatus.OK, body, STATIC[url.path], head=head)
            return
        if url.path not in ("/", "/events"):
            self._no_page(HTTPStatus.NOT_FOUND, lang, head)
            return
        code = (query.get("code") or [""])[0]
        session = None if code else self._session()
        if session is None and not code and url.path == "/":  # a seat's ended: say so
            ended = self._seat_ended()
            self._page(HTTPStatus.OK, self._code_page(
                lang, problem=seat_ended(self._c(lang)) if ended else ""), head)
            return
        if session is None:
            checked, seat = server.check_code(code, self.client_address[0], self.connection)
            if checked == "seat" and seat is not None and url.path == "/":
                self._open_seat(seat, lang)
                return
            if checked not in ("right", "seat"):
                self._wrong_code(checked, url.path == "/events", lang, head)
                return
        if server.feed is None or server.wording is None:
            self._page(HTTPStatus.SERVICE_UNAVAILABLE, message_page(
                self._c(lang), self._title(lang), self._c(lang).gettext(
                    "The game has not started yet. Reload this page in a moment.")), head)
            return
        if url.path == "/events":
            self._events(query, lang, head)
        elif session is not None:
            self._seat_page(session, lang, head)
        else:
            self._game(lang, typed_code(code), head)

    def _title(self, lang: str) -> str:
        """The game's name in the viewer's language ("Volle Lotte" for French viewers)."""
        return str(self.server.game.title_in(self._c(lang)))

    def _code_page(self, lang: str, wrong: bool = False, too_soon: bool = False,
                   problem: str = "") -> str:
        return code_page(self._c(lang), self._title(lang), wrong, too_soon, problem,
                         post=self.server.posting is not None)

    def _wrong_code(self, checked: str, events: bool, lang: str, head: bool) -> None:
        status = HTTPStatus.FORBIDDEN if checked == "wrong" else HTTPStatus.TOO_MANY_REQUESTS
        if events:
            self._send(status, b"", "text/plain; charset=utf-8", head=head)
        else:
            self._page(status, self._code_page(lang, True, too_soon=checked == "too-soon"),
                       head)

    def _c(self, lang: str) -> Any:
        wording = self.server.wording
        if wording is not None:
            return wording.catalog(lang)
        from tutto_a11y.text.i18n import Catalog

        return Catalog(lang)

    def _game(self, lang: str, code: str, head: bool, form: SeatForm | None = None) -> None:
        wording, feed = self.server.wording, self.server.feed
        assert wording is not None and feed is not None
        count = len(feed)
        first = max(1, count - LATEST + 1)
        latest = [wording.item(n, lang) for n in range(first, count + 1)]
        standing = latest[-1].standing if latest else wording.start(lang)
        self._page(HTTPStatus.OK, game_page(wording.catalog(lang), self._title(lang), code,
                                            standing, latest, count, form), head)

    # -- seats -----------------------------------------------------------------------------
    def _session(self) -> Session | None:
        """The seat session this browser's cookie names, if it is still good."""
        seats = self.server.seats
        if seats is None:
            return None
        return seats.session(cookie_value(self.headers.get("Cookie"), self.server.cookie_name))

    def _seat_ended(self) -> bool:
        """Whether this browser brings a seat's cookie that opens no seat any more: the seat
        was closed or given a new code, or the table's program started again."""
        return self.server.seats is not None and cookie_value(
            self.headers.get("Cookie"), self.server.cookie_name) is not None

    def _open_seat(self, seat: Seat, lang: str) -> None:
        """A seat's code was typed: the device gets its session's cookie and the seat's page,
        at an address without the code."""
        seats = self.server.seats
        assert seats is not None
        session = seats.open_session(seat)
        self._send(HTTPStatus.SEE_OTHER, b"", "text/plain; charset=utf-8",
                   {"Location": "/?" + urlencode({"lang": lang}),
                    "Set-Cookie": seat_cookie(self.server.cookie_name, session.cookie)})

    def _seat_page(self, session: Session, lang: str, head: bool) -> None:
        wording, feed = self.server.wording, self.server.feed
        assert wording is not None and feed is not None
        c = wording.catalog(lang)
        seats = self.server.seats
        answer = seats.take_answer(session) if seats is not None else None  # once, after a post
        table = self.server.table_lang
        state = len(feed)
        form = SeatForm(session.seat, seats.seat_index(session.seat) if seats else 0,
                        session.form_token, state, wording.turn(state, lang), answer or "",
                        focus=answer is not None,
                        table_language=c.gettext(LANGUAGE_WORDS[table]) if table != lang else "")
        self._game(lang, "", head, form)

    def _post(self) -> None:
        server, url = self.server, urlsplit(self.path)
        lang = viewer_lang({}, self.headers.get("Accept-Language"), server.table_lang)
        if not server.host_allowed(self.headers.get("Host")):
            self.close_connection = True
            self._no_page(HTTPStatus.MISDIRECTED_REQUEST, lang)
            return
        if url.path not in ("/", "/enter"):
            self.close_connection = True
            self._no_page(HTTPStatus.NOT_FOUND, lang)
            return
        if not same_origin(self.headers, self.headers.get("Host")):  # before the body is read
            self.close_connection = True
            c = self._c(lang)
            self._page(HTTPStatus.FORBIDDEN, message_page(c, self._title(lang), c.gettext(
                "Entries are only taken from the live view's own page. Open the address the "
                "scorekeeper's program said.")))
            return
        form = self._form()
        if form is None:
            self.close_connection = True
            self._send(HTTPStatus.BAD_REQUEST, b"", "text/plain; charset=utf-8")
            return
        lang = viewer_lang(form, self.headers.get("Accept-Language"), server.table_lang)
        c = self._c(lang)
        if url.path == "/":
            self._post_code((form.get("code") or [""])[0], lang)
        else:
            self._post_entry(form, c)

    def _form(self) -> dict[str, list[str]] | None:
        """The posted form (URL-encoded, UTF-8, at most :data:`MAX_FORM` bytes), or None."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        length = self.headers.get("Content-Length") or ""
        if kind != "application/x-www-form-urlencoded" or not length.isdigit() \
                or int(length) > MAX_FORM:
            return None
        try:
            body = self.rfile.read(int(length)).decode("utf-8")
            return parse_qs(body, keep_blank_values=True, max_num_fields=8,
                            errors="strict")
        except (UnicodeDecodeError, ValueError):
            return None

    def _post_code(self, code: str, lang: str) -> None:
        """The code form: a seat's code opens the seat, the viewers' code the live page."""
        checked, seat = self.server.check_code(code, self.client_address[0], self.connection)
        if checked == "seat" and seat is not None:
            self._open_seat(seat, lang)
        elif checked == "right":
            self._send(HTTPStatus.SEE_OTHER, b"", "text/plain; charset=utf-8",
                       {"Location": "/?" + urlencode({"code": typed_code(code), "lang": lang})})
        else:
            self._wrong_code(checked, False, lang, False)

    def _post_entry(self, form: dict[str, list[str]], c: Any) -> None:
        """A seat's line: its session and token checked, then entered (or not) exactly once."""
        server, posting = self.server, self.server.posting
        assert posting is not None and server.wording is not None
        wants_json = "application/json" in (self.headers.get("Accept") or "")
        session = self._session()
        if session is None or not posting.form_token_fits(session, (form.get("token") or [""])[0]):
            sentence = seat_ended(c)
            if wants_json:
                self._json(HTTPStatus.FORBIDDEN, {"kind": "closed", "sentence": sentence})
            else:
                self._page(HTTPStatus.FORBIDDEN, self._code_page(c.lang, problem=sentence))
            return
        state_text = (form.get("state") or [""])[0]
        state = int(state_text) if state_text.isdigit() and len(state_text) < 10 else -1
        line = clean_line((form.get("line") or [""])[0])
        answer = posting.enter(session, line, state, c)
        if wants_json:
            self._json(HTTPStatus.OK, {"kind": answer.kind, "sentence": answer.sentence,
                                       "state": answer.state,
                                       **turn_data(server.wording.turn(answer.state, c.lang))})
            return
        shown = answer.sentence
        if answer.kind == "accepted" and answer.state:  # no script: the page says it once
            shown = server.wording.item(answer.state, c.lang).line
        if server.seats is not None:
            server.seats.keep_answer(session, shown)
        self._send(HTTPStatus.SEE_OTHER, b"", "text/plain; charset=utf-8",
                   {"Location": "/?" + urlencode({"lang": c.lang})})

    def _security_headers(self) -> dict[str, str]:
        if self.server.posting is None:
            return SECURITY_HEADERS
        return {**SECURITY_HEADERS, **SEATS_REFERRER_POLICY}

    def _json(self, status: HTTPStatus, data: dict[str, Any]) -> None:
        body = json.dumps(data, ensure_ascii=False).encode()
        self._send(status, body, "application/json; charset=utf-8")

    def _events(self, query: dict[str, list[str]], lang: str, head: bool) -> None:
        """Server-Sent Events: everything after the last seen number, then each new one."""
        wording, feed = self.server.wording, self.server.feed
        assert wording is not None and feed is not None
        seen = self.headers.get("Last-Event-ID") or (query.get("since") or ["0"])[0]
        after = int(seen) if seen.strip().isdigit() and len(seen) < 10 else 0
        after = min(after, len(feed))
        address = self.client_address[0]
        if not self.server.open_stream(address):  # enough streams: pages keep their room
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, b"", "text/plain; charset=utf-8",
                       {"Retry-After": "10"}, head=head)
            return
        wording.catalog(lang)  # the herald words the news in this language from now on
        try:
            self._stream(feed, wording, after, lang, head)
        finally:
            self.server.close_stream(address)

    def _stream(self, feed: Feed, wording: Wording, after: int, lang: str, head: bool) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in self._security_headers().items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if head:
            return
        waiter = feed.watch()
        try:
            self.wfile.write(b"retry: 2000\n\n")
            self.wfile.flush()
            while not self.server.closing:
                waiter.clear()
                count = len(feed)
                if after < count:
                    chunk = b"".join(wording.event(n, lang)
                                     for n in range(after + 1, count + 1))
                    after = count
                    self.wfile.write(chunk)
                    self.wfile.flush()
                elif not waiter.wait(KEEPALIVE):
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
        finally:
            feed.unwatch(waiter)

    # -- sending ---------------------------------------------------------------------------
    def _page(self, status: HTTPStatus, html: str, head: bool = False) -> None:
        self._send(status, html.encode(), "text/html; charset=utf-8", head=head)

    def _send(self, status: HTTPStatus, body: bytes, content_type: str,
              extra: dict[str, str] | None = None, head: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**self._security_headers(), **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)
