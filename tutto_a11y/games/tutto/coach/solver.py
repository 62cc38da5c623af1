"""The exact single-turn optimum: the expected points banked at the end of this turn.

Every value here is over turn totals on the 50-point grid (all points in Tutto are multiples of
50), as numpy arrays, so one pass over the merged roll outcomes of :mod:`rolls` values a card for
every turn total at once. numpy is imported only here, and this module only when the coach is
used, so a game without the coach starts as fast as before.

The model (docs/rules/tutto.md and the issue's measure): a Niete is worth 0 (Fireworks banks the
turn total), a Plus/Minus Tutto exactly 1000 (or, with ``adds-1000-may-continue``, the turn total
before the card plus 1000, and the turn goes on), a Cloverleaf win 0, a Stop card 0. After a
Tutto the player banks or draws; every card of the turn comes from the draw pile as tracked, a
new full deck when it is empty (:class:`PileTracker`). The *reference* (each card after the
first from a full deck's proportions, solved once per rules by value iteration and kept) gives
the card tables and serves the coach that plays to win. Beyond a turn total of
:data:`CAP` the coach reckons that banking is best, which it is by a wide margin there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

import numpy as np

from tutto_a11y.games.tutto.coach.rolls import offers, street_offers
from tutto_a11y.games.tutto.rules import CARD_ORDER, Card, Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

if TYPE_CHECKING:  # numpy.typing for the checker only: at run time numpy alone is loaded
    from numpy.typing import NDArray

    #: Points or chances: over the turn-total grid (last axis), or a two-player game's states.
    FloatArray = NDArray[np.float64]
    #: Grid indices, seats and scores in grid steps, used to look values up.
    IntArray = NDArray[np.int_]

STEP = 50  # every score in Tutto is a multiple of 50
CAP = 30000  # the largest turn total valued; beyond it banking is taken as best
L = CAP // STEP + 1
PAD = 2000 // STEP + 1  # the most one set-aside can add (six 1s) fits in the padding
T: FloatArray = np.arange(L + PAD, dtype=float) * STEP  # turn totals of the grid, padding included
_CARD_INDEX = {card: i for i, card in enumerate(CARD_ORDER)}

Deck = tuple[int, ...]  # counts in CARD_ORDER, as the rules keep them


@cache
def _offer_arrays(dice: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """The merged roll outcomes with float chances and shifts in grid steps."""
    return tuple((float(chance), tuple((k, points // STEP) for k, points in offer))
                 for chance, offer in offers(dice))


def play_card(bank: FloatArray, tutto: FloatArray, niete: float | FloatArray = 0.0,
              length: int = L) -> tuple[list[FloatArray], list[FloatArray]]:
    """Value a card where the player may bank before a Tutto (Bonus, x2).

    ``bank`` and ``tutto`` hold, for every grid index of the points made so far (last axis,
    padding included), what banking is worth and what the turn is worth when the stretch is a
    Tutto with that many points. Returns ``V`` and ``R`` by dice in hand: ``V[n]`` the value with
    ``n`` dice in hand after a set-aside (the better of banking and rolling), ``R[n]`` the value
    of rolling them (for six dice, the start of the card, rolling is the only choice).
    Beyond the grid the padding says "bank". ``niete`` is what a Niete is worth: 0 points,
    or, when the coach plays to win, the chance of winning with the score as it stands.
    ``length`` is how many turn totals are valued (the arrays hold ``length + PAD``): the
    two-player solve values a short grid where every longer total wins anyway.
    """
    values: list[FloatArray] = [tutto]
    rolls: list[FloatArray] = [tutto[..., :length]]
    shape = np.broadcast_shapes(bank.shape[:-1], tutto.shape[:-1]) + (length,)
    best = np.empty(shape)  # one scratch array: the two-player solve calls this very often
    for n in range(1, 7):
        rolled = np.zeros(shape)
        rolled += niete * niete_chance(n)
        for chance, offer in _offer_arrays(n):
            (k, shift), *others = offer
            np.multiply(values[n - k][..., shift:shift + length], 1.0, out=best)
            for k, shift in others:
                np.maximum(best, values[n - k][..., shift:shift + length], out=best)
            best *= chance
            rolled += best
        rolls.append(rolled)
        value = bank.copy()
        value[..., :length] = np.maximum(bank[..., :length], rolled) if n < 6 else rolled
        values.append(value)
    return values, rolls


@cache
def niete_chance(dice: int) -> float:
    """The chance of a Niete with ``dice`` dice under a normal card."""
    return 1.0 - sum(float(chance) for chance, _offer in offers(dice))


def extend(h: FloatArray) -> Callable[[FloatArray], FloatArray]:
    """A lookup of the after-Tutto value ``h`` at any grid totals (beyond the grid: bank)."""
    def at(totals: FloatArray) -> FloatArray:
        index = (totals // STEP).astype(int)
        inside = index < L
        return np.where(inside, h[np.minimum(index, L - 1)], totals)
    return at


@dataclass(frozen=True)
class Constants:
    """The cards whose value does not depend on the turn total's grid: exact small tables."""

    fireworks: tuple[float, ...]  # expected points still to come under Fireworks, by dice in hand
    plus_minus: tuple[float, ...]  # chance of the Tutto under Plus/Minus played best, by dice
    plus_minus_all: tuple[float, ...]  # the same, always setting aside every scoring die
    street: tuple[float, ...]  # chance of completing the Street, by faces (= dice) missing


