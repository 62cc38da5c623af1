"""Shared by the benchmark scripts: the median and 90th percentile of timed samples."""

from __future__ import annotations

import statistics


def percentile(samples: list[float], fraction: float) -> float:
    """The sample below which ``fraction`` of the samples lie (nearest rank, no interpolation)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def median_p90(samples: list[float]) -> tuple[float, float]:
    return statistics.median(samples), percentile(samples, 0.9)
