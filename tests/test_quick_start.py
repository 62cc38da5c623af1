"""A plain ``play`` line starts without click, and reads exactly as click reads it.

The quick start (``cli/quick.py``) only ever accepts: a line it is not sure of goes to click.
These tests read generated command lines both ways and compare, and check that a table's usual
start really does leave click out.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import click
from hypothesis import given, settings, strategies as st

from tutto_a11y.cli.app import cli
from tutto_a11y.cli.kept import check_setting
from tutto_a11y.cli.quick import read_play
from tutto_a11y.settings import UsageProblem
from tutto_a11y.text.arguments import FLAG_WORDS, parse_flag

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


def _click_reading(args: list[str], env: dict[str, str], kept: dict[str, Any]) -> Any:
    """What click passes to ``play`` for ``args``, or the error it raises."""
    if args[:1] == ["play"]:
        args = args[1:]
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    with mock.patch.dict(os.environ, {**clean, **env}, clear=True):
        try:
            return PLAY.make_context("play", list(args), default_map=kept).params
        except click.ClickException as error:
            return error


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
def test_a_line_the_quick_start_reads_is_read_the_same_by_click(
        args: list[str], env: dict[str, str], kept: dict[str, Any]) -> None:
    kept = _usable(kept)
    quick = read_play(args, env, kept)  # the environment is an argument: os.environ is not read
    if quick is None:
        return  # click reads it; nothing to compare
    assert quick == _click_reading(args, env, kept)


@settings(max_examples=300, deadline=None)
@given(st.lists(PAIRS, max_size=6), ENV, KEPT)
def test_a_plain_line_is_read_by_the_quick_start_as_click_reads_it(
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
