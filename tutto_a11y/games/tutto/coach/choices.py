"""Every legal choice of a position with what it is worth, best first.

This is the one place where a position becomes advice: ``tutto-tally coach --format json``
prints these choices and ``advice`` words the first of them against the most natural
alternative, so the two always agree. Values are the expected points banked at the end of the
turn under best play from there on (see :mod:`solver` for the model).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

from tutto_a11y.core.record import Record
from tutto_a11y.games.tutto.coach.position import Position
from tutto_a11y.games.tutto.coach.rolls import scoring_set_asides, street_set_asides
from tutto_a11y.games.tutto.coach.solver import (
    PAD,
    STEP,
    L,
    Measure,
    PileTracker,
    T,
    lookup,
    pile_tracker,
    play_card,
    reference,
)
from tutto_a11y.games.tutto.rules import Card, Rules, dice as D

if TYPE_CHECKING:
    from tutto_a11y.games.tutto.coach.solver import FloatArray

ROLL, BANK, DRAW = "roll", "bank", "draw"


class CoachMeasure(Measure, Protocol):
    """A measure as the choices read it: the tracker's, and banking at any totals."""

    def bank_at(self, totals: FloatArray) -> FloatArray: ...


class Choice(Record):
    """One way on: the dice set aside (empty when none are), then roll, bank or draw."""

    set_aside: tuple[int, ...]
    then: str
    expected: float
    tutto: bool = False  # the set-aside makes a Tutto
    points: int = 0  # what the set-aside scores: of two equal choices, the one with more points
    #: Under Cloverleaf and Plus/Minus, where the points say little: the chance that matters
    #: (to win, two Tuttos; of the Tutto), as the coach plays on from there. None elsewhere.
    chance: float | None = None
    #: The set-aside's Tutto ends the turn by the card's rule, not by a bank the player
    #: chooses: under Plus/Minus its 1000, the Cloverleaf's second Tutto (the game is won), a
    #: Street that ends the turn. ``then`` says how the turn goes on as the JSON lists it.
    ends_turn: bool = False

    def as_json(self, places: int = 2) -> dict[str, object]:
        """The choice for scripts; ``expected`` to ``places`` decimals (points to 0.01; a
        chance to win, in a review, to 0.0001)."""
        answer: dict[str, object] = {"set_aside": list(self.set_aside), "then": self.then,
                                  "expected": round(self.expected, places)}
        if self.chance is not None:
            answer["chance"] = round(self.chance, 4)
        return answer


class Tracked:
    """After a Tutto with a tracked draw pile, every later card from what is left of it, in
    the coach's measure: ``draw`` is what drawing is worth (exact from ``lo``, below
    ``length``), ``after`` the better of banking and drawing, ``at`` a lookup of it."""

    def __init__(self, tracker: PileTracker, pile: tuple[int, ...], lo: int, upto: int) -> None:
        self.draw, self.length = tracker.draw(pile, lo, upto)
        self.after: FloatArray = np.maximum(tracker.u, self.draw)
        self.at = lookup(tracker.measure, self.after)


