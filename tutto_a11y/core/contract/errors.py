"""The three ways an entry can be wrong, a saved line that does not replay, and the reasons.

Entries are refused like python-chess's moves, all ``ValueError``: *malformed* (not an entry at
all), *illegal* (a valid entry, but not allowed now) and *ambiguous* (a word that matches
several). An error is a :class:`~tutto_a11y.core.problem.Problem`: a ``reason`` code and its
``data``, never a sentence; the message layer turns them into one sentence in the game's
language, so the rules stay free of words.
"""

from __future__ import annotations

from tutto_a11y.core.problem import Problem


class EntryError(Problem, ValueError):
    """An entry that was refused. Nothing changed in the game."""

    kind = "error"

    def __init__(self, reason: str, **data: object) -> None:
        super().__init__(reason, data, shown=(f"{reason}: {data}" if data else reason,))


class MalformedEntry(EntryError):
    """The text is not an entry: faces outside 1-6, an unknown word, an empty line."""

    kind = "malformed"


class IllegalEntry(EntryError):
    """A well-formed entry that the rules do not allow now."""

    kind = "illegal"


class AmbiguousEntry(EntryError):
    """A word that matches several entries; ``data['candidates']`` lists them."""

    kind = "ambiguous"


#: Reason codes every game shares: a typed line that is no entry, and the table's own words.
LINE_REASONS = frozenset({"empty-entry", "line-too-long", "control-characters", "bad-bytes",
                          "unknown-word", "ambiguous-word", "game-over", "nothing-to-undo"})
#: Reason codes of the players' names and their number, checked before a game starts.
PLAYER_REASONS = frozenset({"empty-name", "duplicate-name", "name-too-long", "too-few-players",
                            "too-many-players"})


class ReplayError(ValueError):
    """A saved journal line that its game refuses: ``index`` counts from 1."""

    def __init__(self, index: int, text: str, error: Exception | None = None) -> None:
        super().__init__(f"journal entry {index} ({text!r}) does not replay: {error}")
        self.index = index
        self.text = text
        self.error = error
