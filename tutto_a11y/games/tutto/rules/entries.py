"""Entries: what the scorekeeper enters, and their canonical journal text.

A game is nothing but its list of entries; the state is rebuilt from them. The canonical text
(``card bonus-600``, ``roll 123346``, ``aside 15``, ``bank``, ``continue``) is what a journal
stores. It is language-independent: the words people type are translated at the edge.
"""

from __future__ import annotations

from tutto_a11y.core.contract import parse_faces
from tutto_a11y.core.record import Record

from .cards import Card
from .errors import MalformedEntry


class DrawCard(Record):
    """The card that was drawn (at the start of a turn, or to continue after a Tutto)."""

    card: Card

    def text(self) -> str:
        return f"card {self.card.value}"


class Roll(Record):
    """The faces of one roll, in the order they were typed."""

    faces: tuple[int, ...]

    def text(self) -> str:
        return "roll " + "".join(map(str, self.faces))


class SetAside(Record):
    """The faces set aside from the last roll."""

    faces: tuple[int, ...]

    def text(self) -> str:
        return "aside " + "".join(map(str, self.faces))


class Bank(Record):
    """End the turn and add the turn total to the score."""

    def text(self) -> str:
        return "bank"


class Continue(Record):
    """Decide to go on without typing the roll or card yet (after that, banking is no longer
    possible)."""

    def text(self) -> str:
        return "continue"


Entry = DrawCard | Roll | SetAside | Bank | Continue


def parse_entry(text: str) -> Entry:
    """An entry from its canonical journal text (see :meth:`text` of each entry)."""
    word, _, rest = text.strip().partition(" ")
    if word == "card":
        try:
            return DrawCard(Card.from_id(rest.strip()))
        except ValueError:
            raise MalformedEntry("unknown-card", text=rest) from None
    if word == "roll":
        return Roll(parse_faces(rest))
    if word == "aside":
        return SetAside(parse_faces(rest))
    if word == "bank" and not rest:
        return Bank()
    if word == "continue" and not rest:
        return Continue()
    raise MalformedEntry("unknown-entry", text=text)
