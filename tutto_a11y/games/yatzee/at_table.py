"""What the table loop needs of Yatzee, so that the loop itself knows no game: the words and
parser of the table's language, and which events are said to the end.
"""

from __future__ import annotations

from tutto_a11y.core.contract import AtTable, Sentences
from tutto_a11y.games.yatzee.parse import interpret
from tutto_a11y.games.yatzee.rules import Entry, Game, events as E
from tutto_a11y.games.yatzee.words import Vocabulary

#: The bonus reached and the end of the game are said to the end, never cut off.
IMPORTANT = (E.GameOver, E.BonusReached)


def at_table(catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
    """Yatzee's words, parser and important events for one table in one language."""
    return AtTable(Vocabulary(catalog.lang), interpret, IMPORTANT)
