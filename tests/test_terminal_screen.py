"""Terminal mode as the screen shows it: what a review cursor, a Braille display or an eye finds.

The real program runs in a pseudo-terminal (TERM=xterm-256color, no ``--plain``) and its output
is fed into a terminal emulator (pyte); the tests read the emulator's screen, not the bytes.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte
import pytest
from pyte.screens import Char

from conftest import slow_unless, tutto_command

COLUMNS, ROWS = 60, 40
CTRL_C, CTRL_D, TAB = "\x03", "\x04", "\t"


class Terminal:
    """tutto-tally in a pseudo-terminal, drawn on an emulated screen of COLUMNS x ROWS."""

    def __init__(self, args: list[str], tmp_path: Path, columns: int = COLUMNS,
                 env: dict[str, str] | None = None, rows: int = ROWS,
                 command: list[str] | None = None) -> None:
        base = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        base.update(TERM="xterm-256color", LANG="C.UTF-8", TUTTO_SPEECH="0",
                    XDG_DATA_HOME=str(tmp_path / "data"))
        base.pop("LANGUAGE", None)
        base.update(env or {})
        command = command or tutto_command()  # or the program with a test's hooks in it
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""
        args = ["--db", str(tmp_path / "g.db"), *args]
        self.child = pexpect.spawn(command[0], command[1:] + args, env=base, encoding="utf-8",
                                   codec_errors="replace", timeout=20,
                                   dimensions=(rows, columns))

    def lines(self) -> list[str]:
        """The screen's rows without trailing blanks, the empty rows at the bottom left out."""
        rows = [row.rstrip() for row in self.screen.display]
        while rows and not rows[-1]:
            rows.pop()
        return rows

    def pump(self, until: Callable[[], bool], what: str, deadline: float = 20.0) -> None:
        end = time.monotonic() + deadline
        while not until():
            if time.monotonic() > end:
                raise AssertionError(f"never on screen: {what!r}\n" + "\n".join(self.lines()))
            try:
                data = self.child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                if until():
                    return
                raise AssertionError(f"ended before {what!r}\n" + "\n".join(self.lines())) from None
            self.raw += data
            self.stream.feed(data)

    def wait_for(self, text: str, count: int = 1) -> None:
        """Until ``text`` stands on the screen ``count`` times (across wrapped rows too).

        A no-break space (French "carte ?") looks like any space on a screen: prompt_toolkit
        draws it as one, so it is looked for as one.
        """
        text = text.replace("\xa0", " ")
        self.pump(lambda: " ".join(self.seen()).count(text) >= count
                   or "".join(self.seen()).count(text) >= count, text)

    def seen(self) -> list[str]:
        """The rows as a screen reader hears them: a no-break space is a space."""
        return [row.replace("\xa0", " ") for row in self.lines()]

    def wait_for_prompt(self, prompt: str, count: int = 1) -> None:
        """Until the cursor waits after ``prompt`` on its row, the ``count``-th time."""
        prompt = prompt.replace("\xa0", " ")
        def ready() -> bool:
            row = self.screen.display[self.screen.cursor.y].replace("\xa0", " ")
            return row.rstrip().endswith(prompt) and "\n".join(self.seen()).count(prompt) >= count
        self.pump(ready, prompt)

    def type(self, text: str) -> None:
        self.child.send(text)

    def type_bytes(self, data: bytes) -> None:
        os.write(self.child.child_fd, data)

    def quit(self) -> None:
        """Type quit, as a player ends the game, and expect the program to end well."""
        self.type("quit\r")
        assert self.finish() == 0

    def finish(self) -> int:
        """Read to the end; the exit status (a death by signal fails)."""
        while True:
            try:
                data = self.child.read_nonblocking(4096, timeout=30)
            except pexpect.EOF:
                break
            self.raw += data
            self.stream.feed(data)
        # The program's end, waited for (a poll: the end of another process, with a deadline
        # so that a program that never ends is still closed and fails below); once it has
        # ended, closing the terminal need not first sleep a tenth of a second for the kernel
        # to note the end, as ptyprocess does by default.
        end = time.monotonic() + 10
        while self.child.isalive() and time.monotonic() < end:
            time.sleep(0.005)
        if not self.child.isalive():
            self.child.ptyproc.delayafterclose = 0
        self.child.close()
        assert self.child.signalstatus is None, f"ended by signal {self.child.signalstatus}"
        status: int = self.child.exitstatus
        return status

    def cells(self, row: int) -> list[Char]:
        return [self.screen.buffer[row][x] for x in range(self.screen.columns)]


