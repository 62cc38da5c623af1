"""The one sentence a refused Yatzee entry gets: what is wrong and what to do instead.

A refusal changes nothing, so its sentence is all the table hears of it; it is worded apart
from the announcements, as Tutto's are. The reasons every game shares (an empty or overlong
line, unreadable bytes, a word that fits several meanings) are worded by ``text.problems``,
the sentences every game says alike by ``text.game_sentences``; the ones here are Yatzee's
own: fields, rolls and the combination a field needs.
"""

from __future__ import annotations

from typing import cast

from tutto_a11y.core.contract import EntryError
from tutto_a11y.games.yatzee.rules import Field
from tutto_a11y.games.yatzee.sentence_parts import EXAMPLE_ROLL, SentenceParts
from tutto_a11y.games.yatzee.words import field_word
from tutto_a11y.text.output import nobreak
from tutto_a11y.text.problems import line_sentence


def refusal(m: SentenceParts, err: EntryError) -> str:
    """One sentence: what is wrong and what to do instead. Nothing changed."""
    c, d, r = m.c, err.data, err.reason
    shared = line_sentence(err, c, m.hint)
    if shared is not None:
        return shared
    if r == "not-formed":
        return _not_formed(m, cast(Field, d["field"]))
    if r == "field-filled":
        if d.get("struck"):
            return c.gettext("{field} is already struck: choose a free field; {sheet} "
                             "names them.", field=m.field(cast(Field, d["field"])),
                             sheet=m.word("sheet"))
        return c.gettext("{field} already holds {points}: choose a free field; {sheet} "
                         "names them.", field=m.field(cast(Field, d["field"])), points=d["points"],
                         sheet=m.word("sheet"))
    if r == "roll-first":
        return c.gettext("First the roll: type the six faces on the table, for example "
                         "{example}.", example=EXAMPLE_ROLL)
    if r == "no-more-rolls":
        return c.gettext("There is no fourth roll: write a field, or type {strike} and a "
                         "field.", strike=m.word("strike"))
    if r == "field-needed":
        verb = m.word(cast(str, d.get("verb", "strike")))
        return c.gettext("Type the field after {verb}, for example {example}.", verb=verb,
                         example=nobreak(verb + " " + field_word(Field.CHANCE, c.lang)))
    if r == "which-field":
        return c.gettext("Type the field's name, for example {example}; {fits} says what "
                         "these dice fit.", example=_field_to_write(m), fits=m.word("fits"))
    if r == "no-such-player":
        return c.gettext("There is no player {name}: type {sheet} and one of {names}.",
                         name=d["name"], sheet=m.word("sheet"),
                         names=m.names(range(len(m.game.players))))
    if r == "wrong-dice-count":
        return c.gettext("Type the six faces on the table, one per die, not {got}: for "
                         "example {example}.", got=d["got"], example=EXAMPLE_ROLL)
    if r == "face-out-of-range":
        return m.not_a_face(d["face"])
    if r in ("not-faces", "unknown-word"):
        return m.not_an_entry(cast(str, d.get("word") or d.get("text", "")), m.hint())
    if r == "no-faces":
        return m.type_the_faces()
    if r == "game-over":
        return m.game_over_hint()
    return m.not_possible_now(m.hint())


def _field_to_write(m: SentenceParts) -> str:
    """A field worth naming as the example of what to type: the best these dice fit, or the
    first free one, as it is typed."""
    s = m.game.state
    fitting = m.game.fits()
    field = fitting[0][0] if fitting else s.free(s.seat)[0]
    return nobreak(field_word(field, m.c.lang))


def _not_formed(m: SentenceParts, field: Field) -> str:
    """The combination the field needs, and that striking it scores 0 (upper fields are always
    formed: they count whatever dice show their face)."""
    c, strike = m.c, m.strike_words(field)
    sentences = {
        Field.ONE_PAIR: c.gettext("One pair needs two dice of one face: {strike} scores 0.",
                                  strike=strike),
        Field.TWO_PAIRS: c.gettext("Two pairs need two dice each of two different faces: "
                                   "{strike} scores 0.", strike=strike),
        Field.THREE_PAIRS: c.gettext("Three pairs need two dice each of three different "
                                     "faces: {strike} scores 0.", strike=strike),
        Field.THREE_OF_A_KIND: c.gettext("Three of a kind needs three dice of one face: "
                                         "{strike} scores 0.", strike=strike),
        Field.FOUR_OF_A_KIND: c.gettext("Four of a kind needs four dice of one face: "
                                        "{strike} scores 0.", strike=strike),
        Field.TWO_TRIPLES: c.gettext("Two triples need three dice each of two different "
                                     "faces: {strike} scores 0.", strike=strike),
        Field.SMALL_STRAIGHT: c.gettext("A small straight needs 1, 2, 3, 4 and 5: {strike} "
                                        "scores 0.", strike=strike),
        Field.LARGE_STRAIGHT: c.gettext("A large straight needs 2, 3, 4, 5 and 6: {strike} "
                                        "scores 0.", strike=strike),
        Field.ROYAL: c.gettext("Royal needs 1, 2, 3, 4, 5 and 6: {strike} scores 0.",
                               strike=strike),
        Field.HOUSE: c.gettext("House needs three of one face and two of another: {strike} "
                               "scores 0.", strike=strike),
        Field.YATZEE: c.gettext("Yatzee needs all six dice showing one face: {strike} "
                                "scores 0.", strike=strike),
    }
    return sentences.get(field, m.hint())
