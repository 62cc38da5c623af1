"""One writer per game whatever the timing, and the question that offers a running game.

Real ``tutto-tally`` programs on one real games file: a bare start (a process of its own)
waits at its question ("Go on with it?") while a second program (the entry point in the test's
process, ``test_durable_cli.run``) plays the same game and quits; only then does the first one
answer. Whatever it then writes must be what one table typing everything in order
would have written, in all three games.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import slow_unless
from test_durable_cli import Program, play_args, run, saved_entries
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.lists import and_list

pytestmark = pytest.mark.skipif(os.name != "posix", reason="select() on pipes needs POSIX")

#: Per game: how a new game starts, what the second program types, then what the first types.
GAMES = {
    "tutto": (["--players", "Anna,Ben"], ["stop"], ["stop"]),
    "yatzee": (["--game", "yatzee", "--players", "Anna,Ben"], ["123456", "chance"],
               ["112233", "chance"]),
    "tute": (["--game", "tute", "--players", "Anna,Ben"], ["gold"], ["cante Anna swords"]),
}


def until(program: Program, line: str) -> list[str]:
    """The lines a program says up to and including ``line``."""
    said: list[str] = []
    while not said or said[-1] != line:
        said.append(program.readline())
    return said


#: How the second program starts: by --resume, or bare and answering yes.
SECOND_STARTS = {"second-by-resume": ["--resume", "1"], "second-by-bare-start": ["yes"]}


# Two real programs for each game and way: the quick run keeps two cases, the games and the
# ways spread over them; the others are slow.
@pytest.mark.parametrize(("game", "second_start"), [
    pytest.param(game, start, id=f"{game}-{way}", marks=slow_unless(
        (game, way) in {("tutto", "second-by-resume"), ("tute", "second-by-bare-start")}))
    for game in GAMES for way, start in SECOND_STARTS.items()])
def test_a_late_yes_goes_on_with_the_game_as_the_file_holds_it(
        game: str, second_start: Sequence[str], db: Path, tmp_path: Path,
        clean_env: dict[str, str]) -> None:
    start, second, first = GAMES[game]
    args = ["--lang", "en"]
    assert run(clean_env, play_args(db, *args, *start)).returncode == 0  # game 1, no entry

    waiting = Program(clean_env, play_args(db, *args))
    try:
        # Tute is a match of several won games, and is called one here too.
        until(waiting, "Go on with it? Type yes to go on, or no for a new "
                       f"{'match' if game == 'tute' else 'game'}.")
        if second_start[0] == "--resume":
            other = run(clean_env, play_args(db, *args, *second_start), second)
        else:
            other = run(clean_env, play_args(db, *args), [*second_start, *second])
        assert other.returncode == 0, other.stderr

        waiting.write("yes")
        for line in first:
            waiting.write(line)
        status, rest, err = waiting.end_input()
    finally:
        if waiting.proc.poll() is None:
            waiting.kill()
    assert status == 0 and err == ""

    # One table typing everything in order: the oracle of what the file and the screen hold.
    alone_db = tmp_path / "alone.sqlite3"
    alone = run(clean_env, play_args(alone_db, *args, *start), [*second, *first])
    assert saved_entries(db, "1") == saved_entries(alone_db, "1")
    said = rest.splitlines()
    assert said[-4:] == alone.stdout.splitlines()[-4:], "the late yes said what the file holds"
    shown = run(clean_env, ["show", "1", "--db", str(db)])
    assert shown.returncode == 0 and "damaged" not in shown.stdout + shown.stderr


def test_a_resumed_game_is_claimed_before_it_is_read(db: Path, clean_env: dict[str, str]) -> None:
    """``--resume`` reads the game only once it holds it: a game held by another program is
    refused before anything of it is read or said."""
    assert run(clean_env, play_args(db, "--lang", "en", "--players", "Anna,Ben"),
               ["stop"]).returncode == 0
    holder = Program(clean_env, play_args(db, "--lang", "en", "--resume", "1"))
    try:
        assert holder.readline().startswith("Game 1 goes on.")
        refused = run(clean_env, play_args(db, "--lang", "en", "--resume", "1"), ["stop"])
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.startswith("Game 1 is open in another tutto-tally")
    finally:
        holder.end_input()
    assert saved_entries(db, "1") == ["card stop"]


@pytest.mark.parametrize("lang, started, yes, no", [("de", "stopp", "ja", "nein"),
                                                   ("fr", "stop", "oui", "non")])
def test_the_question_about_a_running_game_is_asked_in_the_games_language(
        lang: str, started: str, yes: str, no: str, db: Path,
        clean_env: dict[str, str]) -> None:
    """With an English locale (``LANG=C.UTF-8``) a German or French game asks in its own
    language, and its own yes goes on with it."""
    assert run(clean_env, play_args(db, "--lang", lang, "--players", "Anna,Ben"),
               [started]).returncode == 0
    c = Catalog(lang)
    going_on = run(clean_env, play_args(db), [yes])  # no --lang: the locale is English
    said = going_on.stdout.splitlines()
    assert going_on.returncode == 0
    assert said[0] == c.gettext("Game {game} with {players} is still running.", game="1",
                                players=and_list(("Anna", "Ben"), c))
    assert said[1] == c.gettext("Go on with it? Type {yes} to go on, or {no} for a new game.",
                                yes=yes, no=no)
    assert said[2].startswith(c.gettext("Game {game} goes on.", game="1"))


@pytest.mark.parametrize("answer", ["yes", "ja", "oui", "Oui", "JA"])
def test_yes_goes_on_with_a_running_game_in_every_language(
        answer: str, db: Path, clean_env: dict[str, str]) -> None:
    assert run(clean_env, play_args(db, "--lang", "fr", "--players", "Anna,Ben"),
               ["stop"]).returncode == 0
    going_on = run(clean_env, play_args(db), [answer, "stop"])
    assert going_on.returncode == 0
    assert saved_entries(db, "1") == ["card stop", "card stop"]


@pytest.mark.parametrize("answer", ["no", "nein", "non"])
def test_no_starts_a_new_game_in_every_language(answer: str, db: Path,
                                               clean_env: dict[str, str]) -> None:
    assert run(clean_env, play_args(db, "--lang", "de", "--players", "Anna,Ben"),
               ["stopp"]).returncode == 0
    new = run(clean_env, play_args(db, "--players", "Cleo,Dora"), [answer, "stop"])
    assert new.returncode == 0
    assert saved_entries(db, "2") == ["card stop"]
    assert saved_entries(db, "1") == ["card stop"]
