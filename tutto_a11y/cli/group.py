"""The command group: ``play`` by default, global options before or after the command word."""

from __future__ import annotations

import gettext
from collections.abc import Sequence

import click

from tutto_a11y.cli.help import TCommand, TContext, _help_translated
from tutto_a11y.cli.options import N_
from tutto_a11y.settings import UsageProblem
from tutto_a11y.text.arguments import not_a_command


class DefaultGroup(click.Group):
    """``play`` is the default command, and the global options may stand before the command.

    ``tutto-tally --lang de show 1`` is read as ``show --lang de 1``: every command takes the
    global options itself, so moving the command word to the front is all it takes.
    """

    command_class = TCommand
    context_class = TContext

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        index, stray = self._command_index(args)
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

    def _command_index(self, args: Sequence[str]) -> tuple[int | None, str | None]:
        """Where the command word is, skipping option values; else the first stray word."""
        takes = self._value_options()
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--":
                return None, None
            if arg.startswith("-") and len(arg) > 1:
                kind = takes.get(arg) if "=" not in arg else None
                nxt = args[i + 1] if i + 1 < len(args) else None
                if kind == "value" or (kind == "optional" and nxt is not None
                                       and not nxt.startswith("-") and nxt not in self.commands):
                    i += 2
                    continue
                i += 1
                continue
            return (i, None) if arg in self.commands else (None, arg)
        return None, None

    def _value_options(self) -> dict[str, str]:
        """Every command's options that take a value ("value") or may take one ("optional")."""
        takes: dict[str, str] = {}
        for command in self.commands.values():
            for param in command.params:
                if isinstance(param, click.Option) and not param.is_flag and not param.count:
                    kind = "optional" if param._flag_needs_value else "value"
                    for name in (*param.opts, *param.secondary_opts):
                        takes[name] = kind
        return takes

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [gettext.gettext(N_("[OPTIONS]")), gettext.gettext(N_("COMMAND [ARGS]..."))]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_translated(self):
            super().format_help_text(ctx, formatter)
