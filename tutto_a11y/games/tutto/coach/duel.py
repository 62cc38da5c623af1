"""Two players: each one's chance to win the whole game, by value iteration.

The state between turns is (whose seat moves, the mover's score, the other's score); while the
final round has not begun both scores are below the target. One turn is the single-turn
problem of :mod:`solver` with another measure: banking ``t`` is worth the chance of winning
from the state it leads to (the other player moves next), a Niete or a Stop the chance from the
state as it is, a Plus/Minus Tutto the chance after 1000 for the mover and 1000 off the other
player if that one leads or ties, the Cloverleaf a win. When seat 0 reaches the target, seat 1
takes the last turn of the final round and needs to draw level (tied top scores all win; in
these figures a tie counts for seat 1, so the two chances add up to 1): that turn is
:mod:`winning`'s. The turns of many states are valued at once on numpy arrays (a batch axis in
front of the turn-total grid); each sweep updates the after-Tutto values, the Fireworks table
and the game values together, one layer of states (the same sum of both scores) at a time,
until nothing changes by more than ``tolerance``.

Under ``game-end=immediate`` the first to reach the target wins at once (the other player
is below it), so reaching the target is worth 1 for either seat.

Cards after the first come from a full deck's proportions: the state is both scores, whose
turn and the turn (as the issue defines it); the tracked deck would multiply the states by the
decks (a 56-card deck has millions of partly drawn piles). Only ``x2-scope=turn``,
``plus-minus=exact-1000-ends-turn`` and ``score-floor=zero`` are solved here; the other rule
options are refused.

:func:`bank_values` gives the turn of one state the solved game's values as its bank values:
the table's win-aware advice in the middle of a turn (:mod:`duelcoach`). :func:`last_turn` reads
the last turn's chances, which ship in the package (``last_turn.npz``), for the final round's
advice and for the solve.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tutto_a11y.games.tutto.coach.rolls import offers
from tutto_a11y.games.tutto.coach.solver import PAD, STEP, L, T, constants, play_card
from tutto_a11y.games.tutto.rules import CARD_ORDER, Card, Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

if TYPE_CHECKING:
    from tutto_a11y.games.tutto.coach.solver import FloatArray, IntArray

WIDTH = L + PAD
_FULL = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)


class Turns:
    """Many turns at once: row ``r`` is valued with its own bank values ``u[r]`` (by turn total),
    its Niete value ``lost[r]`` and its Plus/Minus Tutto value ``pm[r]``.

    ``length`` turn totals are valued (the full grid of :mod:`solver` unless told); a longer
    total is worth banking, ``u`` at the last column. A short grid is exact for a row that
    wins the game by banking any longer total: every value there is 1, whatever the play."""

    def __init__(self, rules: Rules, rows: int, length: int = L) -> None:
        self.rules = rules
        self.k = constants()
        self.length = length
        self.width = length + PAD
        self.after: FloatArray = np.zeros((rows, length))
        self.fire: FloatArray = np.zeros((rows, self.width))
        self.cold = np.ones(rows, dtype=bool)  # no table to begin from: start from "always bank"
        #: of the last sweep: each card's value by turn total
        self.rows: dict[Card, FloatArray] = {}

    def start(self, u: FloatArray) -> None:
        """Begin the cold rows from "always bank" (u: bank values on this grid, padding
        included)."""
        self.after[self.cold] = u[self.cold, :self.length]
        self.fire[self.cold] = u[self.cold]

    def warm(self, rows: IntArray, other: Turns, other_rows: IntArray) -> None:
        """Begin rows ``rows`` from the tables of ``other``'s rows ``other_rows``: a
        neighbouring state's turn, close to this one's, so fewer sweeps are needed. A shorter
        table is continued with 1, which is what every total past the target is worth."""
        cut = min(self.length, other.length)
        self.after[rows, :cut] = other.after[other_rows, :cut]
        self.after[rows, cut:] = 1.0
        cut = min(self.width, other.width)
        self.fire[rows, :cut] = other.fire[other_rows, :cut]
        self.fire[rows, cut:] = 1.0
        self.cold[rows] = False

    def _at(self, u: FloatArray) -> Callable[[FloatArray], FloatArray]:
        after, length, width = self.after, self.length, self.width

        def at(totals: FloatArray) -> FloatArray:
            index = (totals // STEP).astype(int)
            inside = after[:, np.minimum(index, length - 1)]
            beyond = u[:, np.minimum(index, width - 1)]
            return np.where(index < length, inside, beyond)
        return at

    def sweep(self, u: FloatArray, lost: FloatArray, pm: FloatArray) -> FloatArray:
        """One update of every row's after-Tutto and Fireworks values; the value of each row's
        turn from its start (the first card drawn from a full deck's proportions)."""
        k, rules, length = self.k, self.rules, self.length
        grid = T[:self.width]
        lost2 = lost[:, None]
        at = self._at(u)
        rows: dict[Card, FloatArray] = {}
        for card in CARD_ORDER:
            if card.bonus:
                values, _ = play_card(u, at(grid + card.bonus), lost2, length)
                rows[card] = values[6][:, :length]
            elif card is Card.X2:
                values, _ = play_card(u, at(2 * grid), lost2, length)
                rows[card] = values[6][:, :length]
        self.fire = self._fireworks(u)
        rows[Card.FIREWORKS] = self.fire[:, :length]
        q, s = k.plus_minus[6], k.street[6]
        rows[Card.PLUS_MINUS] = np.broadcast_to((q * pm + (1 - q) * lost)[:, None],
                                                self.after.shape)
        street = grid[:length] + 2000
        end = at(street) if rules.street_after == "may-continue" else \
            u[:, np.minimum(street // STEP, self.width - 1).astype(int)]
        rows[Card.STREET] = s * end + (1 - s) * lost2
        twice = q * q
        rows[Card.CLOVERLEAF] = np.broadcast_to((twice + (1 - twice) * lost)[:, None],
                                                self.after.shape)
        rows[Card.STOP] = np.broadcast_to(lost2, self.after.shape)
        draw: FloatArray = sum(p * rows[card] for p, card in zip(_FULL, CARD_ORDER, strict=True))
        self.rows = rows
        self.after = np.maximum(u[:, :length], draw)
        return draw[:, 0]

    def _fireworks(self, u: FloatArray) -> FloatArray:
        """One pass of the Fireworks table: a Niete banks the turn total, a Tutto rolls six
        again (the previous pass's six-dice values stand for the next stretch)."""
        length = self.length
        g = [self.fire]
        for n in range(1, 7):
            value = u.copy()
            inner = u[:, :length] * (1.0 - sum(float(c) for c, _o in offers(n)))
            for chance, offer in offers(n):
                taken, points = max(offer)
                shift = points // STEP
                inner = inner + float(chance) * g[n - taken][:, shift:shift + length]
            value[:, :length] = inner
            g.append(value)
        return g[6]


def supported(rules: Rules) -> bool:
    """Whether the two-player solve models these rules."""
    return (rules.x2_scope == "turn" and rules.plus_minus == "exact-1000-ends-turn"
            and rules.score_floor == "zero")


def _check(rules: Rules) -> None:
    if not supported(rules):
        raise ValueError("the two-player solve needs x2-scope=turn, "
                         "plus-minus=exact-1000-ends-turn and score-floor=zero")


def bank_values(rules: Rules, win: FloatArray, last: FloatArray, s_: IntArray,
                i_: IntArray, j_: IntArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """For movers in seats ``s_`` with ``i_`` grid steps against ``j_``: what banking each turn
    total is worth (by grid index, padding included), a Niete, and a Plus/Minus Tutto, each as
    the mover's chance to win from the state it leads to. One function for the solve and for
    the table's turn, so the two cannot value a bank differently."""
    n = win.shape[1]
    steps = np.arange(WIDTH)
    reached = i_[:, None] + steps[None, :]  # the mover's score after banking each total
    inside = reached < n
    other = win[1 - s_[:, None], j_[:, None], np.minimum(reached, n - 1)]
    final_round = rules.game_end == "final-round"

    def ended(seat: IntArray, score: IntArray, against: IntArray) -> FloatArray:
        """The mover reached the target: seat 0 leaves seat 1 a last turn (final round)."""
        if not final_round:
            return np.ones(np.broadcast(seat, score).shape)
        gap = np.clip(score - against, 0, len(last) - 1)
        return np.where(seat == 0, 1.0 - last[gap], 1.0)

    u = np.where(inside, 1.0 - other, ended(s_[:, None], reached, j_[:, None]))
    lost = 1.0 - win[1 - s_, j_, i_]
    u[:, 0] = lost
    penalised = np.where(j_ >= i_, np.maximum(j_ - 1000 // STEP, 0), j_)  # Plus/Minus
    pm_score = i_ + 1000 // STEP
    pm = np.where(pm_score < n, 1.0 - win[1 - s_, penalised, np.minimum(pm_score, n - 1)],
                  ended(s_, pm_score, penalised))
    return u, lost, pm


def _settle(rules: Rules, win: FloatArray, last: FloatArray,
            batches: list[tuple[IntArray, IntArray, IntArray, Turns]],
            tolerance: float) -> int:
    """Sweep the turns of one layer of states until their values and after-Tutto tables
    change by less than ``tolerance``; each batch reads the values the one before it wrote
    (Gauss-Seidel). Returns the number of sweeps."""
    for sweep in range(1, 10 * L):
        change = 0.0
        for s_, i_, j_, turns in batches:
            u, lost, pm = bank_values(rules, win, last, s_, i_, j_)
            u = u[:, :turns.width]
            if sweep == 1:
                turns.start(u)
            before = turns.after
            new = turns.sweep(u, lost, pm)
            change = max(change, float(np.max(np.abs(new - win[s_, i_, j_]))),
                         float(np.max(np.abs(turns.after - before))))
            win[s_, i_, j_] = new
        if change < tolerance:
            return sweep
    return sweep


def last_turn_chances(rules: Rules, most: int, tolerance: float = 1e-12) -> FloatArray:
    """``chance[m]``: seat 1 wins the game's last turn needing ``m`` grid steps (m >= 1);
    a Plus/Minus Tutto wins when it can close a gap of 2000 (m <= 40). A tie wins.

    The needs are valued in batches of neighbours on a grid as long as the largest need of
    the batch (every longer turn total wins anyway), so small needs cost little."""
    needs = np.arange(most + 1)
    chance = np.zeros(most + 1)
    # One turn of seat 1 against a seat-0 score of m steps, seat 1 at 0: "win" holds the
    # answers, read back by bank_values only through the Niete (a need of 0 wins).
    for first in range(0, most + 1, 32):
        batch = needs[first:first + 32]
        length = int(min(L, max(1, batch.max())))
        u = (np.arange(length + PAD)[None, :] >= batch[:, None]).astype(float)
        lost = (batch <= 0).astype(float)
        pm = (batch <= 2000 // STEP).astype(float)
        turns = Turns(rules, len(batch), length)
        turns.start(u)
        start = np.zeros(len(batch))
        for _sweep in range(10 * L):
            before = turns.after
            new = turns.sweep(u, lost, pm)
            change = max(float(np.max(np.abs(new - start))),
                         float(np.max(np.abs(turns.after - before))))
            start = new
            if change < tolerance:
                break
        chance[first:first + 32] = start
    return chance


#: The last turn's chances, worked out once for each way a Street may end and shipped in the
#: package (``scripts/coach_tables.py`` writes them; a test checks them against a fresh solve).
SHIPPED = Path(__file__).with_name("last_turn.npz")


def last_turn_key(rules: Rules) -> str:
    """What the last turn's chances depend on: of the rule options only ``street-after`` (the
    model of :func:`last_turn_chances`: the target does not matter, x2 doubles the turn
    total, and a Plus/Minus Tutto ends the turn)."""
    return rules.street_after


def last_turn_most() -> int:
    """The largest need the shipped table holds, in grid steps: one past the coach's grid and
    its padding, where no turn total counts any more and every larger need has the same
    chance (the Cloverleaf's two Tuttos)."""
    return L + PAD


@lru_cache(maxsize=4)
def last_turn(rules: Rules) -> FloatArray:
    """``chance[m]``: the last player of the final round gets the ``m`` grid steps needed
    (:func:`last_turn_chances`; a larger need than the table holds has its last chance).
    Read from the table shipped in the package; worked out again (about ten seconds) only if
    that table is missing or damaged, and then kept for the process."""
    most = last_turn_most()
    try:
        with np.load(SHIPPED, allow_pickle=False) as data:
            chance: FloatArray = data[last_turn_key(rules)]
        if (chance.shape == (most + 1,) and chance.dtype.kind == "f"
                and np.isfinite(chance).all() and ((chance >= 0) & (chance <= 1)).all()):
            return chance
    except Exception:  # missing or damaged: work it out rather than trust it
        pass
    return last_turn_chances(rules, most, tolerance=1e-10)


def last_turn_to(rules: Rules, most: int) -> FloatArray:
    """:func:`last_turn` for every need up to ``most`` grid steps (a larger target's solve)."""
    chance = last_turn(rules)
    if most < len(chance):
        shorter: FloatArray = chance[:most + 1].copy()
        return shorter
    longer: FloatArray = np.concatenate([chance, np.full(most + 1 - len(chance), chance[-1])])
    return longer


def solve(rules: Rules, tolerance: float = 1e-10,
          progress: Callable[[int], None] | None = None) -> tuple[FloatArray, FloatArray]:
    """``W[s, i, j]``: the chance that the player in seat ``s`` to move, with ``i`` grid steps
    of score against the other's ``j`` (both below the target), wins the game; and the last
    turn's chances (:func:`last_turn_chances`) it was solved with. A tie counts for seat 1.

    The sum of both scores never falls (a bank adds, a Plus/Minus Tutto adds 1000 and takes
    at most 1000), so the states are solved layer by layer from the highest sum down: a layer
    needs only the layers above it, and only its own Nieten and Plus/Minus swaps are
    iterated. A row that wins by banking any total past the target (seat 1, or either seat
    under ``game-end=immediate``) is valued on a grid that ends there. ``progress(percent)``
    is told at every tenth of the work, so a long solve can say how far it is."""
    _check(rules)
    n = rules.target // STEP
    final_round = rules.game_end == "final-round"
    if final_round:  # the last turn's chances shipped in the package (see last_turn)
        last = last_turn_to(rules, n + WIDTH)
    else:  # game-end=immediate: no last turn to play out
        last = np.zeros(n + WIDTH)
    win = np.zeros((2, n, n))

    def length(seat: int, lowest: int) -> int:
        short = seat == 1 or not final_round
        return int(min(L, max(1, n - lowest))) if short else L

    levels = [np.arange(max(0, level - n + 1), min(level, n - 1) + 1)
              for level in range(2 * n - 2, -1, -1)]
    work = [sum(len(i) * length(seat, int(i.min())) for seat in (0, 1)) for i in levels]
    everything, done, told = sum(work), 0, 0
    previous: list[tuple[IntArray, IntArray, IntArray, Turns]] | None = None
    for level, i_, cost in zip(range(2 * n - 2, -1, -1), levels, work, strict=True):
        j_ = level - i_
        batches = [(np.full(len(i_), seat), i_, j_,
                    Turns(rules, len(i_), length(seat, int(i_.min())))) for seat in (0, 1)]
        if previous is not None:
            for (s_, _i, _j, turns), (_s, before_i, _bj, before) in zip(batches, previous,
                                                                         strict=True):
                # The state with the other player 50 points further on: its turn is close.
                here = np.nonzero(np.isin(i_, before_i) & (j_ + 1 < n))[0]
                turns.warm(here, before, np.searchsorted(before_i, i_[here]))
                win[s_[here], i_[here], j_[here]] = win[s_[here], i_[here], j_[here] + 1]
        _settle(rules, win, last, batches, tolerance)
        previous = batches
        done += cost
        percent = 100 * done // everything
        if progress is not None and percent // 10 > told // 10:
            told = percent
            progress(percent)
    return win, last
