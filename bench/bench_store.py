"""How fast is the durable store on this disk?

Measures, on a real file with ``synchronous=FULL``:

* ``append``: one committed, fsynced transaction per entry, over a 2,000-entry game;
* resume: ``Store.open`` + ``claim`` + ``entries()`` of that 2,000-entry game, alone in its
  database and inside a database holding many other games (open runs ``quick_check`` on files
  up to ``QUICK_CHECK_MAX_BYTES``, so its cost grows with the file);

* undo: ``append_undo`` in a game whose journal already holds 1,000, 20,000 and 200,000 lines,
  next to an ``append`` in the same game (the same one durable transaction, without the undo's
  bookkeeping): an undo should cost what an append costs, however long the journal;

next to two baselines taken in the same run: a bare ``write`` + ``os.fsync`` of a small file
(what one durable commit cannot beat) and the start-up of ``python -c pass`` (what every CLI
command pays anyway).

Run:  python bench/bench_store.py [--dir FOLDER] [--entries 2000]
The default folder is a temporary one next to the default database, because the disk matters:
a tmpfs /tmp would make every fsync free.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import time
from pathlib import Path

from guard import check, run  # bench/guard.py
from harness import disk_option, scratch_folder
from timing import median_p90, percentile, python_start  # bench/timing.py
from tutto_a11y.store.journal import Store

ENTRY_CYCLE = ["roll 123346", "aside 15", "roll 2256", "aside 5", "bank", "card bonus-600",
               "roll 111245", "continue"]


def summary(samples_s: list[float]) -> str:
    ms = [s * 1000 for s in samples_s]
    median, p90 = median_p90(ms)
    return (
        f"median {median:7.3f} ms   p90 {p90:7.3f} ms   p99 {percentile(ms, 0.99):7.3f} ms"
        f"   max {max(ms):7.3f} ms   (n={len(ms)})"
    )


def bench_fsync(folder: Path, n: int = 300) -> list[float]:
    path = folder / "fsync-baseline"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    samples = []
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            os.write(fd, b"roll 123346 at 2025-01-01T00:00:00.000000Z\n")
            os.fsync(fd)
            samples.append(time.perf_counter() - t0)
    finally:
        os.close(fd)
        path.unlink()
    return samples


def bench_appends(db: Path, n: int) -> tuple[str, list[float]]:
    samples = []
    with Store.open(db) as store:
        assert store._conn is not None
        check(store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2,
              "the store does not write with synchronous=FULL")
        game = store.create_game("de", {"target": 6000}, ["Ana", "Bo", "Chloé"])
        for i in range(n):
            entry = ENTRY_CYCLE[i % len(ENTRY_CYCLE)]
            t0 = time.perf_counter()
            store.append(game.id, entry)
            samples.append(time.perf_counter() - t0)
    return game.id, samples


def bench_resume(db: Path, game_id: str, n_entries: int,
                 repeats: int = 30) -> dict[str, list[float]]:
    phases: dict[str, list[float]] = {"open": [], "entries": [], "open+claim+entries": []}
    for _ in range(repeats):
        t0 = time.perf_counter()
        store = Store.open(db)
        t1 = time.perf_counter()
        store.claim(game_id)
        t2 = time.perf_counter()
        entries = store.entries(game_id)
        t3 = time.perf_counter()
        store.close()
        check(len(entries) == n_entries, f"the game read back has {len(entries)} entries, "
                                         f"not {n_entries}")
        phases["open"].append(t1 - t0)
        phases["entries"].append(t3 - t2)
        phases["open+claim+entries"].append(t3 - t0)
    return phases


def add_other_games(db: Path, games: int, entries_each: int) -> None:
    """Bulk-insert finished games (directly, in one transaction): a realistically large file."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN")
        stamp = "2024-01-01T00:00:00.000000Z"
        for _ in range(games):
            cur = conn.execute(
                "INSERT INTO games (created, updated, lang, rules, players, status)"
                " VALUES (?, ?, 'en', ?, ?, 'finished')",
                (stamp, stamp, json.dumps({"target": 6000}), json.dumps(["Ana", "Bo"])),
            )
            conn.executemany(
                "INSERT INTO journal (game_id, seq, kind, text, at) VALUES (?, ?, 'entry', ?, ?)",
                [(cur.lastrowid, i + 1, ENTRY_CYCLE[i % len(ENTRY_CYCLE)], stamp)
                 for i in range(entries_each)],
            )
        conn.execute("COMMIT")
    finally:
        conn.close()


