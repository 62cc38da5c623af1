"""Who sent the entries of a sheet's line from their own device, in the sheet's language.

With the live view's seats (``--share --seats``) a player may send an entry from a phone; the
journal keeps which seat sent which entry. A score sheet has one line per turn (Tutto, Yatzee)
or per round (Tute), so it names, on that line, the seats that sent its entries: "Sent by
Anna." when all of them came from seats, "Partly sent by Anna." when some were typed at the
table. The game's sheet says which of its events ends a line; nothing else here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutto_a11y.core.contract import Sentences
from tutto_a11y.core.record import Record
from tutto_a11y.text.lists import and_list


class SentBy(Record):
    """The seats that sent entries of one line, in the order they first did."""

    names: tuple[str, ...]
    partly: bool  # some entries of the line were typed at the table


def sent_by_line(events_by_entry: Sequence[Sequence[object]], sent: Sequence[str | None],
                 ends_line: Callable[[object], bool]) -> list[SentBy | None]:
    """For each finished line of a sheet, in order, who sent its entries (None: the table
    typed them all).

    ``sent`` holds for each entry the seat that sent it (None: typed at the table); it is
    empty for a game played without seats, and then so is the answer. An entry belongs to
    the line that the first entry at or after it ends (``ends_line`` of one of its events).
    """
    if not any(seat is not None for seat in sent):
        return []
    lines: list[SentBy | None] = []
    names: list[str] = []
    typed = False
    for events, seat in zip(events_by_entry, sent, strict=False):
        if seat is None:
            typed = True
        elif seat not in names:
            names.append(seat)
        for _ in filter(ends_line, events):
            lines.append(SentBy(tuple(names), typed) if names else None)
            names, typed = [], False
    return lines


def line_sent(lines: Sequence[SentBy | None], index: int) -> SentBy | None:
    """Who sent the entries of line ``index`` (from 0); None past the lines known."""
    return lines[index] if index < len(lines) else None


def sent_sentence(lines: Sequence[SentBy | None], index: int, c: Sentences) -> str:
    """The sentence that ends line ``index`` (from 0) of ``show``: "Sent by Anna.", "Partly
    sent by Anna and Ben."; empty when the table typed the line."""
    sent = line_sent(lines, index)
    if sent is None:
        return ""
    names = and_list(sent.names, c)
    if sent.partly:
        return c.gettext("Partly sent by {seat}.", seat=names)
    return sent_by_seat(names, c)


def sent_by_seat(seat: str, c: Sentences) -> str:
    """"Sent by Anna.": the seat that sent an entry, named once at the end of its line, at
    the table, on the live view and on ``show``'s lines alike."""
    return c.gettext("Sent by {seat}.", seat=seat)


def with_sent_column(header: list[str], rows: list[list[str]],
                     senders: Sequence[SentBy | None],
                     c: Sentences) -> tuple[list[str], list[list[str]]]:
    """A paper sheet's table as it is, or, when seats sent entries (``senders`` not empty),
    with a last column "Sent by" saying who sent each line's entries (row ``i`` is line
    ``i`` of ``senders``)."""
    if not senders:
        return header, rows
    return ([*header, c.gettext("Sent by")],
            [[*row, sent_cell(line_sent(senders, i), c)] for i, row in enumerate(rows)])


def sent_cell(sent: SentBy | None, c: Sentences) -> str:
    """The cell of a paper sheet's "Sent by" column: "Anna", "Anna (partly)", or empty."""
    if sent is None:
        return ""
    names = and_list(sent.names, c)
    return c.gettext("{seat} (partly)", seat=names) if sent.partly else names


def sent_json(lines: Sequence[SentBy | None], index: int) -> list[str]:
    """The ``sent_by`` field of turn or round ``index`` (from 0) in the JSON export: the
    seats' names."""
    sent = line_sent(lines, index)
    return list(sent.names) if sent is not None else []
