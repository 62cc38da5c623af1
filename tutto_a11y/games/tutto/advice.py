"""The coach's advice as one line: the best choice now and what it is worth, against the most
natural alternative.

The choices come from :mod:`tutto_a11y.games.tutto.coach.choices`, the same function that answers
``tutto-tally coach --format json``, so what is said and what a script reads always agree. The
coach (and numpy with it) is imported on the first ``advice``, never when a game starts.
Values are rounded to whole points for speech; ``brief`` says the best choice only, in few words,
with the value to the nearest ten.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Sentences, Verbosity
from tutto_a11y.games.tutto.rules import Card, Rules, State, Step, dice as D
from tutto_a11y.text.percent import percent

if TYPE_CHECKING:  # the coach (and numpy) load on the first ``advice``
    from .coach.choices import Choice
    from .coach.position import Position
    from .coach.winning import LeadStakes, Stakes


def spoken(expected: float) -> int:
    """A value as said: the JSON's 0.01 figure rounded half up to whole points, so what is said
    is always what the JSON shows, rounded (342.5 is said 343)."""
    return math.floor(round(expected, 2) + 0.5)


def spoken_briefly(expected: float) -> int:
    """A value as said in brief mode: to the nearest ten (half up), so "380" and not "376",
    which in German is three words shorter; the JSON and normal advice keep the exact figure."""
    return 10 * math.floor(round(expected, 2) / 10 + 0.5)


def faces_said(faces: Sequence[int], catalog: Sentences) -> str:
    """The dice to set aside with their article: "the 1, 5", "die 1", "les 1, 5".

    A bare number before "set aside" is heard as a count ("Leg 4 heraus": four dice?); the
    article makes it the face.
    """
    listed = ", ".join(str(f) for f in faces)
    return catalog.ngettext("the {faces}", "the {faces}", len(faces), faces=listed)


def sentence(text: str) -> str:
    """A translation may open with the dice ("die 1 herauslegen"): a sentence opens capitalised."""
    return text[:1].upper() + text[1:]


def percent_said(chance: float | None, c: Sentences) -> str:
    """A chance in percent to one decimal, with the language's decimal mark: two ways that
    differ by a few tenths of a percent must not both be said "7 percent" (and a chance that is
    not 0 is never said "0.0 percent")."""
    return percent(100 * (chance or 0.0), c, 1)


def whole_percent(chance: float, c: Sentences) -> str:
    """A chance in whole percent as the JSON's figure rounded (``spoken``), never "0" or "100"
    for a chance that is neither."""
    return percent(100 * chance, c, shown=spoken(chance * 100))


#: A chance this close to 1 is a certain win (a sum of chances may miss 1 by a rounding).
CERTAIN = 1e-9


def wins_outright(choice: Choice, position: Position) -> bool:
    """Whether the choice wins the game at once: the Cloverleaf's second Tutto."""
    return bool(position.card is Card.CLOVERLEAF and position.tuttos and choice.tutto)


def faces_listed(faces: Sequence[int]) -> str:
    """The faces as the review lists them, after "after": "1, 5"."""
    return ", ".join(str(f) for f in faces)


def natural_alternative(choices: Sequence[Choice],
                        habit: tuple[int, ...] | None) -> Choice | None:
    """What a player would do without the coach, if it is not the best: setting aside every
    scoring die (``habit``) with its better way on; else the other way on; else the next best."""
    if len(choices) < 2:
        return None
    best = choices[0]
    if habit is not None and tuple(best.set_aside) != habit:
        usual = [c for c in choices if tuple(c.set_aside) == habit]
        if usual:
            return usual[0]
    other = [c for c in choices[1:] if tuple(c.set_aside) == tuple(best.set_aside)]
    return other[0] if other else choices[1]


