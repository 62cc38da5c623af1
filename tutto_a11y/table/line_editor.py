"""Reading a typed line at a terminal with the standard library's readline.

Why readline and not a full-screen line editor: a screen reader takes every change on the
screen that is not the echo of a key for program output. readline writes what a terminal's own
echo writes (the typed character, or a space for the space bar), so Orca says each key once;
prompt_toolkit moves the cursor over blank cells instead of writing a space and Orca then says
the next character twice. readline also costs nothing to import, where prompt_toolkit was most
of the time to the first prompt. It keeps the editing keys (arrows, Home, End, Backspace), the
history of this game's lines (Up), and Tab to complete the game's words.

In ``--plain`` mode (at a terminal) it writes nothing but the prompt and what is typed: no
bracketed paste, no bell. In both modes the meta-key sequence some terminals are sent at the
start is left out, and Escape before a digit types the digit (it would start a repeat count).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from tutto_a11y.core.contract import MalformedEntry
from tutto_a11y.table.doorbell import Doorbell, Knocked
from tutto_a11y.text.output import Output

# Bytes that are not UTF-8, as Python decodes them when stdin's errors are surrogateescape.
_NOT_TEXT = re.compile("[\udc80-\udcff]")


def _folded(word: str) -> str:
    """A word as it is matched: case and accents do not matter ("strasse" is "Straße")."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class ReadlineReader:
    """Lines typed at a terminal, edited and recalled with readline.

    Ctrl-C discards the line being typed, as in a shell: what was typed stays on screen, a line
    under it says that it was not entered, and the same question is asked again. Ctrl-D on an
    empty line is the end of input.
    """

    def __init__(self, output: Output, words: Sequence[str] = (), plain: bool = False) -> None:
        import readline

        self.output = output
        self.plain = plain
        self.words = sorted(set(words))
        self.discarded = ""  # the sentence after a line discarded by Ctrl-C (play sets it)
        # Rung when a seat's entry waits (``--seats``): the wait in input() ends with Knocked,
        # and what was typed so far (``kept``) is typed again at the next prompt.
        self.doorbell: Doorbell | None = None
        self.kept = ""
        self._matches: list[str] = []
        self.readline: Any = readline
        settings = ["set enable-meta-key off", "set horizontal-scroll-mode off",
                    'set completion-ignore-case on', "tab: complete"]
        # Escape then a digit (or minus) would start a repeat count, drawn as "(arg: 3)".
        settings += [f'"\\e{key}": "{key}"' for key in "0123456789-"]
        if plain:
            settings += ["set enable-bracketed-paste off", "set bell-style none"]
        for setting in settings:
            readline.parse_and_bind(setting)
        readline.set_completer_delims(" ")
        readline.set_completer(self._complete)

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the game's words that begin with what is typed."""
        if state == 0:
            typed = _folded(text)
            self._matches = [w for w in self.words if _folded(w).startswith(typed)] \
                if typed else []
        return self._matches[state] if state < len(self._matches) else None

    def _input(self, prompt: str) -> str:
        """``input()``, starting with the text kept from a wait the doorbell ended, and ended
        by the doorbell when a seat's entry comes (see ``table/doorbell.py``)."""
        readline, kept = self.readline, self.kept
        self.kept = ""
        if kept:
            def type_kept() -> None:
                readline.insert_text(kept)
                readline.redisplay()
                readline.set_pre_input_hook(None)

            readline.set_pre_input_hook(type_kept)
        if self.doorbell is None:
            return input(prompt)
        with self.doorbell.interrupting(readline.get_line_buffer):
            return input(prompt)

    def read(self, prompt: str) -> str | None:
        """The next line; None at the end of input."""
        stream = self.output.stream
        while True:
            lines = self.output.prompt_lines(prompt)
            stream.write("".join(line + "\n" for line in lines[:-1]))
            stream.flush()
            try:
                text = self._input(lines[-1] + " ")
            except Knocked as knock:  # a seat's entry: announced on a line of its own, then
                stream.write("\n")   # the question again with what was typed
                stream.flush()
                self.kept = knock.kept
                raise
            except KeyboardInterrupt:  # the typed line is discarded: marked, then asked again
                stream.write("\n")
                if self.discarded:
                    self.output.line(self.discarded)
                continue
            except EOFError:
                stream.write("\n")
                stream.flush()
                return None
            except UnicodeDecodeError:
                raise MalformedEntry("bad-bytes") from None
            if _NOT_TEXT.search(text):
                raise MalformedEntry("bad-bytes")
            return text

