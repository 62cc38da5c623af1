"""Reading one line per entry: plain line input, or a prompt_toolkit session in a terminal.

Plain input is the accessible default whenever the terminal is not a real one, or ``--plain``
is given: nothing but the prompt text is written, no escape sequences at all. prompt_toolkit is
imported only when it is used, because it costs start-up time.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, BinaryIO, Callable, Protocol, Sequence, TextIO

from .output import Output, wrap
from .rules import MalformedEntry


class LineReader(Protocol):
    def read(self, prompt: str) -> str | None:
        """The next line without its line end, or None at the end of input."""


class PlainReader:
    """Lines from a byte stream, decoded as UTF-8; bytes that are not text are refused."""

    def __init__(self, stream: BinaryIO, output: Output) -> None:
        self.stream = stream
        self.output = output

    def read(self, prompt: str) -> str | None:
        self.output.prompt(prompt)
        raw = self.stream.readline()
        if not raw:
            return None
        raw = raw.rstrip(b"\r\n")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedEntry("bad-bytes") from None


_CONTROLS = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"


class _PromptLineEnd:
    """The terminal stream as prompt_toolkit sees it, keeping its clean-up on the prompt's line.

    When a prompt is accepted, prompt_toolkit ends the line and then writes control sequences
    (show the cursor, end bracketed paste, reset colours). Those would stand at the start of the
    next line, in front of our announcement. This stream holds such a line end back and, once
    the prompt is over, writes the controls first and the line end after them, so every
    announcement line is plain text from its first character.
    """

    _TAIL = re.compile(r"(\r*\n)(" + _CONTROLS + r")\Z")
    _ONLY_CONTROLS = re.compile(_CONTROLS + r"\Z")

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.line_end = ""
        self.held = ""

    def write(self, data: str) -> int:
        if self.line_end:
            if self._ONLY_CONTROLS.match(data):
                self.held += data
                return len(data)
            self.stream.write(self.line_end + self.held)
            self.line_end = self.held = ""
        tail = self._TAIL.search(data)
        if tail:
            self.stream.write(data[: tail.start()])
            self.line_end, self.held = tail.group(1), tail.group(2)
        else:
            self.stream.write(data)
        return len(data)

    def release(self) -> None:
        """The prompt is over: controls, then the held line end."""
        if self.line_end:
            self.stream.write(self.held + self.line_end)
            self.line_end = self.held = ""
        self.stream.flush()

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return "replace"


class TerminalReader:
    """A prompt_toolkit session with history and none of the things that disturb screen readers.

    No completion pop-ups, no toolbars, no mouse, no cursor-position requests. With
    ``sighted=True`` a bottom status line and word completion are added for a sighted
    scorekeeper; that is never the default.
    """

    def __init__(self, output: Output, sighted: bool = False,
                 words: Sequence[str] = ()) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output.vt100 import Vt100_Output

        self.output = output
        self.stream = _PromptLineEnd(sys.stdout)
        terminal: Any = Vt100_Output.from_pty(self.stream,  # type: ignore[arg-type]
                                              term=os.environ.get("TERM"))
        options: dict[str, Any] = dict(
            output=terminal, history=InMemoryHistory(), mouse_support=False,
            complete_while_typing=False,
            enable_system_prompt=False, enable_suspend=False, enable_open_in_editor=False,
            search_ignore_case=True,
        )
        if sighted:
            from prompt_toolkit.completion import WordCompleter

            options["completer"] = WordCompleter(list(words), ignore_case=True)
        self.sighted = sighted
        self.session: Any = PromptSession(**options)

    def show_status(self, status: Callable[[], str]) -> None:
        """The bottom status line of the sighted mode; the game is known only after set-up."""
        if self.sighted:
            self.session.bottom_toolbar = status

    def read(self, prompt: str) -> str | None:
        lines = wrap(prompt, self.output.width - 1 if self.output.width else None)
        for line in lines[:-1]:
            self.output.line(line)
        try:
            return self.session.prompt(lines[-1] + " ")
        except EOFError:
            return None
        finally:
            self.stream.release()
