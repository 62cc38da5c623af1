"""The durable store: one SQLite file holding every game as an append-only journal.

Why a journal: a game is fully described by the list of accepted entries (``roll 123346``,
``bank``, ...); the rules engine rebuilds the state from that list.  Storing the list rather
than the state means a crash can never leave a half-updated score behind: every entry is its
own committed transaction, written to disk (``synchronous=FULL``) *before* :meth:`Store.append`
returns, and the caller only announces an entry after that.  Undo is journalled as well, so the
correction history survives; :meth:`Store.entries` applies the undos.

The parts of the store live next door: the tables and their migrations in
:mod:`tutto_a11y.store.schema`, the reasons a file is refused in :mod:`tutto_a11y.store.errors`,
the careful opening and creating of the file in :mod:`tutto_a11y.store.files`, and which process
may write which game in :mod:`tutto_a11y.store.claims`.  :meth:`Store.open` refuses a file that
is not ours, damaged, newer or unwritable with a :class:`StoreError` and leaves it as it was.

Why a read-only way in (``Store.open(path, read_only=True)``): listing, showing and exporting
must work on a backup on read-only media or on a full disk, and must not leave side files or
migrate a file the player only looked at.

Why rows are checked when read: the file may have been edited by hand.  A game row whose players
or rules cannot be read comes back marked ``damaged`` instead of raising, so one bad row never
hides the other games; a journal line that is not text raises 'damaged-game' for that game only.

Only the standard library's :mod:`sqlite3` is used (and :mod:`tutto_a11y.folders` for the
default location).
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
from tutto_a11y.store import files, schema
from tutto_a11y.store.claims import Claims
from tutto_a11y.store.errors import StoreError, wrap
from tutto_a11y.store.rows import UNNAMED_KIND, GameInfo, JournalRow
from tutto_a11y.store.schema import STATUSES

__all__ = [
    "Store",
    # Raised by every method of the Store; its home is tutto_a11y.store.errors.
    "StoreError",
    "default_db_path",
]

_BUSY_TIMEOUT_S = 5.0

def default_db_path() -> Path:
    """Where games live unless ``--db`` / ``TUTTO_DB`` say otherwise: the per-user data folder."""
    from tutto_a11y.folders import user_data_dir

    return Path(user_data_dir()) / "games.sqlite3"


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


class Store:
    """An open games database.  Not thread-safe: use one Store per thread (or process)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, real_path: Path | None = None) -> None:
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
        self._side_files_before: list[bool] | None = None
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
            return cls._open(shown, read_only)
        except StoreError as error:
            if error.path == str(shown):
                raise
            # Checks below work on the symlink's target; the player is told the path they gave.
            raise StoreError(error.reason, shown, error.data) from error

    @classmethod
    def _open(cls, shown: Path, read_only: bool) -> Store:
        try:
            path = files.real_path(shown)
            files.check_side_files(path)
            try:
                header = files.read_header(path)
            except FileNotFoundError:
                header = None
            if header is None or header == b"":
                # A -wal/-shm/-journal without a database (or next to an empty file) belongs to
                # some other database: SQLite would replay it into the new file.  Leave it be,
                # and name every one, so the player can put them back with their file or
                # delete them.
                leftovers = tuple(leftover.name for leftover in
                                  (*files.side_files(path), Path(f"{path}-journal"))
                                  if leftover.exists())
                if leftovers:
                    reason = "cannot-open" if header is None else "not-a-database"
                    raise StoreError(reason, path, {"leftovers": leftovers})
                if read_only:
                    return cls._without_games(shown)
                if header is None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                else:
                    files.check_writable(path)
                if not os.access(path.parent, os.W_OK):
                    raise StoreError("read-only", path, {"not_writable": str(path.parent)})
                files.remove_stale_temps(path)
                files.create(path, replace_empty=header is not None)
                header = files.read_header(path)
            elif not read_only and os.access(path.parent, os.W_OK):
                files.remove_stale_temps(path)
            files.check_header(path, header)
            if read_only:
                files.validate(path)
                return cls(shown, files.connect_for_reading(path, _BUSY_TIMEOUT_S), real_path=path)
            files.check_writable(path)
            version = files.validate(path)
            had_side_files = [side.exists() for side in files.side_files(path)]
            conn = sqlite3.connect(path, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        except OSError as exc:
            raise wrap(exc, shown) from exc  # type: ignore[misc]
        except sqlite3.Error as exc:
            raise (
                wrap(exc, shown) or StoreError("cannot-open", shown, {"detail": str(exc)})
            ) from exc
        try:
            # Durability: FULL makes every commit fsync the WAL; fullfsync is the macOS
            # F_FULLFSYNC (plain fsync there does not flush the drive's cache), a no-op elsewhere.
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA fullfsync = ON")
            conn.execute("PRAGMA checkpoint_fullfsync = ON")
            conn.execute("PRAGMA foreign_keys = ON")
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            if version < schema.SCHEMA_VERSION:
                schema.migrate(conn, path)
        except BaseException as exc:
            conn.close()
            files.remove_empty_side_files(path, had_side_files)
            wrapped = wrap(exc, shown)
            if wrapped is None or wrapped is exc:
                raise
            raise wrapped from exc
        store = cls(shown, conn, real_path=path)
        store._side_files_before = had_side_files
        return store

    @classmethod
    def _without_games(cls, shown: Path) -> Store:
        """A missing or empty file, looked at read-only: an empty schema in memory, no file."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        for step in schema.MIGRATIONS:
            for statement in step:
                conn.execute(statement)
        conn.execute("PRAGMA query_only = ON")
        return cls(shown, conn)

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

    def _error(self, exc: BaseException, data: Mapping[str, Any] | None = None) -> BaseException:
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

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
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

    def create_game(self, lang: str, rules: Mapping[str, Any], players: Sequence[str],
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

    # ---- figures derived from games (the statistics) -------------------------------------------
    #
    # Replaying every finished game for ``stats`` costs seconds on a big file, so what each game
    # adds up to is kept in a table of this file, next to a digest of the game's row and
    # journal: figures are trusted only while the game is exactly as it was, so a hand edit is
    # replayed (and reported as damaged) again. The table is outside MIGRATIONS on purpose (see
    # schema.FIGURES_TABLE).

    def digests(self, game_id: str | None = None) -> dict[str, str]:
        """Per game id, a digest of its row and every journal line; it changes with either.

        With ``game_id`` only that game is read (the play loop keeps one game's figures as it
        ends, and must not scan every game of a large file to do so).
        """
        import hashlib

        only = "" if game_id is None else " WHERE game_id = ?"
        where = "" if game_id is None else " WHERE g.id = ?"
        # The journal is WITHOUT ROWID with the key (game_id, seq): scanned in that order, so
        # each game's lines are joined in journal order (an undo shows as its kind).
        rows = self._query(
            "SELECT g.id, g.lang, g.rules, g.players, g.status, j.n, j.lines FROM games AS g"
            " LEFT JOIN (SELECT game_id, count(*) AS n,"
            "  group_concat(coalesce(text, kind), char(0)) AS lines"
            f"  FROM journal{only} GROUP BY game_id) AS j ON j.game_id = g.id{where}",
            () if game_id is None else (int(game_id), int(game_id)))
        return {str(gid): hashlib.blake2b(repr(rest).encode("utf-8", "surrogateescape"),
                                          digest_size=16).hexdigest()
                for gid, *rest in rows}

    def derived_figures(self) -> dict[str, tuple[str, str]]:
        """The kept figures: game id -> (digest, figures as JSON text); empty if none kept."""
        try:
            rows = self._db.execute("SELECT game_id, digest, figures FROM derived_figures"
                                    ).fetchall()
        except sqlite3.Error:  # no such table yet, or a hand edit made it unreadable
            return {}
        return {str(gid): (digest, figures) for gid, digest, figures in rows
                if isinstance(digest, str) and isinstance(figures, str)}

    def keep_derived_figures(self, figures: Mapping[str, tuple[str, str]]) -> None:
        """Keep figures (game id -> (digest, JSON text)) for the next ``stats``, in one write."""
        with self._transaction() as db:
            db.execute(schema.FIGURES_TABLE)
            db.executemany("INSERT OR REPLACE INTO derived_figures (game_id, digest, figures)"
                           " VALUES (?, ?, ?)",
                           [(int(gid), digest, text) for gid, (digest, text) in figures.items()])

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
