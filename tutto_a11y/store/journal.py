"""The durable store: one SQLite file holding every game as an append-only journal.

Why a journal: a game is fully described by the list of accepted entries (``roll 123346``,
``bank``, ...); the rules engine rebuilds the state from that list.  Storing the list rather
than the state means a crash can never leave a half-updated score behind: every entry is its
own committed transaction, written to disk (``synchronous=FULL``) *before* :meth:`Store.append`
returns, and the caller only announces an entry after that.  Undo is journalled as well, so the
correction history survives; :meth:`Store.entries` applies the undos.

The parts of the store live next door: the tables and their migrations in
:mod:`tutto_a11y.store.schema`, the reasons a file is refused in :mod:`tutto_a11y.store.errors`,
opening the file (every check in its order, the durable connection, the migration, and the
read-only way in) in :mod:`tutto_a11y.store.opening` with the checks themselves in
:mod:`tutto_a11y.store.files`, which process may write which game in
:mod:`tutto_a11y.store.claims`, and the figures ``stats`` keeps of each game in
:mod:`tutto_a11y.store.figures` (a part of the Store).  :meth:`Store.open` refuses a file that
is not ours, damaged, newer or unwritable with a :class:`StoreError` and leaves it as it was.

Why rows are checked when read: the file may have been edited by hand.  A game row whose players
or rules cannot be read comes back marked ``damaged`` instead of raising, so one bad row never
hides the other games; a journal line that is not text raises 'damaged-game' for that game only.

Only the standard library's :mod:`sqlite3` is used (and :mod:`tutto_a11y.folders` for the
default location, :func:`default_db_path`, whose home is :mod:`tutto_a11y.store.opening`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tutto_a11y.core.contract import GameStatus
from tutto_a11y.store import files, opening, schema
from tutto_a11y.store.claims import Claims
from tutto_a11y.store.errors import StoreError, wrap
from tutto_a11y.store.figures import FiguresCache
from tutto_a11y.store.opening import default_db_path
from tutto_a11y.store.rows import UNNAMED_KIND, GameInfo, JournalRow
from tutto_a11y.store.schema import STATUSES

__all__ = [
    "Store",
    # Raised by every method of the Store; its home is tutto_a11y.store.errors.
    "StoreError",
    # Where the games file is by default; its home is tutto_a11y.store.opening.
    "default_db_path",
]


def _text(raw: bytes) -> str | bytes:
    """A TEXT value as read: a string, or its bytes when they are no UTF-8 (a hand edit, a
    disk error). sqlite3 would raise for the whole query; the bytes, which are no ``str``,
    make only the row they are in read as damaged."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _now() -> str:
    # Fixed width with microseconds, so text order is time order and 'last' is well defined.
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")



# --------------------------------------------------------------------------------------------
# The store


