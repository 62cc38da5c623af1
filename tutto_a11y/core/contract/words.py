"""Fixed words that are written into files and read back: the base of the games' word enums.

A journal, an export or a settings file holds plain words (``banked``, ``oros``); the code names
enum members. Because a member *is* its word (a ``str``), writing it and reading it back need no
translation step that could drift.
"""

from __future__ import annotations

from enum import Enum


class Word(str, Enum):
    """An enum whose members are fixed words of the files (exports, journals), e.g. ``banked``.

    Members compare, hash, print and serialise as their word, so a member and the word read
    back from an export are the same key; code names the member, never the bare string.
    """

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class Verbosity(Word):
    """How much the table says after each entry (``--verbosity``, the settings file's
    ``verbosity``): every game's messages take one, so it is written here, once."""

    BRIEF = "brief"  # the minimum: what the entry did, the key fact first
    NORMAL = "normal"
    FULL = "full"  # adds what can be typed next

    @classmethod
    def of(cls, word: str) -> Verbosity:
        """The verbosity a word (or member) names, NORMAL for any other word: an unknown
        verbosity never keeps the table from speaking."""
        try:
            return cls(word)
        except ValueError:
            return cls.NORMAL


class GameStatus(Word):
    """What a saved game is, as the games file stores it and ``games``, ``show`` and the
    exports say it. The games table's CHECK spells the same three words in its migration,
    which is history and is never edited."""

    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"
