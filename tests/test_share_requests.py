"""Requests as they come, well formed or not: every one gets an answer with the security
headers, read within a size and by a time.

The live view's real server listens on loopback in this process; the requests are real
sockets sending bytes as a broken or hostile client would.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from testbed.live_view import CODE
from testbed.network import Reply, ask, host_port, live_server
from tutto_a11y.share.incoming import MAX_HEAD, MAX_REQUEST_LINE, REQUEST_TIME

SEATS = "Anna=11112222,Ben=33334444"


@pytest.fixture
def server() -> Iterator[Any]:
    with live_server(SEATS) as sharing:
        yield sharing


def host(url: str) -> str:
    return url.split("//")[1].rstrip("/")


def post_head(url: str, length: str, extra: str = "") -> bytes:
    """The head of the code form's post from the live view's own page."""
    return (f"POST / HTTP/1.1\r\nHost: {host(url)}\r\nOrigin: http://{host(url)}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {length}\r\n{extra}\r\n").encode()


def assert_secured(reply: Reply) -> None:
    assert "default-src 'none'" in reply.headers["content-security-policy"]
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["referrer-policy"] == "same-origin"
    assert reply.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"GET /" + b"a" * MAX_REQUEST_LINE + b" HTTP/1.1\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nX-Long: " + b"a" * MAX_HEAD + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.1\r\n" + b"X-Many: a\r\n" * 120 + b"\r\n", 431),
    (b"\x16\x03\x01\x02\x00" + bytes(range(1, 256)) + b"\r\n\r\n", 400),  # not HTTP at all
    (b"GET /\r\n\r\n", 400),  # HTTP/0.9: an answer without headers
    (b"BREW / HTTP/1.1\r\n\r\n", 501),
    (b"GET / HTTP/2.0\r\n\r\n", 505),
])
def test_a_malformed_request_gets_its_status_with_the_security_headers(
        server: Any, request_bytes: bytes, status: int) -> None:
    reply = ask(server.url, request_bytes)
    assert reply.status == status
    assert_secured(reply)


@pytest.mark.parametrize("length", ["²", "١٢", "12a", "-1", "0x10", "99999999999999999999",
                                    "5000", ""])
def test_a_content_length_that_is_no_small_number_of_bytes_is_answered_400(
        server: Any, length: str) -> None:
    reply = ask(server.url, post_head(server.url, length) + f"code={CODE}".encode())
    assert reply.status == 400
    assert_secured(reply)


def test_a_body_shorter_than_announced_is_answered_400_when_the_client_ends(
        server: Any) -> None:
    with socket.create_connection(host_port(server.url), timeout=20) as sock:
        sock.sendall(post_head(server.url, "40") + b"code=48")
        sock.shutdown(socket.SHUT_WR)  # the client has sent all it will
        reply = Reply(sock.makefile("rb").read())
    assert reply.status == 400
    assert_secured(reply)


@pytest.mark.slow
def test_a_body_that_never_comes_is_answered_once_the_requests_time_is_up(
        server: Any) -> None:
    with socket.create_connection(host_port(server.url), timeout=REQUEST_TIME * 4) as sock:
        sock.sendall(post_head(server.url, "40") + b"code=48")  # and then nothing more
        reply = Reply(sock.makefile("rb").read())
    assert reply.status == 408
    assert_secured(reply)


def test_the_code_form_posted_whole_is_answered_as_ever(server: Any) -> None:
    body = f"code={CODE}&lang=en".encode()
    reply = ask(server.url, post_head(server.url, str(len(body))) + body)
    assert reply.status == 303 and reply.headers["location"] == f"/?code={CODE}&lang=en"


def test_empty_lines_before_a_request_are_let_pass(server: Any) -> None:
    reply = ask(server.url, f"\r\n\r\nGET /?code={CODE} HTTP/1.1\r\n\r\n".encode())
    assert reply.status == 200 and 'id="log"' in reply.text


def test_requests_pieced_together_at_random_each_get_an_answer_and_break_nothing(
        server: Any) -> None:
    import random
    import traceback

    escaped: list[str] = []  # an exception no answer caught (the server prints nothing)
    server.server.handle_error = lambda *_: escaped.append(traceback.format_exc())
    port = server.server.port
    pieces = [b"GET", b"POST", b"HEAD", b" ", b"/", b"/events", b"/enter", b"?code=",
              CODE.encode(), b"\r\n", b"\n", b"HTTP/1.1", b"HTTP/1.0", b"Content-Length: ",
              b"12", b"\xff\xfe", b"Cookie: tutto_seat_%d=" % port, b"Last-Event-ID: ", b":",
              b"abc:3", b"\x00", b"Host: " + host(server.url).encode(),
              b"Origin: http://" + host(server.url).encode(),
              b"Content-Type: application/x-www-form-urlencoded", b"code=11112222",
              b"Sec-Fetch-Site: cross-site", b"Transfer-Encoding: chunked", b"\r\n\r\n"]
    rng = random.Random(35)
    for n in range(300):
        request = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 25)))
        reply = ask(server.url, request + b"\r\n\r\n", f"127.0.{7 + n // 250}.{1 + n % 250}")
        assert reply.status in (200, 303, 400, 403, 404, 405, 408, 414, 429, 431, 501, 505)
        assert_secured(reply)
    assert escaped == []
    viewer = ask(server.url, f"GET /?code={CODE} HTTP/1.1\r\n\r\n".encode(), "127.0.9.9")
    assert viewer.status == 200
