"""The checks of raw input that every game shares: a typed line, die faces, the players.

They come before any game's own rules, so the same slip (a pasted page, a control character,
a 7 among dice, a name typed twice) is refused with the same reason in every game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import MalformedEntry

MAX_LINE = 120  # characters; a longer line is a slip (a paste, a stuck key), never an entry


def check_line(line: str) -> str:
    """A typed line without surrounding blanks, or MalformedEntry for what can never be an
    entry of any game: too long, or with control characters."""
    if len(line) > MAX_LINE:
        raise MalformedEntry("line-too-long", limit=MAX_LINE)
    if any(unicodedata.category(ch) in ("Cc", "Cf") and ch != "\t" for ch in line):
        raise MalformedEntry("control-characters")
    return line.strip()


def parse_faces(text: str) -> tuple[int, ...]:
    """Die faces from ``1 5 5``, ``1,5,5`` or ``155``, for every game played with six-sided
    dice; MalformedEntry for anything that is not a face. Used for journals and, after word
    matching, for what people type."""
    faces: list[int] = []
    for ch in text:
        if ch in " ,;.-/\t":
            continue
        if "1" <= ch <= "6":
            faces.append(ord(ch) - 48)
        elif ch.isdigit():
            raise MalformedEntry("face-out-of-range", face=ch)
        else:
            raise MalformedEntry("not-faces", text=text)
    if not faces:
        raise MalformedEntry("no-faces")
    return tuple(faces)


def check_seats(names: Iterable[str], minimum: int, maximum: int) -> tuple[str, ...]:
    """The seat order of a game for ``minimum`` to ``maximum`` players: spaces tidied, no
    empty name, no name twice (compared without case)."""
    cleaned = tuple(" ".join(name.split()) for name in names)
    if len(cleaned) < minimum:
        raise MalformedEntry("too-few-players", minimum=minimum, got=len(cleaned))
    if len(cleaned) > maximum:
        raise MalformedEntry("too-many-players", maximum=maximum, got=len(cleaned))
    seen: set[str] = set()
    for name in cleaned:
        if not name:
            raise MalformedEntry("empty-name")
        if name.casefold() in seen:
            raise MalformedEntry("duplicate-name", name=name)
        seen.add(name.casefold())
    return cleaned
