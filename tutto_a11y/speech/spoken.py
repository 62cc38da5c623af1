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
  ("dix zéro zéro zéro"); plain "1000", "1.000" (de), "1,000" (en) are read fine.

Each language has a small table of (pattern, replacement) pairs, applied in order: the fixes
for every language, then every game's words (in the registry's order: the speaker does not
know which game is played), then the language's own fixes.
Patterns use word boundaries so that names and other words are never touched.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tutto_a11y.games import registry

__all__ = ["spoken"]

_Rule = tuple["re.Pattern[str]", str]


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


@lru_cache(maxsize=16)
def _table(lang: str) -> tuple[_Rule, ...]:
    """Every rule for ``lang`` (a base language), compiled once."""
    games = [_rule(pattern, replacement) for kind in registry.GAMES.values()
             for pattern, replacement in kind.pronunciations().get(lang, [])]
    return tuple(_COMMON + games + _LANGUAGE.get(lang, []))


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
