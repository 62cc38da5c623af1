"""The live view's answers: the page, its two files, the code form and the event stream.

One :class:`Handler` a connection (HTTP/1.0: one request, then the connection closes), on
its own thread of the :class:`~tutto_a11y.share.serving.ShareServer`. The request is read whole
before it is answered, within a size and by a time (:mod:`~tutto_a11y.share.incoming`); every
answer, a malformed request's too, carries the security headers (a strict
Content-Security-Policy above all); nothing is logged to the table's terminal, and no
traceback ever reaches it.

Without seats it is read-only: nothing a request carries reaches the game (the code form
posts, but only to be sent on to the page). With seats (``--seats``) a player's own device
posts entries, and the writing is guarded in :mod:`tutto_a11y.share.posting`: a post must come
from this page (its Origin, or Sec-Fetch-Site), from a device that opened a seat (its
HttpOnly, SameSite=Strict cookie), with that device's own form token, for the state of the
game the form was made for. A seat's code is taken only from this page's own code form, never
from an address: a link, an image or an event stream with a seat's code opens nothing and says
nothing about it. Only the viewers' code or a seat's cookie opens the event stream.
"""

from __future__ import annotations

import json
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources
from urllib.parse import parse_qs, urlencode, urlsplit

from tutto_a11y.share.address import typed_code
from tutto_a11y.share.guessing import Checked
from tutto_a11y.share.incoming import (
    MAX_REQUEST_LINE,
    REQUEST_TIME,
    Incoming,
    Late,
    content_length,
)
from tutto_a11y.share.page import (
    LATEST,
    SeatForm,
    code_page,
    game_page,
    message_page,
)
from tutto_a11y.share.posting import (
    MAX_FORM,
    cookie_value,
    same_origin,
    seat_cookie,
)
from tutto_a11y.share.seats import CLOSED, NEW_CODE, Seat, Session
from tutto_a11y.share.serving import ShareServer
from tutto_a11y.share.streams import RETRY, Stream, events_after, seat_event
from tutto_a11y.share.wording import turn_data
from tutto_a11y.text.i18n import Catalog, normalise_lang

#: No script or style but the page's own files, nothing from elsewhere, no framing.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # The code may be in the address: never passed to another site. Same-origin (not
    # no-referrer) so that a browser names this page as the Origin of its own posts, the
    # code form's and a seat's (under no-referrer it sends "null", which any page can send).
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
SOCKET_TIMEOUT = 20.0  # a viewer that reads nothing of its answer this long is let go
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
    for index, part in enumerate((accept or "").split(",")[:32]):
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


