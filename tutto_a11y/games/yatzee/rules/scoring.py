"""What six dice are worth in each field (docs/rules/yatzee.md section 3), and the throw bonus.

A lower-section field the dice do not form is worth nothing but a strike, so
:func:`combination_points` answers None for it; where several choices of dice form the
combination, the highest is taken, as the rules say.
"""

from __future__ import annotations

from collections.abc import Iterable

from .fields import FACE, Field
from .options import Rules

FACES = (1, 2, 3, 4, 5, 6)
DICE = 6
YATZEE_EXTRA = 50
ROYAL_POINTS = 30


def face_counts(faces: Iterable[int]) -> list[int]:
    """Counts indexed by face (index 0 unused)."""
    counts = [0] * 7
    for face in faces:
        counts[face] += 1
    return counts


def _with_at_least(counts: list[int], n: int) -> list[int]:
    """The faces shown by at least ``n`` dice, highest first."""
    return [face for face in reversed(FACES) if counts[face] >= n]


def combination_points(field: Field, faces: tuple[int, ...], rules: Rules) -> int | None:
    """The points of the dice in a field before any throw bonus; None if they do not form it."""
    counts = face_counts(faces)
    if field.in_upper_section:
        face = FACE[field]
        return face * counts[face]
    pairs = _with_at_least(counts, 2)
    if field is Field.ONE_PAIR:
        return 2 * pairs[0] if pairs else None
    if field is Field.TWO_PAIRS:
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else None
    if field is Field.THREE_PAIRS:
        return sum(faces) if len(pairs) >= 3 else None
    triples = _with_at_least(counts, 3)
    if field is Field.THREE_OF_A_KIND:
        return 3 * triples[0] if triples else None
    if field is Field.FOUR_OF_A_KIND:
        fours = _with_at_least(counts, 4)
        return 4 * fours[0] if fours else None
    if field is Field.TWO_TRIPLES:
        return sum(faces) if len(triples) >= 2 else None
    if field is Field.SMALL_STRAIGHT:
        return 15 if all(counts[f] for f in (1, 2, 3, 4, 5)) else None
    if field is Field.LARGE_STRAIGHT:
        return 20 if all(counts[f] for f in (2, 3, 4, 5, 6)) else None
    if field is Field.ROYAL:
        return ROYAL_POINTS if all(counts[f] for f in FACES) else None
    if field is Field.HOUSE:
        best = None
        for three in triples:
            for two in pairs:
                if two != three:
                    points = 3 * three + 2 * two
                    best = points if best is None or points > best else best
        return best
    if field is Field.CHANCE:
        return sum(faces)
    assert field is Field.YATZEE
    if len(triples) and counts[triples[0]] == DICE:
        base = sum(faces) if rules.yatzee == "sum-plus-50" else 0
        return base + YATZEE_EXTRA
    return None


def field_points(field: Field, faces: tuple[int, ...], roll: int, rules: Rules) -> int | None:
    """The points of writing ``field`` with these dice on roll 1, 2 or 3, throw bonus included;
    None if the dice do not form the field (then it can only be struck)."""
    points = combination_points(field, faces, rules)
    if points is None or field.in_upper_section:
        return points
    return points + rules.throw_bonus_after(roll)


def fits(faces: tuple[int, ...], roll: int, free: Iterable[Field],
         rules: Rules) -> list[tuple[Field, int]]:
    """The free fields these dice fit, with their points at this roll, best first.

    An upper field fits when at least one die shows its face; on equal points the sheet's
    order decides, so the list reads the same every time.
    """
    found = []
    for field in free:
        points = field_points(field, faces, roll, rules)
        if points:
            found.append((field, points))
    order = {field: i for i, field in enumerate(Field)}
    found.sort(key=lambda fp: (-fp[1], order[fp[0]]))
    return found
