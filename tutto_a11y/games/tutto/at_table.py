"""What the table loop needs of Tutto, so that the loop itself knows no game.

The loop (``table/session.py``) finds this through the game's interface by the game's ``kind``:
the words and parser of the game's language, and which events are important enough to be
said to the end.
"""

from __future__ import annotations

from tutto_a11y.core.contract import AtTable, Sentences
from tutto_a11y.games.tutto.parse import interpret
from tutto_a11y.games.tutto.rules import Entry, Game, events as E
from tutto_a11y.games.tutto.words import Vocabulary

#: A Tutto, a Plus/Minus hit, the final round and the end of the game are said to the end.
IMPORTANT = (E.Tutto, E.GameOver, E.PlusMinusScored, E.FinalRound)


def at_table(catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
    """Tutto's words, parser and important events for one table in one language."""
    return AtTable(Vocabulary(catalog.lang), interpret, IMPORTANT)
