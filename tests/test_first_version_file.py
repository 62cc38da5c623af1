"""A games file written by the first version opens, resumes and exports exactly as before.

The fixture (``tests/fixtures/first-version``, see its HOW.md) is a schema-version-1 file from
before games knew their kind, with a finished English game 1 and a running German game 2, and
that version's own exports of both. It is always copied first: the fixture is never opened.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from conftest import Finished, one_sentence, spawn_tutto, tutto_command
from table_harness import run_program

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "first-version"


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    copy = tmp_path / "games.sqlite3"
    shutil.copyfile(FIXTURE / "games.sqlite3", copy)
    return copy


def run(clean_env: dict[str, str], *args: str, typed: str = "") -> Finished:
    """The program in the test's process (``tests/table_harness.py``) on the copied file."""
    return run_program(list(args), clean_env, typed)


def exported_bytes(clean_env: dict[str, str], *args: str, real: bool = False) -> bytes:
    """An export's bytes as written to stdout: in the test's process, or with ``real`` by a
    process of its own into a pipe."""
    if real:
        done = subprocess.run(tutto_command() + list(args), capture_output=True,
                              env=clean_env, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout
    result = run(clean_env, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout.encode("utf-8")


def migrated_by_resuming_game_one(old_file: Path, clean_env: dict[str, str]) -> None:
    """Resume the finished game 1 and quit at the game-over prompt: playing migrates."""
    done = run(clean_env, "--plain", "--resume", "1", "--db", str(old_file), typed="quit\n")
    assert done.returncode == 0, done.stderr
    assert "Game over. Type scores, undo or quit:" in done.stdout


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def schema(path: Path) -> tuple[int, list[str]]:
    with sqlite3.connect(path) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    return version, columns


@pytest.mark.parametrize("game", ["1", "2"])
def test_a_json_export_of_an_old_file_is_the_old_export_that_now_names_its_game(
        old_file: Path, clean_env: dict[str, str], game: str) -> None:
    result = run(clean_env, "export", game, "--format", "json", "--db", str(old_file))
    assert result.returncode == 0, result.stderr
    before = json.loads((FIXTURE / f"export-{game}.json").read_text(encoding="utf-8"))
    now = json.loads(result.stdout)
    assert now == {"game": "tutto", **before}
    assert list(now) == ["game", *before]


@pytest.mark.parametrize("game", ["1", "2"])
@pytest.mark.parametrize("fmt", ["csv", "md"])
def test_csv_and_markdown_exports_of_an_old_file_are_byte_identical(
        old_file: Path, clean_env: dict[str, str], game: str, fmt: str) -> None:
    written = exported_bytes(clean_env, "export", game, "--format", fmt, "--db", str(old_file),
                             real=(game, fmt) == ("1", "csv"))  # one as a process writes it
    assert written == (FIXTURE / f"export-{game}.{fmt}").read_bytes()


@pytest.mark.parametrize("command", [["games"], ["show", "1"], ["show", "2"],
                                     ["export", "2", "--format", "json"],
                                     ["export", "1", "--format", "csv"]])
def test_reading_an_old_file_neither_migrates_nor_changes_it(
        old_file: Path, clean_env: dict[str, str], command: list[str]) -> None:
    before = digest(old_file)
    result = run(clean_env, *command, "--db", str(old_file))
    assert result.returncode == 0, result.stderr
    assert digest(old_file) == before
    assert schema(old_file)[0] == 1
    assert sorted(p.name for p in old_file.parent.iterdir()) == ["games.sqlite3"]


def test_the_games_of_an_old_file_are_listed_as_before(old_file: Path,
                                                      clean_env: dict[str, str]) -> None:
    result = run(clean_env, "games", "--lang", "en", "--db", str(old_file))
    assert [line.split(": ", 1)[1] for line in result.stdout.splitlines()] == [
        "Zoé, Björn, Cléo, running.", "Anna, Ben, finished."]


def test_resuming_the_running_old_game_goes_on_with_cleo_at_1000_at_risk_with_3_dice(
        old_file: Path, clean_env: dict[str, str]) -> None:
    child = spawn_tutto(["--plain", "--resume", "2", "--db", str(old_file)])
    child.expect("Spiel 2 geht weiter. Cléo ist dran")
    child.expect("Cléo, 1000 auf dem Spiel, 3 Würfel: würfeln oder aufhören\\?")
    child.sendline("aufhören")
    child.expect("Cléo")
    child.sendline("quit")
    child.expect(r"\$|gespeichert|saved")
    child.expect(__import__("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0
    version, columns = schema(old_file)
    assert version >= 2 and "kind" in columns  # playing migrates: the game now knows its kind
    result = run(clean_env, "export", "2", "--format", "json", "--db", str(old_file))
    exported = json.loads(result.stdout)
    assert exported["game"] == "tutto"
    assert exported["players"][2] == {"name": "Cléo", "score": 1000, "turns": 1}


def test_resuming_the_finished_old_game_reaches_the_game_over_prompt_offering_undo(
        old_file: Path) -> None:
    child = spawn_tutto(["--plain", "--resume", "1", "--db", str(old_file)])
    child.expect("The game is over")
    child.expect("Game over. Type scores, undo or quit:")
    child.sendline("quit")
    child.expect(__import__("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0


def test_after_its_migration_an_old_file_still_exports_byte_identically(
        old_file: Path, clean_env: dict[str, str]) -> None:
    migrated_by_resuming_game_one(old_file, clean_env)
    assert "kind" in schema(old_file)[1]
    for game in ("1", "2"):
        for fmt in ("csv", "md"):
            assert exported_bytes(clean_env, "export", game, "--format", fmt, "--db",
                                  str(old_file)) == \
                (FIXTURE / f"export-{game}.{fmt}").read_bytes()


def test_the_game_can_be_chosen_by_the_environment(tmp_path: Path,
                                                   clean_env: dict[str, str]) -> None:
    db = tmp_path / "new.sqlite3"
    result = run({**clean_env, "TUTTO_GAME": "tute"}, "--lang", "de", "--plain", "--players",
                 "Anna,Ben", "--db", str(db), typed="oros\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Neue Partie Tute für Anna und Ben.")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT kind FROM games").fetchall() == [("tute",)]
    conn.close()


def test_a_new_game_is_stored_as_a_tutto_game(tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "new.sqlite3"
    result = run(clean_env, "--plain", "--game", "tutto", "--players", "Anna,Ben", "--db",
                 str(db), typed="quit\n")
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT kind FROM games").fetchall() == [("tutto",)]
    conn.close()
    exported = json.loads(run(clean_env, "export", "1", "--format", "json", "--db",
                              str(db)).stdout)
    assert exported["game"] == "tutto"


def test_a_saved_game_of_a_game_this_version_lacks_is_refused_in_one_sentence_not_as_damaged(
        old_file: Path, clean_env: dict[str, str]) -> None:
    migrated_by_resuming_game_one(old_file, clean_env)
    with sqlite3.connect(old_file) as conn:
        conn.execute("UPDATE games SET kind = 'chess' WHERE id = 1")
    conn.close()
    expected = ("Game 1 is a game of Chess, which this version cannot show or continue yet; "
                "the other games are fine.")
    for command in (["show", "1"], ["export", "1", "--format", "json"], ["--resume", "1"]):
        said = one_sentence(run(clean_env, *command, "--lang", "en", "--plain", "--db",
                                str(old_file)))
        assert said == expected, command
    assert run(clean_env, "show", "2", "--db", str(old_file)).returncode == 0
