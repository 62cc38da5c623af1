"""The coach looks back: every decision of a game against the coach's best at that position.

A game is its journal, so the review replays it through the rules and stops at every decision:
each roll with scoring dice (the set-aside, and the roll, bank or draw that followed it). A
Tutto's draw-or-bank is part of the set-aside that made it, as ``coach --format json`` lists it
(one choice per set-aside and way on), so no decision is counted twice. Under Fireworks the
scorekeeper sets aside for the player: there is nothing to decide. A decision whose way on has
not been entered yet (the game stands right after the set-aside) is not reviewed.

Each decision is valued by the very function behind ``coach --format json``
(:meth:`choices.Coach.choices`), at the same position and with the same draw pile, so a
decision's loss is what a script computes from the command: the best choice's ``expected`` minus
the chosen one's. Under Cloverleaf every way is worth 0 points and under Plus/Minus only the
Tutto counts, so there the measure is the chance that matters (to win with two Tuttos; of the
Tutto), the ``chance`` the command lists next to ``expected``: those decisions are kept apart,
never added to points. (Where a Plus/Minus Tutto adds 1000 and the turn goes on, the points
already weigh its chance, and also the draw or bank after it: they stay the measure.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutto_a11y.games.tutto.coach.choices import BANK, DRAW, ROLL, Choice, coach_for
from tutto_a11y.games.tutto.coach.position import Position, PositionError, from_state
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Game,
    Roll,
    SetAside,
    State,
    Step,
)

POINTS, CHANCE = "points", "chance"
#: A decision with a loss under this is as the coach would play it (the JSON's 0.01 figures).
AS_THE_COACH = {POINTS: 0.005, CHANCE: 0.00005}
COSTLIEST = 3  # moves listed per player


@dataclass(frozen=True)
class Decision:
    """One decision of a player: where it was taken, what was chosen, what the coach says."""

    seat: int
    turn: int  # the player's own turn, counted from 1
    card: Card
    dice: int
    turn_total: int
    roll: tuple[int, ...]  # as typed
    chose: Choice
    coach: Choice
    measure: str  # POINTS, or CHANCE under Cloverleaf and Plus/Minus

    @property
    def loss(self) -> float:
        if self.measure == CHANCE:
            return (self.coach.chance or 0.0) - (self.chose.chance or 0.0)
        return self.coach.expected - self.chose.expected

    @property
    def as_the_coach(self) -> bool:
        return self.loss < AS_THE_COACH[self.measure]

    def as_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "card": self.card.value, "dice": self.dice,
                "turn_total": self.turn_total, "roll": list(self.roll),
                "chose": self.chose.as_json(), "coach": self.coach.as_json(),
                "loss": round(self.loss, 4 if self.measure == CHANCE else 2)}


@dataclass(frozen=True)
class PlayerReview:
    """A player's decisions, in the order they were taken."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]

    def _of(self, measure: str) -> list[Decision]:
        return [d for d in self.decisions if d.measure == measure]

    @property
    def best(self) -> int:
        """How many decisions were as the coach would take them."""
        return sum(d.as_the_coach for d in self.decisions)

    @property
    def expected_loss(self) -> float:
        """The points given away in all: the sum of the losses measured in points."""
        return sum((d.loss for d in self._of(POINTS)), 0.0)

    @property
    def chance_loss(self) -> float:
        """The chances given away under Cloverleaf and Plus/Minus, summed."""
        return sum((d.loss for d in self._of(CHANCE)), 0.0)

    def costliest(self, measure: str = POINTS) -> list[Decision]:
        """The costliest decisions of one measure, most loss first (earlier first on a tie),
        those as the coach would take them left out."""
        found = [d for d in self._of(measure) if not d.as_the_coach]
        return sorted(found, key=lambda d: -d.loss)[:COSTLIEST]

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "decisions": len(self.decisions), "best": self.best,
                "expected_loss": round(self.expected_loss, 2),
                "costliest": [d.as_json() for d in self.costliest()],
                "chance_decisions": len(self._of(CHANCE)),
                "chance_loss": round(self.chance_loss, 4),
                "costliest_chances": [d.as_json() for d in self.costliest(CHANCE)]}


