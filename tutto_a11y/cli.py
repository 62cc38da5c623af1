"""The ``tutto-tally`` command: click at the edge, everything else in plain modules.

Library errors become one translated line and exit status 2 here, never a traceback. The
language is decided before click parses anything, so that click's own texts are translated too.
"""

from __future__ import annotations

import gettext
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

import click

from .i18n import LANGS, Catalog, lang_from_environment, normalise_lang, use_for_click
from .rules import PRESETS, EntryError, Rules

N_ = gettext.gettext  # marks option help texts; they are translated when help is shown


def _t(text: str | None) -> str | None:
    return gettext.gettext(text) if text else text


@contextmanager
def _help_translated(thing: click.Option | click.Command) -> Iterator[None]:
    """Show ``thing``'s help in the game's language, keeping the English msgid stored."""
    original = thing.help
    thing.help = _t(original)
    try:
        yield
    finally:
        thing.help = original


class TOption(click.Option):
    """An option whose help text is looked up in the catalog when help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with _help_translated(self):
            return super().get_help_record(ctx)


class TCommand(click.Command):
    """A command whose help text is translated when shown."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _t(self.short_help) or (_t(self.help) or "").split(".")[0]


class DefaultGroup(click.Group):
    """``play`` is the default command: ``tutto-tally --lang de`` plays."""

    command_class = TCommand

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--version" in args and not any(a in self.commands for a in args):
            args = ["--version"]
        elif not args or (args[0] not in self.commands and args[0] not in ctx.help_option_names):
            args = ["play", *args]
        return super().parse_args(ctx, args)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)


