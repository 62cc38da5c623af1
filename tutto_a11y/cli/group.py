"""The command group: ``play`` by default, global options before or after the command word."""

from __future__ import annotations

import gettext

import click

from tutto_a11y.cli.help import TCommand, TContext, _help_translated
from tutto_a11y.config.command_line import command_index
from tutto_a11y.config.options import N_
from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.text.arguments import not_a_command


class DefaultGroup(click.Group):
    """``play`` is the default command, and the global options may stand before the command.

    ``tutto-tally --lang de show 1`` is read as ``show --lang de 1``: every command takes the
    global options itself, so moving the command word to the front is all it takes. Where the
    command word stands is the one reading's
    (:func:`~tutto_a11y.config.command_line.command_index`).
    """

    command_class = TCommand
    context_class = TContext

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        index, stray = command_index(args)
        if index is not None:
            args = [args[index], *args[:index], *args[index + 1:]]
        elif "--version" in args:
            args = ["--version"]
        elif any(a in ctx.help_option_names for a in args):
            args = ["--help"]
        elif stray is not None:
            raise UsageProblem(not_a_command(stray, list(self.commands)))
        else:
            args = ["play", *args]
        return super().parse_args(ctx, args)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [gettext.gettext(N_("[OPTIONS]")), gettext.gettext(N_("COMMAND [ARGS]..."))]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)
