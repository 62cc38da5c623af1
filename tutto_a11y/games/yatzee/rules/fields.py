"""The 18 fields of a player's column (docs/rules/yatzee.md section 3), in the paper sheet's order.

A field's value is its id in journals and exports (``house``, ``two-triples``); the words people
type and hear are the message layer's business.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Word


class Field(Word):
    """One box of the score sheet; the value is the id of the export contract."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    ONE_PAIR = "one-pair"
    TWO_PAIRS = "two-pairs"
    THREE_PAIRS = "three-pairs"
    THREE_OF_A_KIND = "three-of-a-kind"
    FOUR_OF_A_KIND = "four-of-a-kind"
    TWO_TRIPLES = "two-triples"
    SMALL_STRAIGHT = "small-straight"
    LARGE_STRAIGHT = "large-straight"
    ROYAL = "royal"
    HOUSE = "house"
    CHANCE = "chance"
    YATZEE = "yatzee"

    @property
    def in_upper_section(self) -> bool:
        """Upper-section fields count the dice of one face and never get the throw bonus."""
        return self in FACE

    @classmethod
    def from_id(cls, field_id: str) -> Field:
        """The field of an id; ValueError for an unknown one."""
        return cls(field_id)


#: The face each upper-section field counts.
FACE: dict[Field, int] = {Field.ONES: 1, Field.TWOS: 2, Field.THREES: 3, Field.FOURS: 4,
                          Field.FIVES: 5, Field.SIXES: 6}
#: The paper sheet's order: the upper section, then the lower section.
ORDER: tuple[Field, ...] = tuple(Field)
UPPER: tuple[Field, ...] = ORDER[:6]
LOWER: tuple[Field, ...] = ORDER[6:]
INDEX: dict[Field, int] = {field: i for i, field in enumerate(ORDER)}
FIELD_COUNT = len(ORDER)