class Coach:
    """The coach for one set of rules and one measure (points here; a chance to win in
    :class:`winning.WinCoach`): the measure, its pile tracker and the tables of recent turns."""

    def __init__(self, rules: Rules, measure: CoachMeasure | None = None,
                 tracker: PileTracker | None = None) -> None:
        self.rules = rules
        self.measure: CoachMeasure = measure or reference(rules)
        self.tracker = tracker or pile_tracker(rules)
        self.k = self.measure.k

    # -- values ----------------------------------------------------------------------------
    def after(self, pile: tuple[int, ...], lo: int = 0, upto: int = 0) -> Tracked:
        """Bank or draw after a Tutto, every card from this pile as tracked, exact for turn
        totals from ``lo`` on (the turn total when the card in force was drawn); what drawing
        is worth is kept up to ``upto`` at least."""
        return self._tracked(pile, lo, upto)

    # One cache for every coach, of 64 entries: it keeps at most 64 coaches alive, no more.
    @lru_cache(maxsize=64)  # noqa: B019
    def _tracked(self, pile: tuple[int, ...], lo: int, upto: int) -> Tracked:
        return Tracked(self.tracker, pile, lo, upto)

    @lru_cache(maxsize=64)  # noqa: B019  (as _tracked's)
    def _tables(self, card: Card, pile: tuple[int, ...], base: int, lo: int = 0,
                length: int = L) -> tuple[list[FloatArray], list[FloatArray]]:
        """Bonus and x2: values by dice in hand over the points grid (turn totals, or under
        x2-scope=card the points made under the card on top of ``base``); the first
        ``length`` totals only, beyond which banking beats rolling on (see
        :attr:`solver.PileTracker.top`)."""
        at, m = self.after(pile, lo).at, self.measure
        if card is Card.X2 and self.rules.x2_scope == "card":
            return play_card(m.bank_at(base + T), at(base + 2 * T), m.lost)
        grid = T[:length + PAD]
        tutto = at(2 * grid) if card is Card.X2 else at(grid + card.bonus)
        return play_card(m.u[:length + PAD], tutto, m.lost, length=length)

    def _draw(self, pile: tuple[int, ...], total: int, lo: int | None = None) -> float:
        lo = total if lo is None else lo
        values = self.after(pile, lo)
        if total // STEP >= values.length:
            values = self.after(pile, lo, L * STEP)  # kept beyond where drawing could pay
        return float(values.draw[total // STEP])

    def _end(self, pile: tuple[int, ...], total: int, lo: int | None = None) -> float:
        """What reaching this total at a Tutto is worth when the player may bank or draw."""
        return max(self.bank(total), self._draw(pile, total, lo))

    def bank(self, total: int) -> float:
        """What banking this turn total is worth: its points (the win coach: the chance to
        win with them)."""
        return float(self.measure.bank_at(np.array(total)))

    def plus_minus_tutto(self) -> float:
        """A Plus/Minus Tutto that ends the turn: exactly 1000 points."""
        return 1000.0

    def cloverleaf_tutto(self, p: Position, total: int, made: int) -> float:
        """A Tutto under the Cloverleaf at position ``p`` (before it, ``p.tuttos`` were made):
        in points nothing, its win is no points (the measure under it is the chance,
        :meth:`chance_of`)."""
        return 0.0

    def roll_value(self, p: Position, dice: int, total: int, made: int) -> float:
        """Rolling ``dice`` dice now, with ``total`` at risk (``made`` of it under the card)."""
        card, k = p.card, self.k
        if card is Card.CLOVERLEAF:
            return 0.0
        if card is Card.FIREWORKS:
            return total + k.fireworks[dice]
        if card is Card.PLUS_MINUS:
            return k.plus_minus[dice] * self._plus_minus_end(p)
        if card is Card.STREET:
            return k.street[dice] * self._street_end(p)
        assert card is not None
        index = self._index(p, total, made)
        length = self._length(card, index)
        _values, rolls = self._tables(card, p.pile, self._base(p), self.lo(p), length)
        return float(rolls[dice][index])

    def _length(self, card: Card, index: int) -> int:
        """How far the card in force is played out to value grid total ``index``: up to where
        banking beats rolling on (see :attr:`solver.PileTracker.top`), or the whole grid."""
        top = self.tracker.top
        if index < top and not (card is Card.X2 and self.rules.x2_scope == "card"):
            return top
        return L

    @staticmethod
    def lo(p: Position) -> int:
        """The lowest turn total a draw of this turn can still come at: the total when the
        card in force was drawn (a Tutto only adds to it)."""
        return p.turn_total - p.card_points

    def _base(self, p: Position) -> int:
        if p.card is Card.X2 and self.rules.x2_scope == "card":
            return p.turn_total - p.card_points
        return 0

    def _index(self, p: Position, total: int, made: int) -> int:
        if p.card is Card.X2 and self.rules.x2_scope == "card":
            return made // STEP
        return total // STEP

    def _plus_minus_end(self, p: Position) -> float:
        if self.rules.plus_minus == "exact-1000-ends-turn":
            return self.plus_minus_tutto()
        return self._end(p.pile, p.turn_total - p.card_points + 1000, self.lo(p))

    def _street_end(self, p: Position) -> float:
        total = p.turn_total + 2000
        if self.rules.street_after == "ends-turn":
            return self.bank(total)
        return self._end(p.pile, total, self.lo(p))

    def prepare(self, positions: list[Position]) -> None:
        """Solve the draw piles of many positions together before they are asked one by one
        (a review): the same values, much faster than pile after pile."""
        asked = [(p.pile, p.turn_total if p.card is None else self.lo(p), 0)
                 for p in positions]
        self.tracker.prepare(asked)

    # -- choices ---------------------------------------------------------------------------
    def choices(self, p: Position) -> list[Choice]:
        """Every legal choice now with its value, best first (ties keep the listing order)."""
        if p.card is None:
            found = [Choice((), BANK, self.bank(p.turn_total)),
                     Choice((), DRAW, self._draw(p.pile, p.turn_total))]
        elif p.roll is None:
            found = [Choice((), ROLL, self.roll_value(p, p.dice, p.turn_total, p.card_points),
                            chance=self.chance_of(p, p.dice))]
            if p.card.may_bank_before_tutto and p.dice < 6:
                found.append(Choice((), BANK, self.bank(p.turn_total)))
        elif p.niete:
            found = []
        else:
            found = []
            for faces, points in self._set_asides(p):
                found.extend(self._after_set_aside(p, faces, points))
        # Best first; of equal values (Plus/Minus: a 1 or a 5 leave the same dice; Cloverleaf:
        # every way is worth 0 points) the better chance, then more points, then fewer dice
        # comes first, as a player would say it.
        return sorted(found, key=lambda c: (-round(c.expected, 9), -round(c.chance or 0.0, 9),
                                            -c.points, len(c.set_aside)))

    def chance_of(self, p: Position, left: int) -> float | None:
        """With ``left`` dice in hand to play on: under Plus/Minus the chance of its Tutto,
        under Cloverleaf the chance of the win (this Tutto and, after the first, a second
        from six dice), each played best for it. None under other cards."""
        if p.card is Card.PLUS_MINUS:
            return self.k.plus_minus[left]
        if p.card is Card.CLOVERLEAF:
            return self.k.plus_minus[left] * (self.k.plus_minus[6] if p.tuttos == 0 else 1.0)
        return None

    def _set_asides(self, p: Position) -> list[tuple[tuple[int, ...], int]]:
        assert p.roll is not None
        if p.card is Card.FIREWORKS:  # the scorekeeper sets aside every scoring die
            best = D.best_set_aside(p.roll)
            return [(best, D.group_points(best) or 0)]
        if p.card is Card.STREET:
            return [(faces, 0) for faces in street_set_asides(p.roll, p.faces)]
        return scoring_set_asides(tuple(sorted(p.roll)))

    def _after_set_aside(self, p: Position, faces: tuple[int, ...], points: int) -> list[Choice]:
        card, left = p.card, p.dice - len(faces)
        total, made = p.turn_total + points, p.card_points + points
        chance = self.chance_of(p, left)
        assert card is not None
        if left:
            found = [Choice(faces, ROLL, self.roll_value(p, left, total, made), points=points,
                            chance=chance)]
            if card.may_bank_before_tutto:
                found.append(Choice(faces, BANK, self.bank(total), points=points))
            return found
        if card is Card.FIREWORKS:  # six dice again, no card
            return [Choice(faces, ROLL, self.roll_value(p, 6, total, made), True, points)]
        if card is Card.CLOVERLEAF:  # the second Tutto wins; after the first, six dice again
            return [Choice(faces, ROLL, self.cloverleaf_tutto(p, total, made), True, points,
                           chance, ends_turn=p.tuttos >= 1)]
        if card is Card.PLUS_MINUS:
            if self.rules.plus_minus == "exact-1000-ends-turn":
                return [Choice(faces, BANK, self.plus_minus_tutto(), True, points, chance,
                               ends_turn=True)]
            total = p.turn_total - p.card_points + 1000
        elif card is Card.STREET:
            total = p.turn_total + 2000
            if self.rules.street_after == "ends-turn":
                return [Choice(faces, BANK, self.bank(total), True, points, ends_turn=True)]
        elif card is Card.X2:
            total = total + (total if self.rules.x2_scope == "turn" else made)
        else:
            total += card.bonus
        return [Choice(faces, BANK, self.bank(total), True, points, chance),
                Choice(faces, DRAW, self._draw(p.pile, total, self.lo(p)), True, points,
                       chance)]


@lru_cache(maxsize=8)
def coach_for(rules: Rules) -> Coach:
    """One coach per rules for the process: the reference is solved once."""
    return Coach(rules)


def as_json(found: list[Choice]) -> dict[str, object]:
    """The ``coach --format json`` answer of docs/interface.md."""
    return {"choices": [c.as_json() for c in found], "best": 0 if found else None}
