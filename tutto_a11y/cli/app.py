"""The click commands: every command's options, help and call, at the edge of the program.

Each command takes the global options itself (wherever they stand on the line, see
:mod:`~tutto_a11y.cli.group`), and they become one :class:`Settings`, built once by
:func:`_global` and handed to the command as its first argument. The options of ``play`` and
the global ones come from :mod:`~tutto_a11y.cli.options`, the table the quick start reads too.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

import click
from click.core import ParameterSource

from tutto_a11y.cli.group import DefaultGroup
from tutto_a11y.cli.help import TargetOption, TArgument, TOption
from tutto_a11y.cli.kept import check_file, check_setting, setting_options
from tutto_a11y.cli.options import (
    FLAG,
    GLOBAL,
    MULTIPLE,
    N_,
    OPTIONAL,
    PLAY,
    SWITCH,
    Option,
)
from tutto_a11y.cli.play import known_game
from tutto_a11y.cli.usage import ClickValue, usage_sentence
from tutto_a11y.commands.printing import say_problem
from tutto_a11y.games import registry
from tutto_a11y.settings import Settings, UsageProblem, early_lang
from tutto_a11y.text.arguments import OneOf, Text, WholeNumber
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe

TEXT = ClickValue(Text())


def words(*choices: str) -> ClickValue:
    """One of a few words, as a click type."""
    return ClickValue(OneOf(choices))


def number(low: int | None = None, high: int | None = None) -> ClickValue:
    """A whole number between two bounds, as a click type."""
    return ClickValue(WholeNumber(low, high))


def _click_option(option: Option, *, hidden_value: bool = False) -> Callable[[Any], Any]:
    """The click option of an entry of the options table."""
    extra: dict[str, Any] = {}
    if option.how == FLAG:
        extra["is_flag"] = True
    elif option.how == OPTIONAL:
        extra.update(is_flag=False, flag_value=option.flag_value)
    elif option.how == MULTIPLE:
        extra["multiple"] = True
    if option.kind is not None:
        extra["type"] = ClickValue(option.kind)
    if option.metavar is not None:
        extra["metavar"] = option.metavar
    if option.help is not None:
        extra["help"] = option.help
    if hidden_value:  # on the group: shown in its help, read by each command
        extra["expose_value"] = False
    else:
        extra["envvar"] = option.envvar
    names = "/".join(option.names()) if option.how == SWITCH else option.on
    cls = TargetOption if option.name == "target" else TOption
    return click.option(names, option.name, cls=cls, default=option.default, **extra)


def _with_options(options: tuple[Option, ...], f: Any, **kw: Any) -> Any:
    for option in reversed(options):  # click lists the last one applied first
        f = _click_option(option, **kw)(f)
    return f


def _global(f: Any) -> Any:
    """The options every command takes, before or after the command word, made into the
    command's :class:`Settings` (its first argument), built here once."""

    @functools.wraps(f)
    def with_settings(*args: Any, lang: str | None, width: int | None, db: str | None,
                      plain: bool, **params: Any) -> Any:
        settings = Settings(lang=lang, width=width, db=db, plain=plain)
        click.get_current_context().obj = settings
        return f(settings, *args, **params)

    return _with_options(GLOBAL, with_settings)


def _global_on_group(f: Any) -> Any:
    return _with_options(GLOBAL, f, hidden_value=True)


def _global_play(f: Any) -> Any:
    """``play``: the global options and its own, all passed on as they were read."""
    return _with_options((*GLOBAL, *PLAY), f)


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
    return click.argument("game", cls=TArgument, metavar=N_("GAME"), type=TEXT)(f)


@cli.command("play", help=N_("Play a game: start a new one or go on with the last one."))
@_global_play
def play_command(**params: Any) -> int:
    from tutto_a11y.cli.play import start_play

    return start_play(params)


@cli.command("games", help=N_("List the saved games."))
@_global
@click.option("--abandon", cls=TOption, type=TEXT, default=None, metavar=N_("GAME"),
              help=N_("Mark a running game as abandoned."))
def games_command(settings: Settings, abandon: str | None) -> int:
    from tutto_a11y.commands.games import list_games

    if abandon is not None:
        abandon = known_game(abandon, settings)
    return list_games(settings, abandon)


@cli.command("show", help=N_("Print the score sheet of a game, turn by turn."))
@_game_argument
@_global
def show_command(settings: Settings, game: str) -> int:
    from tutto_a11y.commands.show import show_game

    return show_game(settings, known_game(game, settings))


