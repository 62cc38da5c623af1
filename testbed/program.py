"""How the tests, the benchmarks and the set-ups start the program: as a user does."""

from __future__ import annotations

import shutil
import sys


def tutto_command() -> list[str]:
    """The installed console script (the one of the active virtual environment), else
    ``python -m tutto_a11y``."""
    script = shutil.which("tutto-tally")
    return [script] if script else [sys.executable, "-m", "tutto_a11y"]
