"""The durable store, exercised on real files: real SQLite, real locks, real processes.

Faults are produced for real wherever this machine allows it (immutable files and folders via
``chattr +i``, read-only and full file systems via small tmpfs mounts); those tests are skipped,
with the reason, where that needs privileges the runner does not have.  A full database is also
simulated with ``PRAGMA max_page_count``, which makes SQLite fail with the very error code
(SQLITE_FULL) a full disk gives, so that path is tested everywhere.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from faults import fill, immutable, tmpfs
from tutto_a11y.core.contract import GameStatus
from tutto_a11y.store import files, schema
from tutto_a11y.store.errors import StoreError
from tutto_a11y.store.journal import Store, default_db_path
from tutto_a11y.store.rows import GameInfo
from tutto_a11y.store.schema import APPLICATION_ID, SCHEMA_VERSION

PROJECT_ROOT = Path(__file__).resolve().parents[1]
RULES = {"target": 6000, "cards": "standard"}


# ---------------------------------------------------------------------------------------------
# helpers


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    s = Store.open(db)
    yield s
    s.close()


def snapshot(path: Path) -> tuple[bytes, int, int]:
    """Everything that would change if a file were written: its bytes, size and mtime."""
    st = path.stat()
    return path.read_bytes(), st.st_size, st.st_mtime_ns


def listing(directory: Path) -> list[str]:
    return sorted(os.listdir(directory))


def refused(path: Path, reason: str) -> StoreError:
    with pytest.raises(StoreError) as info:
        Store.open(path)
    assert info.value.reason == reason, info.value
    assert info.value.path == str(path)
    return info.value


def make_game(db: Path, entries: list[str]) -> str:
    with Store.open(db) as s:
        game = s.create_game("de", RULES, ["Ana", "Bo"])
        for entry in entries:
            s.append(game.id, entry)
        return game.id


def run_python(code: str, *args: str, **kwargs: Any) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(PROJECT_ROOT), env.get("PYTHONPATH", "")])
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )




# ---------------------------------------------------------------------------------------------
# creating, listing, finding


def test_the_default_database_lives_in_the_users_data_folder() -> None:
    path = default_db_path()
    assert path.name == "games.sqlite3"
    assert "tutto-tally" in path.parts


def test_opening_a_missing_file_creates_the_database_and_its_folders(tmp_path: Path) -> None:
    db = tmp_path / "deep" / "er" / "games.sqlite3"
    Store.open(db).close()
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "journal"} <= tables
    finally:
        conn.close()
    assert not [name for name in listing(db.parent) if name.endswith(".new")], (
        "no temporary file is left behind"
    )


def test_an_empty_file_is_turned_into_a_database(db: Path) -> None:
    db.touch()
    with Store.open(db) as s:
        assert s.games() == []
    assert db.read_bytes().startswith(b"SQLite format 3\x00")


def test_created_games_are_listed_newest_first(store: Store) -> None:
    first = store.create_game("de", RULES, ["Ana", "Bo"])
    second = store.create_game("fr", {"target": 10000}, ["Chloé", "Dé", "Ève"])
    assert isinstance(first, GameInfo)
    assert (first.id, second.id) == ("1", "2")
    assert second.players == ("Chloé", "Dé", "Ève")
    assert second.rules == {"target": 10000}
    assert second.lang == "fr" and second.status == "running"
    assert second.created.endswith("Z") and second.created == second.updated
    assert [g.id for g in store.games()] == ["2", "1"]
    assert store.game("1") == first


def test_games_and_their_details_survive_reopening(db: Path) -> None:
    game_id = make_game(db, ["card bonus-600", "roll 123346"])
    with Store.open(db) as s:
        game = s.game(game_id)
        assert game.players == ("Ana", "Bo") and game.rules == RULES and game.lang == "de"


def test_last_is_the_game_written_most_recently(store: Store) -> None:
    first = store.create_game("de", RULES, ["Ana"])
    second = store.create_game("de", RULES, ["Bo"])
    assert store.game("last").id == second.id
    store.append(first.id, "roll 555")
    assert store.game("last").id == first.id
    assert store.games()[0].id == first.id


def test_an_unknown_game_is_reported_as_no_such_game(store: Store) -> None:
    with pytest.raises(StoreError) as info:
        store.game("last")
    assert (info.value.reason, info.value.data) == ("no-such-game", {"game": "last"})
    store.create_game("de", RULES, ["Ana"])
    for ref in ("2", "0", "-1", "abc", "", "1.0"):
        with pytest.raises(StoreError) as info:
            store.game(ref)
        assert (info.value.reason, info.value.data["game"]) == ("no-such-game", ref)
    for call in (store.entries, store.journal, store.claim, store.append_undo):
        with pytest.raises(StoreError) as info:
            call("7")
        assert info.value.reason == "no-such-game"
    with pytest.raises(StoreError):
        store.append("7", "bank")


# ---------------------------------------------------------------------------------------------
# the journal


def test_appended_entries_come_back_in_order_after_reopening(db: Path) -> None:
    entries = ["card bonus-600", "roll 123346", "aside 15", "bank", "continue"]
    game_id = make_game(db, entries)
    with Store.open(db) as s:
        assert s.entries(game_id) == entries
        assert [row.seq for row in s.journal(game_id)] == [1, 2, 3, 4, 5]


def test_undo_removes_the_latest_remaining_entry_and_the_journal_keeps_both(store: Store) -> None:
    game = store.create_game("en", RULES, ["Ana", "Bo"])
    for entry in ("card bonus-600", "roll 123346", "aside 15"):
        store.append(game.id, entry)
    store.append_undo(game.id)
    store.append_undo(game.id)
    store.append(game.id, "aside 1")
    store.append_undo(game.id)
    assert store.entries(game.id) == ["card bonus-600"]
    journal = store.journal(game.id)
    assert [(row.kind, row.text) for row in journal] == [
        ("entry", "card bonus-600"),
        ("entry", "roll 123346"),
        ("entry", "aside 15"),
        ("undo", None),
        ("undo", None),
        ("entry", "aside 1"),
        ("undo", None),
    ]
    assert [row.seq for row in journal] == list(range(1, 8))
    assert all(row.at.endswith("Z") for row in journal)
    assert [row.at for row in journal] == sorted(row.at for row in journal)


def test_undo_with_no_entry_left_is_refused_and_not_recorded(store: Store) -> None:
    game = store.create_game("en", RULES, ["Ana"])
    with pytest.raises(ValueError):
        store.append_undo(game.id)
    store.append(game.id, "roll 1")
    store.append_undo(game.id)
    with pytest.raises(ValueError):
        store.append_undo(game.id)
    assert len(store.journal(game.id)) == 2


def test_entries_of_different_games_do_not_mix(store: Store) -> None:
    a = store.create_game("de", RULES, ["Ana"])
    b = store.create_game("de", RULES, ["Bo"])
    store.append(a.id, "roll 1")
    store.append(b.id, "roll 2")
    store.append(a.id, "bank")
    store.append_undo(b.id)
    assert store.entries(a.id) == ["roll 1", "bank"]
    assert store.entries(b.id) == []


def test_an_entry_must_be_a_non_empty_string(store: Store) -> None:
    game = store.create_game("de", RULES, ["Ana"])
    for bad in ("", None, 5):
        with pytest.raises(ValueError):
            store.append(game.id, bad)  # type: ignore[arg-type]
    assert store.journal(game.id) == []


def last_running_id(store: Store) -> str | None:
    game = store.last_running()
    return game.id if game else None


def test_status_changes_are_kept_and_last_running_skips_ended_games(db: Path) -> None:
    with Store.open(db) as s:
        assert s.last_running() is None
        a = s.create_game("de", RULES, ["Ana"])
        b = s.create_game("de", RULES, ["Bo"])
        assert last_running_id(s) == b.id
        s.set_status(b.id, GameStatus.FINISHED)
        assert last_running_id(s) == a.id
        s.set_status(a.id, GameStatus.ABANDONED)
        assert s.last_running() is None
        with pytest.raises(ValueError):
            s.set_status(a.id, "paused")  # type: ignore[arg-type]  # not a status
    with Store.open(db) as s:
        assert [(g.id, g.status) for g in s.games()] == [("1", "abandoned"), ("2", "finished")]
        s.set_status("2", GameStatus.RUNNING)
        assert last_running_id(s) == "2"


# ---------------------------------------------------------------------------------------------
# files that are not ours, or not healthy: refused, and left exactly as they were


def test_a_file_that_is_not_a_database_is_refused_and_left_untouched(db: Path) -> None:
    db.write_text("Ana 3200\nBo 4100\n" * 20, encoding="utf-8")
    before = snapshot(db)
    refused(db, "not-a-database")
    assert snapshot(db) == before
    assert listing(db.parent) == [db.name], "no -wal, -shm or .claims file is created"


def test_a_short_binary_file_is_refused_and_left_untouched(db: Path) -> None:
    db.write_bytes(b"SQLite format 3\x00\x10")  # the magic, but no complete header
    before = snapshot(db)
    refused(db, "not-a-database")
    assert snapshot(db) == before


@pytest.mark.parametrize(
    "setup",
    [
        "CREATE TABLE notes (body TEXT)",  # no application id
        "PRAGMA application_id = 1179406411",  # somebody else's application id
        # ours, foreign tables
        f"PRAGMA application_id = {APPLICATION_ID}; CREATE TABLE notes (body TEXT)",
    ],
    ids=["no-application-id", "other-application-id", "our-id-foreign-tables"],
)
@pytest.mark.parametrize("journal_mode", ["delete", "wal"])
def test_another_programs_sqlite_database_is_refused_and_left_untouched(
    db: Path, setup: str, journal_mode: str
) -> None:
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA journal_mode = {journal_mode}")
    conn.executescript(
        setup + "; CREATE TABLE IF NOT EXISTS other (x); INSERT INTO other VALUES (1);"
    )
    conn.close()
    before = snapshot(db)
    refused(db, "not-a-database")
    assert snapshot(db) == before
    assert listing(db.parent) == [db.name], "no -wal, -shm or .claims file appears"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT x FROM other").fetchall() == [(1,)]


def test_an_empty_file_next_to_a_left_over_wal_is_not_adopted(db: Path) -> None:
    db.touch()
    wal = Path(f"{db}-wal")
    wal.write_bytes(b"\x37\x7f\x06\x82" + b"\x00" * 60)
    before = snapshot(db), snapshot(wal)
    refused(db, "not-a-database")
    assert (snapshot(db), snapshot(wal)) == before


def test_a_left_over_wal_without_its_database_is_not_replayed_into_a_new_one(db: Path) -> None:
    wal = Path(f"{db}-wal")
    wal.write_bytes(b"\x37\x7f\x06\x82" + b"\x00" * 60)
    refused(db, "cannot-open")
    assert not db.exists()


@pytest.fixture(scope="module")
def long_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games file whose game 1 has a journal of several pages (600 rolls), made once for the
    module: each of its 600 entries is its own transaction waiting for the disk, seconds in
    all. A test damages a copy of its own (:func:`copy_of_long_journal`)."""
    folder = tmp_path_factory.mktemp("long-journal")
    made = folder / "games.sqlite3"
    assert make_game(made, [f"roll {i:06d}" for i in range(600)]) == "1"
    assert listing(folder) == [made.name, f"{made.name}.claims"]  # closed: no -wal or -shm
    return made


