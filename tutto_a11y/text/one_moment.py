"""Never silent: a computation that keeps a player waiting is preceded by one short line.

A blind player cannot tell a thinking program from a hung one, so whatever may compute for
longer than half a second (the coach's advice, its review) runs through :func:`after_a_moment`:
if it has not finished after :data:`DELAY`, the line "One moment, I'm computing." is said
first (printed and spoken by whoever passes ``notify``), and the answer follows it. A quick
answer says nothing extra. The line is said before the answer, never while it is being said,
so it cannot cut the answer off; the answer may cut the line off, which is what it is for.
Ctrl-C stops the computation at the table (``table/ctrl_c.py``), and one short sentence
(:func:`stopped_sentence`) says so in place of the answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from tutto_a11y.core.contract import Sentences

T = TypeVar("T")

#: Seconds a computation may take before the line is said: under the half second a player may
#: wait in silence, with room for printing and starting speech.
DELAY = 0.4


def working_sentence(catalog: Sentences) -> str:
    """The one short line, in the catalog's language."""
    text: str = catalog.gettext("One moment, I'm computing.")
    return text


def stopped_sentence(catalog: Sentences) -> str:
    """Said instead of the answer when Ctrl-C stopped the computation."""
    text: str = catalog.gettext("Computing stopped; the game goes on.")
    return text


def after_a_moment(compute: Callable[[], T], notify: Callable[[], None],
                   delay: float | None = None) -> T:
    """``compute()`` in this thread; if it is still running after ``delay`` seconds
    (:data:`DELAY` unless told), ``notify()`` is called once from a timer thread. The answer is
    returned only after a ``notify`` that has begun has ended, so the line always comes
    first."""
    lock = threading.Lock()
    done = False

    def late() -> None:
        with lock:
            if not done:
                try:
                    notify()
                except BrokenPipeError:  # the output is closed: the next line meets it
                    pass

    timer = threading.Timer(DELAY if delay is None else delay, late)
    timer.daemon = True
    timer.start()
    try:
        return compute()
    finally:
        timer.cancel()
        with lock:  # waits for a notify already under way
            done = True