def _braille_options(f: Any) -> Any:
    """``--braille-grade``, ``--cells`` and ``--lines``: the Braille and the page of paper."""
    f = click.option("--braille-grade", "grade", cls=TOption, type=words("1", "2"),
                     default="2", help=N_("Braille grade: 1 uncontracted, 2 contracted."))(f)
    f = click.option("--cells", cls=TOption, type=number(12, 100), default=40,
                     metavar=N_("N"), help=N_("Braille cells a line (12 to 100)."))(f)
    f = click.option("--lines", cls=TOption, type=number(4, 100), default=25,
                     metavar=N_("N"), help=N_("Braille lines a page (4 to 100)."))(f)
    return f


@cli.command("export", help=N_("Export a game: JSON, CSV, Markdown or Braille. BRF is the score "
                               "sheet for an embosser or a notetaker, txt-braille the same in "
                               "Unicode Braille."))
@_game_argument
@click.option("--format", "fmt", cls=TOption,
              type=words("json", "csv", "md", "brf", "txt-braille"),
              required=True, help=N_("The export format."))
@_braille_options
@_global
def export_command(settings: Settings, game: str, fmt: str, grade: str, cells: int,
                   lines: int) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.export import export_game

    return export_game(settings, known_game(game, settings), fmt,
                       (int(grade), Layout(cells=cells, lines=lines)))


@cli.command("labels", help=N_("Braille labels for the cards, to play a bought deck by touch. "
                               "One per card of Tutto or Tute, or Yatzee's fields and what they "
                               "score; BRF for an embosser, or SVG dots for swell paper."))
@click.option("--game", cls=TOption, envvar="TUTTO_GAME", type=words(*registry.names()),
              default=registry.DEFAULT, help=N_("Which game's labels."))
@click.option("--format", "fmt", cls=TOption, type=words("brf", "svg"), default="brf",
              help=N_("The labels' format."))
@_braille_options
@_global
def labels_command(settings: Settings, game: str, fmt: str, grade: str, cells: int,
                   lines: int) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.labels import labels_command as run

    return run(settings, game, fmt, int(grade), Layout(cells=cells, lines=lines))


@cli.command("stats", help=N_("Statistics across the finished games: wins, scores and how each "
                              "player plays."))
@_global
@click.option("--game", "kind", cls=TOption, type=words(*registry.names()),
              default=registry.DEFAULT, help=N_("Which game to count."))
@click.option("--player", cls=TOption, type=TEXT, default=None, metavar=N_("NAME"),
              help=N_("Only this player; case and accents do not matter."))
@click.option("--since", cls=TOption, type=TEXT, default=None, metavar=N_("DATE"),
              help=N_("Only games started on or after this date, as YYYY-MM-DD."))
@click.option("--format", "fmt", cls=TOption, type=words("text", "json"), default="text",
              help=N_("Text to read, or JSON for scripts."))
def stats_command(settings: Settings, kind: str, player: str | None, since: str | None,
                  fmt: str) -> int:
    from tutto_a11y.commands.stats import stats_command as run

    return run(settings, kind, player, since, fmt)


@cli.command("coach", help=N_("The strategy coach for Tutto: every choice of a position with "
                              "the points it is worth on average, best first, as JSON."))
@_global
@click.option("--card", cls=TOption, type=TEXT, default=None, metavar=N_("CARD"),
              help=N_("The card in force, as a card id of the export."))
@click.option("--dice", cls=TOption, type=number(1, 6), default=None, metavar=N_("N"),
              help=N_("The dice in hand."))
@click.option("--turn-total", cls=TOption, type=number(0), default=None,
              metavar=N_("POINTS"), help=N_("The turn total so far, earlier cards included."))
@click.option("--card-points", cls=TOption, type=number(0), default=None,
              metavar=N_("POINTS"), help=N_("The points made under the current card."))
@click.option("--faces", cls=TOption, type=TEXT, default=None, metavar=N_("FACES"),
              help=N_("The faces set aside under a Street card."))
@click.option("--roll", cls=TOption, type=TEXT, default=None, metavar=N_("FACES"),
              help=N_("The roll waiting for a set-aside."))
@click.option("--deck", cls=TOption, type=TEXT, default=None, metavar=N_("ID=COUNT,..."),
              help=N_("The draw pile after the current card was taken."))
@click.option("--tuttos", cls=TOption, type=number(0, 1), default=None, metavar=N_("N"),
              help=N_("Under the Cloverleaf: the Tuttos made under it so far (0 or 1)."))
@click.option("--after-tutto", cls=TOption, is_flag=True, default=False,
              help=N_("After a Tutto: draw or bank."))
@click.option("--rules", "preset", cls=TOption, type=TEXT, default="standard",
              metavar=N_("PRESET"), help=N_("The rule preset of the game, for example standard."))
@click.option("--rule", "rule_options", cls=TOption, multiple=True, type=TEXT,
              metavar=N_("NAME=VALUE"),
              help=N_("Change one rule option, for example x2-scope=card."))
