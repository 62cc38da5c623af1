"""One typed line at a Yatzee table: a roll, a field to write, ``strike FIELD``, or a command.

Human text is checked here once, at the edge; the rules then check the entry against the game.
Every refusal is an :class:`EntryError` with a reason code that the message layer words.
"""

from __future__ import annotations

import re

from tutto_a11y.core.contract import Command, check_line
from tutto_a11y.games.yatzee.rules import (
    MAX_ROLLS,
    Entry,
    Field,
    Game,
    IllegalEntry,
    MalformedEntry,
    Roll,
    Strike,
    Write,
    parse_faces,
)
from tutto_a11y.games.yatzee.words import COMMANDS, FIELD_MEANINGS, OFFERED, VERBS, Vocabulary

_FACES_ONLY = re.compile(r"[0-9][0-9 ,;./-]*")

Action = Entry | Command


def interpret(line: str, game: Game, vocabulary: Vocabulary) -> Action:
    """What a typed line means now: the six faces, a field (write it), ``strike`` and a field,
    ``sheet`` with an optional name, or another command."""
    text = check_line(line)
    if not text:
        raise MalformedEntry("empty-entry")
    if _FACES_ONLY.fullmatch(text):
        return Roll(parse_faces(text))
    now = _preferred(game)
    try:
        meaning = vocabulary.match(text, preferred=now)
    except MalformedEntry as whole:
        head, _, rest = text.partition(" ")
        if not rest.strip():
            raise
        try:
            verb = vocabulary.match(head, among=(*VERBS, "sheet"), preferred=now)
        except MalformedEntry:
            raise whole from None
        if verb == "sheet":
            return Command("sheet", rest.strip())
        field = vocabulary.match(rest, among=FIELD_MEANINGS, preferred=now)
        return _entry(verb, field)
    if meaning in COMMANDS:
        return Command(meaning)
    if meaning in VERBS:
        raise MalformedEntry("field-needed", verb=meaning)
    if meaning in FIELD_MEANINGS:
        return _entry("write", meaning)
    if meaning in OFFERED:
        raise _offered(meaning, game)
    raise MalformedEntry("unknown-word", word=text)


def _offered(meaning: str, game: Game) -> Exception:
    """``roll`` or ``field`` typed as the prompt offers them: the roll is its six faces and
    the field its name, so the answer says how to type it, and nothing changes."""
    state = game.state
    if state.over:
        return IllegalEntry("game-over")
    if meaning == "roll":
        if state.roll_number >= MAX_ROLLS:
            return IllegalEntry("no-more-rolls")
        return MalformedEntry("no-faces")
    if not state.rolls:
        return IllegalEntry("roll-first")
    return MalformedEntry("which-field")


def _entry(verb: str, meaning: str) -> Entry:
    field = Field.from_id(meaning.partition(":")[2])
    return Strike(field) if verb == "strike" else Write(field)


def _preferred(game: Game) -> tuple[str, ...]:
    """What makes sense now, to settle a beginning that fits several words: the commands, and
    the current player's free fields once there are dice to write."""
    state = game.state
    now = [*COMMANDS, *VERBS]
    if state.rolls and not state.over:
        now += [f"field:{field.value}" for field in state.free(state.seat)]
    return tuple(now)
