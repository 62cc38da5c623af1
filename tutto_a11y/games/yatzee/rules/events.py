"""Events: what an accepted entry made happen, as plain data for messages, sheets and exports.

Seats are indexes into the game's players. Each event carries what is needed to word it, so a
listener in another language words it without the live game.
"""

from __future__ import annotations

from tutto_a11y.core.record import Record

from .fields import Field


class TurnRecord(Record):
    """One finished turn for the score sheet and the export."""

    seat: int
    rolls: tuple[tuple[int, ...], ...]
    field: Field
    struck: bool
    points: int
    total: int  # the player's total after the turn, bonus included


class Rolled(Record):
    seat: int
    faces: tuple[int, ...]
    number: int  # 1, 2 or 3


class Written(Record):
    seat: int
    field: Field
    points: int  # throw bonus included; 0 when struck
    struck: bool
    roll: int  # the roll the turn ended on
    throw_bonus: int  # the part of ``points`` that is throw bonus
    total: int  # the player's total after it, bonus included


class BonusReached(Record):
    seat: int
    upper: int  # the upper sum that reached the threshold
    points: int  # the bonus


class BonusOutOfReach(Record):
    seat: int
    upper: int
    best: int  # the most the upper sum can still become


class TurnOver(Record):
    record: TurnRecord
    next_seat: int | None  # None when the game is over
    new_round: int | None  # the round that starts with the next turn, if one does


class GameOver(Record):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = Rolled | Written | BonusReached | BonusOutOfReach | TurnOver | GameOver