@click.option("--duel", cls=TOption, is_flag=True, default=False,
              help=N_("Solve the two-player game once and keep it, so that advice and odds "
                      "say each player's chance to win."))
@click.option("--target", cls=TOption, type=number(50), default=None, metavar=N_("POINTS"),
              help=N_("With --duel: the target score of the game."))
@click.option("--format", "fmt", cls=TOption, type=words("text", "json"), default=None,
              help=N_("The answer's format."))
def coach_command(settings: Settings, **options: Any) -> int:
    from tutto_a11y.commands.coach import coach_command as run

    return run(settings, **options)


@cli.command("settings", help=N_("Show every setting, its value and where it comes from; "
                                 "settings set NAME VALUE keeps one for every start, settings "
                                 "unset NAME forgets it."),
             short_help=N_("Show, keep or forget the settings used at every start"),
             context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, cls=TArgument, type=TEXT,
                metavar=N_("[set NAME VALUE | unset NAME]"))
@_global
def settings_command(settings: Settings, words: tuple[str, ...]) -> int:
    from tutto_a11y.commands.settings import change_setting, show_settings
    from tutto_a11y.settings_file import read_settings, settings_path

    catalog = settings.catalog()
    kept = read_settings(settings_path())
    columns = settings.columns()  # long paths: wrapped at spaces in a terminal, not cut
    if kept.problem is None:
        kept.problem = check_file(kept)[1]
    if words:
        return change_setting(kept, words, check_setting, os.environ, catalog, columns)
    ctx = click.get_current_context()
    chosen = {"lang": settings.lang, "width": settings.width, "db": settings.db}
    given = {name: value for name, value in chosen.items()
             if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE}
    defaults = {key: option.default for key, option in setting_options().items()}
    defaults["lang"] = early_lang([], {k: v for k, v in os.environ.items() if k != "TUTTO_LANG"})
    defaults["db"] = str(Settings().path)
    return show_settings(kept, given, os.environ, defaults, catalog, columns)


@cli.command("review", help=N_("The coach looks back on a Tutto game: every decision "
                               "against the coach's best, the costliest moves first."))
@click.argument("game", cls=TArgument, metavar=N_("[GAME]"), type=TEXT, default="last")
@click.option("--player", cls=TOption, type=TEXT, default=None, metavar=N_("NAME"),
              help=N_("Only this player; case and accents do not matter."))
@click.option("--format", "fmt", cls=TOption, type=words("text", "json"), default="text",
              help=N_("Text to read, or JSON for scripts."))
@_global
def review_command(settings: Settings, game: str, player: str | None, fmt: str) -> int:
    from tutto_a11y.commands.review import review_command as run

    return run(settings, known_game(game, settings), player, fmt)


@cli.command("voices", help=N_("List the speech voices for a language."))
@_global
@click.option("--speech-engine", cls=TOption, envvar="TUTTO_SPEECH_ENGINE",
              type=words("pyttsx3", "speechd"), default="pyttsx3",
              help=N_("The speech engine."))
def voices_command(settings: Settings, speech_engine: str) -> int:
    from tutto_a11y.commands.voices import list_voices_command

    return list_voices_command(settings, speech_engine)


def _default_map(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The settings file's values as click's defaults of each command that has the option."""
    return {name: {p.name: values[p.name] for p in command.params if p.name in values}
            for name, command in cli.commands.items()}


def run_click(args: list[str], values: dict[str, Any], lang: str, width: int | None,
              plain: bool, problem_width: int | None) -> int:
    """The command line read and run by click; every problem said in one sentence."""
    from tutto_a11y.text.output import line_width

    # Help: --width, else a terminal's but no wider than click's own 78 (it keeps 50 at least,
    # which a narrow terminal would cut inside words); to a pipe click decides, as before.
    help_width = width or min(line_width(None, sys.stdout, plain) or 0, 78) or None
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
        say_problem(usage_sentence(error, _flag_names(), command), problem_width)
        status = 2
    except click.ClickException as error:
        say_problem(Catalog(lang).gettext("That did not work: {problem}",
                                          problem=terminal_safe(error.format_message())),
                    problem_width)
        status = error.exit_code
    except (click.Abort, KeyboardInterrupt, EOFError):
        status = 0
    except UsageProblem as problem:
        say_problem(problem.sentence, problem_width)
        status = 2
    return status if isinstance(status, int) else 0


def _flag_names() -> set[str]:
    """The options that take no value, for "--plain=3" to be answered as such."""
    return {name for command in (cli, *cli.commands.values()) for param in command.params
            if isinstance(param, click.Option) and param.is_flag
            for name in (*param.opts, *param.secondary_opts)}
