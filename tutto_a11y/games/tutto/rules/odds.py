"""The chance of a Niete for the dice in hand, as exact fractions.

Normal cards: a roll is a Niete when it has no 1, no 5 and no face three times, so every die
shows 2, 3, 4 or 6 and each of those at most twice. Street: a roll is a Niete when no die shows
a face that is still missing.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb


@cache
def niete_chance(dice: int) -> Fraction:
    """Chance that ``dice`` dice under a normal card give a Niete (4/6, 16/36, 60/216 ...)."""
    return Fraction(_niete_rolls(dice, faces=4, most=2), 6**dice)


def street_niete_chance(dice: int, missing: int) -> Fraction:
    """Chance that ``dice`` dice show none of the ``missing`` faces under Street."""
    return Fraction((6 - missing) ** dice, 6**dice)


def _niete_rolls(dice: int, faces: int, most: int) -> int:
    """Ordered rolls of ``dice`` dice over ``faces`` faces with no face more than ``most`` times."""
    if faces == 0:
        return 1 if dice == 0 else 0
    return sum(comb(dice, k) * _niete_rolls(dice - k, faces - 1, most)
               for k in range(0, min(most, dice) + 1))
