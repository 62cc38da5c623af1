"""The ``tutto-tally`` command: click at the edge, everything else in plain modules.

Library errors become one translated line and exit status 2 here, never a traceback. The
language is decided before click parses anything, so that click's own texts are translated too.
"""

from __future__ import annotations

import copy
import gettext
import os
import sys
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click
from click.core import ParameterSource

from tutto_a11y.games import registry
from tutto_a11y.settings import Settings, UsageProblem, early_lang, early_plain, early_width
from tutto_a11y.text.arguments import (
    OneOf,
    Text,
    WholeNumber,
    game_ref,
    not_a_command,
    shown,
    usage_sentence,
)
from tutto_a11y.text.i18n import LANGS, Catalog, chosen_lang, use_for_click
from tutto_a11y.text.names import terminal_safe


def N_(text: str) -> str:
    """Marks an option help text for the catalogs; it is translated when help is shown."""
    return text


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


class NarrowFormatter(click.HelpFormatter):
    """Help that fits a narrow line (a 40-cell Braille display given with ``--width 40``).

    click puts options and their help side by side and lets lines run past the width when the
    option column is wide; below 30 free columns each option is written on its own line with
    its help wrapped under it instead.
    """

    def write_heading(self, heading: str) -> None:
        """"Options:" as the language writes a heading ("Options :" in French)."""
        line = gettext.gettext(N_("{heading}:")).format(heading=heading)
        self.write(" " * self.current_indent + line + "\n")

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        rows = list(rows)
        first = min(max((len(term) for term, _ in rows), default=0), col_max) + col_spacing
        if self.width - self.current_indent - first >= 30:
            super().write_dl(rows, col_max, col_spacing)
            return
        indent = " " * self.current_indent
        for term, text in rows:
            self.write(textwrap.fill(term, self.width, initial_indent=indent,
                                     subsequent_indent=indent + "  ",
                                     break_on_hyphens=False) + "\n")
            if text:
                self.write(click.wrap_text(text, self.width, initial_indent=indent + "    ",
                                           subsequent_indent=indent + "    ",
                                           preserve_paragraphs=True) + "\n")


class TContext(click.Context):
    formatter_class = NarrowFormatter


class TOption(click.Option):
    """An option whose help text and metavar are looked up in the catalog when help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with _help_translated(self):
            return super().get_help_record(ctx)

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is not None:
            return gettext.gettext(self.metavar)
        return super().make_metavar(ctx)


class TargetOption(TOption):
    """``--target``, whose help the default game's side words (what a target is depends on the
    game); the side loads only when help is shown, never when a game starts."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = registry.find(registry.DEFAULT).side().target_help
        return super().get_help_record(ctx)


class TArgument(click.Argument):
    """An argument whose metavar (GAME) is shown in the game's language."""

    def make_metavar(self, ctx: click.Context) -> str:
        return gettext.gettext(self.metavar or (self.name or "").upper())


class TCommand(click.Command):
    """A command whose help text and usage line are translated when shown."""

    context_class = TContext

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _t(self.short_help) or (_t(self.help) or "").split(".")[0]

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        if pieces and pieces[0] == self.options_metavar:
            pieces[0] = gettext.gettext(N_("[OPTIONS]"))
        return pieces


class DefaultGroup(click.Group):
    """``play`` is the default command, and the global options may stand before the command.

    ``tutto-tally --lang de show 1`` is read as ``show --lang de 1``: every command takes the
    global options itself, so moving the command word to the front is all it takes.
    """

    command_class = TCommand
    context_class = TContext

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        index, stray = self._command_index(args)
        if index is not None:
            args = [args[index], *args[:index], *args[index + 1:]]
        elif "--version" in args:
            args = ["--version"]
        elif any(a in ctx.help_option_names for a in args):
            args = ["--help"]
        elif stray is not None:
            raise UsageProblem(not_a_command(stray, list(self.commands)))
        else:
            args = ["play", *args]
        return super().parse_args(ctx, args)

    def _command_index(self, args: Sequence[str]) -> tuple[int | None, str | None]:
        """Where the command word is, skipping option values; else the first stray word."""
        takes = self._value_options()
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--":
                return None, None
            if arg.startswith("-") and len(arg) > 1:
                kind = takes.get(arg) if "=" not in arg else None
                nxt = args[i + 1] if i + 1 < len(args) else None
                if kind == "value" or (kind == "optional" and nxt is not None
                                       and not nxt.startswith("-") and nxt not in self.commands):
                    i += 2
                    continue
                i += 1
                continue
            return (i, None) if arg in self.commands else (None, arg)
        return None, None

    def _value_options(self) -> dict[str, str]:
        """Every command's options that take a value ("value") or may take one ("optional")."""
        takes: dict[str, str] = {}
        for command in self.commands.values():
            for param in command.params:
                if isinstance(param, click.Option) and not param.is_flag and not param.count:
                    kind = "optional" if param._flag_needs_value else "value"
                    for name in (*param.opts, *param.secondary_opts):
                        takes[name] = kind
        return takes

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [gettext.gettext(N_("[OPTIONS]")), gettext.gettext(N_("COMMAND [ARGS]..."))]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)


