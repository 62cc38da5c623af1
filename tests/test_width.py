"""``--width 40``: a 40-cell Braille display shows whole units, never a label without its number.

The real program runs in a pseudo-terminal and the screen is read with a terminal emulator
(pyte), as a display would show it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pexpect
import pyte

from conftest import spawn_tutto

WIDTH = 40


def screen_lines(db: Path, args: list[str], typed: list[tuple[str, str]]) -> list[str]:
    """The announcement rows of the screen, as a terminal emulator shows them.

    ``typed`` pairs each prompt with the line typed at it; the rows holding a prompt (and the
    echo of what was typed) are left out, the rest is what the program announced.
    """
    child = spawn_tutto(["--plain", "--width", str(WIDTH), "--db", str(db), *args])
    seen = io.StringIO()
    child.logfile_read = seen
    for prompt, line in typed:
        child.expect_exact(prompt)
        child.sendline(line)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = pyte.Screen(120, 200)
    pyte.Stream(screen).feed(seen.getvalue().replace("\r\n", "\n").replace("\n", "\r\n"))
    prompts = tuple(prompt for prompt, _ in typed)
    return [row.rstrip() for row in screen.display
            if row.strip() and not row.startswith(prompts)]


def test_no_line_on_a_40_cell_display_splits_a_label_from_its_number(db: Path) -> None:
    rows = screen_lines(db, ["--lang", "en", "--players", "Anna,Ben"],
                        [("Anna, card?", "deck"), ("Anna, card?", "fireworks"),
                         ("Anna, roll 6 dice:", "bank"), ("Anna, roll 6 dice:", "quit")])
    assert all(len(row) <= WIDTH for row in rows), rows
    for row, following in zip(rows, rows[1:]):
        if following[:1].isdigit():  # only a new sentence may open a row with a number
            assert row.endswith("."), (row, following)  # not "Bonus" / "600: 5"
    text = " ".join(rows)
    for unit in ("Bonus 200: 5,", "Bonus 600: 5,", "for example 1 5 5 2 3 6."):
        assert unit in text, unit


def test_the_name_of_the_volle_lotte_rules_stays_on_one_line(db: Path) -> None:
    rows = screen_lines(db, ["--lang", "fr", "--rules", "volle-lotte", "--players",
                             "Dora,Emil,Fritz"], [("Dora, carte\u00a0?", "quitter")])
    assert all(len(row) <= WIDTH for row in rows), rows
    assert any("Volle Lotte" in row for row in rows), rows


def test_french_keeps_a_no_break_space_before_its_signs_and_no_row_opens_with_one(
        db: Path) -> None:
    rows = screen_lines(db, ["--lang", "fr", "--players", "Zoé,Léo"],
                        [("Zoé, carte\u00a0?", "aide"), ("Zoé, carte\u00a0?", "pioche"),
                         ("Zoé, carte\u00a0?", "feu"), ("Zoé, lancer de 6 dés\u00a0:", "marquer"),
                         ("Zoé, lancer de 6 dés\u00a0:", "quitter")])
    assert all(len(row) <= WIDTH for row in rows), rows
    text = " ".join(rows)
    assert "dans la pioche\u00a0: stop\u00a0: 10," in text, text  # "Il reste 56 cartes ..."
    for row in rows:
        assert row.lstrip()[:1] not in ("?", "!", ";", ":"), rows
        assert all(f" {sign}" not in row for sign in "?!;:"), row  # never an ordinary space
