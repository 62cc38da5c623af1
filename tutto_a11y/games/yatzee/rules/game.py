"""A game of Yatzee: its players, its rules and its list of accepted entries.

The list of entries is the game; the state after every entry is kept, so ``undo`` pops one
(across turns and past the end) and a saved journal replays through the same checked path as
typing, which is how a damaged journal is caught rather than trusted.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Chance, EntryList, Outcome, Termination

from .entries import Entry, parse_entry
from .events import Event, GameOver, TurnOver, TurnRecord
from .fields import Field
from .nodes import chance_outcomes, legal_entries
from .options import Rules
from .scoring import fits
from .state import State, advance, bonus, total, upper_sum

MIN_PLAYERS, MAX_PLAYERS = 1, 10


class Ending(Termination):
    """How a game of Yatzee ends (the ``termination`` of its :class:`Outcome`)."""

    LAST_FIELD = "last-field"  # every field is filled


class Game(EntryList[Entry, Event, State, Rules]):
    """One game in progress: ``push`` an entry, ``pop`` it again, ask what fits."""

    kind = "yatzee"  # the registry's name of this game, as the games file stores it
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    rules_type, state_type = Rules, State
    advance_rule = staticmethod(advance)
    parse_entry = staticmethod(parse_entry)

    # -- queries -------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.over

    def legal_entries(self) -> list[Entry]:
        """The decisions the player can make now (the game contract); chance is apart."""
        return legal_entries(self.rules, self.state)

    def chance_outcomes(self) -> list[Chance[Entry]]:
        """The rolls that can come now, with exact probabilities (the game contract)."""
        return chance_outcomes(self.state)

    def outcome(self) -> Outcome | None:
        """Every field filled: the highest total wins, equal totals share the win."""
        if not self.finished:
            return None
        over = next(e for e in reversed(self._events[-1]) if isinstance(e, GameOver))
        return Outcome(Ending.LAST_FIELD, over.winners)

    def fits(self) -> list[tuple[Field, int]]:
        """The current player's free fields these dice fit, with points, best first."""
        s = self.state
        if not s.rolls or s.over:
            return []
        return fits(s.faces, s.roll_number, s.free(s.seat), self.rules)

    def total(self, seat: int) -> int:
        return total(self.rules, self.state.sheets[seat])

    def totals(self) -> tuple[int, ...]:
        return tuple(self.total(seat) for seat in range(len(self.players)))

    def upper(self, seat: int) -> int:
        return upper_sum(self.state.sheets[seat])

    def bonus(self, seat: int) -> int:
        return bonus(self.rules, self.state.sheets[seat])

    def turn_records(self) -> list[TurnRecord]:
        """The finished turns in order, for score sheets and exports."""
        return [e.record for e in self.all_events() if isinstance(e, TurnOver)]

    def ranking(self) -> list[int]:
        """Seats by total, highest first; equal totals keep seat order."""
        totals = self.totals()
        return sorted(range(len(totals)), key=lambda i: (-totals[i], i))
