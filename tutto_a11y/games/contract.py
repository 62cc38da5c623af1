"""The contract every game offers, and the three ways an entry can be wrong.

A game of the table (Tutto now; Yatzee and Tute later) is its rules parameters (options and
presets, fixed for a game) apart from its state, and a list of accepted entries: ``push`` checks
and applies one, ``pop`` takes it back, ``replay`` rebuilds a saved game through the same checked
path (python-chess). Dice and cards are chance: the table is the chance player, so
``chance_outcomes`` gives what can fall or be drawn now with exact probabilities, and
``legal_entries`` the decisions a player can make now (OpenSpiel). The end is an
:class:`Outcome` with an enum, not a string. What an entry made happen is published to
listeners as a :class:`Notice` that carries everything needed to word it.

Entries are refused like python-chess's moves, all ``ValueError``: *malformed* (not an entry at
all), *illegal* (a valid entry, but not allowed now) and *ambiguous* (a word that matches
several). The message layer turns ``reason`` and ``data`` into one sentence in the game's
language, so the rules never hold a sentence themselves.

This module imports nothing of the project: every game and every room may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, Iterable, Protocol, TypeVar


class EntryError(ValueError):
    """An entry that was refused. Nothing changed in the game."""

    kind = "error"

    def __init__(self, reason: str, **data: Any) -> None:
        super().__init__(f"{reason}: {data}" if data else reason)
        self.reason = reason
        self.data = data


class MalformedEntry(EntryError):
    """The text is not an entry: faces outside 1-6, an unknown word, an empty line."""

    kind = "malformed"


class IllegalEntry(EntryError):
    """A well-formed entry that the rules do not allow now."""

    kind = "illegal"


class AmbiguousEntry(EntryError):
    """A word that matches several entries; ``data['candidates']`` lists them."""

    kind = "ambiguous"


#: Reason codes every game shares: a typed line that is no entry, and the table's own words.
LINE_REASONS = frozenset({"empty-entry", "line-too-long", "control-characters", "bad-bytes",
                          "unknown-word", "ambiguous-word", "game-over", "nothing-to-undo"})
#: Reason codes of the players' names and their number, checked before a game starts.
PLAYER_REASONS = frozenset({"empty-name", "duplicate-name", "name-too-long", "too-few-players",
                            "too-many-players"})


class Word(str, Enum):
    """An enum whose members are fixed words of the files (exports, journals), e.g. ``banked``.

    Members compare, hash, print and serialise as their word, so a member and the word read
    back from an export are the same key; code names the member, never the bare string.
    """

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class Termination(Enum):
    """How a game ended."""

    TARGET = "target"  # the target was reached (after the final round, where the rules say so)
    CLOVERLEAF = "cloverleaf"  # Tutto: two Tuttos in a row under the Cloverleaf win at once
    LAST_FIELD = "last-field"  # Yatzee, later: every field is filled
    LAST_TRICK = "last-trick"  # Tute, later: the last trick is played


@dataclass(frozen=True)
class Command:
    """A global command typed at any step (undo, scores, status, repeat, help, quit, and what
    a game adds): the table carries it out instead of pushing it to the game."""

    name: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how it ended and who won (seats, in seat order)."""

    termination: Termination
    winners: tuple[int, ...]


EntryT = TypeVar("EntryT")
EventT = TypeVar("EventT")
StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class Chance(Generic[EntryT]):
    """One chance outcome (a roll, a card) and its exact probability now."""

    entry: EntryT
    probability: Fraction


@dataclass(frozen=True, slots=True)
class Notice(Generic[EventT, StateT]):
    """What one accepted entry made happen, with all a listener needs to word it.

    The players, the rules and the state after the entry travel with the events, so a listener
    (the screen, speech, a live view in another language, a coach) never reads the live game,
    which may already have moved on when the listener gets to it.
    """

    game: str  # the registry name: "tutto"
    players: tuple[str, ...]
    rules: Any
    events: tuple[EventT, ...]
    state: StateT
    undone: bool = False  # the notice of an undo: ``events`` is empty, ``state`` the one before


class Listener(Protocol):
    """Anything the table loop publishes to; it must not block the loop."""

    def hear(self, notice: Notice[Any, Any]) -> None: ...


class TableGame(Protocol[EntryT, EventT, StateT]):
    """What every game offers the table, the coach and the tests."""

    players: tuple[str, ...]
    rules: Any

    @property
    def state(self) -> StateT: ...
    @property
    def finished(self) -> bool: ...
    @property
    def entries(self) -> tuple[EntryT, ...]: ...
    def push(self, entry: EntryT) -> list[EventT]: ...
    def pop(self) -> EntryT: ...
    def legal_entries(self) -> list[EntryT]: ...
    def chance_outcomes(self) -> list[Chance[EntryT]]: ...
    def outcome(self) -> Outcome | None: ...
    def entry_texts(self) -> list[str]: ...


def chance_total(outcomes: Iterable[Chance[Any]]) -> Fraction:
    """The summed probability of chance outcomes: 1 wherever chance decides, else 0."""
    return sum((o.probability for o in outcomes), Fraction(0))


__all__ = ["AmbiguousEntry", "Chance", "EntryError", "IllegalEntry", "LINE_REASONS", "Listener",
           "PLAYER_REASONS",
           "MalformedEntry", "Notice", "Outcome", "TableGame", "Termination", "Word", "chance_total"]
