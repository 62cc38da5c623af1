"""The rules of Tute (docs/rules/tute.md) as a pure, undoable model of a match.

Nothing here does input or output, prints or translates: the words, the messages, the table
and the store depend on this package, never the reverse.
"""

from tutto_a11y.core.contract import ReplayError

from .entries import Cante, CardPoints, Entry, LastTrick, Trump, Tute, TuteOf, parse_entry
from .errors import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry
from .events import CanteRecord, RoundRecord, TuteRecord
from .game import Ending, Game
from .options import CHOICES, OPTION_NAMES, PRESETS, Rules
from .rounds import cante_points, games_for, round_points, round_winner
from .sides import MAX_PLAYERS, MIN_PLAYERS, seats_of, side_count, side_of
from .state import State, Step
from .suits import LAST_TRICK, ROUND_CARD_POINTS, SUITS, Suit

__all__ = [
    "AmbiguousEntry", "CHOICES", "Cante", "CanteRecord", "CardPoints", "Ending", "Entry",
    "EntryError",
    "Game", "IllegalEntry", "LAST_TRICK", "LastTrick", "MAX_PLAYERS", "MIN_PLAYERS",
    "MalformedEntry", "OPTION_NAMES", "PRESETS", "ROUND_CARD_POINTS", "ReplayError",
    "RoundRecord", "Rules", "SUITS", "State", "Step", "Suit", "Trump", "Tute", "TuteOf",
    "TuteRecord", "cante_points", "games_for", "parse_entry", "round_points",
    "round_winner", "seats_of", "side_count", "side_of",
]