def bench_undo(folder: Path, journal_lines: int,
               repeats: int = 60) -> tuple[float, list[float], list[float]]:
    """``append`` and ``append_undo`` timed in turn, in a game with ``journal_lines`` lines.

    Also returns the first undo after resuming (entries read, then the game claimed).
    """
    db = folder / f"undo-{journal_lines}.sqlite3"
    with Store.open(db) as store:
        game = store.create_game("en", {"target": 6000}, ["Ana", "Bo"])
    conn = sqlite3.connect(db, isolation_level=None)
    # The long journal, written directly in one transaction (an append each would take minutes).
    try:
        stamp = "2024-01-01T00:00:00.000000Z"
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO journal (game_id, seq, kind, text, at) VALUES (?, ?, 'entry', ?, ?)",
            ((int(game.id), i + 1, ENTRY_CYCLE[i % len(ENTRY_CYCLE)], stamp)
             for i in range(journal_lines)),
        )
        conn.execute("COMMIT")
    finally:
        conn.close()
    appends, undos = [], []
    with Store.open(db) as store:
        store.entries(game.id)  # as the play loop resumes a game: read it, then claim it
        store.claim(game.id)
        t0 = time.perf_counter()
        store.append_undo(game.id)
        first = time.perf_counter() - t0
        for _ in range(repeats):
            t0 = time.perf_counter()
            store.append(game.id, "roll 123346")
            t1 = time.perf_counter()
            store.append_undo(game.id)
            t2 = time.perf_counter()
            appends.append(t1 - t0)
            undos.append(t2 - t1)
    db.unlink()
    return first, appends, undos


def main(args: argparse.Namespace) -> None:
    smoke = args.smoke
    if smoke:
        args.entries = 100

    with scratch_folder(args.dir) as folder:
        db = folder / "games.sqlite3"
        print(f"folder: {folder}   sqlite {sqlite3.sqlite_version}   "
              f"python {sys.version.split()[0]}")
        print()
        print("baselines")
        print(f"  write + os.fsync, 45 bytes      "
              f"{summary(bench_fsync(folder, 10 if smoke else 300))}")
        print(f"  python -c pass (start-up)       "
              f"{summary(python_start(1 if smoke else 10))}")
        print()
        game_id, appends = bench_appends(db, args.entries)
        print(f"append (synchronous=FULL, WAL), {args.entries} entries")
        print(f"  per append                      {summary(appends)}")
        print(f"  total                           {sum(appends):.3f} s")
        print()
        wal = Path(f"{db}-wal")
        size = db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
        print(f"resume the {args.entries}-entry game, alone in the database ({size / 1e6:.2f} MB)")
        for phase, samples in bench_resume(db, game_id, args.entries,
                                           3 if smoke else 30).items():
            print(f"  {phase:<31} {summary(samples)}")
        print()
        print("undo in a long journal (baseline: an append in the same game, same run)")
        for lines in (1_000,) if smoke else (1_000, 20_000, 200_000):
            first, appends, undos = bench_undo(folder, lines, 3 if smoke else 60)
            print(f"  {lines:>7,} lines: append_undo    {summary(undos)}")
            print(f"  {lines:>7,} lines: append         {summary(appends)}")
            print(f"  {lines:>7,} lines: first undo after resuming: {first * 1000:.3f} ms")
        print()
        others = 10 if smoke else 300
        add_other_games(db, games=others, entries_each=others)
        Store.open(db).close()  # let the checkpoint settle the file
        size = db.stat().st_size
        print(f"resume the {args.entries}-entry game among {others} other games of {others} "
              f"entries ({size / 1e6:.2f} MB)")
        for phase, samples in bench_resume(db, game_id, args.entries,
                                           3 if smoke else 30).items():
            print(f"  {phase:<31} {summary(samples)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    disk_option(parser)
    parser.add_argument("--entries", type=int, default=2000)
    run(main, parser, limit=3600)
