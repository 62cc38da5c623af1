"""The contract every game offers, and the three ways an entry can be wrong.

A game of the table (Tutto, Yatzee, Tute) is its rules parameters (options and
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

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable


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
    LAST_FIELD = "last-field"  # Yatzee: every field is filled
    LAST_TRICK = "last-trick"  # Tute: the last trick is played


@dataclass(frozen=True)
class Command:
    """A global command typed at any step (undo, scores, status, repeat, help, quit, and what
    a game adds): the table carries it out instead of pushing it to the game.

    ``argument`` is what was typed after the command's word (``sheet Ben``), else empty.
    """

    name: str
    argument: str = ""


#: The commands the table loop itself carries out; every other command goes to the game's
#: messages (``GameMessages.command``): Tutto's ``deck`` and ``odds``, Yatzee's ``sheet``...
TABLE_COMMANDS = frozenset({"quit", "undo", "repeat", "help", "scores", "status"})


class ReplayError(ValueError):
    """A saved journal line that its game refuses: ``index`` counts from 1."""

    def __init__(self, index: int, text: str, error: Exception | None = None) -> None:
        super().__init__(f"journal entry {index} ({text!r}) does not replay: {error}")
        self.index = index
        self.text = text
        self.error = error


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how it ended and who won (seats, in seat order)."""

    termination: Termination
    winners: tuple[int, ...]


EntryT = TypeVar("EntryT")
EventT = TypeVar("EventT")
StateT = TypeVar("StateT")
StateT_co = TypeVar("StateT_co", covariant=True)  # TableGame only hands its state out


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
    #: The entry an undo took back (a notice of an undo only), so a listener can word it.
    entry: Any = None
    #: The game's journal texts, on the notice of the entry that ended the game only: a
    #: listener can then look back on the whole game (Tutto's live view shows the review).
    history: tuple[str, ...] = ()


class Listener(Protocol):
    """Anything the table loop publishes to; it must not block the loop."""

    def hear(self, notice: Notice[Any, Any]) -> None: ...


class AtTable:
    """What the table loop needs of a game in one language: its words, its parser (a typed
    line as an entry of the game or a table command; EntryError if neither) and which events
    are important enough to be said to the end, never cut off by the next entry. Each game's
    ``at_table.py`` names its own three."""

    def __init__(self, vocabulary: Any, interpret: Callable[[str, Any, Any], Any],
                 important: tuple[type, ...]) -> None:
        self.vocabulary = vocabulary
        self._interpret = interpret
        self._important = important

    def interpret(self, line: str, game: Any) -> Any:
        return self._interpret(line, game, self.vocabulary)

    def important(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, self._important) for event in events)


@runtime_checkable
class TableGame(Protocol[EntryT, EventT, StateT_co]):
    """What every game offers the table, the coach and the tests."""

    players: tuple[str, ...]
    rules: Any

    @property
    def state(self) -> StateT_co: ...
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


@runtime_checkable
class GameMessages(Protocol):
    """One game's sentences for one table (a catalog and a verbosity), as the loop uses them.

    Every method returns one finished line in the catalog's language.
    """

    c: Any  # the catalog (text.i18n.Catalog): the loop words its own sentences with it

    def new_game(self) -> str: ...
    def prompt(self) -> str: ...
    def announce(self, events: Any) -> str: ...
    def error(self, error: EntryError) -> str: ...
    def undone(self, entry: Any, seat: int) -> str: ...
    def status(self) -> str: ...
    def scores(self) -> str: ...
    def help(self) -> str: ...
    def command(self, command: Command) -> str:
        """A command of this game's own (not in ``TABLE_COMMANDS``); EntryError if refused."""
        ...


@dataclass(frozen=True)
class Standing:
    """A game's score table and current moment, for a page or a screen (the live view).

    ``header`` and ``rows`` are cells already worded in the catalog's language; ``now`` is one
    sentence: whose turn and what is expected (Tutto: card, turn total, dice in hand).
    """

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    now: str


def whole_average(total: int, count: int) -> int:
    """A whole-number average, halves rounded up (as said aloud: no decimals); 0 of nothing."""
    if not count:
        return 0
    return (2 * total + count) // (2 * count)


def _state_scores(game: Any) -> tuple[int, ...]:
    return tuple(game.state.scores)


