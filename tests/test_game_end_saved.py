"""The entry that ends a game, and its undo, on a disk that refuses a write: what the table is
told is what the games file holds. Real program, real SQLite file; only which write fails is
chosen by the test (``faults.failing_write``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from faults import failing_write, fill, tmpfs
from test_durable_cli import SAVE_FAILED, play_args, run, saved_entries
from tutto_a11y.store.journal import Store

#: A game to 100 that Anna's first bank ends, then the undo of that bank.
START = ["--players", "Anna,Ben", "--target", "100", "--rule", "game-end=immediate"]
TYPED = ["x2", "1 5 2 3 4 6", "1 5", "bank", "undo"]
BEFORE_END = ["card x2", "roll 152346", "aside 15"]
GAME_OVER = "Game over: Anna wins with 150."


def status_of(db: Path) -> str:
    with Store.open(db, read_only=True) as store:
        return store.game("1").status


@pytest.mark.parametrize("failing", range(5, 10))
def test_the_game_ending_entry_and_its_undo_are_saved_whole_or_not_at_all_as_the_table_is_told(
        failing: int, db: Path, tmp_path: Path, clean_env: dict[str, str]) -> None:
    """Writes: 1 makes the game, 2 to 4 the first entries, then the ending bank and its undo."""
    done = run(failing_write(clean_env, tmp_path, failing), play_args(db, *START), TYPED)
    said = done.stdout.splitlines()
    failed = [n for n, line in enumerate(said) if line.startswith(SAVE_FAILED)]
    ended = [n for n, line in enumerate(said) if line.startswith(GAME_OVER)]
    if failed and not ended:  # the bank was refused: it is not in the file, the game runs
        assert done.returncode == 2
        assert saved_entries(db, "1") == BEFORE_END
        assert status_of(db) == "running"
    elif failed:  # the bank was announced, its undo refused: the game is over in the file
        assert done.returncode == 2 and ended[0] < failed[0]
        assert saved_entries(db, "1") == [*BEFORE_END, "bank"]
        assert status_of(db) == "finished"
    else:  # every write that mattered went through (the refused one kept only figures)
        assert done.returncode == 0
        assert saved_entries(db, "1") == BEFORE_END
        assert status_of(db) == "running"


def test_a_refusal_on_a_full_disk_leaves_no_side_file_behind(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    with tmpfs(tmp_path / "mnt", "512k") as mnt:
        db = mnt / "games.sqlite3"
        assert run(clean_env, play_args(db, "--players", "Anna,Ben"), ["stop"]).returncode == 0
        before = sorted(os.listdir(mnt))
        filler = fill(mnt)
        for args in (play_args(db, "--players", "Cleo,Dora"), play_args(db, "--resume", "1")):
            refused = run(clean_env, args, ["stop"])
            assert refused.returncode == 2, refused.stdout
            assert sorted(os.listdir(mnt)) == sorted([*before, "filler"]), args
        filler.unlink()
        assert saved_entries(db, "1") == ["card stop"]
