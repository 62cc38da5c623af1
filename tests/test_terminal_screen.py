"""Terminal mode as the screen shows it: what a review cursor, a Braille display or an eye finds.

The real program runs in a pseudo-terminal (TERM=xterm-256color, no ``--plain``) and its output
is fed into a terminal emulator (pyte); the tests read the emulator's screen, not the bytes.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Callable

import pexpect
import pyte
import pytest

from conftest import tutto_command

COLUMNS, ROWS = 60, 40
CTRL_C, CTRL_D, TAB = "\x03", "\x04", "\t"


class Terminal:
    """tutto-tally in a pseudo-terminal, drawn on an emulated screen of COLUMNS x ROWS."""

    def __init__(self, args: list[str], tmp_path: Path, columns: int = COLUMNS,
                 env: dict[str, str] | None = None) -> None:
        base = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        base.update(TERM="xterm-256color", LANG="C.UTF-8", TUTTO_SPEECH="0",
                    XDG_DATA_HOME=str(tmp_path / "data"))
        base.pop("LANGUAGE", None)
        base.update(env or {})
        command = tutto_command()
        self.screen = pyte.Screen(columns, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""
        args = ["--db", str(tmp_path / "g.db"), *args]
        self.child = pexpect.spawn(command[0], command[1:] + args, env=base, encoding="utf-8",
                                   codec_errors="replace", timeout=20,
                                   dimensions=(ROWS, columns))

    def lines(self) -> list[str]:
        """The screen's rows without trailing blanks, the empty rows at the bottom left out."""
        rows = [row.rstrip() for row in self.screen.display]
        while rows and not rows[-1]:
            rows.pop()
        return rows

    def _pump(self, until: Callable[[], bool], what: str, deadline: float = 20.0) -> None:
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
                raise AssertionError(f"ended before {what!r}\n" + "\n".join(self.lines()))
            self.raw += data
            self.stream.feed(data)

    def wait_for(self, text: str, count: int = 1) -> None:
        """Until ``text`` stands on the screen ``count`` times (across wrapped rows too)."""
        self._pump(lambda: " ".join(self.lines()).count(text) >= count
                   or "".join(self.lines()).count(text) >= count, text)

    def wait_for_prompt(self, prompt: str, count: int = 1) -> None:
        """Until the cursor waits after ``prompt`` on its row, the ``count``-th time."""
        def ready() -> bool:
            row = self.screen.display[self.screen.cursor.y]
            return row.rstrip().endswith(prompt) and "\n".join(self.lines()).count(prompt) >= count
        self._pump(ready, prompt)

    def type(self, text: str) -> None:
        self.child.send(text)

    def type_bytes(self, data: bytes) -> None:
        os.write(self.child.child_fd, data)

    def finish(self) -> int:
        """Read to the end; the exit status (a death by signal fails)."""
        while True:
            try:
                data = self.child.read_nonblocking(4096, timeout=30)
            except pexpect.EOF:
                break
            self.raw += data
            self.stream.feed(data)
        self.child.close()
        assert self.child.signalstatus is None, f"ended by signal {self.child.signalstatus}"
        return self.child.exitstatus

    def cells(self, row: int) -> list:
        return [self.screen.buffer[row][x] for x in range(self.screen.columns)]


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
