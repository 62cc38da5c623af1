"""Durable games, through the real program: real ``tutto-tally`` processes, real SQLite files.

Nothing is mocked. Games are typed into the program's standard input (a pipe, so every prompt
is printed on its own line), the program is killed with SIGKILL at random moments, files are
damaged, made immutable, filled up or edited by hand, and what the program says and saves is
compared with what the rules engine makes of the same entries. A program that is killed or
fed line by line is a process of its own (:class:`Program`); one that runs to its end with
its whole input given runs in the test's process (``tests/table_harness.py``: the same entry
point, the same games file), except where a test asks for the real process (``real=True``).

Faults that need privileges (``chattr +i``, mounting a small tmpfs) are produced for real where
this machine allows it and skipped, with the reason, where it does not.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import re
import select
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from conftest import Finished, one_sentence, tutto_command
from faults import fill, immutable, tmpfs
from table_harness import run_program
from testbed.tutto_simulator import long_game, typed
from tutto_a11y.core.contract import Command
from tutto_a11y.games.tutto.parse import interpret
from tutto_a11y.games.tutto.rules import Card, EntryError, Game, Rules, Step
from tutto_a11y.games.tutto.sheet import outcome_word
from tutto_a11y.games.tutto.words import Vocabulary
from tutto_a11y.store.journal import Store
from tutto_a11y.text.i18n import Catalog
from tutto_scripts import GAME_ONE, lines

pytestmark = pytest.mark.skipif(os.name != "posix",
                                reason="SIGKILL, select() on pipes and tmpfs need POSIX")

PLAYERS = ("Anna", "Ben", "Cleo")
GAME_ONE_TARGET = 4000
SAVE_FAILED = ("The entry could not be saved, so it was not accepted; the game stops here as "
               "it was last saved.")

# ---------------------------------------------------------------------------------------------
# running the program


def play_args(db: Path, *more: str) -> list[str]:
    return ["--plain", "--no-speech", "--db", str(db), *more]


def feed(typed: Sequence[str]) -> str:
    return "".join(line + "\n" for line in typed)


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text
        assert 'File "' not in text, text


def run(env: dict[str, str], args: Sequence[str], typed: Sequence[str] = (),
        timeout: float = 30, *, real: bool = False) -> Finished:
    """The program run to its end with ``typed`` as its whole input: in the test's process, or
    with ``real`` as a process of its own."""
    result: Finished
    if real:
        result = subprocess.run([*tutto_command(), *args], input=feed(typed),
                                capture_output=True, text=True, encoding="utf-8", env=env,
                                timeout=timeout)
    else:
        result = run_program(args, env, feed(typed))
    no_traceback(result.stdout, result.stderr)
    return result



class Program:
    """A running ``tutto-tally`` fed line by line, its output read line by line with a deadline."""

    def __init__(self, env: dict[str, str], args: Sequence[str]) -> None:
        self.proc = subprocess.Popen([*tutto_command(), *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.pending = b""
        self.said: list[str] = []

    def readline(self, timeout: float = 15.0) -> str:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line within {timeout} s; so far: {self.said[-3:]}, "
                                     f"{self.pending!r}")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.proc.wait(timeout=60)
                    err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                    raise AssertionError(f"the program ended (status {self.proc.returncode}) "
                                         f"after {self.said[-3:]}; stderr: {err}")
                self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        text = line.decode("utf-8")
        no_traceback(text)
        self.said.append(text)
        return text

    def write(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=60)
        assert self.proc.returncode == -signal.SIGKILL
        self._close()

    def end_input(self, timeout: float = 15.0) -> tuple[int, str, str]:
        """Close standard input; the exit status, the rest of stdout, and stderr."""
        return self.wait(timeout)  # communicate() closes standard input first

    def wait(self, timeout: float = 15.0) -> tuple[int, str, str]:
        """The program ends by itself (a saving failure, the end of the game)."""
        out, err = self.proc.communicate(timeout=timeout)
        rest = (self.pending + out).decode("utf-8")
        no_traceback(rest, err.decode("utf-8"))
        return self.proc.returncode, rest, err.decode("utf-8")

    def _close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


# ---------------------------------------------------------------------------------------------
# what the rules engine expects


CARD_NAMES = {Card.STOP: "Stop", Card.FIREWORKS: "Fireworks", Card.X2: "x2",
              Card.PLUS_MINUS: "Plus/Minus", Card.STREET: "Street", Card.CLOVERLEAF: "Cloverleaf"}
EXPORT_KEYS = {"game", "id", "lang", "rules", "status", "winners", "players", "turns"}
OUTCOMES = {"banked", "niete", "stop-card", "fireworks", "plus-minus", "cloverleaf"}




def card_name(card: Card) -> str:
    return f"Bonus {card.bonus}" if card.bonus else CARD_NAMES[card]


def engine_game(typed_lines: Sequence[str], players: Sequence[str], rules: Rules,
                lang: str = "en") -> Game:
    """What the rules engine makes of typed lines: wrong ones refused, undo taken back."""
    game = Game(players, rules)
    vocabulary = Vocabulary(lang)
    for line in typed_lines:
        if game.finished:
            break
        try:
            action = interpret(line, game, vocabulary)
            if isinstance(action, Command):
                if action.name == "undo":
                    game.pop()
                elif action.name == "quit":
                    break
                continue
            game.push(action)
        except EntryError:
            continue
    return game


def expected_prompt(game: Game) -> str:
    """The short question for the game's step, as docs/interface.md words it."""
    s = game.state
    name = game.players[s.seat]
    dice = f"{s.dice} die" if s.dice == 1 else f"{s.dice} dice"
    if s.step is Step.CARD:
        return f"{name}, {s.turn_total} at risk, next card?" if s.turn_cards else f"{name}, card?"
    if s.step is Step.ROLL:
        return f"{name}, roll {dice}:"
    if s.step is Step.SET_ASIDE:
        return f"{name}, set aside?"
    if s.step is Step.ROLL_OR_BANK:
        return f"{name}, {s.turn_total} at risk, {dice}: roll or bank?"
    assert s.step is Step.CARD_OR_BANK
    return f"{name}, {s.turn_total} at risk: card or bank?"