LANG_CHOICES = OneOf(LANGS)


def _global(f: Any, *, hide_values: bool = False) -> Any:
    """The options every command takes, before or after the command word.

    On the group they only show in ``tutto-tally --help``; each command reads its own, so a
    global option works wherever it stands.
    """
    extra: dict[str, Any] = {"expose_value": False} if hide_values else {}
    env = (lambda name: None) if hide_values else (lambda name: name)
    f = click.option("--db", cls=TOption, envvar=env("TUTTO_DB"), type=Text(), default=None,
                     metavar=N_("FILE"), help=N_("The games database file."), **extra)(f)
    f = click.option("--width", cls=TOption, envvar=env("TUTTO_WIDTH"),
                     type=WholeNumber(20, 500), default=None, metavar=N_("COLUMNS"),
                     help=N_("Wrap lines at this many characters (20 to 500), for a Braille "
                             "display."), **extra)(f)
    f = click.option("--plain", cls=TOption, envvar=env("TUTTO_PLAIN"), is_flag=True,
                     default=False, help=N_("Plain line input and output, with no terminal "
                                            "control at all."), **extra)(f)
    f = click.option("--lang", cls=TOption, envvar=env("TUTTO_LANG"), type=LANG_CHOICES,
                     default=None, help=N_("Language of the game: de, fr or en."), **extra)(f)
    return f


def _global_on_group(f: Any) -> Any:
    return _global(f, hide_values=True)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("A scorekeeper for the dice game Tutto that speaks and prints every entry. "
                     "Without a command it plays; tutto-tally play --help lists the options of "
                     "a game."))
@click.version_option(package_name="tutto-tally", prog_name="tutto-tally", cls=TOption,
                      help=N_("Show the version and exit."))
@_global_on_group
def cli() -> None:
    pass


def _game_argument(f: Any) -> Any:
    return click.argument("game", cls=TArgument, metavar=N_("GAME"), type=Text())(f)


@cli.command("play", help=N_("Play a game: start a new one or go on with the last one."))
@_global
@click.option("--game", cls=TOption, envvar="TUTTO_GAME", type=OneOf(registry.names()),
              default=registry.DEFAULT, help=N_("Which game to play."))
@click.option("--players", cls=TOption, envvar="TUTTO_PLAYERS", default=None,
              metavar=N_("NAMES"), help=N_("The players in seat order, separated by commas."))
@click.option("--target", cls=TargetOption, envvar="TUTTO_TARGET", type=WholeNumber(),
              default=None, metavar=N_("POINTS"))
@click.option("--rules", "preset", cls=TOption, envvar="TUTTO_RULES",
              type=Text(), default=None, metavar=N_("PRESET"),
              help=N_("The rule preset of the game, for example standard."))
@click.option("--rule", "rule_options", cls=TOption, envvar="TUTTO_RULE", multiple=True,
              type=Text(), metavar=N_("NAME=VALUE"),
              help=N_("Change one rule option, for example x2-scope=card."))
@click.option("--speech/--no-speech", cls=TOption, envvar="TUTTO_SPEECH", default=None,
              help=N_("Speak every announcement."))
@click.option("--voice", cls=TOption, envvar="TUTTO_VOICE", type=Text(), default=None,
              metavar=N_("ID"), help=N_("The speech voice id."))
@click.option("--rate", cls=TOption, envvar="TUTTO_RATE", type=WholeNumber(80, 450),
              default=None, metavar=N_("WORDS"),
              help=N_("The speech rate in words per minute (80 to 450)."))
