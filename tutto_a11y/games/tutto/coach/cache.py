"""The two-player solve kept in the user cache folder: solved once, read at every table.

A solve at the standard target takes minutes, so the table never starts one: ``tutto-tally
coach --duel`` solves and writes the file, and ``advice`` and ``odds`` only read it. There is
one file per rule set (the target included) and per program version, as a numpy ``.npz``
holding the game values, the last turn's chances and the key they were solved for. The file is
written to a temporary name beside it and renamed, so a reader never sees half a file; a file
that cannot be read, holds another key or values that are not chances is ignored (and solved
again by the command), never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tutto_a11y.core.record import Record
from tutto_a11y.games.tutto.rules import Rules

if TYPE_CHECKING:  # for the checker only: numpy is loaded when a file is read or written
    from numpy.typing import ArrayLike

    from tutto_a11y.games.tutto.coach.solver import FloatArray

# numpy is imported only to read or write a file: asking whether one exists stays cheap, so
# ``odds`` in a game without a kept solve never loads it.


class Solved(Record):
    """A two-player solve: ``win[s, i, j]`` and ``last[m]`` of :func:`duel.solve`."""

    rules: Rules
    win: FloatArray
    last: FloatArray

    def __eq__(self, other: object) -> bool:
        """Compared and hashed by identity, one per file read: numpy's arrays have no hash,
        and the coach of a turn is kept per solve (``duelcoach._turn``'s cache)."""
        return self is other

    def __hash__(self) -> int:
        return object.__hash__(self)

    @property
    def first_player(self) -> float:
        """The first player's chance to win from the start (a tie counts for the second)."""
        return float(self.win[0, 0, 0])


def folder() -> Path:
    """The user cache folder of the program (``XDG_CACHE_HOME`` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("tutto-tally", appauthor=False)) / "coach"


def program_version() -> str:
    """The installed program's version: a new version solves again, in case the solve changed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tutto-tally")
    except PackageNotFoundError:
        return "unknown"


def key(rules: Rules) -> str:
    """What a file must have been solved for: the rules, the target and the program version."""
    return json.dumps({"version": program_version(), "rules": rules.as_dict()}, sort_keys=True)


def path_for(rules: Rules) -> Path:
    digest = hashlib.sha256(key(rules).encode()).hexdigest()[:16]
    return folder() / f"duel-{rules.target}-{digest}.npz"


def write(solved: Solved) -> Path:
    """Keep a solve, atomically: a temporary file in the same folder, then a rename."""
    import numpy as np

    path = path_for(solved.rules)
    _keep(path, key=np.array(key(solved.rules)), win=solved.win, last=solved.last)
    _read.cache_clear()
    return path


def _keep(path: Path, key: ArrayLike, win: ArrayLike, last: ArrayLike) -> None:
    """Write the arrays atomically: a temporary file in the same folder, then a rename."""
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".duel-", suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez(out, key=key, win=win, last=last)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def kept(rules: Rules) -> bool:
    """Whether a file for these rules is there (not yet whether it can be trusted)."""
    return path_for(rules).is_file()


def read(rules: Rules) -> Solved | None:
    """The kept solve of these rules, or None when there is none or it cannot be trusted."""
    path = path_for(rules)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read(rules, str(path), stamp)


@lru_cache(maxsize=4)
def _read(rules: Rules, path: str, stamp: int) -> Solved | None:
    """Read once per file version: later ``advice`` in the game costs nothing."""
    import numpy as np

    from tutto_a11y.games.tutto.coach.solver import STEP

    n = rules.target // STEP
    try:
        with np.load(path, allow_pickle=False) as data:
            found, win, last = str(data["key"]), data["win"], data["last"]
    except Exception:  # a damaged or foreign file of any kind: solve again rather than trust it
        return None
    if found != key(rules) or win.shape != (2, n, n) or last.ndim != 1 or len(last) <= n:
        return None
    if win.dtype.kind != "f" or last.dtype.kind != "f":
        return None
    if not (np.isfinite(win).all() and ((win >= 0) & (win <= 1)).all()
            and np.isfinite(last).all() and ((last >= 0) & (last <= 1)).all()):
        return None
    return Solved(rules, win, last)
