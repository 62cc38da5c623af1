"""Opening and creating the games file safely: nothing is touched that is not ours.

Why so careful when opening: the file may be one the player points us at by mistake
(``--db notes.txt``), another program's database, a damaged file, a read-only copy or a file
written by a newer tutto-tally.  In all those cases opening raises :class:`StoreError` with a
machine-readable ``reason`` and leaves the file exactly as it was: the header is checked with a
plain read before SQLite touches the file, the deeper checks run on a read-only connection, and
nothing is written until the file has passed them all.

Why so careful about *what* the path is: ``--db`` may name a device, a FIFO or a symlink.  Only
a regular file (or a path that does not exist yet) is ever created or replaced; a symlink is
followed to its target, and anything else is refused with 'not-a-file' before it is opened
(opening a FIFO would wait forever; replacing an empty ``/dev/null`` would break the machine).

Why a file is created aside and then linked into place: a start killed while creating it must
leave no half-made database behind (see :func:`create`).

The schema version is read from :mod:`tutto_a11y.store.schema` when a check runs, not copied
in here, so that the whole store agrees on one version. The order the checks run in when the
file is opened is :mod:`tutto_a11y.store.opening`'s.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from tutto_a11y.store import schema
from tutto_a11y.store.errors import StoreError, wrap

__all__ = [
    "QUICK_CHECK_MAX_BYTES",
    "check_header",
    "check_side_files",
    "check_writable",
    "connect_for_reading",
    "create",
    "read_header",
    "real_path",
    "remove_empty_side_files",
    "remove_stale_temps",
    "side_files",
    "validate",
]

_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
# A full `PRAGMA quick_check` reads every page (about 2 ms per MB here).  Files up to this size
# -- far more games than a family plays in years -- are checked completely at every open; larger
# ones get the cheap checks only, and damage is reported as 'corrupt' when a damaged page is read.
QUICK_CHECK_MAX_BYTES = 16 * 1024 * 1024


def real_path(path: Path) -> Path:
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


def check_side_files(path: Path) -> None:
    """Refuse to work next to side files that are not plain files of their own.

    SQLite opens ``-wal``, ``-shm`` and ``-journal`` (and we open ``.claims``) by name and
    writes into whatever it finds: a FIFO there would hang the start, and a symlink would let
    the journal overwrite the file it points to.
    """
    for side in (*side_files(path), Path(f"{path}-journal"), Path(f"{path}.claims")):
        try:
            st = os.lstat(side)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(st.st_mode):
            raise StoreError(
                "cannot-open", path, {"side_file": str(side), "mode": stat.filemode(st.st_mode)}
            )


def read_header(path: Path) -> bytes:
    """The first bytes of a regular file; refuses one swapped for a FIFO or device meanwhile."""
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreError("not-a-file", path)
        return os.read(fd, _HEADER_SIZE)
    finally:
        os.close(fd)


def side_files(path: Path) -> tuple[Path, Path]:
    return Path(f"{path}-wal"), Path(f"{path}-shm")


def check_header(path: Path, header: bytes) -> None:
    """Refuse foreign, damaged-at-the-top and newer files before SQLite opens them.

    SQLite would create -wal/-shm files next to a foreign WAL database merely by reading it;
    a plain read of the 100-byte header cannot change anything.
    """
    if len(header) < _HEADER_SIZE or not header.startswith(_SQLITE_MAGIC):
        raise StoreError("not-a-database", path)
    app_id = int.from_bytes(header[68:72], "big")
    if app_id != schema.APPLICATION_ID:
        raise StoreError("not-a-database", path, {"application_id": app_id})
    version = int.from_bytes(header[60:64], "big", signed=True)
    if version > schema.SCHEMA_VERSION:
        raise StoreError("newer-schema", path, {"version": version, "known": schema.SCHEMA_VERSION})
    if version < 1:  # tutto-tally only ever publishes fully initialised files
        raise StoreError("not-a-database", path, {"version": version})


def check_writable(path: Path) -> None:
    """Refuse files we could not write to, before opening them for writing.

    os.access also honours what file modes do not show: read-only mounts (EROFS) and
    immutable files, which even root cannot write.  The folder must be writable too,
    because WAL mode keeps its -wal and -shm files next to the database.
    """
    targets = [path, path.parent] + [p for p in side_files(path) if p.exists()]
    for target in targets:
        if not os.access(target, os.W_OK):
            raise StoreError("read-only", path, {"not_writable": str(target)})


def validate(path: Path) -> int:
    """Check an existing tutto-tally file through a read-only connection; return its version.

    Read-only, so that even a checkpoint on close cannot modify a file we are about to refuse.
    """
    try:
        conn = connect_for_reading(path)
    except sqlite3.Error as exc:
        raise wrap(exc, path) or StoreError("cannot-open", path, {"detail": str(exc)}) from exc
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != schema.APPLICATION_ID:
            raise StoreError("not-a-database", path, {"application_id": app_id})
        if version > schema.SCHEMA_VERSION:
            raise StoreError(
                "newer-schema", path, {"version": version, "known": schema.SCHEMA_VERSION}
            )
        tables = {
            row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        missing = {"games", "journal"} - tables
        if missing:  # our id, someone else's tables: not a file we can safely write to
            raise StoreError("not-a-database", path, {"missing": sorted(missing)})
        if os.path.getsize(path) <= QUICK_CHECK_MAX_BYTES:
            problems = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
            if problems != ["ok"]:
                raise StoreError("corrupt", path, {"detail": "; ".join(problems)})
        return int(version)
    except sqlite3.Error as exc:
        raise wrap(exc, path) or StoreError("corrupt", path, {"detail": str(exc)}) from exc
    finally:
        conn.close()


def connect_for_reading(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    """A connection that can only read ``path`` and writes nothing, not even a -wal or -shm.

    With no -wal, or an empty one (nobody has written since the last checkpoint), the main file
    holds everything and ``immutable=1`` reads it without creating any side file, on read-only
    media and full disks too.  Otherwise a game is being played or a crash left its last entries
    in the -wal, and plain ``mode=ro`` reads those as well.  When the -shm is missing too, no
    program has the file open (a writer keeps one) -- it is a copied backup or the like -- and
    exclusive locking mode makes SQLite keep the WAL index in memory instead of creating a -shm;
    the lock-free VFS lets that exclusive mode work through a read-only descriptor.
    """
    wal, shm = side_files(path)
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


def remove_empty_side_files(path: Path, existed: Sequence[bool]) -> None:
    """Remove the -wal/-shm that a failed open or write made but could not fill (say, on a full
    disk: an empty -wal, a -shm of a few bytes), so that the file looks as before and
    read-only commands still read it without writing. Side files that were there before, or
    that hold data, are left alone."""
    for side, was_there, usable in zip(side_files(path), existed, (1, _SHM_BLOCK), strict=True):
        try:
            if not was_there and side.stat().st_size < usable:
                side.unlink()
        except OSError:
            pass


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
    try:
        import fcntl
    except ImportError:  # a Python built without it

        def _hold_temp(fd: int) -> None:
            """Nothing can mark a temporary file as in use without ``flock``."""

        def _temp_is_abandoned(path: Path) -> bool:
            """Unknown without ``flock``, so never: a stray temporary file only wastes a
            little space, while deleting one that another start is creating breaks it."""
            return False

    else:

        def _hold_temp(fd: int) -> None:
            """Mark a temporary file as in use for as long as ``fd`` is open (and its
            process lives).

            flock, not lockf: SQLite's own POSIX locks on the same file neither conflict with
            it nor release it when SQLite closes its descriptors.
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
                    return False  # a start in another process is creating its database now
                return True
            finally:
                os.close(fd)  # drops our flock; the file is unlinked by the caller


