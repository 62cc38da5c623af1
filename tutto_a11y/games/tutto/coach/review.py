"""The coach looks back: every decision of a game against the advice at that very position.

A game is its journal, so the review replays it through the rules and stops at every decision:
each roll with scoring dice (the set-aside, and the roll, bank or draw that followed it). A
Tutto's draw-or-bank is part of the set-aside that made it, as ``coach --format json`` lists it
(one choice per set-aside and way on), so no decision is counted twice. Under Fireworks the
scorekeeper sets aside for the player: there is nothing to decide. A decision whose way on has
not been entered yet (the game stands right after the set-aside) is not reviewed.

Each decision is valued by the very function behind ``advice`` (:func:`advised.advised`), at
the same position, scores and draw pile, and in the measure the advice plays for there: the
chance to win in the final round and in a two-player game ``coach --duel`` has solved, the
chance of the Tutto under a Plus/Minus that ends the turn, the chance of the two Tuttos under
the Cloverleaf, the expected points elsewhere (the points are what ``coach --format json``
lists, so a script can check every such loss). A move the advice would make is never charged.
A decision's loss is the advice's choice's value minus the chosen one's in that measure, and
its grade (an inaccuracy, a mistake, a blunder) comes from :data:`THRESHOLDS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.record import Record
from tutto_a11y.games.tutto.coach.advised import (
    MEASURES,
    POINTS,
    TUTTO,
    TWO_TUTTOS,
    WIN,
    advised,
    plays_to_win,
    value,
)
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

#: A decision with a loss under this is as the coach would play it (the JSON's 0.01 figures).
AS_THE_COACH = {POINTS: 0.005, WIN: 0.00005, TUTTO: 0.00005, TWO_TUTTOS: 0.00005}
INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
GRADES = (INACCURACY, MISTAKE, BLUNDER)
#: The least loss of each grade, by measure (docs/review.md says why): points; the chance of
#: the Plus/Minus Tutto, worth 1000, so a tenth of a percentage point is a point; the chance
#: to win, and under the Cloverleaf the chance of its win, as a chess review grades.
THRESHOLDS = {POINTS: (25.0, 50.0, 75.0), TUTTO: (0.025, 0.05, 0.075),
              WIN: (0.05, 0.10, 0.15), TWO_TUTTOS: (0.05, 0.10, 0.15)}
COSTLIEST = 3  # moves listed per player


def grade(measure: str, loss: float) -> str | None:
    """The grade of a loss in ``measure``: None below an inaccuracy."""
    found = None
    for name, least in zip(GRADES, THRESHOLDS[measure], strict=True):
        if loss >= least:
            found = name
    return found


class Decision(Record):
    """One decision of a player: where it was taken, what was chosen, what the advice at that
    position says, and the measure the advice plays for there (:mod:`advised`)."""

    seat: int
    turn: int  # the turn of the game, counted from 1 as ``show`` counts them
    card: Card
    dice: int
    turn_total: int
    roll: tuple[int, ...]  # as typed
    chose: Choice
    coach: Choice
    measure: str  # POINTS, WIN, TUTTO or TWO_TUTTOS

    @property
    def loss(self) -> float:
        """What the choice gave away in the measure, rounded as the JSON shows it (points to
        0.01, chances to 0.0001), so that a script finds the same grade from the figures."""
        loss = value(self.measure, self.coach) - value(self.measure, self.chose)
        return round(loss, 2 if self.measure == POINTS else 4)

    @property
    def as_the_coach(self) -> bool:
        return self.loss < AS_THE_COACH[self.measure]

    @property
    def grade(self) -> str | None:
        return grade(self.measure, self.loss)

    @property
    def severity(self) -> tuple[int, float]:
        """For listing the worst first: the grade, then the loss against the blunder's."""
        rank = GRADES.index(self.grade) + 1 if self.grade else 0
        return rank, self.loss / THRESHOLDS[self.measure][-1]

    def as_json(self) -> dict[str, object]:
        places = 4 if self.measure == WIN else 2  # a chance to win, or points
        return {"turn": self.turn, "card": self.card.value, "dice": self.dice,
                "turn_total": self.turn_total, "roll": list(self.roll),
                "measure": self.measure, "chose": self.chose.as_json(places),
                "coach": self.coach.as_json(places), "loss": self.loss, "grade": self.grade}