def scores_sentence(game: Game) -> str:
    listed = ", ".join(f"{name} {score}"
                       for name, score in zip(game.players, game.state.scores, strict=True))
    return f"Scores: {listed}. Target {game.rules.target}."


def check_resumed(opening: str, prompt: str, game: Game, game_id: str) -> None:
    """The resume announcement: whose turn, the card in force, the turn total, the scores."""
    s = game.state
    assert opening.startswith(f"Game {game_id} goes on. "), opening
    name = game.players[s.seat]
    assert f" {name}'s turn, score {s.scores[s.seat]}." in opening, opening
    if s.card is not None and s.step is not Step.CARD:
        assert f" Card: {card_name(s.card)}." in opening, opening
    # The turn total as the table counts it: under Plus/Minus and Cloverleaf only what was
    # carried into the card; under Street the faces still missing are said too.
    playing = s.step in (Step.ROLL, Step.SET_ASIDE, Step.ROLL_OR_BANK)
    at_stake = s.card_base if playing and s.card in (Card.PLUS_MINUS, Card.CLOVERLEAF) \
        else s.turn_total
    assert f" Turn total {at_stake}." in opening, opening
    if playing and s.card is Card.STREET:
        missing = ", ".join(str(f) for f in range(1, 7) if f not in s.aside)
        assert f" Still missing: {missing}." in opening, opening
    assert opening.endswith(" " + scores_sentence(game)), opening
    assert prompt == expected_prompt(game)


def export_of(game: Game, game_id: str, lang: str, status: str) -> dict[str, Any]:
    """The docs/interface.md export of a game, built from the rules engine's own state."""
    s = game.state
    return {
        "game": "tutto", "id": game_id, "lang": lang, "rules": game.rules.as_dict(),
        "status": status,
        "winners": [game.players[seat] for seat in s.winners] if game.finished else [],
        "players": [{"name": name, "score": s.scores[seat], "turns": s.turns[seat]}
                    for seat, name in enumerate(game.players)],
        "turns": [{"player": game.players[r.seat], "cards": [c.value for c in r.cards],
                   "points": r.points, "outcome": r.outcome} for r in game.turn_records()],
    }


def export_json(env: dict[str, str], db: Path, ref: str) -> dict[str, Any]:
    result = run(env, ["export", ref, "--format", "json", "--db", str(db)])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def saved_entries(db: Path, game_id: str) -> list[str]:
    with Store.open(db) as store:
        return store.entries(game_id)