def _row_of(term: Terminal, text: str) -> int:
    rows = term.lines()
    return next(i for i, row in enumerate(rows) if text in row)


def _start(tmp_path: Path, *args: str, columns: int = COLUMNS) -> Terminal:
    term = Terminal(["--players", "Anna,Ben", *args], tmp_path, columns)
    term.wait_for_prompt("Anna, card?")
    return term


def test_the_typed_entry_stays_on_screen_after_enter(tmp_path: Path) -> None:
    term = _start(tmp_path)
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 5 5 2 3 6\r")
    term.wait_for_prompt("Anna, set aside?")
    # Exactly what plain mode shows: each prompt with its entry, then the announcement.
    assert term.lines()[-5:] == [
        "Anna, card? 300",
        "Anna draws Bonus 300.",
        "Anna, roll 6 dice: 1 5 5 2 3 6",
        "1, 5, 5, 2, 3, 6.",
        "Anna, set aside?",
    ]
    term.quit()
    assert "Anna, set aside? quit" in term.lines()
    assert "\x1b[6n" not in term.raw, "no cursor-position request"


ENTRIES = {"en": ["300", "1 5 5 2 3 6", "7", "1 5 5", "status", "bank"],
           "de": ["300", "1 5 5 2 3 6", "7", "1 5 5", "status", "aufhören"],
           "fr": ["300", "1 5 5 2 3 6", "7", "1 5 5", "état", "marquer"]}


def _screen_after(tmp_path: Path, lang: str, *mode: str) -> list[str]:
    """The screen after the same entries, each typed once the cursor waits after a prompt."""
    term = Terminal(["--players", "Anna,Ben", "--lang", lang, "--width", "40", *mode],
                    tmp_path / (mode[0] if mode else "terminal"), rows=80)
    row = -1
    for entry in ENTRIES[lang] + ["quit"]:
        def waiting(after: int = row) -> bool:
            y = term.screen.cursor.y
            return y > after and term.screen.cursor.x > 0 and \
                term.screen.display[y].rstrip()[-1:] in ("?", ":")
        term.pump(waiting, f"the prompt for {entry!r}")
        row = term.screen.cursor.y
        term.type(entry + "\r")
    assert term.finish() == 0
    return term.lines()


# A second each (two games): the quick run reads the French one, the others are slow.
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=slow_unless(lang == "fr"))
                                  for lang in ("en", "de", "fr")])
def test_the_terminal_screen_reads_exactly_like_plain_mode(lang: str, tmp_path: Path) -> None:
    plain = _screen_after(tmp_path, lang, "--plain")
    terminal = _screen_after(tmp_path, lang)
    # French puts a no-break space before "?": plain mode prints it, the line editor shows a
    # space there; a screen reader reads both alike.
    assert [row.replace("\u00a0", " ") for row in terminal] == \
        [row.replace("\u00a0", " ") for row in plain]
    assert {"en": "Anna, card? 300", "de": "Anna, Karte? 300",
            "fr": "Anna, carte\u00a0? 300"}[lang] in plain


