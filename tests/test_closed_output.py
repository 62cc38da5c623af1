"""A closed output (``tutto-tally ... | head -4``) ends every game and every command quietly:
no traceback, exit status 1, as click ends ``show`` when its pipe closes, and nothing accepted
is lost.

The pipes are real. Most tests close the reading end before the program starts, so its first
line already meets a closed pipe, whatever the machine's speed; one closes it in the middle of
a game, between two entries fed one at a time; one runs the real shell pipeline.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from conftest import slow_unless, tutto_command
from tutto_a11y.text.i18n import Catalog

#: The exit status of every command whose output was closed early (docs/interface.md).
CLOSED = 1


def _with_closed_stdout(args: list[str], env: dict[str, str], typed: str = ""
                        ) -> subprocess.CompletedProcess[str]:
    """The program with stdout a pipe nobody reads any more; stdin ``typed``, stderr kept."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([*tutto_command(), *args], stdout=write_end,
                              stderr=subprocess.PIPE, input=typed, text=True, env=env,
                              timeout=120)
    finally:
        os.close(write_end)


def _quiet_end(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == CLOSED, (done.returncode, done.stderr)
    assert done.stderr == "", done.stderr  # no traceback, no "Exception ignored"


def _journal(db: Path) -> list[str]:
    with sqlite3.connect(db) as con:
        return [row[0] for row in con.execute("SELECT text FROM journal ORDER BY seq")]


GAMES = {
    "tutto": ["300", "1 5 2 3 4 6", "1 5", "bank", "stop"],
    "yatzee": ["1 1 1 1 1 1", "", "2 3 4 5 6 6"],
    "tute": ["oros", "10"],
}
MODES = [["--plain"], ["--plain", "--braille-line"], ["--width", "40"],
         ["--plain", "--verbosity", "brief"], ["--share", "127.0.0.1:0", "--seats"]]


# Each case is two real programs: the quick run keeps Yatzee in plain mode, the others are slow.
@pytest.mark.parametrize(("mode", "game"), [
    pytest.param(mode, game, id=f"{' '.join(mode)}-{game}",
                 marks=slow_unless((mode, game) == (["--plain"], "yatzee")))
    for mode in MODES for game in sorted(GAMES)])
def test_a_game_whose_output_is_closed_ends_quietly_with_status_1(
        game: str, mode: list[str], clean_env: dict[str, str], db: Path) -> None:
    typed = "\n".join(GAMES[game]) + "\n"
    done = _with_closed_stdout(["--game", game, "--lang", "de", "--db", str(db),
                                "--players", "Anna,Ben", *mode], clean_env, typed)
    _quiet_end(done)
    # The games file was closed properly: the game is there and goes on when asked.
    again = subprocess.run([*tutto_command(), "--lang", "en", "--db", str(db), "games"],
                           capture_output=True, text=True, env=clean_env, timeout=60)
    assert again.returncode == 0, again.stderr
    assert "Anna, Ben, running" in again.stdout


def test_output_closed_at_the_resume_question_ends_quietly(clean_env: dict[str, str],
                                                           db: Path) -> None:
    subprocess.run([*tutto_command(), "--plain", "--db", str(db), "--players", "Anna,Ben"],
                   input="300\n", capture_output=True, text=True, env=clean_env, check=True)
    _quiet_end(_with_closed_stdout(["--plain", "--db", str(db)], clean_env, "ja\n"))


def _a_finished_game(db: Path, env: dict[str, str]) -> None:
    typed = "clover\n1 1 1 5 5 5\n\n2 2 2 1 1 1\n\nquit\n"
    subprocess.run([*tutto_command(), "--plain", "--lang", "en", "--db", str(db), "--players",
                    "Anna,Ben"], input=typed, capture_output=True, text=True, env=env,
                   check=True)


COMMANDS = [
    ["show", "1"], ["show", "last"], ["export", "1", "--format", "csv"],
    ["export", "1", "--format", "md"], ["export", "1", "--format", "brf"], ["games"],
    ["stats"], ["--help"], ["play", "--help"], ["show", "--help"], ["--version"],
    ["labels"], ["settings"], ["review", "1"],
    ["coach", "--card", "bonus-300", "--dice", "6", "--turn-total", "0", "--format", "json"],
]


# Each case is two real programs: the quick run keeps stats, the others are slow.
@pytest.mark.parametrize("command", [
    pytest.param(command, id=" ".join(command), marks=slow_unless(command == ["stats"]))
    for command in COMMANDS])
def test_every_command_whose_output_is_closed_ends_as_show_does(
        command: list[str], clean_env: dict[str, str], db: Path) -> None:
    _a_finished_game(db, clean_env)
    done = _with_closed_stdout(["--lang", "fr", "--db", str(db), *command], clean_env)
    if command[0] in ("review", "coach"):  # it may say on stderr that it computes, no more
        assert done.stderr in ("", Catalog("fr").gettext("One moment, I'm computing.") + "\n")
        assert done.returncode == CLOSED
        return
    _quiet_end(done)


def test_output_closed_in_the_middle_of_a_game_keeps_the_entry_it_could_not_announce(
        clean_env: dict[str, str], db: Path) -> None:
    """Entries fed one at a time, each announcement read; then the reader goes away, and the
    next entry is accepted, saved, and its announcement meets the closed pipe."""
    with subprocess.Popen([*tutto_command(), "--plain", "--lang", "en", "--db", str(db),
                           "--players", "Anna,Ben"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=clean_env) as program:
        assert program.stdin is not None and program.stdout is not None
        assert program.stdout.readline().startswith("New game for Anna and Ben.")
        assert program.stdout.readline() == "Anna, card?\n"
        program.stdin.write("300\n")
        program.stdin.flush()
        assert program.stdout.readline() == "Anna draws Bonus 300.\n"
        assert program.stdout.readline().startswith("Anna, roll 6 dice")
        program.stdout.close()  # the reader goes away, as head does after its lines
        program.stdin.write("1 5 2 3 4 6\n")
        program.stdin.close()
        assert program.wait(timeout=60) == CLOSED
        assert program.stderr is not None and program.stderr.read() == ""
    assert _journal(db) == ["card bonus-300", "roll 152346"]
    # It goes on from there.
    resumed = subprocess.run([*tutto_command(), "--plain", "--lang", "en", "--db", str(db)],
                             input="yes\n", capture_output=True, text=True, env=clean_env,
                             timeout=60)
    assert resumed.returncode == 0, resumed.stderr
    assert "Anna, set aside?" in resumed.stdout


@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("head") is None,
                    reason="needs sh and head")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_piped_into_head_prints_its_first_lines_and_no_traceback(
        game: str, clean_env: dict[str, str], db: Path) -> None:
    """The issue's own line. Whether the program still writes after head has gone depends on
    the machine's speed, so the status is either a normal end or the closed output's."""
    command = " ".join([*tutto_command(), "--game", game, "--plain", "--db", str(db),
                        "--players", "Anna,Ben", "--lang", "en"])
    typed = "\n".join(GAMES[game] * 30) + "\n"
    done = subprocess.run(["sh", "-c", f'{command} 2>"$0" | head -4', str(db) + ".err"],
                          input=typed, capture_output=True, text=True, env=clean_env,
                          timeout=120)
    assert len(done.stdout.splitlines()) == 4
    assert Path(str(db) + ".err").read_text() == ""
