"""Every option is written once, in the table of options (``config/options.py``), and what the
program and its documents say of an option comes from there or agrees with it.

click's options are made from the rows, so no command may carry an option written beside the
table; the settings and the ``TUTTO_*`` variables are the rows'. The documents cannot be made
at run time: they say more than help does (what a target is in each game, where to read on),
in sentences written for a reader, so a test holds them to the table instead of a script
writing them. It fails when ``docs/interface.md`` or ``docs/settings.md`` lists an option,
a value, a variable or a setting the table does not have, or leaves out one it has.
"""

from __future__ import annotations

import re

import click

from conftest import ROOT
from tutto_a11y.cli.app import cli
from tutto_a11y.config.command_line import COMMAND_WORDS
from tutto_a11y.config.options import (
    COMMANDS,
    FLAG,
    GAME,
    GLOBAL,
    OPTIONAL,
    PLAY,
    SETTINGS,
    SWITCH,
    Option,
    PlayOptions,
)
from tutto_a11y.config.values import OneOf
from tutto_a11y.core.record import fields

DOCS = ROOT / "docs"
#: An option as the documents write it: ``--rate WPM``, ``--speech/--no-speech``,
#: ``--resume [GAME]``, ``--game tutto|yatzee|tute`` (``\|`` inside a Markdown table).
WRITTEN = re.compile(r"(--[a-z0-9-]+(?:/--[a-z0-9-]+)?)"  # the names
                     r"(?:[ =](\[[^\]-][^\]]*\]|[^\s`\[\]-][^\s`\[\]]*))?")  # a value, if any


def _section(text: str, heading: str) -> str:
    """The text under a heading, up to the next heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    start = text.index(heading + "\n")
    rest = text[start + len(heading) + 1:]
    end = re.search(rf"^#{{1,{len(level)}}} ", rest, re.MULTILINE)
    return rest[:end.start()] if end else rest


def _written(text: str) -> dict[str, str | None]:
    """Every option written in ``text`` with the value written after it, by each of its names."""
    found: dict[str, str | None] = {}
    for names, value in WRITTEN.findall(text.replace("\\|", "|")):
        for name in names.split("/"):
            found[name] = value or None
    return found


def _agrees(row: Option, value: str | None) -> bool:
    """Whether the value written after an option is what the row takes."""
    if row.how in (FLAG, SWITCH):
        return value is None
    if value is None:
        return False
    if row.how == OPTIONAL:
        return value.startswith("[")
    if isinstance(row.kind, OneOf):
        return set(value.split("|")) == set(row.kind.choices)
    return not value.startswith("[")


def test_every_click_option_of_every_command_is_a_row_of_the_table() -> None:
    assert tuple(cli.commands) == COMMAND_WORDS
    for name, command in cli.commands.items():
        options = [param for param in command.params if isinstance(param, click.Option)
                   and param.name != "help"]
        rows = COMMANDS[name]
        assert [(o.name, tuple(o.opts + o.secondary_opts), o.envvar, o.required)
                for o in options] == \
            [(r.name, r.names(), r.envvar, r.required) for r in rows], name
    group = [param for param in cli.params if isinstance(param, click.Option)
             and param.name not in ("help", "version")]
    assert [o.name for o in group] == [r.name for r in GLOBAL]


def test_play_options_are_the_rows_of_play_beyond_the_global_ones_and_the_game() -> None:
    assert [f.name for f in fields(PlayOptions)] == \
        [row.name for row in PLAY if row not in GLOBAL and row is not GAME]
    assert PlayOptions.from_params({row.name: row.default for row in PLAY}) == PlayOptions()


def test_the_rules_options_and_the_speech_engine_are_written_once() -> None:
    for word, commands in (("--rules", ("play", "coach")), ("--rule", ("play", "coach")),
                           ("--speech-engine", ("play", "voices"))):
        rows = [row for command in commands for row in COMMANDS[command] if row.on == word]
        assert len(rows) == len(commands)
        assert len({(row.kind, row.help, row.metavar) for row in rows}) == 1, word


def test_the_options_of_play_in_interface_md_are_the_rows_of_play() -> None:
    text = (DOCS / "interface.md").read_text(encoding="utf-8")
    listed = _section(text, "## Options of `play`")
    table = "\n".join(line.split("|")[1] for line in listed.replace("\\|", "&").splitlines()
                      if line.startswith("| `"))
    written = _written(table.replace("&", "|"))
    by_name = {name: row for row in PLAY for name in row.names()}
    assert set(written) == set(by_name)
    wrong = sorted(name for name, value in written.items() if not _agrees(by_name[name], value))
    assert wrong == []
    usage = text[text.index("tutto-tally [play]"):text.index("tutto-tally games")]
    written = _written(usage)
    assert set(written) == set(by_name)
    assert sorted(n for n, v in written.items() if not _agrees(by_name[n], v)) == []


def test_the_variables_in_interface_md_are_the_variables_of_the_table() -> None:
    text = (DOCS / "interface.md").read_text(encoding="utf-8")
    start = text.index("Every option also comes from an environment variable")
    listed = text[start:text.index("An option on the command line wins", start)]
    assert set(re.findall(r"TUTTO_[A-Z_]+", listed)) - {"TUTTO_"} == \
        {row.envvar for row in PLAY}


def test_the_settings_in_settings_md_are_the_settings_of_the_table_in_order() -> None:
    text = (DOCS / "settings.md").read_text(encoding="utf-8")
    rows = [[cell.strip() for cell in line.strip("|").split("|")]
            for line in _section(text, "## The settings").replace("\\|", "&").splitlines()
            if line.startswith("| `")]
    assert [name.strip("`") for name, *_ in rows] == list(SETTINGS)
    for name, _what, values, option in rows:
        row = SETTINGS[name.strip("`")]
        assert option == f"`{row.on}`"
        if isinstance(row.kind, OneOf):
            assert set(re.findall(r"`([^`]+)`", values)) == set(row.kind.choices), name


def test_every_option_of_every_command_is_written_where_the_documents_show_the_command() -> None:
    """The global options are said once for all; each command's own are in its usage."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(DOCS.rglob("*.md")))
    for command, rows in COMMANDS.items():
        if command == "play":
            continue
        shown = re.findall(rf"tutto-tally {command}\b[^`\n]*(?:\n +[\[-][^\n]*)*", text)
        written = _written("\n".join(shown))
        missing = sorted(name for row in rows if row not in GLOBAL for name in row.names()
                         if name not in written)
        assert missing == [], command
