"""The options' values checked and refused in one sentence in the game's language.

The checkers here know no click: the table of options (``config/options.py``) gives each option
one, the command line is read with them before click (``config/command_line.py``), the settings
file's values are checked with them (``config/file_values.py``), and ``cli/usage.py`` hands them
to click as its types, so that a value is accepted or refused alike whichever way it arrives. A
refusal says what is wrong and what would be valid, naming the option, variable or setting the
value came from. ``--rule NAME=VALUE`` is split here once (:func:`rule_pair`), for ``play`` and
the coach alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.core.contract import Sentences
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.i18n import Catalog, chosen_lang
from tutto_a11y.text.lists import or_list


def _c() -> Catalog:
    """Our sentences in the language chosen for this run (see ``i18n.use_for_click``)."""
    return Catalog(chosen_lang())


class WholeNumber:
    """A whole number, optionally between two bounds."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low = low
        self.high = high

    def parse(self, value: object) -> int:
        """The number ``value`` stands for; ValueError when it is not one in the bounds."""
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
                raise ValueError(value)
            number = int(text)
        if (self.low is not None and number < self.low) or \
                (self.high is not None and number > self.high):
            raise ValueError(value)
        return number

    def refusal(self, value: object, option: str) -> str:
        """Why ``value`` given to ``option`` (``--width``, ``TUTTO_WIDTH``) was refused."""
        if self.low is not None and self.high is not None:
            return _c().gettext("{option} needs a whole number from {low} to {high}, not {value}.",
                                option=option, low=self.low, high=self.high, value=shown(value))
        return _c().gettext("{option} needs a whole number, not {value}.", option=option,
                            value=shown(value))


class OneOf:
    """One of a few fixed words, matched without case; the words stay as the user types them."""

    name = "choice"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)

    def metavar(self) -> str:
        return "[" + "|".join(self.choices) + "]"

    def parse(self, value: object) -> str:
        text = str(value).strip().lower()
        if text in self.choices:
            return text
        raise ValueError(value)

    def refusal(self, value: object, option: str) -> str:
        return _c().gettext("{option} can be {choices}, not {value}.", option=option,
                            choices=or_list(self.choices, _c()), value=shown(value))


class Text:
    """Free text (a file name, a voice id): only bytes that are not text are refused."""

    name = "text"

    def parse(self, value: object) -> str:
        text = str(value)
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            raise ValueError(value)
        return text

    def refusal(self, value: object, option: str) -> str:
        return _c().gettext("{option} holds bytes that are not text: type it again in UTF-8.",
                            option=option)


class Names(Text):
    """Players' names: any text passes here, because the names' own check says what is wrong
    with one (a byte that is not text is a character that cannot be shown or said)."""

    def parse(self, value: object) -> str:
        return str(value)


#: What a value checker is: one of the kinds above.
ValueKind = WholeNumber | OneOf | Text

#: The words a yes-or-no setting takes (``TUTTO_PLAIN=1``, ``sighted = "yes"``), as click reads
#: them for a flag; ``tests/test_quick_start.py`` checks that both agree on every word.
FLAG_WORDS: dict[str, bool] = {
    "1": True, "0": False, "true": True, "false": False, "t": True, "f": False,
    "yes": True, "no": False, "y": True, "n": False, "on": True, "off": False, "": False,
}


#: The words ``settings`` shows for yes and no in German and French ("an", "aus", "oui",
#: "non"), with their synonyms: a kept setting takes them beside the English ones, in any
#: language. The command line and the ``TUTTO_*`` variables are read by click, which knows only
#: the English words (``FLAG_WORDS``).
SETTING_FLAG_WORDS: dict[str, bool] = {
    **FLAG_WORDS, "an": True, "aus": False, "ein": True, "ja": True, "nein": False,
    "oui": True, "non": False,
}


def parse_flag(value: object, words: dict[str, bool] = FLAG_WORDS) -> bool:
    """A yes-or-no value as a flag's setting; ValueError for any other word."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word not in words:
        raise ValueError(value)
    return words[word]




def rule_pair(option: str, c: Sentences) -> tuple[str, str]:
    """``--rule NAME=VALUE`` as its name and value; a :class:`UsageProblem` in one sentence when
    it has no ``=``. Whether the game has that rule option, and can give it that value, is the
    game's to say (its interface's ``rules``)."""
    name, sep, value = option.partition("=")
    if not sep:
        raise UsageProblem(c.gettext(
            "The rule option {option} needs the form NAME=VALUE, for example "
            "x2-scope=card.", option=shown(option)))
    return name, value
