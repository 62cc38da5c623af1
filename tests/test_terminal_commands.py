"""Every command, not only the game, wraps its lines at spaces at the terminal's own width.

``show``, ``stats``, ``games`` and the one-sentence problems on stderr used to wrap only at
``--width``: in a terminal of 40 or 80 columns the terminal itself cut a long line inside a
word, and a screen reader reads those rows as they are. The real program runs here in a
pseudo-terminal and its output is read from an emulated screen (pyte). Every word on the screen
must be a word the program says (to a pipe, where nothing changes, every sentence stands on one
line), and every sentence longer than a row must stand there in whole rows broken at spaces.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import slow_unless, tutto_command
from test_terminal_screen import Terminal

# Names long enough that the list of games is wider than 80 columns too.
PLAYERS = "Anna Maria Lindqvist Svensson,Benedikt Maximilian Oberhuber"
# Target 300: Anna banks 150, Ben draws Stop, Anna banks 1000, Ben's last turn is a Niete.
ANNA_WINS = ["300", "1 5 2 3 4 6", "1 5", "bank", "stop",
             "200", "1 1 1 2 3 4", "1 1 1", "bank", "200", "2 3 4 6 6 3"]


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(LANG="C.UTF-8", TUTTO_SPEECH="0", XDG_DATA_HOME=str(tmp_path / "data"),
               PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return env


def _piped(args: list[str], tmp_path: Path, typed: Sequence[str] = ()) -> tuple[int, str]:
    """The program with its output to a pipe: what it says, each sentence on one line."""
    result = subprocess.run([*tutto_command(), "--db", str(tmp_path / "g.db"), *args],
                            input="".join(t + "\n" for t in typed), capture_output=True,
                            text=True, env=_env(tmp_path), timeout=30)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    """A games file holding one finished game, played through the program."""
    status, _ = _piped(["--plain", "--lang", "en", "--players", PLAYERS, "--target", "300"],
                       tmp_path, ANNA_WINS)
    assert status == 0
    return tmp_path


def _on_screen(args: list[str], tmp_path: Path, columns: int) -> tuple[int, list[str]]:
    """The program in a terminal of ``columns`` columns: its exit status and the screen's rows."""
    term = Terminal(args, tmp_path, columns, rows=120)
    status = term.finish()
    return status, term.lines()


def _assert_whole_words(args: list[str], tmp_path: Path, columns: int) -> None:
    """The screen holds only whole words, each long sentence in rows broken at its spaces."""
    piped_status, said = _piped(args, tmp_path)
    long = [line for line in said.splitlines() if len(line) > columns]
    assert long, f"nothing longer than {columns} columns to wrap: {said}"
    status, rows = _on_screen(args, tmp_path, columns)
    assert status == piped_status
    screen = "\n".join(rows)
    cut = sorted(set(screen.split()) - set(said.split()))
    assert not cut, (cut, screen)
    for line in long:
        pattern = "(?m)^" + "[ \n]".join(re.escape(word) for word in line.split(" ")) + "$"
        assert re.search(pattern, screen), (line, screen)


def cases(quick: tuple[str, int], langs: tuple[str, ...] = ("en", "de", "fr")) -> list[object]:
    """Every language and width of a test here, each a real program in a terminal (about half a
    second): the quick run keeps ``quick``, the languages spread over the tests; the rest are
    slow."""
    return [pytest.param(lang, columns, marks=slow_unless((lang, columns) == quick))
            for lang in langs for columns in (40, 80)]


@pytest.mark.parametrize(("lang", "columns"), cases(("fr", 40)))
def test_show_in_a_terminal_wraps_the_score_sheet_at_spaces_to_its_width(
        finished: Path, lang: str, columns: int) -> None:
    _assert_whole_words(["show", "1", "--lang", lang], finished, columns)


@pytest.mark.parametrize(("lang", "columns"), cases(("en", 80)))
def test_stats_in_a_terminal_wrap_each_players_figures_at_spaces_to_its_width(
        finished: Path, lang: str, columns: int) -> None:
    _assert_whole_words(["stats", "--lang", lang], finished, columns)


@pytest.mark.parametrize("columns", [40, pytest.param(80, marks=pytest.mark.slow)])
def test_the_list_of_games_in_a_terminal_wraps_at_spaces_to_its_width(
        finished: Path, columns: int) -> None:
    _assert_whole_words(["games", "--lang", "fr"], finished, columns)


@pytest.mark.parametrize(("lang", "columns"), cases(("de", 40), ("de", "fr")))
def test_a_usage_error_in_a_terminal_is_one_sentence_wrapped_at_spaces_to_its_width(
        tmp_path: Path, lang: str, columns: int) -> None:
    # The sentence goes to stderr, which is the terminal as well.
    _assert_whole_words(["--lang", lang, "--players", "Anna,Ben", "--target", "333"],
                        tmp_path, columns)
    _assert_whole_words(["show", "1", "2", "--lang", lang], tmp_path, min(columns, 60))


def test_plain_mode_in_a_terminal_wraps_only_at_width(finished: Path) -> None:
    """``--plain`` leaves every line whole, as to a pipe; ``--width`` wraps it, and wins."""
    _, said = _piped(["stats", "--lang", "de"], finished)
    longest = max(said.splitlines(), key=len)
    term = Terminal(["stats", "--lang", "de", "--plain"], finished, 40, rows=120)
    assert term.finish() == 0
    assert longest + "\r\n" in term.raw  # one line: the terminal folds it, the program does not
    status, rows = _on_screen(["stats", "--lang", "de", "--width", "30"], finished, 80)
    assert status == 0
    assert max(len(row) for row in rows) <= 30
    assert not set(" ".join(rows).split()) - set(said.split())


@pytest.mark.parametrize("args", [["--lang", "de", "show", "--help"],
                                  pytest.param(["--lang", "fr", "--help"],
                                               marks=pytest.mark.slow)])
def test_help_in_a_narrow_terminal_wraps_at_spaces_to_its_width(
        tmp_path: Path, args: list[str]) -> None:
    """click's help keeps 50 columns at least; a 40-column terminal would cut its words."""
    _, said = _piped(args, tmp_path)
    status, rows = _on_screen(args, tmp_path, 40)
    assert status == 0
    cut = sorted(set(" ".join(rows).split()) - set(said.split()))
    assert not cut, (cut, "\n".join(rows))
