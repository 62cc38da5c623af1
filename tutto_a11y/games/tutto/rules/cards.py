"""The 56 cards of Tutto and the deck the scorekeeper tracks.

Cards are physical: the program never shuffles or draws, it only records what was drawn. Tracking
the counts lets it refuse a card that cannot be in the deck any more (a typing mistake) and tell
the table what is left.
"""

from __future__ import annotations

from enum import Enum


class Card(Enum):
    """A card kind. The value is the stable card id used in journals and JSON exports."""

    STOP = "stop"
    FIREWORKS = "fireworks"
    BONUS_200 = "bonus-200"
    BONUS_300 = "bonus-300"
    BONUS_400 = "bonus-400"
    BONUS_500 = "bonus-500"
    BONUS_600 = "bonus-600"
    X2 = "x2"
    PLUS_MINUS = "plus-minus"
    STREET = "street"
    CLOVERLEAF = "cloverleaf"

    @property
    def bonus(self) -> int:
        """The bonus a Tutto earns under this card (0 for every card but Bonus)."""
        return _BONUS.get(self, 0)

    @property
    def may_bank_before_tutto(self) -> bool:
        """Whether the player may bank with dice still in hand under this card."""
        return self in _BANKABLE

    @classmethod
    def from_id(cls, card_id: str) -> Card:
        """The card for a card id; ValueError for an unknown id."""
        return cls(card_id)


_BONUS = {
    Card.BONUS_200: 200,
    Card.BONUS_300: 300,
    Card.BONUS_400: 400,
    Card.BONUS_500: 500,
    Card.BONUS_600: 600,
}
_BANKABLE = frozenset({*_BONUS, Card.X2})

BONUS_CARDS: tuple[Card, ...] = tuple(_BONUS)

#: How many cards of each kind a full deck holds (56 in all).
DECK_COMPOSITION: dict[Card, int] = {
    Card.STOP: 10,
    Card.FIREWORKS: 5,
    Card.BONUS_200: 5,
    Card.BONUS_300: 5,
    Card.BONUS_400: 5,
    Card.BONUS_500: 5,
    Card.BONUS_600: 5,
    Card.X2: 5,
    Card.PLUS_MINUS: 5,
    Card.STREET: 5,
    Card.CLOVERLEAF: 1,
}
DECK_SIZE = sum(DECK_COMPOSITION.values())

CARD_ORDER: tuple[Card, ...] = tuple(Card)
_INDEX = {card: i for i, card in enumerate(CARD_ORDER)}
FULL_DECK: tuple[int, ...] = tuple(DECK_COMPOSITION[c] for c in CARD_ORDER)


class Deck:
    """Helpers over a deck stored as a tuple of counts in :data:`CARD_ORDER` (cheap to copy)."""

    @staticmethod
    def left(counts: tuple[int, ...], card: Card) -> int:
        """How many cards of this kind are still in the deck."""
        return counts[_INDEX[card]]

    @staticmethod
    def take(counts: tuple[int, ...], card: Card) -> tuple[int, ...]:
        """The counts after drawing ``card`` (the caller has checked that one is left)."""
        i = _INDEX[card]
        return counts[:i] + (counts[i] - 1,) + counts[i + 1 :]

    @staticmethod
    def as_dict(counts: tuple[int, ...]) -> dict[Card, int]:
        """The counts by card kind, for the ``deck`` command."""
        return dict(zip(CARD_ORDER, counts, strict=True))
