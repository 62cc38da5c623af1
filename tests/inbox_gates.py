"""The real program with gates at the points of a read where a seat's entry may land, so that a
test makes a race land where it wants, every time (``test_seats_race.py``).

Run as ``python tests/inbox_gates.py FOLDER [tutto-tally's arguments]``: the program runs as
ever, in this process, with a gate at each of these points:

- ``wait``: the reader's wait for the keyboard and the inbox (the ``select`` of the readline
  and plain readers, polled here so that a gate can close on a wait already going on; the look
  at the inbox that the wake schedules in prompt_toolkit's event loop);
- ``line``: a typed line is complete, and the reader has not handed it back yet;
- ``settle``: the table has taken the inbox's entries and judged them, inside its settling;
- ``put``: a server thread has judged a seat's line and is about to put it in the inbox.

A test closes a gate by writing ``FOLDER/gate`` (the point's name, then what the gate waits
for: ``stdin``, input waiting on the keyboard; ``wake``, the inbox's wake set). The first
thread to reach that point writes ``FOLDER/held`` and holds until ``FOLDER/go`` exists and what
it waits for is there; then the three files are gone and it goes on. ``FOLDER/puts`` counts the
entries put in the inbox so far.
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
from pathlib import Path
from typing import Any

FOLDER = Path(sys.argv[1])
_real_select = select.select
_claim = threading.Lock()
_wakes: list[Any] = []
_puts = [0]


def gate(point: str) -> None:
    """Hold here when the test closed the gate of ``point`` (see the module's docstring)."""
    path = FOLDER / "gate"
    with _claim:
        try:
            name, *needs = path.read_text(encoding="utf-8").split()
        except FileNotFoundError:
            return
        if name != point:
            return
        path.rename(FOLDER / "claimed")  # one thread holds; the others pass
    (FOLDER / "held").write_text(point, encoding="utf-8")
    while True:
        ready = (FOLDER / "go").exists()
        if ready and "stdin" in needs:
            ready = bool(_real_select([0], [], [], 0)[0])
        if ready and "wake" in needs:
            ready = bool(_wakes) and _wakes[-1].is_set()
        if ready:
            break
        # A poll, not an event: the test (another process) says go by a file.
        time.sleep(0.002)
    for name in ("claimed", "held", "go"):
        (FOLDER / name).unlink()


def _polled_select(rlist: Any, wlist: Any, xlist: Any, timeout: float | None = None) -> Any:
    """The readers' blocking wait on the keyboard, as short polls with the gate between."""
    if timeout is not None or 0 not in rlist:
        return _real_select(rlist, wlist, xlist, timeout)
    while True:
        gate("wait")
        found = _real_select(rlist, wlist, xlist, 0.005)
        if any(found):
            return found


def install() -> None:
    from tutto_a11y.table import inbox, reader, readline_callback, session

    select.select = _polled_select

    class CountedWake(inbox.Wake):
        def __init__(self) -> None:
            super().__init__()
            _wakes.append(self)

        def set(self) -> None:  # called once for each entry put in
            super().set()
            _puts[0] += 1
            (FOLDER / "puts").write_text(str(_puts[0]), encoding="utf-8")

    inbox.Wake = CountedWake  # type: ignore[misc]

    put = inbox.Inbox.put

    def gated_put(self: Any, entry: Any, wait: float = inbox.WAIT) -> Any:
        gate("put")
        return put(self, entry, wait)

    inbox.Inbox.put = gated_put  # type: ignore[method-assign]

    read_key = readline_callback.CallbackLine.read_key

    def gated_read_key(self: Any) -> None:
        read_key(self)
        if self.done:
            gate("line")

    readline_callback.CallbackLine.read_key = gated_read_key  # type: ignore[method-assign]

    plain_wait = reader.PlainReader._wait

    def gated_plain_wait(self: Any, wake: Any) -> Any:
        found = plain_wait(self, wake)
        if found is None:  # the input has a line: it is read next
            gate("line")
        return found

    reader.PlainReader._wait = gated_plain_wait  # type: ignore[method-assign]

    look = reader.TerminalReader._look

    def gated_look(self: Any, app: Any) -> None:
        gate("wait")
        look(self, app)

    reader.TerminalReader._look = gated_look  # type: ignore[method-assign]

    settle = session.Table.settle

    def gated_settle(self: Any) -> bool:
        settled = settle(self)
        gate("settle")
        return settled

    session.Table.settle = gated_settle  # type: ignore[method-assign]

    from prompt_toolkit.application import Application

    exit_app = Application.exit

    def gated_exit(self: Any, *args: Any, **kwargs: Any) -> Any:
        done = exit_app(self, *args, **kwargs)
        if "exception" not in kwargs:  # a line accepted
            gate("line")
        return done

    Application.exit = gated_exit  # type: ignore[method-assign]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    install()
    from tutto_a11y.cli.main import main

    main(sys.argv[2:])
