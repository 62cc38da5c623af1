"""The fields every game's JSON export opens with (docs/interface.md).

Why here: the three games' exports differ in their players, turns, rounds and sides, but open
alike (the game's kind, its id, the language, the rules, the status and the winners), in this
order, which scripts read; written once, the opening cannot drift in one game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .bases import OptionRules
from .protocols import SavedGame
from .words import GameStatus


class ExportedGame(Protocol):
    """What the opening reads of a game: its players, whether it is over, its rules."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def rules(self) -> OptionRules: ...


def export_opening(kind: str, info: SavedGame, game: ExportedGame,
                   winners: Iterable[int]) -> dict[str, object]:
    """``game``, ``id``, ``lang``, ``rules``, ``status`` and ``winners`` (the names of the
    seats ``winners``, empty while the game runs); a finished game is ``finished`` whatever
    its row still says."""
    return {
        "game": kind,
        "id": info.id,
        "lang": info.lang,
        "rules": game.rules.as_dict(),
        "status": GameStatus.FINISHED if game.finished else info.status,
        "winners": [game.players[s] for s in winners] if game.finished else [],
    }
