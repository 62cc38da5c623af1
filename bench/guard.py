"""Shared by the benchmark scripts: every run ends, and says clearly why when it cannot go on.

A benchmark that hangs hides the figures it was run for, so every script runs its ``main``
through :func:`run`: a time limit for the whole run (``--limit SECONDS``, with a generous
default of its own), and one clear line when the program's output is not what the script
expects (:class:`Unexpected`), instead of waiting for a word that never comes. ``--smoke``
makes every part of a script run once, small and quick: ``tests/test_bench.py`` runs each
script so, so that a change in the program's wording breaks a test, not the benchmark.

Exit status: 0 done, 2 the output was not as expected, 3 the time limit was reached.

Every script imports this module first (its name sorts before ``harness``, ``testbed`` and
``tutto_a11y``): ``python bench/bench_rules.py`` puts only ``bench/`` on the path, and this
module puts the repository's root there once, so that the scripts import the testbed package
(the random legal player, the live view's and the sound desk's set-ups) and the package of
this checkout.
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

#: The repository's root: this checkout, which the scripts measure.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class Unexpected(RuntimeError):
    """The program's output (or a result) is not what the benchmark expects."""


class TimeLimit(BaseException):
    """The run took longer than its ``--limit`` (not an Exception: nothing swallows it)."""


def options(parser: argparse.ArgumentParser, limit: float) -> argparse.ArgumentParser:
    """Add ``--smoke`` and ``--limit`` (``limit``: the default time limit in seconds)."""
    parser.add_argument("--smoke", action="store_true",
                        help="run every part once, small and quick, to check that the script "
                             "still works (the tests do)")
    parser.add_argument("--limit", type=float, default=limit, metavar="SECONDS",
                        help=f"stop with a message after this many seconds (default {limit:g})")
    return parser


def live_view_options(doc: str | None, no_browser: str) -> argparse.ArgumentParser:
    """The options of a live-view benchmark: how many games to play, and ``--no-browser`` to
    leave out the part timed in Chromium (``no_browser`` says what is left)."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--no-browser", action="store_true", help=no_browser)
    return parser


def run(main: Callable[[argparse.Namespace], Any], parser: argparse.ArgumentParser,
        limit: float) -> NoReturn:
    """Parse the options (with ``--smoke`` and ``--limit``), run ``main(args)`` within the
    time limit and exit: with ``main``'s status (an int) or 0, 2 with one line on stderr when
    the output was not as expected, 3 when the time limit was reached."""
    args = options(parser, limit).parse_args()
    name = Path(sys.argv[0]).name

    def stop(_signal: int, _frame: Any) -> None:
        raise TimeLimit()

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, args.limit)
    try:
        status = main(args)
    except Unexpected as problem:
        print(f"{name}: the output was not as expected: {problem}", file=sys.stderr,
              flush=True)
        sys.exit(2)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as problem:
        said = problem.stderr or problem.output or b""
        said = said.decode("utf-8", "replace") if isinstance(said, bytes) else said
        print(f"{name}: a program did not end as expected: {problem} {said[-300:]!r}",
              file=sys.stderr, flush=True)
        sys.exit(2)
    except Exception as problem:
        if not type(problem).__module__.startswith("pexpect"):
            raise
        # pexpect's TIMEOUT or EOF: the screen did not show what the script waited for.
        # pexpect names what it waited for after "searcher" ("0: 'Sent by Anna.'"): said
        # too, so a smoke run that fails once on a loaded machine tells which wait it was.
        lines = str(problem).splitlines()
        before = next((line for line in lines if line.startswith("before")), "")
        awaited = next((line.strip() for line in lines if line.strip().startswith("0: ")), "")
        waited = f"(waiting for {awaited[3:]}) " if awaited else ""
        print(f"{name}: the output was not as expected: {lines[0] if lines else problem} "
              f"{waited}{before}", file=sys.stderr, flush=True)
        sys.exit(2)
    except TimeLimit:
        print(f"{name}: stopped after the time limit of {args.limit:g} s (--limit); the "
              f"figures above are all it measured", file=sys.stderr, flush=True)
        sys.exit(3)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    sys.exit(status if isinstance(status, int) else 0)


class Lines:
    """A program's output read line by line from its pipe (a file descriptor), never waiting
    longer than told: :meth:`until` raises :class:`Unexpected` instead of hanging."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""
        self.ended = False

    def until(self, done: Callable[[str], bool], what: str, timeout: float = 120.0
              ) -> list[str]:
        """Lines up to and with the first for which ``done`` holds; :class:`Unexpected`
        naming ``what`` was awaited, and what came instead, if the program ends or
        ``timeout`` seconds pass first."""
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                seen.append(line.decode("utf-8", "replace").rstrip("\r"))
                if done(seen[-1]):
                    return seen
            if self.ended:
                raise Unexpected(f"the program ended before {what}; it printed "
                                 f"{_last(seen)}")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise Unexpected(f"waited {timeout:g} s for {what}; the program printed "
                                 f"{_last(seen)}")
            chunk = os.read(self.fd, 65536)
            if chunk:
                self.buffer += chunk
            else:
                self.ended = True
                if self.buffer:
                    self.buffer += b"\n"


def is_prompt(line: str) -> bool:
    """A prompt of the play loop in plain mode: its own line, ending in ``?`` or ``:``."""
    return line.endswith(("?", ":"))


def _last(lines: list[str]) -> str:
    if not lines:
        return "nothing"
    return " / ".join(repr(line) for line in lines[-4:])


def check(condition: bool, problem: str) -> None:
    """:class:`Unexpected` with ``problem`` unless ``condition`` holds."""
    if not condition:
        raise Unexpected(problem)


def fail(problem: str) -> NoReturn:
    raise Unexpected(problem)


def environment(**changes: str) -> dict[str, str]:
    """The caller's environment without TUTTO_* settings, with ``changes``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(changes)
    return env