def remove_stale_temps(path: Path) -> None:
    """Delete what a start killed while creating ``path`` left behind (see :func:`create`):
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
        for leftover in (temp, Path(f"{temp}-journal"), *side_files(temp)):
            try:
                leftover.unlink()
            except OSError:
                pass
    for name in names:  # side files whose temporary database is already gone
        base, dash, kind = name.rpartition("-")
        if (
            dash
            and kind in ("journal", "wal", "shm")
            and base.startswith(prefix)
            and base.endswith(suffix)
        ):
            if not (folder / base).exists():
                try:
                    (folder / name).unlink()
                except OSError:
                    pass


def create(path: Path, replace_empty: bool) -> None:
    """Create a fresh database at ``path`` atomically.

    The schema is built in a temporary file in the same folder, flushed, and then linked into
    place, so ``path`` is either absent or a complete tutto-tally database: a crash during
    creation leaves at most a stray ``.games.sqlite3.*.new`` file, never a half-made database.
    ``os.link`` refuses to overwrite, so two processes creating the same file cannot clobber
    each other; an existing empty file (``touch``, ``mktemp``) holds nothing and is replaced.
    The temporary file stays locked while it is built, so the next start can tell one left by a
    killed start (removed by :func:`remove_stale_temps`) from one being built right now.
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
            conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
            for step in schema.MIGRATIONS:
                for statement in step:
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
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
                if exc.errno not in (
                    errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK
                ):
                    raise
                if not path.exists():
                    os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        os.close(hold)
        for leftover in (tmp, Path(f"{tmp}-journal"), *side_files(tmp)):
            try:
                leftover.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass  # e.g. the disk went read-only; a stray temp file harms nothing

