"""The answers to Yatzee's own commands: ``sheet [NAME]`` (one player's sheet for the ear) and
``fits`` (the free fields these dice fit, with their points).

Worded apart from the announcements and the refusals, as Tutto's are, on the pieces of
``sentence_parts``; ``fits`` is also said after every roll at full verbosity.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Command, EntryError
from tutto_a11y.games.yatzee.rules import ORDER
from tutto_a11y.games.yatzee.rules.state import best_upper
from tutto_a11y.games.yatzee.sentence_parts import EXAMPLE_ROLL, SentenceParts


def command(m: SentenceParts, command: Command) -> str:
    """Yatzee's own commands: ``sheet [NAME]`` and ``fits``."""
    if command.name == "sheet":
        return sheet(m, seat_named(m, command.argument))
    if command.name == "fits":
        return fits(m)
    raise EntryError("unknown-word", word=command.name)


def seat_named(m: SentenceParts, typed: str) -> int:
    """The seat of a name typed after ``sheet`` (any case, a unique beginning); the current
    player when none is typed."""
    s = m.game.state
    wanted = " ".join(typed.split()).casefold()
    if not wanted:
        return s.seat
    players = [p.casefold() for p in m.game.players]
    if wanted in players:
        return players.index(wanted)
    starting = [i for i, p in enumerate(players) if p.startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    raise EntryError("no-such-player", name=typed.strip()[:30])


def fits(m: SentenceParts) -> str:
    """The current player's free fields these dice fit, with points at this roll."""
    c, s = m.c, m.game.state
    if s.over:
        return m.hint()
    if not s.rolls:
        return c.gettext("No dice yet: type the first roll, for example {example}.",
                         example=EXAMPLE_ROLL)
    found = m.game.fits()
    if not found:
        if s.roll_number < 3:
            return c.gettext("These dice fit no free field: roll again, or strike a field.")
        return c.gettext("These dice fit no free field: strike one, for example {strike}.",
                         strike=m.strike_words(s.free(s.seat)[-1]))
    listed = ", ".join(c.gettext("{field} {points}", field=m.field(f), points=p)
                       for f, p in found)
    return c.gettext("These dice fit: {fields}.", fields=listed)


def sheet(m: SentenceParts, seat: int) -> str:
    """One player's sheet for the ear: total, the free fields, the bonus, what is filled."""
    c, g = m.c, m.game
    fields, struck = g.state.sheets[seat], g.state.struck[seat]
    free = [f for f, v in zip(ORDER, fields, strict=True) if v is None]
    parts = [c.gettext("{name}'s sheet: total {total}.", name=m.name(seat),
                       total=g.total(seat))]
    if free:
        parts.append(c.gettext("Free: {fields}.", fields=", ".join(m.field(f) for f in free)))
    else:
        parts.append(c.gettext("Every field is filled."))
    parts.append(_bonus_distance(m, seat))
    written = [(f, v) for f, v in zip(ORDER, fields, strict=True)
               if v is not None and f not in struck]
    if written:
        parts.append(c.gettext("Written: {fields}.", fields=", ".join(
            c.gettext("{field} {points}", field=m.field(f), points=v)
            for f, v in written)))
    gone = [f for f in ORDER if f in struck]
    if gone:
        parts.append(c.gettext("Struck: {fields}.", fields=", ".join(m.field(f) for f in gone)))
    return " ".join(parts)


def _bonus_distance(m: SentenceParts, seat: int) -> str:
    c, g, rules = m.c, m.game, m.game.rules
    upper = g.upper(seat)
    if upper >= rules.bonus_threshold:
        return c.gettext("Upper sum {upper}: the bonus of {points} is reached.", upper=upper,
                         points=rules.bonus_points)
    if best_upper(g.state.sheets[seat]) < rules.bonus_threshold:
        return c.gettext("Upper sum {upper}: the bonus is out of reach.", upper=upper)
    return c.gettext("Upper sum {upper}, {missing} short of the bonus.", upper=upper,
                     missing=rules.bonus_threshold - upper)