def table_rows(db: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every row of both tables, read without writing (to prove that nothing was written)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        games = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        journal = conn.execute("SELECT * FROM journal ORDER BY game_id, seq").fetchall()
    finally:
        conn.close()
    return games, journal


def snapshot(path: Path) -> tuple[bytes, int]:
    """What would change if the file were written: its bytes and its modification time."""
    return path.read_bytes(), path.stat().st_mtime_ns


def play_game_one(env: dict[str, str], db: Path, lang: str = "en") -> Game:
    """Play GAME_ONE to its end through the program; the rules engine's game for it."""
    typed_lines = lines(GAME_ONE, lang)
    result = run(env, play_args(db, "--lang", lang, "--players", ",".join(PLAYERS),
                                "--target", str(GAME_ONE_TARGET)), typed_lines)
    assert result.returncode == 0, result.stderr
    game = engine_game(typed_lines, PLAYERS, Rules(target=GAME_ONE_TARGET), lang)
    assert game.finished
    return game


# ---------------------------------------------------------------------------------------------
# 1. killing the program


KILL_RUNS = 12


@pytest.mark.slow
def test_killing_the_program_at_random_moments_loses_nothing_that_was_announced(
        db: Path, clean_env: dict[str, str]) -> None:
    rng = random.Random(20261121)
    rules = Rules(target=10_000_000)  # nobody reaches it: the game runs through every kill
    script = list(long_game(400, PLAYERS, seed=5).entries)
    texts = [entry.text() for entry in script]
    durable = 0  # entries on disk, as found after the last kill
    undos = 0
    game_id = "1"
    for run_number in range(KILL_RUNS):
        game = Game.replay(PLAYERS, rules, texts[:durable])
        if run_number == 0:
            program = Program(clean_env, play_args(db, "--players", ",".join(PLAYERS),
                                                   "--target", str(rules.target)))
            assert program.readline().startswith("New game for Anna, Ben and Cleo.")
            assert program.readline() == "Anna, card?"
        else:
            how = rng.choice(["--resume", "--resume 1", "--resume last", "bare start"])
            args = play_args(db) + (how.split() if how != "bare start" else [])
            program = Program(clean_env, args)
            if how == "bare start":
                assert program.readline() == (
                    "Game 1 with Anna, Ben and Cleo is still running.")
                assert program.readline() == (
                    "Go on with it? Type yes to go on, or no for a new game.")
                program.write("yes")
            check_resumed(program.readline(), program.readline(), game, game_id)

        # Type a few entries, reading each announcement; then kill: while the program waits
        # for the next line, right after a line was written, or a moment after.
        moment = rng.choice(["waiting", "just written", "a moment after"])
        batch = rng.randint(1, 12)
        announced = durable
        for i in range(batch):
            if i < batch - 1 and announced and rng.random() < 0.15:
                program.write("undo")  # taken back, then typed again below
                assert program.readline().startswith("Undone: ")
                game.pop()
                announced -= 1
                undos += 1
                assert program.readline() == expected_prompt(game)
            entry = script[announced]
            program.write(typed(entry))
            if i == batch - 1 and moment != "waiting":
                if moment == "a moment after":
                    time.sleep(rng.uniform(0.0, 0.006))
                break
            announcement = program.readline()
            game.push(entry)
            announced += 1
            assert announcement and not announcement.startswith(("Type ", "No ", "That ")), \
                announcement
            assert program.readline() == expected_prompt(game), "the entry was refused"
        program.kill()

        saved = saved_entries(db, game_id)
        assert saved[:announced] == texts[:announced], "an announced entry was lost"
        lost_at_most = 0 if moment == "waiting" else 1
        assert announced <= len(saved) <= announced + lost_at_most, (moment, announced, saved)
        assert saved == texts[:len(saved)], "nothing else was saved"
        durable = len(saved)

    # The game after the last kill: resumed by the program, and exported.
    game = Game.replay(PLAYERS, rules, texts[:durable])
    program = Program(clean_env, play_args(db, "--resume", game_id))
    check_resumed(program.readline(), program.readline(), game, game_id)
    status, rest, err = program.end_input()
    assert status == 0 and err == ""
    assert rest == "End of input. The game is saved; start tutto-tally again to go on.\n"
    assert export_json(clean_env, db, "last") == export_of(game, game_id, "en", "running")
    with Store.open(db) as store:
        assert [row.kind for row in store.journal(game_id)].count("undo") == undos > 0


# ---------------------------------------------------------------------------------------------
# 2. and 3. starting, resuming, leaving


def test_a_bare_start_while_the_last_game_runs_asks_whether_to_go_on_with_it(
        db: Path, clean_env: dict[str, str]) -> None:
    first = run(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"), ["stop"])
    assert first.returncode == 0

    going_on = run(clean_env, play_args(db, "--players", "Dora,Emil"), ["yes", "200"])
    said = going_on.stdout.splitlines()
    assert going_on.returncode == 0
    assert said[0] == "Game 1 with Anna, Ben and Cleo is still running."
    assert said[1] == "Go on with it? Type yes to go on, or no for a new game."
    assert said[2].startswith("Game 1 goes on. Ben's turn, score 0.")
    assert said[4] == "Ben draws Bonus 200."
    assert saved_entries(db, "1") == ["card stop", "card bonus-200"]

    new = run(clean_env, play_args(db, "--players", "Dora,Emil"), ["maybe", "no", "stop"])
    said = new.stdout.splitlines()
    assert new.returncode == 0
    assert said[2] == "Please type yes or no."
    assert said[3] == "Go on with it? Type yes to go on, or no for a new game."
    assert said[4] == "New game for Dora and Emil. Target 6000, standard rules. Dora begins."
    assert saved_entries(db, "2") == ["card stop"]
    assert saved_entries(db, "1") == ["card stop", "card bonus-200"], "game 1 is untouched"


def test_a_german_game_asks_with_ja_or_nein_whether_to_go_on(
        db: Path, clean_env: dict[str, str]) -> None:
    german = ["--lang", "de"]
    assert run(clean_env, play_args(db, *german, "--players", "Anna,Ben"),
               ["stopp"]).returncode == 0

    going_on = run(clean_env, play_args(db, *german), ["ja", "feuerwerk"])
    said = going_on.stdout.splitlines()
    assert going_on.returncode == 0
    question = Catalog("de").gettext(
        "Go on with it? Type {yes} to go on, or {no} for a new game.", yes="ja", no="nein")
    assert said[0] == Catalog("de").gettext("Game {game} with {players} is still running.",
                                            game="1", players="Anna und Ben")
    assert said[1] == question
    assert saved_entries(db, "1") == ["card stop", "card fireworks"]

    new = run(clean_env, play_args(db, *german, "--players", "Cleo,Dora"), ["nein", "stopp"])
    assert new.returncode == 0
    assert new.stdout.splitlines()[1] == question
    assert saved_entries(db, "2") == ["card stop"]
    assert saved_entries(db, "1") == ["card stop", "card fireworks"]
    with Store.open(db) as store:
        assert [info.lang for info in store.games()] == ["de", "de"]


WORDS_TO_GO_ON = {"en": ("yes", "no", "quit"), "de": ("ja", "nein", "beenden"),
                  "fr": ("oui", "non", "quitter")}


def _left_at_the_question(c: Catalog, called: str) -> list[str]:
    """What the table says of Anna and Ben's running game 1 (``called`` a game or a match)
    when the player leaves at the question whether to go on."""
    yes, no, _ = WORDS_TO_GO_ON[c.lang]
    players = c.gettext("{names} and {last}", names="Anna", last="Ben")
    if called == "match":
        return [c.gettext("Match {game} with {players} is still running.", game="1",
                          players=players),
                c.gettext("Go on with it? Type {yes} to go on, or {no} for a new match.",
                          yes=yes, no=no),
                c.gettext("Nothing was changed: match {game} is still saved, and the next "
                          "start offers it again.", game="1")]
    return [c.gettext("Game {game} with {players} is still running.", game="1",
                      players=players),
            c.gettext("Go on with it? Type {yes} to go on, or {no} for a new game.", yes=yes,
                      no=no),
            c.gettext("Nothing was changed: game {game} is still saved, and the next start "
                      "offers it again.", game="1")]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("leaving", ["quit word", "end of input"])
def test_leaving_at_the_question_whether_to_go_on_says_that_nothing_changed(
        lang: str, leaving: str, db: Path, clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    yes, _, quit_word = WORDS_TO_GO_ON[lang]
    assert run(clean_env, play_args(db, "--lang", lang, "--players", "Anna,Ben"),
               ["300", "1 5 2 3 4 6"]).returncode == 0
    left = run(clean_env, play_args(db), [quit_word] if leaving == "quit word" else [])
    assert left.returncode == 0
    assert left.stdout.splitlines() == _left_at_the_question(c, "game")
    assert saved_entries(db, "1") == ["card bonus-300", "roll 152346"]
    with Store.open(db, read_only=True) as store:
        assert [(info.id, info.status.value) for info in store.games()] == [("1", "running")]
    # And the next start offers it again.
    again = run(clean_env, play_args(db), [yes])
    assert again.stdout.splitlines()[2].startswith(c.gettext("Game {game} goes on.", game="1"))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_running_tute_match_is_offered_again_as_a_match_never_as_a_game(
        lang: str, db: Path, clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    yes, _, quit_word = WORDS_TO_GO_ON[lang]
    assert run(clean_env, play_args(db, "--lang", lang, "--game", "tute", "--players",
                                    "Anna,Ben"), ["quit"]).returncode == 0
    left = run(clean_env, play_args(db), [quit_word])
    assert left.returncode == 0
    assert left.stdout.splitlines() == _left_at_the_question(c, "match")
    again = run(clean_env, play_args(db), [yes])
    assert again.stdout.splitlines()[2].startswith(c.gettext("Match {game} goes on.", game="1"))


def test_a_game_is_resumed_by_id_or_as_last_and_quit_or_end_of_input_keep_it_resumable(
        db: Path, clean_env: dict[str, str]) -> None:
    quitting = run(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"),
                   ["300", "1 5 2 3 4 6", "1 5", "quit", "bank"], real=True)
    assert quitting.returncode == 0
    assert quitting.stdout.splitlines()[-1] == "Game saved. Start tutto-tally again to go on."
    assert saved_entries(db, "1") == ["card bonus-300", "roll 152346", "aside 15"]

    ending = run(clean_env, play_args(db, "--players", "Dora,Emil"), ["no", "stop"])
    assert ending.returncode == 0
    assert ending.stdout.splitlines()[-1] == (
        "End of input. The game is saved; start tutto-tally again to go on.")

    game_one = engine_game(["300", "1 5 2 3 4 6", "1 5"], PLAYERS, Rules())
    by_id = run(clean_env, play_args(db, "--resume", "1"), real=True)
    said = by_id.stdout.splitlines()
    assert by_id.returncode == 0
    check_resumed(said[0], said[1], game_one, "1")
    assert "Card: Bonus 300." in said[0] and "Turn total 150." in said[0]
    assert said[1] == "Anna, 150 at risk, 4 dice: roll or bank?"

    as_last = run(clean_env, play_args(db, "--resume", "last"))
    assert as_last.returncode == 0
    opening, prompt = as_last.stdout.splitlines()[:2]
    check_resumed(opening, prompt,
                  engine_game(["stop"], ("Dora", "Emil"), Rules()), "2")

    banked = run(clean_env, play_args(db, "--resume", "1"), ["bank"])
    assert banked.stdout.splitlines()[2] == "Anna banks, score 150. Ben's turn."
    plain_flag = run(clean_env, play_args(db, "--resume"))  # --resume alone is the last game
    assert plain_flag.stdout.startswith("Game 1 goes on. Ben's turn, score 0.")

    missing = run(clean_env, play_args(db, "--resume", "7"), real=True)
    assert one_sentence(missing) == (
        f"There is no game 7 in {db}: type tutto-tally games to list them.")


def test_a_game_whose_end_was_saved_but_not_its_finished_mark_is_not_offered_as_running(
        db: Path, clean_env: dict[str, str]) -> None:
    """Killed between the last entry and the status write: the journal still says it ended."""
    game = play_game_one(clean_env, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE games SET status = 'running' WHERE id = 1")
    conn.close()

    start = run(clean_env, play_args(db, "--players", "Dora,Emil"))
    assert start.returncode == 0
    assert start.stdout.splitlines()[0].startswith("New game for Dora and Emil.")
    listed = run(clean_env, ["games", "--db", str(db)]).stdout
    assert "Anna, Ben, Cleo, finished." in listed

    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE games SET status = 'running' WHERE id = 1")
    conn.close()
    resumed = run(clean_env, play_args(db, "--resume", "1"))
    assert resumed.returncode == 0
    assert resumed.stdout == (f"The game is over: Ben won. {scores_sentence(game)}\n"
                              "Game over. Type scores, undo or quit:\n"
                              "End of input. The game is over and saved.\n")
    assert "Anna, Ben, Cleo, finished." in run(clean_env, ["games", "--db", str(db)]).stdout


# ---------------------------------------------------------------------------------------------
# 4. faults, each with a real file



def real_db(env: dict[str, str], db: Path) -> Path:
    """A tutto-tally database with one game, made by the program itself."""
    result = run(env, play_args(db, "--players", "Anna,Ben"), ["300", "1 5 2 3 4 6", "1 5"])
    assert result.returncode == 0, result.stderr
    return db


def damage(db: Path) -> None:
    with open(db, "r+b") as f:
        f.seek(4096)  # the whole second page: the games table
        f.write(bytes(range(256)) * 16)


def newer_schema(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


@contextmanager
def faulty(kind: str, tmp_path: Path, env: dict[str, str]) -> Iterator[tuple[Path, str]]:
    """A real file with the fault, and the sentence the program must say about it."""
    if kind == "text file":
        notes = tmp_path / "notes.txt"
        notes.write_text("Shopping: milk, bread, dice.\n")
        yield notes, ("{path} is not a tutto-tally games file, so it was left untouched: choose "
                      "another file with --db.")
    elif kind == "corrupt":
        db = real_db(env, tmp_path / "games.sqlite3")
        damage(db)
        yield db, ("The games file {path} is damaged, so it was left untouched: keep it for "
                   "repair and choose another file with --db.")
    elif kind == "newer schema":
        db = real_db(env, tmp_path / "games.sqlite3")
        newer_schema(db)
        yield db, ("The games file {path} was written by a newer tutto-tally, so it was left "
                   "untouched: update tutto-tally or choose another file with --db.")
    elif kind == "read-only":
        db = real_db(env, tmp_path / "games.sqlite3")
        with immutable(db):
            yield db, "The games file {path} cannot be written: choose another file with --db."
        assert saved_entries(db, "1") == ["card bonus-300", "roll 152346", "aside 15"]
    elif kind == "full disk":
        with tmpfs(tmp_path / "mnt", "512k") as mnt:
            db = real_db(env, mnt / "games.sqlite3")
            filler = fill(mnt)
            yield db, ("The disk of the games file {path} is full: free some space or choose "
                       "another file with --db.")
            filler.unlink()
            assert saved_entries(db, "1") == ["card bonus-300", "roll 152346", "aside 15"]
    else:
        raise AssertionError(kind)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["text file", "corrupt", "newer schema", "read-only",
                                  "full disk"])
def test_a_games_file_that_cannot_be_used_is_named_in_one_sentence_and_left_untouched(
        kind: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    with faulty(kind, tmp_path, clean_env) as (path, words):
        before = snapshot(path)
        looking = (["games", "--db", str(path)], ["show", "1", "--db", str(path)],
                   ["export", "last", "--format", "json", "--db", str(path)])
        for args in (play_args(path, "--players", "Anna,Ben"), play_args(path, "--resume"),
                     *looking):
            if kind in ("read-only", "full disk") and args in looking:
                # Only looking needs no writing: a backup on read-only media can be viewed.
                looked = run(clean_env, args)
                assert looked.returncode == 0 and looked.stderr == "", (args, looked.stderr)
                assert "Anna" in looked.stdout, (args, looked.stdout)
            else:
                sentence = one_sentence(run(clean_env, args, ["stop"]))
                assert sentence == words.format(path=path), sentence
            assert snapshot(path) == before, args

        elsewhere = run(clean_env, play_args(tmp_path / "other.sqlite3", "--players",
                                             "Anna,Ben"), ["stop"])
        assert elsewhere.returncode == 0
        assert elsewhere.stdout.startswith("New game for Anna and Ben.")
        assert saved_entries(tmp_path / "other.sqlite3", "1") == ["card stop"]
        assert snapshot(path) == before


def test_a_new_games_file_on_a_full_disk_is_refused_in_one_sentence_and_leaves_nothing(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    with tmpfs(tmp_path / "mnt", "256k") as mnt:
        fill(mnt)
        db = mnt / "games.sqlite3"
        sentence = one_sentence(run(clean_env, play_args(db, "--players", "Anna,Ben"), ["stop"]))
        assert sentence == (f"The disk of the games file {db} is full: free some space or "
                            "choose another file with --db.")
        assert sorted(os.listdir(mnt)) == ["filler"]


def test_a_disk_filling_up_during_play_stops_the_game_and_keeps_every_announced_entry(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    with tmpfs(tmp_path / "mnt", "1m") as mnt:
        db = mnt / "games.sqlite3"
        program = Program(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"))
        program.readline(), program.readline()
        for line in ("300", "1 5 2 3 4 6"):
            program.write(line)
            program.readline(), program.readline()
        filler = fill(mnt)
        program.write("1 5")
        assert program.readline().startswith(SAVE_FAILED + " The disk of the games file")
        status, rest, err = program.wait()
        assert status == 2 and rest == "" and err == ""
        filler.unlink()

        assert saved_entries(db, "1") == ["card bonus-300", "roll 152346"]
        resumed = run(clean_env, play_args(db, "--resume"), ["1 5", "bank"])
        said = resumed.stdout.splitlines()
        assert said[1] == "Anna, set aside?"
        assert said[4] == "Anna banks, score 150. Ben's turn."


# ---------------------------------------------------------------------------------------------
# 5. two programs, one database


@pytest.mark.slow
def test_a_game_open_in_one_program_is_refused_in_another_which_writes_nothing(
        db: Path, clean_env: dict[str, str]) -> None:
    first = Program(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"))
    first.readline(), first.readline()
    first.write("300")
    assert first.readline() == "Anna draws Bonus 300."
    first.readline()
    before = table_rows(db)
    open_elsewhere = ("Game 1 is open in another tutto-tally, so it is not touched here: "
                      "finish it there, or start a new game.")

    assert one_sentence(run(clean_env, play_args(db, "--resume", "1"),
                            ["1 5 2 3 4 6"])) == open_elsewhere
    asked = run(clean_env, play_args(db), ["yes", "1 5 2 3 4 6"])
    assert asked.returncode == 2
    assert asked.stdout.splitlines()[0] == "Game 1 with Anna, Ben and Cleo is still running."
    assert asked.stderr == open_elsewhere + "\n"
    assert one_sentence(run(clean_env, ["games", "--abandon", "1", "--db", str(db)])) == \
        open_elsewhere
    assert table_rows(db) == before, "the refused programs wrote nothing"

    other = run(clean_env, play_args(db, "--players", "Dora,Emil"), ["no", "stop", "200"])
    assert other.returncode == 0
    assert other.stdout.splitlines()[-3] == "Emil draws Bonus 200."
    assert saved_entries(db, "2") == ["card stop", "card bonus-200"]

    first.write("1 5 2 3 4 6")
    assert first.readline() == "1, 5, 2, 3, 4, 6."
    assert first.readline() == "Anna, set aside?"
    status, rest, err = first.end_input()
    assert status == 0 and err == ""
    assert saved_entries(db, "1") == ["card bonus-300", "roll 152346"]

    after = run(clean_env, play_args(db, "--resume", "1"), ["1 5"])
    assert after.returncode == 0
    assert saved_entries(db, "1") == ["card bonus-300", "roll 152346", "aside 15"]


# ---------------------------------------------------------------------------------------------
# 6. a journal edited by hand


@pytest.mark.parametrize("seq, text, index", [(2, "bank", 2), (3, "aside 9", 3),
                                              (1, "card joker", 1)])
def test_a_journal_edited_so_it_does_not_replay_is_reported_as_damaged_at_its_entry(
        seq: int, text: str, index: int, db: Path, clean_env: dict[str, str]) -> None:
    assert run(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"),
               ["300", "1 5 2 3 4 6", "1 5", "bank", "stop"]).returncode == 0
    assert run(clean_env, play_args(db, "--players", "Dora,Emil"),
               ["no", "200"]).returncode == 0
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE journal SET text = ? WHERE game_id = 1 AND seq = ?", (text, seq))
    conn.close()
    damaged = (f"Game 1 is damaged at entry {index} and cannot be continued; the other games "
               "are fine.")
    rows = table_rows(db)

    assert one_sentence(run(clean_env, play_args(db, "--resume", "1"), ["bank"])) == damaged
    assert one_sentence(run(clean_env, ["show", "1", "--db", str(db)])) == damaged
    assert one_sentence(run(clean_env, ["export", "1", "--format", "csv", "--db",
                                        str(db)])) == damaged
    assert table_rows(db) == rows

    listed = run(clean_env, ["games", "--db", str(db)])
    assert listed.returncode == 0
    assert [line.split(",")[0] for line in listed.stdout.splitlines()] == ["Game 2", "Game 1"]
    other = run(clean_env, play_args(db, "--resume", "2"), ["1 1 1 5 5 5", "", "bank"])
    assert other.returncode == 0
    assert other.stdout.splitlines()[0].startswith("Game 2 goes on. Dora's turn")
    assert export_json(clean_env, db, "2")["players"][0] == {"name": "Dora", "score": 1700,
                                                             "turns": 1}


# ---------------------------------------------------------------------------------------------
# 7. exports


GAME_ONE_OUTCOMES = ["banked", "stop-card", "fireworks", "banked", "plus-minus", "banked",
                     "niete", "banked", "banked", "banked", "banked", "stop-card"]


def test_the_json_export_of_a_finished_game_is_the_rules_engines_final_state(
        db: Path, clean_env: dict[str, str]) -> None:
    game = play_game_one(clean_env, db)
    exported = export_json(clean_env, db, "1")

    assert exported == export_of(game, "1", "en", "finished")
    assert set(exported) == EXPORT_KEYS
    assert exported["rules"]["target"] == GAME_ONE_TARGET
    assert exported["winners"] == ["Ben"]
    assert exported["players"] == [{"name": "Anna", "score": 2950, "turns": 4},
                                   {"name": "Ben", "score": 4300, "turns": 4},
                                   {"name": "Cleo", "score": 1500, "turns": 4}]
    assert [t["outcome"] for t in exported["turns"]] == GAME_ONE_OUTCOMES
    assert exported["turns"][7] == {"player": "Ben", "cards": ["bonus-500", "bonus-200"],
                                    "points": 1800, "outcome": "banked"}
    card_ids = {card.value for card in Card}
    for turn in exported["turns"]:
        assert set(turn) == {"player", "cards", "points", "outcome"}
        assert set(turn["cards"]) <= card_ids and turn["outcome"] in OUTCOMES
    assert exported == export_json(clean_env, db, "last")


def csv_rows(env: dict[str, str], db: Path) -> list[list[str]]:
    result = run(env, ["export", "1", "--format", "csv", "--db", str(db)])
    assert result.returncode == 0
    return list(csv.reader(io.StringIO(result.stdout)))


def markdown_rows(env: dict[str, str], db: Path) -> list[list[str]]:
    """The cells of a Markdown table, after checking it is one."""
    result = run(env, ["export", "1", "--format", "md", "--db", str(db)])
    assert result.returncode == 0
    table = result.stdout.splitlines()
    assert all(line.startswith("|") and line.endswith("|") for line in table), table
    assert re.fullmatch(r"\|(\s*:?-{3,}:?\s*\|)+", table[1]), table[1]
    cells = [[cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
             for line in table]
    widths = {len(row) for row in cells}
    assert len(widths) == 1, "every row has the same number of columns"
    return [cells[0], *cells[2:]]


def test_the_csv_and_markdown_exports_are_the_score_sheet_one_row_per_turn(
        db: Path, clean_env: dict[str, str]) -> None:
    game = play_game_one(clean_env, db)
    sheet = game.score_sheet()
    for rows in (csv_rows(clean_env, db), markdown_rows(clean_env, db)):
        header, body = rows[0], rows[1:]
        assert header == ["Turn", "Player", "Cards", "Outcome", "Points", *PLAYERS]
        assert len(body) == len(sheet) == 12
        for number, (row, (record, scores)) in enumerate(zip(body, sheet, strict=True), start=1):
            assert len(row) == len(header)
            assert row[0] == str(number)
            assert row[1] == PLAYERS[record.seat]
            assert row[2] == ", ".join(card_name(card) for card in record.cards)
            assert row[4] == str(record.points)
            assert row[5:] == [str(score) for score in scores], "running scores"
            assert row[3] == outcome_word(record.outcome, Catalog("en"))
        assert body[-1][5:] == ["2950", "4300", "1500"]
        assert body[0][3] == "banked"


def test_a_german_games_exports_are_in_german_except_json_keys_and_card_ids(
        db: Path, clean_env: dict[str, str]) -> None:
    game = play_game_one(clean_env, db, "de")
    de = Catalog("de")
    exported = export_json(clean_env, db, "1")
    assert set(exported) == EXPORT_KEYS and exported["lang"] == "de"
    assert exported == export_of(game, "1", "de", "finished")
    assert [t["outcome"] for t in exported["turns"]] == GAME_ONE_OUTCOMES

    english_header = ["Turn", "Player", "Cards", "Outcome", "Points"]
    german_header = [de.gettext(word) for word in english_header]
    outcomes = [record.outcome for record in game.turn_records()]
    for rows in (csv_rows(clean_env, db), markdown_rows(clean_env, db)):
        assert rows[0] == [*german_header, *PLAYERS]
        assert not set(rows[0]) & set(english_header), "the header is German"
        assert [row[3] for row in rows[1:]] == [outcome_word(o, de) for o in outcomes]
        assert rows[1][3] != "banked", "outcome words are German"


# ---------------------------------------------------------------------------------------------
# 8. the list of games, abandoning, the score sheet


def test_games_lists_every_game_abandon_marks_one_and_show_prints_the_sheet(
        db: Path, clean_env: dict[str, str]) -> None:
    game = play_game_one(clean_env, db)
    assert run(clean_env, play_args(db, "--players", "Dora,Emil"), ["stop"]).returncode == 0

    listed = run(clean_env, ["games", "--db", str(db)])
    line = r"Game {id}, \d{{4}}-\d\d-\d\d \d\d:\d\d: {players}, {status}\."
    assert listed.returncode == 0
    said = listed.stdout.splitlines()
    assert len(said) == 2
    assert re.fullmatch(line.format(id=2, players="Dora, Emil", status="running"), said[0])
    assert re.fullmatch(line.format(id=1, players="Anna, Ben, Cleo", status="finished"), said[1])

    abandoned = run(clean_env, ["games", "--abandon", "2", "--db", str(db)])
    said = abandoned.stdout.splitlines()
    assert abandoned.returncode == 0
    assert said[0] == "Game 2 is marked abandoned."
    assert re.fullmatch(line.format(id=2, players="Dora, Emil", status="abandoned"), said[1])
    fresh = run(clean_env, play_args(db, "--players", "Fritz,Gina"))
    assert fresh.stdout.startswith("New game for Fritz and Gina."), "no running game to offer"
    assert one_sentence(run(clean_env, ["games", "--abandon", "9", "--db", str(db)])) == (
        f"There is no game 9 in {db}: type tutto-tally games to list them.")

    shown = run(clean_env, ["show", "1", "--db", str(db)])
    said = shown.stdout.splitlines()
    assert shown.returncode == 0
    assert said[0] == "Game 1: Anna, Ben and Cleo. Target 4000, standard rules. Finished."
    turns = said[1:-2]
    assert len(turns) == 12
    for number, (text, (record, scores)) in enumerate(zip(turns, game.score_sheet(), strict=True),
                                                      start=1):
        assert text.startswith(f"Turn {number}, {PLAYERS[record.seat]}, "), text
        own = f" {record.points} points, score {scores[record.seat]}."
        assert own in text, text
        # After the turn's own score, what it cost the others (a Plus/Minus Tutto).
        assert text.endswith(own) or text.split(own)[1].endswith(
            f", score {scores[0]}."), text
    assert turns[4].endswith("1000 points, score 1000. Anna loses 1000, score 1150.")
    assert turns[7] == "Turn 8, Ben, Bonus 500, Bonus 200: banked, 1800 points, score 2800."
    assert said[-2] == "Winner: Ben."
    assert said[-1] == scores_sentence(game)


# ---------------------------------------------------------------------------------------------
# 9. undo in the journal


def test_undo_is_written_to_the_journal_and_the_rebuilt_game_is_the_same(
        db: Path, clean_env: dict[str, str]) -> None:
    typed_lines = ["300", "1 5 2 3 4 6", "1 5", "undo", "1", "bank", "undo", "bank", "stop"]
    result = run(clean_env, play_args(db, "--players", "Anna,Ben,Cleo"), typed_lines)
    assert result.returncode == 0
    game = engine_game(typed_lines, PLAYERS, Rules())

    with Store.open(db) as store:
        journal = store.journal("1")
        entries = store.entries("1")
    assert [(row.kind, row.text) for row in journal] == [
        ("entry", "card bonus-300"), ("entry", "roll 152346"), ("entry", "aside 15"),
        ("undo", None), ("entry", "aside 1"), ("entry", "bank"), ("undo", None),
        ("entry", "bank"), ("entry", "card stop")]
    assert [row.seq for row in journal] == list(range(1, 10))
    assert entries == game.entry_texts()
    assert export_json(clean_env, db, "1") == export_of(game, "1", "en", "running")

    # Undo after a restart takes back the entry made before it, and is journalled too.
    resumed = run(clean_env, play_args(db, "--resume", "1"), ["undo", "undo"])
    said = resumed.stdout.splitlines()
    check_resumed(said[0], said[1], game, "1")
    assert said[2] == "Undone: Ben's card Stop. Ben's turn, turn total 0."
    assert said[4] == "Undone: Anna's bank. Anna's turn, turn total 100."
    game.pop(), game.pop()
    with Store.open(db) as store:
        assert [row.kind for row in store.journal("1")][-2:] == ["undo", "undo"]
        assert store.entries("1") == game.entry_texts()
    again = run(clean_env, play_args(db, "--resume", "1"))
    opening, prompt = again.stdout.splitlines()[:2]
    check_resumed(opening, prompt, game, "1")
    assert export_json(clean_env, db, "1") == export_of(game, "1", "en", "running")
