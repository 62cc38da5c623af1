"""The quick start: a plain ``play`` command line read without click.

Most starts at a table are ``tutto-tally`` with a few options, typed right. Importing click and
building its commands costs about a third of the time to the first prompt, so such a line is
read here, from the same table of options click is built from (:mod:`tutto_a11y.cli.options`).

The rule that keeps both readings the same: this module only ever *accepts*. Anything it is not
sure to read exactly as click does (help, a command word, an unknown or misspelt option, a value
it would refuse, ``--``, a flag's variable in an unusual spelling, an optional value's variable)
returns None, and click reads the line and words whatever is wrong. ``tests/test_quick_start.py``
checks the two readings against each other on generated command lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutto_a11y.cli.options import COMMANDS, FLAG, GLOBAL, MULTIPLE, OPTIONAL, PLAY, SWITCH, Option
from tutto_a11y.text.arguments import FLAG_WORDS

_BY_NAME: dict[str, Option] = {name: option for option in (*GLOBAL, *PLAY)
                               for name in option.names()}


class _NotPlain(Exception):
    """The line needs click: it is not one this module is sure to read as click does."""


def read_play(args: Sequence[str], env: Mapping[str, str],
              kept: Mapping[str, Any]) -> dict[str, Any] | None:
    """Every parameter of ``play`` (global ones included) as click would pass them, or None.

    ``kept`` holds the settings file's values, already checked, by parameter name.
    """
    try:
        given = _command_line(list(args))
        return {option.name: _value(option, given, env, kept) for option in (*GLOBAL, *PLAY)}
    except _NotPlain:
        return None


def _command_line(args: list[str]) -> dict[str, Any]:
    """The options typed, by parameter name, values checked: the last one given wins."""
    if args[:1] == ["play"]:
        args = args[1:]
    given: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        name, has_value, value = arg.partition("=")
        option = _BY_NAME.get(name)
        if option is None or not arg.startswith("--"):
            raise _NotPlain  # a command word, help, --version, "--", a stray or unknown word
        i += 1
        if option.how in (FLAG, SWITCH):
            if has_value:
                raise _NotPlain  # "--plain=3": click words it
            given[option.name] = name != option.off
            continue
        if not has_value:
            following = args[i] if i < len(args) else None
            if option.how == OPTIONAL and (following is None or following.startswith("-")):
                given[option.name] = option.flag_value
                continue
            if following is None or following.startswith("-") or following in COMMANDS:
                raise _NotPlain  # a missing value, or one click might read otherwise
            value = following
            i += 1
        checked = _checked(option, value)
        if option.how == MULTIPLE:
            given[option.name] = (*given.get(option.name, ()), checked)
        else:
            given[option.name] = checked
    return given


def _checked(option: Option, value: str) -> Any:
    if not value or option.kind is None:
        raise _NotPlain
    try:
        return option.kind.parse(value)
    except ValueError:
        raise _NotPlain from None  # click words the refusal


def _value(option: Option, given: Mapping[str, Any], env: Mapping[str, str],
           kept: Mapping[str, Any]) -> Any:
    """click's order: the command line, then the option's variable, then the settings file,
    then the default."""
    if option.name in given:
        return given[option.name]
    text = env.get(option.envvar or "")
    if text:  # click reads an empty variable as none
        if option.how in (FLAG, SWITCH):
            if text not in FLAG_WORDS:
                raise _NotPlain  # " Yes": click strips and lowers; let it
            return FLAG_WORDS[text]
        if option.how in (OPTIONAL, MULTIPLE):
            raise _NotPlain  # click splits or matches these its own way
        return _checked(option, text)
    if option.name in kept:
        return kept[option.name]
    return option.default
