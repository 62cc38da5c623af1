"""The Orca test layer cleans up after itself, by process id, down to the program it ran.

A module of its own: Orca runs once per user, so this desk must not start while the desks of
``test_orca.py`` (kept for their whole module) run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testbed.screen_reader import Desk, OrcaBusy, alive, missing_programs

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("orca")]

PLAYERS = "Anna,Ben"


def test_the_tests_own_orca_is_stopped_with_everything_it_started(tmp_path: Path) -> None:
    """The layer cleans up after itself by process id: nothing it started outlives it, down
    to the program in the terminal and its speech."""
    if missing_programs():
        pytest.skip("the screen reader set-up is not installed")
    orca = Desk("de")
    try:
        orca.start()
    except OrcaBusy:
        pytest.skip("an Orca of your own is running: Orca runs once per user")
    try:
        term = orca.terminal(["--players", PLAYERS, "--db", str(tmp_path / "g.db")])
        term.wait_for_prompt("Anna, Karte?")
        family = [p.pid for p in orca.procs] + orca.family()
        names = sorted(_name(pid) for pid in family)
    finally:
        root = orca.root
        orca.close()
    for needed in ("Xvfb", "dbus-daemon", "orca", "speech-dispatch", "gnome-terminal-",
                   "tutto-tally"):
        assert needed in names, names
    assert [pid for pid in family if alive(pid)] == []
    assert not root.exists()


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""