@click.option("--speech-engine", cls=TOption, envvar="TUTTO_SPEECH_ENGINE",
              type=OneOf(("pyttsx3", "speechd")), default="pyttsx3",
              help=N_("The speech engine."))
@click.option("--speech-to", cls=TOption, envvar="TUTTO_SPEECH_TO", type=Text(), default=None,
              metavar=N_("FOLDER"),
              help=N_("Write each announcement as a numbered WAV file in this folder."))
@click.option("--sighted", cls=TOption, envvar="TUTTO_SIGHTED", is_flag=True, default=False,
              help=N_("Add a status line and word completion for a sighted scorekeeper."))
@click.option("--coach", cls=TOption, envvar="TUTTO_COACH", is_flag=True, default=False,
              help=N_("Say the strategy coach's advice after every roll and set-aside."))
@click.option("--verbosity", cls=TOption, envvar="TUTTO_VERBOSITY",
              type=OneOf(("brief", "normal", "full")), default="normal",
              help=N_("How much is said after each entry."))
@click.option("--resume", cls=TOption, envvar="TUTTO_RESUME", is_flag=False, flag_value="last",
              type=Text(), default=None, metavar=N_("[GAME]"),
              help=N_("Go on with a saved game, the last one by default."))
@click.option("--share", cls=TOption, envvar="TUTTO_SHARE", is_flag=False,
              flag_value="127.0.0.1:8765", type=Text(), default=None,
              metavar=N_("[HOST:PORT]"),
              help=N_("Show the game live on the other players' phones, read-only, behind an "
                      "access code; on this computer only unless a host is given."))
@click.option("--share-code", cls=TOption, envvar="TUTTO_SHARE_CODE", type=Text(),
              default=None, metavar=N_("CODE"),
              help=N_("The access code of the live view, instead of a random one. Other "
                      "users of this computer can read it in the process list: set "
                      "TUTTO_SHARE_CODE instead."))
def play_command(**options: Any) -> int:
    from tutto_a11y.table.play import play

    settings = _settings(options.pop("lang"), options.pop("width"), options.pop("db"),
                         options.pop("plain"), options.pop("game"))
    if options["resume"] is not None:
        options["resume"] = known_game(options["resume"], settings)
    return play(settings, **options)


@cli.command("games", help=N_("List the saved games."))
@_global
@click.option("--abandon", cls=TOption, type=Text(), default=None, metavar=N_("GAME"),
              help=N_("Mark a running game as abandoned."))
def games_command(lang: str | None, db: str | None, width: int | None, plain: bool,
                  abandon: str | None) -> int:
    from tutto_a11y.commands.games import list_games

    settings = _settings(lang, width, db, plain)
    if abandon is not None:
        abandon = known_game(abandon, settings)
    return list_games(settings, abandon)


@cli.command("show", help=N_("Print the score sheet of a game, turn by turn."))
@_game_argument
@_global
def show_command(game: str, lang: str | None, db: str | None, width: int | None,
                 plain: bool) -> int:
    from tutto_a11y.commands.show import show_game

    settings = _settings(lang, width, db, plain)
    return show_game(settings, known_game(game, settings))


def _braille_options(f: Any) -> Any:
    """``--braille-grade``, ``--cells`` and ``--lines``: the Braille and the page of paper."""
    f = click.option("--braille-grade", "grade", cls=TOption, type=OneOf(("1", "2")),
                     default="2", help=N_("Braille grade: 1 uncontracted, 2 contracted."))(f)
    f = click.option("--cells", cls=TOption, type=WholeNumber(12, 100), default=40,
                     metavar=N_("N"), help=N_("Braille cells a line (12 to 100)."))(f)
    f = click.option("--lines", cls=TOption, type=WholeNumber(4, 100), default=25,
                     metavar=N_("N"), help=N_("Braille lines a page (4 to 100)."))(f)
    return f


@cli.command("export", help=N_("Export a game: JSON, CSV, Markdown or Braille. BRF is the score "
                               "sheet for an embosser or a notetaker, txt-braille the same in "
                               "Unicode Braille."))
@_game_argument
@click.option("--format", "fmt", cls=TOption,
              type=OneOf(("json", "csv", "md", "brf", "txt-braille")),
              required=True, help=N_("The export format."))
