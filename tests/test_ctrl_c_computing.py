"""Ctrl-C while the coach or the review computes stops the computation, says so in one
sentence in the game's language and asks the same question again; the game goes on.

The real program runs in a pseudo-terminal, in terminal mode and in plain mode, and the
emulated screen is read. Where the Ctrl-C lands is made certain by a hook on the program's
PYTHONPATH (a stub of timing only: the computation, or the handling of the line before or
after it, waits for the Ctrl-C), and the test sends it once the program shows it waits
there: "One moment, I'm computing." for the computation itself, a mark of the hook's for the
moments before and after. Without the hook, Ctrl-C right after Enter, again and again, never
ends the game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_terminal_screen import CTRL_C, Terminal
from tutto_a11y.text.i18n import Catalog

pytestmark = pytest.mark.slow  # a dozen programs in a pseudo-terminal

#: Put on the PYTHONPATH of the program (sitecustomize): TUTTO_TEST_CTRL_C_AT says where the
#: handling of ``advice`` or ``review`` waits for a Ctrl-C. "computing": the computation runs
#: (for a minute at most) until Ctrl-C stops it; "before": the command's handling waits before
#: the computation begins, "after": after its answer is printed, "importing": inside the
#: coach's first import of numpy, each until the table's handler has seen the Ctrl-C. These
#: waits print MARK first, so the test knows when to send it.
_HOOK = '''
import os
import sys
import threading
import time

from tutto_a11y.games.tutto import table_commands
from tutto_a11y.table import session

AT = os.environ["TUTTO_TEST_CTRL_C_AT"]
MARK = "(the test sends Ctrl-C now)"
_answered = [False]


def _until_noted(table):
    sys.stdout.write(MARK + "\\n")
    sys.stdout.flush()
    end = time.monotonic() + 60
    # A poll, not an event: the flag is set by the loop's Ctrl-C handler, which offers none.
    while not table.ctrl_c._echoed and time.monotonic() < end:
        time.sleep(0.005)


class _WaitInNumpysImport:
    """Looked at first when a module is imported: the coach's first import of numpy waits
    for the Ctrl-C inside the import machinery."""

    def find_spec(self, name, path=None, target=None):
        if AT == "importing" and name == "numpy" and _tables:
            _until_noted(_tables[-1])
        return None


sys.meta_path.insert(0, _WaitInNumpysImport())


def _slowed(compute):
    def slowly(m):
        if AT == "computing":
            end = time.monotonic() + 60  # Ctrl-C ends the wait, as it ends the computation
            while time.monotonic() < end:  # the computation that Ctrl-C must stop
                time.sleep(0.005)
        answer = compute(m)
        _answered[0] = True
        return answer
    return slowly


table_commands.advice = _slowed(table_commands.advice)
table_commands.review = _slowed(table_commands.review)
_command, _tell, _init = session.Table.command, session.Table.tell, session.Table.__init__
_tables = []


def init(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    _tables.append(self)


def command(self, command):
    if AT == "before" and command.name in ("advice", "review"):
        _until_noted(self)
    return _command(self, command)


def tell(self, *args, **kwargs):
    _tell(self, *args, **kwargs)
    # After the answer's line, which the loop's own thread says; not after "One moment, I'm
    # computing.", which the timer's thread says, on a busy machine even once the answer is
    # ready and before it is said.
    if AT == "after" and _answered[0] and threading.current_thread() is threading.main_thread():
        _answered[0] = False
        _until_noted(self)


session.Table.command, session.Table.tell, session.Table.__init__ = command, tell, init
'''
MARK = "(the test sends Ctrl-C now)"

WORDS = {"en": {"advice": "advice", "review": "review", "clover": "clover"},
         "de": {"advice": "tipp", "review": "rückblick", "clover": "kleeblatt"},
         "fr": {"advice": "avis", "review": "bilan", "clover": "trèfle"}}

MODES = {"terminal": [], "plain": ["--plain"]}


def _start(tmp_path: Path, lang: str, mode: str, at: str | None, rows: int = 40) -> Terminal:
    env = {}
    if at is not None:
        hook = tmp_path / "hook"
        hook.mkdir()
        (hook / "sitecustomize.py").write_text(_HOOK, encoding="utf-8")
        env = {"PYTHONPATH": str(hook), "TUTTO_TEST_CTRL_C_AT": at}
    # Wide enough for the advice on one row: the rows are compared whole.
    return Terminal([*MODES[mode], "--lang", lang, "--players", "Anna,Ben"], tmp_path,
                    columns=160, rows=rows, env=env)


QUIT = {"en": "quit", "de": "beenden", "fr": "quitter"}
UNDO = {"en": "undo", "de": "rückgängig", "fr": "annuler"}
SCORES = {"en": "scores", "de": "punkte", "fr": "points"}


def _to_the_question(term: Terminal, c: Catalog, lang: str, game_over: bool) -> str:
    """Play to a question where the coach has something to compute; that question, as the
    row the cursor waits on shows it."""
    term.wait_for_prompt(c.gettext("{name}, card?", name="Anna"))
    if game_over:  # the Cloverleaf's two Tuttos end the game at once
        for entry in [WORDS[lang]["clover"], "1 1 1 5 5 5", "", "2 2 2 1 1 1", ""]:
            term.type(entry + "\r")
        # "Game over. Type scores, undo or quit:", with the language's own words
        term.wait_for_prompt(c.gettext("Game over. Type {scores}, {undo} or {quit}:",
                                       scores=SCORES[lang], undo=UNDO[lang], quit=QUIT[lang]))
    else:
        term.type("300\r")
        term.wait_for_prompt(c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:", 6,
                                        name="Anna"))
        term.type("1 2 3 4 6 6\r")
        term.wait_for_prompt(c.gettext("{name}, set aside?", name="Anna"))
    return term.seen()[term.screen.cursor.y].rstrip()


def _asked_again(term: Terminal, c: Catalog, question: str, word: str, game_over: bool,
                 lang: str) -> list[str]:
    """The question asked again after ``word``; then an entry there is accepted and quit
    ends the program with status 0. The rows from ``word``'s on, up to the question again."""
    term.wait_for_prompt(question, count=2)
    rows = term.seen()
    first = max(i for i, row in enumerate(rows) if row == f"{question} {word}")
    again = max(i for i, row in enumerate(rows) if row.startswith(question))
    if game_over:  # undo: the game runs again, at the last roll's question
        term.type(UNDO[lang] + "\r")
        term.wait_for_prompt(c.gettext("{name}, set aside?", name="Anna"), count=3)
    else:  # the 1 set aside: 100 at risk with 5 dice
        term.type("1\r")
        term.wait_for(c.ngettext("{faces} for {points}, {n} die left.",
                                 "{faces} for {points}, {n} dice left.", 5, faces="1",
                                 points="100"))
    term.type(QUIT[lang] + "\r")
    assert term.finish() == 0
    assert "Traceback" not in term.raw
    return rows[first:again + 1]


