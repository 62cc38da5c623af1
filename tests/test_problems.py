"""Every problem told to a person carries a reason and its data, the same way (core/problem.py).

The room that reports a problem words it from ``reason`` and ``data``: whatever raised it, the
rules, the games file, the settings file, the live view's seats, the journal or speech, a
problem has the same two attributes, so no sentence is ever lost to a missing attribute.
"""

from __future__ import annotations

import pytest

from tutto_a11y.config.file import FileProblem
from tutto_a11y.core.contract import EntryError, IllegalEntry
from tutto_a11y.core.problem import Problem
from tutto_a11y.games.tutto.coach.position import PositionError
from tutto_a11y.share.entering import SeatRefusal
from tutto_a11y.share.seats import BadSeatCodes, read_fixed_codes
from tutto_a11y.speech.probe import SpeechUnavailable
from tutto_a11y.speech.speechd import SSIPError
from tutto_a11y.store.errors import StoreError
from tutto_a11y.table.session import JournalFailed


@pytest.mark.parametrize("problem, reason, data", [
    (IllegalEntry("bank-below-minimum", minimum=300), "bank-below-minimum", {"minimum": 300}),
    (StoreError("no-such-game", "g.sqlite3", {"game": "7"}), "no-such-game", {"game": "7"}),
    (FileProblem("twice", 3, name="lang"), "twice", {"name": "lang"}),
    (BadSeatCodes("twice", name="Anna"), "twice", {"name": "Anna"}),
    (SeatRefusal("undo-other", "Ben"), "undo-other", {"by": "Ben"}),
    (JournalFailed("disk-full", "g.sqlite3", {"detail": "full"}), "disk-full", {"detail": "full"}),
    (PositionError("no-dice", kept=6), "no-dice", {"kept": 6}),
    (SpeechUnavailable("no-engine", "none"), "no-engine", {"detail": "none"}),
    (SSIPError("timeout"), "timeout", {"detail": ""}),
])
def test_every_problem_carries_a_reason_and_its_data(problem: Problem, reason: str,
                                                     data: dict[str, object]) -> None:
    assert isinstance(problem, Problem)
    assert (problem.reason, problem.data) == (reason, data)


def test_the_refusals_stay_value_errors_and_keep_their_own_attributes() -> None:
    """Callers that catch ``ValueError`` or read a problem's extras keep working."""
    assert isinstance(EntryError("game-over"), ValueError)
    with pytest.raises(ValueError):
        read_fixed_codes("Anna=12345678,Anna=87654321")
    assert FileProblem("syntax", 4).line == 4
    assert StoreError("busy", "g.sqlite3").path == "g.sqlite3"
    assert SeatRefusal("turn").by is None
    assert JournalFailed("busy", "g.sqlite3").path == "g.sqlite3"


def test_a_problems_log_text_names_its_reason_and_data() -> None:
    """What a log or a bug report shows of a problem is unchanged by the common base."""
    assert str(EntryError("game-over")) == "game-over"
    assert str(IllegalEntry("x", n=1)) == "x: {'n': 1}"
    assert str(StoreError("busy", "g.sqlite3", {"a": 1})) == "busy: g.sqlite3 (a=1)"
    assert str(BadSeatCodes("twice", name="Anna")) == "('twice', {'name': 'Anna'})"
    assert str(FileProblem("twice", 2, name="x")) == "('twice', 2, {'name': 'x'})"
    assert str(SSIPError("failed", "closed")) == "failed: closed"
