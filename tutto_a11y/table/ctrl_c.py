"""Ctrl-C while the table handles an entered line: it stops a computation (the coach's advice,
the review) and nothing else.

At a prompt Ctrl-C is the reader's: it discards the line being typed (``table/reader.py``).
Between two prompts Python's own handler would end the program without a word and lose the
question, so the loop puts :class:`CtrlCWhileBusy` in its place for the handling of each line;
at the end of play ``table/signals.py`` takes over.

Why a module of its own: signal handling is process-wide state, kept apart from the loop.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

__all__ = ["CtrlCWhileBusy"]

T = TypeVar("T")


class _Stopped(BaseException):
    """Ctrl-C during a computation. A BaseException, as KeyboardInterrupt is, so that no
    ``except Exception`` on the way can swallow it."""


#: Seconds after which a Ctrl-C put off during an import is sent again.
AGAIN = 0.01


def _importing(frame: FrameType | None) -> bool:
    """Whether Python is importing a module at ``frame`` (its import machinery is below)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


class CtrlCWhileBusy:
    """Ctrl-C while the table handles an entered line: it stops a computation, nothing else.

    An entered line is handled whole (checked, saved, said), so a Ctrl-C that comes then is
    only remembered; one that comes while a computation of that line runs, or came before it
    began, stops the computation, and :meth:`stoppable` answers None. The handler runs in the
    main thread between two bytecodes, where the flags are read too.

    One moment of a computation is never cut: an import. The coach loads numpy on its first
    use, and numpy's core, stopped halfway, cannot be loaded again in the same process (every
    later ``advice`` would fail). A Ctrl-C that finds an import under way is put off and sent
    again a moment later, until it lands outside the import or the computation has ended. It
    is sent under a lock that the end of the computation takes too, so it is never sent after
    the computation has ended: it cannot reach the next prompt.
    """

    def __init__(self, end_row: Callable[[], None]) -> None:
        self._computing = False
        self._pressed = False
        self._lock = threading.Lock()
        # A terminal shows "^C" where the cursor stood: the row is ended before the next
        # output (``end_row``), so that no line starts with it.
        self._end_row = end_row
        self._echoed = False

    def _on_sigint(self, _signum: int, frame: FrameType | None) -> None:
        self._echoed = True
        if not self._computing:
            self._pressed = True
        elif _importing(frame):
            again = threading.Timer(AGAIN, self._send_again)
            again.daemon = True
            again.start()
        else:
            self._computing = False
            raise _Stopped

    def _send_again(self) -> None:
        """A Ctrl-C put off during an import, sent again while the computation runs."""
        send = getattr(signal, "pthread_kill", None)  # not on Windows: the import runs out
        with self._lock:
            if self._computing and send is not None:
                send(threading.main_thread().ident or 0, signal.SIGINT)

    def before_output(self) -> None:
        """Before a line is printed: end the row a Ctrl-C was shown on, if one came."""
        if self._echoed:
            self._echoed = False
            self._end_row()

    def _ours(self) -> bool:
        return bool(signal.getsignal(signal.SIGINT) == self._on_sigint)

    @contextmanager
    def busy(self) -> Iterator[None]:
        """Around the handling of one entered line (never around the wait for one). Only the
        main thread can handle signals; elsewhere (a test's thread) nothing is changed."""
        if threading.current_thread() is not threading.main_thread() or self._ours():
            yield
            return
        self._pressed = False
        previous = signal.signal(signal.SIGINT, self._on_sigint)
        try:
            yield
        finally:
            if self._ours():  # not when the goodbye's handler has taken over (Shutdown)
                signal.signal(signal.SIGINT, previous)
            self.before_output()  # the next prompt too starts on a row of its own

    def once(self, action: Callable[[], T]) -> T | None:
        """``action()`` exactly once inside :meth:`busy`: what the table says and handles.

        Python's own handler stands before the opening and between two questions, so a
        Ctrl-C may land in the instant before this handler is in place, or just after it is
        taken down: the action runs all the same (never lost, never run twice), and the game
        goes on. None only if the action itself answered None.
        """
        answer: T | None = None
        done = False
        while not done:
            try:
                with self.busy():
                    done = True
                    answer = action()
            except KeyboardInterrupt:
                self._end_row()
        return answer

    def stoppable(self, compute: Callable[[], T]) -> T | None:
        """``compute()``, or None when Ctrl-C stopped it or came before it began."""
        with self.busy():
            try:
                self._computing = True  # from here a Ctrl-C raises _Stopped, caught below
                if self._pressed:  # it came before: the computation is not begun
                    self._pressed = self._computing = False
                    raise _Stopped
                try:
                    answer = compute()
                finally:
                    with self._lock:  # no Ctrl-C put off is sent again after this
                        self._computing = False  # from here it is only remembered
            except _Stopped:  # _computing is False by now, whichever way it was raised
                return None
            return answer


