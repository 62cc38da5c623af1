"""Every Python the package claims: the quick tests also run on the oldest and the newest.

``sh scripts/test`` runs ``scripts/test-pythons`` beside its whole run; it installs the built
wheel into a virtual environment of Python 3.10 and one of Python 3.13 and runs the quick tests
there. These tests make sure that such a run tests what it claims: that Python, and the
installed wheel rather than the source tree beside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tutto_a11y
from conftest import ROOT

TESTED = os.environ.get("TUTTO_TESTED_PYTHON")


@pytest.mark.skipif(not TESTED, reason="only in the run of scripts/test-pythons")
def test_the_run_on_another_python_is_that_python_with_the_installed_wheel() -> None:
    assert f"{sys.version_info[0]}.{sys.version_info[1]}" == TESTED
    package = Path(tutto_a11y.__file__).resolve()
    assert Path(sys.prefix).resolve() in package.parents, package
    assert ROOT / "tutto_a11y" not in package.parents  # not the source tree


@pytest.mark.skipif(not TESTED, reason="only in the run of scripts/test-pythons")
def test_the_program_the_tests_start_is_the_installed_wheel_with_its_catalogs() -> None:
    script = shutil.which("tutto-tally")
    assert script is not None
    assert Path(script).parent == Path(sys.executable).parent
    shown = subprocess.run([script, "--lang", "de", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert shown.returncode == 0
    assert "Optionen:" in shown.stdout  # the German catalog travels in the wheel


@pytest.mark.slow
def test_a_python_the_machine_lacks_is_named_and_its_run_skipped() -> None:
    run = subprocess.run(["sh", str(ROOT / "scripts" / "test-pythons"), "3.99"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "Python 3.99 is not on this machine: its quick run is skipped." in run.stdout
