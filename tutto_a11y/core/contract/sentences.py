"""What a game asks of a catalog: the sentences of one language.

The catalog itself is ``text/i18n.py``'s ``Catalog``, which reads the compiled gettext files;
the contract sits below ``text/`` and does not import it, so a game's messages, sheets and
side are written against this protocol, which the catalog satisfies.
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
