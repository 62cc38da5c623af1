"""Events: what an accepted entry made happen, as plain data.

The rules report events; the message layer turns them into sentences (printed and spoken) and
exports turn them into score sheets. Seats are indexes into the game's players.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Word
from tutto_a11y.core.record import Record

from .cards import Card


class TurnOutcome(Word):
    """How a turn ended, in the export contract's words."""

    BANKED = "banked"
    NIETE = "niete"
    STOP_CARD = "stop-card"
    FIREWORKS = "fireworks"
    PLUS_MINUS = "plus-minus"
    CLOVERLEAF = "cloverleaf"


class TurnRecord(Record):
    """One finished turn for the score sheet. ``outcome`` uses the export contract's words."""

    seat: int
    cards: tuple[Card, ...]
    points: int
    outcome: TurnOutcome
    score: int


class CardDrawn(Record):
    seat: int
    card: Card
    carried: int  # turn total carried from an earlier Tutto (0 at the start of a turn)
    reshuffled: bool  # this draw emptied the deck, so the played cards form a new deck


class StopDrawn(Record):
    seat: int
    lost: int  # the turn total lost (0 when Stop is the turn's first card)


class Rolled(Record):
    seat: int
    faces: tuple[int, ...]


class Niete(Record):
    seat: int
    lost: int  # the turn total, which the Niete loses
    street: bool  # under Street, "no new face" is the Niete
    # What of ``lost`` the player could still have banked, which is what the Niete takes: the
    # whole turn total, except under Plus/Minus and Cloverleaf, whose own points never count.
    bankable: int


class FireworksBanked(Record):
    seat: int
    points: int
    score: int


class SetAsideDone(Record):
    seat: int
    faces: tuple[int, ...]
    points: int
    turn_total: int
    dice_left: int
    automatic: bool  # Fireworks: the scorekeeper did not choose
    street: bool


class Tutto(Record):
    seat: int
    card: Card
    turn_total: int  # after the card's effect
    bonus: int  # a Bonus card's value, or Street's 2000
    doubled_from: int | None  # x2: the amount that was doubled
    number: int  # Tuttos under this card so far (Cloverleaf needs 2)


class Penalty(Record):
    seat: int
    lost: int
    score: int


class PlusMinusScored(Record):
    seat: int
    points: int  # always 1000
    score: int  # the roller's score (unchanged while the 1000 is still at risk)
    turn_total: int
    ends_turn: bool
    penalties: tuple[Penalty, ...]


class Banked(Record):
    seat: int
    points: int
    score: int


class Continued(Record):
    seat: int
    to_card: bool  # after a Tutto: a card comes next; otherwise a roll


class FinalRound(Record):
    seat: int
    score: int
    last_seat: int  # who takes the last turn


class TurnOver(Record):
    record: TurnRecord
    next_seat: int | None  # None when the game is over


class GameOver(Record):
    winners: tuple[int, ...]
    lowest: tuple[int, ...]  # who buys the next round
    scores: tuple[int, ...]
    cloverleaf: bool


Event = (
    CardDrawn | StopDrawn | Rolled | Niete | FireworksBanked | SetAsideDone | Tutto |
    PlusMinusScored | Banked | Continued | FinalRound | TurnOver | GameOver
)
