"""The words people type at a Tute table, in English, German and French, and how they match.

Tables use the Spanish names of the suits and cards whatever language they speak, so
``oros``, ``copas``, ``espadas`` and ``bastos`` (and ``reyes``, ``caballos``) are understood in
every language, beside each language's own words. As in every game of the table, case and
accents do not matter and a unique beginning is enough (``esp`` is ``espadas``); English
words work in every language without taking a prefix from the language's own words.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

from tutto_a11y.games.tute.rules import AmbiguousEntry, MalformedEntry, Suit, TuteOf

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
        "tute:knights": ("knights", "horses"), "yes": ("yes",), "no": ("no",),
    },
    "de": {
        "undo": ("rückgängig", "zurück"), "scores": ("stand", "spielstand"),
        "status": ("status",), "repeat": ("wiederholen", "nochmal"), "help": ("hilfe",),
        "quit": ("beenden", "ende"),
        "suit:gold": ("gold", "münzen"), "suit:cups": ("kelche", "becher"),
        "suit:swords": ("schwerter",), "suit:clubs": ("keulen", "stäbe"),
        "cante": ("ansage", "melden"), "tute": ("tute",), "points": ("punkte", "augen"),
        "last": ("letzter", "letzte"), "tute:kings": ("könige",), "tute:knights": ("reiter",),
        "yes": ("ja",), "no": ("nein",),
    },
    "fr": {
        "undo": ("annuler",), "scores": ("scores", "marque"), "status": ("état",),
        "repeat": ("répéter", "encore"), "help": ("aide",), "quit": ("quitter",),
        "suit:gold": ("deniers", "or"), "suit:cups": ("coupes",), "suit:swords": ("épées",),
        "suit:clubs": ("bâtons",), "cante": ("annonce", "chant"), "tute": ("tute",),
        "points": ("points",), "last": ("dernier", "dernière"), "tute:kings": ("rois",),
        "tute:knights": ("cavaliers",), "yes": ("oui",), "no": ("non",),
    },
}


def normalise(text: str) -> str:
    """Lower case, no accents, ß as ss, letters and digits only: how typed words compare."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


def shown(meaning: str, lang: str) -> str:
    """The word ``help`` shows for a meaning in a language."""
    return WORDS.get(lang, WORDS["en"])[meaning][0]


def all_words(lang: str) -> list[str]:
    """Every word of a language with the Spanish ones, for Tab completion."""
    table = WORDS.get(lang, WORDS["en"])
    return list(dict.fromkeys([w for ws in table.values() for w in ws]
                              + [w for ws in SPANISH.values() for w in ws]))


class Vocabulary:
    """The words understood at one table: the language's own and the Spanish ones first,
    then English."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in WORDS else "en"
        own = {m: WORDS[self.lang][m] + SPANISH.get(m, ()) for m in WORDS[self.lang]}
        self._tiers: list[list[tuple[str, str]]] = []
        self._spelled: dict[str, str] = {}
        seen: set[tuple[str, str]] = set()
        for table in (own, WORDS["en"]) if self.lang != "en" else (own,):
            tier: list[tuple[str, str]] = []
            for meaning, words in table.items():
                for word in words:
                    key = normalise(word)
                    if (key, meaning) not in seen:
                        seen.add((key, meaning))
                        tier.append((key, meaning))
                        self._spelled.setdefault(key, word)
            self._tiers.append(tier)

    def match(self, typed: str, among: Iterable[str] | None = None,
              preferred: Iterable[str] = ()) -> str:
        """The meaning of a typed word: whole words before prefixes, own language first.

        ``among`` limits the meanings considered; ``preferred`` settles a prefix that fits
        several meanings when only one of them makes sense now.
        """
        key = normalise(typed)
        if not key:
            raise MalformedEntry("unknown-word", word=typed.strip())
        allowed = None if among is None else set(among)
        tiers = [[(w, m) for w, m in tier if allowed is None or m in allowed]
                 for tier in self._tiers]
        for candidates in tiers:
            exact = {m for w, m in candidates if w == key}
            if len(exact) == 1:
                return exact.pop()
        wanted = set(preferred)
        for candidates in tiers:
            fitting: dict[str, str] = {}
            for w, m in candidates:
                if w.startswith(key):
                    fitting.setdefault(m, self._spelled[w])
            if len(fitting) == 1:
                return next(iter(fitting))
            if fitting:
                now = [m for m in fitting if m in wanted]
                if len(now) == 1:
                    return now[0]
                raise AmbiguousEntry("ambiguous-word", word=typed.strip(),
                                     candidates=tuple(fitting[m] for m in (now or fitting)))
        raise MalformedEntry("unknown-word", word=typed.strip())
