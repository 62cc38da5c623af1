"""Twenty viewers cost the table nothing: each notice is worded once per language, before the
viewers are woken, so a viewer only writes bytes. A real live-view server with real sockets
(twenty phones, each from an address of its own, half German, half French) and a real table
loop publishing to it; the wording is counted, not replaced.

How long an entry takes with viewers is measured in ``bench/bench_share.py``.
"""

from __future__ import annotations

import io
import json
import os
import socket
import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest

from tutto_a11y.games.tutto.interface import TuttoInterface
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game, Rules
from tutto_a11y.share import streams as streams_module, wording as wording_module
from tutto_a11y.share.feed import Feed
from tutto_a11y.share.sharing import start_sharing
from tutto_a11y.share.streams import Stream
from tutto_a11y.share.wording import Wording
from tutto_a11y.table.reader import PlainReader
from tutto_a11y.table.session import Table
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output

CODE = "482915"
VIEWERS = 20
TYPED = "bonus 300\n1 5 2 3 4 6\n1 5\nbank\nstop\nbonus 200\n1 5 2 3 4 6\nundo\n"


def viewer(port: int, number: int, lang: str, wanted: int, got: list[list[str]]) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=20,
                                  source_address=(f"127.0.0.{2 + number}", 0)) as sock:
        sock.sendall(f"GET /events?code={CODE}&lang={lang} HTTP/1.1\r\n\r\n".encode())
        lines: list[str] = []
        for raw in sock.makefile("rb"):
            if raw.startswith(b"data: "):
                lines.append(json.loads(raw[6:])["line"])
                if len(lines) == wanted:
                    break
        got[number] = lines


def type_slowly(fd: int) -> None:
    """The scorekeeper types one entry at a time, as people do (far faster than a table)."""
    with os.fdopen(fd, "wb", buffering=0) as keyboard:
        for line in TYPED.splitlines():
            time.sleep(0.05)
            keyboard.write(line.encode() + b"\n")


def test_each_notice_is_worded_once_per_language_however_many_watch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    worded: list[tuple[str, str]] = []
    original = TuttoInterface.word_notice

    def counted(notice: Any, catalog: Catalog, verbosity: str = "normal") -> str:
        worded.append((catalog.lang, threading.current_thread().name))
        return original(notice, catalog, verbosity)

    monkeypatch.setattr(TuttoInterface, "word_notice", staticmethod(counted))
    sharing = start_sharing("127.0.0.1:0", CODE, Catalog("en"))
    try:
        game = Game(["Anna", "Ben"], Rules(target=2000))
        feed = sharing.listen_to(game)
        wanted = TYPED.count("\n")
        got: list[list[str]] = [[] for _ in range(VIEWERS)]
        phones = [threading.Thread(target=viewer, args=(sharing.server.port, n,
                                                        ("de", "fr")[n % 2], wanted, got))
                  for n in range(VIEWERS)]
        for phone in phones:
            phone.start()
        while len(feed._waiters) < VIEWERS:  # every phone is on the stream
            threading.Event().wait(0.01)
        read, write = os.pipe()
        typist = threading.Thread(target=type_slowly, args=(write,))
        typist.start()
        out = io.StringIO()
        output = Output(out, prompt_on_own_line=True)
        with os.fdopen(read, "rb") as typed:
            table = Table(game, Messages(Catalog("en"), game), PlainReader(typed, output),
                          output, listeners=[feed])
            table.run("Start.")
        typist.join()
        for phone in phones:
            phone.join(timeout=20)
    finally:
        sharing.close()

    assert all(len(lines) == wanted for lines in got), [len(lines) for lines in got]
    assert got[0][0].startswith("Anna") and got[0] != got[1]  # German, then French
    assert all(lines == got[n % 2] for n, lines in enumerate(got)), "one wording per language"
    assert sorted(lang for lang, _ in worded) == ["de"] * wanted + ["fr"] * wanted
    # Worded by one thread before the viewers were woken: neither the table nor any viewer.
    assert {thread for _, thread in worded} == {"live view wording"}


class Watched(threading.Event):
    """A stream's waiter that says when the stream has sent all it would and waits."""

    def __init__(self) -> None:
        super().__init__()
        self.idle = threading.Semaphore(0)

    def wait(self, timeout: float | None = None) -> bool:
        self.idle.release()
        return super().wait(timeout)


def test_a_stream_woken_while_the_table_adds_news_sends_only_what_was_worded_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The moment the test above once met on a loaded machine: the table adds an announcement
    while the wording thread is between two rounds, and a stream wakes for another reason (a
    seat's change, its keep-alive). The stream sends nothing of it and words nothing; the
    wording thread words it, and the stream sends it then. Each step is made to happen in this
    order (the wording thread held at its pause, the stream seen waiting), not left to the
    machine's timing."""
    worded: list[str] = []
    original = TuttoInterface.word_notice

    def counted(notice: Any, catalog: Catalog, verbosity: str = "normal") -> str:
        worded.append(threading.current_thread().name)
        return original(notice, catalog, verbosity)

    monkeypatch.setattr(TuttoInterface, "word_notice", staticmethod(counted))
    pausing, go_on = threading.Semaphore(0), threading.Semaphore(0)

    def held(pause: float) -> None:  # the wording thread's pause, for the table to print
        pausing.release()
        assert go_on.acquire(timeout=60)

    monkeypatch.setattr(wording_module, "time", SimpleNamespace(sleep=held))
    monkeypatch.setattr(streams_module, "KEEPALIVE", 600.0)  # no keep-alive in between
    game = Game(["Anna", "Ben"], Rules(target=2000))
    feed = Feed(game.kind, tuple(game.players), game.rules, game.state)
    wording = Wording(feed, "run")
    wording.catalog("de")  # a German viewer's page was loaded
    output = Output(io.StringIO(), prompt_on_own_line=True)
    table = Table(game, Messages(Catalog("en"), game), PlainReader(io.BytesIO(), output), output,
                  listeners=[feed])
    sent = io.BytesIO()
    closing = threading.Event()
    with socket.socket() as unused:
        stream = Stream(unused)
        stream.waiter = waiter = Watched()
        streaming = threading.Thread(target=stream.write, name="a viewer", args=(
            sent, feed, wording, 0, "de", closing.is_set, lambda: None))
        words = threading.Thread(target=wording.word_and_wake, name="live view wording",
                                 args=(closing.is_set, 0.0))

        def events() -> int:
            return sent.getvalue().count(b"data: ")

        def waiting() -> None:
            assert waiter.idle.acquire(timeout=60), "the stream never came back to wait"

        try:
            streaming.start()
            waiting()
            table.step("bonus 300")  # news, and no wording thread yet
            waiter.set()  # a seat's change
            waiting()
            assert (events(), worded) == (0, [])

            words.start()
            assert pausing.acquire(timeout=60)
            go_on.release()  # the news worded, then the stream woken
            waiting()
            assert (events(), worded) == (1, ["live view wording"])

            table.step("1 5 2 3 4 6")
            assert pausing.acquire(timeout=60)  # the wording thread holds at its pause
            waiter.set()  # a seat's change, before the news is worded
            waiting()
            assert (events(), worded) == (1, ["live view wording"])

            go_on.release()
            waiting()
            assert (events(), worded) == (2, ["live view wording"] * 2)
        finally:
            closing.set()
            feed.news.set()
            go_on.release()
            waiter.set()
            for thread in (streaming, words):
                if thread.ident is not None:  # started
                    thread.join(timeout=30)
