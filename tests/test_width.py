"""``--width 40``: a 40-cell Braille display shows whole units, never a label without its number.

The real program runs in a pseudo-terminal and the screen is read with a terminal emulator
(pyte), as a display would show it; or its plain output is read line by line, at a German and a
French table: a number stays with its noun, a field's or a card's name of several words stays
whole, and a path breaks only after a "/".
"""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pexpect
import pyte
import pytest

from conftest import printed_lines, spawn_tutto
from tutto_a11y.games.tutto.words import shown as tutto_word
from tutto_a11y.games.yatzee.messages import field_name
from tutto_a11y.games.yatzee.rules import Field
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import plain

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
    for row, following in pairwise(rows):
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


#: Games that reach sentences with numbers before nouns, fields and cards of several words.
GAMES = {
    "tutto": ["300", "1 5 2 3 4 6", "1 5", "help", "1 1 2 3", "1 1", "bank", "fireworks",
              "2 2 2 2 1 3", "1 5", "2 3 3 4 4 6", "status", "street", "4 4 4 4 4 2", "4 2",
              "help", "quit"],
    "yatzee": ["123456", "help", "small straight", "223344", "two pairs", "status", "quit"],
    "tute": ["gold", "help", "cante Ben cups", "status", "points 70 50", "scores", "quit"],
}


def _names_of_several_words(lang: str) -> list[str]:
    """The fields' and the cards' names that are more than one word in ``lang``."""
    c = Catalog(lang)
    names = [plain(field_name(field, c)) for field in Field]
    names += [tutto_word(meaning, lang) for meaning in ("card:fireworks", "card:plus-minus")]
    return [name for name in names if " " in name]


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_at_width_40_a_number_stays_with_its_noun_and_a_name_stays_whole(
        game: str, lang: str, clean_env: dict[str, str]) -> None:
    players = "Anna,Ben,Cleo" if game == "tute" else "Anna,Ben"
    rows = printed_lines(["--lang", lang, "--game", game, "--plain", "--no-speech", "--width",
                          str(WIDTH), "--verbosity", "full", "--players", players], clean_env,
                         "".join(line + "\n" for line in GAMES[game]))
    assert all(len(row) <= WIDTH for row in rows), [row for row in rows if len(row) > WIDTH]
    for row, following in pairwise(rows):
        # "noch 2" / "Würfel", "mit 10" / "Wurfbonus", "18" / "Runden": a row never ends with
        # a number that the next row's first word counts (the last of a list of faces, "zum
        # Beispiel 1 5" / "oder alle", counts nothing).
        words = row.split()
        counting = len(words) > 1 and words[-1].isdigit() and not words[-2].rstrip(",").isdigit()
        assert not (counting and following[:1].isalpha()), (row, following)
    text = "\n".join(rows)
    for name in _names_of_several_words(lang):
        if name in text.replace("\n", " "):  # "Kleine" / "Straße" would be a name cut in two
            assert name in rows_holding(rows, name), (name, text)


def rows_holding(rows: list[str], name: str) -> str:
    """The rows that hold ``name`` whole, joined: empty if it only stands across two rows."""
    return "\n".join(row for row in rows if name in row)


def test_at_width_40_a_long_path_breaks_only_after_a_slash(clean_env: dict[str, str]) -> None:
    folder = "/tmp/a-folder-of-games/with-a-rather-long-name/and-one-more"
    env = dict(clean_env, XDG_DATA_HOME=folder)
    path = folder + "/tutto-tally/games.sqlite3"
    for lang in ("de", "fr"):
        rows = printed_lines(["--lang", lang, "--width", str(WIDTH), "settings"], env)
        assert all(len(row) <= WIDTH for row in rows), rows
        start = next(i for i, row in enumerate(rows) if row.startswith("db"))
        pieces = [rows[start].split(" ")[-1]]
        for row in rows[start + 1:]:
            pieces.append(row.split(" ")[0])
            if not pieces[-1].endswith("/"):
                break
        assert all(piece.endswith("/") for piece in pieces[:-1]), rows
        assert "".join(pieces).rstrip(",") == path, rows
        assert rows[start].startswith("db") and pieces[0].startswith("/tmp/"), rows
