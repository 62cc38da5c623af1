"""Yatzee's entry errors are the contract's; here are the reason codes Yatzee's rules give.

Every code is registered here (or in the contract's shared sets), and a test proves that each
has its own sentence in every language, so no refusal reaches a player as a bare code.
"""

from __future__ import annotations

from tutto_a11y.core.contract import AmbiguousEntry, EntryError, IllegalEntry, MalformedEntry

#: Refusals of an entry at the table, worded by the game's messages.
PLAY_REASONS = frozenset({
    "wrong-dice-count", "face-out-of-range", "not-faces", "no-faces", "roll-first",
    "no-more-rolls", "field-filled", "not-formed", "field-needed", "which-field",
    "no-such-player",
})
#: Refusals of rule options and presets, worded before the game starts.
OPTION_REASONS = frozenset({"bad-rule-value", "unknown-rule", "unknown-preset"})
#: Only a damaged journal gives these (typed lines never do): worded as a damaged game.
JOURNAL_REASONS = frozenset({"unknown-field", "unknown-entry"})
REASONS = PLAY_REASONS | OPTION_REASONS | JOURNAL_REASONS

__all__ = ["AmbiguousEntry", "EntryError", "IllegalEntry", "JOURNAL_REASONS", "MalformedEntry",
           "OPTION_REASONS", "PLAY_REASONS", "REASONS"]
