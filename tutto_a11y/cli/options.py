"""The options every command takes and the options of ``play``, written once, without click.

click builds its options from this table (:mod:`tutto_a11y.cli.app`), and the quick start
(:mod:`tutto_a11y.cli.quick`) reads a plain ``play`` command line from the same table without
importing click at all: click costs about a third of the time to the first prompt. Help texts
are msgids; they are translated only when help is shown.
"""

from __future__ import annotations

from typing import Any

from tutto_a11y.core.contract import Verbosity
from tutto_a11y.games import registry
from tutto_a11y.text.arguments import Names, OneOf, Text, ValueKind, WholeNumber
from tutto_a11y.text.i18n import LANGS


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
    """One option: its parameter name, how it is typed, its variable, its default and help."""

    __slots__ = ("default", "envvar", "flag_value", "help", "how", "kind", "metavar", "name",
                 "off", "on")

    def __init__(self, name: str, on: str, how: str, kind: ValueKind | None = None, *,
                 off: str | None = None, envvar: str | None = None, default: Any = None,
                 flag_value: str | None = None, metavar: str | None = None,
                 help: str | None = None) -> None:
        self.name = name  # the parameter name the command function receives
        self.on = on  # "--speech"
        self.off = off  # "--no-speech", for a SWITCH
        self.how = how
        self.kind = kind  # the value's checker; None for FLAG and SWITCH
        self.envvar = envvar
        self.default = default
        self.flag_value = flag_value
        self.metavar = metavar
        self.help = help

    def names(self) -> tuple[str, ...]:
        return (self.on, self.off) if self.off else (self.on,)


LANG_CHOICES = OneOf(LANGS)
ENGINES = OneOf(("pyttsx3", "speechd"))
VERBOSITIES = OneOf(tuple(v.value for v in Verbosity))

#: The options every command takes, before or after the command word, in the order help
#: lists them.
GLOBAL: tuple[Option, ...] = (
    Option("lang", "--lang", VALUE, LANG_CHOICES, envvar="TUTTO_LANG",
           help=N_("Language of the game: de, fr or en.")),
    Option("plain", "--plain", FLAG, envvar="TUTTO_PLAIN", default=False,
           help=N_("Plain line input and output, with no terminal control at all.")),
    Option("width", "--width", VALUE, WholeNumber(20, 500), envvar="TUTTO_WIDTH",
           metavar=N_("COLUMNS"),
           help=N_("Wrap lines at this many characters (20 to 500), for a Braille display.")),
    Option("db", "--db", VALUE, Text(), envvar="TUTTO_DB", metavar=N_("FILE"),
           help=N_("The games database file.")),
)

#: The options of ``play`` after the global ones, in the order help lists them. ``--target``
#: has no help here: what a target is depends on the game, so its side words it.
PLAY: tuple[Option, ...] = (
    Option("game", "--game", VALUE, OneOf(registry.names()), envvar="TUTTO_GAME",
           default=registry.DEFAULT, help=N_("Which game to play.")),
    Option("players", "--players", VALUE, Names(), envvar="TUTTO_PLAYERS", metavar=N_("NAMES"),
           help=N_("The players in seat order, separated by commas.")),
    Option("target", "--target", VALUE, WholeNumber(), envvar="TUTTO_TARGET",
           metavar=N_("POINTS")),
    Option("preset", "--rules", VALUE, Text(), envvar="TUTTO_RULES", metavar=N_("PRESET"),
           help=N_("The rule preset of the game, for example standard.")),
    Option("rule_options", "--rule", MULTIPLE, Text(), envvar="TUTTO_RULE", default=(),
           metavar=N_("NAME=VALUE"),
           help=N_("Change one rule option, for example x2-scope=card.")),
    Option("speech", "--speech", SWITCH, off="--no-speech", envvar="TUTTO_SPEECH",
           help=N_("Speak every announcement.")),
    Option("voice", "--voice", VALUE, Text(), envvar="TUTTO_VOICE", metavar=N_("ID"),
           help=N_("The speech voice id.")),
    Option("rate", "--rate", VALUE, WholeNumber(80, 450), envvar="TUTTO_RATE",
           metavar=N_("WORDS"), help=N_("The speech rate in words per minute (80 to 450).")),
    Option("speech_engine", "--speech-engine", VALUE, ENGINES, envvar="TUTTO_SPEECH_ENGINE",
           default="pyttsx3", help=N_("The speech engine.")),
    Option("speech_to", "--speech-to", VALUE, Text(), envvar="TUTTO_SPEECH_TO",
           metavar=N_("FOLDER"),
           help=N_("Write each announcement as a numbered WAV file in this folder.")),
    Option("braille_line", "--braille-line", FLAG, envvar="TUTTO_BRAILLE_LINE", default=False,
           help=N_("Put the latest announcement on the question's own line, for a Braille "
                   "display that follows the cursor.")),
    Option("sighted", "--sighted", FLAG, envvar="TUTTO_SIGHTED", default=False,
           help=N_("Add a status line and word completion for a sighted scorekeeper.")),
    Option("coach", "--coach", FLAG, envvar="TUTTO_COACH", default=False,
           help=N_("Say the strategy coach's advice after every roll and set-aside.")),
    Option("verbosity", "--verbosity", VALUE, VERBOSITIES, envvar="TUTTO_VERBOSITY",
           default=Verbosity.NORMAL.value, help=N_("How much is said after each entry.")),
    Option("resume", "--resume", OPTIONAL, Text(), envvar="TUTTO_RESUME", flag_value="last",
           metavar=N_("[GAME]"), help=N_("Go on with a saved game, the last one by default.")),
    Option("share", "--share", OPTIONAL, Text(), envvar="TUTTO_SHARE",
           flag_value="127.0.0.1:8765", metavar=N_("[HOST:PORT]"),
           help=N_("Show the game live on the other players' phones, read-only, behind an "
                   "access code; on this computer only unless a host is given.")),
    Option("share_code", "--share-code", VALUE, Text(), envvar="TUTTO_SHARE_CODE",
           metavar=N_("CODE"),
           help=N_("The access code of the live view, instead of a random one. Other users of "
                   "this computer can read it in the process list: set TUTTO_SHARE_CODE "
                   "instead.")),
    Option("seats", "--seats", FLAG, envvar="TUTTO_SEATS", default=False,
           help=N_("With --share: every player enters their own turns in the live view, on "
                   "their own phone or computer, with a seat code of their own.")),
)

#: The command words; a command line with one of them is not a plain ``play`` line.
COMMANDS = ("play", "games", "show", "export", "labels", "stats", "coach", "settings", "review",
            "voices")
