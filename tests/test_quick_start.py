"""The command line is read once before click, exactly as click reads it; a plain ``play``
line starts without click.

The reading (``config/command_line.py``) finds the command, the language, the width and plain
mode of every line, and only ever accepts a ``play`` line it is sure of: any other goes to
click. These tests read generated command lines both ways and compare, and check that a
table's usual start really does leave click out.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import click
import pytest
from hypothesis import example, given, settings, strategies as st

from tutto_a11y.cli.app import _default_map, cli
from tutto_a11y.config.command_line import read
from tutto_a11y.config.file_values import check_setting
from tutto_a11y.config.options import COMMANDS, OPTIONAL, Option
from tutto_a11y.config.settings import UsageProblem, default_lang
from tutto_a11y.config.values import FLAG_WORDS, OneOf, WholeNumber, parse_flag

PLAY = cli.commands["play"]

#: Words a command line is made of: options, good and bad values, and words only click reads.
TOKENS = st.sampled_from([
    "--plain", "--no-speech", "--speech", "--sighted", "--coach", "--players", "Anna,Ben",
    "Anna", "--db", "g.db", "--lang", "de", "FR", "xx", "--width", "40", "10", " 60", "abc",
    "--rate", "200", "30", "--verbosity", "brief", "Full", "loud", "--resume", "3", "last",
    "--share", "0.0.0.0:8000", "--share-code", "1234", "--rule", "x2-scope=card", "--rules",
    "classic", "--target", "500", "-5", "--game", "yatzee", "tute", "chess", "--speech-engine",
    "speechd", "--voice", "de", "--speech-to", "out", "--plain=1", "--lang=fr", "--width=",
    "--", "-h", "--help", "--version", "show", "games", "play", "--nope", "x",
])
ENV = st.dictionaries(
    st.sampled_from(["TUTTO_LANG", "TUTTO_WIDTH", "TUTTO_PLAIN", "TUTTO_SPEECH", "TUTTO_RATE",
                     "TUTTO_RESUME", "TUTTO_RULE", "TUTTO_VERBOSITY", "TUTTO_GAME", "TUTTO_DB",
                     "TUTTO_SIGHTED"]),
    st.sampled_from(["", "1", "0", "yes", " no", "de", "brief", "90", "9", "x", "tutto", "3"]),
    max_size=3)
KEPT = st.dictionaries(
    st.sampled_from(["verbosity", "rate", "sighted", "coach", "speech_engine", "lang", "width"]),
    st.sampled_from(["brief", 120, True, False, "speechd", "fr", 60]), max_size=3)


#: Options with values a table would type, so that most generated lines are plain ones.
PAIRS = st.sampled_from([
    ["--plain"], ["--no-speech"], ["--speech"], ["--sighted"], ["--coach"], ["--resume"],
    ["--share"], ["--players", "Anna,Ben"], ["--players=Jürgen,Zoë"], ["--db", "g.db"],
    ["--lang", "de"], ["--lang", "FR"], ["--lang=en"], ["--width", "40"], ["--width", " 60"],
    ["--rate", "200"], ["--rate", "+90"], ["--verbosity", "brief"], ["--verbosity", "Full"],
    ["--resume", "3"], ["--resume", "last"], ["--share", "0.0.0.0:8000"], ["--share-code", "12"],
    ["--rule", "x2-scope=card"], ["--rule", "fireworks=off"], ["--rules", "classic"],
    ["--target", "500"], ["--target", "+50"], ["--game", "yatzee"], ["--game", "TUTE"],
    ["--speech-engine", "speechd"], ["--voice", "de"], ["--speech-to", "out"],
])


def read_play(args: list[str], env: dict[str, str], kept: dict[str, Any]) -> Any:
    """``play``'s parameters as the reading before click gives them, or None (click reads)."""
    return read(args, env, kept).play


def _click_reading(args: list[str], env: dict[str, str], kept: dict[str, Any]) -> Any:
    """What the click group passes to ``play`` for the whole line ``args``, or the error it
    raises: the group finds the command word wherever it stands (``--plain play`` is ``play
    --plain``), so the line goes to the group as the program hands it over, not to ``play``'s
    own command with its word still in it."""
    calls: list[dict[str, Any]] = []
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.dict(os.environ, {**clean, **env}, clear=True))
        stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
        stack.enter_context(mock.patch.object(PLAY, "callback",
                                              lambda **params: calls.append(params)))
        try:
            cli.main(args=list(args), prog_name="tutto-tally", standalone_mode=False,
                     default_map=_default_map(kept))
        except (click.ClickException, click.exceptions.Exit, UsageProblem) as error:
            return error
    return calls[0] if calls else None


