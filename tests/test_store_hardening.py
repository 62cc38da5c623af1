"""The games file trusts nothing it reads and touches only regular files.

Every reproduction runs the real program (``tutto-tally --db``, its entry point in the test's
process through ``tests/table_harness.py``, or a process of its own where a FIFO could block
it, which the time limit of ``subprocess.run`` then catches, or where it is killed) on real
SQLite files: rows edited by hand, FIFOs, device nodes and symlinks made in a temporary folder,
read-only media, and the leftovers of a start killed while it created the file. Each asserts the
one sentence, the exit status, that no traceback is shown, and that nothing but a regular games
file was created or replaced.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import Finished, one_sentence, tutto_command
from faults import immutable, tmpfs
from table_harness import run_program
from tutto_a11y.store.journal import Store

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------------------------
# helpers


def run(env: dict[str, str], args: Sequence[str], typed: Sequence[str] = (),
        timeout: float = 20, *, real: bool = False) -> Finished:
    """The program run to its end with ``typed`` as its whole input; never a traceback. In the
    test's process, or with ``real`` a process of its own, stopped after ``timeout``."""
    result: Finished
    if real:
        result = subprocess.run([*tutto_command(), *args],
                                input="".join(t + "\n" for t in typed), capture_output=True,
                                text=True, encoding="utf-8", env=env, timeout=timeout)
    else:
        result = run_program(args, env, typed=[*typed])
    for text in (result.stdout, result.stderr):
        assert "Traceback" not in text and 'File "' not in text, text
    return result


def play_args(db: Path, *more: str) -> list[str]:
    return ["--plain", "--no-speech", "--db", str(db), *more]



def looking(db: Path, game: str = "1") -> list[list[str]]:
    """The three commands that only look at the games file."""
    return [["games", "--db", str(db)], ["show", game, "--db", str(db)],
            ["export", game, "--format", "json", "--db", str(db)]]


def table_rows(db: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every row of both tables, read without writing."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return (conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
                conn.execute("SELECT * FROM journal ORDER BY game_id, seq").fetchall())
    finally:
        conn.close()


def snapshot(path: Path) -> tuple[bytes, int, int]:
    """What writing or replacing the file would change: bytes, inode and modification time."""
    st = path.stat()
    return path.read_bytes(), st.st_ino, st.st_mtime_ns


