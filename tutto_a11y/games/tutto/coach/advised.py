"""What the advice optimises at a moment of the game, and its choices in that measure.

One function for ``advice`` (and ``--coach``) and for the review, so that the review judges
every decision by the very measure the advice at that position plays for, and never charges a
move the advice would make:

- the chance to win (``win``) in the final round (the last turn of the game, or a turn with
  players still to come) and in a two-player game whose rules ``coach --duel`` has solved;
- otherwise, under the Cloverleaf the chance of its two Tuttos (``two-tuttos``: the win it
  brings is no points), and under a Plus/Minus whose Tutto ends the turn the chance of that
  Tutto (``tutto``: it is worth exactly 1000);
- everywhere else the expected points banked at the end of the turn (``points``; also under a
  Plus/Minus whose Tutto adds 1000 and lets the turn go on, where the points weigh its chance
  and the draw or bank after it).

The choices come best first in the measure (the advice's choice is the first); each choice's
``value`` in the measure is :func:`value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutto_a11y.core.record import Record
from tutto_a11y.games.tutto.coach.choices import Choice, coach_for
from tutto_a11y.games.tutto.coach.position import Position, PositionError, from_state
from tutto_a11y.games.tutto.rules import Card, Rules, State, Step

if TYPE_CHECKING:  # the stakes come with numpy, loaded only when the advice plays to win
    from tutto_a11y.games.tutto.coach.winning import LeadStakes, Stakes

POINTS, WIN, TUTTO, TWO_TUTTOS = "points", "win", "tutto", "two-tuttos"
MEASURES = (POINTS, WIN, TUTTO, TWO_TUTTOS)
#: Why the advice plays to win: the game's last turn, a final-round turn with players still
#: to come, or a two-player game solved by ``coach --duel``.
LAST_TURN, LEAD, DUEL = "last-turn", "lead", "duel"


class Advised(Record):
    """The advice's view of one moment: its measure, why it plays to win (``playing``: None,
    or LAST_TURN, LEAD or DUEL), the choices best first in the measure, and what it reads the
    choices from: the stakes of the final round, or each seat's chance in a two-player game."""

    measure: str
    playing: str | None
    choices: tuple[Choice, ...]
    position: Position
    stakes: Stakes | LeadStakes | None = None
    by_seat: tuple[float, ...] | None = None

    @property
    def best(self) -> Choice | None:
        return self.choices[0] if self.choices else None

    def value(self, choice: Choice) -> float:
        """A choice's worth in the measure: a chance under Cloverleaf and Plus/Minus, else
        its ``expected`` (points, or the chance to win)."""
        return value(self.measure, choice)


def value(measure: str, choice: Choice) -> float:
    """A choice's worth in ``measure``."""
    if measure in (TUTTO, TWO_TUTTOS):
        return choice.chance or 0.0
    return choice.expected


def measure_of(rules: Rules, card: Card | None, playing: str | None) -> str:
    """The measure of a moment under ``card``, when the advice plays to win or not."""
    if playing is not None:
        return WIN
    if card is Card.CLOVERLEAF:
        return TWO_TUTTOS
    if card is Card.PLUS_MINUS and rules.plus_minus == "exact-1000-ends-turn":
        return TUTTO
    return POINTS


def advised(rules: Rules, state: State, players: Sequence[str]) -> Advised | None:
    """The advice at this moment, or None when there is nothing to decide (a card is to be
    drawn, the game is over) or the turn total is beyond what the coach reckons with."""
    if state.step is Step.OVER:
        return None
    position = from_state(state)
    if position is None:
        return None
    try:
        position.check()
    except PositionError:
        return None
    from tutto_a11y.games.tutto.coach.winning import stakes_of

    stakes: Stakes | LeadStakes | None = stakes_of(rules, state)
    playing = LAST_TURN if stakes is not None else None
    if stakes is None:
        stakes = lead(rules, state)
        playing = LEAD if stakes is not None else None
    if stakes is not None:
        from tutto_a11y.games.tutto.coach.winning import WinCoach

        found = WinCoach(rules, stakes).choices(position)
        return Advised(WIN, playing, tuple(found), position, stakes)
    duel = two_players(rules, state, position, players)
    if duel is not None:
        by_seat, found = duel
        return Advised(WIN, DUEL, tuple(found), position, by_seat=by_seat)
    measure = measure_of(rules, position.card, None)
    found = coach_for(rules).choices(position)
    if measure in (TUTTO, TWO_TUTTOS):  # best chance first (a stable sort keeps ties' order)
        found = sorted(found, key=lambda c: -(c.chance or 0.0))
    return Advised(measure, None, tuple(found), position)


def plays_to_win(rules: Rules, state: State, players: Sequence[str]) -> bool:
    """Whether the advice plays to win here (cheaply: nothing is solved to tell)."""
    from tutto_a11y.games.tutto.coach.cache import kept
    from tutto_a11y.games.tutto.coach.winning import others_still_to_play, stakes_of

    return (stakes_of(rules, state) is not None or others_still_to_play(rules, state)
            or (len(state.scores) == 2 and len(players) == 2 and kept(rules)))


def lead(rules: Rules, state: State) -> LeadStakes | None:
    """The stakes of a final-round turn with players still to come, or None."""
    from tutto_a11y.games.tutto.coach.winning import lead_stakes_of, others_still_to_play

    if not others_still_to_play(rules, state):
        return None
    from tutto_a11y.games.tutto.coach.duel import last_turn

    return lead_stakes_of(rules, state, last_turn(rules))


def two_players(rules: Rules, state: State, position: Position | None,
                players: Sequence[str]) -> tuple[tuple[float, ...], list[Choice]] | None:
    """Each seat's chance to win and the mover's choices, from the kept two-player solve;
    None for other games or when ``coach --duel`` has not solved these rules."""
    if len(state.scores) != 2 or len(players) != 2:
        return None
    from tutto_a11y.games.tutto.coach.cache import kept

    if not kept(rules):  # the usual case: answered without loading numpy
        return None
    from tutto_a11y.games.tutto.coach.duelcoach import chances

    return chances(rules, state, position)
