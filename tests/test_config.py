"""The configuration is read one way wherever a value comes in (``tutto_a11y/config/``).

``--rule NAME=VALUE`` is read by one parser for a game and for the coach, so both refuse a
malformed one in the same sentence; and a setting's value comes from the first of the command
line, its ``TUTTO_*`` variable, the settings file and its default, both in the reading before
click and in what ``tutto-tally settings`` says of it. The program runs in this process
(``cli.main``), with the language it chooses put back afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tutto_a11y.cli.main import main
from tutto_a11y.config.command_line import read
from tutto_a11y.config.file import read_settings, settings_path
from tutto_a11y.config.file_values import check_file
from tutto_a11y.text import i18n
from tutto_a11y.text.i18n import Catalog

Program = Callable[..., tuple[int, str, str]]


@pytest.fixture
def program(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
            ) -> Program:
    """``tutto-tally ARGS`` in this process: its exit status, stdout and stderr."""
    for name in list(os.environ):
        if name.startswith("TUTTO_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("TUTTO_SPEECH", "0")
    monkeypatch.setenv("LANGUAGE", os.environ.get("LANGUAGE", ""))  # the run sets it
    monkeypatch.setattr(i18n, "_chosen", i18n.chosen_lang())

    def run(*args: str) -> tuple[int, str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(list(args))
        out, err = capsys.readouterr()
        return int(done.value.code or 0), out, err

    return run


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("typed", ["x2scope", ""])
def test_a_rule_option_without_its_equals_sign_is_refused_alike_by_a_game_and_the_coach(
        program: Program, lang: str, typed: str, db: Path) -> None:
    said = Catalog(lang).gettext("The rule option {option} needs the form NAME=VALUE, for "
                                 "example x2-scope=card.", option=typed or '""')
    game = program("--lang", lang, "--db", str(db), "--players", "Anna,Ben", "--rule", typed)
    coach = program("coach", "--lang", lang, "--dice", "6", "--rule", typed)
    assert game == (2, "", said + "\n")
    assert coach == (2, "", said + "\n")
    assert not db.exists()  # refused before the games file is opened: nothing changed


def test_the_coach_names_a_rule_option_it_does_not_know_before_a_later_malformed_one(
        program: Program) -> None:
    """The coach reads its ``--rule`` options in turn, as it always has: the first wrong one
    is the one said."""
    status, out, err = program("coach", "--lang", "en", "--dice", "6", "--rule", "colour=red",
                               "--rule", "x2scope")
    assert status == 2 and out == ""
    assert "colour" in err and "NAME=VALUE" not in err


def _width_line(program: Program, *args: str) -> str:
    status, out, err = program("settings", "--lang", "en", *args)
    assert status == 0, err
    return next(line for line in out.splitlines() if line.startswith("width:"))


def test_a_setting_comes_from_the_command_line_then_its_variable_then_the_file_then_its_default(
        program: Program, monkeypatch: pytest.MonkeyPatch) -> None:
    """The width a start uses and the source ``tutto-tally settings`` names follow one order."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("width = 60\n", encoding="utf-8")
    monkeypatch.setenv("TUTTO_WIDTH", "50")

    def start_width(args: list[str]) -> int | None:
        values, problem = check_file(read_settings(path))
        assert problem is None
        return read(args, os.environ, values).width

    assert start_width(["--width", "40"]) == 40
    assert _width_line(program, "--width", "40") == "width: 40, from the command line."
    assert start_width([]) == 50
    assert _width_line(program) == "width: 50, from TUTTO_WIDTH."
    monkeypatch.setenv("TUTTO_WIDTH", "")  # an empty variable gives no value, as click reads it
    assert start_width([]) == 60
    assert _width_line(program) == "width: 60, from the settings file."
    path.write_text("", encoding="utf-8")
    assert start_width([]) is None
    assert _width_line(program) == "width: not set."
