"""A match of Tute: its players, its rules and its list of accepted entries.

The list of entries is the match; a state is kept after every entry, so ``undo`` pops one
(across rounds and past the end of the match) and a saved journal replays through the same
checked path as typing.
"""

from __future__ import annotations

from itertools import combinations

from tutto_a11y.core.contract import (
    Chance,
    EntryError,
    EntryList,
    Outcome,
    ReplayError,
    Termination,
)

from .entries import Cante, CardPoints, Entry, LastTrick, Trump, Tute, TuteOf, parse_entry
from .events import Event, RoundRecord
from .options import Rules
from .sides import MAX_PLAYERS, MIN_PLAYERS, seats_of, side_count
from .state import State, Step, advance
from .suits import ROUND_CARD_POINTS, SUITS


class Ending(Termination):
    """How a match of Tute ends (the ``termination`` of its :class:`Outcome`)."""

    LAST_TRICK = "last-trick"  # the last trick is played


class Game(EntryList[Entry, Event, State, Rules]):
    """One match in progress: ``push`` an entry, ``pop`` it again, ask what is expected."""

    kind = "tute"  # the registry's name of this game, as the games file stores it
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    rules_type, state_type = Rules, State
    advance_rule = staticmethod(advance)
    parse_entry = staticmethod(parse_entry)

    # -- queries -------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of every side, in side order."""
        n = len(self.players)
        return tuple(seats_of(side, n) for side in range(side_count(n)))

    def rounds(self) -> tuple[RoundRecord, ...]:
        """The finished rounds in order, for score sheets and exports."""
        return self.state.rounds

    def legal_entries(self) -> list[Entry]:
        """The entries the scorekeeper may make now, besides chance (the trump).

        During play: every cante and Tute still allowed, and every split of the 120 card
        points between the sides; then the side of the last trick.
        """
        s = self.state
        if s.step is Step.PLAY:
            candidates: list[Entry] = [Cante(seat, suit) for seat in range(s.players)
                                       for suit in SUITS]
            candidates += [Tute(seat, of) for seat in range(s.players) for of in TuteOf]
            candidates += [CardPoints(p) for p in _splits(ROUND_CARD_POINTS, s.sides)]
        elif s.step is Step.LAST:
            candidates = [LastTrick(side) for side in range(s.sides)]
        else:
            return []
        legal = []
        for entry in candidates:
            try:
                advance(self.rules, s, entry)
            except EntryError:
                continue
            legal.append(entry)
        return legal

    def chance_outcomes(self) -> list[Chance[Entry]]:
        """At the start of a round the trump is chance: each suit is a quarter of the deck."""
        if self.state.step is not Step.TRUMP:
            return []
        from fractions import Fraction

        return [Chance(Trump(suit), Fraction(1, len(SUITS))) for suit in SUITS]

    def outcome(self) -> Outcome | None:
        """How the match ended and which seats won (the winning side's players)."""
        s = self.state
        if not self.finished or s.winner is None:
            return None
        return Outcome(Ending.LAST_TRICK, seats_of(s.winner, s.players))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the side that won the match (empty while it runs)."""
        s = self.state
        return seats_of(s.winner, s.players) if self.finished and s.winner is not None else ()


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to give ``total`` points to ``parts`` sides, each 0 to ``total``."""
    result = []
    for bars in combinations(range(total + parts - 1), parts - 1):
        edges = (-1, *bars, total + parts - 1)
        result.append(tuple(edges[i + 1] - edges[i] - 1 for i in range(parts)))
    return result


__all__ = ["Ending", "Game", "ReplayError"]
