"""Shared by the benchmark scripts: the median and 90th percentile of timed samples."""

from __future__ import annotations

import statistics


def median_p90(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
