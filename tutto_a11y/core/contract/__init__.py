"""The contract every game offers, and the three ways an entry can be wrong.

A game of the table (Tutto, Yatzee, Tute) is its rules parameters (options and
presets, fixed for a game) apart from its state, and a list of accepted entries: ``push`` checks
and applies one, ``pop`` takes it back, ``replay`` rebuilds a saved game through the same checked
path (python-chess). Dice and cards are chance: the table is the chance player, so
``chance_outcomes`` gives what can fall or be drawn now with exact probabilities, and
``legal_entries`` the decisions a player can make now (OpenSpiel). The end is an
:class:`Outcome` with an enum, not a string. What an entry made happen is published to
listeners as a :class:`Notice` that carries everything needed to word it.

The contract is a package of one idea per module, and every name is re-exported here, so a
game or a room writes ``from tutto_a11y.core.contract import X`` whichever module holds X:

- :mod:`.errors`: the refused entry (malformed, illegal, ambiguous), the journal line that does
  not replay, and the reason codes every game shares;
- :mod:`.words`: the fixed words written into files (the base of the games' word enums), the
  verbosity and a saved game's status;
- :mod:`.records`: the frozen values passed between a game and the table (command, chance,
  notice, standing, outcome);
- :mod:`.figures`: what a finished game adds to the statistics;
- :mod:`.catalog`: what a game asks of a catalog (``Sentences``);
- :mod:`.protocols`: what the table, the store and the live view count on (``TableGame``,
  ``GameMessages``, ``GameInterface``, ``Listener``), generic over a game's own types, what the
  rooms that know no game hold of one (``PlayedGame``, ``SeatedGame``), and what a game asks
  of a saved game's row (``SavedGame``) and of a coach (``Coach``);
- :mod:`.bases`: what every game's classes share (the entry list, the interface, the options, the
  loop's view of a game);
- :mod:`.checks`: the checks of raw input every game shares (a line, die faces, the players);
- :mod:`.export`: the fields every game's JSON export opens with.

This package imports nothing else of the project: every game and every room may use it.
"""

from __future__ import annotations

from .bases import AtTable, EntryList, GameInterfaceBase, OptionRules, at_once
from .catalog import Sentences
from .checks import MAX_LINE, check_line, check_seats, parse_faces
from .errors import (
    LINE_REASONS,
    PLAYER_REASONS,
    AmbiguousEntry,
    EntryError,
    IllegalEntry,
    MalformedEntry,
    ReplayError,
)
from .export import export_opening
from .figures import StatsFigures, state_scores, whole_average
from .protocols import (
    AnyMessages,
    Coach,
    CoachOptions,
    CoachReview,
    CoachSettings,
    GameInterface,
    GameMessages,
    Listener,
    LoopInterface,
    PlayedGame,
    SavedGame,
    SeatedGame,
    SeatedState,
    TableGame,
    Working,
)
from .records import (
    TABLE_COMMANDS,
    AnyNotice,
    Chance,
    Command,
    Notice,
    Outcome,
    Standing,
    Termination,
    chance_total,
)
from .words import GameStatus, Verbosity, Word

__all__ = ["AmbiguousEntry", "AnyMessages", "AnyNotice", "AtTable", "Chance", "Coach",
           "CoachOptions", "CoachReview", "CoachSettings", "Command", "EntryError", "EntryList",
           "MAX_LINE",
           "OptionRules", "check_line", "check_seats", "parse_faces", "GameMessages",
           "GameInterface", "GameStatus", "IllegalEntry", "LINE_REASONS", "Listener",
           "LoopInterface", "MalformedEntry", "Notice", "Outcome", "PLAYER_REASONS", "PlayedGame",
           "ReplayError", "SavedGame", "SeatedGame", "SeatedState", "Sentences",
           "GameInterfaceBase", "Standing", "StatsFigures",
           "TABLE_COMMANDS", "TableGame", "Termination", "Verbosity", "Word", "Working", "at_once",
           "chance_total", "export_opening", "state_scores", "whole_average"]
