"""Scoring dice: singles, triples and the best way to count a set-aside group.

Only dice of one roll can form a triple, so every function here looks at one group of faces
from one roll. Nothing here knows about cards except the Street rule, which replaces scoring
altogether with "a face not set aside yet".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

FACES = (1, 2, 3, 4, 5, 6)
SINGLE_POINTS = {1: 100, 5: 50}
TRIPLE_POINTS = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}


def face_counts(faces: Iterable[int]) -> list[int]:
    """Counts indexed by face (index 0 unused), faster than a Counter on the hot path."""
    counts = [0] * 7
    for face in faces:
        counts[face] += 1
    return counts


def group_points(faces: Iterable[int]) -> int | None:
    """Points of a set-aside group of one roll, counted the best way; None if a die does not score.

    Triples come first (1-1-1 is 1000, never 300); the dice left over score only as single 1s and
    5s. So four 2s do not form a valid group (the fourth 2 scores nothing), six 2s are two triples.
    """
    counts = face_counts(faces)
    total = 0
    for face in FACES:
        n = counts[face]
        if not n:
            continue
        triples, rest = divmod(n, 3)
        total += triples * TRIPLE_POINTS[face]
        if rest:
            single = SINGLE_POINTS.get(face)
            if single is None:
                return None
            total += rest * single
    return total


def non_scoring_face(faces: Iterable[int]) -> int | None:
    """The first face of a group that keeps it from scoring (for the error message), or None."""
    counts = face_counts(faces)
    for face in FACES:
        if counts[face] % 3 and face not in SINGLE_POINTS:
            return face
    return None


def best_set_aside(roll: Iterable[int]) -> tuple[int, ...]:
    """The maximal scoring subset of a roll: every 1 and 5, and every complete triple.

    This is what Fireworks sets aside automatically and what ``all`` means. It is also the most
    points the roll can give, because every scoring die adds points.
    """
    counts = face_counts(roll)
    chosen: list[int] = []
    for face in FACES:
        n = counts[face]
        keep = n if face in SINGLE_POINTS else n - n % 3
        chosen.extend([face] * keep)
    return tuple(chosen)


def is_niete(roll: Iterable[int]) -> bool:
    """A roll with no 1, no 5 and no three of a kind scores nothing."""
    counts = face_counts(roll)
    return not (counts[1] or counts[5] or any(c >= 3 for c in counts))


def is_subgroup(group: Iterable[int], roll: Iterable[int]) -> int | None:
    """None when every die of ``group`` is in ``roll`` (a multiset), else the first missing face."""
    available = Counter(roll)
    for face in group:
        if available[face] <= 0:
            return face
        available[face] -= 1
    return None


def street_new_faces(roll: Iterable[int], set_aside: Iterable[int]) -> tuple[int, ...]:
    """The faces of a roll valid under Street: not set aside yet under this card, each once."""
    done = set(set_aside)
    return tuple(sorted({face for face in roll if face not in done}))
