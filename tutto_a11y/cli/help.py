"""Help in the game's language, wrapped so that no word is cut on a narrow line.

click's help texts, metavars and headings are looked up in the catalog when help is shown, so
that the English msgids stay in the code and the help speaks the language of the run.
"""

from __future__ import annotations

import gettext
import textwrap
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import click

from tutto_a11y.config.options import N_
from tutto_a11y.games import registry


def _t(text: str | None) -> str | None:
    return gettext.gettext(text) if text else text


@contextmanager
def _help_translated(thing: click.Option | click.Command) -> Iterator[None]:
    """Show ``thing``'s help in the game's language, keeping the English msgid stored."""
    original = thing.help
    thing.help = _t(original)
    try:
        yield
    finally:
        thing.help = original


class NarrowFormatter(click.HelpFormatter):
    """Help that fits a narrow line (a 40-cell Braille display given with ``--width 40``).

    click puts options and their help side by side and lets lines run past the width when the
    option column is wide; below 30 free columns each option is written on its own line with
    its help wrapped under it instead.
    """

    def write_heading(self, heading: str) -> None:
        """"Options:" as the language writes a heading ("Options :" in French)."""
        line = gettext.gettext(N_("{heading}:")).format(heading=heading)
        self.write(" " * self.current_indent + line + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        rows = list(rows)
        first = min(max((len(term) for term, _ in rows), default=0), col_max) + col_spacing
        if self.width - self.current_indent - first >= 30:
            super().write_dl(rows, col_max, col_spacing)
            return
        indent = " " * self.current_indent
        for term, text in rows:
            self.write(textwrap.fill(term, self.width, initial_indent=indent,
                                     subsequent_indent=indent + "  ",
                                     break_on_hyphens=False) + "\n")
            if text:
                self.write(click.wrap_text(text, self.width, initial_indent=indent + "    ",
                                           subsequent_indent=indent + "    ",
                                           preserve_paragraphs=True) + "\n")


class TContext(click.Context):
    formatter_class = NarrowFormatter


class TOption(click.Option):
    """An option whose help text and metavar are looked up in the catalog when help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with _help_translated(self):
            return super().get_help_record(ctx)

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is not None:
            return gettext.gettext(self.metavar)
        return super().make_metavar(ctx)


class TargetOption(TOption):
    """``--target``, whose help the default game's interface words (what a target is depends
    on the game); the interface loads only when help is shown, never when a game starts."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = registry.find(registry.DEFAULT).interface().target_help
        return super().get_help_record(ctx)


class TArgument(click.Argument):
    """An argument whose metavar (GAME) is shown in the game's language."""

    def make_metavar(self, ctx: click.Context) -> str:
        return gettext.gettext(self.metavar or (self.name or "").upper())


class TCommand(click.Command):
    """A command whose help text and usage line are translated when shown."""

    context_class = TContext

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _t(self.short_help) or (_t(self.help) or "").split(".")[0]

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        if pieces and pieces[0] == self.options_metavar:
            pieces[0] = gettext.gettext(N_("[OPTIONS]"))
        return pieces
