"""Turning one typed line into an entry for the rules or a command for the loop.

Human text is checked here, once, at the edge; the rules then check the entry against the game.
Every refusal is an :class:`EntryError` with a reason code, which the message layer words.
"""

from __future__ import annotations

import re

from tutto_a11y.core.contract import Command, check_line
from tutto_a11y.games.tutto.rules import (
    BONUS_CARDS,
    Bank,
    Card,
    Continue,
    DrawCard,
    Entry,
    Game,
    IllegalEntry,
    MalformedEntry,
    Roll,
    SetAside,
    Step,
    parse_faces,
)
from tutto_a11y.games.tutto.words import COMMANDS, Vocabulary

_FACES_ONLY = re.compile(r"[0-9][0-9 ,;./-]*")
_WORD_AND_NUMBER = re.compile(r"(.*?[^\W\d_].*?)\s*([0-9]+)")
_CARD_STEPS = (Step.CARD, Step.CARD_OR_BANK)
_CARDS = {
    "card:stop": Card.STOP, "card:fireworks": Card.FIREWORKS, "card:x2": Card.X2,
    "card:plus-minus": Card.PLUS_MINUS, "card:street": Card.STREET,
    "card:cloverleaf": Card.CLOVERLEAF,
}
_BONUS = {card.bonus: card for card in BONUS_CARDS}


Action = Entry | Command


def interpret(line: str, game: Game, vocabulary: Vocabulary) -> Action:
    """What a typed line means at the game's current step."""
    text = check_line(line)
    step = game.state.step
    if not text:
        if step is Step.SET_ASIDE:
            return game.set_aside_all()
        raise MalformedEntry("empty-entry", step=step)
    if _FACES_ONLY.fullmatch(text):
        digits = re.sub(r"[^0-9]", "", text)
        # 200 to 600 are Bonus cards: no face is 0, so they are never a roll, and at another
        # step the rules say where a card belongs.
        if len(digits) == 3 and digits.endswith("00") and \
                (step in _CARD_STEPS or int(digits) in _BONUS):
            return _bonus(int(digits))
        try:
            faces = parse_faces(text)
        except MalformedEntry as error:
            if error.reason == "face-out-of-range" and step in _CARD_STEPS:
                # "777777" where a card is asked for: that a card comes first is what helps,
                # not that 7 is no face.
                raise IllegalEntry("wrong-step", step=step, entry="Roll") from None
            raise
        return SetAside(faces) if step is Step.SET_ASIDE else Roll(faces)
    try:
        meaning = vocabulary.match(text, preferred=_meanings_now(game))
        number = None
    except MalformedEntry:
        found = _WORD_AND_NUMBER.fullmatch(text)
        if not found:
            raise
        meaning = vocabulary.match(found.group(1), preferred=("card:bonus",))
        number = int(found.group(2))
        if meaning != "card:bonus":
            raise MalformedEntry("unknown-word", word=text) from None
    if meaning == "card:bonus":
        if number is None:
            raise MalformedEntry("bonus-value")
        return _bonus(number)
    if meaning in _CARDS:
        return DrawCard(_CARDS[meaning])
    if meaning in COMMANDS:
        return Command(meaning)
    if meaning == "bank":
        return Bank()
    if meaning == "continue":
        return Continue()
    if meaning == "draw":
        return _draw(step)
    if meaning == "all":
        if step is Step.SET_ASIDE:
            return game.set_aside_all()
        raise IllegalEntry("wrong-step", step=step, entry="SetAside")
    raise MalformedEntry("unknown-word", word=text)


def _bonus(value: int) -> DrawCard:
    card = _BONUS.get(value)
    if card is None:
        raise MalformedEntry("bonus-value", value=value)
    return DrawCard(card)


def _draw(step: Step) -> Continue:
    """``card`` or ``draw``: after a Tutto the player goes on and draws (the card itself comes
    next); at any other step it is told where a card belongs, and nothing changes."""
    if step is Step.CARD_OR_BANK:
        return Continue()
    if step is Step.OVER:
        raise IllegalEntry("game-over")
    raise IllegalEntry("wrong-step", step=step, entry="Draw")


def _meanings_now(game: Game) -> tuple[str, ...]:
    """The meanings that make sense at this step, used to settle an ambiguous prefix."""
    step = game.state.step
    # ``review`` came last: a prefix it shares with an older word ("r" in German, "re" in
    # English) keeps the older meaning; the review's own word is typed in full or nearly.
    now: list[str] = [command for command in COMMANDS if command != "review"]
    if step in _CARD_STEPS:
        now += [*_CARDS, "card:bonus"]
    if game.state.can_bank:
        now += ["bank", "continue"]
    if step is Step.CARD_OR_BANK:
        now.append("draw")
    if step is Step.SET_ASIDE:
        now.append("all")
    return tuple(now)
