"""How a list is said: "Anna, Ben and Cleo", "undo, scores or quit".

Why one module: players at a table, the files left over, the settings there are, a command
line's choices and a refused word's candidates are all said as a list, and a list must read
the same wherever it stands (one comma rule, one "and", one "or" in each language). Every room
that says a list calls these two, with the catalog of the language it speaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Sentences


def and_list(items: Sequence[str], c: Sentences) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo": how a list of people or things is said."""
    if len(items) == 1:
        return items[0]
    return c.gettext("{names} and {last}", names=", ".join(items[:-1]), last=items[-1])


def or_list(items: Sequence[str], c: Sentences) -> str:
    """"undo", "undo or quit", "undo, scores or quit": how choices are said."""
    if len(items) == 1:
        return items[0]
    return c.gettext("{words} or {last}", words=", ".join(items[:-1]), last=items[-1])
