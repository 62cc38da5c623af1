"""The coach's review in words: per player the decisions and their grades, what each measure
says, and the worst moves as a player would tell them ("Blunder: turn 3, Bonus 300, after the
roll 1 2 3 4 6 6, Ben banked 100; rolling on was worth 376 points.").

The review is about every player, so it names each in the third person, and it numbers the
turns as ``show`` does (turns of the game, counted from 1). The figures come from
:mod:`tutto_a11y.games.tutto.coach.review` (and numpy with it), imported by whoever calls this
module, never when a game starts. Points are said to whole points as ``advice`` says them;
chances in percent to one decimal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Sentences
from tutto_a11y.games.tutto.advice import faces_listed, percent_said, spoken
from tutto_a11y.games.tutto.rules import Card

if TYPE_CHECKING:  # the coach (and numpy) load only when a review is asked for
    from tutto_a11y.games.tutto.coach.choices import Choice
    from tutto_a11y.games.tutto.coach.review import Decision, PlayerReview


def roll_said(faces: Sequence[int]) -> str:
    """A roll as it fell, faces apart: "1 2 3 4 6 6"."""
    return " ".join(str(f) for f in faces)


def tenths(value: float, c: Sentences) -> str:
    """A number to one decimal with the language's decimal mark."""
    text = f"{value:.1f}"
    return text if c.lang == "en" else text.replace(".", ",")


