"""The status line of the sighted mode: the facts a sighted scorekeeper glances at.

It is drawn under the prompt only with ``--sighted``; screen-reader users get the same facts
from the ``status``, ``scores`` and ``deck`` commands, said once when asked.
"""

from __future__ import annotations

from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Step


def status_line(messages: Messages) -> str:
    """Scores, then the turn total, the dice in hand and the cards left, as short sentences."""
    c, game = messages.c, messages.game
    parts = [messages.scores()]
    if not game.finished:
        x = game.expect()
        parts.append(messages.turn_total(x.turn_total))
        if x.step in (Step.ROLL, Step.ROLL_OR_BANK, Step.SET_ASIDE):
            parts.append(messages.in_hand(x.dice))
    cards = sum(game.deck_left().values())
    parts.append(c.ngettext("{n} card left in the deck.", "{n} cards left in the deck.", cards))
    return " ".join(parts)