class Handler(BaseHTTPRequestHandler):
    """One viewer's request: the page, a static file, the code form or the event stream."""

    server: ShareServer
    timeout = SOCKET_TIMEOUT
    server_version = "tutto-tally"
    sys_version = ""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        """Nothing is logged: the table's terminal belongs to the scorekeeper."""

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the library's own reader: every read goes through Incoming
        self.rfile = Incoming(self.connection, time.monotonic() + REQUEST_TIME)

    def handle(self) -> None:
        try:
            super().handle()
        except (OSError, ValueError):
            self.close_connection = True

    def handle_one_request(self) -> None:
        """One request a connection (HTTP/1.0), read whole by its deadline, then answered."""
        self.close_connection = True
        self.command, self.request_version, self.requestline = "", "HTTP/1.0", ""
        try:
            line = self.rfile.readline(MAX_REQUEST_LINE + 1)
            for _ in range(4):  # empty lines before a request are let pass (RFC 9112, 2.2)
                if line.strip():
                    break
                line = self.rfile.readline(MAX_REQUEST_LINE + 1)
            if not line:
                return  # connected and ended (or dropped for room) without a word
            if not line.strip():
                self.send_error(HTTPStatus.BAD_REQUEST)  # nothing but empty lines
                return
            if len(line) > MAX_REQUEST_LINE:
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            self.raw_requestline = line
            if not self.parse_request():
                return  # answered (400, 431, 505)
            if self.request_version == "HTTP/0.9":  # an answer without headers: none of ours
                self.send_error(HTTPStatus.BAD_REQUEST)
                return
            if self.command != "POST":
                self._request_in()  # a post is in once its body is
            method = getattr(self, "do_" + self.command, None)
            if method is None:
                self.send_error(HTTPStatus.NOT_IMPLEMENTED)
                return
            method()
            self.wfile.flush()
        except Late:
            self.send_error(HTTPStatus.REQUEST_TIMEOUT)

    def _request_in(self) -> None:
        """The request is all read: it is no longer dropped for room, and its answer may
        take as long as a slow phone needs to read it."""
        self.server.connections.read(self.connection)
        self.connection.settimeout(SOCKET_TIMEOUT)

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """A malformed request's answer: its status, with the security headers as every
        answer has them, and the connection closed."""
        self.close_connection = True
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"  # headers are always sent
        status = HTTPStatus(code)
        self._send(status, f"{status.value} {status.phrase}\n".encode(),
                   "text/plain; charset=utf-8", head=self.command == "HEAD")

    # -- methods ---------------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802 (the base's name)
        self._get(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._get(head=True)

    def do_POST(self) -> None:  # noqa: N802
        self._post()

    def _refuse_method(self) -> None:
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"", "text/plain; charset=utf-8",
                   {"Allow": "GET, HEAD, POST"})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    # -- routes ----------------------------------------------------------------------------
    def _no_page(self, status: HTTPStatus, lang: str, head: bool = False) -> None:
        self._page(status, message_page(self._c(lang), self._title(lang), self._c(lang).gettext(
            "There is no such page. Open the address the scorekeeper's program said.")), head)

    def _not_started(self, lang: str, head: bool = False) -> None:
        self._page(HTTPStatus.SERVICE_UNAVAILABLE, message_page(
            self._c(lang), self._title(lang), self._c(lang).gettext(
                "The game has not started yet. Reload this page in a moment.")), head)

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
        events = url.path == "/events"
        code = (query.get("code") or [""])[0]
        cookie = self._cookie()
        if not code and cookie is None and not events:
            self._page(HTTPStatus.OK, self._code_page(lang), head)
            return
        if server.feed is None or server.wording is None:  # nothing is checked before
            self._not_started(lang, head)
            return
        if code:
            self._viewer(code, events, query, lang, head)
            return
        session = self._session(cookie)
        if session is not None:
            if events:
                self._events(query, lang, head, session)
            else:
                self._seat_page(session, lang, head)
        elif cookie is not None:  # a seat that must be opened again: no wrong code
            gone = self._gone(cookie)
            if events:
                self._stream_head(head)
                if not head:
                    self.wfile.write(f"retry: {RETRY}\n\n".encode() + seat_event(gone))
            else:
                self._page(HTTPStatus.OK, self._code_page(lang, problem=self._gone_sentence(
                    gone, self._c(lang))), head, {"Set-Cookie": self._cookie_ended()})
        else:
            self._send(HTTPStatus.FORBIDDEN, b"", "text/plain; charset=utf-8", head=head)

    def _viewer(self, code: str, events: bool, query: dict[str, list[str]], lang: str,
                head: bool) -> None:
        """A request with a code in its address: only the viewers' code opens anything (a
        seat's code is taken from the code form only, and here is as wrong as any)."""
        if self._from_another_site():
            self._send(HTTPStatus.FORBIDDEN, b"", "text/plain; charset=utf-8", head=head)
            return
        checked, _ = self.server.check_code(code, self.client_address[0], self._proven())
        if checked != "right":
            self._wrong_code(checked, events, lang, head)
        elif events:
            self._events(query, lang, head)
        else:
            self._game(lang, typed_code(code), head)

    def _from_another_site(self) -> bool:
        """An image, a script, a frame or a fetch that another web site's page made with a
        code in the address: not checked at all (it would spend the phone's tries for someone
        else). A page opened from there (a link followed) is checked as ever, and so is a
        request from a browser that names no site."""
        site = (self.headers.get("Sec-Fetch-Site") or "").strip().lower()
        mode = (self.headers.get("Sec-Fetch-Mode") or "navigate").strip().lower()
        dest = (self.headers.get("Sec-Fetch-Dest") or "document").strip().lower()
        return site in ("cross-site", "same-site") and (mode != "navigate" or dest != "document")

    def _title(self, lang: str) -> str:
        """The game's name in the viewer's language ("Volle Lotte" for French viewers)."""
        return str(self.server.game.title_in(self._c(lang)))

    def _code_page(self, lang: str, wrong: bool = False, too_soon: bool = False,
                   problem: str = "") -> str:
        """The code form: it always posts, so that no code typed there stands in an address
        (a seat's code is taken from it only)."""
        return code_page(self._c(lang), self._title(lang), wrong, too_soon, problem, post=True)

    def _wrong_code(self, checked: Checked, events: bool, lang: str, head: bool) -> None:
        """``wrong`` (checked), ``too-soon`` or ``busy`` (not checked)."""
        status = HTTPStatus.FORBIDDEN if checked == "wrong" else HTTPStatus.TOO_MANY_REQUESTS
        extra = {} if checked == "wrong" else {"Retry-After": "1" if checked == "too-soon"
                                                else "60"}
        if events:
            self._send(status, b"", "text/plain; charset=utf-8", extra, head=head)
            return
        problem = ""
        if checked == "busy":
            problem = self._c(lang).gettext("Many wrong codes came in just now, so yours was not "
                                            "checked: wait a minute, then type it again.")
        self._page(status, self._code_page(lang, True, checked == "too-soon", problem), head,
                   extra)

    def _c(self, lang: str) -> Catalog:
        wording = self.server.wording
        if wording is not None:
            return wording.catalog(lang)
        return Catalog(lang)

    def _game(self, lang: str, code: str, head: bool, form: SeatForm | None = None) -> None:
        wording, feed = self.server.wording, self.server.feed
        assert wording is not None and feed is not None
        count = len(feed)
        first = max(1, count - LATEST + 1)
        latest = [wording.item(n, lang) for n in range(first, count + 1)]
        standing = latest[-1].standing if latest else wording.start(lang)
        self._page(HTTPStatus.OK, game_page(wording.catalog(lang), self._title(lang), code,
                                            standing, latest, count, form,
                                            run=self.server.run), head)

    # -- seats -----------------------------------------------------------------------------
    def _cookie(self) -> str | None:
        """The seat cookie this browser sent (with seats only), whatever it is worth."""
        if self.server.seats is None:
            return None
        return cookie_value(self.headers.get("Cookie"), self.server.cookie_name) or None

    def _session(self, cookie: str | None = None) -> Session | None:
        """The seat session this browser's cookie names, if it is still good."""
        seats = self.server.seats
        if seats is None:
            return None
        return seats.session(cookie if cookie is not None else self._cookie())

    def _proven(self) -> bool:
        """Whether the request carries a seat's cookie this run gave out (open or ended): a
        device that once typed a seat's code is no stranger to the guessing budget."""
        seats, cookie = self.server.seats, self._cookie()
        return seats is not None and (seats.session(cookie) is not None
                                      or seats.ended(cookie) is not None)

    def _gone(self, cookie: str | None) -> str:
        """Why a seat's cookie opens nothing now: ``closed``, or ``new-code`` (a new code,
        a ninth device, or a cookie of before the program started again)."""
        seats = self.server.seats
        return (seats.ended(cookie) if seats is not None else None) or NEW_CODE

    @staticmethod
    def _gone_sentence(gone: str, c: Catalog) -> str:
        if gone == CLOSED:
            return c.gettext("Your seat was closed at the table: this device enters nothing "
                             "more. When the scorekeeper opens it again with a new code, "
                             "type that code here.")
        return c.gettext("Type your seat's code again: the seat has a new code, or the "
                         "scorekeeper's program was started again.")

    def _cookie_ended(self) -> str:
        """A ``Set-Cookie`` that makes the browser forget a seat's cookie that opens nothing."""
        return seat_cookie(self.server.cookie_name, "") + "; Max-Age=0"

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
        seats = self.server.seats
        answer = seats.take_answer(session) if seats is not None else None  # once, after a post
        state = len(feed)
        form = SeatForm(session.seat, seats.seat_index(session.seat) if seats else 0,
                        session.form_token, state, wording.turn(state, lang), answer or "",
                        focus=answer is not None)
        self._game(lang, "", head, form)

    def _post(self) -> None:
        server, url = self.server, urlsplit(self.path)
        lang = viewer_lang({}, self.headers.get("Accept-Language"), server.table_lang)
        if not server.host_allowed(self.headers.get("Host")):
            self._no_page(HTTPStatus.MISDIRECTED_REQUEST, lang)
            return
        if url.path == "/enter" and server.posting is None:  # no seats: nothing is entered
            self._refuse_method()
            return
        if url.path not in ("/", "/enter"):
            self._no_page(HTTPStatus.NOT_FOUND, lang)
            return
        if not same_origin(self.headers, self.headers.get("Host")):  # before the body is read
            c = self._c(lang)
            self._page(HTTPStatus.FORBIDDEN, message_page(c, self._title(lang), c.gettext(
                "Entries are only taken from the live view's own page. Open the address the "
                "scorekeeper's program said.")))
            return
        form = self._form()
        self._request_in()
        if form is None:
            self.send_error(HTTPStatus.BAD_REQUEST)
            return
        lang = viewer_lang(form, self.headers.get("Accept-Language"), server.table_lang)
        c = self._c(lang)
        if server.feed is None or server.wording is None:
            self._not_started(lang)
        elif url.path == "/":
            self._post_code((form.get("code") or [""])[0], lang)
        else:
            self._post_entry(form, c)

    def _form(self) -> dict[str, list[str]] | None:
        """The posted form (URL-encoded, UTF-8, at most :data:`MAX_FORM` bytes, all there by
        the request's deadline), or None."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        length = content_length(self.headers.get("Content-Length"), MAX_FORM)
        if kind != "application/x-www-form-urlencoded" or length is None:
            return None
        body = self.rfile.read(length)
        if len(body) < length:  # the client ended before the body it announced
            return None
        try:
            return parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=8,
                            errors="strict")
        except (UnicodeDecodeError, ValueError):
            return None

    def _post_code(self, code: str, lang: str) -> None:
        """The code form: a seat's code opens the seat, the viewers' code the live page."""
        checked, seat = self.server.check_code(code, self.client_address[0], self._proven(),
                                               seats=True)
        if checked == "seat" and seat is not None:
            self._open_seat(seat, lang)
        elif checked == "right":
            self._send(HTTPStatus.SEE_OTHER, b"", "text/plain; charset=utf-8",
                       {"Location": "/?" + urlencode({"code": typed_code(code), "lang": lang})})
        else:
            self._wrong_code(checked, False, lang, False)

    def _post_entry(self, form: dict[str, list[str]], c: Catalog) -> None:
        """A seat's line: its session and token checked, then entered (or not) exactly once."""
        server, posting = self.server, self.server.posting
        assert posting is not None and server.wording is not None
        wants_json = "application/json" in (self.headers.get("Accept") or "")
        session = self._session()
        if session is None or not posting.form_token_fits(session, (form.get("token") or [""])[0]):
            sentence = self._gone_sentence(self._gone(self._cookie()), c)
            if wants_json:
                self._json(HTTPStatus.FORBIDDEN, {"kind": "closed", "sentence": sentence})
            else:
                self._page(HTTPStatus.FORBIDDEN, self._code_page(c.lang, problem=sentence))
            return
        state_text = (form.get("state") or [""])[0]
        state = int(state_text) if state_text.isdigit() and len(state_text) < 10 else -1
        line = (form.get("line") or [""])[0]  # judged as typed (share/entering.py)
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

    # -- the event stream ------------------------------------------------------------------
    def _events(self, query: dict[str, list[str]], lang: str, head: bool,
                session: Session | None = None) -> None:
        """Server-Sent Events for a viewer, or for a seat's device (``session``): everything
        after the last id seen (of this run), then each new one (see
        :mod:`~tutto_a11y.share.streams`)."""
        server = self.server
        wording, feed = server.wording, server.feed
        assert wording is not None and feed is not None
        seen = self.headers.get("Last-Event-ID") or (query.get("since") or [""])[0]
        after = events_after(seen, server.run, len(feed))
        if head:
            self._stream_head(head)
            return
        stream = Stream(self.connection, session.seat if session is not None else None)
        server.connections.release(self.connection)  # it counts in the streams' room now
        # Counted in before its answer begins: a device that has the answer is in the room,
        # so one address's streams are the older the earlier they were answered, and the
        # oldest gives way first (a stream counted after its answer could be passed by the
        # next one of its address, answered a moment later, on a busy machine).
        server.streams.open(stream, self.client_address[0])
        seats, cookie = server.seats, session.cookie if session is not None else None

        def seat_ended() -> str | None:
            if seats is None or cookie is None or seats.session(cookie) is not None:
                return None
            return seats.ended(cookie) or NEW_CODE

        try:
            self._stream_head(head)
            wording.catalog(lang)  # the wording thread words the news in this language now
            stream.write(self.wfile, feed, wording, after, lang, lambda: server.closing,
                         seat_ended)
        finally:
            server.streams.close(stream)

    def _stream_head(self, head: bool) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    # -- sending ---------------------------------------------------------------------------
    def _json(self, status: HTTPStatus, data: dict[str, object]) -> None:
        body = json.dumps(data, ensure_ascii=False).encode()
        self._send(status, body, "application/json; charset=utf-8")

    def _page(self, status: HTTPStatus, html: str, head: bool = False,
              extra: dict[str, str] | None = None) -> None:
        self._send(status, html.encode(), "text/html; charset=utf-8", extra, head=head)

    def _send(self, status: HTTPStatus, body: bytes, content_type: str,
              extra: dict[str, str] | None = None, head: bool = False) -> None:
        """Every answer goes out here: with the security headers, and the connection closed
        after it (what the request still had to send is not waited for)."""
        self._request_in()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        if not head:
            self.wfile.write(body)
