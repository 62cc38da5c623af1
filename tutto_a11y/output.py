"""Append-only output for screen readers and Braille displays.

Every announcement is a finished line (or a few, wrapped at ``--width`` at spaces). Nothing is
ever redrawn, coloured or moved back, so a screen reader reads each line exactly once and a
40-cell Braille display shows whole words.
"""

from __future__ import annotations

import textwrap
from typing import TextIO


def wrap(text: str, width: int | None) -> list[str]:
    """The lines of one announcement: one line, or several of at most ``width`` characters."""
    text = " ".join(text.split())
    if not width or len(text) <= width:
        return [text]
    return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False)


class Output:
    """Where announcements and prompts go."""

    def __init__(self, stream: TextIO, width: int | None = None,
                 prompt_on_own_line: bool = False) -> None:
        self.stream = stream
        self.width = width
        self.prompt_on_own_line = prompt_on_own_line

    def line(self, text: str) -> None:
        """Print one announcement."""
        self.stream.write("\n".join(wrap(text, self.width)) + "\n")
        self.stream.flush()

    def prompt(self, text: str) -> None:
        """Print a prompt: on its own line when input is not typed here (a pipe, a script)."""
        lines = wrap(text, self.width - 1 if self.width else None)
        if self.prompt_on_own_line:
            self.stream.write("\n".join(lines) + "\n")
        else:
            head, last = lines[:-1], lines[-1]
            self.stream.write("".join(line + "\n" for line in head) + last + " ")
        self.stream.flush()