@dataclass(frozen=True)
class StatsFigures:
    """What one game adds to ``tutto-tally stats`` (``games/<name>/figures.py``).

    ``figures`` gives per-seat counters from a rebuilt, finished game (summed over games),
    ``shown`` turns a player's summed counters into the JSON fields, ``line`` says a player's
    line with a catalog, ``scores`` gives each seat's final score (Tutto's state keeps them;
    Yatzee adds them up).
    """

    figures: Callable[[Any], list[dict[str, int]]]
    shown: Callable[[dict[str, int]], dict[str, int]]
    line: Callable[[Any, dict[str, Any]], str]
    scores: Callable[[Any], tuple[int, ...]] = _state_scores


class SideOfGame:
    """What every game's side says the same way, from its game class: the seat limits, the
    rules stored and read back, a new game and a replayed one. A game's side names its
    ``game_type`` and adds what is its own (rules from options, words, messages, sheets)."""

    game_type: Any = None  # the game's EntryList class
    #: The game's strategy coach (``tutto-tally review`` and ``coach``), or None (most games).
    coach: Any = None
    #: The help of ``play --target`` for this game (an English msgid of the catalogs, said
    #: in the table's language when help is shown), or None.
    target_help: str | None = None

    @property
    def min_players(self) -> int:
        return int(self.game_type.min_players)

    @property
    def max_players(self) -> int:
        return int(self.game_type.max_players)

    def rules_from_dict(self, data: Any) -> Any:
        return self.game_type.rules_type.from_dict(data)

    def rules_as_dict(self, rules: Any) -> dict[str, Any]:
        return dict(rules.as_dict())

    def check_players(self, names: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.game_type.check_players(names))

    def new_game(self, players: tuple[str, ...], rules: Any) -> Any:
        return self.game_type(players, rules)

    def replay(self, players: tuple[str, ...], rules: Any, entries: Sequence[str]) -> Any:
        """A saved game rebuilt entry by entry; ReplayError names the first line refused."""
        return self.game_type.replay(players, rules, entries)


