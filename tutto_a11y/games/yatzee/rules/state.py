"""The game state and the pure transition an entry makes.

A state is an immutable snapshot (a record, cheap to copy), so undo goes back to the
previous one and a journal replays to exactly the same states. ``advance`` checks an entry and
either raises an :class:`EntryError` (nothing changes) or returns the next state and its events.
"""

from __future__ import annotations

from tutto_a11y.core.record import Record, replace

from .entries import Entry, Roll, Strike, Write
from .errors import IllegalEntry, MalformedEntry
from .events import (
    BonusOutOfReach,
    BonusReached,
    Event,
    GameOver,
    Rolled,
    TurnOver,
    TurnRecord,
    Written,
)
from .fields import FACE, FIELD_COUNT, INDEX, LOWER, ORDER, UPPER, Field
from .options import Rules
from .scoring import DICE, field_points

MAX_ROLLS = 3
ROUNDS = FIELD_COUNT

Sheet = tuple["int | None", ...]  # one player's column: points by field in ORDER, None = free


class State(Record):
    """Everything of a game in progress except its (immutable) players and rules."""

    sheets: tuple[Sheet, ...]
    struck: tuple[frozenset[Field], ...]  # per seat: the fields struck (0 by a strike)
    seat: int = 0
    round: int = 1
    rolls: tuple[tuple[int, ...], ...] = ()  # this turn's rolls so far
    over: bool = False
    winners: tuple[int, ...] = ()

    @classmethod
    def start(cls, players: int) -> State:
        return cls(sheets=((None,) * FIELD_COUNT,) * players,
                   struck=(frozenset(),) * players)

    @property
    def roll_number(self) -> int:
        """How many rolls this turn has had (0 before the first)."""
        return len(self.rolls)

    @property
    def faces(self) -> tuple[int, ...]:
        """The dice on the table now (empty before the first roll)."""
        return self.rolls[-1] if self.rolls else ()

    def free(self, seat: int) -> tuple[Field, ...]:
        """A player's free fields, in the sheet's order."""
        sheet = self.sheets[seat]
        return tuple(field for field in ORDER if sheet[INDEX[field]] is None)


def upper_sum(sheet: Sheet) -> int:
    return sum(v or 0 for v in sheet[:6])


def bonus(rules: Rules, sheet: Sheet) -> int:
    return rules.bonus_points if upper_sum(sheet) >= rules.bonus_threshold else 0


def lower_sum(sheet: Sheet) -> int:
    return sum(v or 0 for v in sheet[6:])


def total(rules: Rules, sheet: Sheet) -> int:
    """Upper sum + bonus + lower section (docs/rules/yatzee.md section 4)."""
    return upper_sum(sheet) + bonus(rules, sheet) + lower_sum(sheet)


def best_upper(sheet: Sheet) -> int:
    """The highest upper sum still possible: every free upper field with six of its face."""
    return upper_sum(sheet) + sum(DICE * FACE[f] for f in UPPER if sheet[INDEX[f]] is None)


def advance(rules: Rules, state: State, entry: Entry) -> tuple[State, list[Event]]:
    """The state after ``entry`` and what happened; EntryError (nothing changes) if wrong."""
    if state.over:
        raise IllegalEntry("game-over")
    if isinstance(entry, Roll):
        faces = entry.faces
        if len(faces) != DICE:
            raise IllegalEntry("wrong-dice-count", expected=DICE, got=len(faces))
        for face in faces:
            if not 1 <= face <= 6:
                raise MalformedEntry("face-out-of-range", face=str(face))
        if state.roll_number >= MAX_ROLLS:
            raise IllegalEntry("no-more-rolls")
        number = state.roll_number + 1
        return (replace(state, rolls=state.rolls + (faces,)),
                [Rolled(state.seat, faces, number)])
    if isinstance(entry, (Write, Strike)):
        return _fill(rules, state, entry.field, struck=isinstance(entry, Strike))
    raise MalformedEntry("unknown-entry", text=repr(entry))


def _fill(rules: Rules, state: State, field: Field, struck: bool) -> tuple[State, list[Event]]:
    """Write or strike one free field: the turn ends, the next player rolls."""
    if not state.rolls:
        raise IllegalEntry("roll-first", field=field)
    seat, roll = state.seat, state.roll_number
    sheet = state.sheets[seat]
    filled = sheet[INDEX[field]]
    if filled is not None:
        raise IllegalEntry("field-filled", field=field, points=filled,
                           struck=field in state.struck[seat])
    if struck:
        points, throw = 0, 0
    else:
        got = field_points(field, state.faces, roll, rules)
        if got is None:
            raise IllegalEntry("not-formed", field=field)
        points = got
        throw = 0 if field.in_upper_section else rules.throw_bonus_after(roll)
    i = INDEX[field]
    new_sheet = sheet[:i] + (points,) + sheet[i + 1:]
    sheets = state.sheets[:seat] + (new_sheet,) + state.sheets[seat + 1:]
    struck_now = state.struck
    if struck:
        struck_now = struck_now[:seat] + (struck_now[seat] | {field},) + struck_now[seat + 1:]
    after = total(rules, new_sheet)
    events: list[Event] = [Written(seat, field, points, struck, roll, throw, after)]
    if field.in_upper_section:
        threshold = rules.bonus_threshold
        if upper_sum(sheet) < threshold <= upper_sum(new_sheet):
            events.append(BonusReached(seat, upper_sum(new_sheet), rules.bonus_points))
        elif best_upper(sheet) >= threshold > best_upper(new_sheet):
            events.append(BonusOutOfReach(seat, upper_sum(new_sheet), best_upper(new_sheet)))
    record = TurnRecord(seat, state.rolls, field, struck, points, after)
    players = len(state.sheets)
    nxt = (seat + 1) % players
    new_round = state.round + 1 if nxt == 0 else state.round
    new = replace(state, sheets=sheets, struck=struck_now, rolls=(), seat=nxt, round=new_round)
    if new_round > ROUNDS:
        totals = tuple(total(rules, s) for s in sheets)
        best = max(totals)
        winners = tuple(i for i, t in enumerate(totals) if t == best)
        events.append(TurnOver(record, None, None))
        events.append(GameOver(winners, totals))
        return replace(new, seat=seat, round=ROUNDS, over=True, winners=winners), events
    events.append(TurnOver(record, nxt, new_round if nxt == 0 else None))
    return new, events


__all__ = ["LOWER", "MAX_ROLLS", "ROUNDS", "State", "advance", "best_upper", "bonus",
           "lower_sum", "total", "upper_sum"]
