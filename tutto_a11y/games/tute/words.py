"""The words people type at a Tute table, in English, German and French, and how they match.

Tables use the Spanish names of the suits and cards whatever language they speak, so
``oros``, ``copas``, ``espadas`` and ``bastos`` (and ``reyes``, ``caballos``) are understood in
every language, beside each language's own words. As in every game of the table, case and
accents do not matter and a unique beginning is enough (``esp`` is ``espadas``); English
words work in every language without taking a prefix from the language's own words.
"""

from __future__ import annotations

from tutto_a11y.games.tute.rules import Suit, TuteOf
from tutto_a11y.text import vocabulary as _vocabulary

COMMANDS = ("undo", "scores", "status", "repeat", "help", "quit")
SUIT_MEANINGS = {f"suit:{suit.value}": suit for suit in Suit}
TUTE_MEANINGS = {f"tute:{of.value}": of for of in TuteOf}

#: The Spanish-derived words every table uses, understood in every language.
SPANISH: dict[str, tuple[str, ...]] = {
    "suit:gold": ("oros",), "suit:cups": ("copas",), "suit:swords": ("espadas",),
    "suit:clubs": ("bastos",), "tute:kings": ("reyes",), "tute:knights": ("caballos",),
    "cante": ("cante",), "tute": ("tute",), "last": ("últimas",),
}

#: Accepted words by language; the first word of each meaning is the one ``help`` shows.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "undo": ("undo",), "scores": ("scores",), "status": ("status",),
        "repeat": ("repeat", "again"), "help": ("help",), "quit": ("quit", "exit"),
        "suit:gold": ("gold", "coins"), "suit:cups": ("cups",), "suit:swords": ("swords",),
        "suit:clubs": ("clubs", "batons"), "cante": ("cante", "announce"), "tute": ("tute",),
        "points": ("points",), "last": ("last",), "tute:kings": ("kings",),
        "tute:knights": ("knights", "horses"),
    },
    "de": {
        "undo": ("rückgängig", "zurück"), "scores": ("stand", "spielstand"),
        "status": ("status",), "repeat": ("wiederholen", "nochmal"), "help": ("hilfe",),
        "quit": ("beenden", "ende"),
        "suit:gold": ("gold", "münzen"), "suit:cups": ("kelche", "becher"),
        "suit:swords": ("schwerter",), "suit:clubs": ("keulen", "stäbe"),
        "cante": ("ansage", "melden"), "tute": ("tute",),
        "points": ("punkte", "kartenpunkte", "augen"),
        "last": ("letzter", "letzte"), "tute:kings": ("könige",), "tute:knights": ("reiter",),
    },
    "fr": {
        "undo": ("annuler",), "scores": ("scores", "marque"), "status": ("état",),
        "repeat": ("répéter", "encore"), "help": ("aide",), "quit": ("quitter",),
        "suit:gold": ("deniers", "or"), "suit:cups": ("coupes",), "suit:swords": ("épées",),
        "suit:clubs": ("bâtons",), "cante": ("annonce", "chant"), "tute": ("tute",),
        "points": ("points",), "last": ("dernier", "dernière"), "tute:kings": ("rois",),
        "tute:knights": ("cavaliers",),
    },
}


#: What a prompt offers in more than one word ("cante, Tute or card points?"): each is read as
#: its meaning when a line begins with it, in the table's language or in English.
PHRASES: dict[str, dict[str, str]] = {
    "en": {"card points": "points"},
    "de": {},
    "fr": {"points des cartes": "points"},
}


def shown(meaning: str, lang: str) -> str:
    """The word ``help`` shows for a meaning in a language."""
    return WORDS.get(lang, WORDS["en"])[meaning][0]


def all_words(lang: str) -> list[str]:
    """Every word of a language with the Spanish ones, for Tab completion."""
    table = WORDS.get(lang, WORDS["en"])
    return list(dict.fromkeys([w for ws in table.values() for w in ws]
                              + [w for ws in SPANISH.values() for w in ws]))


#: Every language's words with the Spanish ones added: what the shared matching reads.
TABLE: dict[str, dict[str, tuple[str, ...]]] = {
    lang: {meaning: words + SPANISH.get(meaning, ()) for meaning, words in table.items()}
    for lang, table in WORDS.items()}


class Vocabulary(_vocabulary.Vocabulary):
    """Tute's words in one language with the Spanish ones, then English (the table's matching
    of ``text/vocabulary.py``, as in every game)."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang, TABLE)
