"""Time Tute's rules: a 2,000-entry match rebuilt from its journal, as resuming it costs.

Run from the project folder: ``python bench/bench_tute.py [--runs N]``. Prints plain lines: the
median and 90th percentile of repeated rebuilds of a Tute match of 500 rounds, next to the
baseline measured in the same run, a Tutto game of 2,000 entries rebuilt the same way (the
figure docs/benchmarks.md holds to 50 ms).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from guard import check, run  # bench/guard.py
from testbed.tutto_simulator import long_game
from timing import median_p90  # bench/timing.py
from tutto_a11y.games.tute.rules import Game as Tute, Rules as TuteRules
from tutto_a11y.games.tutto.rules import Game as Tutto

ENTRIES = 2000
#: The smoke run's games: 25 rounds of Tute, and a Tutto game as long (the random player
#: takes seconds to make 2,000 entries; 100 take a tenth of one).
SMOKE_ENTRIES = 100
#: One round that nobody wins (a tie under tie=replay), so the match never ends: the trump,
#: two cantes and the card points with the last trick.
ROUND = ["trump gold", "cante 1 cups", "cante 2 swords", "points 40 40 40 last 0"]


def rebuild(make: Callable[..., object], players: Sequence[str], rules: object,
            texts: list[str], runs: int) -> list[float]:
    """The times of ``runs`` rebuilds of a game of either kind from its entry texts."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        make(players, rules, texts)
        times.append(time.perf_counter() - start)
    return times


def line(what: str, samples: list[float]) -> None:
    median, p90 = median_p90(samples)
    print(f"{what}: median {median * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms "
          f"({len(samples)} samples)")


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    entries = SMOKE_ENTRIES if args.smoke else ENTRIES
    texts = ROUND * (entries // len(ROUND))
    players, rules = ("Anna", "Ben", "Cleo"), TuteRules(tie="replay")
    check(not Tute.replay(players, rules, texts).finished,
          "the Tute match of rounds nobody wins has ended")
    tutto = long_game(entries)
    line(f"baseline: Tutto rebuild of {len(tutto.entries)} entries",
         rebuild(Tutto.replay, tutto.players, tutto.rules, tutto.entry_texts(), runs))
    line(f"Tute rebuild of {len(texts)} entries ({len(texts) // len(ROUND)} rounds)",
         rebuild(Tute.replay, players, rules, texts, runs))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    run(main, parser, limit=1800)
