"""Starting and ending the live view for ``play --share``, with its sentences for the table.

Everything that can go wrong is found before the game starts (a bad address, a port in use, a
code that cannot be typed) and said in one sentence; once it runs, nothing a viewer does can
reach the table.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence

from tutto_a11y.core.contract import PlayedGame
from tutto_a11y.share.address import (
    BadAddress,
    check_code,
    new_code,
    parse_address,
    said_code,
    shown_host,
)
from tutto_a11y.share.feed import Feed
from tutto_a11y.share.posting import Posting
from tutto_a11y.share.seats import SeatBook
from tutto_a11y.share.server import Handler
from tutto_a11y.share.serving import ShareServer
from tutto_a11y.table.inbox import Inbox
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.i18n import Catalog


class ShareProblem(Exception):
    """The live view cannot start; ``sentence`` says why in the table's language."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class Sharing:
    """The running live view of one game: its server and the feed the table publishes to."""

    def __init__(self, server: ShareServer) -> None:
        self.server = server
        self.feed: Feed | None = None
        self.players: tuple[str, ...] = ()
        #: With seats: the players' codes and devices.
        self.book: SeatBook | None = None

    def listen_to(self, game: PlayedGame, inbox: Inbox | None = None,
                  fixed_codes: list[tuple[str, str]] | None = None,
                  entered_by: Sequence[str | None] = ()) -> Feed:
        """The listener for this game's table (give it to the loop's ``listeners``). With the
        table's ``inbox`` (seats) every player also gets a seat (``fixed_codes``:
        TUTTO_SEAT_CODES) whose entries the server puts in it; ``entered_by`` names the seat
        that sent each entry the game already has (a resumed game), for a seat's undo."""
        self.players = tuple(game.players)
        self.feed = Feed(game.kind, self.players, game.rules, game.state, entered_by)
        if inbox is not None:
            self.book = SeatBook(self.players, self.server.code, fixed_codes or ())
            self.server.seats = self.book
            self.server.posting = Posting(self.feed, self.book, inbox)
        self.server.share(self.feed)
        return self.feed

    def catalog(self, lang: str) -> Catalog:
        """A phone's language, kept once for the live view and the table alike."""
        wording = self.server.wording
        return wording.catalog(lang) if wording is not None else Catalog(lang)

    @property
    def address(self) -> str:
        host = shown_host(str(self.server.server_address[0]))
        return f"http://{host}:{self.server.port}/"

    def sentence(self, c: Catalog) -> str:
        """What the table says when sharing starts: where to go and the code to type."""
        return c.gettext("Live view for the other players: open {address} and type the code "
                         "{code}.", address=self.address, code=said_code(self.server.code))

    def close(self) -> None:
        self.server.close()


def start_sharing(address: str | None, code: str | None, c: Catalog) -> Sharing:
    """Bind the server (before the game starts, so a port in use is said at once) and serve."""
    try:
        host, port = parse_address(address)
    except BadAddress:
        raise ShareProblem(c.gettext(
            "The address {address} is not one the live view can use: give a port such as "
            "8765, or a host and port such as 0.0.0.0:8765.", address=shown(address or ""))
        ) from None
    if code is None:
        code = new_code()
    else:
        checked = check_code(code)
        if checked is None:
            raise ShareProblem(c.gettext(
                "The access code {code} cannot be used: it must be 4 to 32 letters or digits.",
                code=shown(code)))
        code = checked
    try:
        server = ShareServer(host, port, code, c.lang, Handler)
    except OSError as error:
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        if error.errno == errno.EADDRINUSE:
            sentence = c.gettext("The live view cannot start: {address} is already in use. "
                                 "Give another port with --share.", address=where)
        else:
            sentence = c.gettext("The live view cannot start: {address} cannot be used on "
                                 "this computer.", address=where)
        raise ShareProblem(sentence) from None
    server.start()
    return Sharing(server)
