"""Entries of Yatzee: a roll's six faces, writing a field, striking a field.

The canonical text (``roll 555231``, ``write house``, ``strike yatzee``) is what a journal
stores; it is the same in every language, the typed words are translated at the edge.
"""

from __future__ import annotations

from tutto_a11y.core.contract import parse_faces
from tutto_a11y.core.record import Record

from .errors import MalformedEntry
from .fields import Field


class Roll(Record):
    """The six faces on the table after a roll, kept dice included, in the order typed."""

    faces: tuple[int, ...]

    def text(self) -> str:
        return "roll " + "".join(map(str, self.faces))


class Write(Record):
    """End the turn by writing the dice's points in a free field."""

    field: Field

    def text(self) -> str:
        return f"write {self.field.value}"


class Strike(Record):
    """End the turn by striking a free field: it scores 0."""

    field: Field

    def text(self) -> str:
        return f"strike {self.field.value}"


Entry = Roll | Write | Strike


def parse_entry(text: str) -> Entry:
    """An entry from its canonical journal text (see :meth:`text` of each entry)."""
    word, _, rest = text.strip().partition(" ")
    if word == "roll":
        return Roll(parse_faces(rest))
    if word in ("write", "strike"):
        try:
            field = Field.from_id(rest.strip())
        except ValueError:
            raise MalformedEntry("unknown-field", text=rest) from None
        return Write(field) if word == "write" else Strike(field)
    raise MalformedEntry("unknown-entry", text=text)
