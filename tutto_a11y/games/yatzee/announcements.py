"""The one line an accepted Yatzee entry gets: the roll, the field written or struck, the bonus,
the new total and whose turn it is; the end of the game opens the line.

Worded apart from the refusals and the answers to commands, as Tutto's are, on the pieces of
``sentence_parts``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Verbosity
from tutto_a11y.games.yatzee.rules import events as E
from tutto_a11y.games.yatzee.sentence_parts import SentenceParts
from tutto_a11y.games.yatzee.table_commands import fits


def announce(m: SentenceParts, events: Sequence[E.Event]) -> str:
    """The one line for an accepted entry; the end of the game opens it."""
    brief = m.verbosity is Verbosity.BRIEF
    head: list[str] = []
    body: list[str] = []
    tail: list[str] = []
    for event in events:
        if isinstance(event, E.GameOver):
            win, rest = game_over(m, event)
            head.append(win)
            tail.extend(rest)
        elif isinstance(event, E.Rolled):
            body.append(_rolled(m, event, brief))
            if m.verbosity is Verbosity.FULL:
                body.append(fits(m))
        elif isinstance(event, E.Written):
            body.append(_written(m, event))
        elif isinstance(event, E.BonusReached):
            body.append(m.bonus_reached(event.upper, event.points))
        elif isinstance(event, E.BonusOutOfReach):
            body.append(m.c.gettext("The bonus is out of reach: at most {best} of "
                                    "{threshold} in the upper section.", best=event.best,
                                    threshold=m.game.rules.bonus_threshold))
        elif isinstance(event, E.TurnOver):
            if event.next_seat is not None:  # at the end the final totals say it
                # The new total, which every level says: it is the score the table keeps.
                body.append(m.c.gettext("Total {total}.", total=event.record.total))
            body.append(_next(m, event, brief))
    sentences = head + body + tail
    if m.verbosity is Verbosity.FULL and not m.game.finished:
        sentences.append(m.hint())
    return " ".join(s for s in sentences if s)


def _rolled(m: SentenceParts, e: E.Rolled, brief: bool) -> str:
    if brief or e.number == 1:
        return m.rolled(e.seat, e.faces, with_name=not brief)
    faces = m.faces(e.faces)
    if e.number == 2:
        return m.c.gettext("{name} rolls again: {faces}.", name=m.name(e.seat), faces=faces)
    return m.c.gettext("{name}'s last roll: {faces}.", name=m.name(e.seat), faces=faces)


def _written(m: SentenceParts, e: E.Written) -> str:
    c, name, field = m.c, m.name(e.seat), m.field(e.field)
    if e.struck:
        return c.gettext("{name} strikes {field}.", name=name, field=field)
    if not e.throw_bonus:  # a throw bonus is part of the points: brief says it too
        return c.gettext("{name} writes {points} in {field}.", name=name, points=e.points,
                         field=field)
    return c.gettext("{name} writes {points} in {field}, throw bonus {bonus} included.",
                     name=name, points=e.points, field=field, bonus=e.throw_bonus)


def _next(m: SentenceParts, e: E.TurnOver, brief: bool) -> str:
    c = m.c
    if e.next_seat is None:
        return ""
    if e.new_round is not None:
        if len(m.game.players) == 1:
            return c.gettext("Round {round}.", round=e.new_round)
        return c.gettext("Round {round}: {name}'s turn.", round=e.new_round,
                         name=m.name(e.next_seat))
    return m.turn_of(e.next_seat, brief)


def game_over(m: SentenceParts, e: E.GameOver) -> tuple[str, list[str]]:
    """The win (or the solo total) first; the final totals, best first, after."""
    c, best = m.c, e.totals[e.winners[0]]
    players = len(m.game.players)
    if players == 1:
        return c.gettext("Game over: {name} finishes with {total}.", name=m.name(0),
                         total=best), []
    if len(e.winners) == 1:
        win = c.gettext("Game over: {name} wins with {total}.",
                        name=m.name(e.winners[0]), total=best)
    else:
        win = c.gettext("Game over: {names} share the win with {total}.",
                        names=m.names(e.winners), total=best)
    ranked = sorted(range(players), key=lambda i: (-e.totals[i], i))
    rest = m.listed_scores((m.name(i), e.totals[i]) for i in ranked)
    return win, [m.final_totals(rest)]
