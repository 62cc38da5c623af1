"""Two players at the table: each one's chance to win, and advice that plays to win.

Only what ``tutto-tally coach --duel`` left in the cache is used (:mod:`cache`): the table
never solves the game. At the start of a turn the chance is the solved table's value; in the
middle of a turn it is the turn's own win-aware value (the single-turn coach with the game's
values as bank values, :func:`duel.bank_values`, its draws following the pile to the end of the
turn, kept for the turn), so the advice then maximises the chance to win the game, not the
points of the turn.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tutto_a11y.games.tutto.coach.cache import Solved, read
from tutto_a11y.games.tutto.coach.choices import Choice
from tutto_a11y.games.tutto.coach.duel import bank_values, supported
from tutto_a11y.games.tutto.coach.position import Position
from tutto_a11y.games.tutto.coach.solver import STEP
from tutto_a11y.games.tutto.coach.winning import WinCoach, WinMeasure, stakes_of
from tutto_a11y.games.tutto.rules import Rules, State, Step


@lru_cache(maxsize=8)
def _turn(solved: Solved, seat: int, mine: int, theirs: int) -> WinCoach:
    """The coach of one turn, kept: every later ``advice`` of the turn reads its tables."""
    u, lost, pm = bank_values(solved.rules, solved.win, solved.last, np.array([seat]),
                              np.array([mine]), np.array([theirs]))
    return WinCoach(solved.rules, measure=WinMeasure(solved.rules, u[0], float(lost[0]),
                                                     float(pm[0])))


def solved_for(rules: Rules, state: State) -> Solved | None:
    """The kept solve for this game, when it is a two-player game the solve models."""
    if len(state.scores) != 2 or not supported(rules):
        return None
    return read(rules)


def _steps(solved: Solved, state: State) -> tuple[int, int] | None:
    """The mover's and the other's score in grid steps, when both are on the solved grid."""
    n = solved.win.shape[1]
    mine, theirs = state.scores[state.seat], state.scores[1 - state.seat]
    if any(s < 0 or s % STEP or s // STEP >= n for s in (mine, theirs)):
        return None
    return mine // STEP, theirs // STEP


def mover_choices(solved: Solved, state: State, position: Position | None
                  ) -> tuple[float, list[Choice]] | None:
    """The mover's chance to win now and the choices with their chances, best first (none at
    the start of a turn or after a Niete); None when the solve does not cover the moment."""
    rules = solved.rules
    if state.step is Step.OVER:
        return None
    stakes = stakes_of(rules, state)
    if stakes is not None:  # the last turn of the final round: the one-turn win coach
        if position is None:
            gap = (state.scores[0] - state.scores[1]) // STEP
            return float(solved.last[min(max(gap, 0), len(solved.last) - 1)]), []
        if stakes.need <= 0:
            return 1.0, []
        coach = WinCoach(rules, stakes)
        found = coach.choices(position)
        return (found[0].expected if found else coach.win.lost), found
    steps = _steps(solved, state)
    if steps is None:
        return None
    if position is None:
        return float(solved.win[state.seat, steps[0], steps[1]]), []
    turn = _turn(solved, state.seat, *steps)
    found = turn.choices(position)
    return (found[0].expected if found else turn.win.lost), found


def chances(rules: Rules, state: State, position: Position | None
            ) -> tuple[tuple[float, ...], list[Choice]] | None:
    """Each seat's chance to win now, and the mover's choices; None without a kept solve."""
    solved = solved_for(rules, state)
    if solved is None:
        return None
    found = mover_choices(solved, state, position)
    if found is None:
        return None
    mover, choices = found
    by_seat = [1.0 - mover, 1.0 - mover]
    by_seat[state.seat] = mover
    return tuple(by_seat), choices
