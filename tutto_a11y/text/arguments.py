"""How a typed word is echoed in a refusal, and the words of a command line
that name a game or a command.

A refused value is echoed back short and printable (:func:`shown`); lists are said by
``text/lists.py``. The checkers of the options' values, which
word their refusals with these, are the configuration's (``config/values.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.text.i18n import Catalog, chosen_lang
from tutto_a11y.text.lists import and_list
from tutto_a11y.text.names import terminal_safe

MAX_GAME_ID = 2**63 - 1  # SQLite's largest row id: a bigger id can be no game at all
SHOWN_VALUE = 24  # characters of a refused value that are echoed back


def _c() -> Catalog:
    """Our sentences in the language chosen for this run (see ``i18n.use_for_click``)."""
    return Catalog(chosen_lang())


def shown(value: object) -> str:
    """A refused value as it is echoed: printable, and short enough to read aloud."""
    return terminal_safe(str(value), limit=SHOWN_VALUE) or '""'


def game_ref(text: str) -> str | None:
    """A typed game id as the store knows it (``"3"``, ``"last"``), or None if no game can have it.

    An id is a positive whole number that fits SQLite's row ids; anything else ("abc", a
    5,000-digit number) names no game, and is answered as such before the store is asked.
    """
    ref = text.strip()
    if ref.lower() == "last":
        return "last"
    if not (ref.isascii() and ref.isdigit()) or len(ref) > 19:
        return None
    number = int(ref)
    return str(number) if 1 <= number <= MAX_GAME_ID else None


def not_a_command(word: str, commands: Sequence[str]) -> str:
    """A first word that names no command (``tutto-tally shwo``)."""
    return _c().gettext("{word} is not a command: the commands are {commands}.",
                        word=shown(word), commands=and_list(list(commands), _c()))
