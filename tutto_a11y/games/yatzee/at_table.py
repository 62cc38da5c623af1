"""What the table loop needs of Yatzee, so that the loop itself knows no game: the words and
parser of the table's language, and which events are said to the end.
"""

from __future__ import annotations

from typing import Sequence

from tutto_a11y.games.contract import Command
from tutto_a11y.games.yatzee.parse import interpret
from tutto_a11y.games.yatzee.rules import Entry, Game
from tutto_a11y.games.yatzee.rules import events as E
from tutto_a11y.games.yatzee.words import Vocabulary
from tutto_a11y.text.i18n import Catalog

#: The bonus reached and the end of the game are said to the end, never cut off.
_IMPORTANT = (E.GameOver, E.BonusReached)


class AtTable:
    """Yatzee's words, parser and important events for one table in one language."""

    def __init__(self, catalog: Catalog) -> None:
        self.vocabulary = Vocabulary(catalog.lang)

    def interpret(self, line: str, game: Game) -> Entry | Command:
        """A typed line as an entry of this game or a command; EntryError if neither."""
        return interpret(line, game, self.vocabulary)

    @staticmethod
    def important(events: Sequence[E.Event]) -> bool:
        return any(isinstance(event, _IMPORTANT) for event in events)