def folder_state(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every name in a folder with its kind, inode and size (symlinks not followed)."""
    state = {}
    for name in os.listdir(folder):
        st = os.lstat(folder / name)
        state[name] = (stat.S_IFMT(st.st_mode), st.st_ino, st.st_size)
    return state


def two_games(env: dict[str, str], db: Path) -> None:
    """Game 1 (Anna, Ben) with a banked turn, game 2 (Dora, Emil) just begun."""
    assert run(env, play_args(db, "--players", "Anna,Ben"),
               ["300", "1 5 2 3 4 6", "1 5", "bank"]).returncode == 0
    assert run(env, play_args(db, "--players", "Dora,Emil"), ["no", "200"]).returncode == 0


def edit(db: Path, sql: str, *params: Any) -> None:
    """A hand edit with another SQLite program, as a curious player might make one."""
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(sql, params)
    conn.close()


DAMAGED_ROW = ("Game 1 is damaged: its players or rules cannot be read, so it cannot be shown "
               "or continued; the other games are fine.")
DAMAGED_ROW_LISTED = "Game 1 is damaged: its players or rules cannot be read."


# ---------------------------------------------------------------------------------------------
# 14.2 stored rows are checked before they are used


HAND_EDITS = [
    ("players", "not json"),
    ("players", '["A"]'),
    ("players", "[]"),
    ("players", "[1, 2]"),
    ("players", '{"Anna": 1}'),
    ("rules", "not json"),
    ("rules", '{"target": "abc"}'),
    ("rules", "[1, 2]"),
    ("rules", '{"x2-scope": "never"}'),
]


@pytest.mark.slow
@pytest.mark.parametrize("column, value", HAND_EDITS)
def test_a_game_row_edited_by_hand_is_reported_as_damaged_and_the_other_games_stay_usable(
        column: str, value: str, db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit(db, f"UPDATE games SET {column} = ? WHERE id = 1", value)
    rows = table_rows(db)

    for args in (play_args(db, "--resume", "1"), *looking(db)[1:]):
        assert one_sentence(run(clean_env, args, ["bank"])) == DAMAGED_ROW, args
    listed = run(clean_env, ["games", "--db", str(db)])
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[1] == DAMAGED_ROW_LISTED
    assert listed.stdout.splitlines()[0].startswith("Game 2, ")
    assert table_rows(db) == rows, "reporting the damage changes nothing"

    assert json.loads(run(clean_env, looking(db, "2")[2]).stdout)["players"][0]["name"] == "Dora"
    other = run(clean_env, play_args(db, "--resume", "2"), ["1 1 1 5 5 5", "", "bank"])
    assert other.returncode == 0, other.stderr
    assert other.stdout.splitlines()[0].startswith("Game 2 goes on. Dora's turn")


def test_a_damaged_game_is_told_in_the_games_language_in_german_and_french(
        db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit(db, "UPDATE games SET players = 'kaputt' WHERE id = 1")
    german = one_sentence(run(clean_env, ["show", "1", "--lang", "de", "--db", str(db)]))
    french = one_sentence(run(clean_env, ["show", "1", "--lang", "fr", "--db", str(db)]))
    assert german.startswith("Spiel 1 ist beschädigt")
    assert french.startswith("La partie 1 est endommagée")


def test_a_bare_start_says_once_that_the_last_running_game_is_damaged_and_starts_a_new_one(
        db: Path, clean_env: dict[str, str]) -> None:
    assert run(clean_env, play_args(db, "--players", "Anna,Ben"), ["300"]).returncode == 0
    edit(db, "UPDATE games SET rules = '{\"target\": \"abc\"}' WHERE id = 1")
    rows = table_rows(db)
    copy = db.parent / "copy.sqlite3"
    copy.write_bytes(db.read_bytes())

    started = run(clean_env, play_args(db, "--players", "Cleo,Dora"), ["stop"])

    assert started.returncode == 0, started.stderr
    said = started.stdout.splitlines()
    assert said[0] == DAMAGED_ROW
    assert said[1].startswith("New game for Cleo and Dora.")
    assert table_rows(db)[0][0] == rows[0][0], "the damaged game is left as it was"

    braille = run(clean_env, play_args(copy, "--width", "40", "--players", "Emil,Fay"), ["quit"])
    lines = braille.stdout.splitlines()
    assert all(len(line) <= 40 for line in lines), lines
    assert " ".join(lines).startswith(DAMAGED_ROW)


def test_a_journal_line_that_is_not_text_is_reported_as_damaged_at_that_entry(
        db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit(db, "UPDATE journal SET text = ? WHERE game_id = 1 AND seq = 2", b"\x00\xff")
    damaged = ("Game 1 is damaged at entry 2 and cannot be continued; the other games are "
               "fine.")
    for args in (play_args(db, "--resume", "1"), *looking(db)[1:]):
        assert one_sentence(run(clean_env, args, ["bank"])) == damaged, args
    assert run(clean_env, ["show", "2", "--db", str(db)]).returncode == 0


def test_a_damaged_game_can_still_be_marked_abandoned(db: Path,
                                                      clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    edit(db, "UPDATE games SET players = '[1, 2]' WHERE id = 1")
    done = run(clean_env, ["games", "--abandon", "1", "--db", str(db)])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Game 1 is marked abandoned."
    # The row: id, created, updated, lang, rules, players, status.
    assert table_rows(db)[0][0][6] == "abandoned"


# ---------------------------------------------------------------------------------------------
# 14.4 only regular files are created or replaced


NOT_A_FILE = ("{path} is not a regular file, so it was left untouched: "
              "choose a games file with --db.")


def every_command(db: Path) -> list[list[str]]:
    return [play_args(db, "--players", "Anna,Ben"), play_args(db, "--resume"), *looking(db)]


def test_a_fifo_as_games_file_is_refused_at_once_by_every_command(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    before = folder_state(tmp_path)
    for args in every_command(fifo):
        assert one_sentence(run(clean_env, args, ["stop"], timeout=60, real=True)) == \
            NOT_A_FILE.format(path=fifo), args
    assert folder_state(tmp_path) == before
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def own_null_device(folder: Path) -> Path:
    """A character device node of our own (major 1, minor 3, like /dev/null) in a temp folder."""
    node = folder / "device"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError) as exc:
        pytest.skip(f"making a device node needs root on Linux: {exc}")
    return node


@pytest.mark.parametrize("through", ["the device itself", "a symlink to it"])
def test_a_character_device_as_games_file_is_refused_and_never_replaced(
        through: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    device = own_null_device(tmp_path)
    db = device
    if through == "a symlink to it":
        db = tmp_path / "games.sqlite3"
        db.symlink_to(device)
    before = folder_state(tmp_path)
    for args in every_command(db):
        assert one_sentence(run(clean_env, args, ["stop"])) == NOT_A_FILE.format(path=db), args
        assert folder_state(tmp_path) == before, args
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    if through == "a symlink to it":
        assert os.readlink(db) == str(device)


# Each side file is two real programs refused twice: the quick run keeps the write-ahead log
# and the lock file; -shm and -journal are slow.
@pytest.mark.parametrize("side", ["-wal", pytest.param("-shm", marks=pytest.mark.slow),
                                  pytest.param("-journal", marks=pytest.mark.slow), ".claims"])
def test_a_fifo_or_symlink_in_place_of_a_side_file_is_refused_and_left_as_it_is(
        side: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "games.sqlite3"
    assert run(clean_env, play_args(db, "--players", "Anna,Ben"), ["300"]).returncode == 0
    refused = (f"The games file {db} cannot be opened: choose another file with --db.")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me")
    for kind in ("fifo", "symlink"):
        special = Path(f"{db}{side}")
        special.unlink(missing_ok=True)  # the lock file .claims stays after a game
        if kind == "fifo":
            os.mkfifo(special)
        else:
            special.symlink_to(elsewhere)
        before, folder = snapshot(db), folder_state(tmp_path)
        for args in (play_args(db, "--resume"), play_args(db, "--players", "Cleo,Dora")):
            assert one_sentence(run(clean_env, args, ["quit"], timeout=60,
                                    real=kind == "fifo")) == refused, args
        assert (snapshot(db), folder_state(tmp_path)) == (before, folder)
        assert elsewhere.read_text() == "keep me"
        special.unlink()


def test_a_symlink_to_an_empty_file_makes_the_games_file_at_its_target(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "games.sqlite3"
    target.touch()
    link = tmp_path / "games.sqlite3"
    link.symlink_to(target)

    assert run(clean_env, play_args(link, "--players", "Anna,Ben"), ["stop"]).returncode == 0

    assert link.is_symlink() and os.readlink(link) == str(target), "the link is kept"
    assert target.read_bytes().startswith(b"SQLite format 3\x00")
    assert table_rows(target)[1][0][2:4] == ("entry", "card stop")


def test_a_dangling_symlink_makes_the_games_file_where_it_points(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    target = tmp_path / "sync" / "games.sqlite3"
    target.parent.mkdir()
    link = tmp_path / "games.sqlite3"
    link.symlink_to(target)

    assert run(clean_env, play_args(link, "--players", "Anna,Ben"), ["stop"]).returncode == 0

    assert link.is_symlink()
    assert table_rows(target)[1][0][2:4] == ("entry", "card stop")


# ---- looking needs no writing


def test_looking_at_a_games_file_that_does_not_exist_creates_nothing(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "new" / "games.sqlite3"
    listed = run(clean_env, ["games", "--db", str(db)])
    assert (listed.returncode, listed.stdout) == (0, "There are no saved games yet.\n")
    for args in looking(db)[1:]:
        assert one_sentence(run(clean_env, args)) == (
            f"There is no game 1 in {db}: type tutto-tally games to list them.")
    assert os.listdir(tmp_path) == []


def test_looking_at_an_empty_file_leaves_it_empty(db: Path, clean_env: dict[str, str]) -> None:
    db.touch()
    before, folder = snapshot(db), folder_state(db.parent)
    listed = run(clean_env, ["games", "--db", str(db)])
    assert (listed.returncode, listed.stdout) == (0, "There are no saved games yet.\n")
    assert one_sentence(run(clean_env, looking(db)[1])).startswith("There is no game 1 in ")
    assert snapshot(db) == before
    assert folder_state(db.parent) == folder


@pytest.mark.slow
def test_games_show_and_export_work_on_read_only_media_and_leave_nothing_behind(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    with tmpfs(tmp_path / "mnt", "2m") as mnt:
        db = mnt / "games.sqlite3"
        two_games(clean_env, db)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, capture_output=True)
        before, folder = snapshot(db), folder_state(mnt)
        for args in looking(db):
            shown = run(clean_env, args)
            assert shown.returncode == 0 and shown.stderr == "", (args, shown.stderr)
            assert "Anna" in shown.stdout
        assert json.loads(run(clean_env, looking(db)[2]).stdout)["players"][0]["score"] == 150
        assert snapshot(db) == before
        assert folder_state(mnt) == folder


def test_looking_at_an_immutable_backup_works_and_creates_no_side_files(
        db: Path, clean_env: dict[str, str]) -> None:
    two_games(clean_env, db)
    folder = folder_state(db.parent)
    with immutable(db.parent):
        for args in looking(db):
            shown = run(clean_env, args)
            assert shown.returncode == 0 and shown.stderr == "", (args, shown.stderr)
    assert folder_state(db.parent) == folder
    assert not [n for n in os.listdir(db.parent) if n.endswith(("-wal", "-shm"))]


def killed_mid_game(env: dict[str, str], db: Path) -> None:
    """Play a turn with the real program and kill it: its entries stay in the -wal."""
    program = subprocess.Popen([*tutto_command(), *play_args(db, "--players", "Anna,Ben")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert program.stdin is not None and program.stdout is not None
    try:
        program.stdin.write(b"300\n1 5 2 3 4 6\n1 5\nbank\n")
        program.stdin.flush()
        # The bank is announced only once the journal holds it (table/session.py): its line
        # is the event that all four entries are saved, read as it comes, not a poll.
        for line in program.stdout:
            if b"banks" in line:
                break
        else:
            raise AssertionError("the program ended before it announced the bank")
    finally:
        program.kill()
        program.wait()
        program.stdin.close()  # the pipes go with the program
        program.stdout.close()


def test_a_backup_of_a_game_killed_mid_play_shows_its_latest_entries_from_read_only_media(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    with tmpfs(tmp_path / "mnt", "2m") as mnt:
        db = mnt / "games.sqlite3"
        killed_mid_game(clean_env, db)
        assert Path(f"{db}-wal").stat().st_size > 0, "the entries are in the -wal only"
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, capture_output=True)
        folder = folder_state(mnt)
        exported = json.loads(run(clean_env, looking(db)[2]).stdout)
        assert exported["players"][0] == {"name": "Anna", "score": 150, "turns": 1}
        assert folder_state(mnt) == folder


def test_a_copied_backup_with_its_wal_but_no_shm_is_viewed_without_changing_the_copy(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    played = tmp_path / "played" / "games.sqlite3"
    played.parent.mkdir()
    killed_mid_game(clean_env, played)
    backup = tmp_path / "backup"
    backup.mkdir()
    for name in ("games.sqlite3", "games.sqlite3-wal"):  # what a careful copy by hand takes
        (backup / name).write_bytes((played.parent / name).read_bytes())
    db = backup / "games.sqlite3"
    before, wal, folder = snapshot(db), snapshot(Path(f"{db}-wal")), folder_state(backup)

    for args in looking(db):
        shown = run(clean_env, args)
        assert shown.returncode == 0 and "Anna" in shown.stdout, (args, shown.stderr)
    assert json.loads(run(clean_env, looking(db)[2]).stdout)["players"][0]["score"] == 150

    assert (snapshot(db), snapshot(Path(f"{db}-wal"))) == (before, wal)
    assert folder_state(backup) == folder, "no -shm was made next to the copy"


# ---------------------------------------------------------------------------------------------
# 14.6 the leftovers of a start killed while creating the file


def test_the_next_start_removes_the_temporary_files_a_killed_first_start_left(
        db: Path, clean_env: dict[str, str]) -> None:
    # What a start killed inside the creation leaves: its temporary database and journal.
    stale = db.parent / f".{db.name}.k1ll3d.new"
    stale.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84)
    Path(f"{stale}-journal").write_bytes(b"\x00" * 512)
    orphan = db.parent / f".{db.name}.0rphan.new-wal"
    orphan.write_bytes(b"")
    unrelated = db.parent / ".notes.txt.k1ll3d.new"
    unrelated.write_text("someone else's")

    assert run(clean_env, play_args(db, "--players", "Anna,Ben"), ["stop"]).returncode == 0

    assert sorted(n for n in os.listdir(db.parent) if n.endswith(("new", "-wal", "-journal"))) \
        == [unrelated.name]
    assert table_rows(db)[1][0][2:4] == ("entry", "card stop")


def test_a_temporary_file_another_start_is_building_right_now_is_left_alone(
        db: Path, clean_env: dict[str, str]) -> None:
    building = db.parent / f".{db.name}.bu1ld1ng.new"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import fcntl, os, sys
        fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        print("holding", flush=True)
        sys.stdin.read()
        """), str(building)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    try:
        assert holder.stdout.readline() == "holding\n"
        assert run(clean_env, play_args(db, "--players", "Anna,Ben"), ["stop"]).returncode == 0
        assert building.exists()
    finally:
        holder.communicate("", timeout=60)
    assert run(clean_env, play_args(db, "--resume"), ["quit"]).returncode == 0
    assert not building.exists(), "once its builder is gone it is a leftover like any other"


