"""What the table loop needs of Tute, so that the loop itself knows no game."""

from __future__ import annotations

from tutto_a11y.games.contract import AtTable
from tutto_a11y.games.tute.parse import interpret
from tutto_a11y.games.tute.rules import events as E
from tutto_a11y.games.tute.words import Vocabulary
from tutto_a11y.text.i18n import Catalog

#: The end of a round and of the match are said to the end, never cut off by the next entry.
IMPORTANT = (E.RoundOver, E.MatchOver)


def at_table(catalog: Catalog) -> AtTable:
    """Tute's words, parser and important events for one table in one language."""
    return AtTable(Vocabulary(catalog.lang), interpret, IMPORTANT)
