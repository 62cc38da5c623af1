"""Every benchmark script runs to its end: once, small (``--smoke``), against the real program.

A benchmark waits for the program's answers; when the wording changes, it must stop with a
clear line rather than wait for ever (``bench/guard.py``), and this test must fail rather than
the next measurement. Each script also ends at its time limit.
"""

from __future__ import annotations

import select
import subprocess
import sys

import pytest

from bench.guard import Lines, Unexpected
from conftest import ROOT

SCRIPTS = sorted(path.name for path in (ROOT / "bench").glob("bench_*.py"))


def bench(script: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "bench" / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_every_script_of_bench_is_here() -> None:
    assert len(SCRIPTS) >= 16 and "bench_coach.py" in SCRIPTS


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS)
def test_each_benchmark_runs_once_small_to_its_end_with_its_figures(script: str) -> None:
    done = bench(script, "--smoke")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "median" in done.stdout or "x the bare numbers" in done.stdout, done.stdout


# The benchmarks' own harness, not the program (half a second and two seconds): slow.
@pytest.mark.slow
def test_a_benchmark_stops_at_its_time_limit_with_a_clear_line() -> None:
    done = bench("bench_rules.py", "--limit", "0.5", timeout=120)
    assert done.returncode == 3
    assert done.stderr.strip().splitlines()[-1] == (
        "bench_rules.py: stopped after the time limit of 0.5 s (--limit); the figures above "
        "are all it measured")


def _program(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)


@pytest.mark.slow
def test_waiting_for_words_the_program_no_longer_prints_ends_with_what_it_printed() -> None:
    # The program says something else and then waits (as the table does for its next line).
    # Its line is in the pipe before the wait begins (however slowly Python starts), so a
    # short wait ends with that line, never with "nothing".
    # Each program's pipe is closed when its block ends (Popen's with).
    with _program("print('1, 1, 2, 2, 3, 5.', flush=True); import time; time.sleep(60)") \
            as waiting:
        assert waiting.stdout is not None
        try:
            assert select.select([waiting.stdout], [], [], 60)[0], "the program printed nothing"
            with pytest.raises(Unexpected) as stop:
                Lines(waiting.stdout.fileno()).until(lambda line: "rolls" in line,
                                                     "the word 'rolls'", timeout=0.2)
            assert str(stop.value) == ("waited 0.2 s for the word 'rolls'; the program "
                                       "printed '1, 1, 2, 2, 3, 5.'")
        finally:
            waiting.kill()
    with _program("print('Anna draws Bonus 300.')") as ended:
        assert ended.stdout is not None
        with pytest.raises(Unexpected) as stop:
            Lines(ended.stdout.fileno()).until(lambda line: "rolls" in line, "the word 'rolls'")
    assert str(stop.value) == ("the program ended before the word 'rolls'; it printed "
                               "'Anna draws Bonus 300.'")
    with _program("print('a')\nprint('Anna rolls')") as quick:
        assert quick.stdout is not None
        assert Lines(quick.stdout.fileno()).until(lambda line: "rolls" in line,
                                                  "the word 'rolls'") == ["a", "Anna rolls"]
