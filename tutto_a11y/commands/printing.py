"""How a command prints a line: wrapped like the play loop's announcements, through click.

The play loop writes to its own stream (``text/output.py``'s ``Output``); every other line a
user reads (a list, a sheet, a problem) goes through :func:`echo_wrapped`, so it is wrapped at
``--width`` (or the terminal's width) at the same places. click writes it because click also
copes with a terminal that cannot take a character and leaves no escape codes in a pipe; that
is why this writer lives in the command layer and the rooms below print nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from tutto_a11y.config.settings import Settings
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.one_moment import working_sentence
from tutto_a11y.text.output import wrap


def echo_wrapped(text: str, width: int | None, err: bool = False) -> None:
    """A line outside the play loop (a list, a sheet, a problem), wrapped like announcements."""
    click.echo("\n".join(wrap(text, width)), err=err)


def say_problem(sentence: str, width: int | None) -> None:
    """A problem as one sentence on stderr, wrapped like every other line (``width``: at
    ``--width``, else at the terminal's width when stderr is one)."""
    echo_wrapped(sentence, width, err=True)


def one_moment_notice(settings: Settings, catalog: Catalog | None = None) -> Callable[[], None]:
    """What a command says on stderr when its computation takes a while ("One moment, I'm
    computing."; :mod:`tutto_a11y.text.one_moment`), in ``catalog``'s language (the chosen one
    unless told): stdout keeps only the answer for scripts."""
    line = working_sentence(catalog or settings.catalog())
    return lambda: echo_wrapped(line, settings.columns(err=True), err=True)