class Adviser:
    """Words the coach's choices in one catalog at one verbosity."""

    def __init__(self, catalog: Sentences, verbosity: str = Verbosity.NORMAL,
                 names: Sequence[str] = ()) -> None:
        self.c = catalog
        self.verbosity = Verbosity.of(verbosity)
        self.names = tuple(names)  # the players, for each one's chance to win

    def line(self, rules: Rules, state: State) -> str:
        """The advice for a game state (``advice``, and ``--coach`` after a roll or set-aside):
        the best choice in the measure the coach plays for here (:mod:`coach.advised`)."""
        c = self.c
        if state.step is Step.OVER:
            return c.gettext("The game is over: there is nothing left to advise.")
        from .coach.position import MAX_TURN_TOTAL, PositionError, from_state

        position = from_state(state)
        if position is None:
            text = c.gettext("Nothing to decide yet: draw a card.")
            duel = self.duel(rules, state, None)
            return text if duel is None else text + " " + self.chances(duel[0])
        try:
            position.check()
        except PositionError:
            return c.gettext("The coach reckons only with turn totals up to {most}.",
                             most=MAX_TURN_TOTAL)
        from .coach.advised import DUEL, LAST_TURN, LEAD, TUTTO, TWO_TUTTOS, advised

        found = advised(rules, state, self.names)
        assert found is not None
        if found.playing == LAST_TURN:  # the game's last turn: play to win, not for points
            assert found.stakes is not None
            return self.to_win(rules, found.stakes, position, found.choices)
        if found.playing == LEAD:  # the final round with players still to come: play to win
            assert found.stakes is not None
            return self.to_win(rules, found.stakes, position, found.choices,
                               others_to_come=True)
        if found.playing == DUEL:  # two players, the game solved: play to win the game
            assert found.by_seat is not None
            return self.to_win_game(state, position, found.by_seat, found.choices)
        choices = found.choices
        if not choices:
            return c.gettext("Nothing to decide: this roll is a Niete.")
        if found.measure in (TUTTO, TWO_TUTTOS):  # the chance that matters, not the points
            return self.by_chance(position, choices)
        habit = None
        if state.step is Step.SET_ASIDE:
            habit = (D.street_new_faces(state.roll, state.aside) if state.card is Card.STREET
                     else D.best_set_aside(state.roll))
        best = choices[0]
        dice_after = position.dice - len(best.set_aside)
        if self.verbosity is Verbosity.BRIEF:
            return self.brief(best, dice_after)
        text = sentence(self.best(best, dice_after))
        other = natural_alternative(choices, habit)
        if other is not None:
            text += " " + sentence(self.alternative(other, position.dice - len(other.set_aside)))
        return text

    def to_win(self, rules: Rules, stakes: Stakes | LeadStakes, position: Position,
               choices: Sequence[Choice],
               others_to_come: bool = False) -> str:
        """The final round: the choice with the best chance of winning, in the last turn of
        the game or (``others_to_come``) against the players still to come.

        The points still needed are said only where the turn total can count: under the
        Cloverleaf it never does (its two Tuttos win the game), under a Plus/Minus whose Tutto
        ends the turn only its exact 1000 does. "You have enough to win now" is said only when
        the move wins for certain: under a card that may not bank yet a Niete still loses."""
        c = self.c
        if stakes.need <= 0 and not others_to_come:
            return c.gettext("You win whatever happens now.")
        if not choices:
            return c.gettext("Nothing to decide: this roll is a Niete.")
        best = choices[0]
        if wins_outright(best, position):
            return self.outright(best)
        action = self.action(best, position.dice - len(best.set_aside))
        percent = whole_percent(best.expected, c)
        if position.card is Card.CLOVERLEAF and position.tuttos:
            return c.gettext("One more Tutto under the Cloverleaf wins the game: {action}. "
                             "Chance to win: {percent} percent.", action=action,
                             percent=percent)
        if position.card is Card.CLOVERLEAF:
            return c.gettext("Two Tuttos under the Cloverleaf win the game: {action}. Chance to "
                             "win: {percent} percent.", action=action, percent=percent)
        if position.card is Card.PLUS_MINUS and rules.plus_minus == "exact-1000-ends-turn":
            return c.gettext("Under Plus/Minus only the Tutto scores, exactly 1000: {action}. "
                             "Chance to win: {percent} percent.", action=action, percent=percent)
        need = stakes.need - position.turn_total
        may_bank = any(choice.then == "bank" and not choice.ends_turn for choice in choices)
        if others_to_come and need <= 0 and may_bank:
            return c.gettext("You lead, and others still play: {action}. Chance to win: "
                             "{percent} percent.", action=action, percent=percent)
        if others_to_come and need <= 0:
            return c.gettext("You have the points for the lead but may not bank yet, and others "
                             "still play: {action}. Chance to win: {percent} percent.",
                             action=action, percent=percent)
        if others_to_come:
            return c.gettext("You need {need} for the lead, and others still play: {action}. "
                             "Chance to win: {percent} percent.", need=need, action=action,
                             percent=percent)
        if need <= 0 and best.expected >= 1 - CERTAIN:
            return c.gettext("You have enough to win now: {action}.", action=action)
        if need <= 0:
            return c.gettext("You have the points to win but may not bank yet: {action}. "
                             "Chance to win: {percent} percent.", action=action,
                             percent=percent)
        return c.gettext("You need {need} to win: {action}. Chance to win: {percent} percent.",
                         need=need, action=action, percent=percent)

    def outright(self, choice: Choice) -> str:
        """The Cloverleaf's second Tutto: the move wins the game at once."""
        return sentence(self.c.gettext(
            "Set aside {faces}: the Cloverleaf's second Tutto wins the game.",
            faces=faces_said(choice.set_aside, self.c)))

    def by_chance(self, position: Position, choices: Sequence[Choice]) -> str:
        """Under Cloverleaf (every way is worth 0 points) and Plus/Minus (only the Tutto
        counts): the move with the best chance that matters, and that chance, in one sentence."""
        c = self.c
        best = choices[0]  # best chance first
        if wins_outright(best, position):
            return self.outright(best)
        action = self.action(best, position.dice - len(best.set_aside))
        percent = percent_said(best.chance, c)
        if position.card is Card.CLOVERLEAF:
            return c.gettext("Best chance to win: {action}, {percent} percent.", action=action,
                             percent=percent)
        return c.gettext("Best chance of the Tutto: {action}, {percent} percent.",
                         action=action, percent=percent)

    def duel(self, rules: Rules, state: State, position: Position | None
             ) -> tuple[tuple[float, ...], list[Choice]] | None:
        """Each seat's chance to win and the mover's choices, from the kept two-player solve;
        None for other games or when ``coach --duel`` has not solved these rules."""
        if len(state.scores) != 2 or len(self.names) != 2:
            return None
        from .coach.cache import kept

        if not kept(rules):  # the usual case: answered without loading numpy
            return None
        from .coach.advised import two_players

        return two_players(rules, state, position, self.names)

    def chances(self, by_seat: Sequence[float]) -> str:
        """"Chance to win: Anna 46 percent, Ben 54 percent." (the two add up to 100)."""
        c = self.c
        first = spoken(by_seat[0] * 100)
        said = [c.gettext("{name} {percent} percent", name=self.names[0],
                          percent=percent(100 * by_seat[0], c, shown=first)),
                c.gettext("{name} {percent} percent", name=self.names[1],
                          percent=percent(100 * (1 - by_seat[0]), c, shown=100 - first))]
        return c.gettext("Chance to win: {chances}.", chances=", ".join(said))

    def to_win_game(self, state: State, position: Position, by_seat: Sequence[float],
                    choices: Sequence[Choice]) -> str:
        """Two players: the choice with the best chance of winning the game, and the chances."""
        c = self.c
        if not choices:
            return c.gettext("Nothing to decide: this roll is a Niete.") + " " + \
                self.chances(by_seat)
        best = choices[0]
        if wins_outright(best, position):
            return self.outright(best)
        action = self.action(best, position.dice - len(best.set_aside))
        if self.verbosity is Verbosity.BRIEF:
            return c.gettext("Advice to win: {action}, {percent} percent.", action=action,
                             percent=whole_percent(best.expected, c))
        return c.gettext("To win the game: {action}.", action=action) + " " + \
            self.chances(by_seat)

    def action(self, choice: Choice, dice: int) -> str:
        """The choice as a few words inside a sentence ("set aside 1 and roll").

        Rolling all six dice with nothing set aside is a card's first roll: French says
        "lancez" there, not "relancez" (nothing is rolled again). A Tutto that ends the turn by
        the card's rule is no bank the player chooses: "set aside 1, 5 for the Tutto"."""
        c, faces = self.c, faces_said(choice.set_aside, self.c)
        if choice.ends_turn:  # Plus/Minus, a Street that ends the turn: no bank to choose
            return c.pgettext("coach action", "set aside {faces} for the Tutto", faces=faces)
        if not choice.set_aside and choice.then == "roll" and dice == 6:
            return c.pgettext("coach action, first roll", "roll")
        if not choice.set_aside:
            return {"roll": c.pgettext("coach action", "roll"),
                    "bank": c.pgettext("coach action", "bank"),
                    "draw": c.pgettext("coach action", "draw a card")}[choice.then]
        if choice.then == "bank":
            return c.pgettext("coach action", "set aside {faces} and bank", faces=faces)
        if choice.then == "draw":
            return c.pgettext("coach action", "set aside {faces} and draw a card", faces=faces)
        return c.pgettext("coach action", "set aside {faces} and roll", faces=faces)

    # -- the sentences ---------------------------------------------------------------------
    def best(self, choice: Choice, dice: int) -> str:
        c, value = self.c, spoken(choice.expected)
        faces = faces_said(choice.set_aside, self.c)
        if not choice.set_aside:
            if choice.then == "roll":
                if dice == 6:  # the first roll, or six dice again: nothing is re-rolled
                    return c.gettext("Roll all 6 dice: {value} on average.", value=value)
                return c.ngettext("Roll {n} die: {value} on average.",
                                  "Roll {n} dice: {value} on average.", dice, value=value)
            if choice.then == "bank":
                return c.gettext("Bank now: {value}.", value=value)
            return c.gettext("Draw a card: {value} on average.", value=value)
        if choice.tutto:
            if choice.then == "bank":
                return c.gettext("Set aside {faces} for a Tutto and bank: {value}.",
                                 faces=faces, value=value)
            if choice.then == "draw":
                return c.gettext("Set aside {faces} for a Tutto and draw a card: {value} on "
                                 "average.", faces=faces, value=value)
            return c.gettext("Set aside {faces} for a Tutto and roll 6 dice: {value} on "
                             "average.", faces=faces, value=value)
        if choice.then == "bank":
            return c.gettext("Set aside {faces} and bank: {value}.", faces=faces, value=value)
        return c.ngettext("Set aside {faces} and roll {n} die: {value} on average.",
                          "Set aside {faces} and roll {n} dice: {value} on average.", dice,
                          faces=faces, value=value)

    def alternative(self, choice: Choice, dice: int) -> str:
        c, value = self.c, spoken(choice.expected)
        faces = faces_said(choice.set_aside, self.c)
        if not choice.set_aside:
            if choice.then == "roll" and dice == 6:  # a first roll: nothing is rolled again
                return c.pgettext("first roll", "Rolling: {value}.", value=value)
            if choice.then == "roll":
                return c.gettext("Rolling: {value}.", value=value)
            if choice.then == "bank":
                return c.gettext("Banking: {value}.", value=value)
            return c.gettext("Drawing a card: {value}.", value=value)
        if choice.tutto:
            if choice.then == "bank":
                return c.gettext("Setting aside {faces} for a Tutto and banking: {value}.",
                                 faces=faces, value=value)
            if choice.then == "draw":
                return c.gettext("Setting aside {faces} for a Tutto and drawing a card: "
                                 "{value}.", faces=faces, value=value)
            return c.gettext("Setting aside {faces} for a Tutto and rolling 6 dice: {value}.",
                             faces=faces, value=value)
        if choice.then == "bank":
            return c.gettext("Setting aside {faces} and banking: {value}.", faces=faces,
                             value=value)
        return c.ngettext("Setting aside {faces} and rolling {n} die: {value}.",
                          "Setting aside {faces} and rolling {n} dice: {value}.", dice,
                          faces=faces, value=value)

    def brief(self, choice: Choice, dice: int) -> str:
        c, value = self.c, spoken_briefly(choice.expected)
        faces = faces_said(choice.set_aside, self.c)
        then = choice.then
        if not choice.set_aside:
            if then == "roll" and dice == 6:  # a first roll: nothing is rolled again
                return c.pgettext("first roll", "Advice: roll, {value}.", value=value)
            if then == "roll":
                return c.gettext("Advice: roll, {value}.", value=value)
            if then == "bank":
                return c.gettext("Advice: bank, {value}.", value=value)
            return c.gettext("Advice: draw, {value}.", value=value)
        if then == "bank":
            return c.gettext("Advice: {faces}, bank, {value}.", faces=faces,
                             value=value)
        if then == "draw":
            return c.gettext("Advice: {faces}, draw, {value}.", faces=faces,
                             value=value)
        return c.gettext("Advice: {faces}, roll, {value}.", faces=faces,
                             value=value)
