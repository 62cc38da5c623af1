"""The live view seen from the network: plain sockets as viewers, seats' devices and
attackers, each from an address of its own (127.0.0.2, 127.0.1.7 ... all of 127.0.0.0/8 is
this computer), and the real server run in this process on a clock a test moves by hand.

Shared by ``tests/`` and ``bench/bench_share_attacks.py``, so that the tests' limits and the
benchmark's figures come from the same attacks.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from testbed.live_view import CODE


class Clock:
    """A clock moved by hand, for the live view's guessing budget: a test counts the codes
    checked in a window of the server's own time, never on a stopwatch."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def move(self, seconds: float) -> None:
        self.now += seconds


@contextmanager
def live_server(codes: str | None = None, clock: Clock | None = None,
                players: tuple[str, ...] = ("Anna", "Ben")) -> Iterator[Any]:
    """The live view's real server on a free port of 127.0.0.1, in this process, sharing a
    new game of Tutto (with seats when ``codes`` gives their codes, ``Anna=11112222,...``),
    its guessing budget on ``clock``. Yields the :class:`Sharing` (``.url`` added); no table
    loop takes seats' entries."""
    from tutto_a11y.games.tutto.interface import INTERFACE
    from tutto_a11y.share.seats import read_fixed_codes
    from tutto_a11y.share.server import Handler
    from tutto_a11y.share.serving import ShareServer
    from tutto_a11y.share.sharing import Sharing
    from tutto_a11y.table.inbox import Inbox

    server = ShareServer("127.0.0.1", 0, CODE, "en", Handler, clock=clock or time.monotonic)
    server.start()
    sharing = Sharing(server)
    game = INTERFACE.new_game(players, INTERFACE.rules(None, None, ()))
    inbox = Inbox() if codes is not None else None  # no loop takes its entries
    sharing.listen_to(game, inbox, fixed_codes=read_fixed_codes(codes))
    sharing.url = f"http://127.0.0.1:{server.port}/"  # type: ignore[attr-defined]
    try:
        yield sharing
    finally:
        if inbox is not None:
            inbox.close()
        sharing.close()


def host_port(url: str) -> tuple[str, int]:
    import re

    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()  # type: ignore[union-attr]
    return host, int(port)


class Reply:
    """What the live view answered on a plain socket: status, headers (names in lower case)
    and body; status 0 when it closed the connection without an answer."""

    def __init__(self, data: bytes) -> None:
        head, _, self.body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        words = lines[0].split(" ") if lines[0] else []
        self.status = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
        self.headers = {name.strip().lower(): value.strip() for name, _, value in
                        (line.partition(":") for line in lines[1:])}

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def ask(url: str, request: bytes | str, source: str | None = None,
        timeout: float = 20) -> Reply:
    """Send ``request`` (bytes as they are; a str is a request line and headers, its lines
    ended by CRLF and a blank line added) from ``source`` (an address of 127.0.0.0/8), and
    read the answer to its end (the live view closes every connection after its answer)."""
    if isinstance(request, str):
        request = ("\r\n".join(request.strip("\n").split("\n")) + "\r\n\r\n").encode()
    with socket.create_connection(host_port(url), timeout=timeout,
                                  source_address=(source, 0) if source else None) as sock:
        sock.sendall(request)
        data = b""
        try:
            while piece := sock.recv(65536):
                data += piece
        except ConnectionResetError:
            pass
    return Reply(data)


class Listener:
    """One event stream on a plain socket, read as the test goes: a viewer's (``code``) or a
    seat's device's (``cookie``), from ``source`` (an address of 127.0.0.0/8)."""

    def __init__(self, url: str, source: str, code: str | None = CODE,
                 cookie: str | None = None, last_seen: str | None = None) -> None:
        self.sock = socket.create_connection(host_port(url), timeout=20,
                                             source_address=(source, 0))
        self.buffer = b""
        target = f"/events?code={code}&lang=en" if code else "/events?lang=en"
        extra = (f"Cookie: {cookie}\r\n" if cookie else "") + (
            f"Last-Event-ID: {last_seen}\r\n" if last_seen else "")
        self.sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {url.split('//')[1].rstrip('/')}"
                          f"\r\n{extra}\r\n".encode())
        first = (self._line(20) or b"").split()
        self.status = int(first[1]) if len(first) > 1 else 0
        while self._line(20) not in (b"\r\n", b"\n", b"", None):
            pass

    def _line(self, wait: float) -> bytes | None:
        """The next line; b"" when the stream has ended, None when nothing came in ``wait``."""
        while b"\n" not in self.buffer:
            self.sock.settimeout(wait)
            try:
                piece = self.sock.recv(4096)
            except TimeoutError:
                return None
            except OSError:
                piece = b""
            if not piece:
                return b""
            self.buffer += piece
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line + b"\n"

    def next_id(self, wait: float = 20) -> str | None:
        """The id of the next event (``RUN:NUMBER``); None when the stream ended first (or
        nothing came in ``wait`` seconds)."""
        while line := self._line(wait):
            if line.startswith(b"id: "):
                return line[4:].strip().decode()
        return None

    def ended(self, wait: float = 0.5) -> bool:
        """Whether the stream has ended (gave way, or was refused); an open one says nothing
        more within ``wait`` seconds (or an event, which is read)."""
        while (line := self._line(wait)) is not None:
            if not line:
                return True
            if line.startswith(b"id: "):
                return False
        return False

    def close(self) -> None:
        self.sock.close()


