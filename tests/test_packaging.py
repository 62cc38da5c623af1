"""The installed program finds its translations and the coach's tables: the wheel ships them in
the package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT


@pytest.mark.slow
def test_the_wheel_ships_the_compiled_catalogs_and_the_coachs_tables_inside_the_package(
        tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=600)
    wheel = next(tmp_path.glob("tutto_tally-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("de", "fr"):
        assert f"tutto_a11y/locales/{lang}/LC_MESSAGES/tutto_a11y.mo" in names
    assert "tutto_a11y/__main__.py" in names
    # The package alone: testbed/ (a package too, for the tests and the benchmarks) stays out.
    assert {name.split("/")[0] for name in names
            if not name.split("/")[0].endswith(".dist-info")} == {"tutto_a11y"}
    # The final round's last-turn chances, so that its first advice needs no solve.
    assert "tutto_a11y/games/tutto/coach/last_turn.npz" in names
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "tutto-tally = tutto_a11y.cli:main" in entry_points
