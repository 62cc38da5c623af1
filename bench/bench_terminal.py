"""Time terminal mode (readline) in a pseudo-terminal, next to plain mode in the same one.

Run from the project folder: ``python bench/bench_terminal.py [--runs N]``. Prints plain lines
with median and 90th percentile: start to the first prompt, and Enter to the next prompt, for
terminal mode, for ``--plain`` and for ``--sighted`` (prompt_toolkit, the line editor terminal
mode had before), plus ``python -c pass``, the baseline measured in the same run, and the first
prompt of terminal mode as a multiple of it (target: at most 5 times). With ``--before
CHECKOUT`` (a checkout of older code, e.g. ``git worktree add /tmp/before HEAD~5``) it also
times the start of terminal and plain mode from that checkout, interleaved with today's code
started the same way (``python -m tutto_a11y`` with the checkout on ``PYTHONPATH``), so a
change's cost to the start is seen side by side. Needs pexpect (a test dependency).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

import pexpect

from guard import fail, run  # bench/guard.py
from testbed.program import tutto_command
from timing import median_p90  # bench/timing.py

ROLLS = ["1 5 2 3 4 6", "1", "bank", "stop"]  # one turn with a bank, one Stop card: no Niete


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", TUTTO_SPEECH="0")
    return env


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _spawn(args: list[str], checkout: str | None = None) -> pexpect.spawn:
    """The program in a pseudo-terminal: the installed one, or the code of ``checkout``."""
    command, env = tutto_command(), _env()
    if checkout:
        command = [sys.executable, "-m", "tutto_a11y"]
        env["PYTHONPATH"] = checkout
    child = pexpect.spawn(command[0], command[1:] + args, env=env, timeout=30,
                          dimensions=(40, 100))
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
    return child


def expect(child: pexpect.spawn, text: bytes, after: str) -> None:
    """Wait for ``text`` on the screen; a clear stop if it does not come."""
    try:
        child.expect_exact(text)
    except (pexpect.TIMEOUT, pexpect.EOF) as problem:
        ended = "the program ended" if isinstance(problem, pexpect.EOF) else "30 s passed"
        fail(f"{ended} before {text.decode()!r} after {after}; the screen's last bytes: "
             f"{(child.before or b'')[-200:]!r}")


def start_to_first_prompt(mode: list[str], db: str, checkout: str | None = None) -> float:
    begin = time.perf_counter()
    child = _spawn(["--players", "Anna,Ben", "--db", db, *mode], checkout)
    expect(child, b"card?", "the start")
    elapsed = time.perf_counter() - begin
    child.terminate(force=True)
    return elapsed


def enter_to_next_prompt(mode: list[str], db: str, turns: int) -> list[float]:
    """Seconds from sending an entry's Enter until the next prompt is drawn, per entry."""
    child = _spawn(["--players", "Anna,Ben", "--db", db, "--target", "1000000", *mode])
    expect(child, b"card?", "the start")
    samples = []
    for _ in range(turns):
        for entry, prompt in (("300", b"dice:"), (ROLLS[0], b"aside?"), (ROLLS[1], b"bank?"),
                              (ROLLS[2], b"card?"), (ROLLS[3], b"card?")):
            begin = time.perf_counter()
            child.send(entry + "\r")
            expect(child, prompt, f"typing {entry!r}")
            samples.append(time.perf_counter() - begin)
    child.terminate(force=True)
    return samples


def main(args: argparse.Namespace) -> None:
    if args.smoke:
        args.runs = 1
    turns = 1 if args.smoke else 4  # each turn: a card, a roll, a set-aside, a bank, a Stop
    base: list[float] = []
    modes: tuple[tuple[str, list[str]], ...] = (
        ("terminal", []), ("plain", ["--plain"]), ("sighted", ["--sighted"]))
    starts: dict[str, list[float]] = {name: [] for name, _ in modes}
    # With --before: today's code and the checkout's, both started as python -m tutto_a11y.
    sides = [(f"{name} mode, {which}", mode, checkout) for name, mode in modes[:2]
             for which, checkout in (("today's code", ROOT), ("--before", args.before))
             ] if args.before else []
    side_starts: dict[str, list[float]] = {label: [] for label, _, _ in sides}
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.runs):
            begin = time.perf_counter()
            pexpect.run(f"{sys.executable} -c pass")
            base.append(time.perf_counter() - begin)
            for name, mode in modes:
                starts[name].append(start_to_first_prompt(mode, f"{folder}/{name}{i}.db"))
            for number, (label, mode, checkout) in enumerate(sides):
                side_starts[label].append(
                    start_to_first_prompt(mode, f"{folder}/side{number}-{i}.db", checkout))
        entries: dict[str, list[float]] = {name: [] for name, _ in modes}
        for i in range(args.runs):  # four turns a game: the deck holds enough Bonus 300 cards
            for name, mode in modes:
                entries[name] += enter_to_next_prompt(mode, f"{folder}/{name}-loop{i}.db",
                                                      turns)
    med, p90 = median_p90(base)
    print(f"python -c pass in a pseudo-terminal (baseline): median {med * 1000:.1f} ms, "
          f"p90 {p90 * 1000:.1f} ms")
    for name, _ in modes:
        med, p90 = median_p90(starts[name])
        print(f"{name} mode, start to first prompt: median {med * 1000:.1f} ms, "
              f"p90 {p90 * 1000:.1f} ms")
    for label, samples in side_starts.items():
        med, p90 = median_p90(samples)
        print(f"{label} (python -m), start to first prompt: median {med * 1000:.1f} ms, "
              f"p90 {p90 * 1000:.1f} ms")
    ratio = median_p90(starts["terminal"])[0] / median_p90(base)[0]
    print(f"terminal mode's first prompt: {ratio:.1f} times python -c pass (target: at most 5)")
    for name, _ in modes:
        med, p90 = median_p90(entries[name])
        print(f"{name} mode, Enter to the next prompt ({len(entries[name])} entries): "
              f"median {med * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", default=None, metavar="CHECKOUT",
                        help="a checkout of older code, to time its start side by side")
    run(main, parser, limit=1800)
