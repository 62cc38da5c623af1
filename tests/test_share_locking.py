"""Nobody can lock the live view without the code: the real program sharing its game in a
pseudo-terminal, real sockets from the test as hostile clients and as a viewer who knows the
code. Each hostile crowd is bigger than the server's connection cap."""

from __future__ import annotations

import io
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import slow_unless
from testbed.live_view import (
    CODE,
    SeatPhone,
    at_first_prompt,
    enter,
    seated_table,
    table_running,
)
from testbed.network import Listener, SlowBodies

CROWD = 120  # more than the server's connection cap
ANNA, BEN = "11112222", "33334444"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with table_running(tmp_path) as child:
        yield child


def address(url: str) -> tuple[str, int]:
    found = re.match(r"http://([^:/]+):(\d+)/", url)
    assert found is not None
    host, port = found.groups()
    return host, int(port)


def viewer_gets_the_page(url: str, host: str | None = None) -> int:
    """The status a viewer with the code gets (0: refused or not answered in 5 seconds)."""
    headers = {"Host": host} if host else {}
    request = urllib.request.Request(url + f"?code={CODE}&lang=en", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status if "Anna" in answer.read().decode() else -1
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def connections(url: str, count: int, first: bytes) -> list[socket.socket]:
    socks = []
    for _ in range(count):
        try:
            sock = socket.create_connection(address(url), timeout=5)
            sock.sendall(first)
        except OSError:
            continue  # refused or dropped: the server is defending itself
        socks.append(sock)
    return socks


# A crowd held open for a second or more: these three are slow. The quick run keeps the flood
# of event streams (below), a hostile crowd that must leave a viewer and every seat room.
@pytest.mark.slow
def test_clients_that_send_a_byte_every_few_seconds_cannot_keep_a_viewer_out(
        table: Any) -> None:
    slow = connections(table.url, CROWD, b"GET /?code=")
    stop = threading.Event()

    def trickle() -> None:  # one more byte of the request line every two seconds, for ever
        while not stop.wait(2.0):
            for sock in slow:
                try:
                    sock.sendall(b"1")
                except OSError:
                    pass

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        time.sleep(1.0)  # the stimulus: the crowd has held its requests open for a while
        assert [viewer_gets_the_page(table.url) for _ in range(8)] == [200] * 8
        enter(table, "bonus 300", "Anna draws Bonus 300.")
    finally:
        stop.set()
        for sock in slow:
            sock.close()


@pytest.mark.slow
def test_wrong_codes_are_answered_at_once_and_cannot_keep_a_viewer_out(table: Any) -> None:
    """A crowd guessing from another computer (127.0.0.2) all the time the viewer asks."""
    answers: list[int] = []
    stop = threading.Event()
    answered = threading.Event()  # every guesser has had an answer: all are guessing

    def guess(n: int) -> None:
        while not stop.is_set():
            try:
                with socket.create_connection(address(table.url), timeout=10,
                                              source_address=("127.0.0.2", 0)) as sock:
                    sock.sendall(f"GET /?code={100000 + n} HTTP/1.1\r\n\r\n".encode())
                    answers.append(int(sock.makefile("rb").readline().split()[1]))
            except (OSError, IndexError, ValueError):
                answers.append(0)
            if len(answers) >= CROWD:
                answered.set()

    guessers = [threading.Thread(target=guess, args=(n,)) for n in range(CROWD)]
    for guesser in guessers:
        guesser.start()
    try:
        answered.wait(30)
        served = [viewer_gets_the_page(table.url) for _ in range(12)]
    finally:
        stop.set()
        for guesser in guessers:
            guesser.join()
    assert served == [200] * 12
    assert 200 not in answers and 403 in answers
    # Only one wrong code a second is checked; the others came too soon after it.
    assert answers.count(429) > answers.count(403)


@pytest.mark.slow
def test_many_event_streams_from_one_address_keep_only_a_few_and_leave_room_for_the_page(
        table: Any) -> None:
    streams = connections(table.url, 300, f"GET /events?code={CODE} HTTP/1.1\r\n\r\n".encode())
    try:
        time.sleep(1.0)  # the stimulus: the server has had a second to meet the 300 streams
        still_open = 0
        for sock in streams:  # a stream that gave way has ended; an open one says nothing more
            sock.settimeout(0.2)
            try:
                while sock.recv(4096):
                    pass
            except TimeoutError:
                still_open += 1
            except OSError:
                pass
        assert 1 <= still_open <= 8, "a few streams per address, not hundreds"
        assert [viewer_gets_the_page(table.url) for _ in range(8)] == [200] * 8
    finally:
        for sock in streams:
            sock.close()


@pytest.mark.parametrize("host, status", [
    pytest.param(host, status, marks=slow_unless(host == "rebind.attacker.example"))
    for host, status in [("localhost", 200), ("127.0.0.1", 200), ("attacker.example", 421),
                         ("rebind.attacker.example", 421)]])
def test_a_request_that_names_another_host_is_refused(table: Any, host: str,
                                                      status: int) -> None:
    """A page on another site that points its own name at this computer (DNS rebinding)
    sends that name as the Host: it never gets the game, even with the code."""
    port = address(table.url)[1]
    assert viewer_gets_the_page(table.url, host=f"{host}:{port}") == status


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[Any]:
    with at_first_prompt(seated_table(tmp_path, f"Anna={ANNA},Ben={BEN}")) as child:
        yield child


@pytest.mark.slow
def test_posts_that_send_their_body_a_byte_at_a_time_keep_no_viewer_or_seat_out(
        seated: Any) -> None:
    printed = io.StringIO()
    seated.logfile_read = printed  # everything the table prints from now on
    attack = SlowBodies(seated.url, 100)
    attack.start()
    try:
        time.sleep(2.0)  # the hundred connections are there, each holding its post open
        served = [viewer_gets_the_page(seated.url) for _ in range(15)]
        anna = SeatPhone(seated.url, ANNA)  # the code form, posted under the attack
        kinds = [anna.send(line)["kind"] for line in ("bonus 300", "1 5 2 3 4 6", "1 5")]
        seated.expect_exact("Anna, 150 at risk, 4 dice: roll or bank?")
    finally:
        attack.stop.set()
        attack.join()
    assert served == [200] * 15
    assert kinds == ["accepted"] * 3
    assert attack.opened >= 100
    # The table printed the seat's three entries and its questions, and nothing of the attack.
    assert [line.strip() for line in printed.getvalue().splitlines() if line.strip()] == [
        "Anna draws Bonus 300. Sent by Anna.", "Anna, roll 6 dice:",
        "1, 5, 2, 3, 4, 6. Sent by Anna.", "Anna, set aside?",
        "1, 5 for 150, 4 dice left. Sent by Anna.",
        "Anna, 150 at risk, 4 dice: roll or bank?"]


def test_a_flood_of_event_streams_leaves_a_stream_for_a_new_viewer_and_every_seat(
        seated: Any) -> None:
    flood = [Listener(seated.url, f"127.0.0.{2 + n // 8}") for n in range(64)]  # 8 x 8
    assert [listener.status for listener in flood] == [200] * 64
    viewer = Listener(seated.url, "127.0.0.20")
    seats = []
    for n, code in enumerate((ANNA, BEN)):
        phone = SeatPhone(seated.url, code)
        cookie = "; ".join(f"{c.name}={c.value}" for c in phone.jar)
        seats.append(Listener(seated.url, f"127.0.0.{21 + n}", code=None, cookie=cookie))
    try:
        assert viewer.status == 200 and [s.status for s in seats] == [200, 200]
        enter(seated, "bonus 300", "Anna draws Bonus 300.")
        for listener in (viewer, *seats):
            assert (listener.next_id() or "").endswith(":1")  # each hears the table
        # One stream of the crowd gave way (the oldest of an address holding the most); the
        # seats' streams took none of the viewers' room.
        assert [listener.ended() for listener in flood] == [True] + [False] * 63
    finally:
        for listener in (*flood, viewer, *seats):
            listener.close()
