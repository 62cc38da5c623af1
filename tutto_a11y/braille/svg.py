"""Labels as raised dots on A4, in millimetres: for swell paper, or for a sighted helper to
punch or copy, each label with its print text beneath.

The dimensions are the common standard for Braille on paper: 2.5 mm between the centres of
neighbouring dots of a cell, 6 mm from a cell to the next, 10 mm from a line to the next, dots
1.5 mm across. Labels flow in rows across the page, each in a thin cutting frame; a label that
does not fit on the page any more starts the next one. All pages are one SVG file, one A4 page
below the other (297 mm apart), so that it prints page by page at 100 %.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from tutto_a11y.braille.pages import Cells, wrap
from tutto_a11y.core.record import Record

PAGE_WIDTH, PAGE_HEIGHT = 210.0, 297.0
MARGIN = 12.0
DOT_SPACING = 2.5  # between the centres of dots 1 and 2, or 1 and 4, of one cell
CELL_PITCH = 6.0  # from a cell's dot 1 to the next cell's dot 1
LINE_PITCH = 10.0  # from a line's dot 1 to the next line's dot 1
DOT_DIAMETER = 1.5
PADDING = 3.0  # inside a label's frame, around its dots and print
GAP = 4.0  # between labels
PRINT_SIZE = 3.5  # the print text's height (font size), in mm
PRINT_LEADING = 4.5
#: Where each of the six dots sits, from dot 1, in steps of DOT_SPACING (column, row).
DOT_PLACES = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))


class Label(Record):
    """One label: its Braille cells and its print text."""

    cells: Cells
    text: str


def max_cells() -> int:
    """How many cells a label's line can hold between the margins of an A4 page."""
    usable = PAGE_WIDTH - 2 * MARGIN - 2 * PADDING
    return int((usable - 2 * DOT_SPACING) // CELL_PITCH) + 1


def _print_lines(text: str, width_mm: float) -> list[str]:
    """The print text wrapped to the label's width (about 0.55 of the height a character)."""
    per_line = max(8, int(width_mm / (PRINT_SIZE * 0.55)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def render_svg(labels: Sequence[Label], cells: int, title: str) -> str:
    """The labels on as many A4 pages as they need, as one SVG document in millimetres."""
    width = max(4, min(cells, max_cells()))
    placed: list[tuple[int, float, float, Label, list[Cells], list[str], float, float]] = []
    page, x, y, row_height = 0, MARGIN, MARGIN, 0.0
    for label in labels:
        lines = wrap(label.cells, width)
        used = max((len(line) for line in lines), default=1)
        braille_w = (used - 1) * CELL_PITCH + DOT_SPACING
        box_w = max(braille_w, 24.0) + 2 * PADDING
        prints = _print_lines(label.text, box_w - 2 * PADDING)
        box_h = (2 * PADDING + (len(lines) - 1) * LINE_PITCH + 2 * DOT_SPACING + 2.0
                 + len(prints) * PRINT_LEADING)
        if x + box_w > PAGE_WIDTH - MARGIN and x > MARGIN:
            x, y, row_height = MARGIN, y + row_height + GAP, 0.0
        if y + box_h > PAGE_HEIGHT - MARGIN and y > MARGIN:
            page, x, y, row_height = page + 1, MARGIN, MARGIN, 0.0
        placed.append((page, x, y, label, lines, prints, box_w, box_h))
        x += box_w + GAP
        row_height = max(row_height, box_h)
    pages = (placed[-1][0] + 1) if placed else 1
    height = pages * PAGE_HEIGHT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH:g}mm" '
           f'height="{height:g}mm" viewBox="0 0 {PAGE_WIDTH:g} {height:g}">',
           f"<title>{escape(title)}</title>"]
    for number in range(pages):
        out.append(f'<g class="page" id="page-{number + 1}" '
                   f'transform="translate(0 {number * PAGE_HEIGHT:g})">')
        out.append(f'<rect class="sheet" x="0" y="0" width="{PAGE_WIDTH:g}" '
                   f'height="{PAGE_HEIGHT:g}" fill="white"/>')
        for page, x, y, label, lines, prints, box_w, box_h in placed:
            if page == number:
                out.extend(_label(x, y, label, lines, prints, box_w, box_h))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _label(x: float, y: float, label: Label, lines: list[Cells], prints: list[str],
           box_w: float, box_h: float) -> list[str]:
    r = DOT_DIAMETER / 2
    out = [f'<g class="label" transform="translate({x:.2f} {y:.2f})">',
           f"<title>{escape(label.text)}</title>",
           f'<rect class="cut" x="0" y="0" width="{box_w:.2f}" height="{box_h:.2f}" '
           f'fill="none" stroke="#bbbbbb" stroke-width="0.2"/>']
    for row, line in enumerate(lines):
        for column, cell in enumerate(line):
            for dot, (dx, dy) in enumerate(DOT_PLACES):
                if cell & (1 << dot):
                    cx = PADDING + column * CELL_PITCH + dx * DOT_SPACING
                    cy = PADDING + row * LINE_PITCH + dy * DOT_SPACING
                    out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:g}"/>')
    top = PADDING + (len(lines) - 1) * LINE_PITCH + 2 * DOT_SPACING + 2.0
    for i, text in enumerate(prints, start=1):
        out.append(f'<text x="{PADDING:g}" y="{top + i * PRINT_LEADING - 1.0:.2f}" '
                   f'font-family="sans-serif" font-size="{PRINT_SIZE:g}">{escape(text)}</text>')
    out.append("</g>")
    return out


__all__ = ["CELL_PITCH", "DOT_DIAMETER", "DOT_SPACING", "LINE_PITCH", "Label", "MARGIN",
           "PADDING", "PAGE_HEIGHT", "PAGE_WIDTH", "max_cells", "render_svg"]
