"""What the table, the store and the live view may count on from a game: typing protocols only.

The loop, ``show``, ``export``, ``stats`` and the live view are written against these, never
against a game's classes, so a new game is a new folder that satisfies them. They are
runtime-checkable, so one test over the registry checks every game's side alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import EntryError
from .figures import StatsFigures
from .records import Chance, Command, EntryT, EventT, Notice, Outcome, Standing
from .words import Verbosity

StateT_co = TypeVar("StateT_co", covariant=True)  # TableGame only hands its state out


class Listener(Protocol):
    """Anything the table loop publishes to; it must not block the loop."""

    def hear(self, notice: Notice[Any, Any]) -> None: ...


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
    def messages(self, catalog: Any, game: Any,
                 verbosity: str = Verbosity.NORMAL) -> GameMessages:
        """The game's sentences at a verbosity (a member or its word: the loop passes what
        ``--verbosity`` or the settings file gave)."""
        ...
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
                    verbosity: str = Verbosity.NORMAL) -> str:
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