def test_a_long_prompt_wraps_at_width_and_is_never_cut_off(tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna-Katharina,Bartholomew", "--width", "24"], tmp_path)
    term.wait_for_prompt("card?")
    term.type("300\r")
    term.wait_for_prompt("dice:")
    term.type("1 5 5 2 3 6\r")
    term.wait_for_prompt("aside?")
    term.type("1\r")
    term.wait_for_prompt("bank?")
    rows = term.lines()
    # Every row the program wrote keeps to --width; a typed entry goes on as the terminal's
    # own echo does (the line editor knows the terminal's width only).
    typed = (" 300", " 1 5 5 2 3 6", " 1")
    assert all(len(row) <= 24 for row in rows if not row.endswith(typed)), rows
    start = _row_of(term, "Anna-Katharina, 100 at")
    assert " ".join(rows[start:]) == "Anna-Katharina, 100 at risk, 5 dice: roll or bank?"
    term.type("bank\r")
    term.wait_for("Bartholomew, card?")
    rows = term.lines()
    # The whole prompt and the entry stay, each row within the width.
    assert " ".join(rows[start:start + 3]) == \
        "Anna-Katharina, 100 at risk, 5 dice: roll or bank? bank"
    term.type(CTRL_D)
    assert term.finish() == 0


def test_an_overlong_typed_line_leaves_no_debris(tmp_path: Path) -> None:
    term = _start(tmp_path, "--width", "40", columns=40)
    typed = "bonus " + "three hundred and more " * 3 + "x" * 20
    term.type(typed + "\r")
    term.wait_for_prompt("Anna, card?", count=2)
    rows = term.lines()
    assert all(len(row) <= 40 for row in rows), rows
    first = _row_of(term, "Anna, card? bonus")
    # The prompt and the whole entry in three rows, as the terminal's own echo shows a typed
    # line (a screen reader hears each key once only so); then the one sentence about it,
    # wrapped at spaces, and the prompt again, with nothing left over from the editing.
    assert "".join(rows[first:first + 3]) == "Anna, card? " + typed
    said = " ".join(rows[first + 3:-1])
    assert said == typed + " is not an entry here. Type the card: stop, fireworks, bonus 200 " \
        "to bonus 600 or just 200 to 600, x2, plusminus, street, clover."
    assert rows[-1] == "Anna, card?"
    term.quit()


def test_ctrl_c_discards_the_typed_line_and_the_game_goes_on(tmp_path: Path) -> None:
    term = _start(tmp_path)
    term.type("30")
    term.wait_for("Anna, card? 30")
    term.type(CTRL_C)
    term.wait_for_prompt("Anna, card?", count=2)
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    assert term.lines()[-5:] == ["Anna, card? 30", "Line discarded, nothing entered.",
                                 "Anna, card? 300", "Anna draws Bonus 300.",
                                 "Anna, roll 6 dice:"]
    term.quit()


def test_escape_before_a_digit_types_the_digit_and_shows_no_hidden_argument(
        tmp_path: Path) -> None:
    """Escape then 3 is an editor's repeat count elsewhere ("(arg: 3)" drawn in the prompt);
    at the table an Escape slipped in before a number changes nothing."""
    term = _start(tmp_path)
    term.type("\x1b3")
    term.wait_for("Anna, card? 3")
    term.type("00\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    assert "(arg" not in term.raw
    assert "Anna draws Bonus 300." in term.lines()
    term.quit()


def test_bytes_that_are_not_text_get_one_sentence_and_change_nothing(tmp_path: Path) -> None:
    term = _start(tmp_path)
    term.type_bytes(b"3\xff\xfe0\r")
    term.wait_for_prompt("Anna, card?", count=2)
    rows = term.lines()
    assert rows[-2:] == ["That line could not be read as text: type the entry again.",
                         "Anna, card?"]
    term.type("300\r")
    term.wait_for("Anna draws Bonus 300.")
    term.quit()


def _coloured(term: Terminal) -> list[tuple[int, str]]:
    """Screen cells drawn in a colour or in reverse video: (row, character)."""
    found = []
    for y in range(term.screen.lines):
        for char in term.cells(y):
            if char.fg != "default" or char.bg != "default" or char.reverse:
                found.append((y, char.data))
    return found


def test_ctrl_d_ends_the_game_and_leaves_the_prompt_without_colour(tmp_path: Path) -> None:
    term = _start(tmp_path)
    term.type(CTRL_D)
    assert term.finish() == 0
    rows = term.lines()
    assert rows[-3] == "Anna, card?"
    assert " ".join(rows[-2:]) == \
        "End of input. The game is saved; start tutto-tally again to go on."
    assert _coloured(term) == []


@pytest.mark.slow
def test_ctrl_c_while_the_program_shuts_down_still_ends_it_normally(tmp_path: Path) -> None:
    if shutil.which("espeak-ng") is None:
        pytest.skip("eSpeak NG is not installed (the test script installs it)")
    # Speech makes the shutdown last: the last sentence is spoken to the end before the exit.
    term = Terminal(["--players", "Anna,Ben", "--speech", "--speech-to", str(tmp_path / "wav")],
                    tmp_path, env={"TUTTO_SPEECH": "1"})
    term.wait_for_prompt("Anna, card?")
    term.type("quit\r")
    term.wait_for("Game saved.")
    while term.child.isalive():  # Ctrl-C, again and again, until the program has ended
        term.child.sendintr()
        try:
            term.child.read_nonblocking(4096, timeout=0.01)
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
    assert term.finish() == 0
    # The games file was closed properly: the game goes on when started again.
    again = Terminal([], tmp_path)
    again.wait_for("is still running")
    again.type(CTRL_D)
    assert again.finish() == 0


def test_the_sighted_status_line_shows_scores_turn_total_dice_and_cards(tmp_path: Path) -> None:
    term = _start(tmp_path, "--sighted", "--width", "40")
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 5 5 2 3 6\r")
    term.wait_for_prompt("Anna, set aside?")
    term.type("1\r")
    term.wait_for("5 dice in hand.")
    rows = term.lines()
    prompt = _row_of(term, "Anna, 100 at risk")
    assert rows[prompt:prompt + 2] == ["Anna, 100 at risk, 5 dice: roll or", "bank?"]
    assert " ".join(rows[prompt + 2:]) == ("Scores: Anna 0, Ben 0. Target 6000. Turn total 100. "
                                           "5 dice in hand. 55 cards left in the deck.")
    assert all(len(row) <= 40 for row in rows), rows
    assert _coloured(term) == []
    term.type("bank\r")
    term.wait_for("Scores: Anna 100, Ben 0.")
    rows = term.lines()
    # Once an entry is accepted its status line is gone: the announcement follows the entry.
    banked = _row_of(term, "bank? bank")
    assert rows[banked + 1].startswith("Anna banks, score 100")
    assert "\x1b[6n" not in term.raw, "no cursor-position request"
    term.type(CTRL_D)
    assert term.finish() == 0


@pytest.mark.slow
def test_tab_completes_a_word_and_lists_the_fitting_words_in_the_status_line(
        tmp_path: Path) -> None:
    term = _start(tmp_path, "--sighted")
    term.type("st" + TAB)
    term.wait_for("Words that fit: status, stop, street.")
    assert term.lines()[_row_of(term, "Anna, card?")] == "Anna, card? st"
    term.type("r" + TAB)
    term.wait_for("Anna, card? street")
    term.wait_for_prompt("Anna, card? street")
    term.type("\x1b")  # Escape: nothing to close, nothing left behind
    term.type("\r")
    term.wait_for("Anna draws Street.")
    rows = term.lines()
    accepted = _row_of(term, "Anna, card? street")
    assert rows[accepted + 1] == "Anna draws Street."
    assert not any("Words that fit" in row for row in rows)
    term.type(CTRL_D)
    assert term.finish() == 0
