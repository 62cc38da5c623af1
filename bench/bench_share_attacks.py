"""Can anybody on the network shut the live view, or guess its codes faster with many addresses?

Through the real program in a pseudo-terminal (``--share --seats``, four players with seats,
the viewers' code fixed), attacks from plain sockets of this process, each from addresses of
its own in 127.0.0.0/8 (``testbed/network.py``), while a viewer who already typed the code
loads the page every half second and, every two seconds, a newcomer from an address of its
own types the right code for the first time:

* baseline: the same page loads with nothing else going on, in the same run;
* guessing the viewers' code from one address, then from 200, for ``--seconds`` each (in a
  process of their own): the wrong codes the live view checked (answered 403; the others
  were refused unchecked) per second in all and in the second half, once every address's
  first tries are spent, the expected time to find the six-digit viewers' code and one of
  the four eight-digit seat codes at the second half's rate, and the page loads meanwhile;
* 100 connections sending a seat's post whole but for its body, then a byte every 15 s: how
  many of 15 page loads and of 3 seats' entries were served, and the page loads' times;
* 64 idle event streams from 8 addresses: whether a new viewer and each seat got theirs.

With ``--before CHECKOUT`` (a checkout of older code, e.g. ``git worktree add /tmp/before
HEAD~5``) every attack runs against that code too, started from the checkout.

Run: ``python bench/bench_share_attacks.py [--seconds 60] [--before CHECKOUT]``.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from guard import run
from testbed.live_view import CODE, SeatPhone, at_first_prompt, enter, start_table
from testbed.network import Guessers, Listener, SlowBodies, page_load
from timing import report
from tutto_a11y.share.connections import READING

SEATS = {"Anna": "11112222", "Ben": "33334444", "Cleo": "55556666", "Dora": "77778888"}
VIEWER = "127.0.0.250"  # the viewer who typed the code before any attack
VIEWERS_CODES = 10**6  # six digits
SEAT_CODES = 10**8  # eight digits, four seats


class Visitors(threading.Thread):
    """The viewer's page loads every half second (``every``), and a newcomer's first code
    every fourth load, for as long as an attack runs."""

    def __init__(self, url: str, newcomers: Iterator[str], every: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.newcomers = newcomers
        self.every = every
        self.loads: list[float | None] = []
        self.first_codes: list[float | None] = []
        self.stop = threading.Event()

    def run(self) -> None:
        for tick in itertools.count():
            if self.stop.wait(self.every):
                return
            self.loads.append(page_load(self.url, VIEWER))
            if tick % 4 == 3:
                self.first_codes.append(page_load(self.url, next(self.newcomers)))


def describe(label: str, samples: list[float | None]) -> None:
    served = [s for s in samples if s is not None]
    print(f"{label}: {len(served)} of {len(samples)} served")
    if served:
        report(f"  {label}, time", served)


def duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


@contextmanager
def table(folder: Path, checkout: str | None) -> Iterator[Any]:
    env = {"TUTTO_SEAT_CODES": ",".join(f"{name}={code}" for name, code in SEATS.items()),
           **({"PYTHONPATH": checkout} if checkout else {})}
    child = start_table(folder, players=",".join(SEATS), plain=True, env=env,
                        extra=("--share-code", CODE, "--seats"))
    with at_first_prompt(child) as started:
        yield started


def guessing(url: str, sources: list[str], seconds: float, newcomers: Iterator[str],
             every: float = 0.5) -> None:
    """A crowd guessing for ``seconds``: the wrong codes checked in all, and the rate in the
    second half, once each address's first tries are spent (the one that goes on); the
    visitors meanwhile load the page every ``every`` seconds."""
    visitors = Visitors(url, newcomers, every)
    with Guessers(url, sources) as guessers:
        visitors.start()
        time.sleep(seconds)
        visitors.stop.set()
    visitors.join()
    checked = guessers.statuses[403]
    later = sum(1 for at in guessers.checked_at if at >= seconds / 2)
    rate = later / (seconds / 2)
    others = sum(guessers.statuses.values()) - checked
    print(f"guessing from {len(sources)} address{'es' if len(sources) > 1 else ''} for "
          f"{seconds:g} s: {checked} wrong codes checked ({checked / seconds:.2f} a second), "
          f"{later} of them in the second half ({rate:.2f} a second); {others} refused "
          f"unchecked or unanswered")
    if rate:
        print(f"  at the second half's rate the viewers' code takes "
              f"{duration((VIEWERS_CODES + 1) / 2 / rate)} on average, one of the four seat "
              f"codes {duration((SEAT_CODES + 1) / (len(SEATS) + 1) / rate)}")
    describe("  the viewer's page loads meanwhile", visitors.loads)
    describe("  a newcomer's first right code meanwhile", visitors.first_codes)


def slow_bodies(child: Any, url: str, count: int = 100, loads_count: int = 15,
                settle: float = 2.0) -> None:
    """``count`` slow posts, given ``settle`` seconds to fill the room for requests being
    read; then ``loads_count`` page loads and a seat's three entries."""
    attack = SlowBodies(url, count)
    attack.start()
    try:
        time.sleep(settle)
        loads = [page_load(url, VIEWER, timeout=10) for _ in range(loads_count)]
        entered = 0
        try:
            anna = SeatPhone(url, SEATS["Anna"])
            for line in ("bonus 300", "1 5 2 3 4 6", "1 5"):
                entered += anna.send(line).get("kind") == "accepted"
        except (OSError, ValueError):
            pass
    finally:
        attack.stop.set()
        attack.join()
    describe(f"{count} slow posts: the viewer's page loads", loads)
    print(f"{count} slow posts: a seat's entries accepted: {entered} of 3 "
          f"({attack.opened} slow connections opened)")
    if entered:  # the table takes them: it must still be at a prompt for the next part
        child.sendline("bank")
        child.expect_exact("Ben, card?")