@_braille_options
@_global
def export_command(game: str, fmt: str, grade: str, cells: int, lines: int, lang: str | None,
                   db: str | None, width: int | None, plain: bool) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.export import export_game

    settings = _settings(lang, width, db, plain)
    return export_game(settings, known_game(game, settings), fmt,
                       (int(grade), Layout(cells=cells, lines=lines)))


@cli.command("labels", help=N_("Braille labels for the cards, to play a bought deck by touch. "
                               "One per card of Tutto or Tute, or Yatzee's fields and what they "
                               "score; BRF for an embosser, or SVG dots for swell paper."))
@click.option("--game", cls=TOption, envvar="TUTTO_GAME", type=OneOf(registry.names()),
              default=registry.DEFAULT, help=N_("Which game's labels."))
@click.option("--format", "fmt", cls=TOption, type=OneOf(("brf", "svg")), default="brf",
              help=N_("The labels' format."))
@_braille_options
@_global
def labels_command(game: str, fmt: str, grade: str, cells: int, lines: int, lang: str | None,
                   db: str | None, width: int | None, plain: bool) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.labels import labels_command as run

    settings = _settings(lang, width, db, plain, game)
    return run(settings, game, fmt, int(grade), Layout(cells=cells, lines=lines))


@cli.command("stats", help=N_("Statistics across the finished games: wins, scores and how each "
                              "player plays."))
@_global
@click.option("--game", "kind", cls=TOption, type=OneOf(registry.names()),
              default=registry.DEFAULT, help=N_("Which game to count."))
@click.option("--player", cls=TOption, type=Text(), default=None, metavar=N_("NAME"),
              help=N_("Only this player; case and accents do not matter."))
@click.option("--since", cls=TOption, type=Text(), default=None, metavar=N_("DATE"),
              help=N_("Only games started on or after this date, as YYYY-MM-DD."))
@click.option("--format", "fmt", cls=TOption, type=OneOf(("text", "json")), default="text",
              help=N_("Text to read, or JSON for scripts."))
def stats_command(lang: str | None, db: str | None, width: int | None, plain: bool, kind: str,
                  player: str | None, since: str | None, fmt: str) -> int:
    from tutto_a11y.commands.stats import stats_command as run

    return run(_settings(lang, width, db, plain), kind, player, since, fmt)


@cli.command("coach", help=N_("The strategy coach for Tutto: every choice of a position with "
                              "the points it is worth on average, best first, as JSON."))
@_global
@click.option("--card", cls=TOption, type=Text(), default=None, metavar=N_("CARD"),
              help=N_("The card in force, as a card id of the export."))
@click.option("--dice", cls=TOption, type=WholeNumber(1, 6), default=None, metavar=N_("N"),
              help=N_("The dice in hand."))
@click.option("--turn-total", cls=TOption, type=WholeNumber(0), default=None,
              metavar=N_("POINTS"), help=N_("The turn total so far, earlier cards included."))
@click.option("--card-points", cls=TOption, type=WholeNumber(0), default=None,
              metavar=N_("POINTS"), help=N_("The points made under the current card."))
@click.option("--faces", cls=TOption, type=Text(), default=None, metavar=N_("FACES"),
              help=N_("The faces set aside under a Street card."))
@click.option("--roll", cls=TOption, type=Text(), default=None, metavar=N_("FACES"),
              help=N_("The roll waiting for a set-aside."))
@click.option("--deck", cls=TOption, type=Text(), default=None, metavar=N_("ID=COUNT,..."),
              help=N_("The draw pile after the current card was taken."))
@click.option("--tuttos", cls=TOption, type=WholeNumber(0, 1), default=None, metavar=N_("N"),
              help=N_("Under the Cloverleaf: the Tuttos made under it so far (0 or 1)."))
@click.option("--after-tutto", cls=TOption, is_flag=True, default=False,
              help=N_("After a Tutto: draw or bank."))
@click.option("--rules", "preset", cls=TOption, type=Text(), default="standard",
              metavar=N_("PRESET"), help=N_("The rule preset of the game, for example standard."))
@click.option("--rule", "rule_options", cls=TOption, multiple=True, type=Text(),
              metavar=N_("NAME=VALUE"),
              help=N_("Change one rule option, for example x2-scope=card."))
