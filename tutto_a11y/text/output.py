"""Append-only output for screen readers and Braille displays.

Every announcement is a finished line (or a few, wrapped at ``--width`` at spaces). Nothing is
ever redrawn, coloured or moved back, so a screen reader reads each line exactly once and a
40-cell Braille display shows whole words.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

NO_BREAK = "\u00a0"
_SPACES = re.compile(r"[ \t\n\r\f\v]+")  # ASCII white space only: a no-break space stays


def nobreak(text: str) -> str:
    """``text`` as one unit: its spaces become no-break spaces that wrapping never splits.

    They are turned back into plain spaces on output.
    """
    return text.replace(" ", NO_BREAK)


# French puts a no-break space before ? ! ; : ("carte ?"): that one is printed as it is, so the
# terminal and a Braille display never put the sign alone at the start of a line.
_GLUE = re.compile(NO_BREAK + r"(?![?!;:])")


def plain(text: str) -> str:
    """``text`` as it is printed and spoken: no-break spaces that only held a unit together
    become plain spaces; the one before a French ? ! ; : stays (it is white space, not
    punctuation, so ``--plain`` output keeps ASCII punctuation)."""
    return _GLUE.sub(" ", text)


#: The signs that end a phrase: a number after one begins a new phrase and is not the word
#: before's number ("Entscheidungen, 3 davon").
_PHRASE_END = (",", ".", ";", "!", "?")


def _is_number(word: str) -> bool:
    """Whether ``word`` is a number as printed ("150", "150,", "600:"): a name kept whole that
    begins with a digit (the field "2 Paare", joined by no-break spaces) is none."""
    return word[:1].isdigit() and NO_BREAK not in word


def _face(word: str) -> bool:
    """Whether ``word`` is a face of a list of faces ("5," in "1, 5, 5"): one digit."""
    return len(word.rstrip(",.;:!?")) == 1 and word[:1].isdigit()


def _bound(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` must stand on the same line as the word before it.

    A number stays with the word before it, its label ("Bonus 600: 5", "score 150",
    "Zugsumme 250,"), unless a phrase ended there ("12 Entscheidungen, 3 davon": the 3 counts
    what follows, not the decisions); the faces of a roll stay together ("1, 5, 5, 2, 3, 6.",
    "zum Beispiel 1 5 5 2 3 6."). A number that ends no phrase (no sign after it) also stays
    with the word after it, its noun ("noch 2 Würfel", "mit 10 Wurfbonus", "18 Runden"); the
    last of a list of faces ("1, 2, 2, 2 pour 300", "1 5 oder alle") counts nothing and keeps
    no word after it.
    """
    before, word = words[i - 1], words[i]
    if _is_number(word):
        listing = before.endswith(",") and _face(before) and _face(word)
        return listing or not before.endswith(_PHRASE_END)
    listed = i >= 2 and _face(words[i - 2]) and _face(before)
    return before.isdigit() and not listed


def _units(words: list[str]) -> list[list[str]]:
    """Words grouped into the units a line is not wrapped inside: the runs of words that
    :func:`_bound` holds together, and no longer."""
    units: list[list[str]] = []
    for i, word in enumerate(words):
        if units and _bound(words, i):
            units[-1].append(word)
        else:
            units.append([word])
    return units


def _fits_from(current: str, piece: str, width: int) -> bool:
    """Whether a path longer than a line (``piece``) may start on the line ``current``: its
    first folder, up to and with its "/", fits there."""
    slash = piece.find("/")
    return slash >= 0 and len(current) + 1 + slash + 1 <= width


def _cut(line: str, width: int) -> tuple[str, str]:
    """A line longer than ``width`` cut in two: after the last "/" that fits, when that "/" is
    in the word that crosses the edge (a path breaks between its folders and never inside a
    folder's or a file's name), else at ``width`` (a single word longer than a line)."""
    slash = line.rfind("/", 0, width)
    if slash > line.rfind(" ", 0, width):
        return line[:slash + 1], line[slash + 1:]
    return line[:width], line[width:]


def wrap(text: str, width: int | None) -> list[str]:
    """The lines of one announcement: one line, or several of at most ``width`` characters.

    Lines break at spaces between units (see ``_units``) and never inside a no-break unit; a
    unit longer than a whole line is split at its own spaces. A path longer than a line starts
    where it stands and breaks only after a "/"; any other word longer than a line (there are
    none in the catalogs) is cut.
    """
    words = [w for w in _SPACES.split(text) if w]
    joined = " ".join(words)
    if not width or len(joined) <= width:
        return [plain(joined)]
    lines: list[str] = []
    current = ""

    def add(piece: str) -> None:
        nonlocal current
        if not current:
            current = piece
        elif len(current) + 1 + len(piece) <= width or (
                len(piece) > width and _fits_from(current, piece, width)):
            current += " " + piece
        else:
            lines.append(current)
            current = piece
        while len(current) > width:
            head, current = _cut(current, width)
            lines.append(head)

    for unit in _units(words):
        pieces = [" ".join(unit)]
        if len(pieces[0]) > width:
            pieces = [part for word in unit for part in
                      (word.split(NO_BREAK) if len(word) > width else [word])]
        for piece in pieces:
            add(piece)
    if current:
        lines.append(current)
    return [plain(line) for line in lines]