def stream_flood(child: Any, url: str) -> None:
    flood = [Listener(url, f"127.0.3.{1 + n // 8}") for n in range(64)]
    viewer = Listener(url, "127.0.3.100")
    seats = []
    for n, code in enumerate(list(SEATS.values())[:2]):
        try:
            phone = SeatPhone(url, code)
        except (OSError, ValueError):
            continue
        cookie = "; ".join(f"{c.name}={c.value}" for c in phone.jar)
        seats.append(Listener(url, f"127.0.3.{101 + n}", code=None, cookie=cookie))
    try:
        enter(child, "stop", "Stop.")
        heard = [listener.next_id(wait=5) is not None for listener in (viewer, *seats)]
        print(f"64 idle streams from 8 addresses: a new viewer's stream {viewer.status}, "
              f"the seats' streams {[s.status for s in seats]}; the table's next "
              f"announcement heard by {sum(heard)} of {1 + len(SEATS) // 2}")
    finally:
        for listener in (*flood, viewer, *seats):
            listener.close()


def attacks(folder: Path, checkout: str | None, seconds: float, addresses: int,
            smoke: bool = False) -> None:
    """Every attack against a table of ``checkout`` (this one if None). ``smoke``: each the
    smallest that still shows what it shows: the visitors come twice as often (a newcomer
    within the guessing), one page load under the slow posts, and one slow post more than
    the live view reads at once, so that some still give way."""
    every = 0.25 if smoke else 0.5
    which = f"--before {checkout}" if checkout else "this checkout"
    print(f"-- {which}")
    newcomers = (f"127.0.{4 + n // 250}.{1 + n % 250}" for n in itertools.count())
    with table(folder / "guessing", checkout) as child:
        loads = [page_load(child.url, VIEWER) for _ in range(4 * int(seconds) // 3 or 1)]
        describe("baseline: the viewer's page loads, nothing else going on", loads)
        guessing(child.url, ["127.0.0.2"], seconds, newcomers, every)
    with table(folder / "many", checkout) as child:
        page_load(child.url, VIEWER)
        guessing(child.url, [f"127.0.{5 + n // 250}.{1 + n % 250}" for n in range(addresses)],
                 seconds, newcomers, every)
    with table(folder / "slow", checkout) as child:
        page_load(child.url, VIEWER)
        if smoke:
            slow_bodies(child, child.url, READING + 1, 1, 0.5)
        else:
            slow_bodies(child, child.url)
        stream_flood(child, child.url)


def main(options: argparse.Namespace) -> None:
    # Two seconds: each address's second wrong code (a second after its first) is checked
    # in the second half, so the rate there is measured.
    seconds, addresses = (2.0, 5) if options.smoke else (options.seconds, 200)
    with tempfile.TemporaryDirectory() as folder:
        for number, checkout in enumerate([None, options.before] if options.before else [None]):
            part = Path(folder) / str(number)
            part.mkdir()
            attacks(part, checkout, seconds, addresses, options.smoke)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long each crowd guesses (default 60)")
    parser.add_argument("--before", default=None, metavar="CHECKOUT",
                        help="a checkout of older code, attacked the same way after this one")
    run(main, parser, limit=3600)
