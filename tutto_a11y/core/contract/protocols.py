"""What the table, the store and the live view may count on from a game: typing protocols only.

The loop, ``show``, ``export``, ``stats`` and the live view are written against these, never
against a game's classes, so a new game is a new folder that satisfies them. They are
runtime-checkable, so one test over the registry checks every game's interface alike.

They are generic over what is a game's own (its entries, events, state, rules, game and
messages): a game's interface is declared
``INTERFACE: GameInterface[Rules, Game, State, Messages, Entry, Event]``, and the type checker
holds every method of the interface to the game's own types, so whoever writes a fourth game is
told at once where a method takes or gives the wrong thing.

The rooms that know no game never name a game's types, nor let them go: the table binds one game
once (generic over its entries, events, state and rules, as the interface found by name gives
them), and what is handed about without its game reads as :class:`PlayedGame` (a game of any
kind: its players, whether it is over, its journal texts), :data:`AnyMessages` and
:data:`~tutto_a11y.core.contract.AnyNotice`, which every game's own are. Only the registry,
which finds a game by the name stored with it, lets its types go (``games/registry.py``'s
``AnyInterface`` and ``AnyGame``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn, Protocol, TypedDict, TypeVar, runtime_checkable

from .catalog import Sentences
from .errors import EntryError
from .figures import StatsFigures
from .records import AnyNotice, Chance, Command, EntryT, EventT, Notice, Outcome, Standing
from .words import GameStatus, Verbosity

StateT_co = TypeVar("StateT_co", covariant=True)  # TableGame only hands its state out
RulesT_co = TypeVar("RulesT_co", covariant=True)
EntryT_contra = TypeVar("EntryT_contra", contravariant=True)  # messages only take them in
EventT_contra = TypeVar("EventT_contra", contravariant=True)
GameT_contra = TypeVar("GameT_contra", contravariant=True)
RulesT = TypeVar("RulesT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)  # an interface only takes states in
MessagesT = TypeVar("MessagesT", bound="GameMessages[NoReturn, NoReturn]")
GameT = TypeVar("GameT", bound="PlayedGame")

#: How a sentence that may take a while is computed (``GameMessages.working``): given the
#: computation, the sentence.
Working = Callable[[Callable[[], str]], str]


class SavedGame(Protocol):
    """What a game's sheets read of a saved game's row (the store's ``GameInfo``)."""

    @property
    def id(self) -> str: ...
    @property
    def lang(self) -> str: ...
    @property
    def status(self) -> GameStatus: ...
    @property
    def kind(self) -> str: ...


class Listener(Protocol):
    """Anything the table loop publishes to; it must not block the loop."""

    def hear(self, notice: AnyNotice) -> None: ...


class SeatedState(Protocol):
    """A game's state as the loop reads it: whose turn it is (the seat an undone entry was
    made in, the seat whose own device may enter now), and, once the game is over, the
    winning seats (which the statistics keep)."""

    @property
    def seat(self) -> int: ...
    @property
    def winners(self) -> tuple[int, ...]: ...


class SeatedGame(Protocol):
    """A game as the loop's seat rules read it: over or not, and whose turn it is."""

    @property
    def finished(self) -> bool: ...
    @property
    def state(self) -> SeatedState: ...


class PlayedGame(Protocol):
    """A game of any kind, as the rooms that know no game hold it (the store rebuilds one,
    the live view and the reports read it back): what it is, who plays, its rules and state
    to hand back to its own interface (whose turn it is), whether it is over, and its journal
    texts. Every game of the registry is one."""

    @property
    def kind(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> object: ...
    @property
    def state(self) -> SeatedState: ...
    @property
    def finished(self) -> bool: ...
    @property
    def entries(self) -> tuple[object, ...]: ...
    def outcome(self) -> Outcome | None: ...
    def entry_texts(self) -> list[str]: ...


@runtime_checkable
class TableGame(Protocol[EntryT, EventT, StateT_co, RulesT_co]):
    """What every game offers the table, the coach and the tests."""

    @property
    def kind(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> RulesT_co: ...
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
class GameMessages(Protocol[EntryT_contra, EventT_contra]):
    """One game's sentences for one table (a catalog and a verbosity), as the loop uses them.

    Every method returns one finished line in the catalog's language.
    """

    @property
    def c(self) -> Sentences:  # the catalog: the loop words its own sentences with it
        ...

    #: ``--coach``: the coach's advice is said after every roll and set-aside. The loop sets
    #: it only for a game whose interface has a coach; the others never read it.
    coach: bool
    #: How a sentence that may take a while is computed (the coach's advice): the loop puts
    #: its own here, which says "One moment, I'm computing." first when it does take a while.
    working: Working
    #: The game is a match of several won games (Tute): the loop's own sentences say "match"
    #: where the other games say "game" ("Match saved.", "Match 3 goes on."), as its
    #: messages do ("Partie" and "Spiel" are a match and a won game at a German table).
    @property
    def match(self) -> bool: ...

    def new_game(self) -> str: ...
    def prompt(self) -> str: ...
    def announce(self, events: Sequence[EventT_contra]) -> str: ...
    def error(self, error: EntryError) -> str: ...
    def undone(self, entry: EntryT_contra, seat: int) -> str: ...
    def status(self) -> str: ...
    def scores(self) -> str: ...
    def help(self) -> str: ...
    def command(self, command: Command) -> str:
        """A command of this game's own (not in ``TABLE_COMMANDS``); EntryError if refused."""
        ...


class LoopInterface(Protocol[GameT_contra, EntryT]):
    """What the table loop needs of a game in one language (each game's ``at_table.py`` makes
    one, the contract's :class:`~tutto_a11y.core.contract.AtTable`): its parser (a typed line
    as an entry of the game or a :class:`Command`; EntryError if neither), which events are
    said to the end, which seat may send an entry from a device of its own, and which seats
    may send any entry now (a seat's page shows its field only to those)."""

    def interpret(self, line: str, game: GameT_contra) -> EntryT | Command: ...
    def important(self, events: Sequence[object]) -> bool: ...
    def seat_refusal(self, seat: int, game: GameT_contra, entry: EntryT) -> str | None: ...
    def seats_entering(self, game: GameT_contra) -> tuple[int, ...]: ...


class CoachReview(Protocol):
    """A coach's review of one saved game (every seat's decisions against its best, or one
    seat's): the commands hand it back to the coach that made it, which words it with the
    review's own two ways of saying itself."""

    def as_json(self, game_id: str) -> dict[str, object]:
        """The JSON of ``review --format json``."""
        ...
    def lines(self, game_id: str, catalog: Sentences) -> list[str]:
        """The review as lines to print and read aloud, in the catalog's language."""
        ...


class CoachSettings(Protocol):
    """What a coach reads of the command's settings (``config.settings.Settings``, which the
    contract does not import): the catalog of the chosen language."""

    def catalog(self) -> Sentences: ...


class _CoachAsked(TypedDict):
    card: str | None
    dice: int | None
    turn_total: int | None
    card_points: int | None
    faces: str | None
    roll: str | None
    deck: str | None
    after_tutto: bool
    preset: str
    rule_options: Sequence[str]
    fmt: str | None


class CoachOptions(_CoachAsked, total=False):
    """The options of ``tutto-tally coach`` by the names :meth:`Coach.command` takes them,
    as the command line hands them over (the duel's three only with ``--duel``)."""

    duel: bool
    target: int | None
    tuttos: int | None


class Coach(Protocol[GameT_contra]):
    """A game's strategy coach as the commands reach it (``review`` and ``tutto-tally
    coach``); each method loads the coach (and numpy) only when it is called."""

    def review(self, game: GameT_contra, only: int | None = None) -> CoachReview:
        """The decisions of a saved game against the coach's best (one seat with ``only``):
        what ``review_json`` and ``review_lines`` word."""
        ...
    def review_json(self, game_id: str, players: CoachReview) -> dict[str, object]: ...
    def review_lines(self, game_id: str, game: GameT_contra, players: CoachReview,
                     catalog: Sentences) -> list[str]: ...
    def command(self, settings: CoachSettings, say: Callable[[str], None], *,
                card: str | None, dice: int | None, turn_total: int | None,
                card_points: int | None, faces: str | None, roll: str | None,
                deck: str | None, after_tutto: bool, preset: str,
                rule_options: Sequence[str], fmt: str | None, duel: bool = False,
                target: int | None = None,
                tuttos: int | None = None) -> dict[str, object] | None:
        """``tutto-tally coach`` with its options: its JSON answer, or None when its lines
        went to ``say``."""
        ...


@runtime_checkable
class GameInterface(Protocol[RulesT, GameT, StateT_contra, MessagesT, EntryT, EventT_contra]):
    """Everything the table, the store and the live view need of one game, found through the
    registry by the game's name (``games/<name>/interface.py`` defines ``INTERFACE``).

    Nothing outside ``games/<name>/`` imports that folder's modules: the loop, ``games``,
    ``show``, ``export``, ``stats`` and the live view reach a game only through this.
    """

    @property
    def name(self) -> str:  # the registry name, stored as the game's kind
        ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    #: The game's strategy coach, or None (most games).
    @property
    def coach(self) -> Coach[GameT] | None: ...
    #: ``play --target``'s help, an English msgid of the catalogs, or None.
    @property
    def target_help(self) -> str | None: ...

    # -- rules and games -----------------------------------------------------------------
    def rules(self, preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> RulesT:
        """The rules from ``--rules`` (None: the game's default), ``--target`` (None: the
        preset's) and ``--rule NAME=VALUE`` pairs; EntryError with a registered reason."""
        ...
    def rules_from_dict(self, data: object) -> RulesT:
        """Rules as stored in the games file; EntryError if the row is not acceptable."""
        ...
    def rules_as_dict(self, rules: RulesT) -> dict[str, object]: ...
    def check_players(self, names: Sequence[str]) -> tuple[str, ...]:
        """The seat order if this game can be played by these names; EntryError if not."""
        ...
    def new_game(self, players: tuple[str, ...], rules: RulesT) -> GameT: ...
    def replay(self, players: tuple[str, ...], rules: RulesT, entries: Sequence[str]) -> GameT:
        """A saved game rebuilt entry by entry; ReplayError names the first line refused."""
        ...
    def game_at(self, players: tuple[str, ...], rules: RulesT, state: StateT_contra) -> GameT:
        """A game standing at a published state, with no entries behind it: what a listener
        words a notice with, the live game having moved on by then."""
        ...

    # -- at the table ----------------------------------------------------------------------
    def messages(self, catalog: Sentences, game: GameT,
                 verbosity: str = Verbosity.NORMAL) -> MessagesT:
        """The game's sentences at a verbosity (a member or its word: the loop passes what
        ``--verbosity`` or the settings file gave)."""
        ...
    def at_table(self, catalog: Sentences) -> LoopInterface[GameT, EntryT]:
        """The loop's interface: ``interpret(line, game) -> entry | Command`` and
        ``important(events)`` (what is said to the end, never cut off by the next entry)."""
        ...
    def typed_words(self, lang: str) -> list[str]:
        """Every word of this game in a language, for Tab completion in the terminal."""
        ...
    def status_line(self, messages: MessagesT) -> str:
        """The ``--sighted`` status line: scores and the current moment, short."""
        ...
    def word_notice(self, notice: Notice[EntryT, EventT_contra, StateT_contra, RulesT],
                    catalog: Sentences,
                    verbosity: str = Verbosity.NORMAL) -> str:
        """A published notice as the line the table said, in any catalog's language (an undo
        notice: the taken-back sentence)."""
        ...
    def standing(self, players: tuple[str, ...], rules: RulesT, state: StateT_contra,
                 catalog: Sentences) -> Standing: ...

    # -- read back ---------------------------------------------------------------------------
    # ``sent`` holds, for each entry of the game, the seat that sent it from its own device
    # (None: typed at the table); empty for a game played without seats. A sheet that lists
    # turns or rounds names on each the seats that sent its entries, in its language.
    def show_lines(self, info: SavedGame, game: GameT, catalog: Sentences, status: str,
                   sent: Sequence[str | None] = ()) -> list[str]:
        """``show``: the score sheet as sentences, one per line (``status`` already worded)."""
        ...
    def export_json(self, info: SavedGame, game: GameT,
                    sent: Sequence[str | None] = ()) -> dict[str, object]:
        """The export contract of docs/interface.md, with ``"game"`` first."""
        ...
    def sheet_table(self, game: GameT, catalog: Sentences,
                    sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
        """The paper sheet for CSV and Markdown: a header row and the rows, worded."""
        ...
    def braille_sheet(self, info: SavedGame, game: GameT, catalog: Sentences, status: str,
                      sent: Sequence[str | None] = ()) -> list[str]:
        """The score sheet for Braille paper, as lines of print to be read one after another:
        the game, the winner and the final scores first (one player, or side, a line), then
        the turns or fields one a line; never columns, which need a sighted reader."""
        ...
    def labels(self, catalog: Sentences) -> list[str]:
        """The texts of the tactile labels: one per card of the game's deck, or a reference
        card (Yatzee's fields), in the catalog's language."""
        ...
    def stats_figures(self) -> StatsFigures[GameT] | None:
        """What a finished game of this kind adds to ``tutto-tally stats`` (None: the game
        keeps no statistics, and ``stats --game`` says so in one sentence)."""
        ...


#: A game's messages, as the rooms that know no game hold them (the set-up's opening sentences):
#: every game's are one, as they only take a game's entries and events in.
AnyMessages = GameMessages[NoReturn, NoReturn]
