"""A seat's entry at a table that is waiting for its keyboard, in every way the table reads it.

The loop waits for the keyboard and for the seats at once: a seat's entry is announced at once
on a line of its own, without a key pressed, and what the scorekeeper had half typed is not
lost. The real program runs in a pseudo-terminal drawn on an emulated screen (pyte), or reads a
pipe; a phone (:class:`SeatPhone`) sends the entries.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pytest

from test_terminal_screen import CTRL_C, CTRL_D, Terminal
from testbed.live_view import CODE, SeatPhone, share_env
from testbed.program import tutto_command

# Every test here starts the real program with its live view, half a second or more each. The
# quick run keeps two: a seat's entry at a table in a terminal, and at a table reading a pipe.
# The others are slow: the whole run has them.

ANNA, BEN = "11112222", "33334444"
SEATS = {"TUTTO_SEAT_CODES": f"Anna={ANNA},Ben={BEN}"}
SHARING = ["--lang", "en", "--players", "Anna,Ben", "--share", "127.0.0.1:0", "--share-code",
           CODE, "--seats"]


def address(terminal: Terminal) -> str:
    terminal.wait_for("Anna, card?")
    found = re.search(r"http://127\.0\.0\.1:\d+/", terminal.raw)
    assert found
    return found.group(0)


@contextmanager
def at_the_table(tmp: Path, args: list[str]) -> Iterator[Terminal]:
    """The sharing table with seats in a terminal; quit when the test is over."""
    terminal = Terminal(args, tmp, env=SEATS)
    try:
        yield terminal
    finally:
        terminal.child.sendline("quit")
        terminal.child.expect(pexpect.EOF)


@contextmanager
def stop_sent_while_typing(tmp: Path, args: list[str]) -> Iterator[Terminal]:
    """The table in a terminal while the scorekeeper has typed "bon" of Ben's card, and
    Anna's phone has just sent "stop" for her turn; quit when the test is over."""
    with at_the_table(tmp, args) as terminal:
        anna = SeatPhone(address(terminal), ANNA)
        terminal.child.send("bon")  # the scorekeeper is typing Ben's card already
        terminal.wait_for("Anna, card? bon")
        assert anna.send("stop")["kind"] == "accepted"
        yield terminal


def test_a_seats_entry_comes_on_a_new_line_and_the_half_typed_line_is_asked_again(
        tmp_path: Path) -> None:
    with stop_sent_while_typing(tmp_path, SHARING) as terminal:  # readline, the default
        terminal.wait_for("Ben, card? bon")
        rows = terminal.seen()
        start = rows.index("Anna, card? bon")
        assert rows[start:] == [
            "Anna, card? bon",  # as it was typed, where it was typed
            "Stop. Anna scores nothing this turn. Ben's turn. Sent by",
            "Anna.",
            "Ben, card? bon"]
        terminal.child.send("us 300\r")  # the rest of the line, then Enter
        terminal.wait_for("Ben draws Bonus 300.")


@pytest.mark.slow
def test_with_plain_input_the_terminal_keeps_the_half_typed_line_and_enter_sends_it_whole(
        tmp_path: Path) -> None:
    with stop_sent_while_typing(tmp_path, [*SHARING, "--plain"]) as terminal:
        # Plain mode wraps only at --width: the terminal wraps this one where its row ends.
        terminal.wait_for("Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.")
        terminal.wait_for("Ben, card?")
        terminal.child.send("us 300\r")
        terminal.wait_for("Ben draws Bonus 300.")


STOPPED = "scores nothing this turn."


@pytest.mark.slow
def test_an_entry_sent_the_instant_the_question_is_asked_is_taken_at_once_every_time(
        tmp_path: Path) -> None:
    # Each phone sends the moment the table has answered the other: its entry comes while the
    # table is just starting to wait for the keyboard. Ten in a row (the deck has ten Stop
    # cards), each taken with no key pressed at the table: the phone hears "accepted", not
    # that the table did not take its entry (which it is told after waiting 10 seconds), and
    # the table announces all ten.
    with at_the_table(tmp_path, SHARING) as terminal:  # readline, the default
        url = address(terminal)
        phones = [SeatPhone(url, ANNA), SeatPhone(url, BEN)]
        state = phones[0].state
        for turn in range(10):
            answer = phones[turn % 2].send("stop", state=state)
            assert answer["kind"] == "accepted", (turn, answer)
            state = int(answer["state"])
        terminal.pump(lambda: terminal.raw.count(STOPPED) >= 10, f"ten times {STOPPED!r}")
        terminal.wait_for_prompt("Anna, card?")


