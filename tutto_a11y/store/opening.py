"""Opening the games file: every check in its order, the durable connection, the migration.

Why a module of its own: opening is a procedure apart from what the open file does. The path
is resolved and refused when it is no regular file, side files that are not ours are refused,
the header is read with a plain read before SQLite touches the file, a new file is created
aside and linked into place, the deeper checks run on a read-only connection, and only then
is a connection for writing made, set up for durability and the schema migrated. Whatever
fails on the way raises a :class:`StoreError` and leaves the file as it was. The checks
themselves are :mod:`tutto_a11y.store.files`'s, the tables and their migrations
:mod:`tutto_a11y.store.schema`'s; :meth:`Store.open <tutto_a11y.store.journal.Store.open>`
wraps the connection made here.

Why a read-only way in (``read_only=True``): listing, showing and exporting must work on a
backup on read-only media or on a full disk, and must not leave side files or migrate a file
the player only looked at. A missing or empty file is then read as a file without games: an
empty schema in memory, and no file made.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tutto_a11y.core.record import Record
from tutto_a11y.store import files, schema
from tutto_a11y.store.errors import StoreError, wrap

__all__ = ["BUSY_TIMEOUT_S", "OpenedFile", "default_db_path", "open_file"]

#: How long a write waits for another process's write to the same file to end.
BUSY_TIMEOUT_S = 5.0


def default_db_path() -> Path:
    """Where games live unless ``--db`` / ``TUTTO_DB`` say otherwise: the per-user data folder."""
    from tutto_a11y.folders import user_data_dir

    return Path(user_data_dir()) / "games.sqlite3"


class OpenedFile(Record):
    """A games file that passed every check, ready for a :class:`Store`."""

    conn: sqlite3.Connection
    #: The file the path stands for (symlinks followed); None for a file without games read
    #: from memory.
    real_path: Path | None
    #: Which of -wal and -shm were there before the file was opened for writing (None: not
    #: opened for writing), so that what a refused write leaves of them can be removed again.
    side_files_before: tuple[bool, ...] | None = None


def open_file(shown: Path, read_only: bool) -> OpenedFile:
    """Open the games file at ``shown``, creating it (and its folders) when it does not exist.

    An existing file is validated first and refused with a :class:`StoreError` (see
    :meth:`Store.open <tutto_a11y.store.journal.Store.open>` for the reasons) without being
    modified; an older schema is migrated. An error may name the real path (symlinks
    followed): ``Store.open`` names the path the player gave instead.
    """
    try:
        path = files.real_path(shown)
        files.check_side_files(path)
        try:
            header = files.read_header(path)
        except FileNotFoundError:
            header = None
        if header is None or header == b"":
            # A -wal/-shm/-journal without a database (or next to an empty file) belongs to
            # some other database: SQLite would replay it into the new file.  Leave it be,
            # and name every one, so the player can put them back with their file or
            # delete them.
            leftovers = tuple(leftover.name for leftover in
                              (*files.side_files(path), Path(f"{path}-journal"))
                              if leftover.exists())
            if leftovers:
                reason = "cannot-open" if header is None else "not-a-database"
                raise StoreError(reason, path, {"leftovers": leftovers})
            if read_only:
                return OpenedFile(_without_games(), None)
            if header is None:
                path.parent.mkdir(parents=True, exist_ok=True)
            else:
                files.check_writable(path)
            if not os.access(path.parent, os.W_OK):
                raise StoreError("read-only", path, {"not_writable": str(path.parent)})
            files.remove_stale_temps(path)
            files.create(path, replace_empty=header is not None)
            header = files.read_header(path)
        elif not read_only and os.access(path.parent, os.W_OK):
            files.remove_stale_temps(path)
        files.check_header(path, header)
        if read_only:
            files.validate(path)
            return OpenedFile(files.connect_for_reading(path, BUSY_TIMEOUT_S), path)
        files.check_writable(path)
        version = files.validate(path)
        had_side_files = [side.exists() for side in files.side_files(path)]
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except OSError as exc:
        raise wrap(exc, shown) from exc  # type: ignore[misc]
    except sqlite3.Error as exc:
        raise (
            wrap(exc, shown) or StoreError("cannot-open", shown, {"detail": str(exc)})
        ) from exc
    try:
        _make_durable(conn)
        if version < schema.SCHEMA_VERSION:
            schema.migrate(conn, path)
    except BaseException as exc:
        conn.close()
        files.remove_empty_side_files(path, had_side_files)
        wrapped = wrap(exc, shown)
        if wrapped is None or wrapped is exc:
            raise
        raise wrapped from exc
    return OpenedFile(conn, path, tuple(had_side_files))


def _make_durable(conn: sqlite3.Connection) -> None:
    """Set up a connection for writing: every commit is on disk when it returns."""
    # Durability: FULL makes every commit fsync the WAL; fullfsync is the macOS
    # F_FULLFSYNC (plain fsync there does not flush the drive's cache), a no-op elsewhere.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA fullfsync = ON")
    conn.execute("PRAGMA checkpoint_fullfsync = ON")
    conn.execute("PRAGMA foreign_keys = ON")
    mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    if mode.lower() != "wal":
        conn.execute("PRAGMA journal_mode = WAL")


def _without_games() -> sqlite3.Connection:
    """A missing or empty file, looked at read-only: an empty schema in memory, no file."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    for step in schema.MIGRATIONS:
        for statement in step:
            conn.execute(statement)
    conn.execute("PRAGMA query_only = ON")
    return conn
