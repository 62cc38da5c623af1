"""How long does ``tutto-tally stats`` take on a season's worth of games?

Builds a games file with ``--games`` finished games (1,000 by default) through the store API:
each game is played to its end by the random legal player of ``testbed/tutto_simulator.py`` (two to
four players from a group whose names are typed in different cases and accents) and its
journal is appended entry by entry, as the play loop does. Then times, as whole processes:

* ``tutto-tally stats`` on that file the first time (a fresh copy for every run: each game is
  replayed through the rules and what it adds up to is kept in the file) and the next times
  (the kept figures are used for every game that has not changed): the figure the issue asks
  about is well under a second; a file that cannot be written is replayed every time;
* the baselines from the same run: ``python -c pass`` (what any command pays to start) and
  ``tutto-tally games`` on the same file (reading every row without replaying a journal).

It also prints the cost of the replay alone, in this process, so it is clear where the time
goes. Run:  python bench/bench_stats.py [--games 1000] [--runs 7] [--dir FOLDER]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from guard import run  # bench/guard.py
from testbed.program import tutto_command
from testbed.tutto_simulator import random_game  # a random legal player
from timing import median_p90  # bench/timing.py
from tutto_a11y.core.contract import GameStatus
from tutto_a11y.games.tutto.rules import Game, Rules
from tutto_a11y.reports.stats import name_key
from tutto_a11y.store.journal import Store

GROUP = ["Anna", "ANNA", "Ben", "Cleo", "Zoé", "zoe", "Dora", "Émile", "emile"]


def make_file(path: Path, games: int, seed: int = 1) -> tuple[int, list[tuple[Any, ...]]]:
    """``games`` finished games in a new file; returns the entry count and what was played."""
    rng = random.Random(seed)
    rules = Rules()
    entries = 0
    played = []
    store = Store.open(path)
    try:
        # Only the set-up is made faster: these games need not survive a power cut.
        store._db.execute("PRAGMA synchronous = OFF")
        for _ in range(games):
            names: list[str] = []
            for name in rng.sample(GROUP, len(GROUP)):
                if all(name_key(name) != name_key(n) for n in names):
                    names.append(name)
                if len(names) == rng.randint(2, 4):
                    break
            game = random_game(rng, names, rules)
            info = store.create_game("en", rules.as_dict(), names)
            for text in game.entry_texts():
                store.append(info.id, text)
            store.set_status(info.id, GameStatus.FINISHED)
            store.release(info.id)
            entries += len(game.entries)
            played.append((tuple(names), game.entry_texts()))
    finally:
        store.close()
    return entries, played


def timed(command: list[str], runs: int, before: Callable[[], None] = lambda: None
          ) -> list[float]:
    samples = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, timeout=600)
        samples.append(time.perf_counter() - start)
    return samples


def show(what: str, samples: list[float]) -> None:
    median, p90 = median_p90(samples)
    print(f"{what}: median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms "
          f"({len(samples)} runs)")


def main(args: argparse.Namespace) -> None:
    if args.smoke:  # one whole game (a game to 6000 is some 400 entries)
        args.games, args.runs = 1, 1

    folder = Path(tempfile.mkdtemp(prefix="bench-stats-", dir=args.dir))
    try:
        db = folder / "games.sqlite3"
        start = time.perf_counter()
        entries, played = make_file(db, args.games)
        print(f"{args.games} finished games, {entries} entries "
              f"({entries / args.games:.0f} a game), made in {time.perf_counter() - start:.1f} s")

        start = time.perf_counter()
        for names, texts in played:
            Game.replay(names, Rules(), texts)
        print(f"replaying them all in this process: {(time.perf_counter() - start) * 1000:.0f} ms")

        show("baseline python -c pass", timed([sys.executable, "-c", "pass"], args.runs))
        show("baseline tutto-tally games", timed([*tutto_command(), "games", "--db", str(db)],
                                                 args.runs))
        pristine = folder / "pristine.sqlite3"
        shutil.copyfile(db, pristine)

        def fresh_copy() -> None:
            for side in ("-wal", "-shm"):
                Path(f"{db}{side}").unlink(missing_ok=True)
            shutil.copyfile(pristine, db)

        show("tutto-tally stats, first run (every game replayed, figures kept)",
             timed([*tutto_command(), "stats", "--db", str(db)], args.runs, fresh_copy))
        show("tutto-tally stats, next runs (kept figures)",
             timed([*tutto_command(), "stats", "--db", str(db)], args.runs))
        show("tutto-tally stats --format json, next runs",
             timed([*tutto_command(), "stats", "--db", str(db), "--format", "json"], args.runs))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to make the games file (a temporary folder by default)")
    run(main, parser, limit=3600)
