"""Do seats cost the table anything, and is a seat's entry as quick as a typed one?

Through the real program in a pseudo-terminal (``--plain``):

1. Enter to the next prompt at the table's keyboard, for the same quick entries of a
   four-player Tutto game, in two set-ups side by side in one run, taking turns entry by entry
   (so a busy moment of the machine hits both alike):

   * no ``--share`` (the baseline: the program without the live view),
   * ``--share --seats`` with four seats open (each player's device holds its session and
     follows the event stream with its cookie) and twenty viewers on the event stream, each
     from a loopback address of its own; the run checks that every one of the 24 got every
     announcement once, in order.

   Target: within 0.2 ms of the baseline.

2. In a real headless Chromium (Debian's, as in the tests), a seat's entry from Enter on the
   phone to the table's printed line: the page notes the wall-clock time of the Enter key in
   the entry field, and this script the time the table's line ("... Sent by Anna.") is read
   from the terminal. Its baseline is Enter at the table's keyboard to the printed line, for
   the other player's entries of the same game. Target: a median under 100 ms.

Run: ``python bench/bench_seats.py [--games 3] [--no-browser]``.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import random
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pexpect

from guard import Unexpected, live_view_options, run  # bench/guard.py
from testbed.live_view import (
    CODE,
    EventStream,
    chromium,
    new_folders,
    quit_table,
    share_env,
    start_table,
)
from testbed.program import tutto_command
from timing import median_p90, report

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
SEAT_CODES = {"Anna": "11112222", "Ben": "33334444", "Cleo": "55556666", "Dora": "77778888"}
VIEWERS = 20


def turns(count: int, players: tuple[str, ...]) -> list[tuple[str, str]]:
    """Quick entries for ``count`` turns, each with the next prompt (printed after the
    listeners heard the entry)."""
    entries = []
    for turn in range(count):
        player, bonus = players[turn % len(players)], 200 + 100 * (turn % 5)
        other = players[(turn + 1) % len(players)]
        entries += [(f"bonus {bonus}", f"{player}, roll 6 dice:"),
                    ("1 5 2 3 4 6", f"{player}, set aside?"),
                    ("1 5", f"{player}, 150 at risk, 4 dice: roll or bank?"),
                    ("bank", f"{other}, card?")]
    return entries


def start(tmp: Path, seats: bool) -> pexpect.spawn:
    if seats:
        child = start_table(tmp, players=",".join(PLAYERS), plain=True,
                            extra=("--share-code", CODE, "--seats"),
                            env={"TUTTO_SEAT_CODES": ",".join(f"{n}={c}" for n, c in
                                                              SEAT_CODES.items())})
    else:
        command = tutto_command()
        child = pexpect.spawn(command[0], [*command[1:], "--lang", "en", "--db",
                                           str(tmp / "games.sqlite3"), "--players",
                                           ",".join(PLAYERS), "--plain"],
                              env=share_env(tmp), encoding="utf-8", timeout=20,
                              dimensions=(40, 250))
    child.expect_exact(f"{PLAYERS[0]}, card?")
    return child


def seat_cookie(url: str, code: str) -> str:
    """Open a seat as its device does (the code form), and return its session's cookie."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    request = urllib.request.Request(url, data=urllib.parse.urlencode({"code": code}).encode(),
                                     headers={"Origin": url.rstrip("/")})
    opener.open(request, timeout=30).read()
    cookie = next(iter(jar))
    return f"{cookie.name}={cookie.value}"


def timed(child: pexpect.spawn, line: str, answer: str) -> float:
    child.delaybeforesend = None  # pexpect's own 50 ms pause before a line is no entry time
    time.sleep(0.02)  # a scorekeeper types; the devices get to read in between
    started = time.monotonic()
    child.sendline(line)
    child.expect_exact(answer)
    return time.monotonic() - started


