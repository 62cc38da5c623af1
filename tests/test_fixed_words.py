"""A game's status and the verbosity are enums written once, whose members are their words.

The games file, the exports and the settings hold plain words ("finished", "brief"); the code
names ``GameStatus`` and ``Verbosity`` members. These tests hold the two together: what is
written to a real SQLite file is the word, what is read back is the member, and the words the
file's schema checks are the enum's.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from tutto_a11y.core.contract import GameStatus, Verbosity
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.store.journal import Store
from tutto_a11y.store.schema import MIGRATIONS, STATUSES
from tutto_a11y.text.i18n import Catalog


def test_a_finished_game_is_stored_as_the_word_and_read_back_as_the_member(db: Path) -> None:
    with Store.open(db) as store:
        info = store.create_game("en", {}, ["Anna", "Ben"])
        assert info.status is GameStatus.RUNNING
        store.append(info.id, "card stop", GameStatus.FINISHED)
        again = store.game(info.id)
    assert again.status is GameStatus.FINISHED
    assert json.dumps({"status": again.status}) == '{"status": "finished"}'
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT status, typeof(status) FROM games").fetchall() == [
            ("finished", "text")]


def test_a_bare_start_resumes_only_a_running_game(db: Path) -> None:
    with Store.open(db) as store:
        running = store.create_game("en", {}, ["Anna", "Ben"])
        over = store.create_game("en", {}, ["Cleo", "Dan"])
        store.set_status(over.id, GameStatus.ABANDONED)
        last = store.last_running()
    assert last is not None and last.id == running.id


def test_the_status_words_the_games_file_checks_are_the_enums() -> None:
    check = re.search(r"CHECK \(status IN \(([^)]*)\)\)", MIGRATIONS[0][0])
    assert check is not None
    assert [word.strip(" '") for word in check.group(1).split(",")] == list(STATUSES)
    assert STATUSES == ("running", "finished", "abandoned") == tuple(GameStatus)


def test_an_unknown_verbosity_word_is_said_at_normal() -> None:
    assert [Verbosity.of(word) for word in ("brief", "full", "normal", "loud", "")] == [
        Verbosity.BRIEF, Verbosity.FULL, Verbosity.NORMAL, Verbosity.NORMAL, Verbosity.NORMAL]
    c, game = Catalog("en"), Game(["Anna", "Ben"])
    events = game.push(Game.parse_entry("card stop"))
    normal = Messages(c, game).announce(events)
    assert normal == "Stop. Anna scores nothing this turn. Ben's turn."
    assert Messages(c, game, "loud").announce(events) == normal
    assert Messages(c, game, Verbosity.BRIEF).announce(events) != normal
    assert f"{Verbosity.FULL}" == str(Verbosity.FULL) == "full"
