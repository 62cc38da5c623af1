"""The durable store: one SQLite file holding every game as an append-only journal.

Why a journal: a game is fully described by the list of accepted entries (``roll 123346``,
``bank``, ...); the rules engine rebuilds the state from that list.  Storing the list rather
than the state means a crash can never leave a half-updated score behind: every entry is its
own committed transaction, written to disk (``synchronous=FULL``) *before* :meth:`Store.append`
returns, and the caller only announces an entry after that.  Undo is journalled as well, so the
correction history survives; :meth:`Store.entries` applies the undos.

Why so careful when opening: the file may be one the player points us at by mistake
(``--db notes.txt``), another program's database, a damaged file, a read-only copy or a file
written by a newer tutto-tally.  In all those cases :meth:`Store.open` raises
:class:`StoreError` with a machine-readable ``reason`` and leaves the file exactly as it was:
the header is checked with a plain read before SQLite touches the file, the deeper checks run on
a read-only connection, and nothing is written until the file has passed them all.

Why so careful about *what* the path is: ``--db`` may name a device, a FIFO or a symlink.  Only
a regular file (or a path that does not exist yet) is ever created or replaced; a symlink is
followed to its target, and anything else is refused with 'not-a-file' before it is opened
(opening a FIFO would wait forever; replacing an empty ``/dev/null`` would break the machine).

Why a read-only way in (``Store.open(path, read_only=True)``): listing, showing and exporting
must work on a backup on read-only media or on a full disk, and must not leave side files or
migrate a file the player only looked at.

Why rows are checked when read: the file may have been edited by hand.  A game row whose players
or rules cannot be read comes back marked ``damaged`` instead of raising, so one bad row never
hides the other games; a journal line that is not text raises 'damaged-game' for that game only.

Only the standard library's :mod:`sqlite3` is used (plus :mod:`platformdirs` for the default
location).
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "REASONS",
    "STATUSES",
    "GameInfo",
    "JournalRow",
    "Store",
    "StoreError",
    "default_db_path",
]

#: ``PRAGMA application_id`` of a tutto-tally database: the ASCII bytes ``TuTt``.  It lets us
#: tell our own files from any other SQLite database without reading a single table.
APPLICATION_ID = 0x54755474

#: Migration steps, indexed by the schema version they start from: ``MIGRATIONS[v]`` turns a
#: version-``v`` database into version ``v + 1``.  ``MIGRATIONS[0]`` is the initial schema, so a
#: new file is created by running every step, exactly like an old file is upgraded.  Append new
#: steps; never edit a released one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: the initial schema.
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
    # 1 -> 2: every game knows which game it is. Rows written before are all Tutto games.
    (
        "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'tutto'",
    ),
)

#: The schema version this code writes and understands (``PRAGMA user_version``).
SCHEMA_VERSION = len(MIGRATIONS)

#: Every ``StoreError.reason``.  The CLI maps each one to a translated message.
REASONS = frozenset(
    {
        "not-a-database",  # not SQLite at all, or another program's SQLite database
        "corrupt",  # ours, but damaged
        "read-only",  # the file or its folder cannot be written
        "disk-full",  # no space left (or quota exceeded)
        "newer-schema",  # written by a newer tutto-tally; data['version'], data['known']
        "cannot-open",  # any other reason the file cannot be opened or created
        "not-a-file",  # a device, FIFO, socket...: only regular files are ours to touch
        "no-such-game",  # data['game']
        "game-open-elsewhere",  # another process (or Store) holds the game; data['game']
        "busy",  # the database stayed locked by another process for too long
        "io-error",  # the operating system reported an I/O error
        "damaged-game",  # a journal line of data['game'] cannot be read; data['index'] (1-based)
    }
)

STATUSES = ("running", "finished", "abandoned")

_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
# A full `PRAGMA quick_check` reads every page (about 2 ms per MB here).  Files up to this size
# -- far more games than a family plays in years -- are checked completely at every open; larger
# ones get the cheap checks only, and damage is reported as 'corrupt' when a damaged page is read.
QUICK_CHECK_MAX_BYTES = 16 * 1024 * 1024
_BUSY_TIMEOUT_S = 5.0


class StoreError(Exception):
    """A problem the player must be told about, described by a stable ``reason`` code.

    The message text is English and meant for logs; user-facing text comes from the CLI's
    catalogs, keyed by ``reason`` and filled from ``data``.
    """

    reason: str
    path: str
    data: dict[str, Any]

    def __init__(self, reason: str, path: str | os.PathLike[str],
                 data: Mapping[str, Any] | None = None):
        assert reason in REASONS, reason
        self.reason = reason
        self.path = os.fspath(path)
        self.data = dict(data or {})
        details = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        super().__init__(f"{reason}: {self.path}" + (f" ({details})" if details else ""))


@dataclass(frozen=True)
class GameInfo:
    """One row of the ``games`` table, as the CLI shows it (ids are strings, as players type
    them)."""

    id: str
    created: str
    updated: str
    lang: str
    rules: dict[str, Any]
    players: tuple[str, ...]
    status: str
    #: True when the row was edited into something unreadable (players not a list of names,
    #: rules not an object...): ``players`` is then empty and ``rules`` ``{}``.  Such a game can be
    #: listed and abandoned, never shown or played.
    damaged: bool = False
    #: Which game this is (``tutto``, ``yatzee``, ``tute``): a name of the games registry.
    #: Files written before games knew their kind read as ``tutto``.
    kind: str = "tutto"


@dataclass(frozen=True)
class JournalRow:
    """One journal line: an accepted entry, or an undo (``text`` is ``None``)."""

    seq: int
    kind: str
    text: str | None
    at: str


def default_db_path() -> Path:
    """Where games live unless ``--db`` / ``TUTTO_DB`` say otherwise: the per-user data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("tutto-tally", appauthor=False)) / "games.sqlite3"


