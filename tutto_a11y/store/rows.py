"""The store's rows as the rest of the program reads them: a game's row and a journal line.

Plain frozen records, apart from the store that reads them, so that a command or a test can
hold a game's row without the SQLite code, and so that the journal module stays the store.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutto_a11y.core.contract import GameStatus
from tutto_a11y.core.record import Record

#: The kind of a game whose row names none: every game saved before games knew their kind
#: (schema version 1, when Tutto was the only game), and a game created without one. It is
#: the registry's ``DEFAULT`` spelled out, because the store sits below the registry
#: (tests/test_layers.py checks the layers, and that the two agree).
UNNAMED_KIND = "tutto"


class GameInfo(Record):
    """One row of the ``games`` table, as the CLI shows it (ids are strings, as typed by
    players)."""

    id: str
    created: str
    updated: str
    lang: str
    rules: dict[str, object]  # as the file holds them: the game's interface reads them
    players: tuple[str, ...]
    status: GameStatus
    #: True when the row was edited into something unreadable (players not a list of names,
    #: rules not an object...): ``players`` is then empty and ``rules`` ``{}``.  Such a game can be
    #: listed and abandoned, never shown or played.
    damaged: bool = False
    #: Which game this is (``tutto``, ``yatzee``, ``tute``): a name of the games registry.
    #: Files written before games knew their kind read as ``tutto`` (UNNAMED_KIND).
    kind: str = UNNAMED_KIND


class JournalRow(Record):
    """One journal line: an accepted entry, or an undo (``text`` is ``None``), and the seat of
    the live view that made it (``None``: the table's keyboard)."""

    seq: int
    kind: str
    text: str | None
    at: str
    seat: str | None = None


def entry_seats(rows: Iterable[JournalRow]) -> list[str | None]:
    """For each entry a game's journal still holds after its undos (what ``Store.entries``
    gives), the seat that made it (None: the table's keyboard)."""
    seats: list[str | None] = []
    for row in rows:
        if row.kind == "entry":
            seats.append(row.seat)
        elif seats:
            seats.pop()
    return seats
