"""The program's start: settings file, the command line read once, then ``play`` or click.

Library errors become one translated line and exit status 2 here, never a traceback. The
command line is read before anything else (:mod:`~tutto_a11y.config.command_line`): the
language, so that click's own texts are translated too, the width and plain mode every problem
is said with, and the command. A plain ``play`` line (most starts at a table) runs from that
reading without click; every other line, and every line with something to refuse, goes to
click (:mod:`~.app`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.text.i18n import Catalog, use_for_click
from tutto_a11y.text.output import line_width

#: The exit status when the output is closed before everything was written (a pipe into
#: ``head``): click's own for the commands it runs (``show``, ``games``, ``export``...), and so
#: the same for every command and for a game.
OUTPUT_CLOSED = 1


def main(argv: Sequence[str] | None = None) -> None:
    """Run the program; exit 0 on a normal end, 2 on a usage error, 1 when the output was
    closed early, never a traceback."""
    try:
        status = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        status = _output_closed()
    sys.exit(status)


def _output_closed() -> int:
    """stdout or stderr was closed before everything was written: nothing more can be said,
    and no traceback either. What Python still holds for a closed stream is sent to
    ``/dev/null``, or its last flush at exit would print an error of its own. A game has
    saved every entry it accepted before it said it (``table/session.py``) and has closed
    the games file on its way here."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, stream.fileno())
                os.close(devnull)
            except (OSError, ValueError):
                pass
    return OUTPUT_CLOSED


def _run(argv: Sequence[str] | None) -> int:
    """The program's run; its exit status."""
    from tutto_a11y.config.command_line import read
    from tutto_a11y.config.file import read_settings, settings_path
    from tutto_a11y.config.file_values import check_file

    args = list(sys.argv[1:] if argv is None else argv)
    settings_file = read_settings(settings_path())
    values, problem = check_file(settings_file)
    line = read(args, os.environ, values)
    use_for_click(line.lang)
    problem_width = line_width(line.width, sys.stderr, line.plain)  # else a terminal's
    if problem is not None:  # said once; the program goes on with the defaults
        from tutto_a11y.commands.printing import say_problem
        from tutto_a11y.config.file_values import file_problem_sentence

        say_problem(file_problem_sentence(problem, settings_file.path, Catalog(line.lang)),
                    problem_width)
    if line.play is None:
        from tutto_a11y.cli.app import run_click

        status = run_click(args, values, line, problem_width)
    else:
        from tutto_a11y.cli.play import start_play

        try:
            status = start_play(line.play)
        except (KeyboardInterrupt, EOFError):
            status = 0
        except UsageProblem as refused:
            from tutto_a11y.commands.printing import say_problem

            say_problem(refused.sentence, problem_width)
            status = 2
    return status
