"""The live view over plain HTTP: the real program in a pseudo-terminal sharing its game, real
sockets from the test as the players' phones (and as a stuck or hostile one).

What a browser shows is tested in ``test_share_browser.py``; here are the promises that hold
for any client: the code, the headers, read-only, catching up by event id, and that no viewer
can make the table wait or crash.
"""

from __future__ import annotations

import re
import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

from testbed.live_view import CODE, enter, events, quit_table, start_table, table_running
from testbed.network import Listener, ask
from tutto_a11y.games.tutto.rules.entries import Entry


def get(url: str, headers: dict[str, str] | None = None,
        method: str = "GET") -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        with error:  # its connection is closed with it
            return error.code, dict(error.headers), error.read().decode()


def page_showing(url: str, text: str, limit: float = 30.0) -> str:
    """The page at ``url`` once it shows ``text``: asked again until it does, for at most
    ``limit`` seconds (then the last page, for the test's assertion to show)."""
    deadline = time.monotonic() + limit
    page = get(url)[2]
    while text not in page and time.monotonic() < deadline:
        # A poll, not an event: a viewer's page is asked for again, as a phone would.
        time.sleep(0.05)
        page = get(url)[2]
    return page


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with table_running(tmp_path) as child:
        yield child


def test_the_opening_says_where_the_live_view_is_and_its_random_code(tmp_path: Path) -> None:
    child = start_table(tmp_path, extra=())
    try:
        assert re.fullmatch(r"\d{6}", child.code)
        assert get(child.url + "?code=" + child.code)[0] == 200
        # The same sentence is spoken: it is the table's opening announcement.
        assert "Live view for the other players: open" in child.before + child.after
    finally:
        child.sendline("quit")
        child.expect_exact("saved")
        child.close()


def test_without_a_host_the_live_view_listens_on_this_computer_only(tmp_path: Path) -> None:
    child = start_table(tmp_path, share="0")  # a port only (0: any free one)
    try:
        port = int(child.url.rsplit(":", 1)[1].rstrip("/"))
        assert child.url == f"http://127.0.0.1:{port}/"
        assert get(child.url + "?code=" + CODE)[0] == 200
        with pytest.raises(ConnectionRefusedError):  # another address of this very computer
            socket.create_connection(("127.0.0.2", port), timeout=5)
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()


@pytest.mark.slow
def test_the_page_without_a_code_asks_for_it_and_a_wrong_code_is_refused(table: Any) -> None:
    status, _, page = get(table.url + "?lang=en")
    assert status == 200 and '<label for="code">Access code</label>' in page
    assert "Anna" not in page  # nothing of the game before the code
    status, _, page = get(table.url + "?code=000000&lang=de")
    assert status == 403
    assert 'role="alert">Dieser Zugangscode ist falsch.' in page
    assert ask(table.url, "GET /events?code=000000 HTTP/1.1", "127.0.0.3").status == 403


@pytest.mark.slow
def test_wrong_codes_are_answered_at_once_while_the_table_plays_on(table: Any) -> None:
    # Five wrong codes at once: the first is checked and refused, the others came within a
    # second of it and are refused unchecked, all at once.
    answers: list[int] = []
    guesses = [threading.Thread(target=lambda n=n: answers.append(get(
        table.url + "?code=11111" + str(n))[0])) for n in range(5)]
    for guess in guesses:
        guess.start()
    enter(table, "bonus 300", "Anna draws Bonus 300.")
    for guess in guesses:
        guess.join()
    assert sorted(answers) == [403, 429, 429, 429, 429]


def test_every_answer_carries_a_strict_content_security_policy(table: Any) -> None:
    for path in ("", "?code=" + CODE, "?code=1", "live.js", "live.css", "nowhere"):
        _, headers, _ = get(table.url + path)
        policy = headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"  # the address never leaves it


def test_a_player_named_script_is_text_on_the_page(tmp_path: Path) -> None:
    child = start_table(tmp_path, players='<script>alert(1)</script>,"Ben" & Co')
    try:
        enter(child, "bonus 300", "draws Bonus 300.")
        # The table prints the entry before the wording thread has published it to the live view.
        page = page_showing(child.url + "?code=" + CODE, "draws Bonus")
        assert page.count("<script") == 1  # the page's own script file, nothing else
        assert "&lt;script&gt;alert(1)&lt;/script&gt; draws Bonus" in page
        assert '<th scope="row">&quot;Ben&quot; &amp; Co</th>' in page
    finally:
        child.sendline("quit")
        child.expect_exact("saved")
        child.close()