def _way_on(after: State, following: object | None) -> str | None:
    """How the player went on after a set-aside, from the state it left and the next entry;
    None when that has not been entered yet."""
    if after.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
        if following is None:
            return None
        if isinstance(following, Bank):
            return BANK
        if isinstance(following, (Continue, Roll, DrawCard)):
            return DRAW if after.step is Step.CARD_OR_BANK else ROLL
        return None
    if after.step is Step.ROLL:  # no banking under this card, or six dice again
        return ROLL
    return BANK  # the Tutto ended the turn (Plus/Minus, Street that ends the turn, Cloverleaf)


def _matching(choices: Sequence[Choice], faces: tuple[int, ...], then: str) -> Choice | None:
    same = [c for c in choices if tuple(sorted(c.set_aside)) == faces]
    if len(same) == 1:  # one way on only (a Tutto under Fireworks, Cloverleaf, Plus/Minus)
        return same[0]
    return next((c for c in same if c.then == then), None)


def _by_chance(game: Game, card: Card) -> bool:
    """Whether a decision under ``card`` is measured by the chance: under the Cloverleaf (no
    points at all) and under a Plus/Minus whose Tutto ends the turn (exactly 1000). Where its
    Tutto adds 1000 and the turn goes on, the points measure the chance and the draw after it."""
    if card is Card.CLOVERLEAF:
        return True
    return card is Card.PLUS_MINUS and game.rules.plus_minus == "exact-1000-ends-turn"


def decisions(game: Game) -> list[Decision]:
    """Every reviewed decision of a game, in the order of the journal."""
    coach = coach_for(game.rules)
    entries = game.entries
    replay = Game(game.players, game.rules)
    asked: list[tuple[State, Card, SetAside, str, Position]] = []
    for index, entry in enumerate(entries):
        before = replay.state
        replay.push(entry)
        if not isinstance(entry, SetAside) or before.step is not Step.SET_ASIDE:
            continue
        following = entries[index + 1] if index + 1 < len(entries) else None
        then = _way_on(replay.state, following)
        position = from_state(before)
        if then is None or position is None or before.card is None:
            continue
        try:
            position.check()
        except PositionError:  # a turn total beyond what the coach reckons with
            continue
        asked.append((before, before.card, entry, then, position))
    coach.prepare([position for _b, _c, _e, _t, position in asked])
    found: list[Decision] = []
    for before, card, entry, then, position in asked:
        choices = coach.choices(position)
        chose = _matching(choices, tuple(sorted(entry.faces)), then)
        if chose is None or not choices:
            continue
        measure = CHANCE if _by_chance(game, card) else POINTS
        best = choices[0]
        if measure == CHANCE:
            best = max(choices, key=lambda c: c.chance or 0.0)
        found.append(Decision(before.seat, before.turns[before.seat] + 1, card,
                              before.dice, before.turn_total, before.roll, chose, best,
                              measure))
    return found


def review(game: Game, only: int | None = None) -> list[PlayerReview]:
    """Each player's review, most points given away first (seat order on a tie); ``only`` a
    seat to review alone."""
    found = decisions(game)
    players = [PlayerReview(seat, name, tuple(d for d in found if d.seat == seat))
               for seat, name in enumerate(game.players) if only is None or seat == only]
    return sorted(players, key=lambda p: (-round(p.expected_loss, 2), -p.chance_loss, p.seat))


def as_json(game_id: Any, players: Sequence[PlayerReview]) -> dict[str, Any]:
    """The ``review --format json`` answer."""
    try:
        shown_id: Any = int(game_id)
    except (TypeError, ValueError):
        shown_id = game_id
    return {"game": shown_id, "players": [p.as_json() for p in players]}