@click.option("--duel", cls=TOption, is_flag=True, default=False,
              help=N_("Solve the two-player game once and keep it, so that advice and odds "
                      "say each player's chance to win."))
@click.option("--target", cls=TOption, type=WholeNumber(50), default=None, metavar=N_("POINTS"),
              help=N_("With --duel: the target score of the game."))
@click.option("--format", "fmt", cls=TOption, type=OneOf(("text", "json")), default=None,
              help=N_("The answer's format."))
def coach_command(lang: str | None, db: str | None, width: int | None, plain: bool,
                  **options: Any) -> int:
    from tutto_a11y.commands.coach import coach_command as run

    return run(_settings(lang, width, db, plain), **options)


@cli.command("settings", help=N_("Show every setting, its value and where it comes from; "
                                 "settings set NAME VALUE keeps one for every start, settings "
                                 "unset NAME forgets it."),
             short_help=N_("Show, keep or forget the settings used at every start"),
             context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, cls=TArgument, type=Text(),
                metavar=N_("[set NAME VALUE | unset NAME]"))
@_global
def settings_command(words: tuple[str, ...], lang: str | None, db: str | None,
                     width: int | None, plain: bool) -> int:
    from tutto_a11y.settings_command import change_setting, show_settings
    from tutto_a11y.settings_file import read_settings, settings_path

    settings = _settings(lang, width, db, plain)
    catalog = settings.catalog()
    kept = read_settings(settings_path())
    columns = settings.columns()  # long paths: wrapped at spaces in a terminal, not cut
    if kept.problem is None:
        kept.problem = _check_file(kept)[1]
    if words:
        return change_setting(kept, words, _check_setting, os.environ, catalog, columns)
    ctx = click.get_current_context()
    given = {name: value for name, value in (("lang", lang), ("width", width), ("db", db))
             if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE}
    defaults = {key: param.default for key, param in _setting_options().items()}
    defaults["lang"] = early_lang([], {k: v for k, v in os.environ.items() if k != "TUTTO_LANG"})
    defaults["db"] = str(Settings().path)
    return show_settings(kept, given, os.environ, defaults, catalog, columns)


def _setting_options() -> dict[str, click.Option]:
    """The option of ``play`` behind each setting of the settings file."""
    from tutto_a11y.settings_file import KEYS

    options = {param.name: param for param in play_command.params
               if isinstance(param, click.Option)}
    return {key: options[name] for key, name in KEYS.items()}


def _check_setting(key: str, value: Any) -> Any:
    """A setting's value checked as its option checks it, refused in the same words."""
    param = copy.copy(_setting_options()[key])
    param.opts, param.envvar = [key], None  # the refusal names the setting, not --option
    if param.is_flag:
        if isinstance(value, bool):
            return value
        try:
            return click.BOOL.convert(value, param, None)
        except click.BadParameter:
            raise UsageProblem(Catalog(chosen_lang()).gettext(
                "{option} can be 1 or 0, yes or no, true or false, on or off.",
                option=key)) from None
    try:
        return param.type.convert(value, param, None)
    except click.BadParameter as refused:
        raise UsageProblem(refused.message) from None


def _check_file(kept: Any) -> tuple[dict[str, Any], Any]:
    """The file's values checked as the options are: the values, or the first problem."""
    from tutto_a11y.settings_file import FileProblem

    values = {}
    for key, value in kept.usable.items():
        try:
            values[key] = _check_setting(key, value)
        except UsageProblem:
            return {}, FileProblem("value", kept.lines[key], name=key, value=str(value))
    return values, kept.problem


