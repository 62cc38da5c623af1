"""The pieces every sentence of Yatzee is built from: a field's name, what is typed to strike
one, the totals, the rules in a few words and what can be typed now.

The announcements, the refusals, the answers to ``sheet`` and ``fits`` and the prompts all word
their sentences with these, on the pieces every game shares (``text.game_sentences``), so a
field or a list of totals reads the same in every line. They live below ``messages`` so that
each of those modules can take them without importing the others (the layers allow no circle).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Sentences
from tutto_a11y.games.yatzee.rules import Field, Game
from tutto_a11y.games.yatzee.words import field_word, shown
from tutto_a11y.text.game_sentences import GameSentences
from tutto_a11y.text.output import nobreak

EXAMPLE_ROLL = "5 5 5 2 3 1"


def field_name(field: Field, c: Sentences) -> str:
    """A field's name as the language's score sheets print it."""
    names = {
        Field.ONES: c.pgettext("field", "Ones"), Field.TWOS: c.pgettext("field", "Twos"),
        Field.THREES: c.pgettext("field", "Threes"), Field.FOURS: c.pgettext("field", "Fours"),
        Field.FIVES: c.pgettext("field", "Fives"), Field.SIXES: c.pgettext("field", "Sixes"),
        Field.ONE_PAIR: c.pgettext("field", "One pair"),
        Field.TWO_PAIRS: c.pgettext("field", "Two pairs"),
        Field.THREE_PAIRS: c.pgettext("field", "Three pairs"),
        Field.THREE_OF_A_KIND: c.pgettext("field", "Three of a kind"),
        Field.FOUR_OF_A_KIND: c.pgettext("field", "Four of a kind"),
        Field.TWO_TRIPLES: c.pgettext("field", "Two triples"),
        Field.SMALL_STRAIGHT: c.pgettext("field", "Small straight"),
        Field.LARGE_STRAIGHT: c.pgettext("field", "Large straight"),
        Field.ROYAL: c.pgettext("field", "Royal"), Field.HOUSE: c.pgettext("field", "House"),
        Field.CHANCE: c.pgettext("field", "Chance"), Field.YATZEE: c.pgettext("field", "Yatzee"),
    }
    return nobreak(names[field])


class SentenceParts(GameSentences[Game]):
    """The words of one Yatzee game in one language at one verbosity that sentences are made
    of. Yatzee has no coach: every sentence comes at once."""

    # -- small pieces --------------------------------------------------------------------
    def word(self, meaning: str) -> str:
        return shown(meaning, self.c.lang)

    def field(self, field: Field) -> str:
        return field_name(field, self.c)

    def strike_words(self, field: Field) -> str:
        """``strike house`` in the table's words: what to type to strike a field."""
        return nobreak(self.word("strike") + " " + field_word(field, self.c.lang))

    def totals(self, seats: Sequence[int]) -> str:
        return self.listed_scores((self.name(s), self.game.total(s)) for s in seats)

    def bonus_reached(self, upper: int, points: int) -> str:
        """The upper section's bonus, as announced and as ``show`` says it."""
        return self.c.gettext("Bonus reached with an upper sum of {upper}: plus {points}.",
                              upper=upper, points=points)

    def dice_after(self) -> str:
        """The dice on the table now, for ``status`` and the status line."""
        s = self.game.state
        return self.c.gettext("Dice after roll {number}: {faces}.", number=s.roll_number,
                              faces=self.faces(s.faces))

    def final_totals(self, totals: str) -> str:
        return self.c.gettext("Final totals: {totals}.", totals=totals)

    def type_the_faces(self) -> str:
        return self.c.gettext("Type the six faces on the table, for example {example}.",
                              example=EXAMPLE_ROLL)

    def rules_part(self) -> str:
        """The rules in a few words: the sheet's own, or the options that differ."""
        rules = self.game.rules
        if rules.is_standard():
            return self.c.gettext("rules of the sheet")
        changed = ", ".join(f"{name}={value}" for name, value in rules.as_dict().items())
        return self.c.gettext("house rules {options}", options=changed)

    # -- what can be typed now -----------------------------------------------------------
    def hint(self) -> str:
        """What can be typed now, in one sentence, in the table's words."""
        c, s = self.c, self.game.state
        if s.over:
            return self.game_over_hint()
        if s.roll_number == 0:
            return self.type_the_faces()
        if s.roll_number < 3:
            return c.gettext("Type the six faces of the next roll, a field to write, or {strike} "
                             "and a field; {fits} says what these dice fit.",
                             strike=self.word("strike"), fits=self.word("fits"))
        return c.gettext("Type a field to write, or {strike} and a field; {fits} says what these "
                         "dice fit.", strike=self.word("strike"), fits=self.word("fits"))
