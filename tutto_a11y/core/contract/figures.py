"""What a finished game adds to ``tutto-tally stats``, and the average said aloud.

The statistics know no game: each game hands its counters, their JSON fields and a player's
line over in one :class:`StatsFigures`, and both the game and the statistics round averages
by :func:`whole_average`, so a figure reads the same wherever it is said.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutto_a11y.core.record import Record


def whole_average(total: int, count: int) -> int:
    """A whole-number average, halves rounded up (as said aloud: no decimals); 0 of nothing."""
    if not count:
        return 0
    return (2 * total + count) // (2 * count)


def _state_scores(game: Any) -> tuple[int, ...]:
    return tuple(game.state.scores)


class StatsFigures(Record):
    """What one game adds to ``tutto-tally stats`` (``games/<name>/figures.py``).

    ``figures`` gives per-seat counters from a rebuilt, finished game (summed over games),
    ``shown`` turns a player's summed counters into the JSON fields, ``line`` says a player's
    line with a catalog, ``scores`` gives each seat's final score (Tutto's state keeps them;
    Yatzee adds them up).
    """

    figures: Callable[[Any], list[dict[str, int]]]
    shown: Callable[[dict[str, int]], dict[str, int]]
    line: Callable[[Any, dict[str, Any]], str]
    scores: Callable[[Any], tuple[int, ...]] = _state_scores
