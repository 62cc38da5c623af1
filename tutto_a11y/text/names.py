"""One rule for player names, whichever way they come in, and safe printing of stored text.

Names arrive typed in the set-up dialogue, from ``--players`` or ``TUTTO_PLAYERS``, and come
back from the games file. A name is read aloud and shown on a Braille display, so it must be
printable text of a sensible length; escape sequences in a name would change the user's
terminal (its title, its colours) and an invisible character would make two players look alike.
Every name is therefore normalised (NFC, blanks collapsed) and checked the same way here, and
everything printed from stored data goes through :func:`terminal_safe`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from tutto_a11y.core.contract import MalformedEntry

if TYPE_CHECKING:
    from tutto_a11y.core.contract import EntryList

G = TypeVar("G", bound="EntryList[Any, Any, Any, Any]")  # any game of the contract

MAX_NAME = 30  # characters: a long name reads badly aloud and fills a 40-cell Braille line
_UNPRINTABLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def _unprintable(ch: str) -> bool:
    return unicodedata.category(ch) in _UNPRINTABLE


def clean_name(text: str) -> str:
    """The name as it is kept: NFC, blanks collapsed; MalformedEntry if it cannot be a name.

    Bytes that were not UTF-8 reach Python as lone surrogates (category Cs) and are refused
    here like control characters, before anything tries to print them.
    """
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise MalformedEntry("bad-bytes")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if any(_unprintable(ch) for ch in name):
        raise MalformedEntry("control-characters")
    if not name:
        raise MalformedEntry("empty-name")
    if len(name) > MAX_NAME:
        raise MalformedEntry("name-too-long", limit=MAX_NAME)
    return name


def same_name(a: str, b: str) -> bool:
    """Whether two names would be taken for the same player (case and width do not count)."""
    return _key(a) == _key(b)


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_new_name(text: str, taken: Iterable[str]) -> str:
    """One more name for the seat list: clean, and not a name already taken."""
    name = clean_name(text)
    if any(same_name(name, other) for other in taken):
        raise MalformedEntry("duplicate-name", name=name)
    return name


def check_names(names: Iterable[str], minimum: int, maximum: int) -> tuple[str, ...]:
    """A whole seat list (``--players``): every name checked, between the game's limits."""
    given = list(names)
    if len(given) > maximum:
        raise MalformedEntry("too-many-players", maximum=maximum, got=len(given))
    checked: list[str] = []
    for text in given:
        checked.append(check_new_name(text, checked))
    if len(checked) < minimum:
        raise MalformedEntry("too-few-players", minimum=minimum, got=len(checked))
    return tuple(checked)


def terminal_safe(text: str, limit: int | None = None) -> str:
    """Stored or typed text made harmless to print: no control or invisible characters.

    Such characters are dropped (an escape sequence loses its escape and shows as plain
    letters), the rest is NFC; with ``limit`` a longer text is cut and ends in "...".
    """
    cleaned = "".join(ch for ch in unicodedata.normalize("NFC", text) if not _unprintable(ch)
                      and not 0xD800 <= ord(ch) <= 0xDFFF)
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[: max(1, limit - 3)].rstrip() + "..."
    return cleaned


def printable_names(names: Iterable[str]) -> tuple[str, ...]:
    """Stored names as they may be printed and said, still one distinct name per seat.

    Games saved before names were checked can hold escape sequences; a name that becomes like
    another once cleaned gets its seat number, so no two players ever read alike.
    """
    safe = [terminal_safe(name, limit=MAX_NAME) or "?" for name in names]
    for seat, name in enumerate(safe):
        if any(same_name(name, other) for other in safe[:seat]):
            safe[seat] = f"{name[:MAX_NAME - 3]} {seat + 1}"
    return tuple(safe)


def with_printable_names(game: G) -> G:
    """The game (any game of the contract) with printable player names, for sheets and
    exports: rebuilt from its entries under the cleaned names; the journal is untouched."""
    safe = printable_names(game.players)
    if safe == game.players:
        return game
    shown = type(game)(safe, game.rules)
    for entry in game.entries:  # the checked path, as typing them
        shown.push(entry)
    return shown

