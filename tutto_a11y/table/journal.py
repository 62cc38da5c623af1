"""The play loop's journal, written to the games file: one transaction per entry.

The loop (:mod:`tutto_a11y.table.session`) knows its journal only by what it does; this one
writes each entry to the store and turns a failed write into what the loop understands, a
:class:`JournalFailed`. A game that ends keeps its statistics' figures at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import GameStatus, PlayedGame
from tutto_a11y.table.session import JournalFailed

if TYPE_CHECKING:  # for the checker only: these load when they are asked for
    from tutto_a11y.store.journal import Store

__all__ = ["StoreJournal"]


class StoreJournal:
    """The play loop's journal, written to the games file one transaction per entry."""

    def __init__(self, store: Store, game_id: str, game: PlayedGame | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game  # when given, its statistics are kept as it ends

    def append(self, text: str, *, ends_game: bool = False, seat: str | None = None) -> None:
        """An entry; the one that ends the game marks it finished in the same write, and the
        seat that sent it (``--seats``) is kept with it."""
        self._write(lambda: self.store.append(
            self.game_id, text, GameStatus.FINISHED if ends_game else None, seat))
        if ends_game and self.game is not None:
            from tutto_a11y.reports.stats import keep_finished_game

            keep_finished_game(self.store, self.game_id, self.game)

    def append_undo(self, *, reopens: bool = False, seat: str | None = None) -> None:
        """An undo; undoing the entry that ended the game makes it run again (exports and
        ``games``), in the same write."""
        self._write(lambda: self.store.append_undo(
            self.game_id, GameStatus.RUNNING if reopens else None, seat))

    @staticmethod
    def _write(write: Callable[[], None]) -> None:
        from tutto_a11y.store.errors import StoreError

        try:
            write()
        except StoreError as error:
            raise JournalFailed(error.reason, error.path, error.data) from None
