"""The rules of Yatzee with 6 dice (docs/rules/yatzee.md) as a pure, undoable game model.

Nothing here does input or output, prints or translates: the table, speech, storage and
messages depend on this package, never the reverse.
"""

from tutto_a11y.core.contract import parse_faces

from .entries import Entry, Roll, Strike, Write, parse_entry
from .errors import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry
from .fields import FACE, LOWER, ORDER, UPPER, Field
from .game import MAX_PLAYERS, MIN_PLAYERS, Ending, Game
from .options import CHOICES, OPTION_NAMES, PRESETS, Rules
from .scoring import combination_points, field_points, fits
from .state import MAX_ROLLS, ROUNDS, State

__all__ = ["AmbiguousEntry", "CHOICES", "Ending", "Entry", "EntryError", "FACE", "Field", "Game",
           "IllegalEntry", "LOWER", "MAX_PLAYERS", "MAX_ROLLS", "MIN_PLAYERS", "MalformedEntry",
           "OPTION_NAMES", "ORDER", "PRESETS", "ROUNDS", "Roll", "Rules", "State", "Strike",
           "UPPER", "Write", "combination_points", "field_points", "fits",
           "parse_entry", "parse_faces"]
