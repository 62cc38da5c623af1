"""Decision and chance nodes of Yatzee: what a player may decide now, what chance may bring.

The table is the chance player: a roll is typed like any decision. Any six faces can lie on the
table after every roll (the assistant cannot see which dice were kept), so a roll's chance is
that of six fresh dice as a multiset: 462 outcomes. Decisions are asked of the rules
themselves, so they cannot drift apart.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Chance

from .entries import Entry, Roll, Strike, Write
from .options import Rules
from .scoring import DICE, field_points
from .state import MAX_ROLLS, State

if TYPE_CHECKING:
    from fractions import Fraction  # exact chances are made when asked for, not at start-up


def legal_entries(rules: Rules, state: State) -> list[Entry]:
    """Write a free field the dice form, or strike any free field; nothing before a roll."""
    if state.over or not state.rolls:
        return []
    free = state.free(state.seat)
    writes: list[Entry] = [Write(f) for f in free
                           if field_points(f, state.faces, state.roll_number, rules) is not None]
    return writes + [Strike(f) for f in free]


def chance_outcomes(state: State) -> list[Chance[Entry]]:
    """The next roll's six faces with exact probabilities; empty after the third roll."""
    if state.over or state.roll_number >= MAX_ROLLS:
        return []
    return list(_roll_chances())


@lru_cache(maxsize=1)
def _roll_chances() -> tuple[Chance[Entry], ...]:
    """The chance nodes of a roll, made once: records are immutable, so every ask shares them
    (462 new records at every roll were most of a random game's cost)."""
    return tuple(Chance(Roll(faces), p) for faces, p in roll_outcomes())


@lru_cache(maxsize=1)
def roll_outcomes() -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of six dice as sorted faces, with its exact probability."""
    from fractions import Fraction

    outcomes = []
    for faces in combinations_with_replacement(range(1, 7), DICE):
        ways = factorial(DICE)
        for k in Counter(faces).values():
            ways //= factorial(k)
        outcomes.append((faces, Fraction(ways, 6 ** DICE)))
    return tuple(outcomes)
