"""The ``braille-line`` setting: the latest announcement stands on the question's own line.

A Braille display that follows the cursor shows the line the cursor waits on, the question's.
With ``--braille-line`` (``TUTTO_BRAILLE_LINE``, ``settings set braille-line on``) the news of
the last entry stands there too, before the question, so a deafblind player need not look
upward after every entry. The real program runs in a pseudo-terminal, read as a screen (pyte).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import slow_unless, tutto_command
from table_harness import run_program
from test_terminal_screen import Terminal


# Each test here runs the real program in a terminal: the quick run keeps one mode or language
# of each (terminal mode here, plain mode and French below); the other cases are slow.
@pytest.mark.parametrize("mode", [pytest.param([], id="terminal"),
                                  pytest.param(["--plain"], id="plain", marks=pytest.mark.slow)])
def test_the_news_of_each_entry_stands_on_the_next_questions_row(mode: list[str],
                                                                 tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna,Ben", "--braille-line", *mode], tmp_path, columns=100)
    term.wait_for_prompt("Anna, card?")
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 5 2 3 4 6\r")
    term.wait_for_prompt("Anna, set aside?")
    assert term.lines() == [
        "New game for Anna and Ben. Target 6000, standard rules. Anna begins. Anna, card? 300",
        "Anna draws Bonus 300. Anna, roll 6 dice: 1 5 2 3 4 6",
        "1, 5, 2, 3, 4, 6. Anna, set aside?",
    ]
    term.quit()
    # The goodbye, with no question after it, still stands on a line of its own.
    assert term.lines()[-1] == "Game saved. Start tutto-tally again to go on."


def test_a_refusal_and_a_discarded_line_stand_before_the_question_asked_again(
        tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna,Ben", "--braille-line"], tmp_path, columns=100)
    term.wait_for_prompt("Anna, card?")
    term.type("30")
    term.wait_for("Anna, card? 30")
    term.type("\x03")
    term.wait_for_prompt("Line discarded, nothing entered. Anna, card?")
    term.type("1 5\r")
    term.wait_for("Anna, card?", count=3)
    rows = term.lines()
    first = next(i for i, row in enumerate(rows) if row.startswith("First the card: "))
    assert " ".join(rows[first:]).endswith("street, clover. Anna, card?")
    term.quit()


def test_with_width_the_last_row_holds_the_whole_question(tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna,Ben", "--braille-line", "--width", "40",
                     "--lang", "de"], tmp_path, columns=80)
    term.wait_for_prompt("Anna, Karte?")
    term.type("300\r")
    term.wait_for_prompt("Anna, Wurf mit 6 Würfeln:")
    term.type("1 5 2 3 4 6\r")
    term.wait_for_prompt("Anna, was legst du heraus?")
    rows = term.lines()
    assert all(len(row) <= 40 for row in rows), rows
    # No question is split over two rows: it stands whole on the last row, after the news
    # when both fit in the width, else on a row of its own.
    assert "Anna, Wurf mit 6 Würfeln: 1 5 2 3 4 6" in rows
    assert rows[-1].endswith("Anna, was legst du heraus?")
    term.type("beenden\r")
    assert term.finish() == 0


def _piped(args: list[str], env: dict[str, str], tmp_path: Path) -> str:
    db = tmp_path / f"{len(list(tmp_path.glob('*.db')))}.db"
    done = run_program(["--plain", "--no-speech", "--players", "Anna,Ben", "--db", str(db),
                        *args], env, "300\nquit\n")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_setting_comes_from_the_variable_and_the_settings_file_too(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    joined = "Anna draws Bonus 300. Anna, roll 6 dice:\n"
    assert joined not in _piped([], clean_env, tmp_path)
    assert joined in _piped([], dict(clean_env, TUTTO_BRAILLE_LINE="1"), tmp_path)
    kept = run_program(["settings", "set", "braille-line", "on"], clean_env)
    assert kept.returncode == 0, kept.stderr
    assert os.path.exists(Path(clean_env["XDG_CONFIG_HOME"]) / "tutto-tally" / "settings.toml")
    assert joined in _piped([], clean_env, tmp_path)


#: One turn to 2 dice left, and the questions asked on the way, in each language.
TURN = ["300", "1 5 2 3 4 6", "1 5", "5 5 2 3", "5 5"]
QUESTIONS = {
    "en": ["Anna, card?", "Anna, roll 6 dice:", "Anna, set aside?",
           "Anna, 150 at risk, 4 dice: roll or bank?", "Anna, set aside?",
           "Anna, 250 at risk, 2 dice: roll or bank?"],
    "de": ["Anna, Karte?", "Anna, Wurf mit 6 Würfeln:", "Anna, was legst du heraus?",
           "Anna, 150 auf dem Spiel, 4 Würfel: würfeln oder aufhören?",
           "Anna, was legst du heraus?",
           "Anna, 250 auf dem Spiel, 2 Würfel: würfeln oder aufhören?"],
    "fr": ["Anna, carte ?", "Anna, lancer de 6 dés :", "Anna, quels dés mettre de côté ?",
           "Anna, 150 en jeu, 4 dés : relancer ou marquer ?",
           "Anna, quels dés mettre de côté ?",
           "Anna, 250 en jeu, 2 dés : relancer ou marquer ?"],
}


def _question_rows(term: Terminal, question: str) -> list[str]:
    """The rows the question stands on, the cursor's last; fails if it is split anywhere
    but at the start of a row."""
    rows = term.seen()
    cursor = term.screen.cursor.y
    for first in range(cursor, max(cursor - 3, -1), -1):
        rows_of_it = rows[first:cursor + 1]
        joined = " ".join(rows_of_it)
        if first == cursor and joined.endswith(question):
            return rows_of_it  # whole on the cursor's row, the news before it
        if joined == question:
            return rows_of_it  # begins a row of its own
    raise AssertionError(f"{question!r} split inside a row:\n" + "\n".join(rows))


def _wait_for_question(term: Terminal, question: str, count: int) -> None:
    """Until the cursor waits after ``question`` (on one row or several), asked ``count``
    times."""
    def waiting() -> bool:
        rows = term.seen()
        row = rows[term.screen.cursor.y].rstrip() if term.screen.cursor.y < len(rows) else ""
        return (row.endswith(question.split(" ")[-1])
                and " ".join(rows).count(question) >= count)
    term.pump(waiting, question)


@pytest.mark.parametrize(("lang", "width"), [
    pytest.param(lang, width, marks=slow_unless((lang, width) == ("fr", 40)))
    for lang in ("en", "de", "fr") for width in (40, 80)])
def test_a_question_shares_the_news_row_only_whole_else_begins_a_row_with_the_name(
        lang: str, width: int, tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna,Jürgen", "--braille-line", "--lang", lang, "--width",
                     str(width)], tmp_path, columns=width)
    questions = [question.replace("\xa0", " ") for question in QUESTIONS[lang]]
    shared = 0
    for k, (question, typed) in enumerate(zip(questions, [*TURN, None], strict=True)):
        _wait_for_question(term, question, questions[:k + 1].count(question))
        rows = _question_rows(term, question)
        assert all(len(row) <= width for row in term.lines()), term.lines()
        if len(rows) == 1 and rows[0] != question:
            shared += 1  # the news and the whole question on the cursor's row
        if typed is not None:
            term.type(typed + "\r")
    assert shared >= 1  # the setting still does what it is for
    term.quit()


def test_in_the_sighted_mode_the_news_stands_before_the_question_in_the_order_said(
        tmp_path: Path) -> None:
    term = Terminal(["--players", "Anna,Ben", "--braille-line", "--sighted", "--width", "40",
                     "--lang", "de"], tmp_path, columns=80)
    term.wait_for("Anna, Karte?")
    opening = ["Neues Spiel für Anna und Ben.", "Ziel 6000, Standardregeln. Anna",
               "beginnt. Anna, Karte?"]
    rows = [row.rstrip() for row in term.seen()]
    assert rows[:3] == opening, rows
    term.type("300\r")
    term.wait_for("Anna, Wurf mit 6 Würfeln:")
    rows = [row.rstrip() for row in term.seen()]
    # The news is too long to share the question's row at 40 cells: it stands on the row
    # above it, before the answer is typed, never after it.
    asked = next(i for i, row in enumerate(rows) if row.startswith("Anna, Wurf mit 6 Würfeln:"))
    assert rows[asked - 1] == "Anna zieht Bonus 300.", rows
    assert rows[asked - 2] == "beginnt. Anna, Karte? 300", rows
    term.quit()


def test_in_plain_mode_a_question_row_too_long_to_type_after_begins_a_row_of_its_own(
        tmp_path: Path) -> None:
    # Plain mode leaves the terminal's abilities unread (readline sees a dumb terminal), and
    # readline scrolls a row longer than the terminal sideways: "<" and the row's end, the news
    # cut off. The question's row leaves room to type; the news stands whole before it.
    term = Terminal(["--players", "Anna,Ben", "--braille-line", "--plain"], tmp_path,
                    columns=80)
    term.wait_for_prompt("Anna, card?")
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    assert term.lines() == [
        "New game for Anna and Ben. Target 6000, standard rules. Anna begins.",
        "Anna, card? 300",
        "Anna draws Bonus 300. Anna, roll 6 dice:",
    ]
    assert "<" not in term.raw
    term.quit()


@pytest.mark.skipif(shutil.which("strace") is None,
                    reason="strace not installed (sh scripts/system-packages --required)")
@pytest.mark.parametrize("mode", [pytest.param([], id="terminal", marks=pytest.mark.slow),
                                  pytest.param(["--plain"], id="plain")])
def test_with_python_unbuffered_each_question_row_reaches_the_terminal_in_one_write(
        mode: list[str], tmp_path: Path) -> None:
    # Unbuffered (PYTHONUNBUFFERED, common in containers), readline wrote a row byte by byte,
    # and a screen reader following the terminal said "Anna, s" and then "et aside?".
    log = tmp_path / "writes.log"
    command = ["strace", "-f", "-qq", "-s", "400", "-e", "trace=write", "-e", "signal=none",
               "-o", str(log), *tutto_command()]
    term = Terminal(["--players", "Anna,Ben", "--braille-line", *mode], tmp_path, columns=100,
                    env={"PYTHONUNBUFFERED": "1"}, command=command)
    term.wait_for_prompt("Anna, card?")
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 5 2 3 4 6\r")
    term.wait_for_prompt("Anna, set aside?")
    term.quit()
    writes = log.read_text(encoding="utf-8")
    for row in ("Anna draws Bonus 300. Anna, roll 6 dice: ",
                "1, 5, 2, 3, 4, 6. Anna, set aside? "):
        assert f'write(1, "{row}", {len(row)})' in writes, writes
