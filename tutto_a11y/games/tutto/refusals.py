"""The one sentence a refused entry gets: what is wrong and what would be valid now.

A refusal changes nothing, so its sentence is all the table hears of it; it is worded apart
from the announcements of accepted entries. The reasons every game shares (an empty or overlong
line, unreadable bytes, a word that fits several meanings) are worded by ``text.problems``; the
ones here are Tutto's own: faces, cards, banking and the step an entry was typed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from tutto_a11y.games.tutto.rules import Card, EntryError, Step
from tutto_a11y.games.tutto.sentence_parts import SentenceParts
from tutto_a11y.games.tutto.words import shown
from tutto_a11y.text.problems import line_sentence


def refusal(m: SentenceParts, err: EntryError) -> str:
    """One sentence: what is wrong and what would be valid. Nothing changed."""
    c, d, lang = m.c, err.data, m.c.lang
    x = m.game.expect()
    r = err.reason
    shared = line_sentence(err, c, m.hint)
    if shared is not None:
        return shared
    if r == "wrong-dice-count":
        return c.ngettext("Wrong number of faces: type exactly {n} face, one for the die, "
                          "not {got}.",
                          "Wrong number of faces: type exactly {n} faces, one per die, "
                          "not {got}.", cast(int, d["expected"]), got=d["got"])
    if r == "face-out-of-range":
        return m.not_a_face(d["face"])
    if r in ("not-faces", "unknown-word"):
        return m.not_an_entry(cast(str, d.get("word") or d.get("text", "")), m.hint())
    if r == "no-faces":
        return c.gettext("Type the faces of the dice, for example 1 5.")
    if r == "bonus-value":
        return c.gettext("Bonus cards are worth 200, 300, 400, 500 or 600: type {bonus} "
                         "and the value, for example {bonus} 300.",
                         bonus=shown("card:bonus", lang))
    if r == "die-does-not-score":
        return _does_not_score(m, cast(int, d["face"]), cast(int, d.get("count", 1)))
    if r == "die-not-in-roll":
        roll, face = tuple(cast("Sequence[int]", d["roll"])), d["face"]
        count = roll.count(face)
        if not count:
            return c.gettext("There is no {face} in the roll {roll}: set aside dice of this "
                             "roll.", roll=m.faces(roll), face=face)
        return c.ngettext("There is only one {face} in the roll {roll}: set aside dice of "
                          "this roll.",
                          "There are only {n} dice showing {face} in the roll {roll}: set "
                          "aside dice of this roll.", count, roll=m.faces(roll),
                          face=face)
    if r == "street-face-twice":
        return c.gettext("Under Street each face counts once: set aside one {face} only.",
                         face=d["face"])
    if r == "street-face-already-set-aside":
        return c.gettext("{face} is already set aside under Street: set aside a face that "
                         "is still missing.", face=d["face"])
    if r == "cannot-bank-under-card":
        return c.gettext("No banking under {card}. {hint}", card=m.card_unit(cast(Card, d["card"])),
                         hint=m.hint())
    if r == "cannot-bank-now" and d.get("step") is Step.SET_ASIDE:
        return c.gettext("First set aside dice from this roll, then bank. {hint}",
                         hint=m.hint())
    if r == "cannot-bank-now":
        return c.gettext("There is nothing to bank now. {hint}", hint=m.hint())
    if r == "card-not-in-deck":
        return c.gettext("There is no {card} left in the deck: type the card that was "
                         "drawn, or type {deck} to hear what is left.",
                         card=m.card_noun(cast(Card, d["card"])),
                         deck=shown("deck", lang))
    if r == "wrong-step":
        return wrong_step(m, x.step, cast("str | None", d.get("entry")))
    if r == "game-over":
        return m.game_over_hint()
    return m.not_possible_now(m.hint())


def wrong_step(m: SentenceParts, step: Step, entry: str | None = None) -> str:
    """Which step an entry belongs to, when it was typed at another one."""
    c = m.c
    if entry == "Draw" and step is Step.CARD:
        return c.gettext("Which card was drawn? Type it: {cards}.", cards=m.card_words())
    if entry in ("DrawCard", "Draw") and step is Step.ROLL_OR_BANK:
        return c.ngettext("First bank, then the next card: type {bank}, or the roll with "
                          "{n} die to go on.",
                          "First bank, then the next card: type {bank}, or the roll with "
                          "{n} dice to go on.", m.game.expect().dice,
                          bank=shown("bank", c.lang))
    if entry in ("DrawCard", "Draw") and step in (Step.ROLL, Step.SET_ASIDE):
        return c.gettext("A card is drawn only at the start of a turn. {hint}",
                         hint=m.hint())
    if step is Step.CARD:
        return c.gettext("First the card: {cards}.", cards=m.card_words())
    if step is Step.ROLL:
        return c.gettext("Now the roll. {hint}", hint=m.hint())
    if step is Step.SET_ASIDE:
        return c.gettext("First set aside dice from this roll. {hint}", hint=m.hint())
    if step is Step.ROLL_OR_BANK:
        return c.gettext("Now roll again or bank. {hint}", hint=m.hint())
    if step is Step.CARD_OR_BANK:
        return c.gettext("After a Tutto: draw a card or bank. {hint}", hint=m.hint())
    return m.hint()


def _does_not_score(m: SentenceParts, face: int, count: int) -> str:
    """Why a set-aside with a face that does not score is refused, true to how many were set
    aside: a 2 alone or two 2s count for nothing, of four or five 2s three count."""
    c = m.c
    if count > 3:
        return c.ngettext("Only three of the {dice} dice showing {face} count, as three of a "
                          "kind; the other one scores nothing: set aside just three of them.",
                          "Only three of the {dice} dice showing {face} count, as three of a "
                          "kind; the other {n} score nothing: set aside just three of them.",
                          count - 3, dice=count, face=face)
    if count == 2:
        return c.gettext("Two dice showing {face} score nothing: a {face} counts only in three "
                         "of a kind. Set aside 1s, 5s or three of a kind from this roll.",
                         face=face)
    return c.gettext("A {face} does not score here: set aside 1s, 5s or three of a kind from "
                     "this roll.", face=face)
