"""What a roll of n dice can offer, read from the rules' own scoring, with exact chances.

The solver never looks at faces: for a normal card a roll matters only through the best points
it gives for each number of dice set aside (more points with the same dice left is never worse,
because the turn total only helps), so rolls with the same offer are merged into one outcome
with their summed chance. That turns 462 rolls of six dice into a few dozen outcomes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache
from itertools import product

from tutto_a11y.games.tutto.rules import dice as D, roll_outcomes

#: One merged outcome: its chance, and (dice set aside, best points) for every possible count.
Offer = tuple[Fraction, tuple[tuple[int, int], ...]]


def sub_multisets(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty choice of dice from a roll, as sorted faces, each choice once."""
    counts = sorted(Counter(roll).items())
    chosen = []
    for taken in product(*(range(n + 1) for _face, n in counts)):
        faces = tuple(face for (face, _n), k in zip(counts, taken, strict=True) for _ in range(k))
        if faces:
            chosen.append(faces)
    return chosen


def scoring_set_asides(roll: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every legal set-aside of a roll under a normal card, with its points."""
    found = []
    for faces in sub_multisets(roll):
        points = D.group_points(faces)
        if points is not None:
            found.append((faces, points))
    return found


def street_set_asides(roll: tuple[int, ...], aside: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every legal set-aside under Street: a non-empty set of faces not set aside yet."""
    new = D.street_new_faces(roll, aside)
    return [tuple(f for f, keep in zip(new, mask, strict=True) if keep)
            for mask in product((0, 1), repeat=len(new)) if any(mask)]


@cache
def offers(dice: int) -> tuple[Offer, ...]:
    """The merged outcomes of rolling ``dice`` dice under a normal card (Nieten left out)."""
    merged: dict[tuple[tuple[int, int], ...], Fraction] = defaultdict(Fraction)
    for faces, chance in roll_outcomes(dice):
        best: dict[int, int] = {}
        for chosen, points in scoring_set_asides(faces):
            k = len(chosen)
            if points > best.get(k, -1):
                best[k] = points
        if best:
            merged[tuple(sorted(best.items()))] += chance
    return tuple((chance, offer) for offer, chance in merged.items())


@cache
def street_offers(missing: int) -> tuple[tuple[int, Fraction], ...]:
    """Under Street with ``missing`` faces still to find (and as many dice in hand): each
    number of new faces shown with its chance, fewest first (a roll with none is the Niete,
    left out)."""
    dice = missing
    wanted = set(range(7 - missing, 7))  # which faces are missing does not matter: take the top
    merged: dict[int, Fraction] = defaultdict(Fraction)
    for faces, chance in roll_outcomes(dice):
        shown = len(wanted.intersection(faces))
        if shown:
            merged[shown] += chance
    return tuple(sorted(merged.items()))
