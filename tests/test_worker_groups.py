"""The tests that must share one worker do: ``--dist loadgroup`` keeps an ``xdist_group`` whole.

The Orca tests are one group (``tests/test_orca.py``): Orca runs once per user, so two workers
running them at once would each wait for the other's Orca to end, minutes of a whole run spent
waiting. pytest-xdist keeps a group on one worker by marking the group on each test's node id,
which pytest 9.2 no longer lets it do (its issue 1386; pyproject.toml pins pytest below 9.2).
This test runs a small suite of its own with two workers, as ``scripts/test`` runs the real one,
and fails the day the grouping is silently gone again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a pytest of its own with two workers: a few seconds

GROUPED = '''
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("desk")


@pytest.mark.parametrize("number", range(6))
def test_grouped(number):
    Path(os.environ["WORKERS_FILE"]).open("a").write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
'''

LOOSE = '''
import time

import pytest


@pytest.mark.parametrize("number", range(6))
def test_loose(number):
    time.sleep(0.05)  # the stimulus: each test busy a moment, so both workers take some
'''


def test_the_tests_of_one_xdist_group_all_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_loose.py").write_text(LOOSE)
    workers = tmp_path / "workers.txt"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
         "-c", os.devnull, str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "WORKERS_FILE": str(workers), "PYTEST_ADDOPTS": ""})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ran_on = workers.read_text().split()
    assert len(ran_on) == 6
    assert len(set(ran_on)) == 1, ran_on
