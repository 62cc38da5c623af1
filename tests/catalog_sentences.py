"""Every sentence of the catalogs that the table says, filled in as the game fills it.

The speech tests read each German and French sentence the play loop can say (the messages of
every game, the loop's own and the problems it words) with realistic values: a count is 1 in
the singular form and 2 or 21 in the plural form (21 cards are left in the deck often enough),
a card is the card that needs a spoken name, and every other value is one a game really has.
What the program then gives eSpeak NG is ``spoken(sentence)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from scripts import catalogs
from tutto_a11y.core.record import Record
from tutto_a11y.text.i18n import Catalog

#: Where the sentences the table says are written: the games, the loop and its problems.
SAID_AT_THE_TABLE = ("tutto_a11y/games/", "tutto_a11y/table/", "tutto_a11y/text/problems.py")
#: Beside them, and never said: the help of every option, which ``--help`` prints.
NOT_SAID = ("tutto_a11y/config/options.py",)

#: Placeholders that count something, and so are 1 as often as anything else.
COUNTS = frozenset({"n", "best", "count", "games", "wins", "nieten", "tuttos", "yatzees",
                    "tutes", "rounds_won", "turns", "minimum"})
#: Counts that a sentence without a plural form never has as 1 ("Type {n} numbers", one for
#: each side; "would have given {best} percent"): the plural forms are where they are 1.
PLURAL_ONLY = frozenset({"n", "best"})

#: Every other number, as a game has it (points are multiples of 50 in Tutto).
NUMBERS = {"most": 4000, "average": 226, "average_banked": 450, "banked": 12, "bonus": 300,
           "bonus_rate": 40, "face": 5, "index": 12, "limit": 80, "maximum": 10,
           "missing": 12, "need": 500, "number": 3, "percent": 12, "points": 150, "round": 3,
           "rounds": 18, "score": 2450, "target": 6000, "threshold": 63, "total": 300,
           "turn": 4, "upper": 52, "value": 376, "needed": 3}

_PLACEHOLDER = re.compile(r"\{(\w+)(?:![rs])?\}")


class Said(Record):
    """One sentence as printed with one set of values."""

    msgid: str
    count: int
    text: str


def _words(lang: str) -> dict[str, str]:
    """Texts for the placeholders that are words: the ones that matter for speech are real."""
    c = Catalog(lang)
    return {"name": "Anna", "first": "Anna", "second": "Ben", "last": "Ben",
            "names": c.gettext("{names} and {last}", names="Anna", last="Ben"),
            "card": c.pgettext("card", "x2"), "faces": "1, 5", "roll": "1 5 2 3 4 6",
            "example": "1 5 5 2 3 6", "field": c.pgettext("field", "One pair")}


def said_at_the_table(lang: str) -> Iterator[Said]:
    """Every sentence of ``lang`` the table can say, each form with its realistic counts."""
    template = catalogs.extract()
    translated = catalogs.load(lang)
    words = _words(lang)
    for message in template:
        if not message.id or not any(path.startswith(SAID_AT_THE_TABLE)
                                     and not path.startswith(NOT_SAID)
                                     for path, _ in message.locations):
            continue
        entry = translated.get(message.id, context=message.context)
        if entry is None or not entry.string:
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        assert isinstance(msgid, str)
        plural = isinstance(message.id, tuple)
        for index, form in enumerate(forms):
            assert isinstance(form, str)
            for count in ((1,) if index == 0 else (2, 21)):
                def fill(match: re.Match[str], count: int = count, plural: bool = plural) -> str:
                    key = match.group(1)
                    if key in COUNTS:
                        return str(count if plural or key not in PLURAL_ONLY else 2)
                    if key in NUMBERS:
                        return str(NUMBERS[key])
                    return words.get(key, "\u2026")
                yield Said(msgid, count, _PLACEHOLDER.sub(fill, form))