def _text(raw: bytes) -> str | bytes:
    """A TEXT value as read: a string, or its bytes when they are no UTF-8 (a hand edit, a
    disk error). sqlite3 would raise for the whole query; the bytes, which are no ``str``,
    make only the row they are in read as damaged."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _now() -> str:
    # Fixed width with microseconds, so text order is time order and 'last' is well defined.
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# --------------------------------------------------------------------------------------------
# Error mapping

_SQLITE_PRIMARY_REASON = {
    13: "disk-full",  # SQLITE_FULL
    8: "read-only",  # SQLITE_READONLY
    11: "corrupt",  # SQLITE_CORRUPT
    26: "corrupt",  # SQLITE_NOTADB: the header was already found valid, so the rest is damaged
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    14: "cannot-open",  # SQLITE_CANTOPEN
    10: "io-error",  # SQLITE_IOERR
    23: "read-only",  # SQLITE_AUTH
    3: "read-only",  # SQLITE_PERM
}

_SQLITE_MESSAGE_REASON = (  # for Pythons without sqlite_errorcode (3.10)
    ("disk is full", "disk-full"),
    ("readonly", "read-only"),
    ("malformed", "corrupt"),
    ("not a database", "corrupt"),
    ("locked", "busy"),
    ("unable to open", "cannot-open"),
    ("i/o error", "io-error"),
)


def _sqlite_reason(exc: sqlite3.Error) -> str | None:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return _SQLITE_PRIMARY_REASON.get(code & 0xFF)
    text = str(exc).lower()
    for needle, reason in _SQLITE_MESSAGE_REASON:
        if needle in text:
            return reason
    return None


def _os_reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "disk-full"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "read-only"
    return "cannot-open"


def _no_space_left(path: Path) -> bool:
    """Whether the file system holding ``path`` has no free block left for us."""
    try:
        return os.statvfs(Path(path).parent).f_bavail == 0
    except (AttributeError, OSError):  # no statvfs on Windows
        return False


def _wrap(exc: BaseException, path: Path,
          data: Mapping[str, Any] | None = None) -> StoreError | None:
    """The StoreError for an sqlite3/OS error, or None for a programming error to re-raise."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, sqlite3.Error):
        reason = _sqlite_reason(exc)
        if reason is None:
            return None
        if reason == "io-error" and _no_space_left(path):
            # SQLite reports a -shm it cannot grow as an I/O error (SQLITE_IOERR_SHMSIZE).
            reason = "disk-full"
        return StoreError(reason, path, {**(data or {}), "detail": str(exc)})
    if isinstance(exc, OSError):
        return StoreError(_os_reason(exc), path, {**(data or {}), "detail": str(exc)})
    return None


# --------------------------------------------------------------------------------------------
# Claims: which process may write which game.
#
# Each game is claimed by an exclusive lock on ONE BYTE of a side file ``<db>.claims``: byte N
# for game N.  The operating system drops such locks when the process ends in any way,
# SIGKILL and power loss included, so a claim can never be left behind by a crash, and no
# pid files or timeouts are needed.  Locks on different bytes do not conflict, so different
# games in the same database can be played at the same time.  The lock is not taken on the
# database file itself because SQLite uses POSIX locks there and closing any descriptor of a
# file drops all of a process's POSIX locks on it.
#
# POSIX record locks belong to the process, not to the descriptor, so two Store objects in
# one process would not exclude each other and closing one descriptor would release the
# other's locks.  Hence one descriptor per claims file per process, shared through this
# registry, which also records which Store holds which game.


class _ClaimFile:
    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.holders: dict[int, int] = {}  # game id -> token of the holding Store


