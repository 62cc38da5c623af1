"""Real file-system faults for tests: an immutable file (even root cannot write it) and a tiny
tmpfs that can be filled up for real. Each skips with its reason where the machine forbids it."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def chattr(flag: str, target: Path) -> None:
    subprocess.run(["chattr", flag, str(target)], check=True, capture_output=True, text=True)


@contextmanager
def immutable(target: Path) -> Iterator[None]:
    """Unwritable even for root, which ignores permission bits."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed, so no file can be made unwritable for root")
    try:
        chattr("+i", target)
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"chattr +i is not permitted here: {exc.stderr.strip()}")
    try:
        yield
    finally:
        chattr("-i", target)


@contextmanager
def tmpfs(mount_point: Path, size: str) -> Iterator[Path]:
    """A small file system of our own, to fill up for real."""
    mount_point.mkdir()
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs (for a real full disk) needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs",
                           str(mount_point)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {done.stderr.strip()}")
    try:
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


def fill(folder: Path) -> Path:
    """Take every free byte of the file system holding ``folder``."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        for chunk in (1 << 16, 1 << 12, 1 << 9, 1):
            try:
                while f.write(b"\0" * chunk):
                    pass
            except OSError:
                pass
    return filler


#: Put on the PYTHONPATH of a program under test (see :func:`failing_write`): its N-th write to
#: the games file (counted from the start) is refused as on a full disk, before it writes.
_FAILING_WRITE = '''
import os
from contextlib import contextmanager

from tutto_a11y.store import journal
from tutto_a11y.store.errors import StoreError

_original = journal.Store._transaction
_count = [0]
_fail_at = int(os.environ["TUTTO_TEST_FAILING_WRITE"])


@contextmanager
def _transaction(self):
    _count[0] += 1
    if _count[0] == _fail_at:
        raise StoreError("disk-full", self.path)
    with _original(self) as db:
        yield db


journal.Store._transaction = _transaction
'''


def failing_write(env: dict[str, str], folder: Path, number: int) -> dict[str, str]:
    """The environment of a program whose ``number``-th write to its games file fails.

    A stub, because the test must choose which write fails: a real full disk cannot be made
    to refuse the second of two writes and not the first.
    """
    hook = folder / "failing-write"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(_FAILING_WRITE)
    return {**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(hook),
                                                                env.get("PYTHONPATH")])),
            "TUTTO_TEST_FAILING_WRITE": str(number)}
