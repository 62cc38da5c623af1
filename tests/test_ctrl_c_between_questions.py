"""Ctrl-C in the instant between two questions, or as the opening is printed, never ends the
game and loses no line.

While a line is handled the table's own Ctrl-C handler stands (``table/ctrl_c.py``), and while
the reader waits the reader's (the typed line is discarded). Between the two, for a moment,
Python's own handler stands, which raises KeyboardInterrupt wherever the program is. A Ctrl-C
pressed right after Enter lands there now and then (``test_ctrl_c_computing.py`` presses it
again and again with real timing); these tests make it land there every time, through the real
entry point in this process, by sending the signal from that very point.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from table_harness import journal, run_program
from tutto_a11y.table.ctrl_c import CtrlCWhileBusy
from tutto_a11y.text.output import Output

TYPED = ["300", "1 5 2 3 4 6", "1 5", "bank"]
IN_THE_JOURNAL = ["card bonus-300", "roll 152346", "aside 15", "bank"]


def _play(db: Path) -> Any:
    return run_program(["--lang", "en", "--plain", "--no-speech", "--players", "Anna,Ben",
                        "--db", str(db)], typed=TYPED)


def _python_handler_stands() -> bool:
    return bool(signal.getsignal(signal.SIGINT) is signal.default_int_handler)


def _played_to_the_end(ran: Any, db: Path) -> None:
    """The game went on to the end of input, every line entered once, without a traceback."""
    assert ran.returncode == 0, ran.stderr
    assert "Traceback" not in ran.stderr
    assert journal(db) == IN_THE_JOURNAL
    assert "Anna banks, score 150. Ben's turn." in ran.lines


def test_ctrl_c_as_the_next_question_is_printed_asks_it_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    printed = Output.prompt
    calls = []

    def prompt(self: Output, text: str) -> None:
        calls.append(text)
        if len(calls) == 2:  # the question after the card: Ctrl-C as it is printed
            assert _python_handler_stands()
            signal.raise_signal(signal.SIGINT)
        printed(self, text)

    monkeypatch.setattr(Output, "prompt", prompt)
    ran = _play(tmp_path / "g.db")
    _played_to_the_end(ran, tmp_path / "g.db")
    assert calls[1] == calls[2] == "Anna, roll 6 dice:"  # asked again


def test_ctrl_c_just_after_a_line_was_handled_neither_loses_it_nor_ends_the_game(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    before_output = CtrlCWhileBusy.before_output
    sent: list[bool] = []

    def lands_after(self: CtrlCWhileBusy) -> None:
        # busy() calls this as it ends, just after it took the table's handler down: Ctrl-C
        # lands there at every other end (every time would ask the question for ever).
        if sys._getframe(1).f_code.co_name == "busy" and _python_handler_stands():
            sent.append(not sent[-1] if sent else True)
            if sent[-1]:
                signal.raise_signal(signal.SIGINT)
        before_output(self)

    monkeypatch.setattr(CtrlCWhileBusy, "before_output", lands_after)
    ran = _play(tmp_path / "g.db")
    assert sent.count(True) >= 4  # after the lines, and as the questions were asked
    _played_to_the_end(ran, tmp_path / "g.db")


def test_ctrl_c_while_the_opening_is_printed_neither_ends_the_game_nor_loses_the_opening(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    printed = Output.line
    lines: list[str] = []

    def line(self: Output, text: str) -> None:
        lines.append(text)
        if len(lines) == 1:  # the opening, the program's first line: Ctrl-C as it is printed
            signal.raise_signal(signal.SIGINT)
        printed(self, text)

    monkeypatch.setattr(Output, "line", line)
    ran = _play(tmp_path / "g.db")
    _played_to_the_end(ran, tmp_path / "g.db")
    assert ran.lines[0] == ("New game for Anna and Ben. Target 6000, standard rules. "
                            "Anna begins.")
