"""Cells laid out for paper: lines of at most N cells, pages of at most M lines.

A paragraph (one player's line of a sheet, one label) is wrapped at blank cells, never inside
a word unless the word alone is longer than a line; its continuation lines are indented by two
cells, as Braille transcribers mark a runover, so a reader's finger knows where the next entry
starts. A paragraph is never split across pages when it fits on one: a label stays whole for
cutting, a player's line for reading.

BRF: lines end with CR LF and every page with a form feed, as embossers and notetakers expect.
Unicode Braille: the same cells, a line feed after each line, a form feed after each page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Cells = tuple[int, ...]
BLANK = 0
RUNOVER = 2  # cells of indent on a paragraph's continuation lines


@dataclass(frozen=True)
class Layout:
    """The page: cells a line and lines a page (an embosser's 40 x 25 by default)."""

    cells: int = 40
    lines: int = 25


def wrap(cells: Cells, width: int, indent: int = RUNOVER) -> list[Cells]:
    """One paragraph as lines of at most ``width`` cells, broken at blank cells."""
    words = [tuple(w) for w in _split(cells)]
    lines: list[Cells] = []
    line: list[int] = []
    for word in words:
        room = width - len(line)
        if any(line) and len(word) + 1 <= room:
            line += [BLANK, *word]
            continue
        if any(line):
            lines.append(tuple(line))
            line = [BLANK] * indent
        while len(line) + len(word) > width:  # a word longer than a line: cut it
            cut = width - len(line)
            lines.append(tuple(line) + word[:cut])
            word = word[cut:]
            line = [BLANK] * indent
        line += word
    if line and any(line):
        lines.append(tuple(line))
    return lines or [()]


def _split(cells: Cells) -> list[list[int]]:
    words: list[list[int]] = [[]]
    for cell in cells:
        if cell == BLANK:
            if words[-1]:
                words.append([])
        else:
            words[-1].append(cell)
    return [w for w in words if w]


def paginate(paragraphs: Sequence[Cells], layout: Layout, gap: bool = False) -> list[list[Cells]]:
    """Paragraphs on pages; ``gap`` puts a blank line between paragraphs (labels)."""
    pages: list[list[Cells]] = [[]]
    width = layout.cells
    for paragraph in paragraphs:
        lines = wrap(paragraph, width)
        page = pages[-1]
        needed = len(lines) + (1 if gap and page else 0)
        if page and len(page) + needed > layout.lines and len(lines) <= layout.lines:
            pages.append([])
            page = pages[-1]
        if gap and page:
            page.append(())
        for line in lines:
            if len(page) == layout.lines:
                pages.append([])
                page = pages[-1]
            page.append(line)
    return [page for page in pages if page] or [[]]


def render(pages: Sequence[Sequence[Cells]], cell_text: Callable[[Cells], str],
           newline: str) -> str:
    """Pages as text: each line without trailing blank cells, ``newline`` after each line and
    a form feed after each page."""
    out = []
    for page in pages:
        for line in page:
            end = len(line)
            while end and line[end - 1] == BLANK:
                end -= 1
            out.append(cell_text(line[:end]) + newline)
        out.append("\f")
    return "".join(out)


__all__ = ["BLANK", "Cells", "Layout", "RUNOVER", "paginate", "render", "wrap"]