CASES = [(lang, mode, command) for lang in ("en", "de") for mode in MODES
         for command in ("advice", "review")] + [("fr", "terminal", "advice")]


@pytest.mark.parametrize(("lang", "mode", "command"), CASES)
def test_ctrl_c_while_the_coach_computes_stops_it_says_so_and_asks_again(
        lang: str, mode: str, command: str, tmp_path: Path) -> None:
    c = Catalog(lang)
    game_over = command == "review"
    term = _start(tmp_path, lang, mode, "computing")
    question = _to_the_question(term, c, lang, game_over)
    word = WORDS[lang][command]
    term.type(word + "\r")
    term.wait_for(c.gettext("One moment, I'm computing."))  # the computation runs
    term.type(CTRL_C)
    rows = _asked_again(term, c, question, word, game_over, lang)
    # The entry, the line that said it computes, the terminal's "^C" on a row of its own,
    # the one sentence, and the same question again.
    assert rows == [f"{question} {word}", c.gettext("One moment, I'm computing."), "^C",
                    c.gettext("Computing stopped; the game goes on."), question]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", ["advice", "review"])
def test_ctrl_c_after_the_coach_word_and_before_its_computation_stops_it_before_it_begins(
        mode: str, command: str, tmp_path: Path) -> None:
    c = Catalog("de")
    game_over = command == "review"
    term = _start(tmp_path, "de", mode, "before")
    question = _to_the_question(term, c, "de", game_over)
    word = WORDS["de"][command]
    term.type(word + "\r")
    term.wait_for(MARK)
    term.type(CTRL_C)
    rows = _asked_again(term, c, question, word, game_over, "de")
    assert rows == [f"{question} {word}", MARK, "^C",
                    c.gettext("Computing stopped; the game goes on."), question]


