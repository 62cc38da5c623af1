"""The live view as the table starts it: its server bound, and the seats' fixed codes read, before
the game's set-up, so that a problem with either is said first, in one sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.text.i18n import Catalog

if TYPE_CHECKING:  # for the checker only: these load when they are asked for
    from tutto_a11y.share.sharing import Sharing
    from tutto_a11y.store.journal import Store

__all__ = ["fixed_seat_codes", "open_sharing"]


def open_sharing(address: str | None, code: str | None, catalog: Catalog,
                 store: Store) -> Sharing | None:
    """``--share``: the live view's server, bound before set-up so a problem is said first."""
    if address is None:
        return None
    from tutto_a11y.share.sharing import ShareProblem, start_sharing

    try:
        return start_sharing(address, code, catalog)
    except ShareProblem as problem:
        store.close()
        raise UsageProblem(problem.sentence) from None


def fixed_seat_codes(text: str | None, catalog: Catalog) -> list[tuple[str, str]]:
    """``TUTTO_SEAT_CODES`` ("Anna=12345678,Ben=87654321"), read before the game starts so a
    mistake in it is said at once; UsageProblem in one sentence."""
    if not text:
        return []
    from tutto_a11y.share.seats import BadSeatCodes, read_fixed_codes

    c = catalog
    try:
        return read_fixed_codes(text)
    except BadSeatCodes as bad:
        if bad.reason == "bad-code":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: the code of {name} must be "
                                 "6 to 32 letters or digits.", name=bad.data["name"])
        elif bad.reason == "twice":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: it names {name} twice.",
                                 name=bad.data["name"])
        elif bad.reason == "same-code":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: two players have the same "
                                 "code.")
        else:
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: write it as NAME=CODE, "
                                 "separated by commas, such as Anna=12345678,Ben=87654321.")
        raise UsageProblem(sentence) from None
