"""The coach's review of a long game: how fast ``review`` answers.

Run from the project folder: ``python bench/bench_review.py [--entries N] [--runs N]``.

A game of 2,000 entries (three players, random legal play from a seeded generator, a target
nobody reaches) is kept in a real games file. Measured, each with its median and 90th
percentile over the runs:

1. In a fresh process, after the coach's first use (the reference solved once, as at the table
   after the first ``advice``, no draw pile solved yet): the review of every decision of the
   game, and as the baseline in the same run the replay of its journal alone (what ``show``
   does); then the review again in a process that has solved the piles already.
2. The real program, ``tutto-tally review GAME --format json``, start to end (the coach's first
   use included), next to ``tutto-tally show GAME`` as the baseline, and ``python -c pass``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from guard import ROOT, check, run  # bench/guard.py
from testbed.tutto_simulator import long_game
from timing import median_p90  # bench/timing.py
from tutto_a11y.games.tutto.coach.review import decisions, review
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.store.journal import Store


def timed(action: Callable[[], object], runs: int) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return median_p90(samples)


def program() -> list[str]:
    script = Path(sys.executable).parent / "tutto-tally"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutto_a11y"]


FRESH = """
import sys, time
sys.path.insert(0, {root!r})
from tutto_a11y.games.tutto.coach.choices import coach_for
from tutto_a11y.games.tutto.coach.review import review
from tutto_a11y.games.tutto.rules import Game, Rules
texts = open({texts!r}).read().splitlines()
rules = Rules(target=10_000_000)
start = time.perf_counter()
game = Game.replay(("Anna", "Ben", "Cleo"), rules, texts)
replayed = time.perf_counter() - start
coach_for(rules)  # the coach's first use: the reference solve
from tutto_a11y.games.tutto.coach.solver import pile_tracker
pile_tracker(rules)
start = time.perf_counter()
review(Game.replay(("Anna", "Ben", "Cleo"), rules, texts))
print(replayed, time.perf_counter() - start)
"""


def main(args: argparse.Namespace) -> None:
    if args.smoke:
        args.entries, args.runs = 100, 1
    game = long_game(args.entries)
    found = decisions(game)
    print(f"game: {len(game.entries)} entries, {len(found)} decisions reviewed")
    texts = game.entry_texts()

    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "journal.txt"
        journal.write_text("\n".join(texts))
        replays, reviews = [], []
        for _ in range(args.runs):  # each in a fresh process: no pile solved before
            answer = subprocess.run([sys.executable, "-c", FRESH.format(root=str(ROOT),
                                                                        texts=str(journal))],
                                    check=True, capture_output=True, text=True,
                                    timeout=600).stdout.split()
            check(len(answer) == 2, f"the fresh process printed {answer!r}, not two times")
            replays.append(float(answer[0]))
            reviews.append(float(answer[1]))
        replay, whole = median_p90(replays), median_p90(reviews)
        print(f"fresh process, replay only (baseline):        median {replay[0]:.3f} s, "
              f"p90 {replay[1]:.3f} s")
        print(f"fresh process, review after the coach's first use: median {whole[0]:.3f} s, "
              f"p90 {whole[1]:.3f} s")
        again = timed(lambda: review(Game.replay(game.players, game.rules, texts)), args.runs)
        print(f"same process, review again (piles kept):      median {again[0]:.3f} s, "
              f"p90 {again[1]:.3f} s")

        db = Path(folder) / "games.sqlite3"
        store = Store.open(db)
        info = store.create_game("en", game.rules.as_dict(), list(game.players))
        for text in texts:
            store.append(info.id, text)
        store.release(info.id)
        store.close()
        env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        env.update(XDG_CACHE_HOME=folder, TUTTO_SPEECH="0")

        def program_run(*words: str) -> None:
            done = subprocess.run([*program(), *words, "--db", str(db)], env=env,
                                  capture_output=True, timeout=600)
            check(done.returncode == 0, f"tutto-tally {words[0]} ended with status "
                                        f"{done.returncode}: {done.stderr[-300:]!r}")

        bare = timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True),
                     args.runs)
        show = timed(lambda: program_run("show", info.id), args.runs)
        command = timed(lambda: program_run("review", info.id, "--format", "json"), args.runs)
    print(f"python -c pass (baseline):          median {bare[0]:.3f} s, p90 {bare[1]:.3f} s")
    print(f"tutto-tally show (baseline):        median {show[0]:.3f} s, p90 {show[1]:.3f} s")
    print(f"tutto-tally review --format json:   median {command[0]:.3f} s, p90 "
          f"{command[1]:.3f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    run(main, parser, limit=1800)