class ReviewWords:
    """The review's sentences in one catalog; ``card_name`` names a card as the table does."""

    def __init__(self, catalog: Sentences, card_name: Callable[[Card], str]) -> None:
        self.c = catalog
        self.card_name = card_name

    # -- a player --------------------------------------------------------------------------
    def player(self, p: PlayerReview) -> str:
        """Decisions, how many as the coach would take them, and the count of each grade."""
        c, count = self.c, len(p.decisions)
        if not count:
            return c.gettext("{name}: no decision to look back on yet.", name=p.name)
        grades = c.gettext(
            "{inaccuracies}, {mistakes} and {blunders}",
            inaccuracies=c.ngettext("{n} inaccuracy", "{n} inaccuracies",
                                    p.graded("inaccuracy")),
            mistakes=c.ngettext("{n} mistake", "{n} mistakes", p.graded("mistake")),
            blunders=c.ngettext("{n} blunder", "{n} blunders", p.graded("blunder")))
        return c.ngettext("{name}: {n} decision, {best} as the coach would take it; {grades}.",
                          "{name}: {n} decisions, {best} as the coach would take them; "
                          "{grades}.", count, name=p.name, best=p.best, grades=grades)

    def measure(self, p: PlayerReview, measure: str) -> str | None:
        """What one measure says of a player's decisions (None when it measured none): how
        many, and what was given away on average."""
        found = p.of(measure)
        if not found:
            return None
        c, n = self.c, len(found)
        average = sum(d.loss for d in found) / n
        if measure == "points":
            return c.ngettext("Measured in points: {n} decision, {average} points given away "
                              "on average.",
                              "Measured in points: {n} decisions, {average} points given away "
                              "on average.", n, average=spoken(average))
        points = tenths(100 * average, c)
        if measure == "win":
            return c.ngettext("Measured by the chance to win: {n} decision, {average} "
                              "percentage points given away on average.",
                              "Measured by the chance to win: {n} decisions, {average} "
                              "percentage points given away on average.", n, average=points)
        if measure == "tutto":
            return c.ngettext("Measured by the chance of the Plus/Minus Tutto: {n} decision, "
                              "{average} percentage points given away on average.",
                              "Measured by the chance of the Plus/Minus Tutto: {n} decisions, "
                              "{average} percentage points given away on average.", n,
                              average=points)
        return c.ngettext("Measured by the chance of the Cloverleaf's two Tuttos: {n} decision, "
                          "{average} percentage points given away on average.",
                          "Measured by the chance of the Cloverleaf's two Tuttos: {n} "
                          "decisions, {average} percentage points given away on average.", n,
                          average=points)

    # -- a move ----------------------------------------------------------------------------
    def grade(self, name: str) -> str:
        """A grade as the label a move opens with."""
        c = self.c
        return {"inaccuracy": c.pgettext("review grade", "Inaccuracy"),
                "mistake": c.pgettext("review grade", "Mistake"),
                "blunder": c.pgettext("review grade", "Blunder")}[name]

    def move(self, d: Decision, name: str) -> str:
        """One graded decision of the player ``name``: its grade, where it was taken, what was
        done, and what the advice's way was worth in the measure."""
        c = self.c
        assert d.grade is not None  # only graded decisions are told (``PlayerReview.worst``)
        same = tuple(d.chose.set_aside) == tuple(d.coach.set_aside)
        where = dict(grade=self.grade(d.grade), turn=d.turn, card=self.card_name(d.card),
                     roll=roll_said(d.roll))
        if d.measure == "points":
            return c.gettext("{grade}: turn {turn}, {card}, after the roll {roll}, {chose}; "
                             "{coach} was worth {value} points.",
                             chose=self._chose(d.chose, same, name),
                             coach=self._coach(d.coach, same), value=spoken(d.coach.expected),
                             **where)
        chose, coach = self._chose(d.chose, same, name, said=False), self._coach(d.coach, same)
        percent, best = percent_said(self._chance(d, d.chose), c), \
            percent_said(self._chance(d, d.coach), c)
        if d.measure == "win":
            return c.gettext("{grade}: turn {turn}, {card}, after the roll {roll}, {chose}: "
                             "chance to win {percent} percent; {coach} would have given {best} "
                             "percent.", chose=chose, percent=percent, coach=coach, best=best,
                             **where)
        if d.measure == "tutto":
            return c.gettext("{grade}: turn {turn}, {card}, after the roll {roll}, {chose}: "
                             "chance of the Tutto {percent} percent; {coach} would have given "
                             "{best} percent.", chose=chose, percent=percent, coach=coach,
                             best=best, **where)
        return c.gettext("{grade}: turn {turn}, {card}, after the roll {roll}, {chose}: chance "
                         "of the two Tuttos {percent} percent; {coach} would have given {best} "
                         "percent.", chose=chose, percent=percent, coach=coach, best=best,
                         **where)

    @staticmethod
    def _chance(d: Decision, choice: Choice) -> float:
        """A choice's chance in the decision's measure (to win: its ``expected``)."""
        if d.measure == "win":
            return choice.expected
        assert choice.chance is not None  # a chance measure's choices carry their chance
        return choice.chance

    def _chose(self, choice: Choice, same: bool, name: str, said: bool = True) -> str:
        """What the player did, in the third person, with its value in points unless ``said``
        is False."""
        c, value, faces = self.c, spoken(choice.expected), faces_listed(choice.set_aside)
        then = choice.then
        if not said and choice.ends_turn:  # Plus/Minus, the Cloverleaf's win: no bank chosen
            return c.pgettext("review chose", "{name} set aside {faces} for a Tutto",
                              name=name, faces=faces)
        if choice.tutto and then == "roll":  # six dice again (Cloverleaf, Fireworks)
            if not said:
                return c.pgettext("review chose", "{name} set aside {faces} for a Tutto",
                                  name=name, faces=faces)
            return c.pgettext("review chose", "{name} set aside {faces} for a Tutto, worth "
                              "{value} on average", name=name, faces=faces, value=value)
        if not said:
            if same or not choice.set_aside:
                return {"roll": c.pgettext("review chose", "{name} rolled on", name=name),
                        "bank": c.pgettext("review chose", "{name} banked", name=name),
                        "draw": c.pgettext("review chose", "{name} drew a card",
                                           name=name)}[then]
            return {"roll": c.pgettext("review chose", "{name} set aside {faces} and rolled on",
                                       name=name, faces=faces),
                    "bank": c.pgettext("review chose", "{name} set aside {faces} and banked",
                                       name=name, faces=faces),
                    "draw": c.pgettext("review chose",
                                       "{name} set aside {faces} and drew a card", name=name,
                                       faces=faces)}[then]
        if same or not choice.set_aside:
            if then == "bank":
                return c.pgettext("review chose", "{name} banked {value}", name=name,
                                  value=value)
            if then == "draw":
                return c.pgettext("review chose", "{name} drew a card, worth {value} on "
                                  "average", name=name, value=value)
            return c.pgettext("review chose", "{name} rolled on, worth {value} on average",
                              name=name, value=value)
        if then == "bank":
            return c.pgettext("review chose", "{name} set aside {faces} and banked {value}",
                              name=name, faces=faces, value=value)
        if then == "draw":
            return c.pgettext("review chose", "{name} set aside {faces} and drew a card, worth "
                              "{value} on average", name=name, faces=faces, value=value)
        return c.pgettext("review chose", "{name} set aside {faces} and rolled on, worth "
                          "{value} on average", name=name, faces=faces, value=value)

    def _coach(self, choice: Choice, same: bool) -> str:
        """The advice's way, as the subject of "... was worth 376 points"."""
        c, faces, then = self.c, faces_listed(choice.set_aside), choice.then
        # six dice again (Cloverleaf, Fireworks), or a Tutto that ends the turn by the card's
        # rule (Plus/Minus, the Cloverleaf's win, a Street that ends the turn)
        if choice.tutto and (then == "roll" or choice.ends_turn):
            return c.pgettext("review coach", "setting aside {faces} for a Tutto", faces=faces)
        if same or not choice.set_aside:
            return {"roll": c.pgettext("review coach", "rolling on"),
                    "bank": c.pgettext("review coach", "banking"),
                    "draw": c.pgettext("review coach", "drawing a card")}[then]
        return {"roll": c.pgettext("review coach", "setting aside {faces} and rolling on",
                                   faces=faces),
                "bank": c.pgettext("review coach", "setting aside {faces} and banking",
                                   faces=faces),
                "draw": c.pgettext("review coach", "setting aside {faces} and drawing a card",
                                   faces=faces)}[then]

    # -- the whole review ------------------------------------------------------------------
    def lines(self, game_id: str, players: Sequence[PlayerReview]) -> list[str]:
        """``review`` as text: a title, then per player the grades, what each measure says
        and the worst moves."""
        lines = [self.c.gettext("Review of game {game}: each decision against the coach's "
                                "best.", game=game_id)]
        for p in players:
            lines.append(self.player(p))
            for measure in ("points", "win", "tutto", "two-tuttos"):
                said = self.measure(p, measure)
                if said is not None:
                    lines.append(said)
            lines.extend(self.move(d, p.name) for d in p.worst())
        return lines

    def brief(self, players: Sequence[PlayerReview], over: bool) -> str:
        """At the table: per player the grades and the worst move, as one line."""
        c = self.c
        parts = [c.gettext("The coach looks back on the game.") if over
                 else c.gettext("The coach looks back on the game so far.")]
        for p in players:
            parts.append(self.player(p))
            worst = p.worst()
            if worst:
                parts.append(self.move(worst[0], p.name))
        return " ".join(parts)
