"""click's usage errors and value refusals as one sentence of ours, in the game's language.

click words its refusals in English fragments ("'x' is not a valid integer range", "Choose
from:" with tab-indented lines) and shows English metavars. The value checkers of
:mod:`tutto_a11y.config.values` say what is wrong and what would be valid in one translated
sentence; :class:`ClickValue` hands them to click, naming the option or the ``TUTTO_*`` variable
the value came from, and :func:`usage_sentence` words every other usage error click raises.
"""

from __future__ import annotations

import gettext
from collections.abc import Collection

import click
from click.core import ParameterSource

from tutto_a11y.config.values import OneOf, ValueKind
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.i18n import Catalog, chosen_lang
from tutto_a11y.text.lists import or_list

_translated = gettext.gettext  # for msgids marked where they are defined (metavars)


def _c() -> Catalog:
    """Our sentences in the language chosen for this run (see ``i18n.use_for_click``)."""
    return Catalog(chosen_lang())


def source_name(param: click.Parameter | None, ctx: click.Context | None) -> str:
    """How the user gave the value: ``--width``, or ``TUTTO_WIDTH`` when it came from there."""
    if param is None:
        return ""
    if ctx is not None and isinstance(param, click.Option) and param.name and \
            ctx.get_parameter_source(param.name) is ParameterSource.ENVIRONMENT:
        envvar = param.envvar
        if isinstance(envvar, str):
            return envvar
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return _translated(param.metavar or (param.name or "").upper())


class Refused(click.BadParameter):
    """A value refused with a finished sentence of ours."""


class ClickValue(click.ParamType[int | str]):
    """One of our value checkers, as click's type of an option."""

    def __init__(self, kind: ValueKind) -> None:
        self.kind = kind
        self.name = kind.name

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        if isinstance(self.kind, OneOf):
            return self.kind.metavar()
        return None

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        try:
            return self.kind.parse(value)
        except ValueError:
            raise Refused(self.kind.refusal(value, source_name(param, ctx)), ctx=ctx,
                          param=param) from None


def usage_sentence(error: click.UsageError, flags: Collection[str],
                   command: str | None = None) -> str:
    """Every usage error of click as one sentence of ours, with the way to the help in it.

    ``command`` is the command the line was for, when click's error does not know it.
    """
    ctx = error.ctx
    if ctx is not None and ctx.parent is not None:
        command = ctx.info_name
    help_hint = "tutto-tally " + (command + " " if command else "") + "--help"
    if isinstance(error, Refused):
        return error.message
    if isinstance(error, click.NoSuchOption):
        name = shown(error.option_name)
        if error.possibilities:
            return _c().gettext("There is no option {option}; did you mean {possible}?",
                                option=name,
                                possible=or_list(sorted(error.possibilities), _c()))
        return _c().gettext("There is no option {option}: {help} lists the options.", option=name,
                            help=help_hint)
    if isinstance(error, click.BadOptionUsage):
        option = shown(error.option_name)
        if error.option_name in flags:
            return _c().gettext("The option {option} takes no value: {help} lists the options.",
                                option=option, help=help_hint)
        return _c().gettext("The option {option} needs a value: {help} lists the options.",
                            option=option, help=help_hint)
    if isinstance(error, click.MissingParameter):
        param = error.param
        if isinstance(param, click.Argument):
            return _c().gettext("Say which game: its id or last, for example tutto-tally "
                                "{command} last.",
                                command=command or "show")
        if isinstance(param, click.Option) and isinstance(param.type, ClickValue) and \
                isinstance(param.type.kind, OneOf):
            return _c().gettext("The option {option} is needed: give {option} {choices}.",
                                option=max(param.opts, key=len),
                                choices=or_list(param.type.kind.choices, _c()))
        return _c().gettext("A value is missing: {help} lists the options.", help=help_hint)
    if isinstance(error, click.BadParameter):
        option = source_name(error.param, ctx)
        if isinstance(error.param, click.Option) and error.param.is_flag:
            return _c().gettext("{option} can be 1 or 0, yes or no, true or false, on or off.",
                                option=option)
        return _c().gettext("{option} cannot be used like that: {help} lists the options.",
                            option=option, help=help_hint)
    if isinstance(error, click.BadArgumentUsage) or "extra argument" in error.message:
        return _c().gettext("Only one game can be given: {help} shows how.", help=help_hint) \
            if command in ("show", "export") else \
            _c().gettext("That is more than the command takes: {help} shows how.", help=help_hint)
    return _c().gettext("That command line is not understood: {help} shows how.", help=help_hint)
