"""The end of the game: the entry that ended it can still be undone, live and after a resume.

A mistyped last roll must not end the evening with a wrong winner. The real program runs in a
pseudo-terminal with a real games file; exports and ``games`` are asked of the same file
through the command line in the test's process, as another program beside it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect
import pytest

from conftest import spawn_tutto
from table_harness import run_program

PLAYERS = "Anna,Ben,Cleo"
# Anna draws the Cloverleaf and makes two Tuttos in a row: the game ends at once.
CLOVERLEAF_WIN = ["clover", "1 1 1 5 5 5", "", "2 2 2 1 1 1", ""]
GAME_OVER_PROMPT = "Game over. Type scores, undo or quit:"


def program(args: list[str], env: dict[str, str], typed: Sequence[str] = ()) -> str:
    """The command line in the test's process (tests/table_harness.py), on the same games
    file the program in the terminal holds."""
    result = run_program(args, env, typed)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout


def exported(db: Path, env: dict[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(
        program(["export", "1", "--format", "json", "--db", str(db)], env))
    return found


def play_in_terminal(db: Path, *more: str) -> pexpect.spawn:
    return spawn_tutto(["--lang", "en", "--plain", "--db", str(db), *more])


@pytest.mark.slow
def test_the_entry_that_wins_the_game_can_be_undone_at_the_game_over_prompt(
        db: Path, clean_env: dict[str, str]) -> None:
    child = play_in_terminal(db, "--players", PLAYERS)
    for typed in CLOVERLEAF_WIN:
        child.sendline(typed)
    child.expect_exact("Anna wins the game")
    child.expect_exact(GAME_OVER_PROMPT)
    assert exported(db, clean_env)["status"] == "finished"

    child.sendline("undo")
    child.expect_exact("Undone: Anna setting aside 1, 1, 1, 2, 2, 2.")
    child.expect_exact("Anna, set aside?")
    assert exported(db, clean_env)["status"] == "running"
    assert exported(db, clean_env)["winners"] == []
    assert "Anna, Ben, Cleo, running." in program(["games", "--db", str(db)], clean_env)

    child.sendline("1 1 1")  # the corrected entry: no second Tutto, the game goes on
    child.expect_exact("Anna, roll 3 dice:")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.slow
def test_a_finished_game_resumed_offers_undo_and_is_finished_again_after_the_same_entry(
        db: Path, clean_env: dict[str, str]) -> None:
    program(["--lang", "en", "--plain", "--db", str(db), "--players", PLAYERS], clean_env,
            CLOVERLEAF_WIN)
    assert exported(db, clean_env)["status"] == "finished"

    child = play_in_terminal(db, "--resume", "1")
    child.expect_exact("The game is over: Anna won.")
    child.expect_exact(GAME_OVER_PROMPT)
    child.sendline("undo")
    child.expect_exact("Undone: Anna setting aside 1, 1, 1, 2, 2, 2.")
    child.expect_exact("Anna, set aside?")
    assert exported(db, clean_env)["status"] == "running"

    child.sendline("all")
    child.expect_exact("Anna wins the game")
    child.expect_exact(GAME_OVER_PROMPT)
    assert exported(db, clean_env)["status"] == "finished"
    assert exported(db, clean_env)["winners"] == ["Anna"]
    child.sendeof()
    child.expect_exact("The game is over and saved.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_entries_at_the_game_over_prompt_get_one_sentence_and_change_nothing(
        db: Path, clean_env: dict[str, str]) -> None:
    said = program(["--lang", "en", "--plain", "--db", str(db), "--players", PLAYERS],
                   clean_env, CLOVERLEAF_WIN + ["300", "scores"])
    lines = said.splitlines()
    assert "The game is over: type undo, scores or quit." in lines
    assert lines[-5:] == ["The game is over: type undo, scores or quit.", GAME_OVER_PROMPT,
                          "Scores: Anna 0, Ben 0, Cleo 0. Target 6000.", GAME_OVER_PROMPT,
                          "End of input. The game is over and saved."]
    assert exported(db, clean_env)["status"] == "finished"
