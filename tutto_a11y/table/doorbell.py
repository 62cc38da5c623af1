"""The table's doorbell: a seat's entry wakes the loop while it waits for the keyboard.

The table's program is the only place the game lives, so an entry sent from a player's own
device (a seat of the live view, ``play --share --seats``) is handed to the loop's own thread
and goes through the same checked path as a typed line. The loop spends its time waiting for
the keyboard, so a server thread that hands in an entry rings this bell, and the wait ends at
once with :class:`Knocked`: the loop takes the seats' entries, announces them on a new line,
and asks its question again. Nothing spins and nothing polls: the wait sleeps until a key or
the bell.

How the wait is woken depends on the reader, and each way is race-free:

- a plain reader (``--plain``, a pipe) waits in ``select`` on its input and on a pipe of its
  own that the bell writes a byte to (:meth:`Doorbell.wait_readable`); a line typed in the
  terminal's own line editing stays in the terminal, and Enter sends it whole;
- prompt_toolkit's prompt is ended from its own event loop (:meth:`Doorbell.prompt_woken`),
  and what was typed so far comes back as the next prompt's text;
- a reader that waits in ``input()`` with GNU readline is woken by a signal whose handler
  raises :class:`Knocked` inside the wait (:meth:`Doorbell.interrupting`), with the line
  buffer kept. The signal is sent again until the wait has ended: one that comes before
  readline sleeps would be noted and not acted on, and a Knocked raised inside one of
  readline's Python callbacks is swallowed by readline. If the signal comes in the
  instant after Enter, the line comes back unentered at the next prompt rather than lost.

A ring while the loop is busy is remembered: the next wait ends before it begins, so an entry
handed in between two prompts never sleeps until the next key.

The reader imports this module at every start, so it imports nothing at the top that a start
without seats would not load anyway: threads, ``select`` and signals load with the first bell.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

__all__ = ["Doorbell", "Knocked"]

#: The name of the signal that ends an ``input()`` wait (readline); nothing else of the
#: program uses it.
KNOCK_SIGNAL = "SIGUSR1"
#: Seconds between two knocks while the wait has not ended, and how long to go on knocking.
KNOCK_AGAIN = 0.005
KNOCK_FOR = 10.0
#: Seconds after the handler raised Knocked by which the wait has surely ended, unless readline
#: swallowed the exception (in one of its Python callbacks).
SWALLOWED_AFTER = 0.05


class Knocked(Exception):
    """A seat's entry is waiting: the reader stopped waiting for the keyboard. ``kept`` is
    what was typed of the next line so far (the next prompt starts with it)."""

    def __init__(self, kept: str = "") -> None:
        super().__init__(kept)
        self.kept = kept


class Doorbell:
    """Rung by any thread; heard by the one thread that reads the keyboard."""

    def __init__(self) -> None:
        import threading

        self._lock = threading.Lock()
        self._rung = False
        self._wake: Callable[[], None] | None = None  # how to end the wait going on now
        self._kept: Callable[[], str] | None = None  # what was typed, while a wait goes on
        self._pipe: tuple[int, int] | None = None  # kept open until the program ends
        self._handler_installed = False
        self._waits = 0  # how many waits were armed: the number of the one going on now
        # readline's waits (input() in a ``with interrupting()``): the one whose block runs
        # now (0: none), and the wait the knock being sent is for
        self._inside = 0
        self._knock_for = 0

    # -- any thread ------------------------------------------------------------------------
    def ring(self) -> None:
        """Something waits for the loop: end the wait for the keyboard now, or the next one
        before it begins."""
        with self._lock:
            self._rung = True
            wake = self._wake
        if wake is not None:
            wake()

    # -- the loop's thread -----------------------------------------------------------------
    def answered(self) -> None:
        """The loop takes what waits for it: the bell is quiet until the next ring. Called
        before the loop takes the entries, so a ring after it is never missed."""
        with self._lock:
            self._rung = False

    def arm(self, wake: Callable[[], None], kept: Callable[[], str] | None = None) -> bool:
        """A wait begins: ``wake`` ends it from any thread. False (and not armed) when the bell
        has already rung: the wait must not begin."""
        with self._lock:
            if self._rung:
                return False
            self._waits += 1  # first: a knock for the wait before never ends this one
            self._wake, self._kept = wake, kept
            return True

    def disarm(self) -> None:
        with self._lock:
            self._wake = self._kept = None

    def _armed_or_knocked(self, wake: Callable[[], None],
                          kept: Callable[[], str] | None = None) -> None:
        """Arm for a wait, or raise Knocked at once when the bell has rung already."""
        if not self.arm(wake, kept):
            raise Knocked(kept() if kept else "")

    # -- a plain reader: select on the input and on the bell's own pipe ---------------------
    def wait_readable(self, fd: int) -> None:
        """Return when ``fd`` has input; Knocked when the bell rings first."""
        import select

        bell, ringer = self._own_pipe()
        self._armed_or_knocked(lambda: self._write(ringer))
        try:
            while True:
                ready, _, _ = select.select([fd, bell], [], [])
                if fd in ready:
                    return  # a typed line first: it is read, the seats' entries come next
                self._drain(bell)
                with self._lock:
                    if self._rung:
                        raise Knocked()
        finally:
            self.disarm()

    def _own_pipe(self) -> tuple[int, int]:
        if self._pipe is None:
            bell, ringer = os.pipe()
            os.set_blocking(bell, False)
            os.set_blocking(ringer, False)  # a full pipe already wakes: never block a ringer
            self._pipe = (bell, ringer)
        return self._pipe

    @staticmethod
    def _write(fd: int) -> None:
        try:
            os.write(fd, b"!")
        except OSError:  # full: it will wake anyway
            pass

    @staticmethod
    def _drain(fd: int) -> None:
        try:
            while os.read(fd, 512):
                pass
        except OSError:
            pass

    # -- prompt_toolkit: the prompt ends from its own event loop ----------------------------
    def prompt_woken(self, app: Any) -> Callable[[], None]:
        """The ``pre_run`` of a prompt: arms the bell with a wake that ends this prompt from
        its event loop (in the keyboard's thread, between two keys, so never half a key), with
        what was typed kept. The prompt's caller disarms the bell when the prompt is over."""

        def end() -> None:
            future = app.future
            if future is not None and not future.done():
                app.exit(exception=Knocked(app.current_buffer.text))

        def pre_run() -> None:
            loop = app.loop

            def wake() -> None:
                try:
                    loop.call_soon_threadsafe(end)
                except RuntimeError:  # the prompt is over and its loop closed meanwhile
                    pass

            if not self.arm(wake):
                loop.call_soon(end)

        return pre_run

    # -- input() with readline: a signal ends the wait --------------------------------------
    def interrupting(self, kept: Callable[[], str]) -> Interrupting:
        """Around ``input()`` (``with bell.interrupting(readline.get_line_buffer):``): a ring
        sends :data:`KNOCK_SIGNAL` to this thread, whose handler raises Knocked inside
        readline's wait, with ``kept()`` (readline's line buffer). Only in the main thread,
        where Python runs signal handlers; elsewhere (and on Windows, which has no such
        signal) the seats' entries wait for the next line.

        A reader that catches Knocked ends the prompt's row (the cursor stands after what was
        typed), lets it propagate to the loop, and starts its next prompt with ``kept``:
        ``readline.set_pre_input_hook`` inserting it (``readline.insert_text``, then
        ``readline.redisplay``). ``tests/test_seats_terminal.py`` does so in a real terminal."""
        return Interrupting(self, kept)

    def _knock_until_heard(self, target: int, number: int, wait: int,
                           wake: Callable[[], None], kept: Callable[[], str]) -> None:
        """Knock until readline's wait number ``wait`` has ended.

        One signal is not always heard. If it comes while ``input()`` is still setting up,
        before readline sleeps in its ``select``, Python only notes it, and readline would
        sleep on until a key is pressed; if its handler runs inside one of readline's Python
        callbacks (the hook that types the kept text, the completer), readline swallows the
        Knocked it raises. So the knock is sent again every few milliseconds until the
        handler raises; and if the wait still goes on a moment after that, the bell is armed
        again and the knocking goes on (for at most :data:`KNOCK_FOR` seconds in all)."""
        import signal
        import time

        give_up = time.monotonic() + KNOCK_FOR
        raised_at: float | None = None
        while time.monotonic() < give_up:
            with self._lock:
                if self._inside != wait:
                    return  # the wait is over
                knock = True
                if self._wake is None:  # the handler raised Knocked
                    now = time.monotonic()
                    if raised_at is None:
                        raised_at, knock = now, False
                    elif now - raised_at < SWALLOWED_AFTER:
                        knock = False
                    else:  # swallowed: arm the same wait again
                        self._wake, self._kept = wake, kept
                        raised_at = None
                self._knock_for = wait
            if knock:
                signal.pthread_kill(target, number)
            time.sleep(KNOCK_AGAIN)

    def _on_knock(self, _signum: int, _frame: Any) -> None:
        """The knock's handler, in the thread that reads (between two of its steps, so it
        takes no lock that thread may hold): ends the wait the knock is for. It disarms the
        bell as it raises, so the knocks still on their way do nothing."""
        kept = self._kept
        if self._wake is None or self._knock_for != self._waits:
            return
        self._wake = self._kept = None
        raise Knocked(kept() if kept else "")


class Interrupting:
    """The context of :meth:`Doorbell.interrupting`."""

    def __init__(self, bell: Doorbell, kept: Callable[[], str]) -> None:
        self.bell = bell
        self.kept = kept
        self.armed = False

    def __enter__(self) -> None:
        import signal
        import threading

        number = getattr(signal, KNOCK_SIGNAL, None)
        if number is None or threading.current_thread() is not threading.main_thread():
            return
        if not self.bell._handler_installed:
            # Installed once and kept: a knock that arrives after the wait finds a handler that
            # does nothing, never the signal's default action (which ends the program).
            signal.signal(number, self.bell._on_knock)
            self.bell._handler_installed = True
        target = threading.get_ident()
        bell = self.bell
        wait = bell._waits + 1  # the number arm() gives this wait (only this thread arms)

        def wake() -> None:
            threading.Thread(target=bell._knock_until_heard,
                             args=(target, number, wait, wake, self.kept), daemon=True).start()

        with bell._lock:
            bell._inside = wait
        try:
            bell._armed_or_knocked(wake, self.kept)
        except Knocked:
            self._leave()
            raise
        self.armed = True

    def _leave(self) -> None:
        with self.bell._lock:
            self.bell._inside = 0

    def __exit__(self, *exc_info: object) -> None:
        if self.armed:
            self._leave()
            self.bell.disarm()
