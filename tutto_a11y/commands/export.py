"""``tutto-tally export GAME --format ...``: a saved game written to stdout as a file's bytes.

The report (``reports/sheets.py``) makes the whole export (JSON, CSV, Markdown, BRF or
Unicode Braille); this module writes it as it is, never wrapped, so that redirecting it to a
file gives the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tutto_a11y.config.settings import Settings
from tutto_a11y.reports.sheets import export_text

if TYPE_CHECKING:  # for the type checker only: the Braille formats are imported when asked
    from tutto_a11y.braille.pages import Layout


def export_game(settings: Settings, ref: str, fmt: str,
                braille: tuple[int, Layout] | None = None) -> int:
    """Write game ``ref`` in ``fmt``; ``braille`` is the grade and the page
    (:class:`~tutto_a11y.braille.pages.Layout`) of the Braille formats."""
    click.echo(export_text(settings, ref, fmt, braille), nl=False)
    return 0
