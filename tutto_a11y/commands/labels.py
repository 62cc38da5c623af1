"""``tutto-tally labels``: Braille labels for a game's cards or fields, written to stdout.

Braille on paper (``braille/paper.py``) makes the labels as BRF or SVG through the game's
interface; this module writes them as they are, never wrapped, so that redirecting them to a
file gives the file for the embosser or the swell paper.
"""

from __future__ import annotations

import click

from tutto_a11y.braille.pages import Layout
from tutto_a11y.braille.paper import labels_text
from tutto_a11y.config.settings import Settings


def labels_command(settings: Settings, game: str, fmt: str, grade: int, layout: Layout) -> int:
    """Write the labels of ``game`` in ``fmt`` (``brf`` or ``svg``)."""
    click.echo(labels_text(game, settings.catalog(), fmt, grade, layout), nl=False)
    return 0
