"""The games file's tables and how each version of them grows into the next.

Why a module of its own: the schema is the file format, the one promise older and newer
tutto-tally versions share.  A new file is made by running every migration step, exactly like
an old file is upgraded, so what a file holds depends on its version alone.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tutto_a11y.core.contract import GameStatus
from tutto_a11y.store.errors import StoreError

__all__ = ["APPLICATION_ID", "FIGURES_TABLE", "MIGRATIONS", "SCHEMA_VERSION", "SEATS_TABLE",
           "STATUSES", "migrate"]

#: ``PRAGMA application_id`` of a tutto-tally database: the ASCII bytes ``TuTt``.  It lets us
#: tell our own files from any other SQLite database without reading a single table.
APPLICATION_ID = 0x54755474

#: Migration steps, indexed by the schema version they start from: ``MIGRATIONS[v]`` turns a
#: version-``v`` database into version ``v + 1``.  ``MIGRATIONS[0]`` is the initial schema, so a
#: new file is created by running every step, exactly like an old file is upgraded.  Append new
#: steps; never edit a released one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: the initial schema. Its status words are GameStatus's values (STATUSES below),
    # spelled out because a released step is never edited.
    (
        """
        CREATE TABLE games (
            id      INTEGER PRIMARY KEY AUTOINCREMENT,  -- AUTOINCREMENT: ids shown to players are never reused
            created TEXT NOT NULL,                      -- ISO-8601 UTC
            updated TEXT NOT NULL,                      -- ISO-8601 UTC, bumped by every write
            lang    TEXT NOT NULL,
            rules   TEXT NOT NULL,                      -- JSON object of the rule options
            players TEXT NOT NULL,                      -- JSON list of names in seat order
            status  TEXT NOT NULL DEFAULT 'running'
                    CHECK (status IN ('running', 'finished', 'abandoned'))
        )
        """,  # noqa: E501  (a released migration step is never edited, not even its long line)
        "CREATE INDEX games_by_updated ON games (updated, id)",
        """
        CREATE TABLE journal (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq     INTEGER NOT NULL CHECK (seq >= 1),  -- 1, 2, 3, ... per game
            kind    TEXT NOT NULL CHECK (kind IN ('entry', 'undo')),
            text    TEXT CHECK ((kind = 'entry') = (text IS NOT NULL)),  -- NULL for an undo
            at      TEXT NOT NULL,                      -- ISO-8601 UTC
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """,
    ),
    # 1 -> 2: every game knows which game it is. Rows written before are all Tutto games, so
    # their kind is the registry's name 'tutto', spelled out: a released step is never edited.
    (
        "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'tutto'",
    ),
)

#: The schema version this code writes and understands (``PRAGMA user_version``).
SCHEMA_VERSION = len(MIGRATIONS)

#: What a game can be, as words (the games table CHECKs them): the values of GameStatus.
STATUSES = tuple(status.value for status in GameStatus)

#: The statistics' table of figures derived from games (see ``Store.keep_derived_figures``).
#: It is outside MIGRATIONS on purpose: it holds nothing that cannot be recomputed, it is made
#: when figures are first kept, and versions that do not know it ignore it, so adding it did
#: not make files unreadable for them (a new schema version would have).
FIGURES_TABLE = ("CREATE TABLE IF NOT EXISTS derived_figures ("
                 " game_id INTEGER PRIMARY KEY, digest TEXT NOT NULL, figures TEXT NOT NULL)")

#: Which seat of the live view (``play --share --seats``) made a journal line: the player's
#: name, by the line's ``(game_id, seq)``; a line without a row here was typed at the table's
#: keyboard. It is written in the same transaction as its line, and made by the first line a
#: seat makes.
#:
#: Why not a migration (a ``seat`` column of ``journal`` and schema version 3): a new version
#: makes the file unreadable for every older tutto-tally ("written by a newer version"), and
#: the migration runs whenever the file is opened for writing, so a player who tried this
#: version once, seats or not, could no longer go back to the one before. This table is made
#: only once a seat enters something, and an older version that opens the file ignores it: it
#: plays, shows and exports the games as before and only does not know who entered what. The
#: lines it adds have no row here, which is true (an older version has no seats), and
#: ``(game_id, seq)`` is never reused, so no row here ever points at another line.
SEATS_TABLE = ("CREATE TABLE IF NOT EXISTS journal_seats ("
               " game_id INTEGER NOT NULL, seq INTEGER NOT NULL, seat TEXT NOT NULL,"
               " PRIMARY KEY (game_id, seq)) WITHOUT ROWID")


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the schema to SCHEMA_VERSION in one transaction (a no-op when already there)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:  # another process upgraded it meanwhile
            raise StoreError("newer-schema", path, {"version": version, "known": SCHEMA_VERSION})
        for step in MIGRATIONS[version:]:
            for statement in step:
                conn.execute(statement)
        if version < SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
