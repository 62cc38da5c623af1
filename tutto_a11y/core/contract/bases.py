"""What every game's classes share, written once: the entry list, the interface, the options.

A game class names only itself, its seats, its rules and state classes, its rule of advance and
its journal parser; :class:`EntryList` does the rest (push, pop, replay) the same way for every
game, so ``undo`` and a replayed journal behave alike in all of them. :class:`GameInterfaceBase`,
:class:`OptionRules` and :class:`AtTable` do the same for a game's interface, its stored rules and
what the table loop needs of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..record import Record, fields
from .checks import check_seats
from .errors import EntryError, IllegalEntry, MalformedEntry, ReplayError
from .protocols import SeatedGame
from .records import Command, EntryT, EventT, StateT

if TYPE_CHECKING:  # for the checker only: none of these is needed to run a game
    from typing_extensions import Self

    from .protocols import Coach

    R = TypeVar("R", bound="OptionRules")
    StateT_co = TypeVar("StateT_co", covariant=True)

    class Journaled(Protocol):
        """An entry as it is written into the journal (every game's entries are)."""

        def text(self) -> str: ...

    class Starts(Protocol[StateT_co]):
        """A game's state class: ``start(players)`` is the state before any entry."""

        def start(self, players: int) -> StateT_co: ...

#: The game the loop's interface reads: one that says whose turn it is and whether it is over.
GameT = TypeVar("GameT", bound=SeatedGame)
#: A game's class and the games it makes, as its interface names them.
GameL = TypeVar("GameL")
GameL_co = TypeVar("GameL_co", covariant=True)
OptionsT_contra = TypeVar("OptionsT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
#: The entries and rules of an :class:`EntryList`: entries that write their journal line
#: (``Journaled``), rules that store themselves (:class:`OptionRules`).
JournalEntryT = TypeVar("JournalEntryT", bound="Journaled")
OptionsT = TypeVar("OptionsT", bound="OptionRules")
#: A game's vocabulary of typed words in one language, as its parser reads it.
WordsT = TypeVar("WordsT")


def turn_seat_only(seat: int, game: SeatedGame, entry: object) -> str | None:
    """Who may send an entry from a device of their own (a seat of the live view): in most
    games only the player whose turn it is ("turn" names the refusal, None lets it through)."""
    return None if seat == game.state.seat else "turn"


def turn_seat_now(game: SeatedGame) -> tuple[int, ...]:
    """Which seats may send an entry from a device of their own now, as :func:`turn_seat_only`
    rules it: the player whose turn it is, and nobody once the game is over. A seat's page
    shows its entry field only then (the others read whose turn it is)."""
    return () if game.finished else (game.state.seat,)


def at_once(compute: Callable[[], str]) -> str:
    """A sentence computed at once: what a game's messages do with one that may take a
    while (``GameMessages.working``) until the table loop puts its own there."""
    return compute()


class AtTable(Generic[GameT, EntryT, WordsT]):
    """What the table loop needs of a game in one language: its words, its parser (a typed
    line as an entry of the game or a table command; EntryError if neither), which events
    are important enough to be said to the end, never cut off by the next entry, and which
    seat may send an entry from a device of its own. Each game's ``at_table.py`` names its
    own."""

    def __init__(self, vocabulary: WordsT,
                 interpret: Callable[[str, GameT, WordsT], EntryT | Command],
                 important: tuple[type, ...],
                 seat_rule: Callable[[int, GameT, EntryT], str | None] = turn_seat_only,
                 seats_now: Callable[[GameT], tuple[int, ...]] = turn_seat_now) -> None:
        self.vocabulary = vocabulary
        self._interpret = interpret
        self._important = important
        self._seat_rule = seat_rule
        self._seats_now = seats_now

    def seat_refusal(self, seat: int, game: GameT, entry: EntryT) -> str | None:
        """Why the player in ``seat`` may not send ``entry`` from their own device now (a
        reason word the live view words, such as "turn"), or None when they may."""
        return self._seat_rule(seat, game, entry)

    def seats_entering(self, game: GameT) -> tuple[int, ...]:
        """The seats that may send some entry from their own device now, as the seat rule
        allows (the live view shows those seats their entry field, and the others whose
        turn it is); () when none may, as at game over."""
        return self._seats_now(game)

    def interpret(self, line: str, game: GameT) -> EntryT | Command:
        """The typed line as an entry of the game or a table :class:`Command`."""
        return self._interpret(line, game, self.vocabulary)

    def important(self, events: Sequence[object]) -> bool:
        return any(isinstance(event, self._important) for event in events)


class GameType(Protocol[OptionsT, GameL_co, StateT_contra]):
    """A game's class as its interface uses it (an :class:`EntryList`'s subclass): its seat limits
    and rules class, and the games it makes (new, replayed, standing at a state)."""

    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def rules_type(self) -> type[OptionsT]: ...
    def __call__(self, players: Sequence[str], rules: OptionsT | None = None) -> GameL_co: ...
    def check_players(self, names: Iterable[str]) -> tuple[str, ...]: ...
    def replay(self, players: Sequence[str], rules: OptionsT | None,
               texts: Iterable[str]) -> GameL_co: ...
    def at(self, players: Sequence[str], rules: OptionsT | None,
           state: StateT_contra) -> GameL_co: ...


class GameInterfaceBase(Generic[OptionsT, GameL, StateT]):
    """What every game's interface says the same way, from its game class: the seat limits, the
    rules stored and read back, a new game and a replayed one. A game's interface names its
    rules, game and state classes (``GameInterfaceBase[Rules, Game, State]``, ``game_type = Game``)
    and adds what is its own (rules from options, words, messages, sheets)."""

    #: The game's EntryList class.
    game_type: GameType[OptionsT, GameL, StateT]
    #: The game's strategy coach (``tutto-tally review`` and ``coach``), or None (most games).
    coach: Coach[GameL] | None = None
    #: The help of ``play --target`` for this game (an English msgid of the catalogs, said
    #: in the table's language when help is shown), or None.
    target_help: str | None = None

    @property
    def min_players(self) -> int:
        return self.game_type.min_players

    @property
    def max_players(self) -> int:
        return self.game_type.max_players

    def rules_from_dict(self, data: object) -> OptionsT:
        return self.game_type.rules_type.from_dict(data)

    def rules_as_dict(self, rules: OptionsT) -> dict[str, object]:
        return rules.as_dict()

    def check_players(self, names: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.game_type.check_players(names))

    def new_game(self, players: tuple[str, ...], rules: OptionsT) -> GameL:
        return self.game_type(players, rules)

    def replay(self, players: tuple[str, ...], rules: OptionsT, entries: Sequence[str]) -> GameL:
        """A saved game rebuilt entry by entry; ReplayError names the first line refused."""
        return self.game_type.replay(players, rules, entries)

    def game_at(self, players: tuple[str, ...], rules: OptionsT, state: StateT) -> GameL:
        """A game standing at a published state (:meth:`EntryList.at`)."""
        return self.game_type.at(players, rules, state)


class OptionRules(Record):
    """A game's rules: a record of options, stored and read back by their rules-file names,
    whose ``with_option(name, value)`` checks one option (each game writes its own)."""

    def with_option(self: R, name: str, value: str) -> R:
        """These rules with one option changed; MalformedEntry with a registered reason if
        the name or the value is not acceptable."""
        raise NotImplementedError

    def as_dict(self) -> dict[str, object]:
        """The options by their rules-file names, as stored and exported."""
        return {f.name.replace("_", "-"): getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls: type[R], options: object) -> R:
        """Rules from :meth:`as_dict` output (a stored game); MalformedEntry if not acceptable,
        also for a hand-edited row that is no mapping at all."""
        if not isinstance(options, dict):
            raise MalformedEntry("bad-rule-value", option="rules", value=str(options),
                                 choices=())
        rules = cls()
        for name, value in options.items():
            rules = rules.with_option(str(name), str(value))
        return rules


class EntryList(Generic[JournalEntryT, EventT, StateT, OptionsT]):
    """A game as its list of accepted entries, with the state after each one kept.

    This is the part every game shares: ``push`` checks an entry by the game's own
    ``_advance`` and keeps the new state, ``pop`` takes the last one back (so ``undo`` works
    across turns, rounds and the end of the game), ``replay`` rebuilds a saved journal through
    the same checked path as typing, and ``at`` makes a game standing at a published state for
    a listener. A game class names only itself, its seats, its rules and state classes, its
    rule of advance and its journal parser, and its type parameters say which they are:
    ``class Game(EntryList[Entry, Event, State, Rules])``.
    """

    kind = ""  # the registry's name of the game, as the games file stores it
    min_players, max_players = 2, 10

    def __init__(self, players: Sequence[str], rules: OptionsT | None = None) -> None:
        self.players: tuple[str, ...] = self.check_players(players)
        self.rules: OptionsT = self.rules_type() if rules is None else rules
        self._entries: list[JournalEntryT] = []
        self._states: list[StateT] = [self.state_type.start(len(self.players))]
        self._events: list[list[EventT]] = []

    @classmethod
    def check_players(cls, names: Iterable[str]) -> tuple[str, ...]:
        """The seat order, refusing too few or too many players, empty or duplicate names."""
        return check_seats(names, cls.min_players, cls.max_players)

    # -- what each game says of itself -------------------------------------------------------
    #: The game's rules class: ``rules_type()`` are its default rules.
    rules_type: type[OptionsT]
    #: The game's state class: ``state_type.start(players)`` is the state before any entry.
    state_type: Starts[StateT]
    #: The rules themselves (``advance_rule = staticmethod(advance)``): the state after an
    #: entry and what happened; EntryError if the entry is wrong now.
    advance_rule: Callable[[OptionsT, StateT, JournalEntryT], tuple[StateT, list[EventT]]]
    #: A journal line back to its entry (``parse_entry = staticmethod(parse_entry)``);
    #: EntryError if it is none.
    parse_entry: Callable[[str], JournalEntryT]

    # -- entries -----------------------------------------------------------------------------
    def push(self, entry: JournalEntryT) -> list[EventT]:
        """Apply an entry; raises EntryError (and changes nothing) if it is wrong now."""
        state, events = self.advance_rule(self.rules, self._states[-1], entry)
        self._entries.append(entry)
        self._states.append(state)
        self._events.append(events)
        return events

    def pop(self) -> JournalEntryT:
        """Take back the last accepted entry."""
        if not self._entries:
            raise IllegalEntry("nothing-to-undo")
        self._states.pop()
        self._events.pop()
        return self._entries.pop()

    @classmethod
    def replay(cls, players: Sequence[str], rules: OptionsT | None,
               texts: Iterable[str]) -> Self:
        """Rebuild a game from journal texts, checking each; ReplayError names the bad one."""
        game = cls(players, rules)
        for index, text in enumerate(texts, start=1):
            try:
                game.push(cls.parse_entry(text))
            except EntryError as error:
                raise ReplayError(index, text, error) from None
        return game

    @classmethod
    def at(cls, players: Sequence[str], rules: OptionsT | None, state: StateT,
           events: Sequence[EventT] = ()) -> Self:
        """A game standing at ``state``, with ``events`` the last thing that happened.

        It has no entries behind it (nothing to undo): it is what a listener words a notice
        with, the live game having moved on by then.
        """
        game = cls(players, rules)
        game._states = [state]
        game._events = [list(events)] if events else []
        return game

    @property
    def entries(self) -> tuple[JournalEntryT, ...]:
        return tuple(self._entries)

    def entry_texts(self) -> list[str]:
        return [entry.text() for entry in self._entries]

    @property
    def state(self) -> StateT:
        return self._states[-1]

    def all_events(self) -> Iterable[EventT]:
        for events in self._events:
            yield from events

    def events_by_entry(self) -> list[tuple[EventT, ...]]:
        """What each accepted entry made happen, entry by entry: a sheet finds in it which
        entries made each of its turns or rounds (and so who sent them)."""
        return [tuple(events) for events in self._events]
