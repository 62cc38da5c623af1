"""The status line of the sighted mode for Yatzee: totals, the round and the dice, short.

Drawn under the prompt only with ``--sighted``; screen-reader users hear the same facts from
``scores``, ``status`` and ``sheet`` when they ask.
"""

from __future__ import annotations

from tutto_a11y.games.yatzee.messages import Messages


def status_line(messages: Messages) -> str:
    """Totals and round, then the dice on the table, as short sentences."""
    s = messages.game.state
    parts = [messages.scores()]
    if s.rolls and not s.over:
        parts.append(messages.dice_after())
    return " ".join(parts)