def entry_cost(games: int, tmp: Path, count: int = 12) -> None:
    entries = turns(count, PLAYERS)
    results: dict[str, list[float]] = {"baseline": [], "seats": []}
    order = random.Random(1)
    for game in range(games):
        tables: dict[str, pexpect.spawn] = {}
        for kind in results:
            folder = tmp / f"{kind}-{game}"
            folder.mkdir()
            tables[kind] = start(folder, seats=kind == "seats")
        url = tables["seats"].url
        streams = [EventStream(url, n, ("de", "fr")[n % 2]) for n in range(VIEWERS)]
        streams += [EventStream(url, VIEWERS + n, "en", seat_cookie(url, code))
                    for n, code in enumerate(SEAT_CODES.values())]
        time.sleep(0.5)  # every device is connected before the first entry
        for line, answer in entries:
            for kind in order.sample(list(results), len(results)):
                results[kind].append(timed(tables[kind], line, answer))
        time.sleep(0.5)
        delivered_ok = all([stream.got_each_once(len(entries)) for stream in streams])
        for child in tables.values():
            quit_table(child)
    report("Enter to the next prompt, no --share (baseline)", results["baseline"], places=2)
    report(f"Enter to the next prompt, --share --seats, 4 seats and {VIEWERS} viewers",
           results["seats"], places=2)
    difference = (median_p90(results["seats"])[0] - median_p90(results["baseline"])[0]) * 1000
    print(f"difference of the medians: {difference:+.2f} ms (target: within 0.2 ms)")
    print(f"each of the {VIEWERS + 4} devices got every announcement once, in order: "
          f"{'yes' if delivered_ok else 'NO'}")
    if not delivered_ok:
        raise Unexpected("a device missed an announcement or got one twice")


def seat_latency(games: int, tmp: Path, count: int = 10) -> None:
    """Anna enters her turns on her phone (Chromium), Ben's are typed at the table
    (``count`` turns: Anna's and Ben's in turn, two by two)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium()
    typed: list[float] = []
    from_phone: list[float] = []
    try:
        for folder in new_folders(tmp, "browser", games):
            child = start_table(folder, plain=True, extra=("--share-code", CODE, "--seats"),
                                env={"TUTTO_SEAT_CODES": f"Anna={SEAT_CODES['Anna']}"})
            child.expect_exact("Anna, card?")
            child.delaybeforesend = None
            driver.get(child.url + "?lang=en")
            field = driver.find_element("id", "code")
            field.send_keys(SEAT_CODES["Anna"] + "\n")
            WebDriverWait(driver, 20).until(lambda d: d.find_elements("id", "line"))
            time.sleep(0.5)  # the page's script runs and its event stream is connected
            driver.execute_script(
                "window.entered = [];"
                "document.getElementById('line').addEventListener('keydown', function (e) {"
                " if (e.key === 'Enter') { window.entered.push(Date.now()); } }, true);")
            printed: list[float] = []
            for number, (line, answer) in enumerate(turns(count, ("Anna", "Ben"))):
                time.sleep(0.05)
                if (number // 4) % 2 == 0:  # Anna's turn: from her phone
                    # Her field is there only on her turn: the page shows it once it hears
                    # that her turn came (not timed: the time runs from her Enter).
                    WebDriverWait(driver, 20).until(
                        lambda d: d.find_element("id", "line").is_displayed())
                    line_field = driver.find_element("id", "line")
                    line_field.send_keys(line + "\n")
                    child.expect_exact("Sent by Anna.")
                    printed.append(time.time())
                    child.expect_exact(answer)
                else:  # Ben's turn: typed at the table, Enter to the announcement's line end
                    time.sleep(0.02)
                    started = time.monotonic()
                    child.sendline(line)
                    child.expect_exact(line + "\r\n")  # the terminal's echo of the line
                    child.expect_exact("\r\n")  # the announcement, printed whole
                    typed.append(time.monotonic() - started)
                    child.expect_exact(answer)
            entered = driver.execute_script("return window.entered")
            assert len(entered) == len(printed), (len(entered), len(printed))
            from_phone += [p - e / 1000 for p, e in zip(printed, entered, strict=True)]
            quit_table(child)
    finally:
        driver.quit()
    report("Enter at the table's keyboard to the printed line, same games (baseline)", typed,
           places=2)
    report("Enter on the phone (Chromium) to the table's printed line", from_phone, places=2)


def main(options: argparse.Namespace) -> None:
    games = 1 if options.smoke else options.games
    # The smoke run: one turn at the table (every device hears it), and in Chromium the two
    # turns that take both ways in, Anna's from her phone and Ben's typed at the table.
    at_table, in_browser = (1, 2) if options.smoke else (12, 10)
    with tempfile.TemporaryDirectory() as folder:
        entry_cost(games, Path(folder), at_table)
        if not options.no_browser:
            seat_latency(games, Path(folder), in_browser)


if __name__ == "__main__":
    run(main, live_view_options(__doc__, "only the cost at the table, without Chromium"),
        limit=1800)