def terminal_columns(stream: TextIO) -> int | None:
    """How many columns the terminal behind ``stream`` has now, or None if it is no terminal."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return None
    return columns if columns > 0 else None


def terminal_mode(stream: TextIO, plain: bool) -> bool:
    """Whether lines to ``stream`` follow a terminal: it is one, ``TERM`` is not dumb, no
    ``--plain``.

    The one rule for the play loop and every other command: in terminal mode a line without
    ``--width`` is wrapped at the terminal's width; to a pipe or a file nothing changes.
    """
    if plain or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def line_width(width: int | None, stream: TextIO, plain: bool) -> int | None:
    """The width lines to ``stream`` wrap at now: ``--width``, else the terminal's in terminal
    mode, else none."""
    if width or not terminal_mode(stream, plain):
        return width
    columns = terminal_columns(stream)
    return max(columns, 10) if columns else None


class Output:
    """Where announcements and prompts go.

    With ``follow_terminal`` (terminal mode) a line without ``--width`` is wrapped at the
    terminal's width as it is at that moment, so that the terminal never cuts a word itself
    (a screen reader reads its rows as they are) and a resized window is followed.

    With ``braille_line`` (the ``braille-line`` setting) the latest line is held back and
    printed on the next question's own line, before the question: a Braille display that
    follows the cursor shows the question's line, and so the news with it. A question too long
    to stand whole after the news begins a row of its own instead. An earlier line
    is printed as it was as soon as another one comes; :meth:`end` prints one still held.
    Every line is still printed once, and so read once.
    """

    def __init__(self, stream: TextIO, width: int | None = None,
                 prompt_on_own_line: bool = False, follow_terminal: bool = False,
                 braille_line: bool = False) -> None:
        self.stream = stream
        self.width = width
        self.prompt_on_own_line = prompt_on_own_line
        self.follow_terminal = follow_terminal
        self.braille_line = braille_line
        self.held = ""  # the latest line, kept for the next question's line

    def columns(self) -> int | None:
        """The width to wrap at now: ``--width``, else the terminal's when followed, else none."""
        return line_width(self.width, self.stream, plain=not self.follow_terminal)

    def line(self, text: str) -> None:
        """Print one announcement (with ``braille_line``, hold it for the next question)."""
        if self.braille_line:
            self.end()
            self.held = text
            return
        self.stream.write("\n".join(wrap(text, self.columns())) + "\n")
        self.stream.flush()

    def end(self) -> None:
        """Print the line still held for a question that will not come."""
        held, self.held = self.held, ""
        if held:
            self.stream.write("\n".join(wrap(held, self.columns())) + "\n")
            self.stream.flush()

    def prompt_lines(self, text: str, last_row: int | None = None) -> list[str]:
        """The rows of a prompt, with a held line before it: wrapped one cell short of the
        width, so that the cursor waits on the last row.

        The held news shares the question's row only when the whole question stands there
        after it; a question that cannot begins a row of its own, so that the row a Braille
        display shows at the cursor starts with whose turn it is, never inside a sentence.

        ``last_row`` is the widest the last row may be when nothing wraps (``--plain``) but the
        reader shows that row itself: readline on a dumb terminal scrolls a longer row sideways
        and hides its start. The rows before it are printed whole; the terminal folds them.
        """
        columns = self.columns()
        held, self.held = self.held, ""
        width = columns - 1 if columns else None
        question = wrap(text, width)
        if not held:
            rows = question
        else:
            news = wrap(held, width)
            if len(question) == 1 and \
                    (not width or len(news[-1]) + 1 + len(question[0]) <= width):
                rows = news[:-1] + [news[-1] + " " + question[0]]
            else:
                rows = news + question
        if width is None and last_row and len(rows[-1]) > last_row:
            asked = wrap(text, last_row)
            if len(asked) > 1:
                asked = [" ".join(asked[:-1]), asked[-1]]
            rows = ([plain(" ".join(held.split()))] if held else []) + asked
        return rows

    def prompt(self, text: str) -> None:
        """Print a prompt: on its own line when input is not typed here (a pipe, a script)."""
        lines = self.prompt_lines(text)
        if self.prompt_on_own_line:
            self.stream.write("\n".join(lines) + "\n")
        else:
            head, last = lines[:-1], lines[-1]
            self.stream.write("".join(line + "\n" for line in head) + last + " ")
        self.stream.flush()