# ---------------------------------------------------------------------------------------------
# 14.5 undo costs the same however long the journal is


def long_game(db: Path, lines: int) -> str:
    with Store.open(db) as store:
        game = store.create_game("en", {"target": 6000}, ["Anna", "Ben"])
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO journal (game_id, seq, kind, text, at) VALUES (?, ?, 'entry', "
                     "'roll 123346', '2024-01-01T00:00:00.000000Z')",
                     ((int(game.id), i + 1) for i in range(lines)))
    conn.execute("COMMIT")
    conn.close()
    return game.id


def sqlite_work_of_undos(db: Path, game_id: str, undos: int = 5) -> int:
    """How much work SQLite does for ``undos`` undos of a resumed game, counted in VM steps.

    A count of steps, not a time: the same on every machine, so it can be compared exactly.
    """
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0

    with Store.open(db) as store:
        store.entries(game_id)  # as a resumed game is read, then claimed, by the play loop
        store.claim(game_id)
        assert store._conn is not None
        store._conn.set_progress_handler(count, 100)
        for _ in range(undos):
            store.append_undo(game_id)
        store._conn.set_progress_handler(None, 0)
    return steps


def test_an_undo_in_a_long_journal_does_no_more_work_than_in_a_short_one(tmp_path: Path) -> None:
    short_db, long_db = tmp_path / "short.sqlite3", tmp_path / "long.sqlite3"
    short = sqlite_work_of_undos(short_db, long_game(short_db, 1_000))
    long = sqlite_work_of_undos(long_db, long_game(long_db, 50_000))
    assert long <= short + 50, (short, long)

    # ... and the kept count still stops undo when no entry is left, in this session and the next.
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        game = store.create_game("en", {"target": 6000}, ["Anna", "Ben"])
        store.append(game.id, "card bonus-300")
        store.append_undo(game.id)
        store.append(game.id, "card stop")
        store.append(game.id, "card bonus-200")
        store.append_undo(game.id)
        store.append_undo(game.id)
        with pytest.raises(ValueError):
            store.append_undo(game.id)
        assert [row.kind for row in store.journal(game.id)] == [
            "entry", "undo", "entry", "entry", "undo", "undo"]
        store.append(game.id, "card x2")
    with Store.open(db) as store:
        store.claim(game.id)
        store.append_undo(game.id)
        with pytest.raises(ValueError):
            store.append_undo(game.id)
        assert store.entries(game.id) == []
    # A count read before the claim is not used when another writer added entries meanwhile.
    with Store.open(db) as reader, Store.open(db) as other:
        assert reader.entries(game.id) == []
        other.append(game.id, "card stop")
        other.append(game.id, "card bonus-200")
        other.close()
        reader.claim(game.id)
        reader.append_undo(game.id)
        reader.append_undo(game.id)
        with pytest.raises(ValueError):
            reader.append_undo(game.id)
