"""A game's strategy coach, as the commands reach it through the game's side.

Only Tutto has one today (``games/tutto/coach/``); a side without a coach says None. Its own
module so that the side's base (``bases.py``) and the protocols both name it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .sentences import Sentences


class Coach(Protocol):
    """A game's strategy coach as the commands reach it (``review`` and ``tutto-tally
    coach``); each method loads the coach (and numpy) only when it is called."""

    def review(self, game: Any, only: int | None = None) -> Any:
        """The decisions of a saved game against the coach's best (one seat with ``only``):
        what ``review_json`` and ``review_lines`` word."""
        ...
    def review_json(self, game_id: str, players: Any) -> dict[str, Any]: ...
    def review_lines(self, game_id: str, game: Any, players: Any,
                     catalog: Sentences) -> list[str]: ...
    def command(self, settings: Any, say: Callable[[str], None],
                **options: Any) -> dict[str, Any] | None:
        """``tutto-tally coach``: its JSON answer, or None when its lines went to ``say``."""
        ...
