"""Win-aware advice for the last turn of the final round: points are not wins.

When the last player of the final round takes the turn, the game ends after it: that player
wins if the points banked bring the score to the best of the others' (tied top scores all win).
So the coach then maximises the chance of banking at least what is needed, not the points on
average: every value below is a chance of winning, on the same 50-point grid and with the same
roll tables as the points solver (:mod:`solver`). A Plus/Minus Tutto wins when 1000 for the
player, with 1000 taken from each other leader, is enough; the second Tutto under the
Cloverleaf wins at once. The next card after a Tutto comes from the pile as tracked, later ones
from a full deck's proportions, as for the points.

Every other turn of a two-player game, and ``game-end=immediate`` near the target, need the
whole game's value: :mod:`duel` and :mod:`duelcoach`. Left for later (see the README): the
players of the final round before the last one in games of three or more, whose chance also
depends on the players after them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from tutto_a11y.coach.choices import Coach
from tutto_a11y.coach.position import Position
from tutto_a11y.coach.rolls import offers
from tutto_a11y.coach.solver import CAP, L, PAD, STEP, T, constants, play_card
from tutto_a11y.games.tutto.rules import CARD_ORDER, Card, Rules, State
from tutto_a11y.games.tutto.rules.cards import FULL_DECK

_CARD_INDEX = {card: i for i, card in enumerate(CARD_ORDER)}


@dataclass(frozen=True)
class Stakes:
    """What this turn must bring to win: ``need`` points banked (0 or less: it is won already);
    whether a Plus/Minus Tutto (1000, and 1000 off every other leader) wins."""

    need: int
    plus_minus_wins: bool


def stakes_of(rules: Rules, state: State) -> Stakes | None:
    """The stakes when this turn is the last of the game (the last seat in the final round)."""
    players = len(state.scores)
    if rules.game_end != "final-round" or not state.final_round or state.seat != players - 1:
        return None
    scores, seat = state.scores, state.seat
    others = [s for i, s in enumerate(scores) if i != seat]
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    penalised = leaders != [seat]  # 1000 off every other leader, unless the roller leads alone

    def after(score: int) -> int:
        if not (penalised and score == top):
            return score
        return max(0, score - 1000) if rules.score_floor == "zero" else score - 1000

    after_others = [after(s) for i, s in enumerate(scores) if i != seat]
    return Stakes(max(others) - scores[seat], scores[seat] + 1000 >= max(after_others))


def _wins(need: int) -> np.ndarray:
    """1 where banking that turn total wins, else 0 (padding included)."""
    return (T >= need).astype(float)


def _lookup(h: np.ndarray, need: int) -> Callable[[np.ndarray], np.ndarray]:
    """The after-Tutto chance ``h`` at any grid totals (beyond the grid: banking wins)."""
    def at(totals: np.ndarray) -> np.ndarray:
        index = (totals // STEP).astype(int)
        return np.where(index < L, h[np.minimum(index, L - 1)], float(need <= CAP))
    return at


class WinReference:
    """The chance of winning with each card drawn at every turn total; later draws from a
    full deck's proportions (value iteration over the after-Tutto choice, as for points)."""

    def __init__(self, rules: Rules, stakes: Stakes) -> None:
        self.rules, self.stakes = rules, stakes
        self.k = constants()
        self.u = _wins(stakes.need)
        self.lost = float(stakes.need <= 0)
        self.fireworks = self._fireworks()
        after = self.u[:L].copy()
        full = np.array(FULL_DECK, dtype=float) / sum(FULL_DECK)
        for _ in range(L):
            self.draw_values = self.card_values(after)
            new = np.maximum(self.u[:L], full @ self.draw_values)
            if np.array_equal(new, after):
                break
            after = new
        self.after = after

    def _fireworks(self) -> list[np.ndarray]:
        """Under Fireworks the Niete banks everything: chance that the end total wins, by dice."""
        g6 = self.u.copy()
        for _ in range(200):
            g = [g6]
            for n in range(1, 7):
                value = np.full(L + PAD, 0.0)
                value[:] = self.u  # beyond the grid: won
                inner = self.u[:L] * (1.0 - sum(float(c) for c, _o in offers(n)))
                for chance, offer in offers(n):
                    k, points = max(offer)
                    shift = points // STEP
                    inner = inner + float(chance) * g[n - k][shift:shift + L]
                value[:L] = inner
                g.append(value)
            if np.allclose(g[6], g6, atol=1e-13, rtol=0):
                return g
            g6 = g[6]
        return g

    def card_values(self, after: np.ndarray) -> np.ndarray:
        rules, k, lost, u = self.rules, self.k, self.lost, self.u
        at = _lookup(after, self.stakes.need)
        rows = np.full((len(CARD_ORDER), L), lost)
        pm_win = float(self.stakes.plus_minus_wins)
        for card in CARD_ORDER:
            row = rows[_CARD_INDEX[card]]
            if card is Card.FIREWORKS:
                row[:] = self.fireworks[6][:L]
            elif card is Card.CLOVERLEAF:
                twice = k.plus_minus[6] ** 2
                row[:] = twice + (1 - twice) * lost
            elif card is Card.PLUS_MINUS:
                # adds-1000-may-continue is valued as banking right after the Tutto
                row[:] = k.plus_minus[6] * pm_win + (1 - k.plus_minus[6]) * lost
            elif card is Card.STREET:
                totals = T[:L] + 2000
                end = u[np.minimum(totals // STEP, L + PAD - 1).astype(int)] \
                    if rules.street_after == "ends-turn" else at(totals)
                row[:] = k.street[6] * end + (1 - k.street[6]) * lost
            elif card.bonus:
                values, _ = play_card(u, at(T + card.bonus), lost)
                row[:] = values[6][:L]
            elif card is Card.X2:
                if rules.x2_scope == "turn":
                    values, _ = play_card(u, at(2 * T), lost)
                    row[:] = values[6][:L]
                else:
                    base = T[:L, None]
                    bank = (base + T[None, :] >= self.stakes.need).astype(float)
                    values, _ = play_card(bank, at(base + 2 * T[None, :]), lost)
                    row[:] = values[6][:, 0]
        return rows


@lru_cache(maxsize=16)
def win_reference(rules: Rules, stakes: Stakes) -> WinReference:
    return WinReference(rules, stakes)


class WinDeckValues:
    """After a Tutto: the chance of winning by drawing (next card from this pile) or banking."""

    def __init__(self, ref: WinReference, pile: tuple[int, ...]) -> None:
        counts = np.array(pile if sum(pile) else FULL_DECK, dtype=float)
        self.draw = (counts / counts.sum()) @ ref.draw_values
        self.after = np.maximum(ref.u[:L], self.draw)
        self.at = _lookup(self.after, ref.stakes.need)


class WinCoach(Coach):
    """The coach of the game's last turn: every value is the chance of winning."""

    def __init__(self, rules: Rules, stakes: Stakes) -> None:
        self.rules = rules
        self.stakes = stakes
        self.ref = win_reference(rules, stakes)  # type: ignore[assignment]
        self.k = self.ref.k
        self._after: dict[tuple[int, ...], WinDeckValues] = {}
        self._cards: dict[tuple, tuple] = {}

    def after(self, pile: tuple[int, ...]) -> WinDeckValues:  # type: ignore[override]
        if pile not in self._after:
            self._after[pile] = WinDeckValues(self.ref, pile)
        return self._after[pile]

    def _tables(self, card: Card, pile: tuple[int, ...], base: int) -> tuple:  # type: ignore[override]
        key = (card, pile, base)
        if key not in self._cards:
            at, u, lost = self.after(pile).at, self.ref.u, self.ref.lost
            if card is Card.X2 and self.rules.x2_scope == "card":
                bank = (base + T >= self.stakes.need).astype(float)
                self._cards[key] = play_card(bank, at(base + 2 * T), lost)
            elif card is Card.X2:
                self._cards[key] = play_card(u, at(2 * T), lost)
            else:
                self._cards[key] = play_card(u, at(T + card.bonus), lost)
        return self._cards[key]

    def bank(self, total: int) -> float:
        return float(total >= self.stakes.need)

    def plus_minus_tutto(self) -> float:
        return float(self.stakes.plus_minus_wins)

    def roll_value(self, p: Position, dice: int, total: int, made: int) -> float:
        card, k, lost = p.card, self.k, self.ref.lost
        if card is Card.CLOVERLEAF:
            chance = k.plus_minus[dice] * (k.plus_minus[6] if p.tuttos == 0 else 1.0)
            return chance + (1 - chance) * lost
        if card is Card.FIREWORKS:
            index = total // STEP
            return float(self.ref.fireworks[dice][index]) if index < L else 1.0
        if card is Card.PLUS_MINUS:
            end = self._plus_minus_end(p)
            return k.plus_minus[dice] * end + (1 - k.plus_minus[dice]) * lost
        if card is Card.STREET:
            end = self._street_end(p)
            return k.street[dice] * end + (1 - k.street[dice]) * lost
        return super().roll_value(p, dice, total, made)

    def _plus_minus_end(self, p: Position) -> float:
        return self.plus_minus_tutto()
