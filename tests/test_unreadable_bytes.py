"""Bytes that are no UTF-8 in one row of a real games file (a hand edit, a disk error).

SQLite stores whatever bytes it is given as TEXT; the game they are in is damaged, said in one
sentence, and every other game stays usable by every command.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import one_sentence
from test_store_hardening import DAMAGED_ROW, DAMAGED_ROW_LISTED, play_args, run, two_games

NOT_UTF8 = b"\xff\xfe\x80 Anna"


def edit_bytes(db: Path, sql: str) -> None:
    """A hand edit writing raw bytes as TEXT, as another SQLite program can."""
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(sql, (NOT_UTF8,))
    conn.close()


@pytest.mark.parametrize("column", ["players", "rules", "lang", "created", "kind"])
def test_a_games_row_with_bytes_that_are_no_utf8_is_damaged_and_the_other_games_stay_usable(
        column: str, db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit_bytes(db, f"UPDATE games SET {column} = CAST(? AS TEXT) WHERE id = 1")

    listed = run(clean_env, ["games", "--db", str(db)])
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[0].startswith("Game 2, ")
    assert listed.stdout.splitlines()[1] == DAMAGED_ROW_LISTED
    for args in (play_args(db, "--resume", "1"), ["show", "1", "--db", str(db)],
                 ["export", "1", "--format", "csv", "--db", str(db)]):
        assert one_sentence(run(clean_env, args, ["bank"])) == DAMAGED_ROW, args

    assert run(clean_env, ["show", "2", "--db", str(db)]).returncode == 0
    stats = run(clean_env, ["stats", "--db", str(db)])
    assert stats.returncode == 0, stats.stderr
    assert json.loads(run(clean_env, ["export", "2", "--format", "json", "--db", str(db)]
                          ).stdout)["players"][0]["name"] == "Dora"
    started = run(clean_env, play_args(db), ["yes", "stop"])  # game 2 is the last running
    assert started.returncode == 0, started.stderr
    assert started.stdout.splitlines()[0].startswith("Game 2 with Dora and Emil")


def test_a_journal_line_with_bytes_that_are_no_utf8_damages_only_its_game(
        db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit_bytes(db, "UPDATE journal SET text = CAST(? AS TEXT) WHERE game_id = 1 AND seq = 2")
    damaged = "Game 1 is damaged at entry 2 and cannot be continued; the other games are fine."
    for args in (play_args(db, "--resume", "1"), ["show", "1", "--db", str(db)],
                 ["export", "1", "--format", "md", "--db", str(db)]):
        assert one_sentence(run(clean_env, args, ["bank"])) == damaged, args
    for args in (["games", "--db", str(db)], ["show", "2", "--db", str(db)],
                 ["stats", "--db", str(db)], ["stats", "--format", "json", "--db", str(db)]):
        done = run(clean_env, args)
        assert done.returncode == 0, (args, done.stderr)
    # A bare start: game 2 is the last running game; game 1 is left as it is.
    started = run(clean_env, play_args(db), ["yes", "stop"])
    assert started.returncode == 0, started.stderr
    assert started.stdout.splitlines()[0].startswith("Game 2 with Dora and Emil")


def test_a_bare_start_whose_last_running_game_holds_bytes_that_are_no_utf8_starts_a_new_one(
        db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit_bytes(db, "UPDATE journal SET text = CAST(? AS TEXT) WHERE game_id = 2 AND seq = 1")
    started = run(clean_env, play_args(db, "--players", "Cleo,Fay"), ["stop"])
    assert started.returncode == 0, started.stderr
    said = started.stdout.splitlines()
    assert said[0] == ("Game 2 is damaged at entry 1 and cannot be continued; the other games "
                       "are fine.")
    assert said[1].startswith("New game for Cleo and Fay.")
