"""The rules of Tutto (docs/rules/tutto.md) as a pure, undoable game model.

Nothing here does input or output, prints, or translates: the command line, speech, storage and
messages depend on this package, never the reverse.
"""

from tutto_a11y.core.contract import ReplayError, parse_faces

from .cards import BONUS_CARDS, CARD_ORDER, DECK_COMPOSITION, DECK_SIZE, Card
from .entries import Bank, Continue, DrawCard, Entry, Roll, SetAside, parse_entry
from .errors import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry
from .game import MAX_PLAYERS, MIN_PLAYERS, Ending, Expectation, Game
from .nodes import chance_outcomes, legal_entries, roll_outcomes
from .options import CHOICES, OPTION_NAMES, PRESETS, Rules
from .state import State, Step

__all__ = [
    "AmbiguousEntry", "BONUS_CARDS", "Bank", "CARD_ORDER", "CHOICES", "Card", "Continue",
    "DECK_COMPOSITION", "DECK_SIZE", "DrawCard", "Ending", "Entry", "EntryError", "Expectation",
    "Game",
    "IllegalEntry", "MAX_PLAYERS", "MIN_PLAYERS", "MalformedEntry", "OPTION_NAMES", "PRESETS",
    "ReplayError", "Roll", "Rules", "SetAside", "State", "Step", "chance_outcomes", "legal_entries",
    "parse_entry", "parse_faces", "roll_outcomes",
]