def test_a_table_reading_a_pipe_takes_a_seats_entry_without_waiting_for_the_next_line(
        tmp_path: Path) -> None:
    with subprocess.Popen(
            [*tutto_command(), *SHARING, "--db", str(tmp_path / "games.sqlite3")],
            env={**share_env(tmp_path), **SEATS}, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, bufsize=1) as table:
        _pipe_table_takes_a_seats_entry(table)


def _pipe_table_takes_a_seats_entry(table: subprocess.Popen[str]) -> None:
    assert table.stdin is not None and table.stdout is not None
    try:
        opening = table.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", opening)
        assert url and table.stdout.readline() == "Anna, card?\n"
        assert SeatPhone(url.group(0), ANNA).send("bonus 300")["kind"] == "accepted"
        assert table.stdout.readline() == "Anna draws Bonus 300. Sent by Anna.\n"
        assert table.stdout.readline() == "Anna, roll 6 dice:\n"
        table.stdin.write("1 5 2 3 4 6\n")  # and the keyboard's lines go on as ever
        assert table.stdout.readline() == "1, 5, 2, 3, 4, 6.\n"
    finally:
        table.stdin.close()
        table.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize("mode", [[], ["--plain"]], ids=["terminal", "plain"])
def test_with_seats_the_line_editor_keeps_its_keys_ctrl_c_tab_up_and_ctrl_d(
        tmp_path: Path, mode: list[str]) -> None:
    """With seats readline reads key by key beside the inbox: Ctrl-C still discards the line
    and asks again, Tab completes, Up brings back a line, Ctrl-D on an empty line ends."""
    terminal = Terminal([*SHARING, *mode], tmp_path, env=SEATS)
    terminal.wait_for_prompt("Anna, card?")
    terminal.type("15")
    terminal.wait_for("Anna, card? 15")
    terminal.type(CTRL_C)
    terminal.wait_for("Line discarded, nothing entered.")
    terminal.wait_for_prompt("Anna, card?", count=2)
    terminal.type("fire\t")
    terminal.wait_for("Anna, card? fireworks")
    terminal.type("\r")
    terminal.wait_for_prompt("Anna, roll 6 dice:")
    terminal.type("\x1b[A")  # Up: the card again, refused at this step
    terminal.wait_for("Anna, roll 6 dice: fireworks")
    terminal.type("\r")
    terminal.wait_for_prompt("Anna, roll 6 dice:", count=2)
    terminal.type(CTRL_D)
    terminal.wait_for("End of input. The game is saved")
    assert terminal.finish() == 0
    rows = terminal.seen()
    first = rows.index("Anna, card? 15")
    assert rows[first:first + 4] == ["Anna, card? 15", "Line discarded, nothing entered.",
                                     "Anna, card? fireworks", "Anna draws Fireworks."]
    assert "Traceback" not in terminal.raw


@pytest.mark.slow
@pytest.mark.parametrize("mode", [[], ["--plain"]], ids=["terminal", "plain"])
def test_with_seats_bytes_that_are_not_text_get_one_sentence_and_change_nothing(
        tmp_path: Path, mode: list[str]) -> None:
    with at_the_table(tmp_path, [*SHARING, *mode]) as terminal:
        terminal.wait_for_prompt("Anna, card?")
        terminal.type_bytes(b"3\xff\xfe0\r")
        terminal.wait_for_prompt("Anna, card?", count=2)
        assert terminal.seen()[-2:] == [
            "That line could not be read as text: type the entry again.", "Anna, card?"]


#: The program as on a Python whose readline has no callback interface (libedit's emulation).
WITHOUT_CALLBACKS = ("import tutto_a11y.table.readline_callback as callback; "
                     "callback.load = lambda readline: None; "
                     "from tutto_a11y.cli.main import main; main()")


@pytest.mark.slow
def test_a_readline_without_its_callback_interface_gives_way_to_the_terminals_own_editing(
        tmp_path: Path) -> None:
    """A seat's entry comes on a line of its own, and the terminal keeps the half-typed line
    in its own line editing, which Enter sends whole with what is typed after."""
    terminal = Terminal(SHARING, tmp_path, env=SEATS,
                        command=[sys.executable, "-c", WITHOUT_CALLBACKS])
    try:
        anna = SeatPhone(address(terminal), ANNA)
        terminal.type("bon")
        terminal.wait_for("Anna, card? bon")
        assert anna.send("stop")["kind"] == "accepted"
        terminal.wait_for("Stop. Anna scores nothing this turn. Ben's turn. Sent by")
        terminal.wait_for_prompt("Ben, card?")
        terminal.type("us 300\r")
        terminal.wait_for("Ben draws Bonus 300.")
        # The terminal's own echo: "bon" stands where it was typed, the rest after the question.
        assert "Ben, card? us 300" in terminal.seen()
    finally:
        terminal.type("quit\r")
        terminal.finish()
    assert "Traceback" not in terminal.raw
