"""How many codes the live view checks: a budget for the whole server, not per address.

A code is checked only when its request may spend a check; a request that may not is answered
at once that there were too many tries, without being compared with anything, so it tells
nothing about any code. Only wrong codes are spent: a right one is given back.

Why a budget for the whole server: a limit per address alone is multiplied by the number of
addresses a guesser has (two hundred on one computer, every address of a /64 with IPv6). So
the wrong codes a server checks are counted in three budgets, each with a few checks at once
and then a steady trickle:

- **devices that proved a code** (an address that gave a right code in this run, or a device
  with a seat's cookie that this run gave out): their own budget, and no pace, so no crowd
  of strangers can slow them down; a viewer who already typed the viewers' code gets it
  checked without spending anything at all (it tells them nothing new). A player opening
  their seat from the page they already follow is never kept waiting by a guesser.
- **newcomers**: the first :data:`NEWCOMER_TRIES` wrong codes of an address group (a person
  who mistyped once), so a player arriving at the table gets their code checked even while
  others guess. A guesser has these only once per address group, so this budget is large
  and fills slowly: a crowd from every address of a home network (254) spends at most 508
  of its 600, and the rest stays for the players who arrive; only a guesser with thousands
  of addresses empties it, and then gets one more try every four seconds.
- **guessers**: every other wrong code.

And a stranger's address group waits :data:`PACE` after a wrong code before its next check
(a person typing the code again), so one address cannot spend a budget alone. An address
group is an IPv4 address or an IPv6 /64 (see :mod:`tutto_a11y.share.room`); a device that
proved a code is known by its own address only, never by its neighbours'.

At the limits below, a stranger's guessing from any number of addresses is at most one
check every two seconds once its newcomer tries are spent (one every 1.3 seconds with
thousands of addresses), so the six-digit viewers' code takes about 12 days on average and
one of four eight-digit seat codes about 460 days (the figures measured are in
docs/live-view.md).

The clock is a parameter so that the tests can move it: the limits are counts in a window
of the server's own time.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal

from tutto_a11y.core.record import Record
from tutto_a11y.share.room import address_group, plain_address

PACE = 1.0  # seconds an address group waits after a wrong code before its next check
NEWCOMER_TRIES = 2  # wrong codes an address group may spend from the newcomers' budget


class Budget(Record):
    """A budget of checks: ``size`` at once, then one more every ``every`` seconds."""

    size: int
    every: float


NEWCOMERS = Budget(600, 4.0)  # spent once per address group: more than a network has
GUESSERS = Budget(10, 2.0)
PROVEN = Budget(10, 2.0)  # devices that proved a code: their typos, never a stranger's
MAX_GROUPS = 65536  # address groups remembered; the oldest are forgotten first
MAX_PROVEN = 4096  # addresses remembered as having given a right code


class _Left:
    """What is left of one budget, filled up as time passes."""

    def __init__(self, budget: Budget, now: float) -> None:
        self.budget = budget
        self.left = float(budget.size)
        self.at = now

    def spend(self, now: float) -> bool:
        self.left = min(float(self.budget.size),
                        self.left + max(0.0, now - self.at) / self.budget.every)
        self.at = now
        if self.left < 1.0:
            return False
        self.left -= 1.0
        return True

    def give_back(self) -> None:
        self.left = min(float(self.budget.size), self.left + 1.0)


class _Wrong:
    """An address group's wrong codes: how many, and when it may be checked again."""

    def __init__(self) -> None:
        self.count = 0
        self.next = 0.0


#: A code's check: ``right`` (the viewers' code), ``seat`` (a seat's code), ``wrong``,
#: ``too-soon`` (not checked: this address's pace) or ``busy`` (not checked: the budget).
Checked = Literal["right", "seat", "wrong", "too-soon", "busy"]


class Guessing:
    """The checks a live view makes of typed codes, and the budgets they are spent from."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        now = clock()
        self._budgets = {"proven": _Left(PROVEN, now), "newcomer": _Left(NEWCOMERS, now),
                         "guesser": _Left(GUESSERS, now)}
        self._wrong: OrderedDict[str, _Wrong] = OrderedDict()  # group or proven address
        self._proven: OrderedDict[str, bool] = OrderedDict()  # address -> gave viewers' code
        self.checked = 0  # wrong codes checked in all (the benchmarks count them)

    def proven(self, address: str) -> bool:
        """Whether ``address`` gave a right code in this run."""
        with self._lock:
            return plain_address(address) in self._proven

    def check(self, address: str, proven: bool, is_viewers: Callable[[], bool],
              is_seat: Callable[[], bool]) -> Checked:
        """Check a code from ``address`` (``proven``: the request carries a seat's cookie of
        this run), if it may be checked now. ``is_viewers`` and ``is_seat`` compare it (each
        in constant time); they are called only when the check is spent."""
        address = plain_address(address)
        with self._lock:
            now = self.clock()
            gave_viewers = self._proven.get(address)
            if gave_viewers and is_viewers():
                return "right"  # they know it: comparing tells them nothing
            proven = proven or gave_viewers is not None
            group = address_group(address)
            wrong = None if proven else self._wrong.get(group)
            if wrong is not None and wrong.next > now:
                return "too-soon"
            kind = "proven" if proven else (
                "newcomer" if wrong is None or wrong.count < NEWCOMER_TRIES else "guesser")
            budget = self._budgets[kind]
            if not budget.spend(now):
                return "busy"
            if is_viewers():
                budget.give_back()
                self._remember(address, viewers=True)
                return "right"
            if is_seat():
                budget.give_back()
                self._remember(address, viewers=False)
                return "seat"
            self.checked += 1
            if not proven:
                if wrong is None:
                    wrong = self._wrong[group] = _Wrong()
                    while len(self._wrong) > MAX_GROUPS:
                        self._wrong.popitem(last=False)
                self._wrong.move_to_end(group)
                wrong.count += 1
                wrong.next = now + PACE
            return "wrong"

    def _remember(self, address: str, viewers: bool) -> None:
        self._proven[address] = viewers or self._proven.get(address, False)
        self._proven.move_to_end(address)
        while len(self._proven) > MAX_PROVEN:
            self._proven.popitem(last=False)
