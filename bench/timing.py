"""Shared by the benchmark scripts: the median and 90th percentile of timed samples, the two
ways the scripts print them, and the usual baseline (``python -c pass``)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def percentile(samples: list[float], fraction: float) -> float:
    """The sample below which ``fraction`` of the samples lie (nearest rank, no interpolation)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def median_p90(samples: list[float]) -> tuple[float, float]:
    return statistics.median(samples), percentile(samples, 0.9)


def python_start(runs: int) -> list[float]:
    """The usual baseline: ``python -c pass`` of this Python, ``runs`` times, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, timeout=60)
        times.append(time.perf_counter() - start)
    return times


def summary(samples_s: list[float], width: int = 8) -> str:
    """Samples in seconds as one column of a table: median, p90 and max in milliseconds,
    ``width`` characters each, and the number of samples."""
    median, p90 = median_p90([s * 1000 for s in samples_s])
    return (f"median {median:{width}.3f} ms   p90 {p90:{width}.3f} ms   "
            f"max {max(samples_s) * 1000:{width}.3f} ms   (n={len(samples_s)})")


def report(label: str, seconds: list[float], places: int = 1) -> None:
    """Print one line: what was timed, then median, p90 and max of ``seconds`` in
    milliseconds (``places`` decimals for the first two) and the number of samples."""
    median, p90 = median_p90([s * 1000 for s in seconds])
    print(f"{label}: median {median:.{places}f} ms, p90 {p90:.{places}f} ms, "
          f"max {max(seconds) * 1000:.1f} ms (n={len(seconds)})")
