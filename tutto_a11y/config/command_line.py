"""The command line, read once, before click: the command, the language, the width, plain mode
and, for a plain ``play`` line, all its parameters.

Why before click: the language is chosen before click words anything (its own texts are
translated too), help and every problem wrap at the width, and a problem follows the terminal
by plain mode. And most starts at a table are ``tutto-tally`` with a few options typed right:
such a line runs without importing click at all, which would add about a third to the time to
the first prompt.

How: as click reads it, from the table of options click's options are made from
(``config/options.py``). The command word is found as :func:`command_index` says
(``cli/group.py`` asks it too, to put the word first for click), and the other words are read
with that command's options as click's parser reads them: ``--name value`` or ``--name=value``,
an optional value only when the next word does not look like an option, ``--`` ending the
options, the last value given winning; then the variable, the settings file, the default, in
the one order of ``config/sources.py``.
Nothing is refused here: the reading goes on to the end, so that click's refusal is said in
the language and at the width the line asks for.

For ``play`` the reading only ever *accepts*. A line it is not sure to read exactly as click
does (help, another command, an unknown or misspelt option, a value click would refuse, ``--``,
a value that looks like an option or a command, a flag's variable in an unusual spelling, an
optional or repeated option's variable) has no ``play`` parameters, and click reads it and
words whatever is wrong. ``tests/test_quick_start.py`` checks both readings against each other
on generated command lines of every command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from tutto_a11y.config.options import (
    COMMANDS,
    FLAG,
    LANG,
    MULTIPLE,
    OPTIONAL,
    PLAIN,
    PLAY,
    SWITCH,
    VALUE,
    WIDTH,
    Option,
)
from tutto_a11y.config.settings import Checked, ParamValue, default_lang
from tutto_a11y.config.sources import COMMAND_LINE, FILE, VARIABLE, source
from tutto_a11y.config.values import FLAG_WORDS, ValueKind, parse_flag
from tutto_a11y.core.record import Record
from tutto_a11y.text.i18n import normalise_lang

#: The command words, in the order help and sentences give them.
COMMAND_WORDS = tuple(COMMANDS)

#: Every option of any command that takes a value, and how: to find the command word.
_TAKES: dict[str, str] = {name: row.how for rows in COMMANDS.values() for row in rows
                          if row.takes_value for name in row.names()}

#: An option as typed: a flag's True or False, a value's word, or an optional option's
#: ``flag_value`` when no word follows.
Typed = bool | str | None


class CommandLine(Record):
    """What the command line asks for, read before click."""

    #: The command word, ``play`` when none is typed; None when the first word names none.
    command: str | None
    lang: str  # the language of this run: sentences, help and click's own texts
    width: int | None  # the width help and problems wrap at (None: a terminal's, or none)
    plain: bool
    #: ``play``'s parameters (the global ones included) as click would pass them; None when
    #: the line is another command's, or one for click to read.
    play: dict[str, ParamValue] | None


def command_index(args: Sequence[str]) -> tuple[int | None, str | None]:
    """Where the command word is, skipping option values; else the first stray word."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return None, None
        if arg.startswith("-") and len(arg) > 1:
            how = _TAKES.get(arg) if "=" not in arg else None
            following = args[i + 1] if i + 1 < len(args) else None
            if how in (VALUE, MULTIPLE) or (how == OPTIONAL and following is not None
                                            and not following.startswith("-")
                                            and following not in COMMAND_WORDS):
                i += 2
                continue
            i += 1
            continue
        return (i, None) if arg in COMMAND_WORDS else (None, arg)
    return None, None


def read(args: Sequence[str], env: Mapping[str, str],
         from_file: Mapping[str, Checked]) -> CommandLine:
    """The command line ``args``, with the variables ``env`` and the settings file's values
    ``from_file`` (already checked, by parameter name)."""
    index, stray = command_index(args)
    if index is not None:
        command: str | None = args[index]
        words = [*args[:index], *args[index + 1:]]
    else:
        command = None if stray is not None else "play"
        words = list(args)
    rows = {name: row for row in COMMANDS[command or "play"] for name in row.names()}
    typed, sure = _typed(words, rows)
    play = None
    if sure and command == "play":
        try:
            play = {row.name: _value(row, typed, env, from_file) for row in PLAY}
        except _NotSure:
            play = None
    return CommandLine(command=command, lang=_lang(typed, env, from_file),
                       width=_width(typed, env, from_file), plain=_plain(typed, env), play=play)