def copy_of_long_journal(long_journal: Path, db: Path) -> str:
    """The long games file copied byte for byte to ``db`` (its claims file too, as the program
    leaves it beside the games file); the id of its game."""
    shutil.copyfile(long_journal, db)
    shutil.copyfile(f"{long_journal}.claims", f"{db}.claims")
    return "1"


def corrupt_after_page_one(db: Path) -> None:
    data = bytearray(db.read_bytes())
    rng = random.Random(1)
    data[4096:] = bytes(rng.randrange(256) for _ in range(len(data) - 4096))
    db.write_bytes(bytes(data))


def corrupt_after_header(db: Path) -> None:
    data = bytearray(db.read_bytes())
    rng = random.Random(2)
    data[100:] = bytes(rng.randrange(256) for _ in range(len(data) - 100))
    db.write_bytes(bytes(data))


def truncate_to_half(db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: (len(data) // 4096 // 2) * 4096])


@pytest.mark.parametrize("damage", [corrupt_after_page_one, corrupt_after_header, truncate_to_half])
def test_a_corrupt_database_is_refused_and_left_untouched(db: Path, damage: Callable[[Path], None],
                                                          long_journal: Path) -> None:
    copy_of_long_journal(long_journal, db)  # several pages of journal
    assert db.stat().st_size >= 4 * 4096
    damage(db)
    before = snapshot(db)
    refused(db, "corrupt")
    assert snapshot(db) == before
    assert listing(db.parent) == [db.name, f"{db.name}.claims"], "a refused file gets no -wal/-shm"


def test_corruption_beyond_the_checked_size_is_reported_when_the_damaged_page_is_read(
    db: Path, monkeypatch: pytest.MonkeyPatch, long_journal: Path
) -> None:
    game_id = copy_of_long_journal(long_journal, db)
    corrupt_after_page_one(db)
    monkeypatch.setattr(files, "QUICK_CHECK_MAX_BYTES", 0)  # as if the file were huge
    try:
        s = Store.open(db)
    except StoreError as exc:  # the damage may also hit the games table, read while opening
        assert exc.reason == "corrupt"
        return
    with s, pytest.raises(StoreError) as info:
        s.entries(game_id)
    assert info.value.reason == "corrupt"


def test_a_database_from_a_newer_tutto_tally_is_refused_and_left_untouched(db: Path) -> None:
    make_game(db, ["roll 123346"])
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 6}")
    conn.close()
    before = snapshot(db)
    error = refused(db, "newer-schema")
    assert error.data == {"version": SCHEMA_VERSION + 6, "known": SCHEMA_VERSION}
    assert snapshot(db) == before


def test_a_newer_schema_still_in_the_wal_is_refused_and_neither_file_is_changed(db: Path) -> None:
    make_game(db, ["roll 123346"])
    newer = sqlite3.connect(db)  # another (newer) program keeps the database open ...
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")  # ... so this sits in the WAL
    try:
        before = snapshot(db), snapshot(Path(f"{db}-wal"))
        assert db.read_bytes()[60:64] == SCHEMA_VERSION.to_bytes(4, "big"), (
            "the main file still says ours"
        )
        refused(db, "newer-schema")
        assert (snapshot(db), snapshot(Path(f"{db}-wal"))) == before
    finally:
        newer.close()


def test_an_older_schema_is_migrated_in_place_keeping_the_games(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = make_game(db, ["roll 123346", "bank"])
    step = ("ALTER TABLE games ADD COLUMN note TEXT",)
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + (step,))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Store.open(db) as s:
        assert s.entries(game_id) == ["roll 123346", "bank"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert "note" in [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()


def test_a_file_with_our_id_but_no_schema_version_is_not_taken_for_ours(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.close()
    before = snapshot(db)
    refused(db, "not-a-database")
    assert snapshot(db) == before


def test_a_folder_or_a_path_through_a_file_cannot_be_opened(tmp_path: Path) -> None:
    refused(tmp_path, "cannot-open")
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    refused(blocker / "games.sqlite3", "cannot-open")
    assert blocker.read_text() == "x"


# ---- read-only


def test_an_immutable_database_file_is_refused_as_read_only_and_left_untouched(db: Path) -> None:
    make_game(db, ["roll 123346"])
    before = snapshot(db)
    names = listing(db.parent)
    with immutable(db):
        refused(db, "read-only")
    assert snapshot(db) == before
    assert listing(db.parent) == names


def test_a_database_in_an_immutable_folder_is_refused_as_read_only(db: Path) -> None:
    make_game(db, ["roll 123346"])
    before = snapshot(db)
    with immutable(db.parent):
        refused(db, "read-only")
    assert snapshot(db) == before


def test_creating_a_database_in_an_immutable_folder_is_refused_as_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    with immutable(folder):
        refused(folder / "games.sqlite3", "read-only")
        refused(folder / "sub" / "games.sqlite3", "read-only")
    assert listing(folder) == []


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="root ignores permission bits; the chattr and read-only mount tests cover root",
)
def test_a_database_without_write_permission_is_refused_as_read_only(db: Path) -> None:
    make_game(db, ["roll 123346"])
    db.chmod(0o444)
    before = snapshot(db)
    try:
        refused(db, "read-only")
    finally:
        db.chmod(0o644)
    assert snapshot(db) == before


def test_a_database_on_a_read_only_file_system_is_refused_and_left_untouched(
    tmp_path: Path,
) -> None:
    with tmpfs(tmp_path / "mnt", "2m") as mnt:
        db = mnt / "games.sqlite3"
        make_game(db, ["roll 123346"])
        before = snapshot(db)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, capture_output=True)
        refused(db, "read-only")
        refused(mnt / "new" / "games.sqlite3", "read-only")
        assert snapshot(db) == before


# ---- full disk




def test_a_full_disk_is_reported_and_the_database_is_left_untouched(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "mnt", "1m") as mnt:
        db = mnt / "games.sqlite3"
        s = Store.open(db)
        try:
            game = s.create_game("de", RULES, ["Ana", "Bo"])
            s.append(game.id, "card bonus-600")
            before = snapshot(db)
            filler = fill(mnt)
            accepted = ["card bonus-600"]
            with pytest.raises(StoreError) as info:
                for i in range(5000):
                    s.append(game.id, f"roll {i:06d} " + "x" * 200)
                    accepted.append(f"roll {i:06d} " + "x" * 200)
            assert info.value.reason == "disk-full"
            assert snapshot(db) == before, "the main file is only written by checkpoints"
            assert s.entries(game.id) == accepted, "the failed entry is not there, the others are"
            filler.unlink()
            s.append(game.id, "bank")
        finally:
            s.close()
        with Store.open(db) as s:
            assert s.entries(game.id) == accepted + ["bank"]


def test_creating_a_database_on_a_full_disk_is_reported_and_leaves_nothing_behind(
    tmp_path: Path,
) -> None:
    with tmpfs(tmp_path / "mnt", "512k") as mnt:
        fill(mnt)
        refused(mnt / "games.sqlite3", "disk-full")
        assert listing(mnt) == ["filler"]


def test_a_full_database_is_reported_as_disk_full_when_simulated_with_max_page_count(
    store: Store,
) -> None:
    # SQLite answers "no page may be added" with SQLITE_FULL, the same code as ENOSPC gives.
    game = store.create_game("de", RULES, ["Ana"])
    assert store._conn is not None
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    accepted = []
    with pytest.raises(StoreError) as info:
        for i in range(5000):
            store.append(game.id, f"roll {i:06d} " + "x" * 200)
            accepted.append(f"roll {i:06d} " + "x" * 200)
    assert info.value.reason == "disk-full"
    assert store.entries(game.id) == accepted
    store._conn.execute("PRAGMA max_page_count = 1073741823")
    store.append(game.id, "bank")
    assert store.entries(game.id) == accepted + ["bank"]


# ---------------------------------------------------------------------------------------------
# claims: one writer per game, released when its process dies


HOLDER = """
    import sys
    from tutto_a11y.store.errors import StoreError
    from tutto_a11y.store.journal import Store
    store = Store.open(sys.argv[1])
    try:
        store.claim(sys.argv[2])
    except StoreError as exc:
        print("refused", exc.reason, flush=True)
        try:
            store.append(sys.argv[2], "sneaky")
        except StoreError as exc:
            print("append refused", exc.reason, flush=True)
        sys.exit(3)
    store.append(sys.argv[2], "roll 222")
    print("claimed", flush=True)
    sys.stdin.read()  # hold the game until told to stop (or killed)
"""


def start_holder(db: Path, game_id: str) -> tuple[subprocess.Popen[str], str]:
    proc = run_python(HOLDER, str(db), game_id)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate(timeout=60)


def test_a_second_process_cannot_claim_a_game_the_first_holds_until_the_first_is_killed(
    db: Path,
) -> None:
    game_id = make_game(db, ["roll 111"])
    first, said = start_holder(db, game_id)
    try:
        assert first.stderr is not None
        assert said == "claimed", first.stderr.read() if first.poll() is not None else said
        second = run_python(HOLDER, str(db), game_id)
        out, err = second.communicate(timeout=30)
        assert second.returncode == 3, err
        assert out.split("\n")[:2] == [
            "refused game-open-elsewhere",
            "append refused game-open-elsewhere",
        ]
        with Store.open(db) as s:
            assert s.entries(game_id) == ["roll 111", "roll 222"], (
                "the refused process wrote nothing"
            )
            with pytest.raises(StoreError) as info:
                s.claim(game_id)
            assert (info.value.reason, info.value.data) == (
                "game-open-elsewhere",
                {"game": game_id},
            )

        first.send_signal(signal.SIGKILL)
        first.wait(timeout=60)

        third, said = start_holder(db, game_id)
        try:
            assert said == "claimed"
        finally:
            stop(third)
    finally:
        stop(first)
    with Store.open(db) as s:
        assert s.entries(game_id) == ["roll 111", "roll 222", "roll 222"]


def test_a_different_game_in_the_same_database_can_be_played_at_the_same_time(db: Path) -> None:
    one = make_game(db, [])
    two = make_game(db, [])
    first, said_first = start_holder(db, one)
    second, said_second = start_holder(db, two)
    try:
        assert (said_first, said_second) == ("claimed", "claimed")
        with Store.open(db) as s:
            assert s.entries(one) == ["roll 222"] and s.entries(two) == ["roll 222"]
    finally:
        stop(first)
        stop(second)


def test_writing_a_game_another_process_holds_is_refused_and_writes_nothing(db: Path) -> None:
    game_id = make_game(db, ["roll 111"])
    holder, said = start_holder(db, game_id)
    try:
        assert said == "claimed"
        with Store.open(db) as s:
            writes: tuple[Callable[[], object], ...] = (
                lambda: s.append(game_id, "bank"),
                lambda: s.append_undo(game_id),
                lambda: s.set_status(game_id, GameStatus.ABANDONED),
            )
            for write in writes:
                with pytest.raises(StoreError) as info:
                    write()
                assert info.value.reason == "game-open-elsewhere"
            assert s.entries(game_id) == ["roll 111", "roll 222"]
            assert s.game(game_id).status == "running"
    finally:
        stop(holder)


def test_a_new_game_is_claimed_by_the_process_that_created_it(db: Path) -> None:
    with Store.open(db) as s:
        game = s.create_game("de", RULES, ["Ana"])
        other = run_python(HOLDER, str(db), game.id)
        out, _ = other.communicate(timeout=30)
        assert out.startswith("refused game-open-elsewhere")
        s.release(game.id)
        other, said = start_holder(db, game.id)
        try:
            assert said == "claimed"
        finally:
            stop(other)


def test_two_stores_in_one_process_exclude_each_other_until_release_or_close(db: Path) -> None:
    game_id = make_game(db, [])
    a = Store.open(db)
    b = Store.open(db)
    try:
        a.claim(game_id)
        a.claim(game_id)  # claiming again is harmless
        with pytest.raises(StoreError) as info:
            b.claim(game_id)
        assert info.value.reason == "game-open-elsewhere"
        with pytest.raises(StoreError):
            b.append(game_id, "bank")
        a.release(game_id)
        b.claim(game_id)
        b.append(game_id, "bank")
        with pytest.raises(StoreError):
            a.claim(game_id)
        b.close()
        a.claim(game_id)
        a.append(game_id, "continue")
        assert a.entries(game_id) == ["bank", "continue"]
    finally:
        a.close()
        b.close()


def test_a_store_without_the_claim_still_writes_a_game_nobody_holds(store: Store) -> None:
    game = store.create_game("de", RULES, ["Ana"])
    store.release(game.id)
    store.append(game.id, "roll 5")  # claims just for the write ...
    other = Store.open(store.path)
    try:
        other.claim(game.id)  # ... and gives it back afterwards
    finally:
        other.close()


WRITER = """
    import sys
    from tutto_a11y.store.journal import Store
    store = Store.open(sys.argv[1])
    game = sys.argv[2]
    store.claim(game)
    n = len(store.entries(game))
    print("start", n, flush=True)
    while True:
        store.append(game, f"roll {n}")
        print(n, flush=True)  # only after append returned: this entry is committed
        n += 1
"""


@pytest.mark.slow
def test_killing_a_writer_at_random_moments_never_loses_a_committed_entry(db: Path) -> None:
    game_id = make_game(db, [])
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    previous = 0
    for round_ in range(8):
        writer = run_python(WRITER, str(db), game_id)
        assert writer.stdout is not None and writer.stderr is not None
        start = writer.stdout.readline().split()
        died = writer.stderr.read() if writer.poll() is not None else ""
        assert start == ["start", str(previous)], (seed, start, died)
        time.sleep(rng.uniform(0.0, 0.25))
        writer.send_signal(signal.SIGKILL)
        # Read on through the same text buffer readline() used: communicate() reads the pipe's
        # descriptor directly and would miss lines that readline() had already buffered.
        out = writer.stdout.read()
        writer.wait(timeout=30)
        writer.stdout.close()
        writer.stderr.close()
        assert writer.returncode == -signal.SIGKILL
        reported = [int(line) for line in out.split()]

        with Store.open(db) as s:
            entries = s.entries(game_id)
            journal = s.journal(game_id)
        assert entries == [f"roll {i}" for i in range(len(entries))], (seed, round_)
        assert [row.seq for row in journal] == list(range(1, len(entries) + 1))
        if reported:
            assert reported == list(range(previous, reported[-1] + 1)), (seed, round_)
            assert len(entries) > reported[-1], (
                f"committed entry lost (seed {seed}, round {round_})"
            )
        assert len(entries) <= (reported[-1] + 2 if reported else previous + 1), (
            "at most the unreported one is extra"
        )
        previous = len(entries)
    assert previous > 0
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
