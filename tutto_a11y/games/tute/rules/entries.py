"""Entries: what the scorekeeper enters in a round, and their canonical journal text.

A match is nothing but its list of entries. The journal text (``trump cups``, ``cante 0 gold``,
``tute 2 kings``, ``points 70 50``, ``points 70 50 last 1``, ``last 1``) holds seats and sides
as numbers and suits as ids, so it does not depend on the language or on the names typed.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Word
from tutto_a11y.core.record import Record

from .errors import MalformedEntry
from .suits import Suit


class TuteOf(Word):
    """What a Tute is made of."""

    KINGS = "kings"
    KNIGHTS = "knights"


class Trump(Record):
    """The suit of the last dealt card: the first entry of every round."""

    suit: Suit

    def text(self) -> str:
        return f"trump {self.suit.value}"


class Cante(Record):
    """King and Knight of one suit announced by the player in ``seat`` (for that seat's side)."""

    seat: int
    suit: Suit

    def text(self) -> str:
        return f"cante {self.seat} {self.suit.value}"


class Tute(Record):
    """Four Kings or four Knights announced by the player in ``seat``: the round ends."""

    seat: int
    of: TuteOf

    def text(self) -> str:
        return f"tute {self.seat} {self.of.value}"


class CardPoints(Record):
    """The card points each side took, in side order; with ``last`` also the last trick."""

    points: tuple[int, ...]
    last: int | None = None  # the side that took the last trick, when typed on the same line

    def text(self) -> str:
        text = "points " + " ".join(str(p) for p in self.points)
        return text if self.last is None else f"{text} last {self.last}"


class LastTrick(Record):
    """The side that took the last trick (after the card points)."""

    side: int

    def text(self) -> str:
        return f"last {self.side}"


Entry = Trump | Cante | Tute | CardPoints | LastTrick


def parse_entry(text: str) -> Entry:
    """An entry from its journal text; MalformedEntry for anything else."""
    words = text.split()
    try:
        if len(words) == 2 and words[0] == "trump":
            return Trump(Suit(words[1]))
        if len(words) == 3 and words[0] == "cante":
            return Cante(_number(words[1]), Suit(words[2]))
        if len(words) == 3 and words[0] == "tute":
            return Tute(_number(words[1]), TuteOf(words[2]))
        if len(words) == 2 and words[0] == "last":
            return LastTrick(_number(words[1]))
        if len(words) >= 2 and words[0] == "points":
            if len(words) >= 4 and words[-2] == "last":
                return CardPoints(tuple(_number(w) for w in words[1:-2]), _number(words[-1]))
            return CardPoints(tuple(_number(w) for w in words[1:]))
    except ValueError:
        pass
    raise MalformedEntry("unknown-entry", text=text)


def _number(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise ValueError(word)
    return int(word)
