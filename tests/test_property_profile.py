"""Where CI runs the suite, every property test replays the same examples; a developer's run
explores new ones.

``tests/conftest.py`` loads the ``replay`` profile when ``HYPOTHESIS_PROFILE`` says so (``sh
scripts/test`` and ``sh scripts/test-pythons`` export it, and ``.ci/run`` runs the former) or a
CI service sets ``CI``, and ``explore`` otherwise. A test's own ``@settings`` must not undo
what ``replay`` promises, or a clean clone could fail at random again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

#: A child Python that loads the suite's conftest as pytest would, then does ``body``.
PRELUDE = f"""
import json, sys
sys.path[:0] = [{str(TESTS)!r}]
import conftest
from hypothesis import given, settings, strategies as st
"""

#: Every test module imported under the profile; the property tests whose settings differ
#: from the profile's in what replaying needs.
EVERY_PROPERTY_TEST = PRELUDE + """
import importlib, pathlib
wanted = settings.default
found, differ = [], []
for path in sorted(pathlib.Path(conftest.__file__).parent.glob("test_*.py")):
    module = importlib.import_module(path.stem)
    for name, test in vars(module).items():
        if not getattr(test, "is_hypothesis_test", False):
            continue
        used = test._hypothesis_internal_use_settings
        found.append(f"{path.stem}.{name}")
        if (used.derandomize, used.database, used.deadline) != (
                wanted.derandomize, wanted.database, wanted.deadline):
            differ.append(f"{path.stem}.{name}")
print(json.dumps({"profile": conftest.HYPOTHESIS_PROFILE, "found": found, "differ": differ}))
"""

#: Thirty integers as a property test of the suite draws them.
DRAWN = PRELUDE + """
drawn = []

@settings(max_examples=30)
@given(st.integers())
def draws(n):
    drawn.append(n)

draws()
print(json.dumps({"profile": conftest.HYPOTHESIS_PROFILE,
                  "derandomize": settings.default.derandomize, "drawn": drawn}))
"""


def _child(code: str, **env: str) -> dict[str, object]:
    """What the child Python prints, with HYPOTHESIS_PROFILE and CI as ``env`` says."""
    clean = {k: v for k, v in os.environ.items() if k not in ("HYPOTHESIS_PROFILE", "CI")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**clean, **env}, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return answer


# The three tests that start a child Python (one imports every test module) take one to three
# seconds each and check the suite, not the program: slow. The scripts' own choice of profile,
# below, stays in the quick run.
@pytest.mark.slow
def test_every_property_test_replays_under_the_replay_profile() -> None:
    answer = _child(EVERY_PROPERTY_TEST, HYPOTHESIS_PROFILE="replay")
    assert answer["profile"] == "replay"
    found = answer["found"]
    assert isinstance(found, list)
    # The suite's property tests, those with settings of their own among them, were found.
    assert "test_quick_start.test_a_play_line_read_before_click_is_read_the_same_by_click" in found
    assert ("test_tutto_rules_properties."  # settings made once at the module's top (FAST)
            "test_scores_never_fall_below_zero_with_score_floor_zero") in found
    assert answer["differ"] == []


@pytest.mark.slow
def test_a_replay_run_draws_the_same_examples_every_time() -> None:
    first = _child(DRAWN, HYPOTHESIS_PROFILE="replay")
    second = _child(DRAWN, HYPOTHESIS_PROFILE="replay")
    by_ci = _child(DRAWN, CI="true")
    assert first["derandomize"] is True
    assert len(first["drawn"]) >= 10  # type: ignore[arg-type]
    assert first["drawn"] == second["drawn"] == by_ci["drawn"]
    assert by_ci["profile"] == "replay"


@pytest.mark.slow
def test_a_developers_run_explores() -> None:
    answer = _child(DRAWN)
    assert answer["profile"] == "explore"
    assert answer["derandomize"] is False


def test_the_scripts_ci_runs_choose_the_replay_profile() -> None:
    for script in ("scripts/test", "scripts/test-pythons"):
        lines = [line.strip() for line in
                 (ROOT / script).read_text(encoding="utf-8").splitlines()]
        assert 'HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-replay}"' in lines, script
        assert "export HYPOTHESIS_PROFILE" in lines, script
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
