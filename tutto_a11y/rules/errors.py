"""The three ways an entry can be wrong, each with a reason code and the data a message needs.

Like python-chess's move errors, all are ``ValueError``: *malformed* (not an entry at all),
*illegal* (a valid entry, but not allowed now) and *ambiguous* (a word that matches several).
The message layer turns ``reason`` and ``data`` into one sentence in the game's language, so the
rules never hold a sentence themselves.
"""

from __future__ import annotations

from typing import Any


class EntryError(ValueError):
    """An entry that was refused. Nothing changed in the game."""

    kind = "error"

    def __init__(self, reason: str, **data: Any) -> None:
        super().__init__(f"{reason}: {data}" if data else reason)
        self.reason = reason
        self.data = data


class MalformedEntry(EntryError):
    """The text is not an entry: faces outside 1-6, an unknown word, an empty line."""

    kind = "malformed"


class IllegalEntry(EntryError):
    """A well-formed entry that the rules do not allow now."""

    kind = "illegal"


class AmbiguousEntry(EntryError):
    """A word that matches several entries; ``data['candidates']`` lists them."""

    kind = "ambiguous"