@runtime_checkable
class GameSide(Protocol):
    """Everything the table, the store and the live view need of one game, found through the
    registry by the game's name (``games/<name>/side.py`` defines ``SIDE``).

    Nothing outside ``games/<name>/`` imports that folder's modules: the loop, ``games``,
    ``show``, ``export``, ``stats`` and the live view reach a game only through this.
    """

    name: str  # the registry name, stored as the game's kind
    min_players: int
    max_players: int
    #: The game's strategy coach, or None: ``review(game, only)`` the decisions of a saved
    #: game, ``review_json(game_id, players)``, ``review_lines(game_id, game, players,
    #: catalog)`` and ``command(settings, say, **options)`` for ``tutto-tally coach`` (its
    #: JSON answer, or None when its lines went to ``say``). Each loads the coach (and numpy)
    #: only when called.
    coach: Any
    target_help: str | None  # ``play --target``'s help, an English msgid of the catalogs

    # -- rules and games -----------------------------------------------------------------
    def rules(self, preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> Any:
        """The rules from ``--rules`` (None: the game's default), ``--target`` (None: the
        preset's) and ``--rule NAME=VALUE`` pairs; EntryError with a registered reason."""
        ...
    def rules_from_dict(self, data: Any) -> Any:
        """Rules as stored in the games file; EntryError if the row is not acceptable."""
        ...
    def rules_as_dict(self, rules: Any) -> dict[str, Any]: ...
    def check_players(self, names: Sequence[str]) -> tuple[str, ...]:
        """The seat order if this game can be played by these names; EntryError if not."""
        ...
    def new_game(self, players: tuple[str, ...], rules: Any) -> TableGame[Any, Any, Any]: ...
    def replay(self, players: tuple[str, ...], rules: Any,
               entries: Sequence[str]) -> TableGame[Any, Any, Any]:
        """A saved game rebuilt entry by entry; ReplayError names the first line refused."""
        ...

    # -- at the table ----------------------------------------------------------------------
    def messages(self, catalog: Any, game: Any, verbosity: str = "normal") -> GameMessages: ...
    def at_table(self, catalog: Any) -> Any:
        """The loop's side: ``interpret(line, game) -> entry | Command`` and
        ``important(events)`` (what is said to the end, never cut off by the next entry)."""
        ...
    def typed_words(self, lang: str) -> list[str]:
        """Every word of this game in a language, for Tab completion in the terminal."""
        ...
    def status_line(self, messages: GameMessages) -> str:
        """The ``--sighted`` status line: scores and the current moment, short."""
        ...
    def word_notice(self, notice: Notice[Any, Any], catalog: Any,
                    verbosity: str = "normal") -> str:
        """A published notice as the line the table said, in any catalog's language (an undo
        notice: the taken-back sentence)."""
        ...
    def standing(self, players: tuple[str, ...], rules: Any, state: Any,
                 catalog: Any) -> Standing: ...

    # -- read back ---------------------------------------------------------------------------
    def show_lines(self, info: Any, game: Any, catalog: Any, status: str) -> list[str]:
        """``show``: the score sheet as sentences, one per line (``status`` already worded)."""
        ...
    def export_json(self, info: Any, game: Any) -> dict[str, Any]:
        """The export contract of docs/interface.md, with ``"game"`` first."""
        ...
    def sheet_table(self, game: Any, catalog: Any) -> tuple[list[str], list[list[str]]]:
        """The paper sheet for CSV and Markdown: a header row and the rows, worded."""
        ...
    def braille_sheet(self, info: Any, game: Any, catalog: Any, status: str) -> list[str]:
        """The score sheet for Braille paper, as lines of print to be read one after another:
        the game, the winner and the final scores first (one player, or side, a line), then
        the turns or fields one a line; never columns, which need a sighted reader."""
        ...
    def labels(self, catalog: Any) -> list[str]:
        """The texts of the tactile labels: one per card of the game's deck, or a reference
        card (Yatzee's fields), in the catalog's language."""
        ...
    def stats_figures(self) -> StatsFigures | None:
        """What a finished game of this kind adds to ``tutto-tally stats`` (None: the game
        keeps no statistics, and ``stats --game`` says so in one sentence)."""
        ...


MAX_LINE = 120  # characters; a longer line is a slip (a paste, a stuck key), never an entry


def check_line(line: str) -> str:
    """A typed line without surrounding blanks, or MalformedEntry for what can never be an
    entry of any game: too long, or with control characters."""
    if len(line) > MAX_LINE:
        raise MalformedEntry("line-too-long", limit=MAX_LINE)
    if any(unicodedata.category(ch) in ("Cc", "Cf") and ch != "\t" for ch in line):
        raise MalformedEntry("control-characters")
    return line.strip()


def parse_faces(text: str) -> tuple[int, ...]:
    """Die faces from ``1 5 5``, ``1,5,5`` or ``155``, for every game played with six-sided
    dice; MalformedEntry for anything that is not a face. Used for journals and, after word
    matching, for what people type."""
    faces: list[int] = []
    for ch in text:
        if ch in " ,;.-/\t":
            continue
        if "1" <= ch <= "6":
            faces.append(ord(ch) - 48)
        elif ch.isdigit():
            raise MalformedEntry("face-out-of-range", face=ch)
        else:
            raise MalformedEntry("not-faces", text=text)
    if not faces:
        raise MalformedEntry("no-faces")
    return tuple(faces)


class OptionRules:
    """Storing and reading back a game's rules: a frozen dataclass of options whose
    ``with_option(name, value)`` checks one option by its rules-file name."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        """The options by their rules-file names, as stored and exported."""
        return {f.name.replace("_", "-"): getattr(self, f.name)
                for f in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, options: Any) -> Any:
        """Rules from :meth:`as_dict` output (a stored game); MalformedEntry if not acceptable,
        also for a hand-edited row that is no mapping at all."""
        if not isinstance(options, dict):
            raise MalformedEntry("bad-rule-value", option="rules", value=str(options),
                                 choices=())
        rules = cls()
        for name, value in options.items():
            rules = rules.with_option(str(name), str(value))  # type: ignore[attr-defined]
        return rules


def check_seats(names: Iterable[str], minimum: int, maximum: int) -> tuple[str, ...]:
    """The seat order of a game for ``minimum`` to ``maximum`` players: spaces tidied, no
    empty name, no name twice (compared without case)."""
    cleaned = tuple(" ".join(name.split()) for name in names)
    if len(cleaned) < minimum:
        raise MalformedEntry("too-few-players", minimum=minimum, got=len(cleaned))
    if len(cleaned) > maximum:
        raise MalformedEntry("too-many-players", maximum=maximum, got=len(cleaned))
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise MalformedEntry("empty-name")
        if name.casefold() in seen:
            raise MalformedEntry("duplicate-name", name=name)
        seen.add(name.casefold())
    return cleaned


class EntryList(Generic[EntryT, EventT, StateT]):
    """A game as its list of accepted entries, with the state after each one kept.

    This is the part every game shares: ``push`` checks an entry by the game's own
    ``_advance`` and keeps the new state, ``pop`` takes the last one back (so ``undo`` works
    across turns, rounds and the end of the game), ``replay`` rebuilds a saved journal through
    the same checked path as typing, and ``at`` makes a game standing at a published state for
    a listener. A game class names only itself, its seats, its rules and state classes, its
    rule of advance and its journal parser.
    """

    kind = ""  # the registry's name of the game, as the games file stores it
    min_players, max_players = 2, 10

    def __init__(self, players: Sequence[str], rules: Any = None) -> None:
        self.players: tuple[str, ...] = self.check_players(players)
        self.rules: Any = self.rules_type() if rules is None else rules
        self._entries: list[EntryT] = []
        self._states: list[StateT] = [self.state_type.start(len(self.players))]
        self._events: list[list[EventT]] = []

    @classmethod
    def check_players(cls, names: Iterable[str]) -> tuple[str, ...]:
        """The seat order, refusing too few or too many players, empty or duplicate names."""
        return check_seats(names, cls.min_players, cls.max_players)

    # -- what each game says of itself -------------------------------------------------------
    #: The game's rules class: ``rules_type()`` are its default rules.
    rules_type: Any = None
    #: The game's state class: ``state_type.start(players)`` is the state before any entry.
    state_type: Any = None

    @staticmethod
    def advance_rule(rules: Any, state: Any, entry: Any) -> tuple[Any, list[Any]]:
        """The state after ``entry`` and what happened; EntryError if it is wrong now."""
        raise NotImplementedError

    @staticmethod
    def parse_entry(text: str) -> Any:
        """A journal line back to its entry; EntryError if it is none."""
        raise NotImplementedError

    # -- entries -----------------------------------------------------------------------------
    def push(self, entry: EntryT) -> list[EventT]:
        """Apply an entry; raises EntryError (and changes nothing) if it is wrong now."""
        state, events = self.advance_rule(self.rules, self._states[-1], entry)
        self._entries.append(entry)
        self._states.append(state)
        self._events.append(events)
        return events

    def pop(self) -> EntryT:
        """Take back the last accepted entry."""
        if not self._entries:
            raise IllegalEntry("nothing-to-undo")
        self._states.pop()
        self._events.pop()
        return self._entries.pop()

    @classmethod
    def replay(cls, players: Sequence[str], rules: Any, texts: Iterable[str]) -> Any:
        """Rebuild a game from journal texts, checking each; ReplayError names the bad one."""
        game = cls(players, rules)
        for index, text in enumerate(texts, start=1):
            try:
                game.push(cls.parse_entry(text))
            except EntryError as error:
                raise ReplayError(index, text, error) from None
        return game

    @classmethod
    def at(cls, players: Sequence[str], rules: Any, state: StateT,
           events: Sequence[EventT] = ()) -> Any:
        """A game standing at ``state``, with ``events`` the last thing that happened.

        It has no entries behind it (nothing to undo): it is what a listener words a notice
        with, the live game having moved on by then.
        """
        game = cls(players, rules)
        game._states = [state]
        game._events = [list(events)] if events else []
        return game

    @property
    def entries(self) -> tuple[EntryT, ...]:
        return tuple(self._entries)

    def entry_texts(self) -> list[str]:
        return [entry.text() for entry in self._entries]  # type: ignore[attr-defined]

    @property
    def state(self) -> StateT:
        return self._states[-1]

    @property
    def last_events(self) -> list[EventT]:
        """What the last accepted entry made happen (empty at the start)."""
        return self._events[-1] if self._events else []

    def all_events(self) -> Iterable[EventT]:
        for events in self._events:
            yield from events


def chance_total(outcomes: Iterable[Chance[Any]]) -> Fraction:
    """The summed probability of chance outcomes: 1 wherever chance decides, else 0."""
    return sum((o.probability for o in outcomes), Fraction(0))


__all__ = ["AmbiguousEntry", "AtTable", "Chance", "Command", "EntryError", "EntryList",
           "MAX_LINE", "OptionRules", "check_line", "check_seats", "parse_faces", "GameMessages",
           "GameSide", "IllegalEntry", "LINE_REASONS", "Listener", "MalformedEntry", "Notice",
           "Outcome", "PLAYER_REASONS", "ReplayError", "Standing", "TABLE_COMMANDS", "TableGame",
           "Termination", "Word", "chance_total"]
