"""Every option of every command, written once: the table the command line is built from.

Each option is one row: how it is typed, the checker of its value (:mod:`~tutto_a11y.config.
values`), its default, whether a ``TUTTO_*`` variable gives it and its help (a msgid,
translated when help is shown). Everything else comes from the rows: click's options
(``cli/app.py``), the one reading of the command line before click (``config/command_line.py``),
the settings a player keeps in ``settings.toml`` (:data:`SETTINGS`), the variables' names
(``config/file.py``'s ``env_name``) and :class:`PlayOptions`; ``tests/test_options_table.py``
holds the documents' option lists to it.

:class:`PlayOptions`, what ``play`` hands the loop, is written as the rows of ``play``'s own
options (a record whose fields are those rows, so the type checker knows each field's type and
the name is written once), and the rows need the games' names (``--game``) from the registry.
So the table sits above the registry and below the table's loop, ``commands/`` and ``cli/``,
which read it; nothing here knows click.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tutto_a11y.config.file import env_name
from tutto_a11y.config.settings import ParamValue
from tutto_a11y.config.values import Names, OneOf, Text, ValueKind, WholeNumber
from tutto_a11y.core.contract import Verbosity
from tutto_a11y.core.record import Record
from tutto_a11y.games import registry
from tutto_a11y.text.i18n import LANGS

if TYPE_CHECKING:  # for the type checker only: a TypeVar bound by name costs a compile at start
    from typing_extensions import Self


def N_(text: str) -> str:
    """Marks a help text or a metavar for the catalogs; it is translated when help is shown."""
    return text


#: How an option is given on the command line.
VALUE = "value"  # --db FILE
FLAG = "flag"  # --plain: on when given, else off
SWITCH = "switch"  # --speech / --no-speech: on, off, or not said (None)
OPTIONAL = "optional"  # --resume [GAME]: a value, or ``flag_value`` when none follows
MULTIPLE = "multiple"  # --rule NAME=VALUE, as often as needed


class Option:
    """One option of the table: how it is typed, checked, defaulted, given by a variable and
    explained. ``name`` is the parameter a command receives; it is the option's word
    (``--speech-to``: ``speech_to``) unless given, and a field's name in :class:`PlayOptions`.
    """

    __slots__ = ("default", "flag_value", "game_help", "help", "how", "kind", "metavar", "name",
                 "off", "on", "python", "required", "variable")

    def __init__(self, on: str, how: str = VALUE, kind: ValueKind | None = None, *,
                 name: str | None = None, off: str | None = None, variable: bool = False,
                 default: ParamValue = None, flag_value: str | None = None,
                 metavar: str | None = None, help: str | None = None, required: bool = False,
                 game_help: bool = False, python: Callable[[Any], Any] | None = None) -> None:
        self.on = on  # "--speech"
        self.off = off  # "--no-speech", for a SWITCH
        self.how = how
        self.kind = kind  # the value's checker; None for FLAG and SWITCH
        self.name = name or on[2:].replace("-", "_")
        self.variable = variable  # given by TUTTO_<WORD> too (``envvar``)
        self.default = default  # as the command line gives it
        self.flag_value = flag_value  # an OPTIONAL option's value when none is typed
        self.metavar = metavar
        self.help = help
        self.required = required
        self.game_help = game_help  # the help depends on the game: its interface words it
        self.python = python  # the value as the program holds it, from the typed one

    def __repr__(self) -> str:
        return f"Option({self.on!r}, name={self.name!r})"

    @property
    def word(self) -> str:
        """The option without its dashes: ``speech-engine``, also the name of its setting."""
        return self.on[2:]

    @property
    def envvar(self) -> str | None:
        """The variable that gives the option (``TUTTO_SPEECH_ENGINE``), or None."""
        return env_name(self.word) if self.variable else None

    def names(self) -> tuple[str, ...]:
        return (self.on, self.off) if self.off else (self.on,)

    @property
    def takes_value(self) -> bool:
        return self.how in (VALUE, OPTIONAL, MULTIPLE)

    def taken(self, *, variable: bool | None = None, default: ParamValue = None,
              help: str | None = None) -> Option:
        """The same option as another command takes it: without its variable, with another
        default or another help. Only what differs is said (None: as written)."""
        return Option(self.on, self.how, self.kind, name=self.name, off=self.off,
                      variable=self.variable if variable is None else variable,
                      default=self.default if default is None else default,
                      flag_value=self.flag_value, metavar=self.metavar,
                      help=self.help if help is None else help, required=self.required,
                      game_help=self.game_help, python=self.python)

    def value(self, given: ParamValue) -> Any:
        """The value as the program holds it (a tuple of rule options, a :class:`Verbosity`)."""
        return given if self.python is None else self.python(given)


def option(on: str, how: str = VALUE, kind: ValueKind | None = None, **details: Any) -> Any:
    """An option written as a field of an :class:`Options` record: the field's name is the
    parameter's, its default the option's (typed as ``Any``, so the field keeps its type)."""
    return Option(on, how, kind, **details)


class Options(Record):
    """A record whose fields are options of the table, each written once as
    ``name: type = option(...)``; :meth:`option` finds a row by its field's name."""

    __options__: ClassVar[tuple[Option, ...]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        rows = []
        for name, value in list(vars(cls).items()):
            if isinstance(value, Option):
                value.name = name
                setattr(cls, name, value.value(value.default))  # the record's default
                rows.append(value)
        cls.__options__ = tuple(rows)
        super().__init_subclass__(**kwargs)

    @classmethod
    def option(cls, name: str) -> Option:
        """The row of the field ``name``, for another command that takes the same option."""
        return next(row for row in cls.__options__ if row.name == name)

    @classmethod
    def from_params(cls, params: Mapping[str, ParamValue]) -> Self:
        """The record from a command's parameters (others among them are left out)."""
        return cls(**{row.name: row.value(params[row.name]) for row in cls.__options__
                      if row.name in params})


GAMES = OneOf(registry.names())
TEXT_OR_JSON = OneOf(("text", "json"))

# The options every command takes, before or after the command word, in the order help lists
# them. They become the command's ``Settings``.
LANG = Option("--lang", VALUE, OneOf(LANGS), variable=True,
              help=N_("Language of the game: de, fr or en."))
PLAIN = Option("--plain", FLAG, variable=True, default=False,
               help=N_("Plain line input and output, with no terminal control at all."))
WIDTH = Option("--width", VALUE, WholeNumber(20, 500), variable=True, metavar=N_("COLUMNS"),
               help=N_("Wrap lines at this many characters (20 to 500), for a Braille display."))
DB = Option("--db", VALUE, Text(), variable=True, metavar=N_("FILE"),
            help=N_("The games database file."))
GLOBAL: tuple[Option, ...] = (LANG, PLAIN, WIDTH, DB)

#: ``play``'s ``--game``: it travels in ``Settings`` with the global options.
GAME = Option("--game", VALUE, GAMES, variable=True, default=registry.DEFAULT,
              help=N_("Which game to play."))


class PlayOptions(Options):
    """The options of ``play`` beyond the global ones and ``--game``, as given or defaulted:
    one object instead of seventeen keyword arguments, for the click command, the reading
    before click and a test alike. ``--target`` has no help here: what a target is depends
    on the game, so its interface words it."""

    players: str | None = option(  # "Anna,Ben", split by the game's interface
        "--players", VALUE, Names(), variable=True, metavar=N_("NAMES"),
        help=N_("The players in seat order, separated by commas."))
    target: int | None = option("--target", VALUE, WholeNumber(), variable=True,
                                metavar=N_("POINTS"), game_help=True)
    preset: str | None = option("--rules", VALUE, Text(), variable=True, metavar=N_("PRESET"),
                                help=N_("The rule preset of the game, for example standard."))
    rule_options: tuple[str, ...] = option(
        "--rule", MULTIPLE, Text(), variable=True, default=(), metavar=N_("NAME=VALUE"),
        python=tuple, help=N_("Change one rule option, for example x2-scope=card."))
    speech: bool | None = option(  # None: speak when the program runs in a terminal
        "--speech", SWITCH, off="--no-speech", variable=True,
        help=N_("Speak every announcement."))
    voice: str | None = option("--voice", VALUE, Text(), variable=True, metavar=N_("ID"),
                               help=N_("The speech voice id."))
    rate: int | None = option(
        "--rate", VALUE, WholeNumber(80, 450), variable=True, metavar=N_("WORDS"),
        help=N_("The speech rate in words per minute (80 to 450)."))
    speech_engine: str = option("--speech-engine", VALUE, OneOf(("pyttsx3", "speechd")),
                                variable=True, default="pyttsx3",
                                help=N_("The speech engine."))
    speech_to: str | None = option(
        "--speech-to", VALUE, Text(), variable=True, metavar=N_("FOLDER"),
        help=N_("Write each announcement as a numbered WAV file in this folder."))
    braille_line: bool = option(  # the latest announcement on the question's own line
        "--braille-line", FLAG, variable=True, default=False,
        help=N_("Put the latest announcement on the question's own line, for a Braille "
                "display that follows the cursor."))
    sighted: bool = option(
        "--sighted", FLAG, variable=True, default=False,
        help=N_("Add a status line and word completion for a sighted scorekeeper."))
    coach: bool = option(
        "--coach", FLAG, variable=True, default=False,
        help=N_("Say the strategy coach's advice after every roll and set-aside."))
    verbosity: Verbosity = option(
        "--verbosity", VALUE, OneOf(tuple(v.value for v in Verbosity)), variable=True,
        default=Verbosity.NORMAL.value, python=Verbosity.of,
        help=N_("How much is said after each entry."))
    resume: str | None = option(  # a game id known to be possible ("3", "last"), or None
        "--resume", OPTIONAL, Text(), variable=True, flag_value="last", metavar=N_("[GAME]"),
        help=N_("Go on with a saved game, the last one by default."))
    share: str | None = option(
        "--share", OPTIONAL, Text(), variable=True, flag_value="127.0.0.1:8765",
        metavar=N_("[HOST:PORT]"),
        help=N_("Show the game live on the other players' phones, behind an access code; "
                "read-only unless --seats is given, and on this computer only unless a host "
                "is given."))
    share_code: str | None = option(
        "--share-code", VALUE, Text(), variable=True, metavar=N_("CODE"),
        help=N_("The access code of the live view, instead of a random one. Other users of "
                "this computer can read it in the process list: set TUTTO_SHARE_CODE "
                "instead."))
    seats: bool = option(  # with share: every player enters their own turns from their device
        "--seats", FLAG, variable=True, default=False,
        help=N_("With --share: every player enters their own turns in the live view, on "
                "their own phone or computer, with a seat code of their own."))


#: Every option of ``play``, global ones first, in the order help lists them.
PLAY: tuple[Option, ...] = (*GLOBAL, GAME, *PlayOptions.__options__)

# The options of the other commands. Where two commands take the same option it is one row;
# another command's differences are said with ``taken``.
PLAYER = Option("--player", VALUE, Text(), metavar=N_("NAME"),
                help=N_("Only this player; case and accents do not matter."))
READ_OR_SCRIPT = Option("--format", VALUE, TEXT_OR_JSON, name="fmt", default="text",
                        help=N_("Text to read, or JSON for scripts."))
BRAILLE: tuple[Option, ...] = (  # the Braille and the page of paper: export and labels
    Option("--lines", VALUE, WholeNumber(4, 100), default=25, metavar=N_("N"),
           help=N_("Braille lines a page (4 to 100).")),
    Option("--cells", VALUE, WholeNumber(12, 100), default=40, metavar=N_("N"),
           help=N_("Braille cells a line (12 to 100).")),
    Option("--braille-grade", VALUE, OneOf(("1", "2")), name="grade", default="2",
           help=N_("Braille grade: 1 uncontracted, 2 contracted.")),
)

#: Every command's options, in the order its help lists them (the order its arguments stand
#: in among them does not matter). The command words in the order help and sentences give.
COMMANDS: dict[str, tuple[Option, ...]] = {
    "play": PLAY,
    "games": (*GLOBAL, Option("--abandon", VALUE, Text(), metavar=N_("GAME"),
                              help=N_("Mark a running game as abandoned."))),
    "show": GLOBAL,
    "export": (Option("--format", VALUE, OneOf(("json", "csv", "md", "brf", "txt-braille")),
                      name="fmt", required=True, help=N_("The export format.")),
               *BRAILLE, *GLOBAL),
    "labels": (GAME.taken(help=N_("Which game's labels.")),
               Option("--format", VALUE, OneOf(("brf", "svg")), name="fmt", default="brf",
                      help=N_("The labels' format.")),
               *BRAILLE, *GLOBAL),
    "stats": (*GLOBAL,
              Option("--game", VALUE, GAMES, name="kind", default=registry.DEFAULT,
                     help=N_("Which game to count.")),
              PLAYER,
              Option("--since", VALUE, Text(), metavar=N_("DATE"),
                     help=N_("Only games started on or after this date, as YYYY-MM-DD.")),
              READ_OR_SCRIPT),
    "coach": (*GLOBAL,
              Option("--card", VALUE, Text(), metavar=N_("CARD"),
                     help=N_("The card in force, as a card id of the export.")),
              Option("--dice", VALUE, WholeNumber(1, 6), metavar=N_("N"),
                     help=N_("The dice in hand.")),
              Option("--turn-total", VALUE, WholeNumber(0), metavar=N_("POINTS"),
                     help=N_("The turn total so far, earlier cards included.")),
              Option("--card-points", VALUE, WholeNumber(0), metavar=N_("POINTS"),
                     help=N_("The points made under the current card.")),
              Option("--faces", VALUE, Text(), metavar=N_("FACES"),
                     help=N_("The faces set aside under a Street card.")),
              Option("--roll", VALUE, Text(), metavar=N_("FACES"),
                     help=N_("The roll waiting for a set-aside.")),
              Option("--deck", VALUE, Text(), metavar=N_("ID=COUNT,..."),
                     help=N_("The draw pile after the current card was taken.")),
              Option("--tuttos", VALUE, WholeNumber(0, 1), metavar=N_("N"),
                     help=N_("Under the Cloverleaf: the Tuttos made under it so far (0 or 1).")),
              Option("--after-tutto", FLAG, default=False,
                     help=N_("After a Tutto: draw or bank.")),
              # The coach names a preset itself; TUTTO_RULES and TUTTO_RULE are the table's.
              PlayOptions.option("preset").taken(variable=False, default="standard"),
              PlayOptions.option("rule_options").taken(variable=False),
              Option("--duel", FLAG, default=False,
                     help=N_("Solve the two-player game once and keep it, so that advice and "
                             "odds say each player's chance to win.")),
              Option("--target", VALUE, WholeNumber(50), metavar=N_("POINTS"),
                     help=N_("With --duel: the target score of the game.")),
              Option("--format", VALUE, TEXT_OR_JSON, name="fmt",
                     help=N_("The answer's format."))),
    "settings": GLOBAL,
    "review": (PLAYER, READ_OR_SCRIPT, *GLOBAL),
    "voices": (*GLOBAL, PlayOptions.option("speech_engine")),
}

#: The settings a player can keep in ``settings.toml``, in the order ``tutto-tally settings``
#: lists them: each is an option of ``play``, named by its word, and checked as it is.
_PLAY_BY_WORD = {row.word: row for row in PLAY}
SETTINGS: dict[str, Option] = {
    word: _PLAY_BY_WORD[word]
    for word in ("lang", "verbosity", "rate", "voice", "speech-engine", "width", "braille-line",
                 "sighted", "coach", "db", "game", "seats")
}
