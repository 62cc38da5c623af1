"""A second, independent computation of the chance to win in Tutto's final round.

Written from the rules (docs/rules/tutto.md) alone, to check the coach: it shares none of the
coach's code, tables or helpers, nor the rules package's scoring. The points of a set-aside,
the Niete, the Fireworks' automatic set-aside, the Street's new faces, every card's effect, the
Plus/Minus penalty and the draw pile are written here again from the rules' text, so that a
bug in the coach or in the rules package cannot hide behind a shared helper. Only the card ids
(the strings of the game's journal) are shared, to read a game's positions.

What it computes, for a moment of a final-round turn: the chance to win of every legal way on,
under best play from there on, every card after a Tutto drawn from the pile as it stands (a
new full deck when it is empty, followed in turn):

- in the game's last turn (:func:`last_turn`): banking wins when the score reaches the best of
  the others (tied top scores all win); a Plus/Minus Tutto wins when its 1000, with 1000 taken
  off every other leader, is enough; the Cloverleaf's second Tutto wins outright;
- in a turn with players still to come (:func:`with_others_to_come`), in the model docs/coach.md
  states: banking is worth the chance that no later player beats the new score, each later
  player taking a last turn of their own for the score to beat (a tie counts for the later
  player), every card of that turn from a full deck's proportions, x2 doubling the turn total,
  and a Plus/Minus Tutto winning it when it can close a gap of 2000. Those chances are worked
  out here as well (:func:`later_player_chances`), by the same recursion.

How: the values of a turn are arrays over the turn totals of the 50-point grid, filled by a
plain recursion over the rules' states (card, dice in hand, turn total, the pile), every roll
of the dice enumerated with its exact chance. A Tutto adds at least 500 before the next draw
(six dice score at least 300, the least bonus is 200; x2 doubles at least 300; a Street adds
2000), so the recursion over the smaller piles ends. It stops where banking is provably best:
where banking is worth at least the most hopeful reckoning of going on (every roll that is not
a Niete counted as a certain win): exact, not an approximation.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import cast

import numpy as np

STEP = 50  # every score in Tutto is a multiple of 50
REACH = 2000 // STEP  # the most one set-aside adds (six 1s, 2000), in grid steps
BLOCK = 250 // STEP  # the least a Bonus card's Tutto adds to a total it was played at
AGREED = 1e-10  # how close a chance's lower and upper bound must come (see :func:`values`)

# -- the cards (rules, sections 1 and 4) ---------------------------------------------------------

STOP, FIREWORKS, X2, PLUS_MINUS, STREET, CLOVERLEAF = (
    "stop", "fireworks", "x2", "plus-minus", "street", "cloverleaf")
BONUS = {f"bonus-{value}": value for value in (200, 300, 400, 500, 600)}
DECK = {STOP: 10, FIREWORKS: 5, **{card: 5 for card in BONUS}, X2: 5, PLUS_MINUS: 5,
        STREET: 5, CLOVERLEAF: 1}
CARDS = tuple(DECK)  # the order of a pile here: counts in this order
FULL = tuple(DECK[card] for card in CARDS)
MAY_BANK = (*BONUS, X2)  # the cards under which a player may bank before a Tutto

Pile = tuple[int, ...]


def take(pile: Pile, card: str) -> Pile:
    """The pile after ``card`` is drawn from it; after its last card the next draw comes from a
    new full deck (rules, section 1)."""
    i = CARDS.index(card)
    left = pile[:i] + (pile[i] - 1,) + pile[i + 1:]
    return left if sum(left) else FULL


# -- the dice (rules, section 2) ---------------------------------------------------------------

def points(dice: Sequence[int]) -> int | None:
    """The points of dice set aside together from one roll, or None when a die among them
    scores nothing (then they may not be set aside together): a triple of 1s is 1000, of
    another face 100 times the face; a 1 outside a triple 100, a 5 50; each die counts once,
    in a triple where it can be (1-1-1 is 1000, never 300)."""
    if not dice:
        return None
    total = 0
    for face, count in Counter(dice).items():
        triples, singles = divmod(count, 3)
        total += triples * (1000 if face == 1 else 100 * face)
        if singles and face == 1:
            total += 100 * singles
        elif singles and face == 5:
            total += 50 * singles
        elif singles:
            return None  # a fourth 2 (or 3, 4, 6) scores nothing
    return total


def chosen_dice(roll: Sequence[int]) -> list[tuple[int, ...]]:
    """Every choice of dice from a roll, each choice once (as sorted faces), the empty one too."""
    counts = sorted(Counter(roll).items())
    return [tuple(face for (face, _count), k in zip(counts, taken, strict=True)
                  for _ in range(k))
            for taken in product(*(range(count + 1) for _face, count in counts))]


def set_asides(roll: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every legal set-aside of a roll under a normal card, with its points; none: a Niete."""
    found = []
    for dice in chosen_dice(roll):
        scored = points(dice)
        if scored is not None:
            found.append((dice, scored))
    return found


