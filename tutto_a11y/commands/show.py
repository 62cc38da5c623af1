"""``tutto-tally show GAME``: the score sheet of a saved game, printed line by line.

The report (``reports/sheets.py``) replays the game and its interface words the sheet;
this module only prints it, each line wrapped at ``--width`` (or the terminal's width) like
every other line.
"""

from __future__ import annotations

from tutto_a11y.commands.printing import echo_wrapped
from tutto_a11y.config.settings import Settings
from tutto_a11y.reports.sheets import sheet_lines


def show_game(settings: Settings, ref: str) -> int:
    """Print the score sheet of game ``ref``: one turn per line, then the standing."""
    width = settings.columns()
    for line in sheet_lines(settings, ref):
        echo_wrapped(line, width)
    return 0
