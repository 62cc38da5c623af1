"""The program's start: settings file, the command line read once, then ``play`` or click.

Library errors become one translated line and exit status 2 here, never a traceback. The
command line is read before anything else (:mod:`~.line`): the language, so that click's own
texts are translated too, the width and plain mode every problem is said with, and the
command. A plain ``play`` line (most starts at a table) runs from that reading without click;
every other line, and every line with something to refuse, goes to click (:mod:`~.app`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from tutto_a11y.settings import UsageProblem
from tutto_a11y.text.i18n import Catalog, use_for_click
from tutto_a11y.text.output import line_width


def main(argv: Sequence[str] | None = None) -> None:
    """Run the program; exit 0 on a normal end, 2 on a usage error, never a traceback."""
    from tutto_a11y.cli.kept import check_file
    from tutto_a11y.cli.line import read
    from tutto_a11y.settings_file import read_settings, settings_path

    args = list(sys.argv[1:] if argv is None else argv)
    kept = read_settings(settings_path())
    values, problem = check_file(kept)
    line = read(args, os.environ, values)
    use_for_click(line.lang)
    problem_width = line_width(line.width, sys.stderr, line.plain)  # else a terminal's
    if problem is not None:  # said once; the program goes on with the defaults
        from tutto_a11y.commands.printing import say_problem
        from tutto_a11y.commands.settings import file_problem_sentence

        say_problem(file_problem_sentence(problem, kept.path, Catalog(line.lang)),
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
    sys.stdout.flush()
    sys.exit(status)
