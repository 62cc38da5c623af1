"""The one line an accepted Tute entry gets: the trump, a cante, the card points, and at the end
of a round who won it and why, the games won so far and who begins the next round.

Worded apart from the refusals, as Tutto's are, on the pieces of ``sentence_parts``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Verbosity
from tutto_a11y.games.tute.rules import events as E
from tutto_a11y.games.tute.sentence_parts import SentenceParts


def announce(m: SentenceParts, events: Sequence[E.Event]) -> str:
    """The one line announcing what an accepted entry made happen, key fact first."""
    sentences: list[str] = []
    over = next((e for e in events if isinstance(e, E.MatchOver)), None)
    for event in events:
        if isinstance(event, E.TrumpSet):
            sentences.append(m.round_and_trump(event.round, event.suit))
        elif isinstance(event, E.CanteMade):
            sentences.append(_cante(m, event.cante))
        elif isinstance(event, E.CardPointsTaken):
            if not any(isinstance(e, E.RoundOver) for e in events):
                sentences.append(m.card_points(event.points))
        elif isinstance(event, E.RoundOver):
            sentences.extend(_round_over(m, event, over))
    if m.verbosity is Verbosity.FULL and not m.game.finished:
        sentences.append(m.hint())
    return " ".join(s for s in sentences if s)


def _cante(m: SentenceParts, cante: E.CanteRecord) -> str:
    return m.c.gettext("{name} announces {points} {in_suit}.", name=m.name(cante.seat),
                       points=cante.points, in_suit=m.in_suit(cante.suit))


def _round_over(m: SentenceParts, e: E.RoundOver, over: E.MatchOver | None) -> list[str]:
    """The winner first, then why (tie, more than 120), the round points, the games won so far
    and who begins the next round."""
    c, r, brief = m.c, e.record, m.verbosity is Verbosity.BRIEF
    out: list[str] = []
    if r.tute is not None:
        out.append(m.tute_sentence(r.tute))
    if r.winner is None:
        assert r.round_points is not None
        out.append(c.gettext("Round {round} is tied at {points}: nobody wins a game.",
                             round=r.number, points=max(r.round_points)))
    else:
        n = len(m.seats(r.winner))
        side = m.side(r.winner)
        if over is not None:
            out.append(c.ngettext("{side} wins round {round} and the match.",
                                  "{side} win round {round} and the match.", n,
                                  side=side, round=r.number))
        else:
            out.append(c.ngettext("{side} wins round {round}.", "{side} win round {round}.",
                                  n, side=side, round=r.number))
        if r.tute is not None:
            if over is None:
                out.append(c.gettext("A Tute counts two games."))
        else:
            assert r.round_points is not None
            if brief:
                pass  # the winner is said; why a tie went this way is detail
            elif r.tied and r.winner == r.last_trick:
                out.append(c.gettext("Tied at {points}: the last trick decides.",
                                     points=r.round_points[r.winner]))
            elif r.tied:
                out.append(c.gettext("Tied at {points}: the first in playing order from "
                                     "the hand wins.", points=r.round_points[r.winner]))
            if r.games == 2:
                out.append(c.gettext("More than 120 round points: two games."))
    if r.round_points is not None and not brief:
        out.append(m.round_points(r.round_points))
    out.append(m.games_won(e.games))
    if e.next_hand is not None:
        out.append(c.gettext("{name} begins round {round}.", name=m.name(e.next_hand),
                             round=r.number + 1))
    return out
