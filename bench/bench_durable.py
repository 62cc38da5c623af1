"""How much does the durable store cost at the table?

Measures, on a real file (``synchronous=FULL``, WAL):

* per entry: a 2,000-entry game typed through the real play loop (``session.Table`` reading
  plain lines from a byte stream, announcing into a string buffer, saving every entry through
  ``table/journal.py``'s StoreJournal before announcing it); target < 5 ms each;
* resume: open the store, read the game's entries and replay them through the rules
  (``Game.replay``); target < 100 ms; and the whole ``tutto-tally --resume`` process for
  comparison;

next to two baselines taken in the same run: the same loop with no journal, and the start-up
of ``python -c pass``.

The entries are a random but legal game from the simulator of ``testbed/tutto_simulator.py`` with a
target nobody reaches, so the game runs through all 2,000 entries.

Run:  python bench/bench_durable.py [--dir FOLDER] [--entries 2000]
The default folder is a temporary one next to the default database, because the disk matters:
on a tmpfs every fsync is free.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from guard import check, run  # bench/guard.py
from harness import disk_option, scratch_folder, timed_loop
from testbed.program import tutto_command
from testbed.tutto_simulator import long_game, typed
from timing import summary  # bench/timing.py
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game, Rules
from tutto_a11y.store.journal import Store
from tutto_a11y.table.journal import StoreJournal
from tutto_a11y.text.i18n import Catalog

PLAYERS = ("Anna", "Ben", "Cleo")
RULES = Rules(target=10_000_000)
ENTRY_TARGET_MS = 5.0
RESUME_TARGET_MS = 100.0


def verdict(samples_s: Sequence[float], target_ms: float) -> str:
    median = statistics.median(samples_s) * 1000
    met = "met" if median < target_ms else "NOT met"
    return f"{met} (median {median:.3f} ms, target < {target_ms:g} ms)"


def run_loop(lines: Sequence[str], journal: Any) -> tuple[list[float], Game]:
    """Type every line into the real loop; one sample per line (the last request meets the
    end of input)."""
    game = Game(PLAYERS, RULES)
    samples, status = timed_loop(game, Messages(Catalog("en"), game), lines, journal)
    check(status == 0, f"the play loop ended with status {status}")
    check(len(game.entries) == len(lines),
          f"{len(lines) - len(game.entries)} of the typed lines were refused")
    return samples, game


def bench_loop_with_store(db: Path, lines: Sequence[str]) -> tuple[list[float], str, float]:
    with Store.open(db) as store:
        info = store.create_game("en", RULES.as_dict(), PLAYERS)
        t0 = time.perf_counter()
        samples, game = run_loop(lines, StoreJournal(store, info.id))
        total = time.perf_counter() - t0
        check(store.entries(info.id) == game.entry_texts(),
              "the journal does not hold the game as played")
    return samples, info.id, total


def bench_resume(db: Path, game_id: str, n: int, repeats: int = 30) -> dict[str, list[float]]:
    """Open the store, read the entries, replay them: what ``--resume`` does before the loop."""
    phases: dict[str, list[float]] = {"open": [], "game + entries": [], "Game.replay": [],
                                      "total": []}
    for _ in range(repeats):
        t0 = time.perf_counter()
        store = Store.open(db)
        t1 = time.perf_counter()
        info = store.game(game_id)
        entries = store.entries(game_id)
        t2 = time.perf_counter()
        game = Game.replay(info.players, Rules.from_dict(info.rules), entries)
        t3 = time.perf_counter()
        store.close()
        check(len(game.entries) == n, f"the resumed game has {len(game.entries)} entries, "
                                      f"not {n}")
        for phase, value in zip(phases, (t1 - t0, t2 - t1, t3 - t2, t3 - t0), strict=True):
            phases[phase].append(value)
    return phases


def bench_process(command: Sequence[str], repeats: int, env: dict[str, str] | None = None,
                  check: Callable[[subprocess.CompletedProcess[bytes]], None] | None = None
                  ) -> list[float]:
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        done = subprocess.run(list(command), stdin=subprocess.DEVNULL, capture_output=True,
                              env=env, timeout=120)
        samples.append(time.perf_counter() - t0)
        if check:
            check(done)
    return samples


def main(args: argparse.Namespace) -> None:
    if args.smoke:
        args.entries = 100
    repeats = 1 if args.smoke else 10
    lines = [typed(entry) for entry in long_game(args.entries, PLAYERS).entries]
    with scratch_folder(args.dir) as folder:
        db = folder / "games.sqlite3"
        print(f"folder: {folder}   sqlite {sqlite3.sqlite_version}   "
              f"python {sys.version.split()[0]}   {args.entries} entries")
        print()
        print("baselines")
        bare, _ = run_loop(lines, None)
        print(f"  loop, no journal, per entry        {summary(bare)}")
        print(f"  python -c pass (start-up)          "
              f"{summary(bench_process([sys.executable, '-c', 'pass'], repeats))}")
        print()
        durable, game_id, total = bench_loop_with_store(db, lines)
        print("loop with the durable store (StoreJournal, synchronous=FULL, WAL)")
        print(f"  per entry                          {summary(durable)}")
        print(f"  total                              {total:.3f} s")
        print(f"  store cost per entry (median)      "
              f"{(statistics.median(durable) - statistics.median(bare)) * 1000:.3f} ms")
        print(f"  target per entry                   {verdict(durable, ENTRY_TARGET_MS)}")
        print()
        resume = bench_resume(db, game_id, args.entries, 3 if args.smoke else 30)
        print(f"resume the {args.entries}-entry game (open store + entries + Game.replay)")
        for phase, samples in resume.items():
            print(f"  {phase:<34} {summary(samples)}")
        print(f"  target for resume                  {verdict(resume['total'], RESUME_TARGET_MS)}")
        env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        env.update(LANG="C.UTF-8", TUTTO_SPEECH="0")

        def resumed(done: subprocess.CompletedProcess[bytes]) -> None:
            check(done.returncode == 0 and done.stdout.startswith(b"Game "),
                  f"--resume ended with status {done.returncode} and printed "
                  f"{done.stdout[:120]!r}, not the game's line 'Game ...'")

        whole = bench_process([*tutto_command(), "--plain", "--no-speech", "--db", str(db),
                               "--resume", game_id], repeats, env, resumed)
        print(f"  tutto-tally --resume, whole process {summary(whole)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    disk_option(parser)
    parser.add_argument("--entries", type=int, default=2000)
    run(main, parser, limit=1800)
