"""Spoken forms: what eSpeak NG should be given instead of the printed announcement.

The printed line is written for braille displays and screen readers, which read it well.
eSpeak NG, however, reads a few written forms badly (checked with ``espeak-ng -v LANG -q -x``,
which prints the phonemes it would say):

* the card "x2" is read "ex two" / "ix zwei" / "ix deux" in every language, and the German
  Yatzee field "2x3 Gleiche" "zwei ix drei";
* "Plus/Minus" is read "plus slash minus" in English, and the French card "Plus/Moins"
  also needs its "ou";
* French drops the sign of "-500" entirely (it says "cinq cents"), and reads the minus
  sign U+2212 in English;
* the commas between the faces of a roll ("1, 5, 5") are read as pauses, which make a roll
  long to hear; the faces alone ("1 5 5") are as clear and quicker;
* numbers grouped with a no-break space (U+00A0) or a narrow no-break space (U+202F), as
  locale-aware formatting does in French, are read digit group by digit group
  ("dix zéro zéro zéro"); plain "1000", "1.000" (de), "1,000" (en) are read fine.

Each language has a small table of (pattern, replacement) pairs, applied in order.
Patterns use word boundaries so that names and other words are never touched.
"""

from __future__ import annotations

import re

__all__ = ["spoken"]

_Rule = tuple["re.Pattern[str]", str]


def _rule(pattern: str, replacement: str) -> _Rule:
    return re.compile(pattern, re.IGNORECASE), replacement


# The card word: "x2" or "\u00d72" (multiplication sign), standing alone (not in "max2", "x20").
_TIMES_TWO = "(?<!\\w)[x\u00d7]\\s?2(?!\\w)"
# The Plus/Minus card, however it is spaced or translated.
_PLUS_MINUS = r"\bplus\s*/\s*(?:minus|moins)\b"

_COMMON: list[_Rule] = [
    # "10 000" with a (narrow) no-break space between digit groups: join the groups.
    (re.compile(r"(?<=\d)[\u00a0\u202f](?=\d{3}(?!\d))"), ""),
    # The faces of a roll, "1, 5, 5, 2": each comma is a pause of about a quarter second, a
    # second and more per roll; said as "1 5 5 2" the faces stay distinct and are quicker.
    (re.compile(r"(?<!\d)(\d), (?=\d(?!\d))"), r"\1 "),
]

_TABLES: dict[str, list[_Rule]] = {
    "en": [
        _rule(_TIMES_TWO, "times two"),
        _rule(_PLUS_MINUS, "plus minus"),
    ],
    "de": [
        _rule(_TIMES_TWO, "mal zwei"),
        _rule(_PLUS_MINUS, "Plus Minus"),
        # The Yatzee field "2x3 Gleiche" is read "zwei ix drei": it is said as the sheet means.
        _rule(r"(?<!\w)2x3(?!\w)", "zweimal drei"),
    ],
    "fr": [
        _rule(_TIMES_TWO, "fois deux"),
        _rule(_PLUS_MINUS, "plus ou moins"),
        # A minus sign directly before a number (not a range like "1-5").
        _rule(r"(?<![\w])[-\u2212](?=\d)", "moins "),
    ],
}


def _base_language(lang: str) -> str:
    """'de-CH', 'de_DE' and 'DE' all use the German table."""
    return lang.replace("_", "-").split("-")[0].lower()


def spoken(text: str, lang: str) -> str:
    """Return ``text`` in the form eSpeak NG reads naturally in ``lang``.

    Unknown languages only get the language-independent fixes, so the function never fails.
    """
    for pattern, replacement in _COMMON + _TABLES.get(_base_language(lang), []):
        text = pattern.sub(replacement, text)
    return text