def _usable(kept: dict[str, Any]) -> dict[str, Any]:
    """A settings file's values as they reach the options: each checked by its setting."""
    names = {"speech_engine": "speech-engine"}
    out = {}
    for name, value in kept.items():
        try:
            out[name] = check_setting(names.get(name, name), value)
        except UsageProblem:  # a value the setting cannot have is left out, as the file check does
            continue
    return out


@settings(max_examples=400, deadline=None)
@given(st.lists(TOKENS, max_size=7), ENV, KEPT)
@example(["--plain", "play"], {}, {})  # the command word after a global option
@example(["--lang", "de", "play", "--plain"], {}, {})
def test_a_play_line_read_before_click_is_read_the_same_by_click(
        args: list[str], env: dict[str, str], kept: dict[str, Any]) -> None:
    kept = _usable(kept)
    quick = read_play(args, env, kept)  # the environment is an argument: os.environ is not read
    if quick is None:
        return  # click reads it; nothing to compare
    assert quick == _click_reading(args, env, kept)


@settings(max_examples=300, deadline=None)
@given(st.lists(PAIRS, max_size=6), ENV, KEPT)
def test_a_plain_play_line_is_read_before_click_as_click_reads_it(
        pairs: list[list[str]], env: dict[str, str], kept: dict[str, Any]) -> None:
    args = [word for pair in pairs for word in pair]
    kept = _usable(kept)
    quick = read_play(args, env, kept)
    if quick is None:
        assert any(env.get(name) for name in ("TUTTO_RESUME", "TUTTO_RULE", "TUTTO_WIDTH",
                                              "TUTTO_RATE", "TUTTO_LANG", "TUTTO_PLAIN",
                                              "TUTTO_SPEECH", "TUTTO_SIGHTED", "TUTTO_GAME",
                                              "TUTTO_VERBOSITY")), (args, env)
        return
    assert quick == _click_reading(args, env, kept)


#: Words of any command's line: every command word, global and own options, good and bad
#: values, and words only click reads.
ANY_LINE = st.sampled_from([
    "play", "games", "show", "export", "labels", "stats", "coach", "settings", "review",
    "voices", "shwo", "1", "last", "--lang", "de", "fr", "xx", "--lang=fr", "--lang=",
    "--width", "40", "00040", "+40", " 60", "10", "abc", "--width=", "--width=00040",
    "--plain", "--plain=1", "--db", "g.db", "--abandon", "--format", "json", "brf", "text",
    "--cells", "30", "--braille-grade", "1", "--game", "yatzee", "--player", "Anna",
    "--since", "2024-01-01", "--dice", "6", "--rules", "classic-2004", "--rule", "x2-scope=card",
    "--duel", "--after-tutto", "--target", "500", "--speech-engine", "speechd", "set", "rate",
    "--players", "Anna,Ben", "--voice", "--resume", "-", "--share", "--no-speech", "--",
    "--nope", "-x", "-h", "--help", "--version",
])


def _click_command(args: list[str], env: dict[str, str],
                   kept: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The command click runs for ``args`` and the parameters it passes it; None when click
    refuses the line or only shows help or the version."""
    calls: list[tuple[str, dict[str, Any]]] = []
    patches = [mock.patch.object(command, "callback",
                                 lambda name=name, **params: calls.append((name, params)))
               for name, command in cli.commands.items()]
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.dict(os.environ, {**clean, **env}, clear=True))
        stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
        for patch in patches:
            stack.enter_context(patch)
        try:
            cli.main(args=list(args), prog_name="tutto-tally", standalone_mode=False,
                     default_map=_default_map(kept))
        except (click.ClickException, click.exceptions.Exit, UsageProblem):
            return None
    return calls[0] if calls else None


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A line of one command: its word somewhere (or none, for play), its options and the
    global ones with good and bad values, the way a user writes them, and now and then a word
    of any line."""
    command = draw(st.sampled_from(sorted(COMMANDS)))
    words: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        row = draw(st.sampled_from(COMMANDS[command]))
        name = draw(st.sampled_from(row.names()))
        if not row.takes_value:
            words.append(name)
            continue
        value = draw(st.sampled_from(_values(row)))
        if row.how == OPTIONAL and draw(st.booleans()):
            words.append(name)
        elif draw(st.booleans()):
            words.append(f"{name}={value}")
        else:
            words += [name, value]
    if command in ("show", "export", "review") and draw(st.booleans()):
        words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(["1", "last"])))
    if draw(st.integers(0, 3)) == 0:
        words.insert(draw(st.integers(0, len(words))), draw(ANY_LINE))
    if command != "play" or draw(st.booleans()):
        words.insert(draw(st.integers(0, len(words))), command)
    return words


