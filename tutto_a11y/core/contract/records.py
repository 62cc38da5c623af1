"""The records that pass between a game and the table: what was typed, what happened, the end.

They are frozen values, so a listener that words a notice later (speech, a live view in another
language) reads exactly what the game published, never a game that has moved on. Dice and cards
are chance: the table is the chance player, and a :class:`Chance` is one thing that can fall or
be drawn now, with its exact probability (OpenSpiel's chance nodes).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeVar

from tutto_a11y.core.record import Record

if TYPE_CHECKING:  # the probabilities' type; ``fractions`` loads only where one is summed
    from fractions import Fraction

#: The type parameters of the contract, one for each thing that is a game's own: its entries
#: (what can be typed, as values), its events (what an entry made happen), its state (after
#: each entry) and its rules (the options of one game). A game names them once, where it
#: extends :class:`~tutto_a11y.core.contract.EntryList` and
#: :class:`~tutto_a11y.core.contract.GameInterfaceBase`; from there the checker follows them
#: into its notices, its messages and its interface.
EntryT = TypeVar("EntryT")
EventT = TypeVar("EventT")
StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT")
#: The same, for the records that only hand them out (a notice, a chance): a notice of Tutto
#: is a notice of some game (:data:`AnyNotice`), which is all the rooms that know no game need.
EntryT_co = TypeVar("EntryT_co", covariant=True)
EventT_co = TypeVar("EventT_co", covariant=True)
StateT_co = TypeVar("StateT_co", covariant=True)
RulesT_co = TypeVar("RulesT_co", covariant=True)


class Termination(Enum):
    """How a game ended. The ways are each game's own (a target reached, the last field
    filled, the last trick played), so this enum has no members: a game's rules extend it
    (``class Ending(Termination)``), and a new way of ending is no edit of the contract."""


class Outcome(Record):
    """The end of a game: how it ended and who won (seats, in seat order)."""

    termination: Termination
    winners: tuple[int, ...]


class Command(Record):
    """A global command typed at any step (undo, scores, status, repeat, help, quit, and what
    a game adds): the table carries it out instead of pushing it to the game.

    ``argument`` is what was typed after the command's word (``sheet Ben``), else empty.
    """

    name: str
    argument: str = ""


#: The commands the table loop itself carries out; every other command goes to the game's
#: messages (``GameMessages.command``): Tutto's ``deck`` and ``odds``, Yatzee's ``sheet``...
TABLE_COMMANDS = frozenset({"quit", "undo", "repeat", "help", "scores", "status"})


class Chance(Record, Generic[EntryT_co]):
    """One chance outcome (a roll, a card) and its exact probability now."""

    entry: EntryT_co
    probability: Fraction


def chance_total(outcomes: Iterable[Chance[object]]) -> Fraction:
    """The summed probability of chance outcomes: 1 wherever chance decides, else 0."""
    from fractions import Fraction

    return sum((o.probability for o in outcomes), Fraction(0))


class Notice(Record, Generic[EntryT_co, EventT_co, StateT_co, RulesT_co]):
    """What one accepted entry made happen, with all a listener needs to word it.

    The players, the rules and the state after the entry travel with the events, so a listener
    (the screen, speech, a live view in another language, a coach) never reads the live game,
    which may already have moved on when the listener gets to it.
    """

    game: str  # the registry name: "tutto"
    players: tuple[str, ...]
    rules: RulesT_co
    events: tuple[EventT_co, ...]
    state: StateT_co
    undone: bool = False  # the notice of an undo: ``events`` is empty, ``state`` the one before
    #: The entry an undo took back (a notice of an undo only), so a listener can word it.
    entry: EntryT_co | None = None
    #: The game's journal texts, on the notice of the entry that ended the game only: a
    #: listener can then look back on the whole game (Tutto's live view shows the review).
    history: tuple[str, ...] = ()
    #: The player whose own device (a seat of the live view) sent the entry or the undo;
    #: None when it was typed at the table.
    by: str | None = None


#: A notice of any game, as the rooms that know no game hold it (the live view's feed): every
#: game's notices are one, as a notice only hands its values out.
AnyNotice = Notice[object, object, object, object]


class Standing(Record):
    """A game's score table and current moment, for a page or a screen (the live view).

    ``header`` and ``rows`` are cells already worded in the catalog's language; ``now`` is one
    sentence: whose turn and what is expected (Tutto: card, turn total, dice in hand).
    """

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    now: str
