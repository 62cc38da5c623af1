"""Events: what an accepted entry made happen, and the record of each finished round.

The rules report events; the messages word them, the sheets and the export read the round
records. Seats index the players, sides the sides (``sides.py``).
"""

from __future__ import annotations

from tutto_a11y.core.record import Record

from .entries import TuteOf
from .suits import Suit


class CanteRecord(Record):
    seat: int
    side: int
    suit: Suit
    points: int  # 40 in trump, else 20


class TuteRecord(Record):
    seat: int
    side: int
    of: TuteOf


class RoundRecord(Record):
    """One finished round, as the score sheet and the export show it."""

    number: int  # from 1
    hand: int  # the seat that began it
    trump: Suit
    cantes: tuple[CanteRecord, ...]
    tute: TuteRecord | None
    card_points: tuple[int, ...] | None  # None after a Tute
    last_trick: int | None  # the side; None after a Tute
    round_points: tuple[int, ...] | None  # None after a Tute
    winner: int | None  # the side; None for a tie under tie=replay
    games: int  # won games the winner notes for this round
    tied: bool  # the winner had no more round points than another side


class TrumpSet(Record):
    round: int
    hand: int
    suit: Suit


class CanteMade(Record):
    cante: CanteRecord
    side_cantes: int  # the side's cantes this round, this one included


class TuteMade(Record):
    tute: TuteRecord


class CardPointsTaken(Record):
    points: tuple[int, ...]


class RoundOver(Record):
    record: RoundRecord
    games: tuple[int, ...]  # won games of every side after this round
    next_hand: int | None  # who begins the next round; None when the match is over


class MatchOver(Record):
    winner: int  # the side
    games: tuple[int, ...]
    by_tute: bool  # a Tute ended the match at once


Event = TrumpSet | CanteMade | TuteMade | CardPointsTaken | RoundOver | MatchOver
