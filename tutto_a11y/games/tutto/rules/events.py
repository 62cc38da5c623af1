"""Events: what an accepted entry made happen, as plain data.

The rules report events; the message layer turns them into sentences (printed and spoken) and
exports turn them into score sheets. Seats are indexes into the game's players.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...contract import Word
from .cards import Card


class TurnOutcome(Word):
    """How a turn ended, in the export contract's words."""

    BANKED = "banked"
    NIETE = "niete"
    STOP_CARD = "stop-card"
    FIREWORKS = "fireworks"
    PLUS_MINUS = "plus-minus"
    CLOVERLEAF = "cloverleaf"


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One finished turn for the score sheet. ``outcome`` uses the export contract's words."""

    seat: int
    cards: tuple[Card, ...]
    points: int
    outcome: TurnOutcome
    score: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: int
    card: Card
    carried: int  # turn total carried from an earlier Tutto (0 at the start of a turn)
    reshuffled: bool  # this draw emptied the deck, so the played cards form a new deck


@dataclass(frozen=True, slots=True)
class StopDrawn:
    seat: int
    lost: int  # the turn total lost (0 when Stop is the turn's first card)


@dataclass(frozen=True, slots=True)
class Rolled:
    seat: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Niete:
    seat: int
    lost: int  # the turn total, which the Niete loses
    street: bool  # under Street, "no new face" is the Niete
    # What of ``lost`` the player could still have banked, which is what the Niete takes: the
    # whole turn total, except under Plus/Minus and Cloverleaf, whose own points never count.
    bankable: int


@dataclass(frozen=True, slots=True)
class FireworksBanked:
    seat: int
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class SetAsideDone:
    seat: int
    faces: tuple[int, ...]
    points: int
    turn_total: int
    dice_left: int
    automatic: bool  # Fireworks: the scorekeeper did not choose
    street: bool


@dataclass(frozen=True, slots=True)
class Tutto:
    seat: int
    card: Card
    turn_total: int  # after the card's effect
    bonus: int  # a Bonus card's value, or Street's 2000
    doubled_from: int | None  # x2: the amount that was doubled
    number: int  # Tuttos under this card so far (Cloverleaf needs 2)


@dataclass(frozen=True, slots=True)
class Penalty:
    seat: int
    lost: int
    score: int


@dataclass(frozen=True, slots=True)
class PlusMinusScored:
    seat: int
    points: int  # always 1000
    score: int  # the roller's score (unchanged while the 1000 is still at risk)
    turn_total: int
    ends_turn: bool
    penalties: tuple[Penalty, ...]


@dataclass(frozen=True, slots=True)
class Banked:
    seat: int
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class Continued:
    seat: int
    to_card: bool  # after a Tutto: a card comes next; otherwise a roll


@dataclass(frozen=True, slots=True)
class FinalRound:
    seat: int
    score: int
    last_seat: int  # who takes the last turn


@dataclass(frozen=True, slots=True)
class TurnOver:
    record: TurnRecord
    next_seat: int | None  # None when the game is over


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    lowest: tuple[int, ...]  # who buys the next round
    scores: tuple[int, ...]
    cloverleaf: bool


Event = (
    CardDrawn | StopDrawn | Rolled | Niete | FireworksBanked | SetAsideDone | Tutto |
    PlusMinusScored | Banked | Continued | FinalRound | TurnOver | GameOver
)
