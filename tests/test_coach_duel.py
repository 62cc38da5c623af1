"""Two players: each one's chance to win the whole game, by value iteration (a small target).

The last turn of the final round is checked against the win coach of one turn, itself checked
against a plain recursion over the rules engine (``test_coach_solver.py``); the whole game's
values must behave as chances of winning do.
"""

from __future__ import annotations

import numpy as np
import pytest

from tutto_a11y.coach.duel import last_turn_chances, solve
from tutto_a11y.coach.winning import Stakes, WinReference
from tutto_a11y.games.tutto.rules import Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK


@pytest.fixture(scope="module")
def target_500() -> np.ndarray:
    return solve(Rules(target=500))[0]


def test_the_last_turn_chances_of_the_duel_are_those_of_the_win_coach():
    chances = last_turn_chances(Rules(), 60)
    full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
    for need in (1, 5, 17, 40, 41, 60):
        one_turn = WinReference(Rules(), Stakes(50 * need, need <= 40))
        assert chances[need] == pytest.approx(float(full @ one_turn.draw_values[:, 0]), abs=1e-9)


def test_every_value_is_a_chance_and_more_score_is_never_worse(target_500):
    win = target_500
    assert ((win >= 0) & (win <= 1)).all()
    assert (np.diff(win, axis=1) >= -1e-9).all()  # a higher own score
    assert (np.diff(win, axis=2) <= 1e-9).all()  # a higher score of the other player


def test_at_a_small_target_the_second_player_has_the_edge_of_the_final_round(target_500):
    # Seat 1 plays the last turn knowing exactly what it needs: at 500 that outweighs moving
    # first.
    assert round(float(target_500[0, 0, 0]), 4) == 0.4511


def test_rules_the_duel_does_not_solve_are_refused():
    with pytest.raises(ValueError):
        solve(Rules(target=500, x2_scope="card"))


def test_when_the_first_to_the_target_wins_at_once_the_first_player_gains_the_last_turn(
        target_500):
    # game-end=immediate: seat 1 gets no last turn to draw level, so moving first is worth more
    # than in the final round, and a mover already at 450 wins with any bank of 50.
    immediate = solve(Rules(target=500, game_end="immediate"))[0]
    assert immediate[0, 0, 0] > target_500[0, 0, 0] + 0.05
    final_round = target_500
    assert immediate[0, 9, 0] > final_round[0, 9, 0]
    assert ((immediate >= 0) & (immediate <= 1)).all()
