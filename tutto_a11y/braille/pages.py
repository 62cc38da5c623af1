"""Cells laid out for paper: lines of at most N cells, pages of at most M lines.

A paragraph (one player's line of a sheet, one label) is wrapped at blank cells, never inside
a word unless the word alone is longer than a line; its continuation lines are indented by two
cells, as Braille transcribers mark a runover, so a reader's finger knows where the next entry
starts. A paragraph is never split across pages when it fits on one: a label stays whole for
cutting, a player's line for reading. A sheet of more than one page is numbered: the Braille
page number stands at the right end of every page's last line, never over text.

BRF: lines end with CR LF and every page with a form feed, as embossers and notetakers expect.
Unicode Braille: the same cells, a line feed after each line, a form feed after each page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutto_a11y.core.record import Record

Cells = tuple[int, ...]
BLANK = 0
RUNOVER = 2  # cells of indent on a paragraph's continuation lines
NUMBER_GAP = 3  # blank cells at least between a line's text and the page number after it


class Layout(Record):
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


def paginate(paragraphs: Sequence[Cells], layout: Layout, gap: bool = False,
             numbers: Callable[[int], Cells] | None = None) -> list[list[Cells]]:
    """Paragraphs on pages; ``gap`` puts a blank line between paragraphs (labels).

    With ``numbers`` (a page's number in Braille, by its number from 1) a sheet of more than one
    page carries its page number on every page, as North American transcribers place it: at
    the right end of the page's last line, with at least :data:`NUMBER_GAP` blank cells before
    it. Text on that line is shortened to leave the room (the rest runs over to the next page),
    and between labels the last line holds the number alone, so no label carries a page number
    when it is cut out. A sheet of one page stays as it was.
    """
    pages = _pages(paragraphs, layout, gap, lambda _page: layout.cells)
    if numbers is None or len(pages) < 2:
        return pages

    def room(page: int) -> int:
        """The cells the last line of ``page`` leaves for text."""
        return 0 if gap else max(0, layout.cells - NUMBER_GAP - len(numbers(page)))

    pages = _pages(paragraphs, layout, gap, room)
    return [_numbered(page, numbers(number), layout)
            for number, page in enumerate(pages, start=1)]


def _pages(paragraphs: Sequence[Cells], layout: Layout, gap: bool,
           room: Callable[[int], int]) -> list[list[Cells]]:
    """Paragraphs on pages whose last line holds at most ``room(page)`` cells of text."""
    pages: list[list[Cells]] = [[]]
    rows = layout.lines
    for paragraph in paragraphs:
        lines = wrap(paragraph, layout.cells)
        page = pages[-1]
        before = 1 if gap and page else 0
        if page and not _fits(len(page) + before, lines, rows, room(len(pages))) \
                and _fits(0, lines, rows, room(len(pages) + 1)):
            pages.append([])
            page, before = pages[-1], 0
        if before and len(page) < rows:
            page.append(())
        waiting = list(lines)
        while waiting:
            line = waiting.pop(0)
            if len(page) == rows:
                pages.append([])
                page = pages[-1]
            if len(page) == rows - 1 and len(line) > room(len(pages)):
                head, rest = _cut(line, room(len(pages)))
                page.append(head)  # what fits before the page number, or a blank line
                waiting.insert(0, rest)
                continue
            page.append(line)
    return [page for page in pages if page] or [[]]


def _fits(used: int, lines: Sequence[Cells], rows: int, room: int) -> bool:
    """Whether ``lines`` fit on a page after ``used`` lines, the last line within ``room``."""
    end = used + len(lines)
    return end < rows or (end == rows and len(lines[-1]) <= room)


def _cut(line: Cells, room: int) -> tuple[Cells, Cells]:
    """A line cut at a blank cell so that its head fits in ``room`` cells; the rest runs over
    (indented, as a paragraph's continuation is). No blank cell fits: the head is empty and
    the whole line goes on."""
    cut = max((i for i in range(1, min(room, len(line) - 1) + 1)
               if line[i] == BLANK and any(line[:i])), default=0)
    if not cut:
        return (), line
    head = line[:cut]
    while head and head[-1] == BLANK:
        head = head[:-1]
    rest = line[cut:]
    while rest and rest[0] == BLANK:
        rest = rest[1:]
    return head, (BLANK,) * RUNOVER + rest


def _numbered(page: list[Cells], number: Cells, layout: Layout) -> list[Cells]:
    """The page with its number at the right end of its last line (line 25 of 25)."""
    rows = page + [()] * (layout.lines - len(page))
    last = rows[-1]
    while last and last[-1] == BLANK:
        last = last[:-1]
    rows[-1] = last + (BLANK,) * (layout.cells - len(last) - len(number)) + number
    return rows


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


__all__ = ["BLANK", "Cells", "Layout", "NUMBER_GAP", "RUNOVER", "paginate", "render", "wrap"]
