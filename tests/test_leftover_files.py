"""A games file deleted or moved while a game was open leaves SQLite's -wal and -shm beside its
name: the program names them and says what to do, in the game's language, and touches none.

Real SQLite files: a real game is stopped as a closed terminal stops it (SIGHUP, no clean-up),
so its last entry is still in the -wal, and the games file is then deleted or moved. The game is
hung up once for the module and each test gets a byte-for-byte copy of the files it left; the
program that then meets them runs in the test's process (``tests/table_harness.py``), and in one
case as a process of its own.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from conftest import Finished, one_sentence, tutto_command
from table_harness import run_program
from tutto_a11y.text.i18n import Catalog


def _hung_up_mid_game(db: Path, env: dict[str, str]) -> None:
    """A game with one entry, its program ended by SIGHUP while the file is open."""
    program = subprocess.Popen([*tutto_command(), "--plain", "--lang", "en", "--db", str(db),
                                "--players", "Anna,Ben"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               env=env)
    assert program.stdin is not None and program.stdout is not None
    program.stdin.write("300\n")
    program.stdin.flush()
    for line in program.stdout:  # until the entry is saved and announced
        if line.startswith("Anna draws Bonus 300."):
            break
    program.send_signal(signal.SIGHUP)
    program.wait(timeout=30)
    program.stdout.close()
    program.stdin.close()
    assert Path(f"{db}-wal").stat().st_size > 0, "the entry is still in the -wal"
    assert Path(f"{db}-shm").exists()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def hung_up(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The files a game hung up mid-game left (games.sqlite3, its -wal, -shm and claims),
    made once for the module: starting and hanging up a real program takes a second."""
    folder = tmp_path_factory.mktemp("hung-up")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(LANG="C.UTF-8", TUTTO_SPEECH="0")
    env.pop("LANGUAGE", None)
    _hung_up_mid_game(folder / "games.sqlite3", env)
    return _snapshot(folder)


def _stopped_mid_game(db: Path, hung_up: dict[str, bytes]) -> None:
    """The hung-up game's files, copied byte for byte beside ``db`` (named games.sqlite3)."""
    assert db.name == "games.sqlite3"
    for name, data in hung_up.items():
        (db.parent / name).write_bytes(data)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("command", [[], ["games"], ["show", "last"]], ids=["play", "games",
                                                                              "show"])
def test_left_over_files_of_a_deleted_games_file_are_named_with_what_to_do(
        lang: str, command: list[str], tmp_path: Path, clean_env: dict[str, str],
        hung_up: dict[str, bytes]) -> None:
    db = tmp_path / "games.sqlite3"
    _stopped_mid_game(db, hung_up)
    db.unlink()  # deleted while its game was open
    before = _snapshot(tmp_path)
    args = [*command, "--plain", "--lang", lang, "--db", str(db)]
    done: Finished = subprocess.run(
        [*tutto_command(), *args], input="", capture_output=True, text=True, env=clean_env,
        timeout=60) if (lang, command) == ("en", []) else run_program(args, clean_env)
    c = Catalog(lang)
    files = c.gettext("{names} and {last}", names="games.sqlite3-wal",
                      last="games.sqlite3-shm")
    assert one_sentence(done) == c.ngettext(
        "The left-over file {files} of an earlier games file stands beside {path}: if you "
        "moved that games file, move this one with it; if you deleted it, delete this one too; "
        "or choose another file with --db.",
        "The left-over files {files} of an earlier games file stand beside {path}: if you "
        "moved that games file, move them with it; if you deleted it, delete them too; or "
        "choose another file with --db.", 2, files=files, path=str(db))
    assert "games.sqlite3-wal" in done.stderr and "games.sqlite3-shm" in done.stderr
    assert _snapshot(tmp_path) == before  # nothing created, removed or replayed


def test_one_left_over_file_beside_an_empty_games_file_is_named_alone(
        tmp_path: Path, clean_env: dict[str, str], hung_up: dict[str, bytes]) -> None:
    db = tmp_path / "games.sqlite3"
    _stopped_mid_game(db, hung_up)
    db.write_bytes(b"")  # emptied, say by a program that failed to copy it
    Path(f"{db}-shm").unlink()
    done = run_program(["--plain", "--lang", "de", "--db", str(db)], clean_env)
    assert one_sentence(done) == Catalog("de").ngettext(
        "The left-over file {files} of an earlier games file stands beside {path}: if you "
        "moved that games file, move this one with it; if you deleted it, delete this one too; "
        "or choose another file with --db.",
        "The left-over files {files} of an earlier games file stand beside {path}: if you "
        "moved that games file, move them with it; if you deleted it, delete them too; or "
        "choose another file with --db.", 1, files="games.sqlite3-wal", path=str(db))


def test_doing_what_the_sentence_says_works_either_way(tmp_path: Path, clean_env: dict[str, str],
                                                       hung_up: dict[str, bytes]) -> None:
    """Moved with their games file, the left-over files bring its last entry back; deleted,
    they make room for a new games file."""
    db = tmp_path / "games.sqlite3"
    _stopped_mid_game(db, hung_up)
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.move(db, moved / db.name)  # moved without its side files: refused, as above
    for suffix in ("-wal", "-shm"):
        shutil.move(f"{db}{suffix}", moved / f"{db.name}{suffix}")
    went_on = run_program(["--plain", "--lang", "en", "--db", str(moved / db.name)],
                          clean_env, "yes\n")
    assert went_on.returncode == 0, went_on.stderr
    assert "Anna, roll 6 dice" in went_on.stdout  # the entry the -wal held is there

    _stopped_mid_game(db, hung_up)
    db.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink()
    fresh = run_program(["--plain", "--lang", "en", "--db", str(db), "--players", "Cleo,Dan"],
                        clean_env)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.startswith("New game for Cleo and Dan.")
