"""Editing keys and the history at a terminal, in ``--plain`` as in the default mode.

A scorekeeper who mistypes a die fixes it with the arrow keys, and takes back the line just
refused with Up, as in a shell. In ``--plain`` these keys used to arrive as escape sequences
inside the line ("^[[D", as Orca read it) and the line was refused. The real program runs in a
pseudo-terminal and the screen is read as a user sees it (pyte).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_terminal_screen import Terminal
from testbed.live_view import CODE

LEFT, RIGHT, HOME, END, UP = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x1b[A"
BACKSPACE, CTRL_U, CTRL_W = "\x7f", "\x15", "\x17"
MODES = [["--plain"], []]
# Each test here is the real program in a terminal: the quick run keeps one mode of each (plain
# for the arrows, terminal mode for Up, alone for the escape sequences); the others are slow.


def _start(tmp_path: Path, mode: list[str]) -> Terminal:
    term = Terminal(["--players", "Anna,Ben", *mode], tmp_path)
    term.wait_for_prompt("Anna, card?")
    return term


@pytest.mark.parametrize("mode", [pytest.param(MODES[0], id="plain"),
                                  pytest.param(MODES[1], id="terminal", marks=pytest.mark.slow)])
def test_the_arrow_keys_home_and_end_put_a_mistyped_entry_right(mode: list[str],
                                                                 tmp_path: Path) -> None:
    term = _start(tmp_path, mode)
    term.type("bonus 00" + LEFT + LEFT + "3\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("5 2 3 4 6" + HOME + "1 " + END + LEFT + RIGHT + "\r")
    term.wait_for_prompt("Anna, set aside?")
    # The rows show the lines as they were entered, and each was taken as meant.
    assert term.lines()[-5:] == ["Anna, card? bonus 300", "Anna draws Bonus 300.",
                                 "Anna, roll 6 dice: 1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.",
                                 "Anna, set aside?"]
    term.quit()


@pytest.mark.parametrize("mode", [pytest.param(MODES[0], id="plain", marks=pytest.mark.slow),
                                  pytest.param(MODES[1], id="terminal")])
def test_up_brings_back_the_line_that_was_refused_to_be_put_right(mode: list[str],
                                                                  tmp_path: Path) -> None:
    term = _start(tmp_path, mode)
    term.type("bonus 30\r")
    term.wait_for_prompt("Anna, card?", count=2)
    term.type(UP)
    term.wait_for("Anna, card? bonus 30", count=2)
    term.type("0\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    assert term.lines()[-3:] == ["Anna, card? bonus 300", "Anna draws Bonus 300.",
                                 "Anna, roll 6 dice:"]
    term.quit()


def test_plain_mode_at_a_terminal_writes_the_prompt_and_the_typed_keys_and_nothing_else(
        tmp_path: Path) -> None:
    """What a terminal's own echo would show: no escape sequence, no bell, no redrawing."""
    term = _start(tmp_path, ["--plain"])
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 5 2 3 4 6\r")
    term.wait_for_prompt("Anna, set aside?")
    term.quit()
    assert "\x1b" not in term.raw and "\x07" not in term.raw and "\b" not in term.raw
    assert "Anna, card? 300\r\nAnna draws Bonus 300.\r\nAnna, roll 6 dice: 1 5 2 3 4 6\r\n" \
        in term.raw


def test_tab_completes_a_word_of_the_game(tmp_path: Path) -> None:
    term = _start(tmp_path, [])
    term.type("fire\t")
    term.wait_for("Anna, card? fireworks")
    term.type("\r")
    term.wait_for("Anna draws Fireworks.")
    term.quit()


@pytest.mark.parametrize("seats", [pytest.param(False, id="alone"),
                                   pytest.param(True, id="with seats", marks=pytest.mark.slow)])
def test_plain_mode_edits_a_line_without_writing_an_escape_sequence(seats: bool,
                                                                    tmp_path: Path) -> None:
    """Backspace, Ctrl-U, Ctrl-W, the arrows and Up rewrite the line with backspaces, spaces
    and the characters themselves, as a terminal's own echo would: never ``ESC [K`` (a screen
    reader or a Braille display takes an escape sequence for output). With seats the line is
    read key by key beside the live view's inbox, the same way."""
    share = ["--share", "127.0.0.1:0", "--share-code", CODE, "--seats"] if seats else []
    term = _start(tmp_path, ["--plain", *share])
    term.type("bonus 3" + BACKSPACE + CTRL_U + "300 x" + CTRL_W + BACKSPACE)
    term.type(LEFT + LEFT + RIGHT + HOME + END + "\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type(UP)  # the card again: refused at this step, then put right
    term.wait_for("Anna, roll 6 dice: 300")
    term.type(CTRL_U + "1 5 2 3 4 6\r")
    term.wait_for_prompt("Anna, set aside?")
    term.quit()
    assert "Anna draws Bonus 300.\r\n" in term.raw
    assert "1, 5, 2, 3, 4, 6.\r\n" in term.raw
    assert "\x1b" not in term.raw and "\x07" not in term.raw
