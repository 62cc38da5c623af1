"""The coach with the draw pile tracked to the end of the turn: how fast advice is at a new pile.

Run from the project folder: ``python bench/bench_pile.py [--positions N]``.

Positions as a game meets them: a pile with a seeded random number of cards already drawn
(0 to 50), a card, a turn total and a roll. Each is asked once with a pile the process has not
seen (the recursion over the smaller piles runs), and again (memoised), after the coach's first
use. Baseline in the same run: the same positions valued with the pile's first draw only and
later draws from a full deck's proportions (the coach before the pile was tracked), and
``python -c pass``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

import numpy as np

from guard import run  # bench/guard.py
from timing import median_p90  # bench/timing.py
from tutto_a11y.games.tutto.coach import solver
from tutto_a11y.games.tutto.coach.choices import Coach, coach_for
from tutto_a11y.games.tutto.coach.position import Position
from tutto_a11y.games.tutto.rules import Card, Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

CARDS = (Card.BONUS_200, Card.BONUS_300, Card.BONUS_500, Card.BONUS_600, Card.X2, Card.STREET)


class Proportional:
    """The earlier model, for the baseline: the first draw from the pile, later draws from a
    full deck's proportions."""

    def __init__(self, ref: solver.Reference, pile: tuple[int, ...], lo: int = 0,
                 upto: int = 0) -> None:
        counts = np.array(pile if sum(pile) else FULL_DECK, dtype=float)
        self.draw = (counts / counts.sum()) @ ref.draw_values
        self.length = solver.L
        self.after = np.maximum(solver.T[:solver.L], self.draw)
        self.at = solver.extend(self.after)


class Earlier(Coach):
    """The coach of the earlier model, for the baseline."""

    # The earlier model tracks a pile its own way: a class with the attributes of Tracked that
    # is not one, so the override is looser than Coach says.
    def _tracked(  # type: ignore[override]
            self, pile: tuple[int, ...], lo: int, upto: int) -> Proportional:
        return Proportional(solver.reference(self.rules), pile, lo, upto)


def positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        pile = list(FULL_DECK)
        for _ in range(rng.randint(0, 50)):
            i = rng.choices(range(len(pile)), weights=pile)[0]
            pile[i] -= 1
        card = rng.choice(CARDS)
        total = rng.choice((0, 300, 600, 1000, 1500))
        roll = tuple(rng.randint(1, 6) for _ in range(6))
        if card is Card.STREET:
            roll = (1, 2, 3, 4, 5, 6)
        found.append(Position(card, 6, total, 0, (), roll, tuple(pile)))
    return found


def timed(coach: Coach, asked: list[Position]) -> list[float]:
    samples = []
    for position in asked:
        start = time.perf_counter()
        coach.choices(position)
        samples.append(time.perf_counter() - start)
    return samples


def main(args: argparse.Namespace) -> None:
    if args.smoke:
        args.positions = 5
    rules = Rules()
    coach_for(rules)  # the coach's first use: the reference and the tracker's bound
    solver.pile_tracker(rules)
    asked = positions(args.positions, 11)
    first = timed(Coach(rules), asked)
    again = timed(coach_for(rules), asked)  # coach_for keeps its tables: a second asking
    again = timed(coach_for(rules), asked)
    earlier = timed(Earlier(rules), asked)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True, timeout=60)
    bare = time.perf_counter() - start
    for name, samples in (("pile tracked, new pile", first), ("pile tracked, asked again", again),
                          ("first draw only (baseline)", earlier)):
        median, p90 = median_p90(samples)
        print(f"{name:28}: median {median * 1000:6.1f} ms, p90 {p90 * 1000:6.1f} ms, "
              f"max {max(samples) * 1000:6.1f} ms")
    print(f"{'python -c pass (baseline)':28}: {bare * 1000:6.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    run(main, parser, limit=1800)
