"""The README's first command: `sh scripts/play` installs once, quietly, then starts at once.

These run the real script on a copy of the checkout, so the project's own .venv is untouched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

from conftest import ROOT

# Fresh virtual environments, installed with pip: slow. One worker runs them all (an xdist
# group), so the module's checkout is installed once, not once on each worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("setup")]

SOURCES = ("pyproject.toml", "constraints.txt", "README.md", "tutto_a11y", "locales", "scripts")


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("checkout")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, copy / name)
    return copy


def play(checkout: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("TUTTO_", "VIRTUAL_ENV"))}
    environment.update(LANG="C.UTF-8", TUTTO_SPEECH="0", **env)
    return subprocess.run(["sh", "scripts/play", *args], cwd=checkout, env=environment,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


def test_the_first_start_installs_quietly_and_the_second_installs_nothing(
        checkout: Path) -> None:
    first = play(checkout, "--version")
    assert first.returncode == 0, first.stderr
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert first.stdout.strip() == f"tutto-tally, version {version}"
    assert first.stderr == ""
    stamp = checkout / ".venv" / ".installed"
    installed_at = stamp.stat().st_mtime_ns

    second = play(checkout, "--version")
    assert (second.returncode, second.stdout, second.stderr) == (0, first.stdout, "")
    assert stamp.stat().st_mtime_ns == installed_at


def _pins(text: str) -> dict[str, str]:
    """``name==version`` lines that hold for this Python, by the name's canonical form (pip
    prints ``Pygments``); constraints.txt gives some packages a line per Python, with a marker
    (``numpy==2.2.6 ; python_full_version < '3.11'``)."""
    from packaging.requirements import Requirement

    pins = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            wanted = Requirement(line)
            if wanted.marker is None or wanted.marker.evaluate():
                pins[wanted.name.lower().replace("_", "-")] = str(wanted.specifier)[2:]
    return pins


def test_a_fresh_install_gets_exactly_the_versions_pinned_in_constraints_txt(
        checkout: Path) -> None:
    assert play(checkout, "--version").returncode == 0
    frozen = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-m", "pip", "freeze",
                             "--exclude-editable"], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    installed = _pins(frozen.stdout)
    pinned = _pins((checkout / "constraints.txt").read_text())
    assert {"click", "prompt-toolkit", "platformdirs", "pyttsx3", "numpy"} <= installed.keys()
    assert {name: version for name, version in installed.items()
            if pinned.get(name) != version} == {}


def test_a_changed_constraints_file_installs_again(checkout: Path) -> None:
    assert play(checkout, "--version").returncode == 0
    stamp = checkout / ".venv" / ".installed"
    installed_at = stamp.stat().st_mtime_ns
    constraints = checkout / "constraints.txt"
    constraints.write_text(constraints.read_text() + "# moved on\n")
    again = play(checkout, "--version")
    assert (again.returncode, again.stderr) == (0, "")
    assert stamp.stat().st_mtime_ns != installed_at


def test_the_installed_program_runs_from_the_checkouts_own_environment(checkout: Path) -> None:
    result = play(checkout, "--plain", "--players", "Anna,Ben", "--db",
                  str(checkout / "games.sqlite3"), "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("New game for Anna and Ben.")
    assert (checkout / ".venv" / "bin" / "tutto-tally").exists()


def test_a_failed_install_says_what_went_wrong_in_one_closing_sentence(
        tmp_path: Path, checkout: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(checkout, broken, ignore=shutil.ignore_patterns(".venv"))
    result = play(broken, "--version", PYTHON=str(tmp_path / "no-such-python"))
    assert result.returncode != 0
    assert result.stderr.strip().splitlines()[-1] == (
        "Could not make a virtual environment in .venv (see above).")
    assert "Traceback" not in result.stderr
