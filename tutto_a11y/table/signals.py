"""Ctrl-C at the end of play: the last speech may be cut short, the exit stays normal.

Why a module of its own: signal handling is process-wide state, and keeping it here keeps the
rest of the start-up free of it.
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from types import FrameType

    from tutto_a11y.table.speaking import SpokenOutput

__all__ = ["Shutdown", "shut_down"]


class _GamesFile(Protocol):
    """The games file as the shutdown sees it: closed last."""

    def close(self) -> None: ...


class _StopWaiting(Exception):
    """Ctrl-C while the last sentence is still being spoken at the end."""


class Shutdown:
    """Ctrl-C at the end of play: it cuts the last speech short and the exit stays normal.

    Everything is saved by then, so Ctrl-C must not end the program by a signal (exit status
    130 and no closing of the games file). While the speech is awaited it stops the waiting;
    at any other moment of the shutdown it is ignored.
    """

    def __init__(self) -> None:
        self.waiting = False

    def take_over(self) -> None:
        """From now on Ctrl-C is this object's: installed before the goodbye is printed, so a
        Ctrl-C typed as soon as it shows never finds Python's default handler."""
        signal.signal(signal.SIGINT, self.on_sigint)

    def on_sigint(self, _signum: int, _frame: FrameType | None) -> None:
        if self.waiting:
            self.waiting = False
            raise _StopWaiting


def shut_down(shutdown: Shutdown, speaker: SpokenOutput | None, store: _GamesFile,
               interactive: bool) -> None:
    """Let the speech end (at most 15 s, or until Ctrl-C), then close the games file."""
    if interactive:  # only a terminal sends Ctrl-C; in-process runs keep their own handler
        shutdown.take_over()
    try:
        if speaker is not None:
            try:
                shutdown.waiting = True
                speaker.speaker.close(wait=True, timeout=15.0)
                shutdown.waiting = False
            except _StopWaiting:
                speaker.speaker.close(wait=False)
    finally:
        store.close()
        if interactive:
            # Ignored, not handled: Python puts back the default (deadly) handler for its own
            # handlers while the interpreter ends, but leaves an ignored signal ignored.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
