"""Command-line values checked at the edge and refused in one sentence in the game's language.

click's own value types word their refusals in English fragments ("'x' is not a valid integer
range", "Choose from:" with tab-indented lines) and show English metavars. The types here say
what is wrong and what would be valid in one translated sentence, naming the option or the
``TUTTO_*`` variable the value came from; :func:`usage_sentence` words every other usage error
click raises the same way.
"""

from __future__ import annotations

import gettext
from collections.abc import Collection, Sequence
from typing import Any

import click
from click.core import ParameterSource

from tutto_a11y.text.i18n import Catalog, chosen_lang
from tutto_a11y.text.names import terminal_safe

MAX_GAME_ID = 2**63 - 1  # SQLite's largest row id: a bigger id can be no game at all
SHOWN_VALUE = 24  # characters of a refused value that are echoed back


_translated = gettext.gettext  # for msgids marked where they are defined (metavars)


def _c() -> Catalog:
    """Our sentences in the language chosen for this run (see ``i18n.use_for_click``)."""
    return Catalog(chosen_lang())


def shown(value: Any) -> str:
    """A refused value as it is echoed: printable, and short enough to read aloud."""
    return terminal_safe(str(value), limit=SHOWN_VALUE) or '""'


def join_and(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c": how a list is said."""
    if len(items) == 1:
        return items[0]
    return _c().gettext("{names} and {last}", names=", ".join(items[:-1]), last=items[-1])


def join_or(items: Sequence[str]) -> str:
    """"a", "a or b", "a, b or c": how a list of alternatives is said."""
    if len(items) == 1:
        return items[0]
    return _c().gettext("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


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


class WholeNumber(click.ParamType):
    """A whole number, optionally between two bounds."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
                raise Refused(self._sentence(value, param, ctx), ctx=ctx, param=param)
            number = int(text)
        if (self.low is not None and number < self.low) or \
                (self.high is not None and number > self.high):
            raise Refused(self._sentence(value, param, ctx), ctx=ctx, param=param)
        return number

    def _sentence(self, value: Any, param: click.Parameter | None,
                  ctx: click.Context | None) -> str:
        option = source_name(param, ctx)
        if self.low is not None and self.high is not None:
            return _c().gettext("{option} needs a whole number from {low} to {high}, not {value}.",
                                option=option, low=self.low, high=self.high, value=shown(value))
        return _c().gettext("{option} needs a whole number, not {value}.", option=option,
                            value=shown(value))


class OneOf(click.ParamType):
    """One of a few fixed words, matched without case; the words stay as the user types them."""

    name = "choice"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.choices) + "]"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value).strip().lower()
        if text in self.choices:
            return text
        raise Refused(_c().gettext("{option} can be {choices}, not {value}.",
                                   option=source_name(param, ctx), choices=join_or(self.choices),
                                   value=shown(value)), ctx=ctx, param=param)


class Text(click.ParamType):
    """Free text (a file name, a voice id): only bytes that are not text are refused."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value)
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            raise Refused(_c().gettext("{option} holds bytes that are not text: type it again "
                                       "in UTF-8.",
                                       option=source_name(param, ctx)), ctx=ctx, param=param)
        return text


def game_ref(text: str) -> str | None:
    """A typed game id as the store knows it (``"3"``, ``"last"``), or None if no game can have it.

    An id is a positive whole number that fits SQLite's row ids; anything else ("abc", a
    5,000-digit number) names no game, and is answered as such before the store is asked.
    """
    ref = text.strip()
    if ref.lower() == "last":
        return "last"
    if not (ref.isascii() and ref.isdigit()) or len(ref) > 19:
        return None
    number = int(ref)
    return str(number) if 1 <= number <= MAX_GAME_ID else None


def usage_sentence(error: click.UsageError, flags: Collection[str],
                   command: str | None = None) -> str:
    """Any usage error of click as one sentence of ours, with the way to the help in it.

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
                                possible=join_or(sorted(error.possibilities)))
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
        if isinstance(param, click.Option) and isinstance(param.type, OneOf):
            return _c().gettext("The option {option} is needed: give {option} {choices}.",
                                option=max(param.opts, key=len),
                                choices=join_or(param.type.choices))
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


def not_a_command(word: str, commands: Sequence[str]) -> str:
    """A first word that names no command (``tutto-tally shwo``)."""
    return _c().gettext("{word} is not a command: the commands are {commands}.",
                        word=shown(word), commands=join_and(list(commands)))
