"""Spoken forms: what eSpeak NG should be given instead of the printed announcement.

The printed line is written for braille displays and screen readers, which read it well.
eSpeak NG, however, reads a few written forms badly (checked with ``espeak-ng -v LANG -q -x``,
which prints the phonemes it would say):

* a game's own words, such as Tutto's card "x2" (read "ex two") or Yatzee's German field
  "2x3 Gleiche" (read "zwei ix drei"): each game keeps them in its own
  ``games/<name>/pronunciations.py``, found through the registry;
* French drops the sign of "-500" entirely (it says "cinq cents"), and reads the minus
  sign U+2212 in English;
* the commas between the faces of a roll ("1, 5, 5") are read as pauses, which make a roll
  long to hear; the faces alone ("1 5 5") are as clear and quicker;
* numbers grouped with a no-break space (U+00A0) or a narrow no-break space (U+202F), as
  locale-aware formatting does in French, are read digit group by digit group
  ("dix zéro zéro zéro"); plain "1000", "1.000" (de), "1,000" (en) are read fine;
* a number before its noun does not agree with it: eSpeak NG reads "noch 1 Würfel" as "noch
  eins Würfel", "mit 1 Würfel" as "mit eins Würfel" and "1 décision" or "21 cartes" as "un
  décision", "vingt et un cartes". The printed "1" is right (digits are quicker to read on a
  Braille display and line up with "noch 2 Würfel"), so only the spoken form says the number
  word that agrees: "noch ein Würfel", "mit einem Würfel", "une décision", "vingt et une
  cartes". Which nouns are counted, and their gender, is data: the nouns of every sentence
  here and each game's own in its ``pronunciations.py`` (``COUNTED``); German takes the case
  from the word before the number ("mit", "für", "gib").

Each language has a small table of (pattern, replacement) pairs, applied in order: the fixes
for every language, then every game's words (in the registry's order: the speaker does not
know which game is played), then the agreement of numbers with their nouns, then the
language's own fixes.
Patterns use word boundaries so that names and other words are never touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from tutto_a11y.games import registry

__all__ = ["counted_nouns", "spoken"]

_Rule = tuple["re.Pattern[str]", "str | Callable[[re.Match[str]], str]"]


def _rule(pattern: str, replacement: str) -> _Rule:
    return re.compile(pattern, re.IGNORECASE), replacement


_COMMON: list[_Rule] = [
    # "10 000" with a (narrow) no-break space between digit groups: join the groups.
    (re.compile(r"(?<=\d)[\u00a0\u202f](?=\d{3}(?!\d))"), ""),
    # The faces of a roll, "1, 5, 5, 2": each comma is a pause of about a quarter second, a
    # second and more per roll; said as "1 5 5 2" the faces stay distinct and are quicker.
    (re.compile(r"(?<!\d)(\d), (?=\d(?!\d))"), r"\1 "),
]

#: A language's own fixes, after the games' words.
_LANGUAGE: dict[str, list[_Rule]] = {
    "fr": [
        # A minus sign directly before a number (not a range like "1-5").
        _rule(r"(?<![\w])[-\u2212](?=\d)", "moins "),
    ],
}


#: Nouns counted in sentences outside any one game (the statistics, the set-up, the score
#: sheet), with their gender; each game adds its own (``COUNTED`` in its pronunciations).
_COUNTED: dict[str, dict[str, str]] = {
    "de": {"Spiel": "n", "Spieler": "m", "Punkt": "m", "Zeichen": "n", "Zahl": "f",
           "Sieg": "m"},
    "fr": {"partie": "f", "fois": "f", "joueur": "m", "point": "m", "ligne": "f",
           "caractère": "m", "valeur": "f"},
}

# German: the indefinite article that "1" is said as, by case and gender.
_GERMAN_ONE = {
    "nom": {"m": "ein", "f": "eine", "n": "ein"},
    "acc": {"m": "einen", "f": "eine", "n": "ein"},
    "dat": {"m": "einem", "f": "einer", "n": "einem"},
}
# "1 davon" stands for a noun said before it: "3 Entscheidungen, 1 davon optimal".
_GERMAN_ONE_OF = {"m": "einer", "f": "eine", "n": "eins"}
# The word before the number (adverbs skipped) gives the case; anything else is nominative.
_GERMAN_DATIVE = frozenset({"mit", "von", "vom", "aus", "bei", "beim", "nach", "seit", "zu",
                            "zum", "zur", "in", "im", "an", "am"})
_GERMAN_ACCUSATIVE = frozenset({"für", "ohne", "um", "gegen", "durch", "gib", "tippe", "braucht",
                                "brauchst", "hat", "hast", "nimmt", "legt", "lege"})
_GERMAN_ADVERBS = frozenset({"noch", "genau", "mindestens", "höchstens", "nur", "etwa"})
# French: a number ending in one before a feminine noun ("21 cartes": "vingt et une cartes").
_FRENCH_TENS_AND_ONE = {21: "vingt et une", 31: "trente et une", 41: "quarante et une",
                        51: "cinquante et une", 61: "soixante et une", 81: "quatre-vingt-une"}
# A number standing alone: not inside "1,5", "1.000", "x-1" or a path.
_NUMBER = r"(?<![\w,.\-/])"


def counted_nouns(lang: str) -> dict[str, str]:
    """Every noun a number is said before in ``lang``, with its gender, from the sentences
    outside the games and from every game (the speaker does not know which game is played)."""
    nouns = dict(_COUNTED.get(lang, {}))
    for kind in registry.GAMES.values():
        nouns.update(kind.counted().get(lang, {}))
    return nouns


def _words(nouns: dict[str, str]) -> str:
    """The nouns as one alternation, the longest first ("Spieler" before "Spiel")."""
    return "|".join(re.escape(noun) for noun in sorted(nouns, key=len, reverse=True))


def _german_case(before: str) -> str:
    """The case of a number's noun, from the words before the number."""
    for word in reversed(before.split()):
        if not word[-1:].isalpha():  # a comma or colon: the number opens its own phrase
            return "nom"
        word = word.lower()
        if word in _GERMAN_DATIVE:
            return "dat"
        if word in _GERMAN_ACCUSATIVE:
            return "acc"
        if word not in _GERMAN_ADVERBS:
            return "nom"
    return "nom"


