"""How a typed word is matched, for every game: forgiving for fast typing.

Case and accents do not matter (``strasse`` is ``Straße``, ``aufhoeren`` and ``aufhoren``
are ``aufhören``), a unique prefix is enough (``str``
is ``street``), and English words work in every language. A prefix that fits several meanings
is answered with the candidates, unless only one of them makes sense at this step. Each game
brings its own table of words; the table's own yes/no question has :data:`TABLE_WORDS`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tutto_a11y.core.contract import AmbiguousEntry, MalformedEntry

#: The words of the table itself, before any game is chosen (go on with a running game?).
TABLE_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"yes": ("yes",), "no": ("no",), "quit": ("quit", "exit")},
    "de": {"yes": ("ja",), "no": ("nein",), "quit": ("beenden", "ende")},
    "fr": {"yes": ("oui",), "no": ("non",), "quit": ("quitter",)},
}


def normalise(text: str) -> str:
    """Lower case, no accents, ß as ss, letters and digits only: how typed words are compared."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def spellings(word: str) -> tuple[str, ...]:
    """The normalised ways to type ``word``: ``rückgängig`` as ``ruckgangig`` or, as a German
    keyboard without umlauts writes it, ``rueckgaengig``."""
    spelled_out = unicodedata.normalize("NFC", word.casefold()).translate(_SPELLED_OUT)
    return tuple(dict.fromkeys((normalise(word), normalise(spelled_out))))


class Vocabulary:
    """The words understood in one game: the game's language first, then English.

    English words work in every language, but they never take a prefix away from the game's
    own words: in German ``a`` at the bank step is ``aufhören``, not English ``again``.
    ``words`` is a game's table of words: language -> meaning -> words, the first shown.
    """

    def __init__(self, lang: str, table: dict[str, dict[str, tuple[str, ...]]]) -> None:
        self.lang = lang if lang in table else "en"
        self._tiers: list[list[tuple[str, str]]] = []  # (normalised word, meaning), by language
        self._spelled: dict[str, str] = {}  # normalised word -> as written
        seen: set[tuple[str, str]] = set()
        for source in dict.fromkeys((self.lang, "en")):
            tier: list[tuple[str, str]] = []
            for meaning, words in table[source].items():
                for word in words:
                    for key in spellings(word):
                        if (key, meaning) not in seen:
                            seen.add((key, meaning))
                            tier.append((key, meaning))
                            self._spelled.setdefault(key, word)
            self._tiers.append(tier)

    def match(self, typed: str, among: Iterable[str] | None = None,
              preferred: Iterable[str] = ()) -> str:
        """The meaning of a typed word.

        ``among`` limits the meanings considered (e.g. yes/no questions); ``preferred`` are the
        meanings that make sense now and settle a prefix that fits several meanings. Whole
        words are looked up before prefixes, and the game's language before English.
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
        for candidates in tiers:
            fitting: dict[str, str] = {}  # meaning -> the first word of it that fits the prefix
            for w, m in candidates:
                if w.startswith(key):
                    fitting.setdefault(m, self._spelled[w])
            if fitting:
                return self._one_of(typed, fitting, preferred)
        raise MalformedEntry("unknown-word", word=typed.strip())

    @staticmethod
    def _one_of(typed: str, fitting: dict[str, str], preferred: Iterable[str]) -> str:
        """The one meaning a prefix can have now, or AmbiguousEntry naming the candidates."""
        meanings = list(fitting)
        if len(meanings) == 1:
            return meanings[0]
        now = [m for m in meanings if m in set(preferred)]
        if len(now) == 1:
            return now[0]
        raise AmbiguousEntry("ambiguous-word", word=typed.strip(),
                             candidates=tuple(fitting[m] for m in (now or meanings)))
