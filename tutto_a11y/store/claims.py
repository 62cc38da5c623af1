"""Claims: which process may write which game.

Each game is claimed by an exclusive lock on ONE BYTE of a side file ``<db>.claims``: byte N
for game N.  The operating system drops such locks when the process ends in any way,
SIGKILL and power loss included, so a claim can never be left behind by a crash, and no
pid files or timeouts are needed.  Locks on different bytes do not conflict, so different
games in the same database can be played at the same time.  The lock is not taken on the
database file itself because SQLite uses POSIX locks there and closing any descriptor of a
file drops all of a process's POSIX locks on it.

POSIX record locks belong to the process, not to the descriptor, so two Store objects in
one process would not exclude each other and closing one descriptor would release the
other's locks.  Hence one descriptor per claims file per process, shared through this
registry, which also records which Store (which :class:`Claims`) holds which game.
"""

from __future__ import annotations

import errno
import itertools
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from tutto_a11y.store.errors import StoreError, os_reason

__all__ = ["Claims"]



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
    try:
        import fcntl
    except ImportError:  # a Python built without it: the C library's lockf, the same locks

        def _lock_byte(fd: int, offset: int, unlock: bool = False) -> None:
            os.lseek(fd, offset, os.SEEK_SET)
            os.lockf(fd, os.F_ULOCK if unlock else os.F_TLOCK, 1)

    else:

        def _lock_byte(fd: int, offset: int, unlock: bool = False) -> None:
            fcntl.lockf(fd, fcntl.LOCK_UN if unlock else fcntl.LOCK_EX | fcntl.LOCK_NB, 1,
                        offset, os.SEEK_SET)

    def _try_lock_byte(fd: int, offset: int) -> bool:
        try:
            _lock_byte(fd, offset)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                return False
            raise
        return True

    def _unlock_byte(fd: int, offset: int) -> None:
        _lock_byte(fd, offset, unlock=True)


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
    fd = os.open(
        path,
        os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0),
        0o644,
    )
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino)
    # Only this process's registry matters, and it is guarded by _CLAIM_LOCK, so the key
    # cannot have appeared since the stat above.
    claim_file = _ClaimFile(fd)
    _CLAIM_FILES[key] = claim_file
    return key, claim_file



class Claims:
    """The games one Store holds: taken and given back through the process-wide registry."""

    def __init__(self, db_path: Path, shown: Path) -> None:
        """``db_path``: the database file (its claims file sits next to its real path);
        ``shown``: the path the player gave, named in errors."""
        self._shown = shown
        self._path = Path(os.path.realpath(db_path) + ".claims")
        self._key: tuple[int, int] | None = None
        self._token = next(_TOKENS)  # identifies this holder in the registry
        self._held: set[int] = set()

    def __contains__(self, gid: object) -> bool:
        return gid in self._held

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._held))

    def take(self, gid: int) -> None:
        """Hold game ``gid``, or raise StoreError('game-open-elsewhere') if another holds it."""
        with _CLAIM_LOCK:
            try:
                key, claim_file = _open_claim_file(self._path)
            except OSError as exc:
                raise StoreError(
                    os_reason(exc), self._shown, {"game": str(gid), "detail": str(exc)}
                ) from exc
            holder = claim_file.holders.get(gid)
            if holder is not None and holder != self._token:
                _forget_claim_file_if_unused(key)
                raise StoreError("game-open-elsewhere", self._shown, {"game": str(gid)})
            try:
                locked = _try_lock_byte(claim_file.fd, gid)
            except OSError as exc:
                _forget_claim_file_if_unused(key)
                raise StoreError(
                    os_reason(exc), self._shown, {"game": str(gid), "detail": str(exc)}
                ) from exc
            if not locked:
                _forget_claim_file_if_unused(key)
                raise StoreError("game-open-elsewhere", self._shown, {"game": str(gid)})
            claim_file.holders[gid] = self._token
            self._key = key
            self._held.add(gid)

    def give_back(self, gid: int) -> None:
        """Stop holding game ``gid`` (nothing happens when it is not held)."""
        with _CLAIM_LOCK:
            self._held.discard(gid)
            key = self._key
            claim_file = _CLAIM_FILES.get(key) if key is not None else None
            if claim_file is None or claim_file.holders.get(gid) != self._token:
                return
            del claim_file.holders[gid]
            try:
                _unlock_byte(claim_file.fd, gid)
            except OSError:
                pass  # closing the descriptor below (or exiting) releases it anyway
            _forget_claim_file_if_unused(key)


def _forget_claim_file_if_unused(key: tuple[int, int] | None) -> None:
    # Closing the shared descriptor drops every lock this process has on the file, so it
    # is only closed once no Store holds a game through it.  Caller holds _CLAIM_LOCK.
    claim_file = _CLAIM_FILES.get(key) if key is not None else None
    if claim_file is not None and not claim_file.holders:
        del _CLAIM_FILES[key]  # type: ignore[arg-type]
        os.close(claim_file.fd)
