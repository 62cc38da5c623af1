"""One typed line as an entry of the match or a command for the loop.

A player is named as typed (any case, no accents needed, a unique beginning is enough); the
rules get seats and sides. What cannot be an entry at all is refused here with a reason code,
and the rules refuse what is not allowed now; the messages word both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tutto_a11y.core.contract import Command, EntryError, check_line
from tutto_a11y.games.tute.rules import (
    AmbiguousEntry,
    Cante,
    CardPoints,
    Entry,
    Game,
    IllegalEntry,
    LastTrick,
    MalformedEntry,
    Step,
    Trump,
    Tute,
    side_of,
)
from tutto_a11y.games.tute.words import (
    COMMANDS,
    PHRASES,
    SUIT_MEANINGS,
    TUTE_MEANINGS,
    Vocabulary,
)
from tutto_a11y.text.vocabulary import normalise, spellings

_NUMBER = re.compile(r"[0-9]+")


def interpret(line: str, game: Game, vocabulary: Vocabulary) -> Entry | Command:
    """What a typed line means at the match's current step."""
    text = check_line(line)
    step = game.state.step
    if not text:
        raise MalformedEntry("empty-entry", step=step)
    words = text.replace(",", " ").replace(";", " ").split()
    if all(_NUMBER.fullmatch(w) for w in words):
        if step is Step.PLAY:
            return CardPoints(tuple(_points(w) for w in words))
        raise IllegalEntry("wrong-step", step=step, entry="CardPoints")
    if step is Step.LAST:
        seat = _player(text, game.players, strict=True)
        if seat is not None:
            return LastTrick(side_of(seat, len(game.players)))
    phrase = _phrase(words, vocabulary.lang)
    if phrase is not None:
        meaning, rest = phrase
    else:
        meaning = vocabulary.match(words[0], preferred=_meanings_now(step))
        rest = words[1:]
    if meaning in COMMANDS:
        return Command(meaning, " ".join(rest))
    if meaning in SUIT_MEANINGS and not rest:
        return Trump(SUIT_MEANINGS[meaning])
    if meaning == "cante":
        seat, suit = _name_and(rest, game, vocabulary, SUIT_MEANINGS, "needs-suit", "cante")
        return Cante(seat, SUIT_MEANINGS[suit])
    if meaning == "tute":
        seat, of = _name_and(rest, game, vocabulary, TUTE_MEANINGS, "needs-tute-kind", "tute")
        return Tute(seat, TUTE_MEANINGS[of])
    if meaning == "points":
        return _card_points(rest, game, vocabulary)
    if meaning == "last":
        return LastTrick(side_of(_named(rest, game, "last"), len(game.players)))
    raise MalformedEntry("unknown-word", word=text)


def _phrase(words: Sequence[str], lang: str) -> tuple[str, list[str]] | None:
    """The meaning of a phrase the line begins with ("card points 70 50"), and the rest."""
    for table in (PHRASES.get(lang, {}), PHRASES["en"]):
        for phrase, meaning in table.items():
            size = len(phrase.split())
            if len(words) >= size and normalise("".join(words[:size])) == normalise(phrase):
                return meaning, list(words[size:])
    return None


def _meanings_now(step: Step) -> tuple[str, ...]:
    """The meanings that make sense at this step, used to settle an ambiguous prefix."""
    now: list[str] = list(COMMANDS)
    if step is Step.TRUMP:
        now += list(SUIT_MEANINGS)
    elif step is Step.PLAY:
        now += ["cante", "tute", "points"]
    elif step is Step.LAST:
        now.append("last")
    return tuple(now)


def _points(word: str) -> int:
    if len(word) > 4:
        raise IllegalEntry("points-out-of-range", value=word, limit=120)
    return int(word)


def _card_points(rest: Sequence[str], game: Game, vocabulary: Vocabulary) -> CardPoints:
    """``points 70 50`` or ``points 70 50 last Ben``."""
    numbers: list[int] = []
    i = 0
    while i < len(rest) and _NUMBER.fullmatch(rest[i]):
        numbers.append(_points(rest[i]))
        i += 1
    if not numbers:
        raise MalformedEntry("needs-points", sides=len(game.sides))
    if i == len(rest):
        return CardPoints(tuple(numbers))
    tail = rest[i:]
    # The last trick by name alone (``points 70 50 Ben``), or after the word for it.
    seat = _player(" ".join(tail), game.players, strict=True) if len(tail) == 1 else None
    if seat is None:
        seat = _named(tail[1:] if _is_last(tail[0], vocabulary) else tail, game, "last")
    return CardPoints(tuple(numbers), side_of(seat, len(game.players)))


def _is_last(word: str, vocabulary: Vocabulary) -> bool:
    """Whether ``word`` is the word for the last trick."""
    try:
        return vocabulary.match(word, among=("last",)) == "last"
    except EntryError:
        return False


def _name_and(rest: Sequence[str], game: Game, vocabulary: Vocabulary,
              meanings: Mapping[str, object], missing: str, what: str) -> tuple[int, str]:
    """A player and one word of ``meanings`` in either order: ``Anna gold`` or ``gold Anna``."""
    if not rest:
        raise MalformedEntry("needs-player", what=what)
    refusals: list[EntryError] = []
    for word, name in ((rest[-1], rest[:-1]), (rest[0], rest[1:])):
        try:
            meaning = vocabulary.match(word, among=tuple(meanings))
            return _named(name, game, what), meaning
        except AmbiguousEntry as refused:
            refusals.append(refused)
        except MalformedEntry as refused:
            if refused.reason != "unknown-word":
                refusals.append(refused)
    if refusals:  # the first reading that found its word says what is wrong with the rest
        raise refusals[0]
    if _player(" ".join(rest), game.players, strict=False) is not None:
        raise MalformedEntry(missing, what=what)
    raise MalformedEntry("no-such-player", word=" ".join(rest))


def _named(words: Sequence[str], game: Game, what: str) -> int:
    """The seat of the player named by ``words``; refused in one sentence if nobody is."""
    if not words:
        raise MalformedEntry("needs-player", what=what)
    typed = " ".join(words)
    seat = _player(typed, game.players, strict=False)
    if seat is None:
        raise MalformedEntry("no-such-player", word=typed)
    return seat


def _player(typed: str, players: Sequence[str], strict: bool) -> int | None:
    """The seat whose name is typed, or whose name alone begins so (``strict``: no
    ambiguity refused, just None); AmbiguousEntry when several names begin so."""
    key = normalise(typed)
    if not key:
        return None
    names = [spellings(p) for p in players]  # "Juergen" is Jürgen too
    exact = [seat for seat, ways in enumerate(names) if key in ways]
    if exact:
        return exact[0]
    fitting = [seat for seat, ways in enumerate(names) if any(w.startswith(key) for w in ways)]
    if len(fitting) == 1:
        return fitting[0]
    if len(fitting) > 1 and not strict:
        raise AmbiguousEntry("ambiguous-word", word=typed.strip(),
                             candidates=tuple(players[s] for s in fitting))
    return None
