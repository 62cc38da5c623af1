"""``tutto-tally coach ... --format json``: the coach's choices for a position given by options.

The options are checked here and every problem becomes one sentence in the chosen language
(exit status 2 at the edge); the answer is the JSON of docs/interface.md, made by the same
:func:`choices.Coach.choices` that the ``advice`` command words at the table. The command
layer (``commands/coach.py``) prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.config.values import rule_pair
from tutto_a11y.core.contract import CoachSettings, Sentences
from tutto_a11y.games.tutto.coach.position import (
    MAX_TURN_TOTAL,
    Position,
    PositionError,
    full_pile_less,
    pile_from_counts,
)
from tutto_a11y.games.tutto.rules import Card, EntryError, Rules, parse_faces
from tutto_a11y.text.names import terminal_safe
from tutto_a11y.text.problems import entry_error_sentence, unworded_problem

CARD_IDS = tuple(card.value for card in Card)


def coach_rules(preset: str, options: Sequence[str], c: Sentences) -> Rules:
    """The rules from ``--rules`` and ``--rule NAME=VALUE``, refused in one sentence."""
    try:
        rules = Rules.preset(preset)
        for option in options:  # in turn: a name the rules do not know is said first
            rules = rules.with_option(*rule_pair(option, c))
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, c)) from None
    return rules


def _faces(text: str | None, option: str, c: Sentences) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        return parse_faces(text)
    except EntryError:
        raise UsageProblem(c.gettext(
            "{option} needs faces from 1 to 6, such as 1 5 5 2, not {value}.", option=option,
            value=terminal_safe(text, limit=24) or '""')) from None


def _pile(text: str | None, card: Card | None, c: Sentences) -> tuple[int, ...]:
    """``--deck stop=3,bonus-300=2``: the draw pile; a card not named is not in it."""
    if text is None:
        return full_pile_less(card)
    counts: dict[Card, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, number = part.partition("=")
        name, number = name.strip().lower(), number.strip()
        if not sep or name not in CARD_IDS or not (number.isascii() and number.isdigit()) \
                or len(number) > 3 or Card(name) in counts:
            raise UsageProblem(c.gettext(
                "--deck needs card ids with their counts, such as stop=10,bonus-300=4, "
                "each card once; {part} is not one.", part=terminal_safe(part, limit=24)))
        counts[Card(name)] = int(number)
    try:
        return pile_from_counts(counts)
    except PositionError as error:
        raise UsageProblem(position_sentence(error, c)) from None


def _card_points(given: int | None, dice: int, turn_total: int) -> int:
    """``--card-points``, or what the position forces: with all six dice in hand the card has
    just been drawn (a Tutto under any card that goes on with six dice leaves the points made
    under it without effect), so nothing was made under it yet; else all of the turn total."""
    if given is not None:
        return given
    return 0 if dice == 6 else turn_total


def _street_faces(card: Card, dice: int, given: tuple[int, ...] | None,
                  roll: tuple[int, ...] | None, c: Sentences) -> tuple[int, ...]:
    """``--faces``, or under Street without it what the position forces: before a roll the
    value does not depend on which faces are set aside, only on how many (one per die not in
    hand), so any do; after a roll it does, and only the faces can say."""
    if given is not None or card is not Card.STREET or dice == 6:
        return given or ()
    if roll is None:
        return tuple(range(1, 7 - dice))
    raise UsageProblem(c.gettext("Under Street the roll's new faces depend on the faces "
                                 "already set aside: give them with --faces."))


def position_sentence(error: PositionError, c: Sentences) -> str:
    """A position no turn can reach, in one sentence."""
    d, r = error.data, error.reason
    if r == "coach-turn-total":
        return c.gettext("--turn-total needs a multiple of 50 from 0 to {most}, not {value}.",
                         most=d["most"], value=d["value"])
    if r == "coach-card-points":
        return c.gettext("--card-points needs a multiple of 50 no larger than the turn total "
                         "{total}, not {value}.", total=d["total"], value=d["value"])
    if r == "coach-stop-card":
        return c.gettext("Under a Stop card there is nothing to decide: the turn is over.")
    if r == "coach-dice":
        return c.gettext("--dice needs a number of dice from 1 to 6, not {value}.",
                         value=d["value"])
    if r == "coach-faces-not-street":
        return c.gettext("--faces is only for the Street card.")
    if r == "coach-street-faces":
        return c.gettext("--faces needs up to 5 different faces under the Street card.")
    if r == "coach-street-dice":
        return c.ngettext("With these faces set aside under Street, {n} die is in hand: give "
                          "--dice {n}.",
                          "With these faces set aside under Street, {n} dice are in hand: "
                          "give --dice {n}.", cast(int, d["dice"]))
    if r == "coach-roll-count":
        return c.ngettext("--roll needs {n} face, one for each die in hand, not {got}.",
                          "--roll needs {n} faces, one for each die in hand, not {got}.",
                          cast(int, d["expected"]), got=d["got"])
    if r == "coach-deck-count":
        return c.ngettext("A deck holds at most {n} card {card}, not {value}.",
                          "A deck holds at most {n} cards {card}, not {value}.",
                          cast(int, d["most"]),
                          card=cast(Card, d["card"]).value, value=d["value"])
    return unworded_problem(r, c)


def coach_command(settings: CoachSettings, say: Callable[[str], None], *, card: str | None,
                  dice: int | None, turn_total: int | None, card_points: int | None,
                  faces: str | None, roll: str | None, deck: str | None, after_tutto: bool,
                  preset: str, rule_options: Sequence[str], fmt: str | None, duel: bool = False,
                  target: int | None = None,
                  tuttos: int | None = None) -> dict[str, object] | None:
    """The choices of the position as JSON data, or with ``--duel`` solve the two-player
    game and keep it (its lines are given to ``say``; None when the answer was said)."""
    c = settings.catalog()
    rules = coach_rules(preset, rule_options, c)
    if duel:
        given = (card, dice, turn_total, card_points, faces, roll, deck, tuttos)
        if after_tutto or any(value is not None for value in given):
            raise UsageProblem(c.gettext("--duel solves the whole game: give only --target, "
                                         "--rules, --rule and --format with it."))
        if target is not None:
            try:
                rules = rules.with_option("target", str(target))
            except EntryError as error:
                raise UsageProblem(entry_error_sentence(error, c)) from None
        from tutto_a11y.games.tutto.coach.duel_command import duel_command

        return duel_command(settings, rules, fmt or "text", say)
    if target is not None:
        raise UsageProblem(c.gettext("--target is only for --duel; the choices of a turn do "
                                     "not depend on the target."))
    if fmt != "json":
        raise UsageProblem(c.gettext("The coach answers a position as JSON: add --format "
                                     "json."))
    if card is not None and card.strip().lower() not in CARD_IDS:
        raise UsageProblem(c.gettext("--card can be {choices}, not {value}.",
                                     choices=", ".join(CARD_IDS),
                                     value=terminal_safe(card, limit=24) or '""'))
    if turn_total is None:
        raise UsageProblem(c.gettext("Give the turn total so far with --turn-total, for "
                                     "example --turn-total 0."))
    if after_tutto:
        if card is not None or roll is not None or faces is not None or dice is not None \
                or tuttos is not None:
            raise UsageProblem(c.gettext("After a Tutto the choice is to draw or to bank: give "
                                         "only --turn-total and --deck with --after-tutto."))
        position = Position(None, 6, turn_total, 0, (), None, _pile(deck, None, c))
    else:
        if card is None or dice is None:
            raise UsageProblem(c.gettext("Give the card with --card and the dice in hand with "
                                         "--dice, or --after-tutto after a Tutto."))
        the_card = Card(card.strip().lower())
        if tuttos is not None and the_card is not Card.CLOVERLEAF:
            raise UsageProblem(c.gettext("--tuttos is only for the Cloverleaf, which needs two "
                                         "Tuttos."))
        the_roll = _faces(roll, "--roll", c)
        position = Position(the_card, dice, turn_total,
                            _card_points(card_points, dice, turn_total),
                            _street_faces(the_card, dice, _faces(faces, "--faces", c),
                                          the_roll, c),
                            the_roll, _pile(deck, the_card, c), tuttos or 0)
    try:
        position.check()
    except PositionError as error:
        raise UsageProblem(position_sentence(error, c)) from None
    from tutto_a11y.games.tutto.coach.choices import as_json, coach_for

    return as_json(coach_for(rules).choices(position))


__all__ = ["CARD_IDS", "MAX_TURN_TOTAL", "coach_command", "coach_rules", "position_sentence"]