class SlowBodies(threading.Thread):
    """``count`` connections from ten addresses of their own (127.0.1.1 to 127.0.1.10), each
    sending a seat's post whole but for its body, then one byte of the body every ``pause``
    seconds; a connection that is dropped or answered is opened again at once. ``opened``
    counts them. Stopped by ``stop.set()``."""

    def __init__(self, url: str, count: int, pause: float = 15.0) -> None:
        super().__init__(daemon=True)
        host = url.split("//")[1].rstrip("/")
        self.head = (f"POST /enter HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\n"
                     "Content-Length: 4000\r\n\r\n").encode()
        self.url, self.count, self.pause = url, count, pause
        self.opened = 0
        self.stop = threading.Event()

    def connect(self, n: int) -> socket.socket | None:
        try:
            sock = socket.create_connection(host_port(self.url), timeout=5,
                                            source_address=(f"127.0.1.{1 + n % 10}", 0))
            sock.sendall(self.head)
        except OSError:
            return None
        self.opened += 1
        return sock

    def run(self) -> None:
        import select

        socks = [self.connect(n) for n in range(self.count)]
        next_byte = time.monotonic() + self.pause
        while not self.stop.is_set():
            live = [s for s in socks if s is not None]
            ready = select.select(live, [], [], 0.2)[0] if live else []
            for n, sock in enumerate(socks):
                if sock is None or sock in ready:  # answered or dropped: another one
                    if sock is not None:
                        sock.close()
                    socks[n] = self.connect(n)
            if time.monotonic() >= next_byte:
                next_byte += self.pause
                for sock in socks:
                    try:
                        if sock is not None:
                            sock.sendall(b"l")
                    except OSError:
                        pass
        for sock in socks:
            if sock is not None:
                sock.close()


def _guess(url: str, source: str, n: int, stop: Any, counts: dict[int, int],
           checked_at: list[float], lock: threading.Lock) -> None:
    """One address guessing until ``stop``: a random wrong six-digit code, again and again."""
    import random

    host = url.split("//")[1].rstrip("/")
    rng = random.Random(n)
    while not stop.is_set():
        code = f"{rng.randrange(1_000_000):06d}"
        if code == CODE:
            continue
        try:
            status = ask(url, f"GET /?code={code} HTTP/1.1\nHost: {host}", source,
                         timeout=30).status
        except OSError:
            status = 0
        with lock:
            counts[status] = counts.get(status, 0) + 1
            if status == 403:
                checked_at.append(time.monotonic())


def _guessing(url: str, sources: list[str], stop: Any, results: Any) -> None:
    """The guessers' own process: a thread for each address, until ``stop``; then the counts
    of their answers' statuses, and when each wrong code was checked (seconds after the
    start), go to ``results``."""
    counts: dict[int, int] = {}
    checked_at: list[float] = []
    lock = threading.Lock()
    started = time.monotonic()
    threads = [threading.Thread(target=_guess, daemon=True,
                                args=(url, source, n, stop, counts, checked_at, lock))
               for n, source in enumerate(sources)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((counts, [at - started for at in checked_at]))


class Guessers:
    """Addresses guessing the viewers' code as fast as the live view answers them: a thread
    for each address of ``sources``, each sending a random wrong six-digit code, reading the
    answer's status and starting again. They run in a process of their own, so that a
    viewer timed meanwhile from this process waits for the live view only, not for this
    process's threads. ``statuses`` counts the answers once they stopped (403: a wrong code
    checked; 429: refused unchecked; 0: no answer), ``checked_at`` says when each wrong code
    was checked (seconds after the guessing began)."""

    def __init__(self, url: str, sources: list[str]) -> None:
        import collections
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.statuses: collections.Counter[int] = collections.Counter()
        self.checked_at: list[float] = []
        self._stop = context.Event()
        self._results: Any = context.Queue()
        self._process = context.Process(target=_guessing, daemon=True,
                                        args=(url, sources, self._stop, self._results))

    def __enter__(self) -> Guessers:
        self._process.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        counts, self.checked_at = self._results.get(timeout=120)
        self.statuses.update(counts)
        self._process.join(timeout=60)


def page_load(url: str, source: str, path: str = f"/?code={CODE}&lang=en",
              timeout: float = 30) -> float | None:
    """Seconds from connecting to the last byte of a page that shows the game (the viewer
    knows the code), or None when it did not come whole."""
    host = url.split("//")[1].rstrip("/")
    started = time.monotonic()
    try:
        reply = ask(url, f"GET {path} HTTP/1.1\nHost: {host}", source, timeout=timeout)
    except OSError:
        return None
    if reply.status != 200 or 'id="log"' not in reply.text:
        return None
    return time.monotonic() - started
