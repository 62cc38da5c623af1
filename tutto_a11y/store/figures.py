"""The figures cache: what each finished game adds up to, kept in the games file for ``stats``.

Replaying every finished game for ``stats`` costs seconds on a big file, so what each game
adds up to is kept in a table of this file, next to a digest of the game's row and journal:
figures are trusted only while the game is exactly as it was, so a hand edit is replayed (and
reported as damaged) again. The table is outside the migrations on purpose (see
``schema.FIGURES_TABLE``): it holds nothing that cannot be computed again.

Why a part of :class:`~tutto_a11y.store.journal.Store` (mixed into it) rather than a store of
its own: the figures are written through the Store's one durable transaction and read on its
connection, so a failed write is worded as every other write of the file. What the figures
are, and when they are kept, is the statistics' own (``reports/stats.py``); this module only
keeps and gives back text.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tutto_a11y.store import schema

__all__ = ["FiguresCache"]

if TYPE_CHECKING:  # the self type of the methods below: nothing at run time needs it
    from collections.abc import Sequence
    from contextlib import AbstractContextManager
    from typing import Any, Protocol

    class _Database(Protocol):
        """What the cache uses of the Store it is part of."""

        @property
        def _db(self) -> sqlite3.Connection: ...

        def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]: ...

        def _transaction(self) -> AbstractContextManager[sqlite3.Connection]: ...


class FiguresCache:
    """The Store's figures derived from games: digests of the games, and figures kept by them."""

    def digests(self: _Database, game_id: str | None = None) -> dict[str, str]:
        """Per game id, a digest of its row and every journal line; it changes with either.

        With ``game_id`` only that game is read (the play loop keeps one game's figures as it
        ends, and must not scan every game of a large file to do so).
        """
        import hashlib

        only = "" if game_id is None else " WHERE game_id = ?"
        where = "" if game_id is None else " WHERE g.id = ?"
        # The journal is WITHOUT ROWID with the key (game_id, seq): scanned in that order, so
        # each game's lines are joined in journal order (an undo shows as its kind).
        rows = self._query(
            "SELECT g.id, g.lang, g.rules, g.players, g.status, j.n, j.lines FROM games AS g"
            " LEFT JOIN (SELECT game_id, count(*) AS n,"
            "  group_concat(coalesce(text, kind), char(0)) AS lines"
            f"  FROM journal{only} GROUP BY game_id) AS j ON j.game_id = g.id{where}",
            () if game_id is None else (int(game_id), int(game_id)))
        return {str(gid): hashlib.blake2b(repr(rest).encode("utf-8", "surrogateescape"),
                                          digest_size=16).hexdigest()
                for gid, *rest in rows}

    def derived_figures(self: _Database) -> dict[str, tuple[str, str]]:
        """The kept figures: game id -> (digest, figures as JSON text); empty if none kept."""
        try:
            rows = self._db.execute("SELECT game_id, digest, figures FROM derived_figures"
                                    ).fetchall()
        except sqlite3.Error:  # no such table yet, or a hand edit made it unreadable
            return {}
        return {str(gid): (digest, figures) for gid, digest, figures in rows
                if isinstance(digest, str) and isinstance(figures, str)}

    def keep_derived_figures(self: _Database, figures: Mapping[str, tuple[str, str]]) -> None:
        """Keep figures (game id -> (digest, JSON text)) for the next ``stats``, in one write."""
        with self._transaction() as db:
            db.execute(schema.FIGURES_TABLE)
            db.executemany("INSERT OR REPLACE INTO derived_figures (game_id, digest, figures)"
                           " VALUES (?, ?, ?)",
                           [(int(gid), digest, text) for gid, (digest, text) in figures.items()])
