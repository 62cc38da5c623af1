"""The one sentence a refused Tute entry gets: what is wrong and what would be valid now.

A refusal changes nothing, so its sentence is all the table hears of it; it is worded apart
from the announcements, as Tutto's are. The reasons every game shares (an empty or overlong
line, unreadable bytes, a word that fits several meanings) are worded by ``text.problems``,
the sentences every game says alike by ``text.game_sentences``; the ones here are Tute's own:
card points, cantes, a Tute, the players and the step an entry was typed at.
"""

from __future__ import annotations

from typing import cast

from tutto_a11y.core.contract import EntryError
from tutto_a11y.games.tute.rules import Step, Suit, side_of
from tutto_a11y.games.tute.sentence_parts import SentenceParts
from tutto_a11y.games.tute.words import shown
from tutto_a11y.text.problems import line_sentence


def refusal(m: SentenceParts, err: EntryError) -> str:
    """One sentence: what is wrong and what would be valid. Nothing changed."""
    c, d, s = m.c, err.data, m.game.state
    r = err.reason
    shared = line_sentence(err, c, m.hint)
    if shared is not None:
        return shared
    if r == "points-sum":
        return c.gettext("Card points must add up to 120: these add up to {total}.",
                         total=d["total"])
    if r == "points-count":
        return c.gettext("Type {n} numbers, the card points of {sides} in this order, for "
                         "example {example}.", n=d["expected"],
                         sides=m.join([m.side(i) for i in range(len(m.game.sides))]),
                         example=m.points_example())
    if r == "points-out-of-range":
        return c.gettext("{value} card points are not possible: each side takes from 0 to "
                         "120.", value=d["value"])
    if r == "needs-points":
        return c.gettext("Type the card points of each side, for example {example}.",
                         example=m.points_example())
    if r == "suit-already-announced":
        return c.gettext("{name} already made the cante {in_suit} in this round: each suit "
                         "is announced only once.", in_suit=m.in_suit(cast(Suit, d["suit"])),
                         name=m.name(cast(int, d["seat"])))
    if r == "tute-after-cante":
        seat = cast(int, d["seat"])
        if len(m.seats(side_of(seat, len(m.game.players)))) == 1:
            # With two or three players each plays alone: there is no side to speak of.
            return c.gettext("{name} has already made a cante in this round and can no "
                             "longer announce Tute.", name=m.name(seat))
        return c.gettext("{name}'s side has already made a cante in this round, so it can "
                         "no longer announce Tute.", name=m.name(seat))
    if r == "no-such-player":
        return c.gettext("{word} is not playing: the players are {names}.", word=d["word"],
                         names=m.join(m.game.players))
    if r == "needs-player":
        return c.gettext("Say who: type a player's name too, for example {example}.",
                         example=_who_example(m, cast(str, d.get("what", ""))))
    if r == "needs-suit":
        return c.gettext("Say the suit of the cante too, for example {example}.",
                         example=_who_example(m, "cante"))
    if r == "needs-tute-kind":
        return c.gettext("Say whether the Tute is four Kings or four Knights, for example "
                         "{example}.", example=_who_example(m, "tute"))
    if r == "wrong-step":
        return _wrong_step(m, cast(str, d.get("entry", "")))
    if r in ("unknown-word", "not-faces"):
        return m.not_an_entry(cast(str, d.get("word", "")), m.hint())
    if r == "game-over":
        return m.match_over_hint()
    if s.step is Step.OVER:
        return m.hint()
    return m.not_possible_now(m.hint())


def _who_example(m: SentenceParts, what: str) -> str:
    lang, g = m.c.lang, m.game
    if what == "tute":
        return f"{shown('tute', lang)} {g.players[0]} {shown('tute:kings', lang)}"
    if what == "last":
        return f"{shown('last', lang)} {g.players[-1]}"
    return f"{shown('cante', lang)} {g.players[0]} {shown('suit:gold', lang)}"


def _wrong_step(m: SentenceParts, entry: str) -> str:
    c, s = m.c, m.game.state
    if s.step is Step.TRUMP:
        return c.gettext("First the trump of round {round}: {suits}.", round=s.round,
                         suits=m.suit_words())
    if s.step is Step.PLAY:
        if entry == "Trump":
            return c.gettext("The trump of round {round} is {suit}; type {undo} to change "
                             "it. {hint}", round=s.round, suit=m.suit(s.trump),
                             undo=shown("undo", c.lang), hint=m.hint())
        return c.gettext("First the card points of each side, for example {example}.",
                         example=m.points_example())
    if s.step is Step.LAST:
        return c.gettext("The card points are in: now the last trick. {hint}", hint=m.hint())
    return m.hint()
