"""A game of Yatzee: its players, its rules and its list of accepted entries.

The list of entries is the game; the state after every entry is kept, so ``undo`` pops one
(across turns and past the end) and a saved journal replays through the same checked path as
typing, which is how a damaged journal is caught rather than trusted.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ...contract import Chance, Outcome, ReplayError, Termination
from .entries import Entry, parse_entry
from .errors import EntryError, IllegalEntry, MalformedEntry
from .events import Event, GameOver, TurnOver, TurnRecord
from .fields import Field
from .nodes import chance_outcomes, legal_entries
from .options import Rules
from .scoring import fits
from .state import State, advance, bonus, total, upper_sum

MIN_PLAYERS, MAX_PLAYERS = 1, 10


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """The seat order: 1 to 10 players (playing alone is common), no empty or duplicate name."""
    cleaned = tuple(" ".join(name.split()) for name in names)
    if len(cleaned) < MIN_PLAYERS:
        raise MalformedEntry("too-few-players", minimum=MIN_PLAYERS, got=len(cleaned))
    if len(cleaned) > MAX_PLAYERS:
        raise MalformedEntry("too-many-players", maximum=MAX_PLAYERS, got=len(cleaned))
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise MalformedEntry("empty-name")
        if name.casefold() in seen:
            raise MalformedEntry("duplicate-name", name=name)
        seen.add(name.casefold())
    return cleaned


class Game:
    """One game in progress: ``push`` an entry, ``pop`` it again, ask what fits."""

    kind = "yatzee"  # the registry's name of this game, as the games file stores it

    def __init__(self, players: Sequence[str], rules: Rules | None = None) -> None:
        self.players: tuple[str, ...] = check_players(players)
        self.rules: Rules = rules or Rules()
        self._entries: list[Entry] = []
        self._states: list[State] = [State.start(len(self.players))]
        self._events: list[list[Event]] = []

    # -- entries -------------------------------------------------------------------------
    def push(self, entry: Entry) -> list[Event]:
        """Apply an entry; raises EntryError (and changes nothing) if it is wrong now."""
        state, events = advance(self.rules, self._states[-1], entry)
        self._entries.append(entry)
        self._states.append(state)
        self._events.append(events)
        return events

    def pop(self) -> Entry:
        """Take back the last accepted entry."""
        if not self._entries:
            raise IllegalEntry("nothing-to-undo")
        self._states.pop()
        self._events.pop()
        return self._entries.pop()

    @classmethod
    def replay(cls, players: Sequence[str], rules: Rules | None,
               texts: Iterable[str]) -> "Game":
        """Rebuild a game from journal texts, checking each; ReplayError names the bad one."""
        game = cls(players, rules)
        for index, text in enumerate(texts, start=1):
            try:
                game.push(parse_entry(text))
            except EntryError as error:
                raise ReplayError(index, text, error) from None
        return game

    @classmethod
    def at(cls, players: Sequence[str], rules: Rules, state: State,
           events: Sequence[Event] = ()) -> "Game":
        """A game standing at ``state`` with no entries behind it: what a listener words a
        notice with, the live game having moved on by then."""
        game = cls(players, rules)
        game._states = [state]
        game._events = [list(events)] if events else []
        return game

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def entry_texts(self) -> list[str]:
        return [entry.text() for entry in self._entries]

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def last_events(self) -> list[Event]:
        return self._events[-1] if self._events else []

    def all_events(self) -> Iterable[Event]:
        for events in self._events:
            yield from events

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
        return Outcome(Termination.LAST_FIELD, over.winners)

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