def _values(row: Option) -> list[str]:
    """Values a user might give the option: good ones, and some it refuses."""
    kind = row.kind
    if isinstance(kind, OneOf):
        return [*kind.choices, kind.choices[0].upper(), "nope"]
    if isinstance(kind, WholeNumber):
        low = kind.low if kind.low is not None else 1
        return [str(low), f"000{low}", f"+{low}", str(low - 1), "x"]
    return ["g.db", "Anna,Ben", "x2-scope=card", "1", "-"]


# Over two seconds: slow. The quick run keeps the two property tests of play lines above and the
# examples below.
@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(command_lines() | st.lists(ANY_LINE, max_size=7), ENV, KEPT)
def test_the_reading_before_click_finds_the_command_language_width_and_plain_mode_as_click(
        args: list[str], env: dict[str, str], kept: dict[str, Any]) -> None:
    kept = _usable(kept)
    line = read(args, env, kept)
    clicked = _click_command(args, env, kept)
    if clicked is None:
        return  # click refuses the line, in the language and at the width read before it
    command, params = clicked
    assert line.command == command
    assert line.width == params["width"]
    assert line.plain == params["plain"]
    assert line.lang == (params["lang"] or default_lang(env))
    if line.play is not None:
        assert line.play == params


@given(st.lists(st.text(max_size=6) | ANY_LINE, max_size=8))
def test_any_command_line_is_read_without_a_traceback(args: list[str]) -> None:
    line = read(args, {}, {})
    assert line.lang in ("en", "de", "fr")
    assert line.width is None or 20 <= line.width <= 500


def test_a_tables_usual_start_is_read_without_click() -> None:
    usual = [
        [],
        ["--plain", "--no-speech", "--players", "Anna,Ben", "--db", "g.db"],
        ["--lang", "de", "--players", "Anna,Ben,Cleo", "--verbosity", "brief"],
        ["--resume"],
        ["--resume", "3", "--width", "40", "--sighted"],
        ["play", "--game", "yatzee", "--players", "Anna,Ben", "--rule", "x2-scope=card"],
        ["--share", "--share-code", "1234", "--coach", "--speech"],
    ]
    for args in usual:
        assert read_play(args, {}, {}) == _click_reading(args, {}, {}), args
    assert read_play([], {"TUTTO_LANG": "fr", "TUTTO_PLAIN": "1"}, {}) is not None


def test_anything_click_would_refuse_or_explain_goes_to_click() -> None:
    for args in (["--width", "10"], ["--lang", "xx"], ["--plain=3"], ["--nope"], ["--players"],
                 ["--help"], ["-h"], ["--version"], ["shwo"], ["show", "1"], ["--", "x"],
                 ["--game", "chess"], ["--rate", "30"]):
        assert read_play(args, {}, {}) is None, args
    assert read_play([], {"TUTTO_WIDTH": "10"}, {}) is None
    assert read_play([], {"TUTTO_PLAIN": "maybe"}, {}) is None


def test_a_yes_or_no_word_means_what_click_says_it_means() -> None:
    words = [*FLAG_WORDS, "Yes", " ON ", "TRUE", "maybe", "2", "-1", "nein"]
    for word in words:
        try:
            ours: Any = parse_flag(word)
        except ValueError:
            ours = None
        assert ours == click.types.BoolParamType.str_to_bool(word), word


def test_a_plain_start_does_not_import_click(tmp_path: Path, clean_env: dict[str, str]) -> None:
    command = [sys.executable, "-X", "importtime", "-m", "tutto_a11y", "--plain", "--no-speech",
               "--players", "Anna,Ben", "--db", str(tmp_path / "g.db")]
    done = subprocess.run(command, input="", capture_output=True, text=True, env=clean_env,
                          timeout=60)
    assert "Anna, card?" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "tutto_a11y.table.play" in imported
    assert "click" not in imported


def test_a_number_one_or_zero_for_a_yes_or_no_setting_starts_the_game(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    folder = Path(clean_env["XDG_CONFIG_HOME"]) / "tutto-tally"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text("sighted = 1\ncoach = 0\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutto_a11y", "--plain", "--players", "Anna,Ben",
                           "--db", str(tmp_path / "g.db")], input="", capture_output=True,
                          text=True, env=clean_env, timeout=60)
    assert "Traceback" not in done.stderr
    assert done.stderr == ""
    assert "Anna, card?" in done.stdout