def fireworks_set_aside(roll: Sequence[int]) -> tuple[int, ...]:
    """Under Fireworks every scoring die is set aside for the player: every 1 and 5, and of
    another face the triples thrown (a fourth 2 stays in hand). Empty for a Niete."""
    counts = Counter(roll)
    kept: list[int] = []
    for face in sorted(counts):
        kept.extend([face] * (counts[face] if face in (1, 5) else 3 * (counts[face] // 3)))
    return tuple(kept)


def street_set_asides(roll: Sequence[int], aside: Iterable[int]) -> list[tuple[int, ...]]:
    """Under Street: any non-empty set of new faces (not set aside yet under it), each once."""
    return [tuple(sorted(kept)) for kept in subsets(frozenset(roll) - frozenset(aside))]


def subsets(faces: frozenset[int]) -> list[frozenset[int]]:
    """Every non-empty subset of ``faces``."""
    listed = sorted(faces)
    return [frozenset(f for f, keep in zip(listed, mask, strict=True) if keep)
            for mask in product((0, 1), repeat=len(listed)) if any(mask)]


@cache
def rolls(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll of ``dice`` dice as sorted faces, with its chance (its orders counted)."""
    found = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        ways = factorial(dice)
        for count in Counter(faces).values():
            ways //= factorial(count)
        found.append((faces, ways / 6 ** dice))
    return tuple(found)


Ways = tuple[tuple[int, int], ...]  # every (dice left, points) a roll's set-asides offer


@cache
def normal_outcomes(dice: int) -> tuple[float, tuple[tuple[float, Ways], ...]]:
    """Rolling ``dice`` dice under a normal card: the chance of a Niete, and the other rolls
    grouped by what they offer: every (dice left, points) of a legal set-aside. Rolls that
    offer exactly the same are worth exactly the same, whatever follows."""
    niete = 0.0
    grouped: dict[Ways, float] = defaultdict(float)
    for roll, chance in rolls(dice):
        ways = tuple(sorted({(dice - len(kept), scored) for kept, scored in set_asides(roll)}))
        if ways:
            grouped[ways] += chance
        else:
            niete += chance
    return niete, tuple((chance, ways) for ways, chance in grouped.items())


@cache
def fireworks_outcomes(dice: int) -> tuple[float, tuple[tuple[float, int, int], ...]]:
    """Rolling under Fireworks: the chance of a Niete, and (chance, dice left, points)."""
    niete = 0.0
    grouped: dict[tuple[int, int], float] = defaultdict(float)
    for roll, chance in rolls(dice):
        kept = fireworks_set_aside(roll)
        scored = points(kept)
        if scored is None:
            niete += chance
        else:
            grouped[(dice - len(kept), scored)] += chance
    return niete, tuple((chance, left, scored) for (left, scored), chance in grouped.items())


@cache
def fireworks_plan() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`fireworks_outcomes` for 1 to 6 dice as arrays, to value every number of dice in
    hand at a total at once: each one's Niete chance (6,); by dice in hand and way, the way's
    chance (6, ways, zero for another number of dice); and by way the dice then in hand (six
    again after a Tutto) and the points in grid steps."""
    nietes, lefts, steps, owner, chances = [], [], [], [], []
    for n in range(1, 7):
        niete, ways = fireworks_outcomes(n)
        nietes.append(niete)
        for chance, left, scored in ways:
            lefts.append(left or 6)
            steps.append(scored // STEP)
            owner.append(n - 1)
            chances.append(chance)
    by_dice = np.zeros((6, len(chances)))
    by_dice[owner, np.arange(len(chances))] = chances
    return np.array(nietes), by_dice, np.array(lefts), np.array(steps)


@cache
def street_outcomes(missing: frozenset[int]) -> tuple[float, tuple[tuple[float, frozenset[int]],
                                                                   ...]]:
    """Under Street with the faces ``missing`` (as many dice in hand): the chance of a Niete
    (no new face shows), and each set of new faces shown with its chance."""
    niete = 0.0
    grouped: dict[frozenset[int], float] = defaultdict(float)
    for roll, chance in rolls(len(missing)):
        shown = frozenset(roll) & missing
        if shown:
            grouped[shown] += chance
        else:
            niete += chance
    return niete, tuple((chance, shown) for shown, chance in grouped.items())


@cache
def street_chance(missing: frozenset[int]) -> float:
    """The chance of completing a Street with the faces ``missing`` still to find, setting
    aside at each roll the new faces that give the best chance."""
    if not missing:
        return 1.0
    _niete, ways = street_outcomes(missing)
    return sum(chance * max(street_chance(missing - kept) for kept in subsets(shown))
               for chance, shown in ways)


@cache
def gather_plan(dice: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rolling ``dice`` dice under a normal card, as arrays to read every roll's choices at
    once: by group of rolls (:func:`normal_outcomes`) and way on, the dice left and the points
    in grid steps (a group's shorter list of ways padded with its first way, which leaves
    the best of them as it is), and each group's chance."""
    _niete, groups = normal_outcomes(dice)
    widest = max(len(ways) for _chance, ways in groups)
    left = np.array([[w[0] for w in ways] + [ways[0][0]] * (widest - len(ways))
                     for _chance, ways in groups])
    steps = np.array([[w[1] // STEP for w in ways] + [ways[0][1] // STEP] * (widest - len(ways))
                      for _chance, ways in groups])
    return left, steps, np.array([chance for chance, _ways in groups])


# -- the rule options of a final-round turn -----------------------------------------------------

@dataclass(frozen=True)
class Options:
    """The rule options (rules, section 6) that change a final-round turn. Plus/Minus is the
    standard one: its Tutto ends the turn with exactly 1000."""

    x2_scope: str = "turn"  # "turn": x2 doubles the whole turn total; "card": its own points
    street_after: str = "may-continue"  # or "ends-turn": the 2000 banked, the turn over
    score_floor: str = "zero"  # or "none": the Plus/Minus penalty may go below 0


def after_plus_minus(scores: Sequence[int], seat: int, options: Options) -> list[int]:
    """The scores after ``seat``'s Plus/Minus Tutto: 1000 for the roller; every other player
    with the highest score (before the 1000) loses 1000, unless the roller alone leads."""
    top = max(scores)
    alone = [i for i, score in enumerate(scores) if score == top] == [seat]
    after = list(scores)
    after[seat] += 1000
    for i, score in enumerate(scores):
        if not alone and i != seat and score == top:
            after[i] = score - 1000 if options.score_floor == "none" else max(0, score - 1000)
    return after


# -- the recursion over a turn ------------------------------------------------------------------

class TooDeep(Exception):
    """A position whose recursion would not end on the grid it was given."""


@dataclass
class Filled:
    """Values over the grid's totals (rows, width): exact from ``lo`` to ``hi``, banking from
    ``hi`` on; not a number below ``lo``, so that reading one there shows."""

    lo: int
    hi: int
    values: np.ndarray
    pile: Pile | None = None  # after a Tutto: the pile drawn from (past the grid, see lookup)


@dataclass
class Card:
    """A Bonus card's or an x2's values by dice in hand (index 1 to 6), each over the grid."""

    lo: int
    hi: int
    rolls: list[np.ndarray] = field(default_factory=list)


class Turn:
    """Every value of one player's turn as chances to win, over the grid of turn totals.

    ``bank(totals)`` is the chance to win after banking each total (totals of any shape in,
    ``(rows, *shape)`` out: one row for a player's turn, or one row per need in
    :func:`later_player_chances`); ``lost`` is the chance after a Niete or a Stop (the turn
    total lost), ``plus_minus`` after a Plus/Minus Tutto, both of shape ``(rows,)``; the
    Cloverleaf's second Tutto wins (1). ``width`` grid totals are worked out. ``followed``:
    every card after a Tutto comes from the pile as it stands; otherwise from a full deck's
    proportions every time (the model of a later player's turn). ``beyond``: what a total
    past the grid's end is worth under Fireworks, "bank" (banking the grid's last total, a
    lower bound) or "win" (an upper bound); every other value past the grid is exact.
    """

    def __init__(self, options: Options, bank: Callable[[np.ndarray], np.ndarray],
                 lost: np.ndarray, plus_minus: np.ndarray, width: int,
                 followed: bool = True, beyond: str = "bank") -> None:
        self.options, self._bank, self.followed, self.beyond = options, bank, followed, beyond
        self.lost, self.plus_minus, self.width = lost, plus_minus, width
        self.rows = len(lost)
        self.banked = bank(np.arange(width + REACH + 1) * STEP)  # (rows, width + REACH + 1)
        self._after: dict[Pile, tuple[Filled, Filled]] = {}  # bank or draw, and draw alone
        self._cards: dict[tuple[str, Pile], Card] = {}
        self._fireworks: np.ndarray | None = None
        self._fireworks_lo = width + REACH + 1
        self._plus_minus_chase: list[np.ndarray] = []
        self._cloverleaf_chase: dict[int, list[np.ndarray]] = {}  # by Tuttos made, 0 or 1
        self.plus_minus_start = self.plus_minus_roll(6)
        self.cloverleaf_start = self.cloverleaf_roll(6, 0)
        # Rolling n dice (1 to 5) is worth at most: its Niete's chance times ``lost``, the rest
        # a certain win. Five dice have the fewest Nieten: from where banking is worth that
        # much, for every row, banking beats rolling on with any dice in hand.
        niete = normal_outcomes(5)[0]
        self.settled = self._from_where(
            self.banked[:, :width] >= (1 - niete) + niete * self.lost[:, None])

    # -- what banking is worth -------------------------------------------------------------------
    def bank_at(self, index: np.ndarray) -> np.ndarray:
        """Banking at grid totals ``index`` (any shape): shape (rows, *index.shape)."""
        index = np.asarray(index)
        inside = index < self.banked.shape[1]
        found = self.banked[:, np.minimum(index, self.banked.shape[1] - 1)]
        if inside.all():
            return found
        return np.where(inside, found, self._bank(index * STEP))

    def _from_where(self, holds: np.ndarray) -> int:
        """The first grid total from which ``holds`` (rows, width) stays true to the grid's end
        for every row; TooDeep when it does not hold at the end."""
        every = cast(np.ndarray, holds.all(axis=0))  # (rows, width) .all(axis=0): an array
        if not every[-1]:
            raise TooDeep("banking is not provably best at the end of the grid")
        failing = np.nonzero(~every)[0]
        return int(failing[-1]) + 1 if failing.size else 0

    # -- the cards without a draw after them ---------------------------------------------------
    def fireworks(self, dice: int, lo: int, hi: int) -> np.ndarray:
        """Under Fireworks with ``dice`` dice in hand, over the grid from ``lo`` to ``hi``: the
        turn ends only with a Niete, and then the whole turn total is banked; a Tutto rolls six
        dice again without a card. Filled from the top down (a set-aside adds 50 at least).
        Past the table's end a total is worth :attr:`beyond`: at least banking the table's
        last total, at most a certain win (the bounds :func:`with_others_to_come` takes)."""
        top = self.width + REACH + 1
        if self._fireworks is None:  # by dice in hand, totals, and one column past the end
            self._fireworks = np.empty((7, top + 1, self.rows))
            self._fireworks[:, :top] = self.banked.T
            self._fireworks[:, top] = 1.0 if self.beyond == "win" else self.banked[:, top - 1]
        table = self._fireworks
        nietes, chances, lefts, steps = fireworks_plan()
        for t in range(self._fireworks_lo - 1, lo - 1, -1):
            # every set-aside scores, so each way reads only higher totals: all six at once
            reached = table[lefts, np.minimum(t + steps, top)]  # (ways, rows)
            table[1:, t] = nietes[:, None] * self.banked[None, :, t] + chances @ reached
        self._fireworks_lo = min(self._fireworks_lo, lo)
        rows: np.ndarray = table[dice, lo:hi].T
        return rows

    def tutto_chase(self, tutto: np.ndarray) -> list[np.ndarray]:
        """Under a card with no banking whose only goal is its Tutto (Plus/Minus, the
        Cloverleaf), by dice in hand (index 0: the Tutto made, worth ``tutto``; 1 to 6: rolling
        that many): a Niete is the turn lost, and of a roll's set-asides the one whose dice left
        are worth most is taken (the points do not count). Every group of rolls at once, as
        :meth:`play` reads them."""
        chase = [np.asarray(tutto, dtype=float)]
        for n in range(1, 7):
            left, _steps, chances = gather_plan(n)  # every way leaves fewer than n dice
            best = np.stack(chase)[left].max(axis=1)  # (groups, rows)
            chase.append(normal_outcomes(n)[0] * self.lost + chances @ best)
        return chase

    def plus_minus_roll(self, dice: int) -> np.ndarray:
        """Under Plus/Minus, rolling ``dice`` dice: no banking, its Tutto ends the turn (worth
        ``plus_minus``), a Niete is the turn lost; any set-aside, the best for the Tutto."""
        if not self._plus_minus_chase:
            self._plus_minus_chase = self.tutto_chase(self.plus_minus)
        return self._plus_minus_chase[dice]

    def cloverleaf_roll(self, dice: int, tuttos: int) -> np.ndarray:
        """Under the Cloverleaf, rolling ``dice`` dice after ``tuttos`` Tuttos under it: no
        banking; after the first Tutto six dice again; the second wins the game outright."""
        made = min(tuttos, 1)
        if made not in self._cloverleaf_chase:
            self._cloverleaf_chase[made] = self.tutto_chase(self.cloverleaf_tutto(made))
        return self._cloverleaf_chase[made][dice]

    def cloverleaf_tutto(self, before: int) -> np.ndarray:
        """A Tutto under the Cloverleaf after ``before`` Tuttos under it: the first leaves six
        dice to roll, the second wins the game (1)."""
        if before >= 1:
            return np.ones(self.rows)
        return self.cloverleaf_roll(6, 1)

    def street(self, missing: frozenset[int], end: np.ndarray) -> np.ndarray:
        """Under Street with the faces ``missing`` to find: no banking, a Niete when no new face
        shows (the turn lost), ``end`` (rows, totals) what completing it is worth. Completing
        is never worth less than losing (more points never lower a chance), so the best play
        is the one most likely to complete it: the value is ``lost`` plus that chance times
        what completing adds."""
        if not (end >= self.lost[:, None]).all():
            raise AssertionError("completing a Street would be worth less than a Niete")
        value: np.ndarray = self.lost[:, None] + street_chance(missing) * (end - self.lost[:, None])
        return value

    # -- a card under which the player may bank (Bonus, x2) --------------------------------------
    def play(self, lo: int, hi: int, bank: Callable[[np.ndarray], np.ndarray],
             tutto: Callable[[np.ndarray], np.ndarray],
             above: list[np.ndarray] | None = None) -> list[np.ndarray]:
        """A card under which the player may bank, over in-card grid indices ``lo`` to ``hi``
        (the turn total; under x2 of the card, the points made under it): ``bank`` and
        ``tutto`` give at any indices what banking is worth and what a Tutto with that many
        points is worth. Above ``hi`` the better of banking and rolling on is ``above[n]``
        (indices ``hi`` to ``hi + REACH``) for n dice in hand, or banking. Returns, by dice in
        hand (1 to 6), the value of rolling them from ``lo`` to ``hi``."""
        span = hi - lo
        reach = np.arange(lo, hi + REACH + 1)
        banked = bank(reach)
        # by dice left (totals, rows): the Tutto, then the better of bank and roll on
        going = np.empty((6, len(reach), self.rows))
        going[0] = tutto(reach).T
        found: list[np.ndarray] = [np.zeros((self.rows, span))]
        at = np.arange(span)
        for n in range(1, 7):
            left, steps, chances = gather_plan(n)  # every way leaves fewer than n dice
            # every group's every way at every total: (groups, ways, totals, rows)
            offered = going[left[:, :, None], steps[:, :, None] + at[None, None, :]]
            value = np.einsum("g,gtr->rt", chances, offered.max(axis=1))
            value += normal_outcomes(n)[0] * self.lost[:, None]
            found.append(value)
            if n < 6:
                either = banked.copy()
                either[:, :span] = np.maximum(banked[:, :span], value)
                if above is not None:
                    either[:, span:] = above[n]
                going[n] = either.T
        return found

    def card(self, card: str, pile: Pile, lo: int, hi: int) -> Card:
        """A Bonus card, or x2 of the whole turn, with ``pile`` left after it: its values by
        dice in hand, exact from grid total ``lo`` to at least ``hi``."""
        kept = self._cards.get((card, pile))
        if kept is not None and kept.lo <= lo and kept.hi >= hi:
            return kept
        if kept is not None:
            lo, hi = min(lo, kept.lo), max(hi, kept.hi)
        hi = max(hi, self.settled)
        if hi > self.width:
            raise TooDeep("a card's values go past the grid")
        doubles = card == X2
        done = self.after(pile, 2 * lo + 2 * 300 // STEP if doubles
                          else lo + (300 + BONUS[card]) // STEP)[0]

        def tutto(index: np.ndarray) -> np.ndarray:
            return self.lookup(done, 2 * index if doubles else index + BONUS[card] // STEP)
        rolled = self.play(lo, hi, self.bank_at, tutto)
        found = Card(lo, hi, [np.full((self.rows, self.width), np.nan) for _ in range(7)])
        for n in range(1, 7):
            found.rolls[n][:, lo:hi] = rolled[n]
        self._cards[(card, pile)] = found
        return found

    def x2_of_card(self, pile: Pile, base: int, lo: int) -> list[np.ndarray]:
        """x2 with x2-scope=card drawn at grid total ``base``: only the points made under it
        are doubled by its Tutto, so its values are over the points made, from ``lo`` on."""
        hi = max(self.settled - base, lo + 1)
        if base + hi > self.width:
            raise TooDeep("a card's values go past the grid")
        # its Tutto comes with 300 made at least, and with a die more than now at least
        done = self.after(pile, base + 2 * max(lo + 1, 300 // STEP))[0]
        return self.play(lo, hi, lambda made: self.bank_at(base + made),
                         lambda made: self.lookup(done, base + 2 * made))

    # -- after a Tutto: bank or draw ---------------------------------------------------------
    def lookup(self, filled: Filled, index: np.ndarray) -> np.ndarray:
        """Values at grid totals ``index``: from the table; past the grid's end banking, where
        it is provably best (TooDeep where it is not); below where the table was worked out,
        not a number, which only states no turn reaches may read (the card tables are worked
        out for every total at once)."""
        index = np.asarray(index)
        inside = index < self.width
        found = filled.values[:, np.minimum(index, self.width - 1)]
        banked = self.bank_at(index)
        if filled.pile is not None and not inside.all():
            past = banked[:, ~inside]
            if not (past >= self._hope(filled.pile)).all():
                raise TooDeep("a draw past the grid could beat banking")
        return np.where(inside, found, banked)

    def after(self, pile: Pile, lo: int, upto: int = 0) -> tuple[Filled, Filled]:
        """After a Tutto with ``pile`` left: the better of banking and drawing, and drawing
        alone, exact over the grid from ``lo`` on (drawing at least up to ``upto``)."""
        if not self.followed:
            return self._after_full_proportions(lo)
        kept = self._after.get(pile)
        if kept is not None and kept[0].lo <= lo and kept[1].hi > upto:
            return kept
        if kept is not None:
            lo, upto = min(lo, kept[0].lo), max(upto, kept[1].hi - 1)
        if lo >= self.width:  # past the grid: banking must be provably best from ``lo`` on
            if upto >= lo or not bool((self.bank_at(np.array(lo)) >= self._hope(pile)).all()):
                raise TooDeep("a draw past the grid")
            top = lo
        else:
            top = max(self._hopeless(pile, lo), self.settled)
        if lo >= top and upto < lo:  # banking is best from here on: no draw is worked out
            banked = self.banked[:, :self.width].copy()
            banked[:, :lo] = np.nan
            return Filled(lo, lo, banked, pile), Filled(lo, lo, np.full_like(banked, np.nan))
        hi = max(top, lo + 1, upto + 1)
        if hi > self.width:
            raise TooDeep("the pile's draws go past the grid")
        draw = np.full((self.rows, self.width), np.nan)
        count = sum(pile)
        draw[:, lo:hi] = 0.0
        for card, n in zip(CARDS, pile, strict=True):
            if n:
                draw[:, lo:hi] += n / count * self.card_start(card, take(pile, card), lo, hi)
        better = self.banked[:, :self.width].copy()
        better[:, lo:hi] = np.maximum(better[:, lo:hi], draw[:, lo:hi])
        better[:, :lo] = np.nan
        found = (Filled(lo, hi, better, pile), Filled(lo, hi, draw))
        self._after[pile] = found
        return found

    def _hope(self, pile: Pile, lo: int | None = None) -> np.ndarray:
        """The most drawing from ``pile`` could be worth, at every grid total from ``lo`` (by
        default, anywhere: Fireworks counted as a certain win): each card at the most it could
        be worth (a Bonus card or x2: its first roll's Niete lost and otherwise a certain win; a
        Street: completed with its best chance and then a certain win; Fireworks, Plus/Minus,
        the Cloverleaf and a Stop exactly)."""
        count = sum(pile)
        hope = np.zeros((self.rows, 1 if lo is None else self.width - lo))
        niete = normal_outcomes(6)[0]
        for card, n in zip(CARDS, pile, strict=True):
            if not n:
                continue
            if card == STOP:
                worth = self.lost[:, None]
            elif card == FIREWORKS:
                worth = np.ones((self.rows, 1)) if lo is None else self.fireworks(6, lo,
                                                                                  self.width)
            elif card == PLUS_MINUS:
                worth = self.plus_minus_start[:, None]
            elif card == CLOVERLEAF:
                worth = self.cloverleaf_start[:, None]
            elif card == STREET:  # completed with its best chance, it could win for certain
                chance = street_chance(frozenset(range(1, 7)))
                worth = self.lost[:, None] + chance * (1 - self.lost[:, None])
            else:
                worth = (1 - niete) + niete * self.lost[:, None]
            hope = hope + n / count * worth
        return hope

    def _hopeless(self, pile: Pile, lo: int) -> int:
        """From which grid total drawing from ``pile`` cannot beat banking (:meth:`_hope`)."""
        return lo + self._from_where(self.banked[:, lo:self.width] >= self._hope(pile, lo))

    def card_start(self, card: str, pile: Pile, lo: int, hi: int) -> np.ndarray:
        """``card`` drawn at grid totals ``lo`` to ``hi``, six dice to roll, ``pile`` left."""
        span = hi - lo
        if card == STOP:  # no roll: the whole turn total is lost
            return np.repeat(self.lost[:, None], span, axis=1)
        if card == FIREWORKS:
            return self.fireworks(6, lo, hi)
        if card == PLUS_MINUS:
            return np.repeat(self.plus_minus_start[:, None], span, axis=1)
        if card == CLOVERLEAF:
            return np.repeat(self.cloverleaf_start[:, None], span, axis=1)
        if card == STREET:
            return self.street(frozenset(range(1, 7)), self.street_end(pile, np.arange(lo, hi)))
        if card == X2 and self.options.x2_scope == "card" and self.followed:
            return np.stack([self.x2_of_card(pile, base, 0)[6][:, 0] for base in range(lo, hi)],
                            axis=1)
        return self.card(card, pile, lo, hi).rolls[6][:, lo:hi]

    def street_end(self, pile: Pile, index: np.ndarray) -> np.ndarray:
        """Completing a Street at grid totals ``index`` (before its 2000): then bank or draw,
        or with street-after=ends-turn, banked."""
        index = index + 2000 // STEP
        if self.options.street_after == "ends-turn":
            return self.bank_at(index)
        return self.lookup(self.after(pile, int(index.min()))[0], index)

    def _after_full_proportions(self, lo: int) -> tuple[Filled, Filled]:
        """Bank or draw when every card comes from a full deck's proportions: a draw at a
        total needs the draws at higher totals only, so the grid is filled from the top down,
        a block of totals at a time, each card's values growing with it."""
        kept = self._after.get(FULL)
        if kept is None:
            top = self.width
            if self.settled > top:
                raise TooDeep("the grid ends before banking is best")
            better = self.banked[:, :top].copy()
            kept = (Filled(top, top, better), Filled(top, top, np.full_like(better, np.nan)))
            self._after[FULL] = kept
            self._going = {card: [self.bank_at(np.arange(top + REACH + 1))
                                  for _ in range(6)] for card in MAY_BANK}
        better_filled, draw_filled = kept
        while better_filled.lo > lo:
            # A card's values at a total read the draws where its Tutto can come: 250 points
            # higher at least (the last die's 50 and a bonus of 200), or twice the total and
            # 50 (x2). The values of the whole block must be read only above it.
            top = better_filled.lo
            bottom = max(lo, top - min(BLOCK, max(1, (top + 2) // 2)), 0)
            share = np.zeros((self.rows, top - bottom))
            for card in CARDS:
                share += DECK[card] / sum(FULL) * self._full_card(card, bottom, top)
            draw_filled.values[:, bottom:top] = share
            better_filled.values[:, bottom:top] = np.maximum(
                better_filled.values[:, bottom:top], share)
            better_filled.lo = draw_filled.lo = bottom
        return kept

    def _full_card(self, card: str, bottom: int, top: int) -> np.ndarray:
        """A card drawn at grid totals ``bottom`` to ``top``, every later card from a full
        deck's proportions (x2 doubling the turn total); the values above ``top`` are known."""
        if card not in MAY_BANK:
            return self.card_start(card, FULL, bottom, top)
        done = self._after[FULL][0]
        doubles = card == X2

        def tutto(index: np.ndarray) -> np.ndarray:
            return self.lookup(done, 2 * index if doubles else index + BONUS[card] // STEP)
        going = self._going[card]
        rolled = self.play(bottom, top, self.bank_at, tutto,
                           [going[n][:, top:top + REACH + 1] for n in range(6)])
        for n in range(1, 6):
            going[n][:, bottom:top] = np.maximum(self.bank_at(np.arange(bottom, top)),
                                                 rolled[n])
        return rolled[6]


# -- the stakes of a final-round turn -----------------------------------------------------------

def _grid_width(scores: Sequence[int], highest: int) -> int:
    """Grid totals enough for a position: past the largest gap between the scores, and past
    ``highest``, the largest total a way on can draw at."""
    return (max(max(scores) - min(scores), highest) + 1000) // STEP


def last_turn(options: Options, scores: Sequence[int], seat: int, width: int) -> Turn:
    """The game's last turn, ``seat`` to play: banking wins when the score reaches the best of
    the others (tied top scores all win); a Niete or a Stop leaves the score as it is."""
    mine = scores[seat]
    best = max(score for i, score in enumerate(scores) if i != seat)
    after = after_plus_minus(scores, seat, options)
    plus_minus = float(after[seat] >= max(s for i, s in enumerate(after) if i != seat))

    def bank(totals: np.ndarray) -> np.ndarray:
        return (mine + np.asarray(totals) >= best).astype(float)[None, ...]
    return Turn(options, bank, np.array([float(mine >= best)]), np.array([plus_minus]), width)


@cache
def _later_player_rows(street_after: str, low: int, high: int) -> np.ndarray:
    """The chances of the needs ``low`` to ``high`` grid steps, one row each, on a grid of
    ``high + 1`` totals: any total from a row's need on wins, so a wider grid would change
    none of them, and the rows of larger needs can be added later without working out the
    smaller ones again."""
    needs = np.arange(low, high + 1)

    def bank(totals: np.ndarray) -> np.ndarray:
        totals = np.asarray(totals)
        return (totals[None, ...] >= STEP * needs.reshape((-1,) + (1,) * totals.ndim)
                ).astype(float)
    turn = Turn(Options(street_after=street_after), bank, np.zeros(len(needs)),
                (needs <= 2000 // STEP).astype(float), high + 1, followed=False)
    rows: np.ndarray = turn.after(FULL, 0)[1].values[:, 0]
    return rows


def later_player_chances(street_after: str, most: int) -> np.ndarray:
    """``chance[m]``, m from 0 to ``most`` grid steps: a later player's chance of getting the
    m steps needed in a last turn of their own, as the model of docs/coach.md has it (every
    card from a full deck's proportions, x2 doubling the turn total, a Plus/Minus Tutto
    winning when it closes a gap of 2000, a tie winning); the needs in blocks (1 to 256, then
    up to 512, 1024 and so on), each block's needs at once, one row each."""
    blocks, low, high = [np.array([1.0])], 1, 256
    while low <= most:
        blocks.append(_later_player_rows(street_after, low, min(high, most)))
        low, high = high + 1, 2 * high
    return np.concatenate(blocks)


def with_others_to_come(options: Options, scores: Sequence[int], seat: int, width: int,
                        most: int = 256) -> tuple[Turn, Turn]:
    """A final-round turn of ``seat`` with players still to come, in docs/coach.md's model:
    with the turn's end scores, the chance to win is 0 when an earlier player is ahead or a
    later one level or ahead, else the chance that no later player, each on their own, gets
    the gap in a last turn. Those chances are worked out for gaps up to ``most`` grid steps; a
    larger gap's chance is at most the chance at ``most`` and at least 0 (all the values are
    monotone in them), so two turns come back: a lower bound and an upper bound, which agree
    to the last digits wherever a gap beyond ``most`` is out of reach."""
    later = range(seat + 1, len(scores))
    table = later_player_chances(options.street_after, most)

    def chance(ends: np.ndarray, others: Sequence[int], far: float) -> np.ndarray:
        """The chance to win with the mover's end scores ``ends`` (any shape) and the
        others' scores ``others``; ``far`` the chance a later player gets a gap past
        ``most``."""
        ends = np.asarray(ends)
        found = np.ones(ends.shape)
        for i in range(seat):
            found = np.where(others[i] > ends, 0.0, found)
        for i in later:
            gap = (ends - others[i]) // STEP
            gets = np.where(gap > most, far, table[np.clip(gap, 0, most)])
            found = np.where(others[i] >= ends, 0.0, found * (1.0 - gets))
        return found

    mine = scores[seat]
    after = after_plus_minus(scores, seat, options)
    bounds = []
    for far, beyond in ((float(table[most]), "bank"), (0.0, "win")):
        def bank(totals: np.ndarray, far: float = far) -> np.ndarray:
            return chance(mine + np.asarray(totals), scores, far)[None, ...]
        bounds.append(Turn(options, bank, bank(np.array([0]))[:, 0],
                           chance(np.array([after[seat]]), after, far), width, beyond=beyond))
    return bounds[0], bounds[1]


# -- a moment of the turn ------------------------------------------------------------------------

@dataclass(frozen=True)
class Moment:
    """One moment of a turn, as the reference reads it: the card in force (None after a Tutto,
    to bank or draw), the dice in hand, the turn total and the points made under the card,
    the faces set aside under a Street, the Tuttos made under the Cloverleaf, the roll
    waiting (None: roll or bank), and the pile after the card in force was drawn."""

    card: str | None
    dice: int
    turn_total: int
    card_points: int
    street_aside: tuple[int, ...]
    tuttos: int
    roll: tuple[int, ...] | None
    pile: Pile


def choices(turn: Turn, moment: Moment) -> dict[tuple[tuple[int, ...], str], float]:
    """Every legal way on at ``moment`` with its chance to win: keyed by the dice set aside
    (sorted) and what follows ("roll", "bank" or "draw"), as the game offers them."""
    t = moment.turn_total // STEP
    card, pile = moment.card, moment.pile
    base = (moment.turn_total - moment.card_points) // STEP

    def draw(total: int) -> float:
        return float(turn.after(pile, total, total)[1].values[0, total])

    def bank(total: int) -> float:
        return float(turn.bank_at(np.array(total))[0])

    if card is None:  # after a Tutto
        return {((), "bank"): bank(t), ((), "draw"): draw(t)}

    def rolling(dice: int, total: int, made: int, aside: tuple[int, ...] = ()) -> float:
        """Rolling ``dice`` dice on under the card, ``total`` at risk (``made`` under it)."""
        if card == FIREWORKS:
            return float(turn.fireworks(dice, total, total + 1)[0, 0])
        if card == PLUS_MINUS:
            return float(turn.plus_minus_roll(dice)[0])
        if card == CLOVERLEAF:
            return float(turn.cloverleaf_roll(dice, moment.tuttos)[0])
        if card == STREET:
            missing = frozenset(range(1, 7)) - frozenset(aside)
            return float(turn.street(missing, turn.street_end(pile, np.array([total])))[0, 0])
        if card == X2 and turn.options.x2_scope == "card":
            return float(turn.x2_of_card(pile, base, made)[dice][0, 0])
        return float(turn.card(card, pile, base, total + 1).rolls[dice][0, total])

    made = moment.card_points // STEP
    if moment.roll is None:
        found: dict[tuple[tuple[int, ...], str], float] = {
            ((), "roll"): rolling(moment.dice, t, made, moment.street_aside)}
        if card in MAY_BANK and moment.dice < 6:
            found[((), "bank")] = bank(t)
        return found
    found = {}
    if card == STREET:
        for kept in street_set_asides(moment.roll, moment.street_aside):
            aside = moment.street_aside + kept
            if len(aside) < 6:
                found[(kept, "roll")] = rolling(6 - len(aside), t, made, aside)
            elif turn.options.street_after == "ends-turn":
                found[(kept, "bank")] = bank(t + 2000 // STEP)
            else:
                found[(kept, "bank")] = bank(t + 2000 // STEP)
                found[(kept, "draw")] = draw(t + 2000 // STEP)
        return found
    if card == FIREWORKS:  # the scorekeeper sets aside every scoring die
        kept = fireworks_set_aside(moment.roll)
        if not kept:
            return {}
        ways = [(kept, points(kept) or 0)]
    else:
        ways = set_asides(moment.roll)
    for kept, scored in ways:
        left, total, under = moment.dice - len(kept), t + scored // STEP, made + scored // STEP
        if left and card in MAY_BANK:
            found[(kept, "roll")] = rolling(left, total, under)
            found[(kept, "bank")] = bank(total)
        elif left:
            found[(kept, "roll")] = rolling(left, total, under)
        elif card == FIREWORKS:  # a Tutto: six dice again, no card
            found[(kept, "roll")] = rolling(6, total, under)
        elif card == CLOVERLEAF:
            found[(kept, "roll")] = float(turn.cloverleaf_tutto(moment.tuttos)[0])
        elif card == PLUS_MINUS:  # the Tutto ends the turn with exactly 1000
            found[(kept, "bank")] = float(turn.plus_minus[0])
        else:
            if card == X2:
                total = base + 2 * under if turn.options.x2_scope == "card" else 2 * total
            else:
                total += BONUS[card] // STEP
            found[(kept, "bank")] = bank(total)
            found[(kept, "draw")] = draw(total)
    return found


def values(options: Options, scores: Sequence[int], seat: int, moment: Moment, last: bool
           ) -> dict[tuple[tuple[int, ...], str], tuple[float, float]]:
    """Every legal way on at ``moment`` of ``seat``'s final-round turn with its chance to win:
    the game's last turn (``last``), or a turn with players still to come. Each chance comes
    as a lower and an upper bound (equal in the last turn); the grid is widened until the
    recursion ends on it, and the later players' needs worked out further until the bounds
    agree to :data:`AGREED`."""
    highest = moment.turn_total
    if moment.roll is not None:  # a Tutto may draw at up to 2000 and a bonus more, or twice
        highest = (moment.turn_total + 2600) * (2 if moment.card == X2 else 1)
    width = _grid_width(scores, highest) + (0 if last else 6000 // STEP)
    most = 256  # the later players' needs worked out, in grid steps (with others to come)
    for _ in range(8):
        try:
            if last:
                found = choices(last_turn(options, scores, seat, width), moment)
                return {key: (value, value) for key, value in found.items()}
            low, high = with_others_to_come(options, scores, seat, width, most)
            lows, highs = choices(low, moment), choices(high, moment)
            if all(highs[key] - lows[key] < AGREED for key in lows):
                return {key: (lows[key], highs[key]) for key in lows}
            most *= 2  # a gap past ``most`` could still be reached: work out more needs
        except TooDeep:
            width *= 2
    raise TooDeep("no grid tried was wide enough")
