"""Time the rules engine: one entry applied (push), one undone (pop), a 2,000-entry rebuild.

Run from the project folder: ``python bench/bench_rules.py [--runs N]``. Prints plain lines:
the median and 90th percentile of repeated runs, next to baselines measured in the same run
(starting an empty Python, and an empty loop of 2,000 iterations), so figures from different
machines can be compared. The target is a rebuild of 2,000 entries in under 50 ms, which is what
resuming a long saved game costs (a journal is replayed through the checked path).
"""

from __future__ import annotations

import argparse
import sys
import time

from guard import check, run  # bench/guard.py
from testbed.tutto_simulator import long_game  # a random legal player
from timing import median_p90, python_start  # bench/timing.py
from tutto_a11y.games.tutto.rules import Game, parse_entry

ENTRIES = 2000
#: The smoke run's game: a few turns of each player (the random player takes seconds to
#: make 2,000 entries; 100 take a tenth of one).
SMOKE_ENTRIES = 100
TARGET_MS = 50.0


def line(what: str, samples: list[float], unit: str, scale: float) -> None:
    median, p90 = median_p90(samples)
    print(f"{what}: median {median * scale:.3f} {unit}, p90 {p90 * scale:.3f} {unit} "
          f"({len(samples)} samples)")


def empty_loop(runs: int, entries: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(entries):
            pass
        times.append(time.perf_counter() - start)
    return times


def push_and_pop(game: Game, runs: int) -> tuple[list[float], list[float]]:
    """Per-entry times of push (building the game) and pop (undoing it to the start)."""
    entries = game.entries
    pushes, pops = [], []
    clock = time.perf_counter
    for _ in range(runs):
        fresh = Game(game.players, game.rules)
        for entry in entries:
            start = clock()
            fresh.push(entry)
            pushes.append(clock() - start)
        check(fresh.state == game.state, "the game built entry by entry differs from the game")
        for _ in entries:
            start = clock()
            fresh.pop()
            pops.append(clock() - start)
    return pushes, pops


def replay(game: Game, runs: int) -> list[float]:
    texts = game.entry_texts()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        rebuilt = Game.replay(game.players, game.rules, texts)
        times.append(time.perf_counter() - start)
        check(rebuilt.state == game.state, "the rebuilt game differs from the game")
    return times


def parse_only(game: Game, runs: int) -> list[float]:
    texts = game.entry_texts()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for text in texts:
            parse_entry(text)
        times.append(time.perf_counter() - start)
    return times


def main(args: argparse.Namespace) -> int:
    runs = 1 if args.smoke else args.runs
    entries = SMOKE_ENTRIES if args.smoke else ENTRIES

    game = long_game(entries, players=("Anna", "Ben", "Cleo", "Dora"))
    turns = sum(game.state.turns)
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    print(f"game: {len(game.entries)} entries, {turns} turns, 4 players, not finished")
    line("baseline: start python -c pass", python_start(min(runs, 10)), "ms", 1e3)
    line(f"baseline: empty loop of {entries} iterations", empty_loop(runs, entries), "ms",
         1e3)
    pushes, pops = push_and_pop(game, max(1, runs // 10))
    line("push one entry", pushes, "us", 1e6)
    line("pop one entry (undo)", pops, "us", 1e6)
    line(f"parse {entries} journal texts", parse_only(game, runs), "ms", 1e3)
    rebuild = replay(game, runs)
    line(f"rebuild {entries} entries with Game.replay", rebuild, "ms", 1e3)
    median, _ = median_p90(rebuild)
    verdict = "met" if median * 1e3 < TARGET_MS else "NOT met"
    print(f"target: rebuild {entries} entries under {TARGET_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="repetitions of each timing")
    run(main, parser, limit=1800)
