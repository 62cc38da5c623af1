"""The four suits and the cards of the Spanish deck, with their card points (docs/rules/tute.md 1).

The cards themselves are played at the table; the assistant needs their points only to know
that every suit holds 30 and the deck 120, which is what the card points of a round must add
up to.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Word


class Suit(Word):
    """A suit of the Spanish deck; the value is the id in journals and exports."""

    GOLD = "gold"  # oros
    CUPS = "cups"  # copas
    SWORDS = "swords"  # espadas
    CLUBS = "clubs"  # bastos


SUITS: tuple[Suit, ...] = (Suit.GOLD, Suit.CUPS, Suit.SWORDS, Suit.CLUBS)


class Rank(Word):
    """The ranks of one suit, highest first in taking tricks."""

    ACE = "ace"
    THREE = "three"
    KING = "king"
    KNIGHT = "knight"
    JACK = "jack"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    TWO = "2"


#: Card points of each rank; the "white" cards are worth nothing.
CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.KNIGHT: 3,
                                Rank.JACK: 2}


def deck(players: int) -> tuple[tuple[Suit, Rank], ...]:
    """The cards dealt for this many players: with three the four 2s are taken out."""
    ranks = [r for r in Rank if not (players == 3 and r is Rank.TWO)]
    return tuple((suit, rank) for suit in SUITS for rank in ranks)


def points_of(cards: tuple[tuple[Suit, Rank], ...]) -> int:
    return sum(CARD_POINTS.get(rank, 0) for _suit, rank in cards)


#: The card points of a round: every suit holds 30, the deck 120 (with or without the 2s).
ROUND_CARD_POINTS = points_of(deck(4))
#: The last trick ("las diez de últimas").
LAST_TRICK = 10
