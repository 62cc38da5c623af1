"""Two players: each one's chance to win the whole game, by value iteration.

The state between turns is (whose seat moves, the mover's score, the other's score); while the
final round has not begun both scores are below the target. One turn is the single-turn
problem of :mod:`solver` with another measure: banking ``t`` is worth the chance of winning
from the state it leads to (the other player moves next), a Niete or a Stop the chance from the
state as it is, a Plus/Minus Tutto the chance after 1000 for the mover and 1000 off the other
player if that one leads or ties, the Cloverleaf a win. When seat 0 reaches the target, seat 1
takes the last turn of the final round and needs to draw level (ties win for both): that turn
is :mod:`winning`'s. All turns of all states are valued at once on numpy arrays (a batch axis
in front of the turn-total grid), and each sweep updates the after-Tutto values, the Fireworks
table and the game values together until nothing changes by more than ``tolerance``.

Under ``game-end=immediate`` the first to reach the target wins at once (the other player
is below it), so reaching the target is worth 1 for either seat.

Cards after the first come from a full deck's proportions (the tracked deck would multiply
the states by the decks). Only ``x2-scope=turn``, ``plus-minus=exact-1000-ends-turn`` and
``score-floor=zero`` are solved here; the other rule options are refused.

:class:`TurnOfDuel` values the turn of one state with the solved game's values as its bank
values: the table's win-aware advice in the middle of a turn.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from tutto_a11y.coach.rolls import offers
from tutto_a11y.coach.solver import L, PAD, STEP, T, constants, play_card
from tutto_a11y.games.tutto.rules import CARD_ORDER, Card, Rules
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

WIDTH = L + PAD
_FULL = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)


class Turns:
    """Many turns at once: row ``r`` is valued with its own bank values ``u[r]`` (by turn total),
    its Niete value ``lost[r]`` and its Plus/Minus Tutto value ``pm[r]``."""

    def __init__(self, rules: Rules, rows: int) -> None:
        self.rules = rules
        self.k = constants()
        self.after = np.zeros((rows, L))
        self.fire = np.zeros((rows, WIDTH))
        #: of the last sweep: each card's value by turn total, and the Fireworks tables by dice
        self.rows: dict[Card, np.ndarray] = {}
        self.fire_by_dice: list[np.ndarray] = []

    def _at(self, u: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        after = self.after

        def at(totals: np.ndarray) -> np.ndarray:
            index = (totals // STEP).astype(int)
            inside = after[:, np.minimum(index, L - 1)]
            beyond = u[:, np.minimum(index, WIDTH - 1)]
            return np.where(index < L, inside, beyond)
        return at

    def sweep(self, u: np.ndarray, lost: np.ndarray, pm: np.ndarray) -> np.ndarray:
        """One update of every row's after-Tutto and Fireworks values; the value of each row's
        turn from its start (the first card drawn from a full deck's proportions)."""
        k, rules = self.k, self.rules
        lost2 = lost[:, None]
        at = self._at(u)
        rows: dict[Card, np.ndarray] = {}
        for card in CARD_ORDER:
            if card.bonus:
                values, _ = play_card(u, at(T + card.bonus), lost2)
                rows[card] = values[6][:, :L]
            elif card is Card.X2:
                values, _ = play_card(u, at(2 * T), lost2)
                rows[card] = values[6][:, :L]
        self.fire = self._fireworks(u)
        rows[Card.FIREWORKS] = self.fire[:, :L]
        q, s = k.plus_minus[6], k.street[6]
        rows[Card.PLUS_MINUS] = np.broadcast_to((q * pm + (1 - q) * lost)[:, None],
                                                self.after.shape)
        end = at(T[:L] + 2000) if rules.street_after == "may-continue" else \
            u[:, np.minimum((T[:L] + 2000) // STEP, WIDTH - 1).astype(int)]
        rows[Card.STREET] = s * end + (1 - s) * lost2
        twice = q * q
        rows[Card.CLOVERLEAF] = np.broadcast_to((twice + (1 - twice) * lost)[:, None],
                                                self.after.shape)
        rows[Card.STOP] = np.broadcast_to(lost2, self.after.shape)
        draw = sum(p * rows[card] for p, card in zip(_FULL, CARD_ORDER))
        self.rows = rows
        self.after = np.maximum(u[:, :L], draw)
        return draw[:, 0]

    def _fireworks(self, u: np.ndarray) -> np.ndarray:
        """One pass of the Fireworks table: a Niete banks the turn total, a Tutto rolls six
        again (the previous pass's six-dice values stand for the next stretch)."""
        g = [self.fire]
        for n in range(1, 7):
            value = u.copy()
            inner = u[:, :L] * (1.0 - sum(float(c) for c, _o in offers(n)))
            for chance, offer in offers(n):
                taken, points = max(offer)
                shift = points // STEP
                inner = inner + float(chance) * g[n - taken][:, shift:shift + L]
            value[:, :L] = inner
            g.append(value)
        self.fire_by_dice = g
        return g[6]


def supported(rules: Rules) -> bool:
    """Whether the two-player solve models these rules."""
    return (rules.x2_scope == "turn" and rules.plus_minus == "exact-1000-ends-turn"
            and rules.score_floor == "zero")


def _check(rules: Rules) -> None:
    if not supported(rules):
        raise ValueError("the two-player solve needs x2-scope=turn, "
                         "plus-minus=exact-1000-ends-turn and score-floor=zero")


def bank_values(rules: Rules, win: np.ndarray, last: np.ndarray, s_: np.ndarray,
                i_: np.ndarray, j_: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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

    def ended(seat: np.ndarray, score: np.ndarray, against: np.ndarray) -> np.ndarray:
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


def last_turn_chances(rules: Rules, most: int, tolerance: float = 1e-12,
                      progress: Callable[[str], None] | None = None) -> np.ndarray:
    """``chance[m]``: seat 1 wins the game's last turn needing ``m`` grid steps (m >= 1);
    a Plus/Minus Tutto wins when it can close a gap of 2000 (m <= 40)."""
    needs = np.arange(most + 1)
    u = (np.arange(WIDTH)[None, :] >= needs[:, None]).astype(float)
    lost = (needs <= 0).astype(float)
    pm = (needs <= 2000 // STEP).astype(float)
    turns = Turns(rules, len(needs))
    turns.fire = u.copy()
    turns.after = u[:, :L].copy()
    start = np.zeros(len(needs))
    for sweep in range(10 * L):
        new = turns.sweep(u, lost, pm)
        change = float(np.max(np.abs(new - start)))
        start = new
        if change < tolerance and sweep > 2:
            break
    return start


def solve(rules: Rules, tolerance: float = 1e-9,
          progress: Callable[[int, float], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``W[s, i, j]``: the chance that the player in seat ``s`` to move, with ``i`` grid steps
    of score against the other's ``j`` (both below the target), wins the game; and the last
    turn's chances (:func:`last_turn_chances`) it was solved with. ``progress(sweep, change)``
    is told every tenth sweep, so a long solve can say how far it is."""
    _check(rules)
    n = rules.target // STEP
    if rules.game_end == "final-round":
        last = last_turn_chances(rules, n + WIDTH)
    else:  # game-end=immediate: no last turn to play out
        last = np.zeros(n + WIDTH)
    win = np.full((2, n, n), 0.5)
    s_, i_, j_ = np.meshgrid(np.arange(2), np.arange(n), np.arange(n), indexing="ij")
    s_, i_, j_ = s_.ravel(), i_.ravel(), j_.ravel()
    turns = Turns(rules, len(s_))
    start = np.zeros(len(s_))
    for sweep in range(100000):
        u, lost, pm = bank_values(rules, win, last, s_, i_, j_)
        if sweep == 0:
            turns.after, turns.fire = u[:, :L].copy(), u.copy()
        new = turns.sweep(u, lost, pm)
        change = float(np.max(np.abs(new - start)))
        start = new
        win = new.reshape(2, n, n)
        if progress is not None and sweep % 10 == 0:
            progress(sweep, change)
        if change < tolerance and sweep > 2:
            break
    return win, last


class TurnOfDuel:
    """One state's turn valued with the solved game's values as bank values: the after-Tutto
    values, each card's values and the Fireworks tables, iterated until they settle."""

    def __init__(self, rules: Rules, win: np.ndarray, last: np.ndarray, seat: int, mine: int,
                 theirs: int, tolerance: float = 1e-10) -> None:
        one = np.array([seat]), np.array([mine]), np.array([theirs])
        u, lost, pm = bank_values(rules, win, last, *one)
        self.u, self.lost, self.pm = u[0], float(lost[0]), float(pm[0])
        turns = Turns(rules, 1)
        turns.after, turns.fire = u[:, :L].copy(), u.copy()
        before = np.zeros(L)
        for _ in range(10 * L):
            turns.sweep(u, lost, pm)
            if float(np.max(np.abs(turns.after[0] - before))) < tolerance:
                break
            before = turns.after[0].copy()
        self.cards = {card: np.asarray(row)[0] for card, row in turns.rows.items()}
        self.fireworks = [g[0] for g in turns.fire_by_dice]
        self.start = float(sum(p * self.cards[c][0] for p, c in zip(_FULL, CARD_ORDER)))


def first_player_chance(rules: Rules, **kwargs) -> float:
    """The chance that the first player wins a two-player game (ties count as wins)."""
    return float(solve(rules, **kwargs)[0][0, 0, 0])
