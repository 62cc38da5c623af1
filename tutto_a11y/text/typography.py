"""Each language's typography, put into its compiled catalog once, when the catalog is built.

French sets a no-break space before ? ! ; and : ("Zoé, carte ?"). ``scripts/catalogs.py``
applies it to the French sentences as it compiles ``tutto_a11y.mo``, so the program reads
finished sentences and does nothing at run time: the translators' ``.po`` file keeps plain
spaces, which are easier to type and to review. Only the catalog's own sentences get it, never
the names, numbers or addresses filled into them, and only where the sign ends a word, so
"0.0.0.0:8765" and "http://" stay as they are. Wrapping never breaks at a no-break space, and
the output keeps this one (see ``text.output.plain``).

Pure text, no gettext: the build script and the tests import it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FRENCH_SPACE = re.compile(r"(?<=[^\s])[ \u00a0]?([?!;:])(?=\s|$)")


def french_spacing(text: str) -> str:
    """``text`` with a no-break space before each ? ! ; : that ends a word."""
    return _FRENCH_SPACE.sub("\u00a0\\1", text)


def unchanged(text: str) -> str:
    """A language with no typography of its own here (German, English)."""
    return text


def typography(lang: str) -> Callable[[str], str]:
    """What the catalog of ``lang`` does to each of its sentences when it is built."""
    return french_spacing if lang == "fr" else unchanged
