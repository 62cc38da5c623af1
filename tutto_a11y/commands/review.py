"""``tutto-tally review GAME``: the coach's review of a saved game, printed.

The report reads the game and hands it to its game's coach (``reports/review.py``); this module
prints the review as lines wrapped at ``--width`` or, with ``--format json``, as one line of
JSON for scripts. A review that takes a while says first, on stderr, that it is computing.
"""

from __future__ import annotations

import json

import click

from tutto_a11y.commands.printing import echo_wrapped, one_moment_notice
from tutto_a11y.config.settings import Settings
from tutto_a11y.reports.review import review_game
from tutto_a11y.text.one_moment import after_a_moment


def review_command(settings: Settings, ref: str, player: str | None, fmt: str) -> int:
    """Print the review of one saved game, as text (in the chosen language, else the game's
    own) or as JSON."""
    review = review_game(settings, ref, player, lambda compute, catalog: after_a_moment(
        compute, one_moment_notice(settings, catalog)))
    if fmt == "json":
        click.echo(json.dumps(review.as_json(), ensure_ascii=False))
        return 0
    for line in review.lines():
        echo_wrapped(line, settings.columns())
    return 0
