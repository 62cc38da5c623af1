"""The click commands: each command's arguments, help and call, at the edge of the program.

Every option comes from the table of options (``config/options.py``), the table the command
line is read from before click too (``config/command_line.py``): :func:`_options` makes a
command's rows into click's options, in the order its help lists them. Each command takes the
global options itself (wherever they stand on the line, see :mod:`~tutto_a11y.cli.group`), and
they become one :class:`Settings` (``Settings.given``, as for ``play``), handed to the command
as its first argument; ``play`` gets every parameter as it was read. The settings file's values
are click's ``default_map``, below the option's variable: the one order of
``config/sources.py``.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import TypeVar

import click
from click.core import ParameterSource

from tutto_a11y.cli.group import DefaultGroup
from tutto_a11y.cli.help import TargetOption, TArgument, TOption
from tutto_a11y.cli.play import known_game
from tutto_a11y.cli.usage import ClickValue, usage_sentence
from tutto_a11y.commands.printing import say_problem
from tutto_a11y.config.command_line import CommandLine
from tutto_a11y.config.file_values import check_file, check_setting
from tutto_a11y.config.options import (
    COMMANDS,
    FLAG,
    GLOBAL,
    MULTIPLE,
    N_,
    OPTIONAL,
    SWITCH,
    Option,
)
from tutto_a11y.config.settings import Checked, ParamValue, Settings, UsageProblem
from tutto_a11y.config.values import Text
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe

TEXT = ClickValue(Text())
#: The parameters of the global options, which become a command's :class:`Settings`.
_GLOBAL_NAMES = frozenset(option.name for option in GLOBAL)

#: A command's function, as click calls it with the command's parameters: its exit status.
CommandFunction = Callable[..., int]
#: A function that a click decorator hands back as it took it (click's parameters are kept on
#: the function until the command is made from it).
F = TypeVar("F", bound=Callable[..., object])


def _click_option(option: Option, *, on_group: bool = False) -> Callable[[F], F]:
    """The click option of a row of the table."""
    extra: dict[str, object] = {}
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
    if on_group:  # on the group: shown in its help, read by each command
        extra["expose_value"] = False
    else:
        extra["envvar"] = option.envvar
    if option.required:
        extra["required"] = True
    else:
        extra["default"] = option.default
    names = "/".join(option.names()) if option.how == SWITCH else option.on
    cls = TargetOption if option.game_help else TOption
    return click.option(names, option.name, cls=cls, **extra)


def _with_options(options: tuple[Option, ...], f: F, **kw: bool) -> F:
    for option in reversed(options):  # click lists the last one applied first
        f = _click_option(option, **kw)(f)
    return f


def _options(command: str) -> Callable[[CommandFunction], CommandFunction]:
    """The command's options from the table. For every command but ``play`` the global ones
    become the command's :class:`Settings` (its first argument), built here once."""
    rows = COMMANDS[command]

    def decorate(f: CommandFunction) -> CommandFunction:
        if command == "play":
            return _with_options(rows, f)

        @functools.wraps(f)
        def with_settings(*args: ParamValue, **params: ParamValue) -> int:
            settings = Settings.given(params)
            return f(settings, *args, **{name: value for name, value in params.items()
                                         if name not in _GLOBAL_NAMES})

        return _with_options(rows, with_settings)

    return decorate


def _global_on_group(f: F) -> F:
    """The global options on the group as well: its help lists them, each command reads them."""
    return _with_options(GLOBAL, f, on_group=True)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("A scorekeeper for the dice game Tutto that speaks and prints every entry. "
                     "Without a command it plays; tutto-tally play --help lists the options of "
                     "a game."))
@click.version_option(package_name="tutto-tally", prog_name="tutto-tally", cls=TOption,
                      help=N_("Show the version and exit."))
@_global_on_group
def cli() -> None:
    pass


def _game_argument(f: F) -> F:
    return click.argument("game", cls=TArgument, metavar=N_("GAME"), type=TEXT)(f)


@cli.command("play", help=N_("Play a game: start a new one or go on with the last one."))
@_options("play")
def play_command(**params: ParamValue) -> int:
    from tutto_a11y.cli.play import start_play

    return start_play(params)


@cli.command("games", help=N_("List the saved games."))
@_options("games")
def games_command(settings: Settings, abandon: str | None) -> int:
    from tutto_a11y.commands.games import list_games

    if abandon is not None:
        abandon = known_game(abandon, settings)
    return list_games(settings, abandon)


@cli.command("show", help=N_("Print the score sheet of a game, turn by turn."))
@_game_argument
@_options("show")
def show_command(settings: Settings, game: str) -> int:
    from tutto_a11y.commands.show import show_game

    return show_game(settings, known_game(game, settings))


@cli.command("export", help=N_("Export a game: JSON, CSV, Markdown or Braille. BRF is the score "
                               "sheet for an embosser or a notetaker, txt-braille the same in "
                               "Unicode Braille."))
@_game_argument
@_options("export")
def export_command(settings: Settings, game: str, fmt: str, grade: str, cells: int,
                   lines: int) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.export import export_game

    return export_game(settings, known_game(game, settings), fmt,
                       (int(grade), Layout(cells=cells, lines=lines)))