class Store(FiguresCache):
    """An open games database.  Not thread-safe: use one Store per thread (or process).

    Its games and their journals are here; the figures ``stats`` keeps of each game are its
    part :class:`~tutto_a11y.store.figures.FiguresCache`.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, real_path: Path | None = None,
                 side_files_before: Sequence[bool] | None = None) -> None:
        """Use :meth:`Store.open`; this only wires up an already validated connection."""
        self.path = path
        conn.text_factory = _text  # bytes that are no UTF-8 damage their row, not the file
        self._conn: sqlite3.Connection | None = conn
        self._claims = Claims(Path(real_path or path), path)  # the games this Store holds
        # Entries left to undo, per game this Store holds the claim of: nobody else can write
        # such a game, so the count is counted once and then kept up to date by our own writes.
        self._remaining: dict[int, int] = {}
        # What entries() last saw of each game: (its latest seq, entries left to undo).  Taken
        # over by claim() when the journal has not grown since, so a resumed game's first undo
        # does not count the journal again.
        self._seen: dict[int, tuple[int, int]] = {}
        self._columns: str | None = None  # the games columns to read, see _game_columns
        # Which of -wal and -shm were there when this Store opened the file (None: not opened
        # for writing): what a refused write left of them is removed again on close.
        self._side_files_before = None if side_files_before is None else list(side_files_before)
        self._real_path = Path(real_path or path)
        self._disk_full = False  # a read or write was refused for a full disk

    # ---- opening and closing ----------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, read_only: bool = False) -> Store:
        """Open the database at ``path``, creating it (and its folders) when it does not exist.

        An existing file is validated first and refused with a :class:`StoreError` (``reason``
        'not-a-database', 'corrupt', 'read-only', 'newer-schema', 'cannot-open', 'not-a-file',
        'disk-full') without being modified.  An older schema is migrated.

        ``read_only`` is for looking only (listing, showing, exporting): nothing is created,
        replaced, migrated or cleaned up, no side file is left behind, and read-only media and
        full disks work.  A missing or empty file then reads as a file without games.
        """
        shown = Path(path)
        try:
            opened = opening.open_file(shown, read_only)
            return cls(shown, opened.conn, real_path=opened.real_path,
                       side_files_before=opened.side_files_before)
        except StoreError as error:
            if error.path == str(shown):
                raise
            # Checks below work on the symlink's target; the player is told the path they gave.
            raise StoreError(error.reason, shown, error.data) from error

    def close(self) -> None:
        """Release every claim and close the database (idempotent)."""
        for game in self._claims:
            self._release(game)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
            if self._disk_full and self._side_files_before is not None:
                # Only the -shm: one under 32 KiB is of no use to anybody, while an empty -wal
                # may be another program's that has not written yet.
                files.remove_empty_side_files(self._real_path, [True, self._side_files_before[1]])

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- helpers -------------------------------------------------------------------------------

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError("the store is closed")
        return self._conn

    def _error(self, exc: BaseException,
               data: Mapping[str, object] | None = None) -> BaseException:
        wrapped = wrap(exc, self.path, data)
        if wrapped is not None and wrapped.reason == "disk-full":
            self._disk_full = True
        return wrapped if wrapped is not None else exc

    def _gid(self, ref: str | int) -> int:
        """The integer id for a user-typed game id, or StoreError('no-such-game')."""
        text = str(ref).strip()
        if not text.isascii() or not text.isdigit():
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        gid = int(text)
        if self._query("SELECT 1 FROM games WHERE id = ?", (gid,)) == []:
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        return gid

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._error(exc) from exc

    @staticmethod
    def _info(row: Sequence[Any]) -> GameInfo:
        """A games row as read, or marked ``damaged`` when a hand edit left it unreadable."""
        gid, created, updated, lang, rules_json, players_json, status, kind = row
        unreadable_kind = isinstance(kind, bytes)
        kind = kind if isinstance(kind, str) and kind else UNNAMED_KIND
        rules: Any = None
        players: Any = None
        try:
            rules = json.loads(rules_json)
            players = json.loads(players_json)
        except (TypeError, ValueError, RecursionError):
            pass
        readable = (
            isinstance(rules, dict)
            and isinstance(players, list)
            and all(isinstance(name, str) for name in players)
            and all(isinstance(text, str) for text in (created, updated, lang))
            and status in STATUSES
            and not unreadable_kind
        )
        if not readable:
            return GameInfo(
                str(gid),
                created if isinstance(created, str) else "",
                updated if isinstance(updated, str) else "",
                lang if isinstance(lang, str) else "",
                {},
                (),
                GameStatus(status) if status in STATUSES else GameStatus.RUNNING,
                damaged=True,
                kind=kind,
            )
        return GameInfo(str(gid), created, updated, lang, rules, tuple(players),
                        GameStatus(status),
                        kind=kind)

    @property
    def _GAME_COLUMNS(self) -> str:
        """The games columns; a file opened read-only before its migration has no ``kind``.

        Read-only commands never migrate a file, so a version-1 file is read as it is: its
        games are all Tutto games, which is what the migration would write.
        """
        if self._columns is None:
            names = {row[1] for row in self._query("PRAGMA table_info(games)")}
            kind = "kind" if "kind" in names else f"'{UNNAMED_KIND}'"
            self._columns = f"id, created, updated, lang, rules, players, status, {kind}"
        return self._columns

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One durable write: committed (and fsynced) when the block ends, rolled back on error."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # SQLite has already rolled back (e.g. after SQLITE_FULL)
                raise
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc) from exc

    @contextmanager
    def _write_claim(self, gid: int) -> Iterator[None]:
        """Writes need the claim: keep ours, or hold it just for this write if nobody else does."""
        if gid in self._claims:
            yield
            return
        self._claim(gid)
        try:
            yield
        finally:
            self._release(gid)

    # ---- games ---------------------------------------------------------------------------------

    def create_game(self, lang: str, rules: Mapping[str, object], players: Sequence[str],
                    kind: str = UNNAMED_KIND) -> GameInfo:
        """Record a new running game and claim it for this process.

        The claim is taken before the game becomes visible, so no other process can pick the
        new game up (``resume last``) between its creation and our first entry.
        """
        if not isinstance(lang, str) or not all(isinstance(p, str) for p in players):
            raise TypeError("lang and player names must be strings")
        rules_json = json.dumps(dict(rules), ensure_ascii=False, sort_keys=True)
        players_json = json.dumps(list(players), ensure_ascii=False)
        now = _now()
        claimed: int | None = None
        try:
            with self._transaction() as db:
                cur = db.execute(
                    "INSERT INTO games (created, updated, lang, rules, players, status, kind)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (now, now, lang, rules_json, players_json, GameStatus.RUNNING, kind),
                )
                gid = int(cur.lastrowid)  # type: ignore[arg-type]
                self._claim(gid)  # ids are never reused, so nobody else can hold this one
                claimed = gid
        except BaseException:
            if claimed is not None:
                self._release(claimed)
            raise
        self._remaining[gid] = 0  # a new game has nothing to undo yet
        return GameInfo(str(gid), now, now, lang, json.loads(rules_json), tuple(players),
                        GameStatus.RUNNING, kind=kind)

    def games(self) -> list[GameInfo]:
        """Every game, most recently updated first (the order a history list wants)."""
        rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY updated DESC, id DESC")
        return [self._info(row) for row in rows]

    def game(self, ref: str) -> GameInfo:
        """The game with id ``ref`` ("3"), or the most recently updated one for ``"last"``."""
        if str(ref).strip().lower() == "last":
            rows = self._query(
                f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY updated DESC, id DESC LIMIT 1"
            )
        else:
            text = str(ref).strip()
            rows = []
            if text.isascii() and text.isdigit():
                rows = self._query(
                    f"SELECT {self._GAME_COLUMNS} FROM games WHERE id = ?", (int(text),)
                )
        if not rows:
            raise StoreError("no-such-game", self.path, {"game": str(ref)})
        return self._info(rows[0])

    def last_running(self) -> GameInfo | None:
        """The most recently updated game that is still running: what a bare start resumes."""
        rows = self._query(
            f"SELECT {self._GAME_COLUMNS} FROM games WHERE status = ?"
            " ORDER BY updated DESC, id DESC LIMIT 1", (GameStatus.RUNNING,)
        )
        return self._info(rows[0]) if rows else None

    def set_status(self, game_id: str, status: GameStatus) -> None:
        """Mark a game running, finished or abandoned (refused while another process plays it)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        gid = self._gid(game_id)
        with self._write_claim(gid), self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, updated = ? WHERE id = ?", (status, _now(), gid)
            )

    # ---- the journal ---------------------------------------------------------------------------

    def append(self, game_id: str, entry: str, status: GameStatus | None = None,
               seat: str | None = None) -> None:
        """Add an accepted entry; it is on disk when this returns, so it may be announced then.

        ``status`` (FINISHED for the entry that ends the game) is written in the same
        transaction: the entry and the game's end are saved together or not at all, so what
        the table is told about a failed write is true of both. ``seat`` names the player
        whose own device (a seat of the live view) made the entry, kept in the same write.
        """
        if not isinstance(entry, str) or not entry:
            raise ValueError("an entry is a non-empty string")
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        gid = self._gid(game_id)
        with self._write_claim(gid), self._transaction() as db:
            self._add(db, gid, "entry", entry, seat)
            if status is not None:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, gid))
        if gid in self._remaining:
            self._remaining[gid] += 1

    def append_undo(self, game_id: str, status: GameStatus | None = None,
                    seat: str | None = None) -> None:
        """Record that the latest remaining entry was taken back (with ``status``, e.g.
        RUNNING when the entry that ended the game is undone, in the same transaction).

        The undo is journalled instead of deleting the entry, so the correction history is
        kept.  Raises ValueError when no entry remains to be undone.

        Constant time while this Store holds the game's claim (as the play loop does): the count
        comes from :meth:`entries` read before the claim, or is counted at the first undo, and
        is then kept up to date by our own writes.
        """
        gid = self._gid(game_id)
        held = gid in self._claims
        with self._write_claim(gid), self._transaction() as db:
            remaining = self._remaining.get(gid) if held else None
            if remaining is None:
                (remaining,) = db.execute(
                    "SELECT COALESCE(SUM(kind = 'entry') - SUM(kind = 'undo'), 0) "
                    "FROM journal WHERE game_id = ?",
                    (gid,),
                ).fetchone()
            if remaining <= 0:
                raise ValueError(f"game {gid} has no entry left to undo")
            self._add(db, gid, "undo", None, seat)
            if status is not None:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, gid))
        if held and gid in self._claims:
            self._remaining[gid] = remaining - 1

    @staticmethod
    def _add(db: sqlite3.Connection, gid: int, kind: str, text: str | None,
             seat: str | None = None) -> None:
        now = _now()
        (seq,) = db.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM journal WHERE game_id = ?", (gid,)
        ).fetchone()
        db.execute(
            "INSERT INTO journal (game_id, seq, kind, text, at) VALUES (?, ?, ?, ?, ?)",
            (gid, seq, kind, text, now),
        )
        if seat is not None:  # the seat's table is made by its first line (see schema)
            db.execute(schema.SEATS_TABLE)
            db.execute("INSERT INTO journal_seats (game_id, seq, seat) VALUES (?, ?, ?)",
                       (gid, seq, seat))
        db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, gid))

    def journal(self, game_id: str) -> list[JournalRow]:
        """Every entry and undo of a game, in the order they were recorded, each with the seat
        that made it (None: the table's keyboard)."""
        gid = self._gid(game_id)
        rows = self._query(
            "SELECT seq, kind, text, at FROM journal WHERE game_id = ? ORDER BY seq", (gid,)
        )
        seats: dict[int, str] = {}
        if self._query("SELECT 1 FROM sqlite_master WHERE name = 'journal_seats'"):
            seats = {seq: seat for seq, seat in self._query(
                "SELECT seq, seat FROM journal_seats WHERE game_id = ?", (gid,))
                if isinstance(seat, str)}  # a hand edit's bytes: as if typed at the table
        return [JournalRow(seq, kind, text, at, seats.get(seq)) for seq, kind, text, at in rows]

    def entries(self, game_id: str) -> list[str]:
        """The effective entry list the rules engine replays: each undo drops the latest
        remaining entry."""
        gid = self._gid(game_id)
        rows = self._query(
            "SELECT seq, kind, text FROM journal WHERE game_id = ? ORDER BY seq", (gid,)
        )
        effective: list[Any] = []
        undos = 0
        for _seq, kind, text in rows:
            if kind == "entry":
                effective.append(text)
            elif kind != "undo":  # the CHECK constraint was worked around by hand
                raise StoreError(
                    "damaged-game", self.path, {"game": str(gid), "index": len(effective) + 1}
                )
            else:
                undos += 1
                if effective:
                    effective.pop()
        for index, text in enumerate(effective, start=1):
            if not isinstance(text, str):  # e.g. a blob written into the journal by hand
                raise StoreError("damaged-game", self.path, {"game": str(gid), "index": index})
        # The same count append_undo would make: entries minus undos.
        left = len(rows) - 2 * undos
        self._seen[gid] = (rows[-1][0] if rows else 0, left)
        if gid in self._claims:
            self._remaining[gid] = left
        return effective

    # ---- claims --------------------------------------------------------------------------------

    def claim(self, game_id: str) -> None:
        """Make this Store the only writer of the game until :meth:`release`, :meth:`close` or exit.

        Raises StoreError('game-open-elsewhere') while another process (or another Store in this
        process) holds it.  The claim dies with the process, however it dies.
        """
        gid = self._gid(game_id)
        if gid not in self._claims:
            self._claim(gid)
            seen = self._seen.pop(gid, None)
            if seen is not None:
                (latest,) = self._query(
                    "SELECT COALESCE(MAX(seq), 0) FROM journal WHERE game_id = ?", (gid,)
                )[0]
                if latest == seen[0]:  # nothing was written since entries() read it
                    self._remaining[gid] = seen[1]

    def release(self, game_id: str) -> None:
        """Give the game back, e.g. when the player leaves it without quitting the program."""
        text = str(game_id).strip()
        if text.isascii() and text.isdigit() and int(text) in self._claims:
            self._release(int(text))

    def _claim(self, gid: int) -> None:
        self._claims.take(gid)

    def _release(self, gid: int) -> None:
        self._claims.give_back(gid)
        self._remaining.pop(gid, None)