def _typed(words: list[str], rows: Mapping[str, Option]) -> tuple[dict[str, list[Typed]], bool]:
    """Each option's values as typed, in order (a flag's as True or False), and whether the
    line holds nothing but options a plain ``play`` line is made of."""
    typed: dict[str, list[Typed]] = {}
    sure = True
    words = list(words)
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":
            return typed, False  # click: every word after it is an argument
        if word[:1] != "-" or len(word) == 1:
            sure = False  # an argument: another command's, or one play does not take
            continue
        name, has_value, value = word.partition("=")
        row = rows.get(name)
        if row is None:
            sure = False  # help, --version, an unknown or misspelt option: click says
            continue
        if not row.takes_value:
            if has_value:
                sure = False  # "--plain=3": click refuses it
                continue
            typed.setdefault(row.name, []).append(name != row.off)
            continue
        if has_value:
            words.insert(i, value)  # click reads "--name=value" as "--name value"
        following = words[i] if i < len(words) else None
        if row.how == OPTIONAL and (following is None or (following[:1] == "-"
                                                          and len(following) > 1)):
            typed.setdefault(row.name, []).append(row.flag_value)
            continue
        if following is None:
            return typed, False  # a missing value: click refuses it
        i += 1
        if not has_value and (following.startswith("-") or following in COMMAND_WORDS):
            sure = False  # click takes it as the value; a table hardly means that
        typed.setdefault(row.name, []).append(following)
    return typed, sure


def _lang(typed: Mapping[str, list[Typed]], env: Mapping[str, str],
          from_file: Mapping[str, Checked]) -> str:
    """``--lang`` (a language it does not name is read as the locale names one, else English,
    for the sentence refusing it), else ``TUTTO_LANG``, the settings file, the locale."""
    if LANG.name in typed:
        text = typed[LANG.name][-1]
        try:
            return str(_kind(LANG).parse(text))
        except ValueError:
            return normalise_lang(cast(str, text)) or "en"  # --lang takes a word
    return default_lang(env, cast("str | None", from_file.get(LANG.name)))


def _width(typed: Mapping[str, list[Typed]], env: Mapping[str, str],
           from_file: Mapping[str, Checked]) -> int | None:
    """``--width``, else ``TUTTO_WIDTH`` (empty: not set), else the settings file; None for a
    width click will refuse."""
    variable = env.get(WIDTH.envvar or "")
    where = source(WIDTH.name in typed, variable, WIDTH.name in from_file)
    if where == COMMAND_LINE:
        text = typed[WIDTH.name][-1]
    elif where == VARIABLE:
        text = variable
    else:
        return cast("int | None", from_file.get(WIDTH.name))  # checked as a whole number
    try:
        return int(_kind(WIDTH).parse(text))
    except ValueError:
        return None


def _plain(typed: Mapping[str, list[Typed]], env: Mapping[str, str]) -> bool:
    """``--plain``, else ``TUTTO_PLAIN`` in any of click's yes-or-no words."""
    if PLAIN.name in typed:
        return bool(typed[PLAIN.name][-1])
    try:
        return parse_flag(env.get(PLAIN.envvar or "", ""))
    except ValueError:
        return False  # click refuses it


def _kind(row: Option) -> ValueKind:
    assert row.kind is not None
    return row.kind


class _NotSure(Exception):
    """The ``play`` line needs click: it is not one this module is sure to read as click does."""


def _value(row: Option, typed: Mapping[str, list[Typed]], env: Mapping[str, str],
           from_file: Mapping[str, Checked]) -> ParamValue:
    """The value from the first source that gives one, in click's order (``config/sources.py``):
    the command line, then the option's variable, then the settings file, then the default."""
    text = env.get(row.envvar or "")
    where = source(row.name in typed, text, row.name in from_file)
    if where == COMMAND_LINE:
        given = typed[row.name]
        if row.how in (FLAG, SWITCH):
            return given[-1]
        if row.how == MULTIPLE:
            return cast("tuple[str, ...]", tuple(_checked(row, word) for word in given))
        return _checked(row, given[-1])
    if where == VARIABLE:
        assert text is not None
        if row.how in (FLAG, SWITCH):
            if text not in FLAG_WORDS:
                raise _NotSure  # " Yes": click strips and lowers; let it
            return FLAG_WORDS[text]
        if row.how in (OPTIONAL, MULTIPLE):
            raise _NotSure  # click splits or matches these its own way
        return _checked(row, text)
    if where == FILE:
        return from_file[row.name]
    return row.default


def _checked(row: Option, text: Typed) -> Checked:
    if not text or row.kind is None:
        raise _NotSure
    try:
        return row.kind.parse(text)
    except ValueError:
        raise _NotSure from None  # click words the refusal
