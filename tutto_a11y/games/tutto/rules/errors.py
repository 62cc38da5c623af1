"""Tutto's entry errors are the contract's; here are the reason codes Tutto's rules give.

Every reason code is registered in one of these sets (or the contract's shared ones), and a
test proves that each has its own sentence in every language, so no refusal can reach a player
as a bare code.
"""

from __future__ import annotations

from tutto_a11y.core.contract import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry

#: Refusals of an entry at the table, worded by the game's messages.
PLAY_REASONS = frozenset({
    "wrong-dice-count", "face-out-of-range", "not-faces", "no-faces", "bonus-value",
    "die-does-not-score", "die-not-in-roll", "street-face-twice", "street-face-already-set-aside",
    "cannot-bank-under-card", "cannot-bank-now", "card-not-in-deck", "wrong-step",
})
#: Refusals of rule options and presets, worded before the game starts.
OPTION_REASONS = frozenset({"bad-target", "bad-rule-value", "unknown-rule", "unknown-preset"})
#: Only a damaged journal gives these (typed lines never do): worded as a damaged game.
JOURNAL_REASONS = frozenset({"unknown-card", "unknown-entry"})
REASONS = PLAY_REASONS | OPTION_REASONS | JOURNAL_REASONS

__all__ = ["AmbiguousEntry", "EntryError", "IllegalEntry", "JOURNAL_REASONS", "MalformedEntry",
           "OPTION_REASONS", "PLAY_REASONS", "REASONS"]