@pytest.mark.parametrize("mode", MODES)
def test_ctrl_c_after_the_coach_has_answered_leaves_the_answer_and_asks_again(
        mode: str, tmp_path: Path) -> None:
    c = Catalog("en")
    term = _start(tmp_path, "en", mode, "after")
    question = _to_the_question(term, c, "en", game_over=False)
    term.type("advice\r")
    term.wait_for(MARK)
    term.type(CTRL_C)
    rows = _asked_again(term, c, question, "advice", False, "en")
    # The advice stands whole; nothing was stopped. (On a busy machine the coach's first
    # answer may take long enough to be announced.)
    rows = [row for row in rows if row != c.gettext("One moment, I'm computing.")]
    assert rows[0] == f"{question} advice"
    assert rows[1].startswith("Set aside the 1")
    assert rows[2:] == [MARK, "^C", question]


@pytest.mark.parametrize("mode", MODES)
def test_ctrl_c_right_after_the_coach_word_again_and_again_never_ends_the_game(
        mode: str, tmp_path: Path) -> None:
    """Real timing, no hook: each Ctrl-C follows the Enter as soon as the screen shows it,
    and lands wherever it lands (the computation, the line's handling, the answer, the next
    prompt, or before the program read the line, which the terminal then throws away). The
    game goes on every time."""
    c = Catalog("de")
    term = _start(tmp_path, "de", mode, None, rows=100)
    question = _to_the_question(term, c, "de", game_over=False)
    for time in range(1, 9):
        term.type("tipp\r")
        term.wait_for(f"{question} tipp", count=time)
        term.child.sendintr()
        term.wait_for_prompt(question, count=time + 1)
    rows = _asked_again(term, c, question, "tipp", False, "de")
    said = {c.gettext("Computing stopped; the game goes on."),
            c.gettext("Line discarded, nothing entered."), c.gettext("One moment, I'm computing."),
            "^C", ""}
    assert all(row in said or row.startswith(("Die 1 herauslegen", question))
               for row in rows), rows


@pytest.mark.parametrize("mode", MODES)
def test_ctrl_c_during_the_coachs_first_import_stops_it_after_the_import_and_the_coach_works(
        mode: str, tmp_path: Path) -> None:
    """An import cut in half would break the coach for the rest of the game (numpy's core
    cannot be loaded twice in one process): the Ctrl-C waits for the import to end."""
    c = Catalog("de")
    term = _start(tmp_path, "de", mode, "importing")
    question = _to_the_question(term, c, "de", game_over=False)
    term.type("tipp\r")
    term.wait_for(MARK)
    term.type(CTRL_C)
    term.wait_for(c.gettext("Computing stopped; the game goes on."))
    term.wait_for_prompt(question, count=2)
    term.type("tipp\r")  # the coach was loaded whole and answers
    term.wait_for("Die 1 herauslegen")
    rows = [row for row in _asked_again(term, c, question, "tipp", False, "de")
            if row != c.gettext("One moment, I'm computing.")]
    assert rows[1].startswith("Die 1 herauslegen")
    assert "Traceback" not in term.raw and "ImportError" not in term.raw
