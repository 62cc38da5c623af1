"""What ``export --format brf|txt-braille`` and ``labels`` print: a game's lines or labels,
translated by liblouis in the language's table and laid out on Braille pages, or drawn as dots.

The words come from the game's interface (``braille_sheet``, ``labels``) in the catalog's
language; the Braille table is that language's, so a German sheet is German Braille. Without
liblouis the commands say in one sentence what to install, and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.braille.binding import BrailleUnavailable, louis, to_unicode
from tutto_a11y.braille.pages import Layout, paginate, render
from tutto_a11y.braille.svg import Label, render_svg
from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.games import registry
from tutto_a11y.text.i18n import Catalog

#: The Braille formats of ``export`` and ``labels``.
SHEET_FORMATS = ("brf", "txt-braille")
LABEL_FORMATS = ("brf", "svg")


def unavailable(c: Catalog) -> UsageProblem:
    """The one sentence said when liblouis or its tables are missing."""
    return UsageProblem(c.gettext("Braille needs liblouis, which is not installed: on Debian "
                                  "or Ubuntu install the packages liblouis-bin and "
                                  "liblouis-data."))


def braille_text(paragraphs: Sequence[str], lang: str, grade: int, layout: Layout, fmt: str,
                 c: Catalog, gap: bool = False) -> str:
    """Paragraphs of print as Braille pages: BRF (CR LF, form feeds) or Unicode Braille."""
    try:
        engine = louis()
        cells = [engine.cells(text, lang, grade) for text in paragraphs]
    except BrailleUnavailable:
        raise unavailable(c) from None
    pages = paginate(cells, layout, gap=gap,
                     numbers=lambda page: engine.cells(str(page), lang, grade))
    if fmt == "brf":
        return render(pages, engine.brf, "\r\n")
    return render(pages, to_unicode, "\n")


def labels_text(game: str, c: Catalog, fmt: str, grade: int, layout: Layout) -> str:
    """``labels``: the game's labels as BRF (a blank line between labels) or as SVG dots."""
    kind = registry.find(game)
    texts = kind.interface().labels(c)
    if fmt == "brf":
        return braille_text(texts, c.lang, grade, layout, "brf", c, gap=True)
    try:
        engine = louis()
        labels = [Label(engine.cells(text, c.lang, grade), text) for text in texts]
    except BrailleUnavailable:
        raise unavailable(c) from None
    return render_svg(labels, layout.cells, c.gettext("{game}: labels in Braille",
                                                      game=kind.title_in(c)))


__all__ = ["LABEL_FORMATS", "SHEET_FORMATS", "braille_text", "labels_text", "unavailable"]
