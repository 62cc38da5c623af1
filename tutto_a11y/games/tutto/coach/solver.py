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
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

from tutto_a11y.core.record import Record
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


#: Grid values a block of rows holds when :func:`play_card` values many rows (x2-scope=card:
#: a row per turn total carried into the card) a block at a time: a block's arrays stay in
#: the processor's cache through the many passes over the roll outcomes, where the whole
#: table's are read from memory at every pass (a third faster on the development machine).
BLOCK = 20_000


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

    Every value is worked out on its own row (a shift moves along the last axis only), so
    many rows are valued a block at a time (:data:`BLOCK`), to the same values.
    """
    rows = bank.shape[0] if bank.ndim == 2 else 1
    block = max(1, BLOCK // bank.shape[-1])
    if rows <= 2 * block:
        return _play_card(bank, tutto, niete, length)
    parts = [_play_card(bank[top:top + block], _rows(tutto, rows, top, block),
                        _rows(niete, rows, top, block) if isinstance(niete, np.ndarray) else niete,
                        length)
             for top in range(0, rows, block)]
    values = [tutto] + [np.concatenate([part[0][n] for part in parts]) for n in range(1, 7)]
    rolls = [tutto[..., :length]] + [np.concatenate([part[1][n] for part in parts])
                                     for n in range(1, 7)]
    return values, rolls


def _rows(array: FloatArray, rows: int, top: int, block: int) -> FloatArray:
    """The block's rows of ``array`` where it has a row for each of ``rows``; else all of it,
    as it broadcasts over every row alike."""
    if array.ndim == 2 and array.shape[0] == rows:
        return array[top:top + block]
    return array


def _play_card(bank: FloatArray, tutto: FloatArray, niete: float | FloatArray,
               length: int) -> tuple[list[FloatArray], list[FloatArray]]:
    """:func:`play_card` over all of its rows at once."""
    values: list[FloatArray] = [tutto]
    rolls: list[FloatArray] = [tutto[..., :length]]
    shape = np.broadcast_shapes(bank.shape[:-1], tutto.shape[:-1]) + (length,)
    best = np.empty(shape)  # one scratch array: the two-player solve calls this very often
    for n in range(1, 7):
        rolled = np.zeros(shape)
        rolled += niete * niete_chance(n)
        for chance, offer in _offer_arrays(n):
            # The best of the offer's set-asides, times its chance, added to the roll's value:
            # written straight into the scratch array, with no copy first (the solves spend
            # most of their time here), and the same arithmetic in the same order as a copy,
            # maxima and a product would do, so the values are the same to the last bit.
            (k, shift), *others = offer
            first = values[n - k][..., shift:shift + length]
            if not others:
                np.multiply(first, chance, out=best)
            else:
                (k, shift), *others = others
                np.maximum(first, values[n - k][..., shift:shift + length], out=best)
                for k, shift in others:
                    np.maximum(best, values[n - k][..., shift:shift + length], out=best)
                best *= chance
            rolled += best
        rolls.append(rolled)
        value = bank.copy()
        value[..., :length] = np.maximum(bank[..., :length], rolled) if n < 6 else rolled
        values.append(value)
    return values, rolls


def mix(shares: FloatArray, rows: FloatArray) -> FloatArray:
    """``shares @ rows`` (each card's share of a pile times its row, summed), without BLAS:
    the matrices are small, and BLAS's threads cost more than they bring on a busy machine."""
    spec = "pc,cl->pl" if shares.ndim == 2 else "c,cl->l"
    mixed: FloatArray = np.einsum(spec, shares, rows)
    return mixed


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


class Constants(Record):
    """The cards whose value does not depend on the turn total's grid: exact small tables."""

    fireworks: tuple[float, ...]  # expected points still to come under Fireworks, by dice in hand
    plus_minus: tuple[float, ...]  # chance of the Tutto under Plus/Minus played best, by dice
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
    best = [1.0]
    for n in range(1, 7):
        best.append(sum(float(c) * max(best[n - k] for k, _p in o) for c, o in offers(n)))
    street = [1.0]
    for missing in range(1, 7):
        street.append(sum(float(c) * max(street[missing - x] for x in range(1, shown + 1))
                          for shown, c in street_offers(missing)))
    return Constants(fireworks, tuple(best), tuple(street))


class Reference:
    """The value of drawing each card at every turn total, later draws from a full deck's
    proportions: solved once per rules by value iteration over the after-Tutto choice."""

    #: What banking each grid total is worth (padding included), and a Niete or a Stop: the
    #: measure the pile tracker reads (:class:`Measure`); here points.
    u: FloatArray = T
    lost = 0.0

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.k = constants()
        # A Plus/Minus Tutto that adds 1000 lets the turn go on: a draw can follow it.
        self.plus_minus_continues = rules.plus_minus != "exact-1000-ends-turn"
        totals = T[:L]
        after: FloatArray = totals.copy()  # the after-Tutto value: start from "always bank"
        full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
        for _ in range(L):
            self.draw_values = self.card_values(after)
            drawn = mix(full, self.draw_values)
            new = np.maximum(totals, drawn)
            if np.array_equal(new, after):
                break
            after = new
        self.after = after  # bank or draw after a Tutto, at every turn total

    def card_values(self, after: FloatArray) -> FloatArray:
        """Rows in CARD_ORDER: what drawing that card is worth with the turn total carried,
        given the after-Tutto value ``after`` for the draws that follow."""
        return card_values(self, after)

    @staticmethod
    def bank_at(totals: FloatArray) -> FloatArray:
        """Banking at any totals is worth their points."""
        return np.asarray(totals, dtype=float)

    def card_row(self, card: Card, at: Callable[[FloatArray], FloatArray],
                 row: FloatArray) -> None:
        """Fill ``row`` with what drawing ``card`` is worth at every turn total, the value
        after its Tutto looked up by ``at`` (a Stop or Cloverleaf leaves 0)."""
        rules, k = self.rules, self.k
        totals = T[:L]
        if card in (Card.STOP, Card.CLOVERLEAF):
            row[:] = 0.0
        elif card is Card.FIREWORKS:
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


class Measure(Protocol):
    """What the pile tracker reads of a coach's measure (points, or a chance to win): banking
    each grid total (``u``, padding included), a Niete or a Stop (``lost``), what drawing each
    card is worth given the value after its Tutto (``card_row``), and whether a Plus/Minus
    Tutto lets the turn go on to another draw. Every card's value must not fall when the
    value after its Tutto rises (the bounds below rely on it)."""

    rules: Rules
    k: Constants
    u: FloatArray
    lost: float
    plus_minus_continues: bool

    def card_row(self, card: Card, at: Callable[[FloatArray], FloatArray],
                 row: FloatArray) -> None: ...

    def bank_at(self, totals: FloatArray) -> FloatArray: ...


def lookup(measure: Measure, after: FloatArray) -> Callable[[FloatArray], FloatArray]:
    """The value ``after`` a Tutto (on the grid) at any totals; beyond the grid, banking."""
    def at(totals: FloatArray) -> FloatArray:
        index = (totals // STEP).astype(int)
        found: FloatArray = np.where(index < L, after[np.minimum(index, L - 1)],
                                     measure.bank_at(totals))
        return found
    return at


def card_values(measure: Measure, after: FloatArray) -> FloatArray:
    """Rows in CARD_ORDER: what drawing each card is worth at every turn total, given the
    value ``after`` a Tutto for the draws that follow."""
    at = lookup(measure, after)
    rows = np.zeros((len(CARD_ORDER), L))
    for card in CARD_ORDER:
        measure.card_row(card, at, rows[_CARD_INDEX[card]])
    return rows


class PileTracker:
    """After a Tutto, the draw pile tracked through every later draw of the turn.

    ``after(pile, lo)`` is the better of banking and drawing at every turn total from ``lo``
    on, each card drawn from what is left of the pile (a new full deck when it is empty, then
    tracked in turn), in the coach's measure (points, or a chance to win: :class:`Measure`).
    It is solved by recursion over the smaller piles, memoised on the pile:
    the draw after a pile's card comes at a higher total (a Tutto adds at least 500, see
    :meth:`least_gain`), so a smaller pile is needed only from there on, and the piles of one
    level are solved together, each only from the lowest total its draw can come at. The
    recursion stops where no pile below can make drawing worth more than banking: ``upper``
    is what a Tutto could be worth if the player chose every later card (a bound on every
    pile), and where even drawing from this pile with that bound is worth no more than
    banking, banking is the value. Below the total a value is exact from, it is not a number
    (NaN), so that reading it by mistake shows.
    """

    def __init__(self, measure: Measure) -> None:
        self.measure = measure
        self.u = measure.u[:L]
        rules = measure.rules
        # By card (CARD_ORDER): the least a Tutto adds before the next draw (x2 of the turn
        # adds the total too), or None when no draw follows it; those cards' values do not
        # depend on what follows, so they are worked out once.
        self._gains = [self.least_gain(card, 0) for card in CARD_ORDER]
        self._x2_turn = rules.x2_scope == "turn"
        self._batched = [bool(card.bonus) or (card is Card.X2 and self._x2_turn)
                         for card in CARD_ORDER]
        self._bonus = [card.bonus or 0 for card in CARD_ORDER]
        # Street and Plus/Minus when a draw follows their Tutto: its chance, and what it
        # adds in grid steps (2000 and 1000).
        self._shifted = {i: (measure.k.street[6] if card is Card.STREET
                             else measure.k.plus_minus[6], gain // STEP)
                         for i, (card, gain) in enumerate(zip(CARD_ORDER, self._gains, strict=True))
                         if gain is not None and card in (Card.STREET, Card.PLUS_MINUS)}
        self._fixed = card_values(measure, self.u)
        for i, gain in enumerate(self._gains):
            if gain is not None:
                self._fixed[i] = 0.0
        upper = self.u.copy()
        for _ in range(L):
            rows = card_values(measure, upper)
            new = np.maximum(self.u, rows.max(axis=0))
            if np.array_equal(new, upper):
                break
            upper = new
        self.bound_rows = card_values(measure, upper)
        self._memo: dict[Deck, tuple[int, FloatArray]] = {}
        self._drawn: dict[tuple[Deck, int], tuple[FloatArray, int]] = {}
        # Beyond ``self.top`` (grid steps) banking beats rolling on under every Bonus and x2
        # card with any dice in hand, even with the bound after the Tutto: there the smaller
        # piles' cards need not be played out (their values are monotone in what follows).
        self.top = 1
        at = lookup(measure, upper)
        tuttos = [at(T + card.bonus) for card in CARD_ORDER if card.bonus]
        if self._x2_turn:
            tuttos.append(at(2 * T))
        for tutto in tuttos:
            _values, rolls = play_card(measure.u, tutto[None, :], measure.lost)
            for n in range(1, 6):
                ahead = np.nonzero(rolls[n][0] > self.u)[0]
                if ahead.size:
                    self.top = max(self.top, int(ahead[-1]) + 2)
        self.top = min(self.top, L)

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

    def _ahead(self, asked: list[tuple[Deck, int]]) -> list[int]:
        """For each pile and total: how far from that grid total drawing from the pile could
        beat banking (by the bound), the length of the grid to play out; 0 when it never
        could."""
        found: list[int] = []
        for first in range(0, len(asked), 512):  # a few MB at a time
            part = asked[first:first + 512]
            counts = np.array([pile for pile, _lo in part], dtype=float)
            starts = np.array([min(lo // STEP, L - 1) for _pile, lo in part])
            low = int(starts.min())  # the totals below every pile's own are not looked at
            beats = mix(counts / counts.sum(axis=1, keepdims=True),
                        self.bound_rows[:, low:]) > self.u[low:]
            beats &= np.arange(low, L)[None, :] >= starts[:, None]
            width = L - low
            last = low + width - np.argmax(beats[:, ::-1], axis=1)
            found.extend(np.where(beats.any(axis=1), last, 0).tolist())
        return found

    def prepare(self, asked: list[tuple[Deck, int, int]]) -> None:
        """:meth:`draw` for many piles at once, kept: a review meets hundreds of piles, and
        solving them together costs a few passes over the dice instead of hundreds."""
        wanted = [(_whole(pile), lo, upto) for pile, lo, upto in asked]
        aheads = self._ahead([(pile, lo) for pile, lo, _upto in wanted])
        todo: dict[tuple[Deck, int], int] = {}
        for (pile, lo, upto), ahead in zip(wanted, aheads, strict=True):
            length = min(L, max(self.top, upto // STEP + 1, ahead))
            kept = self._drawn.get((pile, lo))
            if kept is None or kept[1] < length:
                todo[(pile, lo)] = max(length, todo.get((pile, lo), 0))
        if len(self._drawn) > 20000:
            self._drawn.clear()
        for length, keys in _by_length(todo).items():  # a long pile does not lengthen all
            for key, draw in zip(keys, self._draws(keys, length), strict=True):
                draw[length:] = -np.inf
                self._drawn[key] = (draw, length)

    def _afters(self, asked: list[tuple[Deck, int]]) -> list[FloatArray]:
        """:meth:`after` for several piles at once: those not kept and not settled by the
        bound are drawn from together, one pass over the dice for the whole level."""
        found: dict[Deck, FloatArray] = {}
        new: dict[Deck, int] = {}  # not kept: the lowest total each is asked from
        for pile, lo in asked:
            pile = _whole(pile)
            kept = self._memo.get(pile)
            if kept is not None and kept[0] <= lo:
                found[pile] = kept[1]
            else:
                new[pile] = min(lo, new.get(pile, lo))
        todo: dict[tuple[Deck, int], int] = {}
        for (pile, lo), length in zip(new.items(), self._ahead(list(new.items())), strict=True):
            if not length:
                found[pile] = self.u  # from lo on, drawing never beats banking
                self._keep(pile, lo, self.u)
            else:
                todo[(pile, lo)] = min(L, max(self.top, length))
        for length, keys in _by_length(todo).items():
            for (pile, lo), draw in zip(keys, self._draws(keys, length), strict=True):
                value = self.u.copy()  # beyond ``length`` banking is worth more (the bound)
                value[:length] = np.maximum(self.u[:length], draw[:length])
                found[pile] = value
                self._keep(pile, lo, value)
        return [found[_whole(pile)] for pile, _lo in asked]

    def _keep(self, pile: Deck, lo: int, value: FloatArray) -> None:
        if len(self._memo) > 20000:  # about 100 MB: a long game's piles, then start afresh
            self._memo.clear()
        self._memo[pile] = (lo, value)

    def _draws(self, asked: list[tuple[Deck, int]], length: int) -> list[FloatArray]:
        """What drawing from each pile is worth, exact for the grid totals from each pile's
        ``lo`` up to ``length`` (NaN below): the smaller piles after each card first (the next
        level, together), then every Bonus and x2 card of every pile in one pass over the
        dice for each window of totals."""
        measure, gains = self.measure, self._gains
        needed: list[tuple[Deck, int]] = []
        for pile, lo in asked:
            for i, n in enumerate(pile):
                gain = gains[i]
                if n and gain is not None:
                    x2 = i == _X2 and self._x2_turn  # x2 of the turn doubles the total too
                    needed.append((pile[:i] + (n - 1,) + pile[i + 1:], lo + gain + x2 * lo))
        rests = iter(self._afters(needed))
        counts = np.array([pile for pile, _lo in asked], dtype=float)
        shares = counts / counts.sum(axis=1, keepdims=True)
        draws = mix(shares, self._fixed)  # the cards no draw follows
        #: by the first grid total of a window and by card: (which pile, share, after)
        windows: dict[tuple[int, int], list[tuple[int, float, FloatArray]]] = {}
        #: by card, Street and Plus/Minus going on: (which pile, after)
        ending: dict[int, list[tuple[int, FloatArray]]] = {}
        row = np.zeros(L)
        firsts = [_window(lo, length) for _pile, lo in asked]
        for which, (pile, _lo) in enumerate(asked):
            for i, n in enumerate(pile):
                if not n or gains[i] is None:
                    continue
                rest = next(rests)
                if self._batched[i]:
                    windows.setdefault((firsts[which], i), []).append(
                        (which, shares[which, i], rest))
                elif i in self._shifted:
                    ending.setdefault(i, []).append((which, rest))
                else:  # x2 of the card: on its own
                    measure.card_row(CARD_ORDER[i], lookup(measure, rest), row)
                    draws[which] += shares[which, i] * row
        for i, going_on in ending.items():  # the chance of the Tutto times what follows it
            chance, shift = self._shifted[i]
            piles = np.array([w for w, _rest in going_on])
            found = self._gather([rest for _w, rest in going_on], np.arange(L) + shift)
            draws[piles] += shares[piles, i][:, None] * (chance * found
                                                         + (1 - chance) * measure.lost)
        by_window: dict[int, list[tuple[int, float, FloatArray]]] = {}
        for (first, i), rows in windows.items():
            index = np.arange(first, length + PAD)
            index = index + self._bonus[i] // STEP if self._bonus[i] else 2 * index
            tuttos = self._gather([rest for _w, _s, rest in rows], index)
            by_window.setdefault(first, []).extend(
                (which, share, tutto)
                for (which, share, _r), tutto in zip(rows, tuttos, strict=True))
        for first, rows in by_window.items():
            width = length + PAD - first
            bank = np.broadcast_to(measure.u[first:length + PAD], (len(rows), width))
            values, _ = play_card(bank, np.array([tutto for _w, _s, tutto in rows]),
                                  measure.lost, length=length - first)
            for (which, share, _tutto), value in zip(rows, values[6], strict=True):
                draws[which, first:length] += share * value[:length - first]
        for which, first in enumerate(firsts):
            draws[which, :first] = np.nan
        return list(draws)

    def _gather(self, afters: list[FloatArray], index: IntArray) -> FloatArray:
        """The values ``afters`` (rows) at grid totals ``index``; beyond the grid, banking."""
        inside = np.array(afters)[:, np.minimum(index, L - 1)]
        beyond: FloatArray = (index * STEP).astype(float)
        found: FloatArray = np.where(index < L, inside, self.measure.bank_at(beyond))
        return found

    def least_gain(self, card: Card, total: int) -> int | None:
        """The least a Tutto under ``card`` drawn at ``total`` adds before the next draw, or
        None when no draw can follow it (Fireworks, and Plus/Minus or Street where their
        Tutto ends the turn). Six dice set aside make at least 300."""
        rules = self.measure.rules
        if card.bonus:
            return 300 + card.bonus
        if card is Card.X2:
            return 600 + (total if rules.x2_scope == "turn" else 0)
        if card is Card.STREET and rules.street_after != "ends-turn":
            return 2000
        if card is Card.PLUS_MINUS and self.measure.plus_minus_continues:
            return 1000
        return None


_X2 = _CARD_INDEX[Card.X2]


#: Windows of the grid start at multiples of this many steps: piles whose draws come at
#: nearby totals are played out together, from a little below the lowest of them.
WINDOW = 10


def _window(lo: int, length: int) -> int:
    """The first grid total played out for a pile whose draws come at ``lo`` or above."""
    return max(0, min(lo // STEP, length - 1) // WINDOW * WINDOW)


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