@cli.command("labels", help=N_("Braille labels for the cards, to play a bought deck by touch. "
                               "One per card of Tutto or Tute, or Yatzee's fields and what they "
                               "score; BRF for an embosser, or SVG dots for swell paper."))
@_options("labels")
def labels_command(settings: Settings, game: str, fmt: str, grade: str, cells: int,
                   lines: int) -> int:
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.commands.labels import labels_command as run

    return run(settings, game, fmt, int(grade), Layout(cells=cells, lines=lines))


@cli.command("stats", help=N_("Statistics across the finished games: wins, scores and how each "
                              "player plays."))
@_options("stats")
def stats_command(settings: Settings, kind: str, player: str | None, since: str | None,
                  fmt: str) -> int:
    from tutto_a11y.commands.stats import stats_command as run

    return run(settings, kind, player, since, fmt)


@cli.command("coach", help=N_("The strategy coach for Tutto: every choice of a position with "
                              "the points it is worth on average, best first, as JSON."))
@_options("coach")
def coach_command(settings: Settings, **options: ParamValue) -> int:
    from tutto_a11y.commands.coach import coach_command as run

    return run(settings, **options)


@cli.command("settings", help=N_("Show every setting, its value and where it comes from; "
                                 "settings set NAME VALUE keeps one for every start, settings "
                                 "unset NAME forgets it."),
             short_help=N_("Show, keep or forget the settings used at every start"),
             context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, cls=TArgument, type=TEXT,
                metavar=N_("[set NAME VALUE | unset NAME]"))
@_options("settings")
def settings_command(settings: Settings, words: tuple[str, ...]) -> int:
    from tutto_a11y.commands.settings import change_setting, show_settings
    from tutto_a11y.config.file import read_settings, settings_path
    from tutto_a11y.config.sources import setting_defaults

    catalog = settings.catalog()
    settings_file = read_settings(settings_path())
    columns = settings.columns()  # long paths: wrapped at spaces in a terminal, not cut
    if settings_file.problem is None:
        settings_file.problem = check_file(settings_file)[1]
    if words:
        return change_setting(settings_file, words, check_setting, os.environ, catalog, columns)
    ctx = click.get_current_context()
    chosen = {"lang": settings.lang, "width": settings.width, "db": settings.db}
    given = {name: value for name, value in chosen.items()
             if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE}
    return show_settings(settings_file, given, os.environ, setting_defaults(os.environ), catalog,
                         columns)


@cli.command("review", help=N_("The coach looks back on a Tutto game: every decision "
                               "against the coach's best, the costliest moves first."))
@click.argument("game", cls=TArgument, metavar=N_("[GAME]"), type=TEXT, default="last")
@_options("review")
def review_command(settings: Settings, game: str, player: str | None, fmt: str) -> int:
    from tutto_a11y.commands.review import review_command as run

    return run(settings, known_game(game, settings), player, fmt)


@cli.command("voices", help=N_("List the speech voices for a language."))
@_options("voices")
def voices_command(settings: Settings, speech_engine: str) -> int:
    from tutto_a11y.commands.voices import list_voices_command

    return list_voices_command(settings, speech_engine)


def _default_map(values: dict[str, Checked]) -> dict[str, dict[str, Checked]]:
    """The settings file's values as click's defaults of each command that has the option."""
    return {name: {p.name: values[p.name] for p in command.params if p.name in values}
            for name, command in cli.commands.items()}


def run_click(args: list[str], values: dict[str, Checked], line: CommandLine,
              problem_width: int | None) -> int:
    """The command line read and run by click; every problem said in one sentence. ``line`` is
    the reading before click: the language, the width and plain mode, the command."""
    from tutto_a11y.text.output import line_width

    # Help: --width, else a terminal's but no wider than click's own 78 (it keeps 50 at least,
    # which a narrow terminal would cut inside words); to a pipe click decides, as before.
    help_width = line.width or min(line_width(None, sys.stdout, line.plain) or 0, 78) or None
    # None is click's own default for both widths: click decides.
    try:
        status = cli.main(args=args, prog_name="tutto-tally", standalone_mode=False,
                          terminal_width=help_width, max_content_width=help_width,
                          default_map=_default_map(values))
    except click.exceptions.Exit as done:
        status = done.exit_code
    except click.UsageError as error:
        say_problem(usage_sentence(error, _flag_names(), line.command or "play"), problem_width)
        status = 2
    except click.ClickException as error:
        say_problem(Catalog(line.lang).gettext("That did not work: {problem}",
                                               problem=terminal_safe(error.format_message())),
                    problem_width)
        status = error.exit_code
    except (click.Abort, KeyboardInterrupt, EOFError) as stopped:
        # click turns Ctrl-C into Abort; what a command computes (the coach's duel solve, a
        # review) is stopped, and the player is told so rather than left with a silent prompt.
        if isinstance(stopped, KeyboardInterrupt) or \
                isinstance(stopped.__context__, KeyboardInterrupt):
            say_problem(Catalog(line.lang).gettext("Stopped with Ctrl-C."), problem_width)
            status = 130
        else:
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
