"""``tutto-tally stats``: the statistics across finished games, printed.

The report reads and adds up the games (``reports/stats.py``); this module prints the result as
lines wrapped at ``--width`` or as JSON for scripts. With JSON the damaged games are named on
stderr, so that stdout stays one JSON document.
"""

from __future__ import annotations

import json

import click

from tutto_a11y.commands.printing import echo_wrapped
from tutto_a11y.config.settings import Settings
from tutto_a11y.reports.stats import count_games


def stats_command(settings: Settings, kind: str, player: str | None, since_text: str | None,
                  fmt: str) -> int:
    """Read every finished game and print the statistics of ``kind``."""
    c, width = settings.catalog(), settings.columns()
    count = count_games(settings, kind, player, since_text)
    damaged = count.damaged_lines(c)
    if fmt == "json":
        click.echo(json.dumps(count.stats.as_json(), ensure_ascii=False, indent=2))
        for sentence in damaged:
            echo_wrapped(sentence, settings.columns(err=True), err=True)
        return 0
    for line in count.lines(c) + damaged:
        echo_wrapped(line, width)
    return 0