def test_the_live_view_is_read_only(table: Any, tmp_path: Path) -> None:
    enter(table, "bonus 300", "Anna draws Bonus 300.")
    for method in ("PUT", "DELETE", "PATCH"):
        assert get(table.url + "?code=" + CODE, method=method)[0] == 405
    assert get(table.url + "enter", method="POST")[0] == 405  # no seats: nothing is entered
    assert get(table.url + "?code=" + CODE, method="POST")[0] == 403  # not the code form
    # Entry words in a request do nothing either.
    get(table.url + "?code=" + CODE + "&entry=undo&line=bank&undo=1")
    enter(table, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
    journal = sqlite3.connect(tmp_path / "games.sqlite3").execute(
        "SELECT COUNT(*) FROM journal").fetchone()[0]
    assert journal == 2


def test_a_reconnecting_viewer_gets_every_missed_announcement_once(table: Any) -> None:
    enter(table, "bonus 300", "Anna draws Bonus 300.")
    enter(table, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
    first = events(table.url, None, 2)
    assert [e["id"] for e in first] == [1, 2]
    # The phone sleeps: three entries and an undo happen without it.
    enter(table, "1 5", "1, 5 for 150")
    enter(table, "bank", "Anna banks, score 150")
    enter(table, "stop", "Stop. Ben scores nothing this turn.")
    enter(table, "undo", "Undone: Ben's card Stop.")
    caught_up = events(table.url, first[-1]["event_id"], 4)
    assert [e["id"] for e in caught_up] == [3, 4, 5, 6]
    assert caught_up[0]["line"].startswith("1, 5 for 150")
    assert caught_up[-1]["line"] == "Undone: Ben's card Stop. Ben's turn, turn total 0."
    assert caught_up[-1]["takes_back"] == 5  # the page marks the Stop's line as taken back
    assert [row[:2] for row in caught_up[-1]["rows"]] == [["Anna", "150"], ["Ben", "0"]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_after_a_restart_on_the_same_port_a_viewer_gets_the_new_runs_announcements(
        tmp_path: Path) -> None:
    port = free_port()
    first = start_table(tmp_path / "first", share=f"127.0.0.1:{port}")
    for line, said in (("bonus 300", "Anna draws Bonus 300."), ("1 5 2 3 4 6", "6."),
                       ("1 5", "1, 5 for 150"), ("bank", "Anna banks")):
        enter(first, line, said)
    seen = events(first.url, None, 4)
    quit_table(first)
    # The program starts again on the same port with the same code: a new run of ids.
    second = start_table(tmp_path / "second", share=f"127.0.0.1:{port}")
    try:
        enter(second, "stop", "Stop.")
        caught_up = events(second.url, seen[-1]["event_id"], 1)  # as the page reconnects
        assert caught_up[0]["id"] == 1 and caught_up[0]["line"].startswith("Stop.")
        assert caught_up[0]["run"] != seen[-1]["run"]
        # Every id of the first run, or a bare number as before, catches up from the start.
        for last_seen in (seen[0]["event_id"], "4", "garbage:9"):
            listener = Listener(second.url, "127.0.0.2", last_seen=last_seen)
            assert listener.next_id() == f"{caught_up[0]['run']}:1"
            listener.close()
    finally:
        quit_table(second)


@pytest.mark.slow
def test_a_viewer_that_never_reads_cannot_delay_or_crash_the_game(table: Any) -> None:
    found = re.match(r"http://([^:/]+):(\d+)/", table.url)
    assert found is not None
    host, port = found.groups()
    stuck = []
    for request in (b"",  # connects and says nothing
                    f"GET /events?code={CODE} HTTP/1.1\r\n\r\n".encode(),  # never reads
                    b"\x16\x03\x01\x02\x00" + bytes(range(256)) * 4,  # not HTTP at all
                    b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"):  # an endless request line
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.connect((host, int(port)))
        sock.sendall(request)
        stuck.append(sock)
    # A long game's worth of entries: every one is announced; the stuck viewers hold nothing.
    for turn in range(20):
        player, bonus = ("Anna", "Ben")[turn % 2], 200 + 100 * (turn % 5)
        enter(table, f"bonus {bonus}", f"{player} draws Bonus {bonus}.")
        enter(table, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
        enter(table, "1 5", "1, 5 for 150")
        enter(table, "bank", f"{player} banks, score")
    assert get(table.url + "?code=" + CODE)[0] == 200  # and the others still see the game
    table.sendline("quit")
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0
    assert "Traceback" not in table.before
    for sock in stuck:
        sock.close()


@pytest.mark.slow
def test_a_bad_share_address_or_code_is_one_sentence(clean_env: dict[str, str],
                                                     tmp_path: Path) -> None:
    import subprocess

    from conftest import one_sentence, tutto_command

    for args, sentence in (
            (["--share", "nowhere:port"], "The address nowhere:port is not one the live view"),
            (["--share", "--share-code", "a b"], "The access code a b cannot be used")):
        result = subprocess.run([*tutto_command(), "--lang", "en", "--db",
                                 str(tmp_path / "g.sqlite3"), "--players", "A,B", *args],
                                capture_output=True, text=True, env=clean_env, input="")
        assert one_sentence(result).startswith(sentence)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run([*tutto_command(), "--lang", "en", "--db",
                                 str(tmp_path / "g.sqlite3"), "--players", "A,B",
                                 "--share", f"127.0.0.1:{port}"],
                                capture_output=True, text=True, env=clean_env, input="")
        assert one_sentence(result) == (f"The live view cannot start: 127.0.0.1:{port} is "
                                        "already in use. Give another port with --share.")


@pytest.mark.slow  # the real program sharing, half a second, for a detail of the page
def test_the_pages_now_says_the_turn_but_not_what_the_scorekeeper_types(table: Any) -> None:
    """Viewers do not type: the current moment leaves out the scorekeeper's typing hint."""
    from tutto_a11y.games.tutto.interface import INTERFACE
    from tutto_a11y.text.i18n import Catalog

    enter(table, "bonus 300", "Anna draws Bonus 300.")
    page = page_showing(table.url + "?code=" + CODE, "Anna draws Bonus")
    assert "Anna draws Bonus" in page
    catalog = Catalog("en")
    game = INTERFACE.new_game(("Anna", "Ben"), INTERFACE.rules(None, None, ()))
    entry = INTERFACE.at_table(catalog).interpret("bonus 300", game)
    assert isinstance(entry, Entry)
    game.push(entry)
    messages = INTERFACE.messages(catalog, game)
    assert "Anna&#x27;s turn, score 0." in page or "Anna's turn, score 0." in page
    assert messages.hint() not in page
