"""Tute's entry errors are the contract's; here are the reason codes Tute's rules give.

Every code has its own sentence in every language (``messages.py``; a test proves it), so no
refusal reaches the table as a bare code.
"""

from __future__ import annotations

from tutto_a11y.core.contract import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry

#: Refusals of an entry at the table, worded by the game's messages.
PLAY_REASONS = frozenset({
    "wrong-step", "suit-already-announced", "tute-after-cante", "points-count",
    "points-out-of-range", "points-sum",
})
#: Refusals of a typed line before it is an entry (``parse.py``), worded by the messages too.
TYPING_REASONS = frozenset({"no-such-player", "needs-player", "needs-suit", "needs-tute-kind",
                          "needs-points"})
#: Refusals of rule options, worded before the match starts.
OPTION_REASONS = frozenset({"bad-games", "bad-rule-value", "unknown-rule", "unknown-preset"})
#: Only a damaged journal gives these (typed lines never do).
JOURNAL_REASONS = frozenset({"unknown-entry"})
REASONS = PLAY_REASONS | TYPING_REASONS | OPTION_REASONS | JOURNAL_REASONS

__all__ = ["AmbiguousEntry", "EntryError", "IllegalEntry", "JOURNAL_REASONS", "TYPING_REASONS",
           "MalformedEntry", "OPTION_REASONS", "PLAY_REASONS", "REASONS"]
