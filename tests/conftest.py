"""Shared helpers: run the real program in-process (CliRunner) or in a pseudo-terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Shared by the tests and bench/: the private speech-dispatcher sound desk.
sys.path.insert(0, str(ROOT / "testbed"))


@pytest.fixture(autouse=True, scope="session")
def private_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user cache folder of the tests' own, for the program started by any test too: a
    two-player solve kept on this computer must not change what the tests hear."""
    folder = tmp_path_factory.mktemp("cache")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    # And a config folder of their own: a settings file of this computer's user must not
    # change what the tests see.
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("config"))
    return folder


def tutto_command() -> list[str]:
    """How to start the installed program: the console script, else ``python -m``."""
    script = shutil.which("tutto-tally")
    return [script] if script else [sys.executable, "-m", "tutto_a11y"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def clean_env(tmp_path: Path) -> dict[str, str]:
    """An environment without TUTTO_* settings, with speech off and a private data folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), TUTTO_SPEECH="0",
               PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return env


def spawn_tutto(args: list[str], term: str = "xterm"):
    """The real program in a pseudo-terminal, as a user starts it (speech off, no TUTTO_*)."""
    import pexpect

    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TERM=term, LANG="C.UTF-8", TUTTO_SPEECH="0")
    env.pop("LANGUAGE", None)
    command = tutto_command()
    return pexpect.spawn(command[0], command[1:] + args, env=env, encoding="utf-8",
                         timeout=20, dimensions=(40, 200))


def one_sentence(result: subprocess.CompletedProcess[str]) -> str:
    """A refusal: exit status 2, nothing on stdout, one line on stderr and no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == "", result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    said = result.stderr.strip().splitlines()
    assert len(said) == 1, said
    return said[0]
