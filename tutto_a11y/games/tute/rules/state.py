"""The state of a match and the pure transition each entry makes.

A state is an immutable snapshot, so undo is going back to the previous one and a journal
replays to exactly the same states. ``advance`` either raises an :class:`EntryError` (nothing
changes) or returns the next state and the events to announce.
"""

from __future__ import annotations

from enum import Enum

from tutto_a11y.core.record import Record, replace

from .entries import Cante, CardPoints, Entry, LastTrick, Trump, Tute
from .errors import IllegalEntry, MalformedEntry
from .events import (
    CanteMade,
    CanteRecord,
    CardPointsTaken,
    Event,
    MatchOver,
    RoundOver,
    RoundRecord,
    TrumpSet,
    TuteMade,
    TuteRecord,
)
from .options import Rules
from .rounds import TUTE_GAMES, cante_points, games_for, round_points, round_winner
from .sides import side_count, side_of
from .suits import ROUND_CARD_POINTS, Suit


class Step(Enum):
    """What the match waits for."""

    TRUMP = "trump"  # the first entry of a round
    PLAY = "play"  # cantes and Tute while the round is played, then the card points
    LAST = "last"  # the card points are in: which side took the last trick
    OVER = "over"  # the match has ended


class State(Record):
    """Everything about a match except its (immutable) players and rules."""

    players: int
    games: tuple[int, ...]  # won games per side
    hand: int = 0  # the seat that begins this round
    round: int = 1
    step: Step = Step.TRUMP
    trump: Suit | None = None  # the Suit of this round, once entered
    cantes: tuple[CanteRecord, ...] = ()
    card_points: tuple[int, ...] | None = None
    rounds: tuple[RoundRecord, ...] = ()
    winner: int | None = None  # the side that won the match

    @classmethod
    def start(cls, players: int) -> State:
        return cls(players=players, games=(0,) * side_count(players))

    @property
    def seat(self) -> int:
        """The seat the table waits on: in Tute the hand, who begins the round."""
        return self.hand

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's won games (its side's): what a Tute player has scored in the match."""
        return tuple(self.games[side_of(seat, self.players)] for seat in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the side that won the match; empty while it runs."""
        if self.winner is None:
            return ()
        return tuple(s for s in range(self.players) if side_of(s, self.players) == self.winner)

    @property
    def sides(self) -> int:
        return side_count(self.players)


def advance(rules: Rules, state: State, entry: Entry) -> tuple[State, list[Event]]:
    """The state after ``entry`` and what happened; EntryError and no change if it is wrong."""
    step = state.step
    if step is Step.OVER:
        raise IllegalEntry("game-over")
    if isinstance(entry, Trump):
        if step is Step.TRUMP:
            return (replace(state, step=Step.PLAY, trump=entry.suit),
                    [TrumpSet(state.round, state.hand, entry.suit)])
    elif isinstance(entry, Cante):
        if step is Step.PLAY:
            return _cante(state, entry)
    elif isinstance(entry, Tute):
        if step is Step.PLAY:
            return _tute(rules, state, entry)
    elif isinstance(entry, CardPoints):
        if step is Step.PLAY:
            points = _check_points(state, entry.points)
            if entry.last is None:
                return (replace(state, step=Step.LAST, card_points=points),
                        [CardPointsTaken(points)])
            _check_side(state, entry.last)
            return _end_round(rules, state, points, entry.last, [CardPointsTaken(points)])
    elif isinstance(entry, LastTrick):
        if step is Step.LAST:
            _check_side(state, entry.side)
            assert state.card_points is not None
            return _end_round(rules, state, state.card_points, entry.side, [])
    else:
        raise MalformedEntry("unknown-entry", text=repr(entry))
    raise IllegalEntry("wrong-step", step=step, entry=type(entry).__name__)


def _check_seat(state: State, seat: int) -> None:
    if not 0 <= seat < state.players:
        raise MalformedEntry("unknown-entry", text=f"seat {seat}")


def _check_side(state: State, side: int) -> None:
    if not 0 <= side < state.sides:
        raise MalformedEntry("unknown-entry", text=f"side {side}")


def _trump(state: State) -> Suit:
    """The round's trump: a cante, a Tute and the card points all come after it."""
    assert state.trump is not None, "the trump is the first entry of a round"
    return state.trump


def _cante(state: State, entry: Cante) -> tuple[State, list[Event]]:
    _check_seat(state, entry.seat)
    for made in state.cantes:
        if made.suit is entry.suit:
            raise IllegalEntry("suit-already-announced", suit=entry.suit, seat=made.seat)
    side = side_of(entry.seat, state.players)
    record = CanteRecord(entry.seat, side, entry.suit, cante_points(entry.suit, _trump(state)))
    cantes = state.cantes + (record,)
    mine = sum(1 for c in cantes if c.side == side)
    return replace(state, cantes=cantes), [CanteMade(record, mine)]


def _tute(rules: Rules, state: State, entry: Tute) -> tuple[State, list[Event]]:
    _check_seat(state, entry.seat)
    side = side_of(entry.seat, state.players)
    if any(c.side == side for c in state.cantes):
        raise IllegalEntry("tute-after-cante", seat=entry.seat)
    tute = TuteRecord(entry.seat, side, entry.of)
    record = RoundRecord(state.round, state.hand, _trump(state), state.cantes,
                         tute, None, None, None, side, TUTE_GAMES, False)
    events: list[Event] = [TuteMade(tute)]
    return _close(rules, state, record, events, by_tute=rules.tute_wins == "match")


def _check_points(state: State, points: tuple[int, ...]) -> tuple[int, ...]:
    if len(points) != state.sides:
        raise IllegalEntry("points-count", expected=state.sides, got=len(points))
    for value in points:
        if not 0 <= value <= ROUND_CARD_POINTS:
            raise IllegalEntry("points-out-of-range", value=value, limit=ROUND_CARD_POINTS)
    total = sum(points)
    if total != ROUND_CARD_POINTS:
        raise IllegalEntry("points-sum", total=total, expected=ROUND_CARD_POINTS)
    return points


def _end_round(rules: Rules, state: State, card_points: tuple[int, ...], last: int,
               events: list[Event]) -> tuple[State, list[Event]]:
    points = round_points(card_points, last, state.cantes)
    winner, tied = round_winner(rules, points, last, state.hand, state.players)
    games = games_for(rules, points[winner]) if winner is not None else 0
    record = RoundRecord(state.round, state.hand, _trump(state), state.cantes,
                         None, card_points, last, points, winner, games, tied)
    return _close(rules, state, record, events, by_tute=False)


def _close(rules: Rules, state: State, record: RoundRecord, events: list[Event],
           by_tute: bool) -> tuple[State, list[Event]]:
    """Note the round's won games, end the match or pass the hand to the next seat."""
    games = list(state.games)
    if record.winner is not None:
        games[record.winner] += record.games
    won = tuple(games)
    rounds = state.rounds + (record,)
    over = record.winner is not None and (by_tute or won[record.winner] >= rules.games)
    if over:
        assert record.winner is not None
        events += [RoundOver(record, won, None), MatchOver(record.winner, won, by_tute)]
        return replace(state, step=Step.OVER, games=won, rounds=rounds, winner=record.winner,
                              card_points=None), events
    nxt = (state.hand + 1) % state.players
    events.append(RoundOver(record, won, nxt))
    return State(players=state.players, games=won, hand=nxt, round=state.round + 1,
                 rounds=rounds), events
