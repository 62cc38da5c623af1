"""Win-aware advice for the last turn of the final round: points are not wins.

When the last player of the final round takes the turn, the game ends after it: that player
wins if the points banked bring the score to the best of the others' (tied top scores all win).
So the coach then maximises the chance of banking at least what is needed, not the points on
average: every value below is a chance of winning, on the same 50-point grid and with the same
roll tables as the points solver (:mod:`solver`). A Plus/Minus Tutto wins when 1000 for the
player, with 1000 taken from each other leader, is enough; the second Tutto under the
Cloverleaf wins at once. The next card after a Tutto comes from the pile as tracked, later ones
from a full deck's proportions (the points coach tracks the pile to the end of the turn).

The players of the final round before the last one, in games of three or more, play against
those still to come: banking a total is worth the chance that none of them then beats the new
score (:class:`LeadStakes`). Each later player is taken to play the last turn's best for the
score to beat, with the chances :func:`duel.last_turn_chances` gives (kept in the user cache
folder, :mod:`cache`); a tie counts for the later player, as in the two-player figures. Not
followed further: a later player's Plus/Minus Tutto that does not win (it takes 1000 off the
leader, which can let an earlier player back in front), and a later player other than the last
also aiming beyond the score to beat. Every other turn of a two-player game, and
``game-end=immediate`` near the target, need the whole game's value: :mod:`duel` and
:mod:`duelcoach`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from tutto_a11y.core.record import Record, replace
from tutto_a11y.games.tutto.coach.choices import Coach
from tutto_a11y.games.tutto.coach.position import Position
from tutto_a11y.games.tutto.coach.rolls import offers
from tutto_a11y.games.tutto.coach.solver import (
    PAD,
    STEP,
    L,
    PileTracker,
    T,
    card_values,
    constants,
    play_card,
)
from tutto_a11y.games.tutto.rules import CARD_ORDER, Card, Rules, State, Step

if TYPE_CHECKING:
    from tutto_a11y.games.tutto.coach.solver import FloatArray

_CARD_INDEX = {card: i for i, card in enumerate(CARD_ORDER)}


class Stakes(Record):
    """What this turn must bring to win: ``need`` points banked (0 or less: it is won already);
    whether a Plus/Minus Tutto (1000, and 1000 off every other leader) wins."""

    need: int
    plus_minus_wins: bool

    def bank_values(self) -> tuple[FloatArray, float, float]:
        """Banking each grid total, a Niete and a Plus/Minus Tutto, as chances to win."""
        return _wins(self.need), float(self.need <= 0), float(self.plus_minus_wins)


class LeadStakes(Record):
    """A turn of the final round with players still to come: ``need`` points to draw level
    with the best of those who have played; ``bank`` the chance to win after banking each
    grid total (padding included), ``niete`` after a Niete or Stop, ``plus_minus`` after a
    Plus/Minus Tutto."""

    need: int
    bank: tuple[float, ...]
    niete: float
    plus_minus: float

    def bank_values(self) -> tuple[FloatArray, float, float]:
        return np.array(self.bank), self.niete, self.plus_minus


def _after_plus_minus(rules: Rules, scores: tuple[int, ...], seat: int) -> list[int]:
    """Every score after ``seat``'s Plus/Minus Tutto: 1000 for the roller, 1000 off every other
    leader unless the roller leads alone (docs/rules/tutto.md)."""
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    penalised = leaders != [seat]
    after = []
    for i, score in enumerate(scores):
        if i == seat:
            score += 1000
        elif penalised and score == top:
            score = max(0, score - 1000) if rules.score_floor == "zero" else score - 1000
        after.append(score)
    return after


def others_still_to_play(rules: Rules, state: State) -> bool:
    """Whether this is a final-round turn with players still to come (three or more)."""
    return (rules.game_end == "final-round" and state.final_round
            and state.seat < len(state.scores) - 1 and state.step is not Step.OVER
            and not any(s % STEP for s in state.scores))


def lead_stakes_of(rules: Rules, state: State, last: FloatArray) -> LeadStakes | None:
    """The stakes of a final-round turn with players still to come, from ``last[m]``: the chance
    that a player needing ``m`` grid steps in the last turn gets them (ties included)."""
    if not others_still_to_play(rules, state):
        return None
    players, seat = len(state.scores), state.seat

    def chance(scores: list[int]) -> float:
        """The mover's chance to win when the turn ends with these scores."""
        mine = scores[seat]
        if any(scores[i] > mine for i in range(seat)) or \
                any(scores[i] >= mine for i in range(seat + 1, players)):
            return 0.0
        result = 1.0
        for later in range(seat + 1, players):
            result *= 1.0 - float(last[min((mine - scores[later]) // STEP, len(last) - 1)])
        return result

    scores = list(state.scores)
    bank = []
    for steps in range(L + PAD):
        ended = list(scores)
        ended[seat] += steps * STEP
        bank.append(chance(ended))
    need = max(scores[:seat] or [0]) - scores[seat]
    return LeadStakes(need, tuple(bank), chance(scores),
                      chance(_after_plus_minus(rules, state.scores, seat)))


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


def _wins(need: int) -> FloatArray:
    """1 where banking that turn total wins, else 0 (padding included)."""
    return (T >= need).astype(float)


def _bank_at(u: FloatArray, totals: FloatArray) -> FloatArray:
    """Banking at any totals: ``u`` on the grid, its last value beyond."""
    banked: FloatArray = u[np.minimum(totals // STEP, L + PAD - 1).astype(int)]
    return banked


class WinMeasure:
    """The chance to win as the coach's measure (:class:`solver.Measure`): banking each grid
    total (``u``, padding included), a Niete (``lost``) and a Plus/Minus Tutto (``pm``) as
    chances to win, and each card drawn valued with the same roll tables as the points. A
    Plus/Minus Tutto is valued as banking right after it (so no draw follows it here)."""

    plus_minus_continues = False

    def __init__(self, rules: Rules, u: FloatArray, lost: float, pm: float) -> None:
        self.rules = rules
        self.k = constants()
        self.u, self.lost, self.pm = u, lost, pm
        self.fireworks = self._fireworks()

    def _fireworks(self) -> list[FloatArray]:
        """Under Fireworks the Niete banks everything: chance that the end total wins, by dice."""
        g6 = self.u.copy()
        for _ in range(200):
            g = [g6]
            for n in range(1, 7):
                value = np.full(L + PAD, 0.0)
                value[:] = self.u  # beyond the grid: banked
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

    def bank_at(self, totals: FloatArray) -> FloatArray:
        return _bank_at(self.u, totals)

    def card_row(self, card: Card, at: Callable[[FloatArray], FloatArray],
                 row: FloatArray) -> None:
        """Fill ``row`` with the chance to win by drawing ``card`` at every turn total, the
        chance after its Tutto looked up by ``at``."""
        rules, k, lost, u = self.rules, self.k, self.lost, self.u
        if card is Card.FIREWORKS:
            row[:] = self.fireworks[6][:L]
        elif card is Card.CLOVERLEAF:
            twice = k.plus_minus[6] ** 2
            row[:] = twice + (1 - twice) * lost
        elif card is Card.PLUS_MINUS:
            # adds-1000-may-continue is valued as banking right after the Tutto
            row[:] = k.plus_minus[6] * self.pm + (1 - k.plus_minus[6]) * lost
        elif card is Card.STREET:
            totals = T[:L] + 2000
            end = _bank_at(u, totals) if rules.street_after == "ends-turn" else at(totals)
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
                bank = _bank_at(u, base + T[None, :])
                values, _ = play_card(bank, at(base + 2 * T[None, :]), lost)
                row[:] = values[6][:, 0]
        else:  # a Stop
            row[:] = lost

    def card_values(self, after: FloatArray) -> FloatArray:
        return card_values(self, after)


@lru_cache(maxsize=16)
def win_measure(rules: Rules, stakes: Stakes | LeadStakes) -> WinMeasure:
    return WinMeasure(rules, *stakes.bank_values())


@lru_cache(maxsize=16)
def win_tracker(rules: Rules, stakes: Stakes | LeadStakes) -> PileTracker:
    """The pile tracker of these stakes, kept: every ``advice`` of the turn shares its piles."""
    return PileTracker(win_measure(rules, stakes))


class WinCoach(Coach):
    """A coach whose every value is the chance of winning: in the game's last turn, against
    the players still to come in the final round, or (:func:`duelcoach.chances`) in a turn of
    a two-player game. Cards after a Tutto follow the pile to the end of the turn, as for
    points (:class:`solver.PileTracker` in this measure)."""

    def __init__(self, rules: Rules, stakes: Stakes | LeadStakes | None = None,
                 measure: WinMeasure | None = None, tracker: PileTracker | None = None
                 ) -> None:
        if stakes is not None:
            measure, tracker = win_measure(rules, stakes), win_tracker(rules, stakes)
        assert measure is not None
        super().__init__(rules, measure, tracker or PileTracker(measure))
        self.stakes = stakes
        self.win = measure

    def plus_minus_tutto(self) -> float:
        return float(self.win.pm)

    def roll_value(self, p: Position, dice: int, total: int, made: int) -> float:
        card, k, lost = p.card, self.k, self.win.lost
        if card is Card.CLOVERLEAF:
            chance = k.plus_minus[dice] * (k.plus_minus[6] if p.tuttos == 0 else 1.0)
            return chance + (1 - chance) * lost
        if card is Card.FIREWORKS:
            index = total // STEP
            return float(self.win.fireworks[dice][min(index, L + PAD - 1)])
        if card is Card.PLUS_MINUS:
            end = self._plus_minus_end(p)
            return k.plus_minus[dice] * end + (1 - k.plus_minus[dice]) * lost
        if card is Card.STREET:
            end = self._street_end(p)
            return k.street[dice] * end + (1 - k.street[dice]) * lost
        return super().roll_value(p, dice, total, made)

    def _plus_minus_end(self, p: Position) -> float:
        return self.plus_minus_tutto()

    def cloverleaf_tutto(self, p: Position, total: int, made: int) -> float:
        """The Cloverleaf's second Tutto wins the game at once, whatever the scores; its first
        leaves six dice to roll for the second (the count goes on: ``p.tuttos`` was 0)."""
        if p.tuttos >= 1:
            return 1.0
        return self.roll_value(replace(p, tuttos=1), 6, total, made)