_CLAIM_FILES: dict[tuple[int, int], _ClaimFile] = {}
_CLAIM_LOCK = threading.Lock()
_TOKENS = itertools.count(1)

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock_byte(fd: int, offset: int) -> bool:
        os.lseek(fd, offset, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock_byte(fd: int, offset: int) -> None:
        os.lseek(fd, offset, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock_byte(fd: int, offset: int) -> bool:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset, os.SEEK_SET)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                return False
            raise
        return True

    def _unlock_byte(fd: int, offset: int) -> None:
        fcntl.lockf(fd, fcntl.LOCK_UN, 1, offset, os.SEEK_SET)


def _open_claim_file(path: Path) -> tuple[tuple[int, int], _ClaimFile]:
    """The process-wide descriptor of a claims file (caller holds _CLAIM_LOCK)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        key = (st.st_dev, st.st_ino)
        if key in _CLAIM_FILES:
            return key, _CLAIM_FILES[key]
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o644)
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino)
    # Only this process's registry matters, and it is guarded by _CLAIM_LOCK, so the key
    # cannot have appeared since the stat above.
    claim_file = _ClaimFile(fd)
    _CLAIM_FILES[key] = claim_file
    return key, claim_file


# --------------------------------------------------------------------------------------------
# Opening


def _real_path(path: Path) -> Path:
    """The file ``path`` stands for: symlinks followed (also dangling ones, to where they point).

    Refuses, before anything opens it, whatever is not a regular file: a FIFO would block the
    open, and a device (or a symlink to one) reads as empty and would be "replaced".
    """
    real = Path(os.path.realpath(path))
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real
    if stat.S_ISDIR(st.st_mode):
        raise StoreError("cannot-open", path, {"detail": "is a directory"})
    if not stat.S_ISREG(st.st_mode):
        raise StoreError("not-a-file", path, {"mode": stat.filemode(st.st_mode)})
    return real


def _check_side_files(path: Path) -> None:
    """Refuse to work next to side files that are not plain files of their own.

    SQLite opens ``-wal``, ``-shm`` and ``-journal`` (and we open ``.claims``) by name and
    writes into whatever it finds: a FIFO there would hang the start, and a symlink would let
    the journal overwrite the file it points to.
    """
    for side in (*_side_files(path), Path(f"{path}-journal"), Path(f"{path}.claims")):
        try:
            st = os.lstat(side)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(st.st_mode):
            raise StoreError("cannot-open", path,
                             {"side_file": str(side), "mode": stat.filemode(st.st_mode)})


def _read_header(path: Path) -> bytes:
    """The first bytes of a regular file; refuses one swapped for a FIFO or device meanwhile."""
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreError("not-a-file", path)
        return os.read(fd, _HEADER_SIZE)
    finally:
        os.close(fd)


def _side_files(path: Path) -> tuple[Path, Path]:
    return Path(f"{path}-wal"), Path(f"{path}-shm")


def _check_header(path: Path, header: bytes) -> None:
    """Refuse foreign, damaged-at-the-top and newer files before SQLite opens them.

    SQLite would create -wal/-shm files next to a foreign WAL database merely by reading it;
    a plain read of the 100-byte header cannot change anything.
    """
    if len(header) < _HEADER_SIZE or not header.startswith(_SQLITE_MAGIC):
        raise StoreError("not-a-database", path)
    app_id = int.from_bytes(header[68:72], "big")
    if app_id != APPLICATION_ID:
        raise StoreError("not-a-database", path, {"application_id": app_id})
    version = int.from_bytes(header[60:64], "big", signed=True)
    if version > SCHEMA_VERSION:
        raise StoreError("newer-schema", path, {"version": version, "known": SCHEMA_VERSION})
    if version < 1:  # tutto-tally only ever publishes fully initialised files
        raise StoreError("not-a-database", path, {"version": version})


def _check_writable(path: Path) -> None:
    """Refuse files we could not write to, before opening them for writing.

    os.access also honours what file modes do not show: read-only mounts (EROFS) and
    immutable files, which even root cannot write.  The folder must be writable too,
    because WAL mode keeps its -wal and -shm files next to the database.
    """
    targets = [path, path.parent] + [p for p in _side_files(path) if p.exists()]
    for target in targets:
        if not os.access(target, os.W_OK):
            raise StoreError("read-only", path, {"not_writable": str(target)})


def _validate(path: Path) -> int:
    """Check an existing tutto-tally file through a read-only connection; return its version.

    Read-only, so that even a checkpoint on close cannot modify a file we are about to refuse.
    """
    try:
        conn = _connect_for_reading(path)
    except sqlite3.Error as exc:
        raise _wrap(exc, path) or StoreError("cannot-open", path, {"detail": str(exc)}) from exc
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise StoreError("not-a-database", path, {"application_id": app_id})
        if version > SCHEMA_VERSION:
            raise StoreError("newer-schema", path, {"version": version, "known": SCHEMA_VERSION})
        tables = {row[0] for row in
                  conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = {"games", "journal"} - tables
        if missing:  # our id, someone else's tables: not a file we can safely write to
            raise StoreError("not-a-database", path, {"missing": sorted(missing)})
        if os.path.getsize(path) <= QUICK_CHECK_MAX_BYTES:
            problems = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
            if problems != ["ok"]:
                raise StoreError("corrupt", path, {"detail": "; ".join(problems)})
        return int(version)
    except sqlite3.Error as exc:
        raise _wrap(exc, path) or StoreError("corrupt", path, {"detail": str(exc)}) from exc
    finally:
        conn.close()


def _connect_for_reading(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    """A connection that can only read ``path`` and writes nothing, not even a -wal or -shm.

    With no -wal, or an empty one (nobody has written since the last checkpoint), the main file
    holds everything and ``immutable=1`` reads it without creating any side file, on read-only
    media and full disks too.  Otherwise a game is being played or a crash left its last entries
    in the -wal, and plain ``mode=ro`` reads those as well.  When the -shm is missing too, no
    program has the file open (a writer keeps one) -- it is a copied backup or the like -- and
    exclusive locking mode makes SQLite keep the WAL index in memory instead of creating a -shm;
    the lock-free VFS lets that exclusive mode work through a read-only descriptor.
    """
    wal, shm = _side_files(path)
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
    try:
        wal_holds_data = wal.stat().st_size > 0
    except FileNotFoundError:
        wal_holds_data = False
    in_memory_index = wal_holds_data and not shm.exists()
    if not wal_holds_data:
        uri += "&immutable=1"
    elif in_memory_index:
        uri += "&vfs=" + ("win32-none" if sys.platform == "win32" else "unix-none")
    conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    try:
        if in_memory_index:
            conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("PRAGMA query_only = ON")
    except BaseException:
        conn.close()
        raise
    return conn


#: The size of a -shm SQLite can use: its WAL index comes in blocks of 32 KiB.
_SHM_BLOCK = 32768


def _remove_empty_side_files(path: Path, existed: Sequence[bool]) -> None:
    """Remove the -wal/-shm that a failed open or write made but could not fill (say, on a full
    disk: an empty -wal, a -shm of a few bytes), so that the file looks as before and
    read-only commands still read it without writing. Side files that were there before, or
    that hold data, are left alone."""
    for side, was_there, usable in zip(_side_files(path), existed, (1, _SHM_BLOCK)):
        try:
            if not was_there and side.stat().st_size < usable:
                side.unlink()
        except OSError:
            pass


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
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


def _fsync_dir(directory: Path) -> None:
    if sys.platform == "win32":  # pragma: no cover - directories cannot be opened there
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only

    def _hold_temp(fd: int) -> None:
        """Windows cannot delete an open file, so an open temporary file is safe as it is."""

    def _temp_is_abandoned(path: Path) -> bool:
        try:
            path.unlink()  # fails while its creator still has it open
        except OSError:
            return False
        return True

else:

    def _hold_temp(fd: int) -> None:
        """Mark a temporary file as in use for as long as ``fd`` is open (and its process lives).

        flock, not lockf: SQLite's own POSIX locks on the same file neither conflict with it nor
        release it when SQLite closes its descriptors.
        """
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _temp_is_abandoned(path: Path) -> bool:
        """Whether nobody holds ``path`` any more: its creator was killed (or it is done)."""
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return False
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # a start in another process is creating its database right now
            return True
        finally:
            os.close(fd)  # drops our flock; the file is unlinked by the caller


def _remove_stale_temps(path: Path) -> None:
    """Delete what a start killed while creating ``path`` left behind (see :func:`_create`):
    ``.games.sqlite3.<random>.new`` and SQLite's ``-journal``/``-wal``/``-shm`` of it.

    Only files named like our temporaries and held by no living process are removed, so a
    database being created at this moment by another start is left alone.  Failures are
    ignored: a stray temporary file wastes a little space and harms nothing.
    """
    folder = path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return
    prefix, suffix = f".{path.name}.", ".new"
    temps = [n for n in names if n.startswith(prefix) and n.endswith(suffix)]
    for name in temps:
        temp = folder / name
        if not _temp_is_abandoned(temp):
            continue
        for leftover in (temp, Path(f"{temp}-journal"), *_side_files(temp)):
            try:
                leftover.unlink()
            except OSError:
                pass
    for name in names:  # side files whose temporary database is already gone
        base, dash, kind = name.rpartition("-")
        if (dash and kind in ("journal", "wal", "shm") and base.startswith(prefix)
                and base.endswith(suffix)):
            if not (folder / base).exists():
                try:
                    (folder / name).unlink()
                except OSError:
                    pass


def _create(path: Path, replace_empty: bool) -> None:
    """Create a fresh database at ``path`` atomically.

    The schema is built in a temporary file in the same folder, flushed, and then linked into
    place, so ``path`` is either absent or a complete tutto-tally database: a crash during
    creation leaves at most a stray ``.games.sqlite3.*.new`` file, never a half-made database.
    ``os.link`` refuses to overwrite, so two processes creating the same file cannot clobber
    each other; an existing empty file (``touch``, ``mktemp``) holds nothing and is replaced.
    The temporary file stays locked while it is built, so the next start can tell one left by a
    killed start (removed by :func:`_remove_stale_temps`) from one being built right now.
    """
    import tempfile  # only here: it loads shutil, random and the compressors, costly at start-up

    hold, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        _hold_temp(hold)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for step in MIGRATIONS:
                for statement in step:
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
            conn.execute("PRAGMA journal_mode = WAL")  # recorded in the header, so it sticks
        finally:
            conn.close()
        fd = os.open(tmp, os.O_RDWR | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace_empty:
            st = os.lstat(path)  # still the empty regular file we were given, not a swapped-in link
            if stat.S_ISREG(st.st_mode) and st.st_size == 0:
                os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass  # created by someone else meanwhile: validate theirs
            except OSError as exc:  # no hard links on this file system
                if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                                     errno.EMLINK):
                    raise
                if not path.exists():
                    os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        os.close(hold)
        for leftover in (tmp, Path(f"{tmp}-journal"), *_side_files(tmp)):
            try:
                leftover.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass  # e.g. the disk went read-only; a stray temp file harms nothing


# --------------------------------------------------------------------------------------------
# The store


class Store:
    """An open games database.  Not thread-safe: use one Store per thread (or process)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, real_path: Path | None = None) -> None:
        """Use :meth:`Store.open`; this only wires up an already validated connection."""
        self.path = path
        conn.text_factory = _text  # bytes that are no UTF-8 damage their row, not the file
        self._conn: sqlite3.Connection | None = conn
        self._claims: set[int] = set()
        self._claims_path = Path(os.path.realpath(real_path or path) + ".claims")
        self._claim_key: tuple[int, int] | None = None
        self._token = next(_TOKENS)  # identifies this Store in the claim registry
        # Entries left to undo, per game this Store holds the claim of: nobody else can write
        # such a game, so the count is counted once and then kept up to date by our own writes.
        self._remaining: dict[int, int] = {}
        # What entries() last saw of each game: (its latest seq, entries left to undo).  Taken
        # over by claim() when the journal has not grown since, so a resumed game's first undo
        # does not count the journal again.
        self._seen: dict[int, tuple[int, int]] = {}
        self._columns: str | None = None  # the games columns to read, see _game_columns
        # Which of -wal and -shm were there when this Store opened the file (None: not opened
        # for writing): what a refused write left of them is removed again on close.
        self._side_files_before: list[bool] | None = None
        self._real_path = Path(real_path or path)
        self._disk_full = False  # a read or write was refused for a full disk

    # ---- opening and closing ----------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, read_only: bool = False) -> Store:
        """Open the database at ``path``, creating it (and its folders) when it does not exist.

        An existing file is validated first and refused with a :class:`StoreError` (``reason``
        'not-a-database', 'corrupt', 'read-only', 'newer-schema', 'cannot-open', 'not-a-file',
        'disk-full') without being modified.  An older schema is migrated.

        ``read_only`` is for looking only (listing, showing, exporting): nothing is created,
        replaced, migrated or cleaned up, no side file is left behind, and read-only media and
        full disks work.  A missing or empty file then reads as a file without games.
        """
        shown = Path(path)
        try:
            return cls._open(shown, read_only)
        except StoreError as error:
            if error.path == str(shown):
                raise
            # Checks below work on the symlink's target; the player is told the path they gave.
            raise StoreError(error.reason, shown, error.data) from error

    @classmethod
    def _open(cls, shown: Path, read_only: bool) -> Store:
        try:
            path = _real_path(shown)
            _check_side_files(path)
            try:
                header = _read_header(path)
            except FileNotFoundError:
                header = None
            if header is None or header == b"":
                # A -wal/-shm/-journal without a database (or next to an empty file) belongs to
                # some other database: SQLite would replay it into the new file.  Leave it be.
                for leftover in (*_side_files(path), Path(f"{path}-journal")):
                    if leftover.exists():
                        reason = "cannot-open" if header is None else "not-a-database"
                        raise StoreError(reason, path, {"leftover": str(leftover)})
                if read_only:
                    return cls._without_games(shown)
                if header is None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                else:
                    _check_writable(path)
                if not os.access(path.parent, os.W_OK):
                    raise StoreError("read-only", path, {"not_writable": str(path.parent)})
                _remove_stale_temps(path)
                _create(path, replace_empty=header is not None)
                header = _read_header(path)
            elif not read_only and os.access(path.parent, os.W_OK):
                _remove_stale_temps(path)
            _check_header(path, header)
            if read_only:
                _validate(path)
                return cls(shown, _connect_for_reading(path, _BUSY_TIMEOUT_S), real_path=path)
            _check_writable(path)
            version = _validate(path)
            had_side_files = [side.exists() for side in _side_files(path)]
            conn = sqlite3.connect(path, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        except OSError as exc:
            raise _wrap(exc, shown) from exc  # type: ignore[misc]
        except sqlite3.Error as exc:
            raise (_wrap(exc, shown)
                   or StoreError("cannot-open", shown, {"detail": str(exc)})) from exc
        try:
            # Durability: FULL makes every commit fsync the WAL; fullfsync is the macOS
            # F_FULLFSYNC (plain fsync there does not flush the drive's cache), a no-op elsewhere.
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA fullfsync = ON")
            conn.execute("PRAGMA checkpoint_fullfsync = ON")
            conn.execute("PRAGMA foreign_keys = ON")
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            if version < SCHEMA_VERSION:
                _migrate(conn, path)
        except BaseException as exc:
            conn.close()
            _remove_empty_side_files(path, had_side_files)
            wrapped = _wrap(exc, shown)
            if wrapped is None or wrapped is exc:
                raise
            raise wrapped from exc
        store = cls(shown, conn, real_path=path)
        store._side_files_before = had_side_files
        return store

    @classmethod
    def _without_games(cls, shown: Path) -> Store:
        """A missing or empty file, looked at read-only: an empty schema in memory, no file."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        for step in MIGRATIONS:
            for statement in step:
                conn.execute(statement)
        conn.execute("PRAGMA query_only = ON")
        return cls(shown, conn)

    def close(self) -> None:
        """Release every claim and close the database (idempotent)."""
        for game in list(self._claims):
            self._release(game)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
            if self._disk_full and self._side_files_before is not None:
                # Only the -shm: one under 32 KiB is of no use to anybody, while an empty -wal
                # may be another program's that has not written yet.
                _remove_empty_side_files(self._real_path, [True, self._side_files_before[1]])

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- helpers -------------------------------------------------------------------------------

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError("the store is closed")
        return self._conn

    def _error(self, exc: BaseException, data: Mapping[str, Any] | None = None) -> BaseException:
        wrapped = _wrap(exc, self.path, data)
        if wrapped is not None and wrapped.reason == "disk-full":
            self._disk_full = True
        return wrapped if wrapped is not None else exc

    def _gid(self, ref: str | int) -> int:
        """The integer id for a user-typed game id, or StoreError('no-such-game')."""
        text = str(ref).strip()
        if not text.isascii() or not text.isdigit():
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        gid = int(text)
        if self._query("SELECT 1 FROM games WHERE id = ?", (gid,)) == []:
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        return gid

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._error(exc) from exc

    @staticmethod
    def _info(row: Sequence[Any]) -> GameInfo:
        """A games row as read, or marked ``damaged`` when a hand edit left it unreadable."""
        gid, created, updated, lang, rules_json, players_json, status, kind = row
        unreadable_kind = isinstance(kind, bytes)
        kind = kind if isinstance(kind, str) and kind else "tutto"
        rules: Any = None
        players: Any = None
        try:
            rules = json.loads(rules_json)
            players = json.loads(players_json)
        except (TypeError, ValueError, RecursionError):
            pass
        readable = (
            isinstance(rules, dict)
            and isinstance(players, list)
            and all(isinstance(name, str) for name in players)
            and all(isinstance(text, str) for text in (created, updated, lang))
            and status in STATUSES
            and not unreadable_kind
        )
        if not readable:
            return GameInfo(
                str(gid),
                created if isinstance(created, str) else "",
                updated if isinstance(updated, str) else "",
                lang if isinstance(lang, str) else "",
                {},
                (),
                status if status in STATUSES else "running",
                damaged=True,
                kind=kind,
            )
        return GameInfo(str(gid), created, updated, lang, rules, tuple(players), status,
                        kind=kind)

    @property
    def _GAME_COLUMNS(self) -> str:
        """The games columns; a file opened read-only before its migration has no ``kind``.

        Read-only commands never migrate a file, so a version-1 file is read as it is: its
        games are all Tutto games, which is what the migration would write.
        """
        if self._columns is None:
            names = {row[1] for row in self._query("PRAGMA table_info(games)")}
            kind = "kind" if "kind" in names else "'tutto'"
            self._columns = f"id, created, updated, lang, rules, players, status, {kind}"
        return self._columns

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One durable write: committed (and fsynced) when the block ends, rolled back on error."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # SQLite has already rolled back (e.g. after SQLITE_FULL)
                raise
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc) from exc

    @contextmanager
    def _write_claim(self, gid: int) -> Iterator[None]:
        """Writes need the claim: keep ours, or hold it just for this write if nobody else does."""
        if gid in self._claims:
            yield
            return
        self._claim(gid)
        try:
            yield
        finally:
            self._release(gid)

    # ---- games ---------------------------------------------------------------------------------

    def create_game(self, lang: str, rules: Mapping[str, Any], players: Sequence[str],
                    kind: str = "tutto") -> GameInfo:
        """Record a new running game and claim it for this process.

        The claim is taken before the game becomes visible, so no other process can pick the
        new game up (``resume last``) between its creation and our first entry.
        """
        if not isinstance(lang, str) or not all(isinstance(p, str) for p in players):
            raise TypeError("lang and player names must be strings")
        rules_json = json.dumps(dict(rules), ensure_ascii=False, sort_keys=True)
        players_json = json.dumps(list(players), ensure_ascii=False)
        now = _now()
        claimed: int | None = None
        try:
            with self._transaction() as db:
                cur = db.execute(
                    "INSERT INTO games (created, updated, lang, rules, players, status, kind)"
                    " VALUES (?, ?, ?, ?, ?, 'running', ?)",
                    (now, now, lang, rules_json, players_json, kind),
                )
                gid = int(cur.lastrowid)  # type: ignore[arg-type]
                self._claim(gid)  # ids are never reused, so nobody else can hold this one
                claimed = gid
        except BaseException:
            if claimed is not None:
                self._release(claimed)
            raise
        self._remaining[gid] = 0  # a new game has nothing to undo yet
        return GameInfo(str(gid), now, now, lang, json.loads(rules_json), tuple(players), "running",
                        kind=kind)

    def games(self) -> list[GameInfo]:
        """Every game, most recently updated first (the order a history list wants)."""
        rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY updated DESC, id DESC")
        return [self._info(row) for row in rows]

    def game(self, ref: str) -> GameInfo:
        """The game with id ``ref`` ("3"), or the most recently updated one for ``"last"``."""
        if str(ref).strip().lower() == "last":
            rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games "
                               "ORDER BY updated DESC, id DESC LIMIT 1")
        else:
            text = str(ref).strip()
            rows = []
            if text.isascii() and text.isdigit():
                rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games WHERE id = ?",
                                   (int(text),))
        if not rows:
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        return self._info(rows[0])

    def last_running(self) -> GameInfo | None:
        """The most recently updated game that is still running: what a bare start resumes."""
        rows = self._query(
            f"SELECT {self._GAME_COLUMNS} FROM games WHERE status = 'running'"
            " ORDER BY updated DESC, id DESC LIMIT 1"
        )
        return self._info(rows[0]) if rows else None

    def set_status(self, game_id: str, status: str) -> None:
        """Mark a game running, finished or abandoned (refused while another process plays it)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        gid = self._gid(game_id)
        with self._write_claim(gid), self._transaction() as db:
            db.execute("UPDATE games SET status = ?, updated = ? WHERE id = ?",
                       (status, _now(), gid))

    # ---- the journal ---------------------------------------------------------------------------

    def append(self, game_id: str, entry: str, status: str | None = None) -> None:
        """Add an accepted entry; it is on disk when this returns, so it may be announced then.

        ``status`` ("finished" for the entry that ends the game) is written in the same
        transaction: the entry and the game's end are saved together or not at all, so what
        the table is told about a failed write is true of both.
        """
        if not isinstance(entry, str) or not entry:
            raise ValueError("an entry is a non-empty string")
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        gid = self._gid(game_id)
        with self._write_claim(gid), self._transaction() as db:
            self._add(db, gid, "entry", entry)
            if status is not None:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, gid))
        if gid in self._remaining:
            self._remaining[gid] += 1

    def append_undo(self, game_id: str, status: str | None = None) -> None:
        """Record that the latest remaining entry was taken back (with ``status``, e.g.
        "running" when the entry that ended the game is undone, in the same transaction).

        The undo is journalled instead of deleting the entry, so the correction history is
        kept.  Raises ValueError when no entry remains to be undone.

        Constant time while this Store holds the game's claim (as the play loop does): the count
        comes from :meth:`entries` read before the claim, or is counted at the first undo, and
        is then kept up to date by our own writes.
        """
        gid = self._gid(game_id)
        held = gid in self._claims
        with self._write_claim(gid), self._transaction() as db:
            remaining = self._remaining.get(gid) if held else None
            if remaining is None:
                (remaining,) = db.execute(
                    "SELECT COALESCE(SUM(kind = 'entry') - SUM(kind = 'undo'), 0) FROM journal "
                    "WHERE game_id = ?",
                    (gid,),
                ).fetchone()
            if remaining <= 0:
                raise ValueError(f"game {gid} has no entry left to undo")
            self._add(db, gid, "undo", None)
            if status is not None:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, gid))
        if held and gid in self._claims:
            self._remaining[gid] = remaining - 1

    @staticmethod
    def _add(db: sqlite3.Connection, gid: int, kind: str, text: str | None) -> None:
        now = _now()
        (seq,) = db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM journal WHERE game_id = ?",
                            (gid,)).fetchone()
        db.execute(
            "INSERT INTO journal (game_id, seq, kind, text, at) VALUES (?, ?, ?, ?, ?)",
            (gid, seq, kind, text, now),
        )
        db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, gid))

    def journal(self, game_id: str) -> list[JournalRow]:
        """Every entry and undo of a game, in the order they were recorded."""
        gid = self._gid(game_id)
        rows = self._query("SELECT seq, kind, text, at FROM journal WHERE game_id = ? ORDER BY seq",
                           (gid,))
        return [JournalRow(*row) for row in rows]

    def entries(self, game_id: str) -> list[str]:
        """The effective entry list the rules engine replays: each undo drops the latest remaining
        entry."""
        gid = self._gid(game_id)
        rows = self._query("SELECT seq, kind, text FROM journal WHERE game_id = ? ORDER BY seq",
                           (gid,))
        effective: list[Any] = []
        undos = 0
        for _seq, kind, text in rows:
            if kind == "entry":
                effective.append(text)
            elif kind != "undo":  # the CHECK constraint was worked around by hand
                raise StoreError("damaged-game", self.path,
                                 {"game": str(gid), "index": len(effective) + 1})
            else:
                undos += 1
                if effective:
                    effective.pop()
        for index, text in enumerate(effective, start=1):
            if not isinstance(text, str):  # e.g. a blob written into the journal by hand
                raise StoreError("damaged-game", self.path, {"game": str(gid), "index": index})
        # The same count append_undo would make: entries minus undos.
        left = len(rows) - 2 * undos
        self._seen[gid] = (rows[-1][0] if rows else 0, left)
        if gid in self._claims:
            self._remaining[gid] = left
        return effective

    # ---- figures derived from games (the statistics) -------------------------------------------
    #
    # Replaying every finished game for ``stats`` costs seconds on a big file, so what each game
    # adds up to is kept in a table of this file, next to a digest of the game's row and
    # journal: figures are trusted only while the game is exactly as it was, so a hand edit is
    # replayed (and reported as damaged) again. The table is outside MIGRATIONS on purpose: it
    # holds nothing that cannot be recomputed, and older versions ignore a table they do not use.

    _FIGURES_TABLE = ("CREATE TABLE IF NOT EXISTS derived_figures ("
                      " game_id INTEGER PRIMARY KEY, digest TEXT NOT NULL, figures TEXT NOT NULL)")

    def digests(self, game_id: str | None = None) -> dict[str, str]:
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

    def derived_figures(self) -> dict[str, tuple[str, str]]:
        """The kept figures: game id -> (digest, figures as JSON text); empty if none kept."""
        try:
            rows = self._db.execute("SELECT game_id, digest, figures FROM derived_figures"
                                    ).fetchall()
        except sqlite3.Error:  # no such table yet, or a hand edit made it unreadable
            return {}
        return {str(gid): (digest, figures) for gid, digest, figures in rows
                if isinstance(digest, str) and isinstance(figures, str)}

    def keep_derived_figures(self, figures: Mapping[str, tuple[str, str]]) -> None:
        """Keep figures (game id -> (digest, JSON text)) for the next ``stats``, in one write."""
        with self._transaction() as db:
            db.execute(self._FIGURES_TABLE)
            db.executemany("INSERT OR REPLACE INTO derived_figures (game_id, digest, figures)"
                           " VALUES (?, ?, ?)",
                           [(int(gid), digest, text) for gid, (digest, text) in figures.items()])

    # ---- claims --------------------------------------------------------------------------------

    def claim(self, game_id: str) -> None:
        """Make this Store the only writer of the game until :meth:`release`, :meth:`close` or exit.

        Raises StoreError('game-open-elsewhere') while another process (or another Store in this
        process) holds it.  The claim dies with the process, however it dies.
        """
        gid = self._gid(game_id)
        if gid not in self._claims:
            self._claim(gid)
            seen = self._seen.pop(gid, None)
            if seen is not None:
                (latest,) = self._query(
                    "SELECT COALESCE(MAX(seq), 0) FROM journal WHERE game_id = ?", (gid,))[0]
                if latest == seen[0]:  # nothing was written since entries() read it
                    self._remaining[gid] = seen[1]

    def release(self, game_id: str) -> None:
        """Give the game back, e.g. when the player leaves it without quitting the program."""
        text = str(game_id).strip()
        if text.isascii() and text.isdigit() and int(text) in self._claims:
            self._release(int(text))

    def _claim(self, gid: int) -> None:
        with _CLAIM_LOCK:
            try:
                key, claim_file = _open_claim_file(self._claims_path)
            except OSError as exc:
                raise StoreError(_os_reason(exc), self.path,
                                 {"game": str(gid), "detail": str(exc)}) from exc
            holder = claim_file.holders.get(gid)
            if holder is not None and holder != self._token:
                self._forget_claim_file_if_unused(key)
                raise StoreError("game-open-elsewhere", self.path, {"game": str(gid)})
            try:
                locked = _try_lock_byte(claim_file.fd, gid)
            except OSError as exc:
                self._forget_claim_file_if_unused(key)
                raise StoreError(_os_reason(exc), self.path,
                                 {"game": str(gid), "detail": str(exc)}) from exc
            if not locked:
                self._forget_claim_file_if_unused(key)
                raise StoreError("game-open-elsewhere", self.path, {"game": str(gid)})
            claim_file.holders[gid] = self._token
            self._claim_key = key
            self._claims.add(gid)

    def _release(self, gid: int) -> None:
        with _CLAIM_LOCK:
            self._claims.discard(gid)
            self._remaining.pop(gid, None)
            key = self._claim_key
            claim_file = _CLAIM_FILES.get(key) if key is not None else None
            if claim_file is None or claim_file.holders.get(gid) != self._token:
                return
            del claim_file.holders[gid]
            try:
                _unlock_byte(claim_file.fd, gid)
            except OSError:
                pass  # closing the descriptor below (or exiting) releases it anyway
            self._forget_claim_file_if_unused(key)

    @staticmethod
    def _forget_claim_file_if_unused(key: tuple[int, int] | None) -> None:
        # Closing the shared descriptor drops every lock this process has on the file, so it
        # is only closed once no Store holds a game through it.  Caller holds _CLAIM_LOCK.
        claim_file = _CLAIM_FILES.get(key) if key is not None else None
        if claim_file is not None and not claim_file.holders:
            del _CLAIM_FILES[key]  # type: ignore[arg-type]
            os.close(claim_file.fd)