class PlayerReview(Record):
    """A player's decisions, in the order they were taken."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]

    def of(self, measure: str) -> list[Decision]:
        return [d for d in self.decisions if d.measure == measure]

    def _chances(self) -> list[Decision]:
        return [d for d in self.decisions if d.measure != POINTS]

    @property
    def best(self) -> int:
        """How many decisions were as the coach would take them."""
        return sum(d.as_the_coach for d in self.decisions)

    def graded(self, name: str) -> int:
        """How many decisions got this grade."""
        return sum(d.grade == name for d in self.decisions)

    @property
    def expected_loss(self) -> float:
        """The points given away in all: the sum of the losses measured in points."""
        return sum((d.loss for d in self.of(POINTS)), 0.0)

    @property
    def chance_loss(self) -> float:
        """The chances given away where a chance is the measure, summed."""
        return sum((d.loss for d in self._chances()), 0.0)

    def costliest(self, measure: str = POINTS) -> list[Decision]:
        """The costliest decisions measured in points (or by a chance, any but points), most
        loss first (earlier first on a tie), those as the coach would take them left out."""
        found = self.of(POINTS) if measure == POINTS else self._chances()
        found = [d for d in found if not d.as_the_coach]
        return sorted(found, key=lambda d: -d.loss)[:COSTLIEST]

    def worst(self) -> list[Decision]:
        """The graded decisions, the worst grade first, then the greater loss for its measure
        (earlier first on a tie): what the text names."""
        found = [d for d in self.decisions if d.grade is not None]
        return sorted(found, key=lambda d: tuple(-x for x in d.severity))[:COSTLIEST]

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "decisions": len(self.decisions), "best": self.best,
                "grades": {name: self.graded(name) for name in GRADES},
                "expected_loss": round(self.expected_loss, 2),
                "costliest": [d.as_json() for d in self.costliest()],
                "chance_decisions": len(self._chances()),
                "chance_loss": round(self.chance_loss, 4),
                "costliest_chances": [d.as_json() for d in self.costliest(WIN)],
                "moves": [d.as_json() for d in self.decisions]}


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


def decisions(game: Game) -> list[Decision]:
    """Every reviewed decision of a game, in the order of the journal."""
    entries = game.entries
    replay = Game(game.players, game.rules)
    asked: list[tuple[State, SetAside, str, Position]] = []
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
        asked.append((before, entry, then, position))
    # The draw piles of the positions measured in points, solved together first.
    coach_for(game.rules).prepare([position for before, _e, _t, position in asked
                                   if not plays_to_win(game.rules, before, game.players)])
    found: list[Decision] = []
    for before, entry, then, _position in asked:
        seen = advised(game.rules, before, game.players)
        if seen is None or seen.best is None:
            continue
        chose = _matching(seen.choices, tuple(sorted(entry.faces)), then)
        if chose is None:
            continue
        assert before.card is not None
        found.append(Decision(before.seat, sum(before.turns) + 1, before.card, before.dice,
                              before.turn_total, before.roll, chose, seen.best,
                              seen.measure))
    return found


def review(game: Game, only: int | None = None) -> list[PlayerReview]:
    """Each player's review, most points given away first (seat order on a tie); ``only`` a
    seat to review alone."""
    found = decisions(game)
    players = [PlayerReview(seat, name, tuple(d for d in found if d.seat == seat))
               for seat, name in enumerate(game.players) if only is None or seat == only]
    return sorted(players, key=lambda p: (-round(p.expected_loss, 2), -p.chance_loss, p.seat))


__all__ = ["GRADES", "MEASURES", "THRESHOLDS", "Decision", "PlayerReview", "as_json",
           "decisions", "grade", "review"]


def as_json(game_id: str, players: Sequence[PlayerReview]) -> dict[str, object]:
    """The ``review --format json`` answer."""
    shown_id: int | str
    try:
        shown_id = int(game_id)
    except (TypeError, ValueError):
        shown_id = game_id
    return {"game": shown_id, "players": [p.as_json() for p in players]}
