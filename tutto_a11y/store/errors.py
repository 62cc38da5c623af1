"""What can go wrong with the games file, as stable ``reason`` codes.

Why a module of its own: every part of the store (the schema's migration, the claims, the safe
opening, the store itself) reports problems the same way, and the CLI and the table turn each
``reason`` into one translated sentence.  Here are the codes, the error that carries them, and
the mapping from what SQLite and the operating system raise to those codes.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tutto_a11y.core.problem import Problem

__all__ = ["REASONS", "StoreError", "os_reason", "wrap"]

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


class StoreError(Problem):
    """A problem the player must be told about, described by a stable ``reason`` code, the
    games file's ``path`` and ``data``.

    The message text is English and meant for logs; user-facing text comes from the CLI's
    catalogs, keyed by ``reason`` and filled from ``data``.
    """

    path: str

    def __init__(
        self, reason: str, path: str | os.PathLike[str], data: Mapping[str, Any] | None = None
    ):
        assert reason in REASONS, reason
        self.path = os.fspath(path)
        details = ", ".join(f"{k}={v!r}" for k, v in (data or {}).items())
        super().__init__(reason, data,
                         shown=(f"{reason}: {self.path}" + (f" ({details})" if details else ""),))


# --------------------------------------------------------------------------------------------
# From what SQLite and the operating system raise to a reason

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


def os_reason(exc: OSError) -> str:
    """The reason for an operating-system error (also used by the claims, which open files)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "disk-full"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "read-only"
    return "cannot-open"


def _no_space_left(path: Path) -> bool:
    """Whether the file system holding ``path`` has no free block left for us."""
    try:
        if sys.platform == "win32":  # no statvfs there
            import shutil

            return shutil.disk_usage(Path(path).parent).free == 0
        return os.statvfs(Path(path).parent).f_bavail == 0
    except (AttributeError, OSError):
        return False


def wrap(
    exc: BaseException, path: Path, data: Mapping[str, Any] | None = None
) -> StoreError | None:
    """The StoreError for an sqlite3/OS error, or None when it is a programming error to
    re-raise."""
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
        return StoreError(os_reason(exc), path, {**(data or {}), "detail": str(exc)})
    return None