def constants() -> Constants:
    """Fireworks, Plus/Minus and Street, solved on their own small state spaces."""
    # Fireworks: every scoring die is set aside (the most dice, with the most points); a Tutto
    # rolls six dice again, so F(0) = F(6): F(n) = a(n) + b(n) F(6), solved for F(6).
    a, b = [0.0], [1.0]
    for n in range(1, 7):
        an = bn = 0.0
        for chance, offer in offers(n):
            k, points = max(offer)
            an += float(chance) * (points + a[n - k])
            bn += float(chance) * b[n - k]
        a.append(an)
        b.append(bn)
    f6 = a[6] / (1 - b[6])
    fireworks = tuple([f6] + [a[n] + b[n] * f6 for n in range(1, 7)])
    best, every = [1.0], [1.0]
    for n in range(1, 7):
        best.append(sum(float(c) * max(best[n - k] for k, _p in o) for c, o in offers(n)))
        every.append(sum(float(c) * every[n - max(o)[0]] for c, o in offers(n)))
    street = [1.0]
    for missing in range(1, 7):
        street.append(sum(float(c) * max(street[missing - x] for x in range(1, shown + 1))
                          for shown, c in street_offers(missing)))
    return Constants(fireworks, tuple(best), tuple(every), tuple(street))


class Reference:
    """The value of drawing each card at every turn total, later draws from a full deck's
    proportions: solved once per rules by value iteration over the after-Tutto choice."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.k = constants()
        totals = T[:L]
        after: FloatArray = totals.copy()  # the after-Tutto value: start from "always bank"
        full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
        for _ in range(L):
            self.draw_values = self.card_values(after)
            drawn = full @ self.draw_values
            new = np.maximum(totals, drawn)
            if np.array_equal(new, after):
                break
            after = new
        self.after = after  # bank or draw after a Tutto, at every turn total

    def card_values(self, after: FloatArray) -> FloatArray:
        """Rows in CARD_ORDER: what drawing that card is worth with the turn total carried,
        given the after-Tutto value ``after`` for the draws that follow."""
        at = extend(after)
        rows = np.zeros((len(CARD_ORDER), L))
        for card in CARD_ORDER:
            self.card_row(card, at, rows[_CARD_INDEX[card]])
        return rows

    def card_row(self, card: Card, at: Callable[[FloatArray], FloatArray],
                 row: FloatArray) -> None:
        """Fill ``row`` with what drawing ``card`` is worth at every turn total, the value
        after its Tutto looked up by ``at`` (a Stop or Cloverleaf leaves 0)."""
        rules, k = self.rules, self.k
        totals = T[:L]
        if card is Card.FIREWORKS:
            row[:] = totals + k.fireworks[6]
        elif card is Card.PLUS_MINUS:
            if rules.plus_minus == "exact-1000-ends-turn":
                row[:] = 1000 * k.plus_minus[6]
            else:
                row[:] = k.plus_minus[6] * at(totals + 1000)
        elif card is Card.STREET:
            row[:] = k.street[6] * self.street_end(at, totals)
        elif card.bonus:
            values, _ = play_card(T, at(T + card.bonus))
            row[:] = values[6][:L]
        elif card is Card.X2:
            row[:] = self.x2_start(at)

    def street_end(self, at: Callable[[FloatArray], FloatArray], totals: FloatArray) -> FloatArray:
        """What a completed Street is worth at these turn totals (the 2000 included)."""
        if self.rules.street_after == "ends-turn":
            return totals + 2000
        return at(totals + 2000)

    def x2_start(self, at: Callable[[FloatArray], FloatArray]) -> FloatArray:
        """The x2 card drawn with each turn total carried."""
        if self.rules.x2_scope == "turn":
            values, _ = play_card(T, at(2 * T))
            return values[6][:L]
        # Only the points made under this card are doubled: the state is (carried, made).
        base = T[:L, None]
        values, _ = play_card(base + T[None, :], at(base + 2 * T[None, :]))
        return values[6][:, 0]


@lru_cache(maxsize=8)
def reference(rules: Rules) -> Reference:
    """The reference solution of these rules (kept for the process: a second or so to make)."""
    return Reference(rules)


class PileTracker:
    """After a Tutto, the draw pile tracked through every later draw of the turn.

    ``after(pile, lo)`` is the better of banking and drawing at every turn total from ``lo``
    on, each card drawn from what is left of the pile (a new full deck when it is empty, then
    tracked in turn). It is solved by recursion over the smaller piles, memoised on the pile:
    the draw after a pile's card comes at a higher total (a Tutto adds at least 500, see
    :meth:`least_gain`), so a smaller pile is needed only from there on, and the piles of one
    level are solved together. The recursion stops where no pile below can make drawing worth
    more than banking: ``upper`` is what a Tutto could be worth if the player
    chose every later card (a bound on every pile), and where even drawing from this pile with
    that bound is worth no more than banking, banking is the value.
    """

    def __init__(self, ref: Reference) -> None:
        self.ref = ref
        totals = T[:L]
        upper = totals.copy()
        for _ in range(L):
            rows = ref.card_values(upper)
            new = np.maximum(totals, rows.max(axis=0))
            if np.array_equal(new, upper):
                break
            upper = new
        self.bound_rows = ref.card_values(upper)
        self._memo: dict[Deck, tuple[int, FloatArray]] = {}
        self._drawn: dict[tuple[Deck, int], tuple[FloatArray, int]] = {}
        # Beyond ``self.top`` (grid steps) banking beats rolling on under every Bonus and x2
        # card with any dice in hand, even with the bound after the Tutto: there the smaller
        # piles' cards need not be played out (their values are monotone in what follows).
        self.top = 1
        for tutto in self._batched_tuttos(upper):
            _values, rolls = play_card(T, tutto[None, :])
            for n in range(1, 6):
                ahead = np.nonzero(rolls[n][0] > totals)[0]
                if ahead.size:
                    self.top = max(self.top, int(ahead[-1]) + 2)
        self.top = min(self.top, L)

    def _batched_tuttos(self, after: FloatArray) -> list[FloatArray]:
        """What a Tutto is worth under each Bonus card (and x2 of the turn), given ``after``."""
        at = extend(after)
        found = [at(T + card.bonus) for card in CARD_ORDER if card.bonus]
        if self.ref.rules.x2_scope == "turn":
            found.append(at(2 * T))
        return found

    def after(self, pile: Deck, lo: int) -> FloatArray:
        """Bank or draw from ``pile`` at every grid total; exact from ``lo`` on."""
        return self._afters([(pile, lo)])[0]

    def draw(self, pile: Deck, lo: int, upto: int = 0) -> tuple[FloatArray, int]:
        """What drawing from ``pile`` is worth, exact from ``lo`` on for the grid totals
        below the length returned, which reaches ``upto`` and every total where drawing could
        beat banking (-inf beyond: there banking is worth more)."""
        pile = _whole(pile)
        kept = self._drawn.get((pile, lo))
        if kept is not None and kept[1] > upto // STEP:
            return kept
        self.prepare([(pile, lo, upto)])
        return self._drawn[(pile, lo)]

    def prepare(self, asked: list[tuple[Deck, int, int]]) -> None:
        """:meth:`draw` for many piles at once, kept: a review meets hundreds of piles, and
        solving them together costs a few passes over the dice instead of hundreds."""
        todo: dict[tuple[Deck, int], int] = {}
        for pile, lo, upto in asked:
            pile = _whole(pile)
            counts = np.array(pile, dtype=float)
            start = min(lo // STEP, L - 1)
            ahead = np.nonzero((counts / counts.sum()) @ self.bound_rows[:, start:]
                               > T[start:L])[0]
            length = max(self.top, upto // STEP + 1)
            if ahead.size:
                length = max(length, start + int(ahead[-1]) + 1)
            kept = self._drawn.get((pile, lo))
            if kept is None or kept[1] < min(length, L):
                todo[(pile, lo)] = max(min(length, L), todo.get((pile, lo), 0))
        if len(self._drawn) > 20000:
            self._drawn.clear()
        for length, keys in _by_length(todo).items():  # a long pile does not lengthen all
            for key, draw in zip(keys, self._draws(keys, length)):
                draw[length:] = -np.inf
                self._drawn[key] = (draw, length)

    def _afters(self, asked: list[tuple[Deck, int]]) -> list[FloatArray]:
        """:meth:`after` for several piles at once: those not kept and not settled by the
        bound are drawn from together, one pass over the dice for the whole level."""
        totals = T[:L]
        found: dict[Deck, FloatArray] = {}
        todo: dict[tuple[Deck, int], int] = {}
        for pile, lo in asked:
            pile = _whole(pile)
            kept = self._memo.get(pile)
            if kept is not None and kept[0] <= lo:
                found[pile] = kept[1]
                continue
            counts = np.array(pile, dtype=float)
            start = min(lo // STEP, L - 1)
            ahead = np.nonzero((counts / counts.sum()) @ self.bound_rows[:, start:]
                               > totals[start:])[0]
            if not ahead.size:
                found[pile] = totals  # from lo on, drawing never beats banking
                self._keep(pile, lo, totals)
            else:
                found.pop(pile, None)
                todo[(pile, lo)] = min(L, max(self.top, start + int(ahead[-1]) + 1))
        lowest: dict[Deck, int] = {}
        for pile, lo in todo:
            lowest[pile] = min(lo, lowest.get(pile, lo))
        todo = {(pile, lo): length for (pile, lo), length in todo.items() if lowest[pile] == lo}
        for length, keys in _by_length(todo).items():
            for (pile, lo), draw in zip(keys, self._draws(keys, length)):
                value = totals.copy()  # beyond ``length`` banking is worth more (the bound)
                value[:length] = np.maximum(totals[:length], draw[:length])
                found[pile] = value
                self._keep(pile, lo, value)
        return [found[_whole(pile)] for pile, _lo in asked]

    def _keep(self, pile: Deck, lo: int, value: FloatArray) -> None:
        if len(self._memo) > 20000:  # about 100 MB: a long game's piles, then start afresh
            self._memo.clear()
        self._memo[pile] = (lo, value)

    def _draws(self, asked: list[tuple[Deck, int]], length: int) -> list[FloatArray]:
        """What drawing from each pile is worth, exact for the first ``length`` grid totals
        from each pile's ``lo`` on: the smaller piles after each card first (the next level,
        together), then every Bonus and x2 card of every pile in one pass over the dice."""
        batch = self.ref.rules.x2_scope == "turn"
        needed: list[tuple[Deck, int]] = []
        for pile, lo in asked:
            for card, n in zip(CARD_ORDER, pile):
                gain = self.least_gain(card, lo) if n else None
                if gain is not None:
                    needed.append((_take(pile, card), lo + gain))
        rests = iter(self._afters(needed)) if needed else iter(())
        draws: list[FloatArray] = []
        weights: list[tuple[int, float]] = []  # (which pile, the card's share) per batch row
        tuttos: list[FloatArray] = []
        row = np.zeros(L)
        for which, (pile, lo) in enumerate(asked):
            total = sum(pile)
            draw = np.zeros(L)
            for card, n in zip(CARD_ORDER, pile):
                if not n or card in (Card.STOP, Card.CLOVERLEAF):
                    continue  # a Stop leaves 0; the Cloverleaf's win is no points
                rest = next(rests) if self.least_gain(card, lo) is not None else T[:L]
                if card.bonus or (card is Card.X2 and batch):
                    weights.append((which, n / total))
                    tutto = extend(rest)(T + card.bonus if card.bonus else 2 * T)
                    tuttos.append(tutto[:length + PAD])
                    continue
                row[:] = 0.0
                self.ref.card_row(card, extend(rest), row)
                draw += (n / total) * row
            draws.append(draw)
        if tuttos:
            values, _ = play_card(np.tile(T[:length + PAD], (len(tuttos), 1)),
                                  np.array(tuttos), length=length)
            for (which, share), value in zip(weights, values[6]):
                draws[which][:length] += share * value[:length]
        return draws

    def least_gain(self, card: Card, total: int) -> int | None:
        """The least a Tutto under ``card`` drawn at ``total`` adds before the next draw, or
        None when no draw can follow it (Fireworks, and Plus/Minus or Street where their
        Tutto ends the turn). Six dice set aside make at least 300."""
        rules = self.ref.rules
        if card.bonus:
            return 300 + card.bonus
        if card is Card.X2:
            return 600 + (total if rules.x2_scope == "turn" else 0)
        if card is Card.STREET and rules.street_after != "ends-turn":
            return 2000
        if card is Card.PLUS_MINUS and rules.plus_minus != "exact-1000-ends-turn":
            return 1000
        return None


def _by_length(todo: dict[tuple[Deck, int], int]) -> dict[int, list[tuple[Deck, int]]]:
    """Piles to solve, grouped by how far each must be played out."""
    groups: dict[int, list[tuple[Deck, int]]] = {}
    for key, length in todo.items():
        groups.setdefault(length, []).append(key)
    return groups


def _whole(pile: Deck) -> Deck:
    """The pile the next card comes from: a new full deck when this one is empty."""
    return pile if sum(pile) else FULL_DECK


def _take(pile: Deck, card: Card) -> Deck:
    i = _CARD_INDEX[card]
    return pile[:i] + (pile[i] - 1,) + pile[i + 1:]


@lru_cache(maxsize=8)
def pile_tracker(rules: Rules) -> PileTracker:
    """One tracker per rules for the process, its piles memoised across positions."""
    return PileTracker(reference(rules))


class DeckValues:
    """After a Tutto with a tracked draw pile: every later card from what is left of it.
    ``draw`` is what drawing is worth and ``after`` the better of banking and drawing, at
    every turn total, exact from ``lo`` (no Tutto of this turn comes at a lower total); ``draw``
    below ``length`` only (it reaches ``upto``), ``after`` everywhere."""

    def __init__(self, ref: Reference, pile: Deck, lo: int = 0, upto: int = 0) -> None:
        self.draw, self.length = pile_tracker(ref.rules).draw(pile, lo, upto)
        self.after: FloatArray = np.maximum(T[:L], self.draw)
        self.at = extend(self.after)
