"""Two players: each one's chance to win the whole game, by value iteration (a small target).

The last turn of the final round is checked against the win coach of one turn, itself checked
against a plain recursion over the rules engine (``test_tutto_coach_solver.py``); the whole game's
values must behave as chances of winning do.
"""

from __future__ import annotations

import numpy as np
import pytest

import tutto_final_round_reference as reference
from tutto_a11y.games.tutto.coach.duel import WIDTH, Turns, bank_values, last_turn_chances, solve
from tutto_a11y.games.tutto.coach.solver import L, mix
from tutto_a11y.games.tutto.coach.winning import Stakes, WinMeasure
from tutto_a11y.games.tutto.rules import Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

pytestmark = pytest.mark.slow  # the two-player solver, checked against sweeping every state


@pytest.fixture(scope="module")
def target_500() -> np.ndarray:
    return solve(Rules(target=500))[0]


def _full_deck(measure: WinMeasure) -> np.ndarray:
    """Each card's chance to win with every later card from a full deck's proportions, by value
    iteration over the after-Tutto choice of the win coach's measure: the model of a later
    player's turn, which knows nothing of the pile, worked out the win coach's way."""
    after = measure.u[:L].copy()
    full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
    for _ in range(L):
        rows = measure.card_values(after)
        new = np.maximum(measure.u[:L], mix(full, rows))
        if np.array_equal(new, after):
            break
        after = new
    return rows


def test_the_last_turn_chances_of_the_duel_are_those_of_the_win_coach() -> None:
    chances = last_turn_chances(Rules(), 60)
    full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
    for need in (1, 5, 17, 40, 41, 60):
        one_turn = WinMeasure(Rules(), *Stakes(50 * need, need <= 40).bank_values())
        assert chances[need] == pytest.approx(float(full @ _full_deck(one_turn)[:, 0]), abs=1e-9)


def _by_plain_sweeps(rules: Rules) -> np.ndarray:
    """A second way to the same values: every state's turn on the full turn-total grid, all
    swept together until nothing moves (no layers, no short grids, no warm starts). The last
    turn's chances come from the second computation of ``tutto_final_round_reference`` (it
    shares none of the coach's code, and takes half the time of solving them again the
    coach's way), not from the table the layered solve reads."""
    n = rules.target // 50
    last = reference.later_player_chances(rules.street_after, n + WIDTH) \
        if rules.game_end == "final-round" else np.zeros(n + WIDTH)
    win = np.full((2, n, n), 0.5)
    s_, i_, j_ = (a.ravel() for a in np.meshgrid(np.arange(2), np.arange(n), np.arange(n),
                                                 indexing="ij"))
    turns = Turns(rules, len(s_))
    for sweep in range(2000):
        u, lost, pm = bank_values(rules, win, last, s_, i_, j_)
        if sweep == 0:
            turns.start(u)
        new = turns.sweep(u, lost, pm).reshape(2, n, n)
        if float(np.max(np.abs(new - win))) < 1e-12:
            break
        win = new
    return new


@pytest.mark.parametrize("game_end", ["final-round", "immediate"])
def test_the_layered_solve_finds_the_values_of_sweeping_every_state_together(game_end: str) -> None:
    rules = Rules(target=300, game_end=game_end)
    assert np.abs(solve(rules)[0] - _by_plain_sweeps(rules)).max() < 1e-8


def test_every_value_is_a_chance_and_more_score_is_never_worse(target_500: np.ndarray) -> None:
    win = target_500
    assert ((win >= 0) & (win <= 1)).all()
    assert (np.diff(win, axis=1) >= -1e-9).all()  # a higher own score
    assert (np.diff(win, axis=2) <= 1e-9).all()  # a higher score of the other player


def test_at_a_small_target_the_second_player_has_the_edge_of_the_final_round(
        target_500: np.ndarray) -> None:
    # Seat 1 plays the last turn knowing exactly what it needs: at 500 that outweighs moving
    # first.
    assert round(float(target_500[0, 0, 0]), 4) == 0.4511


def test_rules_the_duel_does_not_solve_are_refused() -> None:
    with pytest.raises(ValueError):
        solve(Rules(target=500, x2_scope="card"))


def test_when_the_first_to_the_target_wins_at_once_the_first_player_gains_the_last_turn(
        target_500: np.ndarray) -> None:
    # game-end=immediate: seat 1 gets no last turn to draw level, so moving first is worth more
    # than in the final round, and a mover already at 450 wins with any bank of 50.
    immediate = solve(Rules(target=500, game_end="immediate"))[0]
    assert immediate[0, 0, 0] > target_500[0, 0, 0] + 0.05
    final_round = target_500
    assert immediate[0, 9, 0] > final_round[0, 9, 0]
    assert ((immediate >= 0) & (immediate <= 1)).all()
