"""Reading one line per entry: plain line input, or a prompt_toolkit session in a terminal.

Plain input is the accessible default whenever the terminal is not a real one, or ``--plain``
is given: nothing but the prompt text is written, no escape sequences at all. prompt_toolkit is
imported only when it is used, because it costs start-up time.
"""

from __future__ import annotations

import os
from typing import BinaryIO, Callable, Protocol, Sequence

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


class TerminalReader:
    """A prompt_toolkit session with history and none of the things that disturb screen readers.

    No completion pop-ups, no toolbars, no mouse, no cursor-position requests. With
    ``sighted=True`` a bottom status line and word completion are added for a sighted
    scorekeeper; that is never the default.
    """

    def __init__(self, output: Output, sighted: bool = False,
                 status: Callable[[], str] | None = None,
                 words: Sequence[str] = ()) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.output = output
        options: dict[str, object] = dict(
            history=InMemoryHistory(), mouse_support=False, complete_while_typing=False,
            enable_system_prompt=False, enable_suspend=False, enable_open_in_editor=False,
            search_ignore_case=True,
        )
        if sighted:
            from prompt_toolkit.completion import WordCompleter

            options["completer"] = WordCompleter(list(words), ignore_case=True)
            if status is not None:
                options["bottom_toolbar"] = status
        self.session = PromptSession(**options)

    def read(self, prompt: str) -> str | None:
        lines = wrap(prompt, self.output.width - 1 if self.output.width else None)
        for line in lines[:-1]:
            self.output.line(line)
        try:
            return self.session.prompt(lines[-1] + " ")
        except EOFError:
            return None
