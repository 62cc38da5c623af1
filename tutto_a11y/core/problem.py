"""The one shape of every problem the program words for a person: a ``reason`` and its ``data``.

Why one base: a refused entry, a games file that cannot be opened, a settings file with a
wrong line, seat codes that cannot be used, a seat's limit, a save that failed, speech that
cannot start: each is found deep down (in the rules, the store, the live view's server) where
no sentence may be written, because the rules stay pure and the sentence depends on the
game's language, which only the edge knows. So a problem carries a stable ``reason`` code and
the values a sentence needs (``data``), never a sentence; the room that reports it turns the
reason into one sentence in the table's language. One base gives every room the same two
attributes to read, whatever raised the problem, and one place saying so.

The message of the exception itself (``str(problem)``) is English for logs and bug reports
only; a subclass may choose it (``shown``), so what it logged before stays the same.
"""

from __future__ import annotations

from collections.abc import Mapping


class Problem(Exception):
    """A problem to be told to a person: ``reason`` (a stable code) and ``data`` (the named
    values its sentence is filled from). Subclasses keep their own names for their extras."""

    reason: str
    data: dict[str, object]

    def __init__(self, reason: str, data: Mapping[str, object] | None = None, *,
                 shown: tuple[object, ...] | None = None) -> None:
        super().__init__(*(shown if shown is not None else (reason,)))
        self.reason = reason
        self.data = dict(data or {})
