"""The pieces every sentence of Tutto is built from: a player's name, a card's name, faces,
dice, a list of scores, the rules' name and what can be typed now.

The announcements, the refusals, the answers to the table's commands and the prompts all word
their sentences with these, so a card or a list of faces reads the same in every line. They
live below ``messages`` so that each of those modules can take them without importing the
others (the layers allow no circle).
"""

from __future__ import annotations

from collections.abc import Iterable

from tutto_a11y.games.tutto.rules import Card, Game, Step
from tutto_a11y.games.tutto.words import shown
from tutto_a11y.text.game_sentences import GameSentences
from tutto_a11y.text.output import nobreak


def opening(text: str) -> str:
    """A sentence that opens with a card's name, capitalised ("bonus 300" -> "Bonus 300"); a
    name with a digit in its first word ("x2") is written as the card shows it."""
    first = text.split(maxsplit=1)[0] if text.split() else ""
    if any(ch.isdigit() for ch in first):
        return text
    return text[:1].upper() + text[1:]


class SentenceParts(GameSentences[Game]):
    """The words of one game in one language at one verbosity that sentences are made of
    (``working`` runs the coach's advice after a roll under ``--coach``, so the table says
    first that it is computing)."""

    # -- small pieces --------------------------------------------------------------------
    def word(self, meaning: str) -> str:
        return shown(meaning, self.c.lang)

    def card(self, card: Card) -> str:
        """The card's name as the rule texts of the language say it."""
        c = self.c
        names = {
            Card.STOP: c.pgettext("card", "Stop"),
            Card.FIREWORKS: c.pgettext("card", "Fireworks"),
            Card.X2: c.pgettext("card", "x2"),
            Card.PLUS_MINUS: c.pgettext("card", "Plus/Minus"),
            Card.STREET: c.pgettext("card", "Street"),
            Card.CLOVERLEAF: c.pgettext("card", "Cloverleaf"),
        }
        if card in names:
            return names[card]
        return c.pgettext("card", "Bonus {value}", value=card.bonus)

    def card_noun(self, card: Card) -> str:
        """The card as a noun of its own, for a sentence that speaks of a card of that kind
        ("no Stop card", "keine Stopp-Karte", "plus de carte stop"), as one unit."""
        c = self.c
        nouns = {
            Card.STOP: c.pgettext("card noun", "Stop card"),
            Card.FIREWORKS: c.pgettext("card noun", "Fireworks card"),
            Card.X2: c.pgettext("card noun", "x2 card"),
            Card.PLUS_MINUS: c.pgettext("card noun", "Plus/Minus card"),
            Card.STREET: c.pgettext("card noun", "Street card"),
            Card.CLOVERLEAF: c.pgettext("card noun", "Cloverleaf card"),
        }
        noun = nouns.get(card) or c.pgettext("card noun", "Bonus {value} card", value=card.bonus)
        return nobreak(noun)

    def card_unit(self, card: Card) -> str:
        """The card's name as one unit that a line is never wrapped inside ("Bonus 600")."""
        return nobreak(self.card(card))

    def dice(self, n: int) -> str:
        return self.c.ngettext("{n} die", "{n} dice", n)

    def score_list(self, seats: Iterable[int]) -> str:
        scores = self.game.state.scores
        return self.listed_scores((self.name(s), scores[s]) for s in seats)

    def turn_total(self, total: int) -> str:
        return self.c.gettext("Turn total {total}.", total=total)

    def in_hand(self, dice: int) -> str:
        return self.c.ngettext("{n} die in hand.", "{n} dice in hand.", dice)

    def still_missing(self, missing: str) -> str:
        """Under Street, the faces still missing, as ``status`` and a brief set-aside say."""
        return self.c.gettext("Still missing: {missing}.", missing=missing)

    def loses(self, seat: int, points: int, score: int) -> str:
        """What a Plus/Minus Tutto took from a leader, as announced and on the score sheet."""
        return self.c.gettext("{name} loses {points}, score {score}.", name=self.name(seat),
                              points=points, score=score)

    def rules_name(self) -> str:
        c = self.c
        return {
            "standard": c.gettext("standard rules"),
            "classic-2004": c.gettext("classic 2004 rules"),
            "volle-lotte": c.gettext("Volle Lotte rules"),
        }.get(self.game.rules.preset_name() or "", c.gettext("house rules"))

    # -- what is at stake ---------------------------------------------------------------------
    def _under(self) -> Card | None:
        """The card whose stretch is being played (its Tutto not yet made), or None."""
        s = self.game.state
        return s.card if s.step in (Step.ROLL, Step.SET_ASIDE, Step.ROLL_OR_BANK) else None

    def at_stake(self) -> int:
        """The turn total as the table counts it: under Plus/Minus and Cloverleaf only what was
        carried into the card, since their own points never count (what a Niete would take)."""
        s = self.game.state
        if self._under() in (Card.PLUS_MINUS, Card.CLOVERLEAF):
            return s.card_base
        return s.turn_total

    def street_missing(self) -> str | None:
        """Under Street, the faces still missing (what counts there); otherwise None."""
        if self._under() is not Card.STREET:
            return None
        return self.faces(f for f in range(1, 7) if f not in self.game.state.aside)

    # -- what can be typed now ---------------------------------------------------------------------
    def hint(self, step: Step | None = None) -> str:
        """What can be typed now, in one sentence, in the game's words."""
        c, x, lang = self.c, self.game.expect(), self.c.lang
        step = x.step if step is None else step
        bank = shown("bank", lang)
        if step is Step.CARD:
            return c.gettext("Type the card: {cards}.", cards=self.card_words())
        if step is Step.ROLL:
            return c.ngettext("Type the face of the {n} die, for example 5.",
                              "Type the faces of the {n} dice, for example {example}.", x.dice,
                              example=" ".join("155236"[: x.dice]))
        if step is Step.SET_ASIDE:
            return c.gettext("Type the dice to set aside, for example 1 5, or {all} or an "
                             "empty line for {best}.", all=shown("all", lang),
                             best=self.faces(x.best))
        if step is Step.ROLL_OR_BANK:
            return c.ngettext("Type the roll of the {n} die to go on, or {bank}.",
                              "Type the roll of the {n} dice to go on, or {bank}.", x.dice,
                              bank=bank)
        if step is Step.CARD_OR_BANK:
            return c.gettext("Type {draw} or the next card to go on, or {bank}. Cards: {cards}.",
                             draw=shown("draw", lang), bank=bank, cards=self.card_words())
        return self.game_over_hint()

    def card_words(self) -> str:
        """The words of the cards, each kept whole on a line ("feu d'artifice", "plus ou
        moins")."""
        lang = self.c.lang
        words = [nobreak(shown(m, lang)) for m in ("card:stop", "card:fireworks")]
        words.append(self.c.gettext("{bonus} 200 to {bonus} 600 or just 200 to 600",
                                    bonus=shown("card:bonus", lang)))
        words += [nobreak(shown(m, lang)) for m in ("card:x2", "card:plus-minus",
                                                     "card:street", "card:cloverleaf")]
        return ", ".join(words)
