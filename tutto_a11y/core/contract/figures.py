"""What a finished game adds to ``tutto-tally stats``, and the average said aloud.

The statistics know no game: each game hands its counters, their JSON fields and a player's
line over in one :class:`StatsFigures`, and both the game and the statistics round averages
by :func:`whole_average`, so a figure reads the same wherever it is said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, Protocol, TypeVar

from tutto_a11y.core.record import Record

from .catalog import Sentences

#: The game a game's figures are read from (only taken in).
GameT_contra = TypeVar("GameT_contra", contravariant=True)


def whole_average(total: int, count: int) -> int:
    """A whole-number average, halves rounded up (as said aloud: no decimals); 0 of nothing."""
    if not count:
        return 0
    return (2 * total + count) // (2 * count)


class ScoredState(Protocol):
    """A state that keeps each seat's score (Tutto's, Tute's)."""

    @property
    def scores(self) -> Iterable[int]: ...


class ScoredGame(Protocol):
    """A finished game whose state keeps each seat's score."""

    @property
    def state(self) -> ScoredState: ...


def state_scores(game: ScoredGame) -> tuple[int, ...]:
    """Each seat's final score, as the game's state keeps it (a game's ``scores`` when its
    state has them; Yatzee adds its fields up instead)."""
    return tuple(game.state.scores)


class StatsFigures(Record, Generic[GameT_contra]):
    """What one game adds to ``tutto-tally stats`` (``games/<name>/figures.py``).

    ``figures`` gives per-seat counters from a rebuilt, finished game (summed over games),
    ``shown`` turns a player's summed counters into the JSON fields, ``line`` says a player's
    line with a catalog, ``scores`` gives each seat's final score (:func:`state_scores` where
    the state keeps them; Yatzee adds them up).
    """

    figures: Callable[[GameT_contra], list[dict[str, int]]]
    shown: Callable[[dict[str, int]], dict[str, int]]
    #: A player's line from the catalog and the player's JSON fields (its name, its figures).
    line: Callable[[Sentences, Mapping[str, object]], str]
    scores: Callable[[GameT_contra], tuple[int, ...]]
