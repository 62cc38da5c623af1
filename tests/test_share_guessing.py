"""Guessing codes: a budget for the whole live view, however many addresses guess.

The live view's real server listens on loopback in this process, its guessing budget on a
clock the test moves by hand; the guessers are real sockets from addresses of their own
(127.0.0.2, 127.0.0.3 ...). A limit is a count: how many wrong codes were checked (403)
rather than refused unchecked (429) in a window of the server's own time.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from testbed.live_view import CODE
from testbed.network import Clock, Reply, ask, live_server
from tutto_a11y.share.guessing import GUESSERS, NEWCOMER_TRIES, NEWCOMERS, PACE, Budget, Guessing

ANNA, BEN = "11112222", "33334444"
SEATS = f"Anna={ANNA},Ben={BEN}"


def address(n: int) -> str:
    """The n-th guesser's own address (127.0.0.2 ...; 127.0.0.1 is the test's own)."""
    return f"127.0.{n // 250}.{2 + n % 250}"


def get(url: str, path: str, source: str, headers: str = "") -> Reply:
    host = url.split("//")[1].rstrip("/")
    return ask(url, f"GET {path} HTTP/1.1\nHost: {host}\n{headers}".strip("\n"), source)


def post_code(url: str, code: str, source: str, cookie: str = "",
              origin: bool = True) -> Reply:
    """The code form, posted from the live view's own page (``origin``)."""
    host = url.split("//")[1].rstrip("/")
    body = urllib.parse.urlencode({"code": code, "lang": "en"})
    lines = ["POST / HTTP/1.1", f"Host: {host}",
             "Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    if origin:
        lines.append(f"Origin: http://{host}")
    if cookie:
        lines.append(f"Cookie: {cookie}")
    return ask(url, ("\r\n".join(lines) + "\r\n\r\n" + body).encode(), source)


def guess_round(url: str, sources: list[str], round_number: int) -> list[int]:
    """Every source sends one wrong code (a different one each time): their statuses."""
    return [get(url, f"/?code={900000 + 1000 * round_number + n}", source).status
            for n, source in enumerate(sources)]


def spend_the_strangers_budgets(url: str, clock: Clock) -> None:
    """Addresses enough to spend the newcomers' budget with their first tries, then the
    guessers' (a second between the rounds: each address's pace)."""
    crowd = [address(n) for n in range(NEWCOMERS.size // NEWCOMER_TRIES)]
    for round_number in range(NEWCOMER_TRIES + 1):
        guess_round(url, crowd, round_number)
        clock.move(PACE)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def server(clock: Clock) -> Iterator[Any]:
    with live_server(SEATS, clock) as sharing:
        yield sharing


def budget_limit(window: float, *budgets: Budget) -> float:
    """The most wrong codes these budgets allow in ``window`` seconds."""
    return sum(b.size + window / b.every for b in budgets)


def guess_for(url: str, clock: Clock, sources: list[str], window: int,
             first: int = 0) -> list[int]:
    """Every source guesses once a second of the server's time for ``window`` seconds."""
    statuses: list[int] = []
    for second in range(first, first + window):
        statuses += guess_round(url, sources, second)
        clock.move(1.0)
    return statuses


@pytest.mark.slow
def test_two_hundred_addresses_guess_no_faster_than_one_once_their_first_tries_are_spent(
        clock: Clock) -> None:
    window = 30
    with live_server(SEATS, clock) as server:
        one = guess_for(server.url, clock, ["127.0.0.2"], 2 * window)
    with live_server(SEATS, clock) as server:
        crowd = [address(n) for n in range(200)]
        first = guess_for(server.url, clock, crowd, window)
        then = guess_for(server.url, clock, crowd, window, first=window)
    assert set(first + then) == {403, 429}  # every guess answered; the rest never compared
    # The first tries of every address are checked once (a player who just came would be
    # one of them); a limit per address would have checked all 6,000.
    assert first.count(403) <= NEWCOMER_TRIES * 200 + budget_limit(window, GUESSERS)
    # After that, two hundred addresses are checked no faster than the budget of the whole
    # server, and no faster than one address alone.
    assert then.count(403) <= budget_limit(window, GUESSERS) + window / NEWCOMERS.every
    assert one[-window:].count(403) <= budget_limit(window, GUESSERS)
    assert then.count(403) <= one[-window:].count(403) + 1 + window / NEWCOMERS.every


@pytest.mark.slow
def test_one_address_spends_its_newcomer_tries_then_the_guessers_budget(
        server: Any, clock: Clock) -> None:
    statuses: list[int] = []
    for second in range(60):
        statuses += guess_round(server.url, ["127.0.0.2"] * 3, second)  # three at once
        clock.move(1.0)
    checked = statuses.count(403)
    assert checked <= NEWCOMER_TRIES + budget_limit(60, GUESSERS)
    assert checked < 60  # not one a second any more: the guessers' trickle
    assert statuses[:3] == [403, 429, 429]  # one check, then this address's pace


def test_after_a_wrong_code_tries_from_that_address_within_a_second_are_not_checked(
        server: Any, clock: Clock) -> None:
    assert get(server.url, "/?code=000000", "127.0.0.2").status == 403
    clock.move(0.9)
    for _ in range(2):  # the right code, typed again at once: not compared with anything
        refused = get(server.url, f"/?code={CODE}&lang=de", "127.0.0.2")
        assert refused.status == 429 and refused.headers["retry-after"] == "1"
        assert ('role="alert">Zu viele Versuche von diesem Gerät: Warte einen Moment und gib '
                'den Code dann noch einmal ein.') in refused.text
    clock.move(0.2)  # over a second after the wrong code, as a person types it again
    assert get(server.url, f"/?code={CODE}", "127.0.0.2").status == 200


def test_a_viewer_who_gave_the_code_is_never_slowed_by_a_crowd_of_guessers(
        server: Any, clock: Clock) -> None:
    viewer = "127.0.9.250"  # none of the crowd's
    assert get(server.url, f"/?code={CODE}", viewer).status == 200
    spend_the_strangers_budgets(server.url, clock)
    assert get(server.url, "/?code=123456", address(700)).status == 429  # a stranger: busy
    for _ in range(5):  # reloads and reconnections of the viewer's page
        assert get(server.url, f"/?code={CODE}&lang=en", viewer).status == 200
    # Their own slip is checked from their own budget, and the code right after it works.
    assert get(server.url, "/?code=482916", viewer).status == 403
    assert get(server.url, f"/?code={CODE}", viewer).status == 200
    # The viewer opens their seat from the page they follow: checked at once, the crowd aside.
    assert post_code(server.url, ANNA, viewer).status == 303


def test_a_player_arriving_while_others_guess_gets_their_code_checked(server: Any,
                                                                     clock: Clock) -> None:
    crowd = [address(n) for n in range(8)]
    for second in range(20):  # a few addresses guessing for a while: the guessers' budget
        guess_round(server.url, crowd, second)
        clock.move(0.5)
    clock.move(1.0)  # every one of them may be checked again, as far as its pace goes
    assert guess_round(server.url, crowd, 99).count(403) <= 1  # the budget is spent
    newcomer = address(100)
    assert get(server.url, "/?code=482951", newcomer).status == 403  # a slip: checked
    clock.move(1.0)
    page = get(server.url, f"/?code={CODE}&lang=en", newcomer)
    assert page.status == 200 and 'id="log"' in page.text


@pytest.mark.slow  # spending every stranger's budget takes over a second
def test_a_busy_answer_says_the_code_was_not_checked(server: Any, clock: Clock) -> None:
    spend_the_strangers_budgets(server.url, clock)
    refused = get(server.url, "/?code=123456&lang=de", address(700))
    assert refused.status == 429 and refused.headers["retry-after"] == "60"
    assert ('role="alert">Gerade kamen viele falsche Codes, deshalb wurde deiner nicht '
            'geprüft: Warte eine Minute und gib ihn dann noch einmal ein.') in refused.text


def test_addresses_of_one_ipv6_network_guess_as_one() -> None:
    clock = Clock()
    budget = Guessing(clock)

    def wrong(address: str) -> str:
        return budget.check(address, False, lambda: False, lambda: False)

    assert wrong("2001:db8:1:2::1") == "wrong"
    assert wrong("2001:db8:1:2::ffff:1") == "too-soon"  # the same /64: its pace
    assert wrong("2001:db8:1:3::1") == "wrong"  # another /64: a guesser of its own
    assert wrong("::ffff:192.0.2.7") == "wrong"
    assert wrong("192.0.2.7") == "too-soon"  # an IPv4 address written as IPv6 is itself


# -- a seat's code only from the code form -----------------------------------------------------

def test_a_seat_code_in_the_address_opens_nothing_and_says_nothing(server: Any) -> None:
    as_seat = get(server.url, f"/?code={ANNA}&lang=en", "127.0.0.2")
    as_wrong = get(server.url, "/?code=99998888&lang=en", "127.0.0.3")
    assert as_seat.status == as_wrong.status == 403
    assert "set-cookie" not in as_seat.headers
    assert as_seat.text == as_wrong.text  # the same answer as any wrong code
    assert get(server.url, f"/events?code={ANNA}", "127.0.0.4").status == 403
    assert server.book.seats()[0].open and ANNA not in as_seat.text


def test_a_seat_code_posted_by_another_page_opens_nothing(server: Any) -> None:
    refused = post_code(server.url, ANNA, "127.0.0.2", origin=False)
    assert refused.status == 403 and "set-cookie" not in refused.headers
    opened = post_code(server.url, ANNA, "127.0.0.3")
    assert opened.status == 303 and opened.headers["location"] == "/?lang=en"
    assert "HttpOnly" in opened.headers["set-cookie"]


def test_another_sites_image_with_a_code_is_not_even_checked(server: Any) -> None:
    image = "Sec-Fetch-Site: cross-site\nSec-Fetch-Mode: no-cors\nSec-Fetch-Dest: image"
    for n in range(5):
        assert get(server.url, f"/?code={ANNA}", "127.0.0.2", image).status == 403
        assert get(server.url, f"/?code=12345{n}", "127.0.0.2", image).status == 403
    # None of them was spent from this phone's tries: its own code is checked at once.
    assert get(server.url, "/?code=000000", "127.0.0.2").status == 403


@pytest.mark.parametrize("seats", [SEATS, None])
def test_the_code_form_always_posts(seats: str | None) -> None:
    with live_server(seats) as sharing:
        page = get(sharing.url, "/?lang=en", "127.0.0.2").text
        assert '<form method="post" action="/">' in page
        viewer = post_code(sharing.url, CODE, "127.0.0.2")
        assert viewer.status == 303
        assert viewer.headers["location"] == f"/?code={CODE}&lang=en"  # as the docs show


# -- a seat's page that must be opened again ---------------------------------------------------

def seat_cookie(reply: Reply) -> str:
    return reply.headers["set-cookie"].split(";")[0]


def test_a_stale_seat_cookie_is_no_wrong_code_and_its_stream_says_why(server: Any,
                                                                      clock: Clock) -> None:
    phone = "127.0.0.2"
    cookie = seat_cookie(post_code(server.url, ANNA, phone))
    new_code = server.book.renew(0)
    for _ in range(20):  # the stale page's stream, again and again (the clock stands still)
        stream = get(server.url, "/events?lang=en", phone, f"Cookie: {cookie}")
        assert stream.status == 200
        assert stream.text == 'retry: 2000\n\nevent: seat\ndata: {"seat":"new-code"}\n\n'
    page = get(server.url, "/?lang=en", phone, f"Cookie: {cookie}")
    assert page.status == 200 and '<input id="code"' in page.text
    assert ("Type your seat&#x27;s code again: the seat has a new code, or the scorekeeper"
            "&#x27;s program was started again.") in page.text
    assert "Max-Age=0" in page.headers["set-cookie"]  # the browser forgets it
    # The player types the new code at once: checked, opened; nothing was counted against it.
    assert post_code(server.url, new_code, phone, cookie).status == 303


def test_a_closed_seats_page_is_told_the_seat_was_closed(server: Any) -> None:
    cookie = seat_cookie(post_code(server.url, BEN, "127.0.0.2"))
    server.book.close(1)
    stream = get(server.url, "/events?lang=en", "127.0.0.2", f"Cookie: {cookie}")
    assert stream.text.endswith('event: seat\ndata: {"seat":"closed"}\n\n')
    page = get(server.url, "/?lang=de", "127.0.0.2", f"Cookie: {cookie}").text
    found = re.search(r'role="alert">([^<]*)<', page)
    assert found and found.group(1) == (
        "Dein Platz wurde am Tisch geschlossen: Auf diesem Gerät kannst du nichts mehr "
        "eingeben. Wenn der Schreiber ihn mit einem neuen Code wieder öffnet, gib diesen Code "
        "hier ein.")


def test_a_cookie_of_before_a_restart_asks_for_the_code_again(server: Any) -> None:
    cookie = f"tutto_seat_{server.server.port}=from-the-run-before"
    stream = get(server.url, "/events?lang=en", "127.0.0.2", f"Cookie: {cookie}")
    assert stream.text.endswith('event: seat\ndata: {"seat":"new-code"}\n\n')