def _default_map(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The file's settings as click's defaults of each command that has the option."""
    from tutto_a11y.settings_file import KEYS

    by_param = {KEYS[key]: value for key, value in values.items()}
    return {name: {p.name: by_param[p.name] for p in command.params if p.name in by_param}
            for name, command in cli.commands.items()}


@cli.command("review", help=N_("The coach looks back on a Tutto game: every decision "
                               "against the coach's best, the costliest moves first."))
@click.argument("game", cls=TArgument, metavar=N_("[GAME]"), type=Text(), default="last")
@click.option("--player", cls=TOption, type=Text(), default=None, metavar=N_("NAME"),
              help=N_("Only this player; case and accents do not matter."))
@click.option("--format", "fmt", cls=TOption, type=OneOf(("text", "json")), default="text",
              help=N_("Text to read, or JSON for scripts."))
@_global
def review_command(game: str, player: str | None, fmt: str, lang: str | None, db: str | None,
                   width: int | None, plain: bool) -> int:
    from tutto_a11y.commands.review import review_command as run

    settings = _settings(lang, width, db, plain)
    return run(settings, known_game(game, settings), player, fmt)


@cli.command("voices", help=N_("List the speech voices for a language."))
@_global
@click.option("--speech-engine", cls=TOption, envvar="TUTTO_SPEECH_ENGINE",
              type=OneOf(("pyttsx3", "speechd")), default="pyttsx3",
              help=N_("The speech engine."))
def voices_command(lang: str | None, db: str | None, width: int | None, plain: bool,
                   speech_engine: str) -> int:
    from tutto_a11y.commands.voices import list_voices_command

    return list_voices_command(_settings(lang, width, db, plain), speech_engine)


def _settings(lang: str | None, width: int | None, db: str | None, plain: bool,
              game: str = registry.DEFAULT) -> Settings:
    """The context object every command is given: built here, once, from the global options."""
    return Settings(lang=lang, width=width, db=db, plain=plain, game=game)


def known_game(text: str, settings: Settings) -> str:
    """A game id that can exist (``"3"``, ``"last"``); any other is "no such game" at once."""
    ref = game_ref(text)
    if ref is None:
        from tutto_a11y.text.problems import store_error_sentence

        raise UsageProblem(store_error_sentence("no-such-game", {"game": shown(text)},
                                                str(settings.path), settings.catalog()))
    return ref


def main(argv: Sequence[str] | None = None) -> None:
    """Run the program; exit 0 on a normal end, 2 on a usage error, never a traceback."""
    from tutto_a11y.settings_file import read_settings, settings_path

    args = list(sys.argv[1:] if argv is None else argv)
    kept = read_settings(settings_path())
    values, problem = _check_file(kept)
    lang = early_lang(args, os.environ, values.get("lang"))
    use_for_click(lang)
    width = early_width(args, os.environ, values.get("width"))
    from tutto_a11y.text.output import line_width

    plain = early_plain(args, os.environ)
    problem_width = line_width(width, sys.stderr, plain)  # problems: --width, else a terminal's
    # Help: --width, else a terminal's but no wider than click's own 78 (it keeps 50 at least,
    # which a narrow terminal would cut inside words); to a pipe click decides, as before.
    help_width = width or min(line_width(None, sys.stdout, plain) or 0, 78) or None
    if problem is not None:  # said once; the program goes on with the defaults
        from tutto_a11y.settings_command import file_problem_sentence

        _say_problem(file_problem_sentence(problem, kept.path, Catalog(lang)), problem_width)
    extra: dict[str, Any] = ({"terminal_width": help_width, "max_content_width": help_width}
                             if help_width else {})
    extra["default_map"] = _default_map(values)
    try:
        status = cli.main(args=args, prog_name="tutto-tally", standalone_mode=False, **extra)
    except click.exceptions.Exit as done:
        status = done.exit_code
    except click.UsageError as error:
        index, _stray = cli._command_index(args)
        command = args[index] if index is not None else "play"
        _say_problem(usage_sentence(error, _flag_names(), command), problem_width)
        status = 2
    except click.ClickException as error:
        _say_problem(Catalog(lang).gettext("That did not work: {problem}",
                                           problem=terminal_safe(error.format_message())),
                     problem_width)
        status = error.exit_code
    except (click.Abort, KeyboardInterrupt, EOFError):
        status = 0
    except UsageProblem as problem:
        _say_problem(problem.sentence, problem_width)
        status = 2
    sys.stdout.flush()
    sys.exit(status if isinstance(status, int) else 0)


def _flag_names() -> set[str]:
    """The options that take no value, for "--plain=3" to be answered as such."""
    return {name for command in (cli, *cli.commands.values()) for param in command.params
            if isinstance(param, click.Option) and param.is_flag
            for name in (*param.opts, *param.secondary_opts)}


def _say_problem(sentence: str, width: int | None) -> None:
    """A problem as one sentence on stderr, wrapped like every other line (``width``: at
    ``--width``, else at the terminal's width when stderr is one)."""
    from tutto_a11y.commands.printing import echo_wrapped

    echo_wrapped(sentence, width, err=True)