def _german_agreement(nouns: dict[str, str]) -> list[_Rule]:
    if not nouns:
        return []

    def one(match: re.Match[str]) -> str:
        gender = nouns[match.group("noun")]
        return _GERMAN_ONE[_german_case(match.string[:match.start()])][gender]

    longest_first = sorted(nouns, key=len, reverse=True)  # "Spieler" is no "Spiel"

    def one_of(match: re.Match[str]) -> str:
        for word in reversed(re.findall(r"\w+", match.string[:match.start()])):
            for noun in longest_first:
                if word.startswith(noun):  # "Entscheidungen" is of "Entscheidung"
                    return _GERMAN_ONE_OF[nouns[noun]]
        return match.group(0)

    # An adjective may stand between: "1 beendetes Spiel".
    return [(re.compile(_NUMBER + r"1(?=[ \u00a0](?:[a-zäöüß]+[ \u00a0])?(?P<noun>"
                        + _words(nouns) + r")\b)"), one),
            (re.compile(_NUMBER + r"1(?=[ \u00a0]davon\b)"), one_of)]


def _french_one(number: int) -> str | None:
    """How ``number`` is said before a feminine noun, where that differs from eSpeak NG's
    masculine reading; None where it does not."""
    if number == 1:
        return "une"
    rest, hundreds = number % 100, number - number % 100
    if rest in _FRENCH_TENS_AND_ONE:
        return (f"{hundreds} " if hundreds else "") + _FRENCH_TENS_AND_ONE[rest]
    if rest == 1:  # 101, 201: "cent une"
        return f"{hundreds} une"
    return None


def _french_agreement(nouns: dict[str, str]) -> list[_Rule]:
    feminine = {noun: g for noun, g in nouns.items() if g == "f"}
    if not feminine:
        return []

    def one(match: re.Match[str]) -> str:
        return _french_one(int(match.group(0))) or match.group(0)

    return [(re.compile(_NUMBER + r"\d+(?=[ \u00a0](?:" + _words(feminine) + r")s?\b)",
                        re.IGNORECASE), one)]


def _agreement(lang: str) -> list[_Rule]:
    """The rules that say a number before its noun in the form that agrees with it."""
    if lang == "de":
        return _german_agreement(counted_nouns(lang))
    if lang == "fr":
        return _french_agreement(counted_nouns(lang))
    return []


@lru_cache(maxsize=16)
def _table(lang: str) -> tuple[_Rule, ...]:
    """Every rule for ``lang`` (a base language), compiled once."""
    games = [_rule(pattern, replacement) for kind in registry.GAMES.values()
             for pattern, replacement in kind.pronunciations().get(lang, [])]
    return tuple(_COMMON + games + _agreement(lang) + _LANGUAGE.get(lang, []))


def _base_language(lang: str) -> str:
    """'de-CH', 'de_DE' and 'DE' all use the German table."""
    return lang.replace("_", "-").split("-")[0].lower()


def spoken(text: str, lang: str) -> str:
    """Return ``text`` in the form eSpeak NG reads naturally in ``lang``.

    Unknown languages only get the language-independent fixes, so the function never fails.
    """
    for pattern, replacement in _table(_base_language(lang)):
        text = pattern.sub(replacement, text)
    return text
