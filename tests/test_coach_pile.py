"""The draw pile tracked to the end of the turn: every later draw from what is left of it.

The coach solves the turn by recursion over the smaller piles, memoised on the pile, following
a pile only from the turn totals its draws can come at and only where drawing could beat
banking. The second method here shares none of that: every smaller pile solved whole, over
every turn total, without any bound. Both value a card drawn with the same card tables (checked
against the rules engine in ``test_coach_solver.py``).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from tutto_a11y.cli.app import cli
from tutto_a11y.games.tutto.coach.choices import Coach
from tutto_a11y.games.tutto.coach.position import Position, pile_from_counts
from tutto_a11y.games.tutto.coach.solver import STEP, L, T, extend, reference
from tutto_a11y.games.tutto.rules import Card, Rules
from tutto_a11y.games.tutto.rules.cards import CARD_ORDER


def coach(*args: str) -> list[dict]:
    result = CliRunner().invoke(cli, ["coach", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["choices"]


def test_x2_with_one_die_at_500_drawing_from_a_rich_pile_is_worth_1539_80():
    choices = coach("--card", "x2", "--dice", "1", "--turn-total", "500", "--roll", "5",
                    "--deck", "bonus-300=2,bonus-600=1,x2=1,fireworks=2")
    assert {"set_aside": [5], "then": "draw", "expected": 1539.8} == choices[0]


def test_plus_minus_at_1200_in_classic_rules_with_a_fireworks_rich_pile_is_worth_831_51():
    choices = coach("--rules", "classic-2004", "--card", "plus-minus", "--dice", "6",
                    "--turn-total", "1200", "--roll", "6 6 3 1 5 6",
                    "--deck", "fireworks=5,bonus-300=1,bonus-400=1,street=1")
    assert choices[0]["expected"] == 831.51


def whole(rules: Rules, pile: tuple[int, ...], solved: dict) -> np.ndarray:
    """Bank or draw after a Tutto, ``pile`` tracked: every smaller pile solved whole. The
    piles here hold a Stop, so no turn draws them empty."""
    if pile in solved:
        return solved[pile]
    ref = reference(rules)
    counts = sum(pile)
    draw = np.zeros(L)
    for card, n in zip(CARD_ORDER, pile):
        if not n:
            continue
        rest = list(pile)
        rest[CARD_ORDER.index(card)] -= 1
        row = np.zeros(L)
        ref.card_row(card, extend(whole(rules, tuple(rest), solved)), row)
        draw += n / counts * row
    solved[pile] = np.maximum(T[:L], draw)
    solved[("draw",) + pile] = draw
    return solved[pile]


PILES = [
    {Card.BONUS_300: 2, Card.BONUS_600: 1, Card.X2: 1, Card.FIREWORKS: 2, Card.STOP: 1},
    {Card.BONUS_500: 3, Card.X2: 2, Card.STREET: 1, Card.STOP: 1},
    {Card.BONUS_200: 2, Card.PLUS_MINUS: 2, Card.CLOVERLEAF: 1, Card.STOP: 2},
]


@pytest.mark.parametrize("counts", PILES)
@pytest.mark.parametrize("preset", ["standard", "classic-2004"])
def test_drawing_after_a_tutto_agrees_with_every_smaller_pile_solved_whole(counts, preset):
    rules = Rules.preset(preset)
    pile = pile_from_counts(counts)
    solved: dict = {}
    whole(rules, pile, solved)
    fresh = Coach(rules)  # no piles kept from other tests
    for total in (500, 1100, 1550, 2400, 4000):
        [bank, draw] = sorted(fresh.choices(Position(None, 6, total, 0, (), None, pile)),
                              key=lambda c: c.then)
        assert bank.expected == total
        assert draw.expected == pytest.approx(float(solved[("draw",) + pile][total // STEP]),
                                              abs=1e-9)


@pytest.mark.parametrize("counts", PILES[:2])
def test_a_whole_card_agrees_with_every_smaller_pile_solved_whole(counts):
    rules = Rules()
    pile = pile_from_counts(counts)
    solved: dict = {}
    after = whole(rules, pile, solved)
    ref = reference(rules)
    for card in (Card.BONUS_300, Card.X2):
        row = np.zeros(L)
        ref.card_row(card, extend(after), row)
        [start] = Coach(rules).choices(Position(card, 6, 0, 0, (), None, pile))
        assert start.expected == pytest.approx(float(row[0]), abs=1e-9)
