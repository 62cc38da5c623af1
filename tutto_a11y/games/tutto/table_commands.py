"""The answers to the commands a player can type at Tutto's table besides entries: ``deck``,
``odds``, ``advice`` and ``review``.

The play loop carries out the commands every game shares (``undo``, ``status``, ``scores``,
``help``...) and hands a game's own to ``Messages.command``, which answers here. Each answer
reads the game and changes nothing. The coach (and numpy with it) is imported only when
``advice``, ``review`` or a two-player ``odds`` asks for it, so a game starts without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Command
from tutto_a11y.games.tutto.rules import Card, EntryError
from tutto_a11y.games.tutto.sentence_parts import SentenceParts
from tutto_a11y.text.percent import percent

if TYPE_CHECKING:
    from fractions import Fraction  # exact chances are made when asked for, not at start-up


def command(m: SentenceParts, command: Command) -> str:
    """Tutto's own commands: ``deck``, ``odds``, ``advice`` and ``review`` (the loop carries out
    the others)."""
    if command.name == "deck":
        return deck(m)
    if command.name == "odds":
        return odds(m)
    if command.name == "advice":
        return advice(m)
    if command.name == "review":
        return review(m)
    raise EntryError("unknown-word", word=command.name)


def advice(m: SentenceParts) -> str:
    """``advice``: the coach's best choice now (the coach is imported on first use)."""
    from tutto_a11y.games.tutto.advice import Adviser

    return Adviser(m.c, m.verbosity, m.game.players).line(m.game.rules, m.game.state)


def review(m: SentenceParts) -> str:
    """``review``: the coach looks back on the game so far, in brief (the coach, and
    numpy, are imported on first use)."""
    from tutto_a11y.games.tutto.reviewing import ReviewWords

    from .coach.review import review as looked_back

    return ReviewWords(m.c, m.card_unit).brief(looked_back(m.game), m.game.finished)


def deck(m: SentenceParts) -> str:
    left = m.game.deck_left()
    total = sum(left.values())
    listed = ", ".join(m.c.gettext("{card}: {count}", card=m.card_unit(card), count=n)
                       for card, n in left.items() if n)
    return m.c.ngettext("{n} card left in the deck: {cards}.",
                        "{n} cards left in the deck: {cards}.", total, cards=listed)


def odds(m: SentenceParts) -> str:
    """The risk of a Niete now; in a two-player game whose rules ``coach --duel`` has
    solved, each player's chance to win too."""
    text = niete_odds(m)
    g = m.game
    if len(g.players) == 2 and not g.finished:
        from tutto_a11y.games.tutto.advice import Adviser

        from .coach.position import MAX_TURN_TOTAL, from_state

        adviser = Adviser(m.c, m.verbosity, g.players)
        position = from_state(g.state)
        if position is None or position.turn_total <= MAX_TURN_TOTAL:
            duel = adviser.duel(g.rules, g.state, position)
            if duel is not None:
                text += " " + adviser.chances(duel[0])
    return text


def niete_odds(m: SentenceParts) -> str:
    g = m.game
    chance: Fraction | None = g.odds()
    if chance is None:
        return m.c.gettext("No roll is next, so there is no risk of a Niete to give.")
    said = percent(float(chance * 100), m.c, shown=round(chance * 100))
    x = g.expect()
    if x.card is Card.STREET:
        return m.c.ngettext(
            "Risk of a Niete under Street with {n} die: {percent} percent.",
            "Risk of a Niete under Street with {n} dice: {percent} percent.",
            x.dice, percent=said)
    return m.c.ngettext("Risk of a Niete with {n} die: {percent} percent.",
                        "Risk of a Niete with {n} dice: {percent} percent.", x.dice,
                        percent=said)
