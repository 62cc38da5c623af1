"""A game where Python has no ``readline``, ``termios`` or ``fcntl``, as on Windows.

Most blind players' screen readers run on Windows, whose Python has none of the three; a
Python built without them is the same. The real program runs in a pseudo-terminal with the
three made unimportable in its own process (a ``sitecustomize`` on its PYTHONPATH), plays a
short game, and the game is found saved at the next start. Nothing of the test's own process
changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import slow_unless, tutto_command
from test_terminal_screen import Terminal

ABSENT = ("readline", "termios", "fcntl")

#: Looked at before any other finder: these modules are not there, as on Windows.
_HOOK = f'''
import sys


class _NotOnThisSystem:
    def find_spec(self, name, path=None, target=None):
        if name in {ABSENT!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, _NotOnThisSystem())
'''

MODES = {"terminal": [], "plain": ["--plain"], "sighted": ["--sighted"]}


def _without_them(tmp_path: Path) -> dict[str, str]:
    """The program's environment: the hook first on its PYTHONPATH."""
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(_HOOK, encoding="utf-8")
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(hook),
                                                        os.environ.get("PYTHONPATH")]))}


def test_the_programs_python_finds_none_of_the_three(tmp_path: Path) -> None:
    """What the game below runs without: each import fails in the program's environment."""
    env = {**os.environ, **_without_them(tmp_path)}
    for name in ABSENT:
        tried = subprocess.run([sys.executable, "-c", f"import {name}"], env=env,
                               capture_output=True, text=True, timeout=60)
        assert tried.returncode == 1
        assert f"ModuleNotFoundError: No module named '{name}'" in tried.stderr


# Each mode is the real program in a terminal: the quick run plays the default one.
@pytest.mark.parametrize("mode", [pytest.param(mode, marks=slow_unless(mode == "terminal"))
                                  for mode in MODES])
def test_a_game_plays_where_readline_termios_and_fcntl_do_not_exist(mode: str,
                                                                    tmp_path: Path) -> None:
    env = _without_them(tmp_path)
    term = Terminal(["--players", "Anna,Ben", *MODES[mode]], tmp_path, columns=100, env=env)
    term.wait_for_prompt("Anna, card?")
    for prompt, entry in (("Anna, card?", "300"), ("Anna, roll 6 dice:", "1 5 2 3 4 6"),
                          ("Anna, set aside?", "1 5"),
                          ("Anna, 150 at risk, 4 dice: roll or bank?", "bank"),
                          ("Ben, card?", "scores")):
        term.wait_for_prompt(prompt)
        term.type(entry + "\r")
    term.wait_for_prompt("Ben, card?", count=2)
    term.quit()
    assert "Traceback" not in term.raw
    assert [row for row in term.seen() if row][:12] == [
        "New game for Anna and Ben. Target 6000, standard rules. Anna begins.",
        "Anna, card? 300",
        "Anna draws Bonus 300.",
        "Anna, roll 6 dice: 1 5 2 3 4 6",
        "1, 5, 2, 3, 4, 6.",
        "Anna, set aside? 1 5",
        "1, 5 for 150, 4 dice left.",
        "Anna, 150 at risk, 4 dice: roll or bank? bank",
        "Anna banks, score 150. Ben's turn.",
        "Ben, card? scores",
        "Scores: Anna 150, Ben 0. Target 6000.",
        "Ben, card? quit",
    ]

    # The next start, still without them, offers the game saved and goes on where it was.
    again = Terminal([*MODES[mode]], tmp_path, columns=100, env=env)
    again.wait_for("Go on with it?")
    again.type("yes\r")
    again.wait_for_prompt("Ben, card?")
    again.quit()
    assert "Traceback" not in again.raw
    assert again.seen()[:2] == [
        "Game 1 with Anna and Ben is still running.",
        "Go on with it? Type yes to go on, or no for a new game. yes"]
    for said in ("Game 1 goes on. Ben's turn, score 0.", "Scores: Anna 150, Ben 0. Target 6000."):
        assert _on_screen(again, said)


def _on_screen(term: Terminal, text: str) -> bool:
    """Whether ``text`` stands on the screen, also across a row it is wrapped at."""
    return text in " ".join(term.seen()) or text in "".join(term.seen())


def test_a_game_open_where_fcntl_does_not_exist_is_still_not_touched_by_a_second_start(
        tmp_path: Path) -> None:
    """The claim on a game being played holds without ``fcntl`` (the C library's lockf)."""
    env = _without_them(tmp_path)
    term = Terminal(["--players", "Anna,Ben"], tmp_path, columns=100, env=env)
    term.wait_for_prompt("Anna, card?")
    second = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    second.update(env, TUTTO_SPEECH="0", LANG="C.UTF-8", XDG_DATA_HOME=str(tmp_path / "data"))
    refused = subprocess.run([*tutto_command(), "--db", str(tmp_path / "g.db")], input="yes\n",
                             capture_output=True, text=True, env=second, timeout=120)
    term.quit()
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    assert refused.stderr.strip() == ("Game 1 is open in another tutto-tally, so it is not "
                                      "touched here: finish it there, or start a new game.")
