"""What a game asks of a catalog: the sentences of one language, by their English msgids.

Its own module because everything in the contract that words something takes one (the
protocols, a game's statistics line), and the catalog itself (``text/i18n.py``) stands above
the contract, which imports nothing else of the project.
"""

from __future__ import annotations

from typing import Protocol


class Sentences(Protocol):
    """The sentences of one language, as a game words them: ``text/i18n.py``'s ``Catalog``
    (which the contract, below ``text/``, does not import). Every msgid is an English
    sentence with named ``{placeholders}``."""

    @property
    def lang(self) -> str: ...
    def gettext(self, message: str, **values: object) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str: ...
    def pgettext(self, context: str, message: str, **values: object) -> str: ...
