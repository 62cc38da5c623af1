"""What the table loop needs of Tute, so that the loop itself knows no game."""

from __future__ import annotations

from typing import Sequence

from tutto_a11y.games.contract import Command
from tutto_a11y.games.tute.parse import interpret
from tutto_a11y.games.tute.rules import Entry, Game
from tutto_a11y.games.tute.rules import events as E
from tutto_a11y.games.tute.words import Vocabulary
from tutto_a11y.text.i18n import Catalog

#: The end of a round and of the match are said to the end, never cut off by the next entry.
_IMPORTANT = (E.RoundOver, E.MatchOver)


class AtTable:
    """Tute's words, parser and important events for one table in one language."""

    def __init__(self, catalog: Catalog) -> None:
        self.vocabulary = Vocabulary(catalog.lang)

    def interpret(self, line: str, game: Game) -> Entry | Command:
        """A typed line as an entry of the match or a global command; EntryError if neither."""
        return interpret(line, game, self.vocabulary)

    @staticmethod
    def important(events: Sequence[E.Event]) -> bool:
        return any(isinstance(event, _IMPORTANT) for event in events)
