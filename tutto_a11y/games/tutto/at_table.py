"""What the table loop needs of Tutto, so that the loop itself knows no game.

The loop (``table/session.py``) finds this through the registry by the game's ``kind``: the
words and parser of the game's language, and which events are important enough to be said to
the end.
"""

from __future__ import annotations

from typing import Sequence

from tutto_a11y.games.contract import Command
from tutto_a11y.games.tutto.parse import interpret
from tutto_a11y.games.tutto.rules import Entry, Game
from tutto_a11y.games.tutto.rules import events as E
from tutto_a11y.games.tutto.words import Vocabulary
from tutto_a11y.text.i18n import Catalog

#: A Tutto, a Plus/Minus hit, the final round and the end of the game are said to the end.
_IMPORTANT = (E.Tutto, E.GameOver, E.PlusMinusScored, E.FinalRound)


class AtTable:
    """Tutto's words, parser and important events for one table in one language."""

    def __init__(self, catalog: Catalog) -> None:
        self.vocabulary = Vocabulary(catalog.lang)

    def interpret(self, line: str, game: Game) -> Entry | Command:
        """A typed line as an entry of this game or a global command; EntryError if neither."""
        return interpret(line, game, self.vocabulary)

    @staticmethod
    def important(events: Sequence[E.Event]) -> bool:
        return any(isinstance(event, _IMPORTANT) for event in events)
