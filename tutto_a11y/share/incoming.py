"""A request as it comes in: read within a size and by a time, or not at all.

Everything a client sends is read here, the request line, the headers and a post's body, and
every read is bounded twice: in bytes (:data:`MAX_REQUEST_LINE`, :data:`MAX_HEAD`, and the
body's announced length, itself at most a form's) and in time (the whole request must be in
by its deadline, :data:`REQUEST_TIME` after the connection came, however slowly its bytes
trickle). A client that sends a body one byte every few seconds holds its connection no
longer than one that sends nothing; and while it is still sending, its connection may be
dropped to make room (:mod:`tutto_a11y.share.connections`).

Why not the standard library's reading: it times each read, not the whole request, so a byte
every few seconds keeps a connection for ever, and it lets a request line and a hundred
headers take megabytes.
"""

from __future__ import annotations

import http.client
import io
import socket
import time
from collections.abc import Callable

REQUEST_TIME = 5.0  # seconds from the connection to the last byte of its request
MAX_REQUEST_LINE = 8192  # bytes of the request line (the address with its query)
MAX_HEAD = 16384  # bytes of the request line and headers together
CHUNK = 4096


class Late(TimeoutError):
    """The request was not all there by its deadline."""


class HeadTooLarge(http.client.LineTooLong):
    """The headers are more than :data:`MAX_HEAD` bytes (answered 431)."""

    def __init__(self) -> None:
        super().__init__("request headers")


class Incoming(io.BufferedIOBase):
    """A connection's incoming bytes, as the request handler reads them (its ``rfile``)."""

    def __init__(self, connection: socket.socket, deadline: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._connection = connection
        self._deadline = deadline
        self._clock = clock
        self._buffer = bytearray()
        self._head_left = MAX_HEAD
        self._ended = False

    def _fill(self) -> bool:
        """One more piece from the connection, waiting no later than the deadline; False
        when the client has ended (or the connection was dropped)."""
        if self._ended:
            return False
        left = self._deadline - self._clock()
        if left <= 0:
            raise Late()
        self._connection.settimeout(left)
        try:
            piece = self._connection.recv(CHUNK)
        except TimeoutError:
            raise Late() from None
        if not piece:
            self._ended = True
            return False
        self._buffer += piece
        return True

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        """A line of the request's head (with its end), at most ``size`` bytes: the head
        is :data:`MAX_HEAD` bytes at most (:class:`HeadTooLarge`)."""
        limit = MAX_HEAD + 1 if size is None or size < 0 else min(size, MAX_HEAD + 1)
        while True:
            end = self._buffer.find(b"\n", 0, limit)
            if end >= 0:
                size = end + 1
                break
            if len(self._buffer) >= limit or not self._fill():
                size = min(limit, len(self._buffer))
                break
        line = bytes(self._buffer[:size])
        del self._buffer[:size]
        self._head_left -= len(line)
        if self._head_left < 0:
            raise HeadTooLarge()
        return line

    def read(self, size: int | None = -1) -> bytes:
        """Up to ``size`` bytes of the body (fewer only if the client ended first)."""
        if size is None or size < 0:
            raise ValueError("a body is read by its announced length")
        while len(self._buffer) < size and self._fill():
            pass
        piece = bytes(self._buffer[:size])
        del self._buffer[:size]
        return piece


def content_length(header: str | None, most: int) -> int | None:
    """A ``Content-Length`` as a number of bytes, if it is one of at most ``most``: ASCII
    digits only (``str.isdigit`` would take ``²``), a short number; else None."""
    text = (header or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        return None
    length = int(text)
    return length if length <= most else None