def early_lang(argv: Sequence[str], env: dict[str, str] | os._Environ[str]) -> str:
    """The language before click runs: ``--lang``, then ``TUTTO_LANG``, then the locale."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None:
            return normalise_lang(value) or "en"
    if env.get("TUTTO_LANG"):
        return normalise_lang(env["TUTTO_LANG"]) or "en"
    return lang_from_environment(env)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("A scorekeeper for the dice game Tutto that speaks and prints every entry."))
@click.version_option(package_name="tutto-tally", prog_name="tutto-tally", cls=TOption,
                      help=N_("Show the version and exit."))
def cli() -> None:
    pass


def _lang_option(f: Any) -> Any:
    return click.option("--lang", cls=TOption, envvar="TUTTO_LANG",
                        type=click.Choice(LANGS, case_sensitive=False), default=None,
                        help=N_("Language of the game: de, fr or en."))(f)


def _db_option(f: Any) -> Any:
    return click.option("--db", cls=TOption, envvar="TUTTO_DB", type=click.Path(dir_okay=False),
                        default=None, help=N_("The games database file."))(f)


@cli.command("play", help=N_("Play a game: start a new one or go on with the last one."))
@_lang_option
@click.option("--players", cls=TOption, envvar="TUTTO_PLAYERS", default=None,
              help=N_("The players in seat order, separated by commas."))
@click.option("--target", cls=TOption, envvar="TUTTO_TARGET", type=int, default=None,
              help=N_("The target score, a multiple of 50."))
@click.option("--rules", "preset", cls=TOption, envvar="TUTTO_RULES",
              type=click.Choice(tuple(PRESETS)), default="standard",
              help=N_("The rule preset."))
@click.option("--rule", "rule_options", cls=TOption, envvar="TUTTO_RULE", multiple=True,
              metavar="NAME=VALUE", help=N_("Change one rule option, for example x2-scope=card."))
@click.option("--speech/--no-speech", cls=TOption, envvar="TUTTO_SPEECH", default=None,
              help=N_("Speak every announcement."))
@click.option("--voice", cls=TOption, envvar="TUTTO_VOICE", default=None,
              help=N_("The speech voice id."))
@click.option("--rate", cls=TOption, envvar="TUTTO_RATE", type=click.IntRange(80, 450),
              default=None, help=N_("The speech rate in words per minute."))
@click.option("--speech-engine", cls=TOption, envvar="TUTTO_SPEECH_ENGINE",
              type=click.Choice(("pyttsx3", "speechd")), default="pyttsx3",
              help=N_("The speech engine."))
@click.option("--speech-to", cls=TOption, envvar="TUTTO_SPEECH_TO",
              type=click.Path(file_okay=False), default=None,
              help=N_("Write each announcement as a numbered WAV file in this folder."))
@click.option("--plain", cls=TOption, envvar="TUTTO_PLAIN", is_flag=True, default=False,
              help=N_("Plain line input and output, with no terminal control at all."))
@click.option("--sighted", cls=TOption, envvar="TUTTO_SIGHTED", is_flag=True, default=False,
              help=N_("Add a status line and word completion for a sighted scorekeeper."))
@click.option("--width", cls=TOption, envvar="TUTTO_WIDTH", type=click.IntRange(20, 500),
              default=None, help=N_("Wrap lines at this many characters, for a Braille display."))
@click.option("--verbosity", cls=TOption, envvar="TUTTO_VERBOSITY",
              type=click.Choice(("brief", "normal", "full")), default="normal",
              help=N_("How much is said after each entry."))
@_db_option
@click.option("--resume", cls=TOption, envvar="TUTTO_RESUME", is_flag=False, flag_value="last",
              default=None, metavar="[GAME]", help=N_("Go on with a saved game, the last one by "
                                                       "default."))
def play_command(**options: Any) -> int:
    from .play import play

    return play(**options)


@cli.command("games", help=N_("List the saved games."))
@_lang_option
@_db_option
@click.option("--abandon", cls=TOption, default=None, metavar="GAME",
              help=N_("Mark a running game as abandoned."))
def games_command(lang: str | None, db: str | None, abandon: str | None) -> int:
    from .sheets import list_games

    return list_games(lang, db, abandon)


@cli.command("show", help=N_("Print the score sheet of a game, turn by turn."))
@click.argument("game")
@_lang_option
@_db_option
def show_command(game: str, lang: str | None, db: str | None) -> int:
    from .sheets import show_game

    return show_game(game, lang, db)


@cli.command("export", help=N_("Export a game as JSON, CSV or Markdown."))
@click.argument("game")
@click.option("--format", "fmt", cls=TOption, type=click.Choice(("json", "csv", "md")),
              required=True, help=N_("The export format."))
@_lang_option
@_db_option
def export_command(game: str, fmt: str, lang: str | None, db: str | None) -> int:
    from .sheets import export_game

    return export_game(game, fmt, lang, db)


@cli.command("voices", help=N_("List the speech voices for a language."))
@_lang_option
@click.option("--speech-engine", cls=TOption, envvar="TUTTO_SPEECH_ENGINE",
              type=click.Choice(("pyttsx3", "speechd")), default="pyttsx3",
              help=N_("The speech engine."))
def voices_command(lang: str | None, speech_engine: str) -> int:
    from .voices import list_voices_command

    return list_voices_command(lang, speech_engine)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the program; exit 0 on a normal end, 2 on a usage error, never a traceback."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = early_lang(args, os.environ)
    use_for_click(lang)
    try:
        status = cli.main(args=args, prog_name="tutto-tally", standalone_mode=False)
    except click.exceptions.Exit as done:
        status = done.exit_code
    except click.UsageError as error:
        hint = gettext.gettext("Try '{command} {option}' for help.").format(
            command="tutto-tally", option="--help")
        click.echo(gettext.gettext("Error: {message}").format(message=error.format_message())
                   + " " + hint, err=True)
        status = 2
    except click.ClickException as error:
        click.echo(gettext.gettext("Error: {message}").format(message=error.format_message()),
                   err=True)
        status = error.exit_code
    except (click.Abort, KeyboardInterrupt, EOFError):
        status = 0
    except UsageProblem as problem:
        click.echo(problem.sentence, err=True)
        status = 2
    sys.stdout.flush()
    sys.exit(status if isinstance(status, int) else 0)


class UsageProblem(Exception):
    """A problem with how the program was started, already worded in the game's language."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def rules_from(preset: str, target: int | None, options: Sequence[str],
               catalog: Catalog) -> Rules:
    """The rules object from ``--rules``, ``--target`` and ``--rule NAME=VALUE``."""
    from .problems import entry_error_sentence

    try:
        rules = Rules.preset(preset)
        for option in options:
            name, sep, value = option.partition("=")
            if not sep:
                raise UsageProblem(catalog.gettext(
                    "The rule option {option} needs the form NAME=VALUE, for example "
                    "x2-scope=card.", option=option))
            rules = rules.with_option(name, value)
        if target is not None:
            rules = rules.with_option("target", str(target))
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None
    return rules


def resolve_path(db: str | None) -> Path:
    from .store import default_db_path

    return Path(db).expanduser() if db else default_db_path()
