"""Braille on paper: score sheets and card labels, read back with liblouis and measured.

Games are played through the real program into real games files, exported by the real program
(``export --format brf|txt-braille``, ``labels``), and the paper is then checked as a Braille
reader and an embosser would meet it: the page geometry (cells a line, lines a page, CR LF, form
feeds, the SVG's millimetres) and the content, read back into print by liblouis's
back-translation in the same table. What must come back: the players' names, the final scores,
the winners and every card.

liblouis 3.24 cannot read back some of its own German contracted (grade 2) Braille ("Bonus 300"
comes back as "bonwurds en00", the number sign before a 1 as "all"). There the tests check what
holds all the same: German contracted Braille writes numbers exactly as uncontracted Braille, so
numbers are read back with the grade 1 table after checking that their cells are the same; and
every card's label is liblouis's own contracted form of the card's name, distinct from every
other card's.
"""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import Finished, tutto_command
from table_harness import run_program
from tutto_a11y.braille import svg as dims
from tutto_a11y.braille.binding import louis
from tutto_a11y.cli.app import cli
from tutto_scripts import GAME_ONE, GAME_TWO, lines
from yatzee_scripts import GERMAN_THREE, lines as yatzee_lines

LANGS = ("en", "de", "fr")
GRADES = (1, 2)
#: Names liblouis reads back in every table, German contracted Braille included.
PLAYERS = "Ben,Otto,Ole"
#: The number sign of each language's Braille: dots 3456 in UEB and German, dot 6 in French.
NUMBER_SIGN = {"en": 0b111100, "de": 0b111100, "fr": 0b100000}
TUTE_MATCH = ["cups", "cante Ben cups", "points 70 50", "last Otto", "gold",
              "tute Ben kings"]


def play(db: Path, game: str, lang: str, players: str, typed: list[str], *extra: str) -> None:
    """A whole game typed at the real table (in-process, plain lines) into a real games file."""
    args = ["--game", game, "--lang", lang, "--plain", "--no-speech", "--players", players,
            "--db", str(db), *extra]
    result = CliRunner().invoke(cli, args, input="".join(line + "\n" for line in typed),
                                env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One finished game of each kind, each in its own games file."""
    folder = tmp_path_factory.mktemp("braille-games")
    files = {kind: folder / f"{kind}.sqlite3" for kind in ("tutto", "yatzee", "tute")}
    play(files["tutto"], "tutto", "en", PLAYERS, lines(GAME_ONE, "en"), "--target", "4000")
    play(files["yatzee"], "yatzee", "de", PLAYERS, yatzee_lines(GERMAN_THREE))
    play(files["tute"], "tute", "en", "Ben,Otto", TUTE_MATCH, "--target", "2")
    return files


def program(args: list[str], env: dict[str, str], *, real: bool = False) -> Finished:
    """The program's output decoded as it is, CR LF and form feeds untouched: run in the test's
    process (``tests/table_harness.py``), or with ``real`` as a process of its own (what only
    a new process shows: its stdout's bytes, and a liblouis it has not loaded yet)."""
    if real:
        raw = subprocess.run([*tutto_command(), *args], capture_output=True, env=env,
                             timeout=60)
        result: Finished = subprocess.CompletedProcess(
            raw.args, raw.returncode, raw.stdout.decode("utf-8"), raw.stderr.decode("utf-8"))
    else:
        result = run_program(args, env)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def exported(db: Path, env: dict[str, str], *args: str, real: bool = False) -> str:
    result = program(["export", "1", "--db", str(db), *args], env, real=real)
    assert result.returncode == 0, result.stderr
    return result.stdout


# -- reading paper back --------------------------------------------------------------------

def brf_cells() -> dict[str, int]:
    engine = louis()
    return {engine.brf((cell,)): cell for cell in range(64)}


def pages_of(brf: str) -> list[list[str]]:
    """BRF as pages of lines, checking the embosser's framing on the way: every line ends with
    CR LF, every page with a form feed, and nothing else is there."""
    assert brf.endswith("\f"), repr(brf[-10:])
    pages = []
    for page in brf[:-1].split("\f"):
        assert page.endswith("\r\n"), repr(page[-10:])
        body = page[:-2].split("\r\n")
        assert all("\n" not in line and "\r" not in line for line in body)
        pages.append(body)
    return pages


def page_numbers(pages: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """The pages without their Braille page numbers, and the numbers as written. A sheet of
    more than one page has its number on every page at the right end of the last line, after
    at least three blank cells; a sheet of one page has none."""
    if len(pages) < 2:
        return pages, []
    bodies: list[list[str]] = []
    numbers: list[str] = []
    for page in pages:
        *body, last = page
        found = re.fullmatch(r"(.*?) {3,}(\S+)", last)
        assert found, (len(bodies) + 1, last)
        bodies.append([*body, found.group(1)] if found.group(1) else body)
        numbers.append(found.group(2))
    return bodies, numbers


def paragraphs_of(pages: list[list[str]], cells: dict[str, int]) -> list[tuple[int, ...]]:
    """The cells of each paragraph: a line indented by two blank cells runs over from the one
    before, a blank line separates paragraphs (labels); page numbers are left out."""
    paragraphs: list[list[int]] = []
    fresh = True
    for line in (line for page in page_numbers(pages)[0] for line in page):
        if not line:
            fresh = True
            continue
        row = [cells[ch] for ch in line]
        if line.startswith("  ") and paragraphs and not fresh:
            paragraphs[-1] += [0, *row[2:]]
        else:
            paragraphs.append(row)
        fresh = False
    return [tuple(p) for p in paragraphs]


def read(paragraph: tuple[int, ...], lang: str, grade: int) -> str:
    return louis().back(paragraph, lang, grade).casefold()


def numbers_read(paragraph: tuple[int, ...], lang: str, grade: int) -> str:
    """A paragraph read for its numbers. In German contracted Braille each number (the number
    sign and the digits after it) is read alone with the grade 1 table, whose numbers are the
    same cells: the words between them are left out, as grade 1 would misread them."""
    if (lang, grade) != ("de", 2):
        return read(paragraph, lang, grade)
    sign = NUMBER_SIGN["de"]
    digits = {louis().cells(str(d), "de", 1)[1] for d in range(10)}
    numbers, i = [], 0
    while i < len(paragraph):
        if paragraph[i] == sign:
            end = i + 1
            while end < len(paragraph) and paragraph[end] in digits:
                end += 1
            numbers.append(read(paragraph[i:end], "de", 1))
            i = end
        else:
            i += 1
    return " ".join(numbers)


def _contains(cells: tuple[int, ...], part: tuple[int, ...]) -> bool:
    return any(cells[i:i + len(part)] == part for i in range(len(cells) - len(part) + 1))


def check_geometry(pages: list[list[str]], width: int, height: int) -> None:
    assert all(len(page) <= height for page in pages), [len(p) for p in pages]
    assert all(len(line) <= width for page in pages for line in page)
    assert all(" " <= ch <= "_" for page in pages for line in page for ch in line)


def standings(kind: str, data: dict[str, Any]) -> tuple[list[str], list[tuple[str, int]]]:
    """The winners' names and every player's (or side's) final score, highest first, from
    the JSON export of the same game."""
    if kind == "tute":
        scores = [(" ".join(side["players"]), side["games"]) for side in data["sides"]]
    else:
        scores = [(p["name"], p["score"]) for p in data["players"]]
    return data["winners"], sorted(scores, key=lambda pair: -pair[1])


# -- score sheets -----------------------------------------------------------------------------

@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ("tutto", "yatzee", "tute"))
def test_a_brf_score_sheet_reads_back_the_winner_and_the_final_scores_first_one_a_line(
        kind: str, lang: str, grade: int, games: dict[str, Path],
        clean_env: dict[str, str]) -> None:
    db = games[kind]
    brf = exported(db, clean_env, "--format", "brf", "--lang", lang,
                   "--braille-grade", str(grade))
    pages = pages_of(brf)
    check_geometry(pages, 40, 25)
    paragraphs = paragraphs_of(pages, brf_cells())
    winners, scores = standings(kind, json.loads(exported(db, clean_env, "--format", "json")))
    assert winners
    # The game's line, the winner, the heading of the scores, then one line a player or side.
    winner_line = read(paragraphs[1], lang, grade)
    assert all(name.casefold() in winner_line for name in winners), winner_line
    for paragraph, (name, score) in zip(paragraphs[3:3 + len(scores)], scores, strict=True):
        assert all(part.casefold() in read(paragraph, lang, grade) for part in name.split())
        assert re.findall(r"\d+", numbers_read(paragraph, lang, grade)) == [str(score)]
        number = louis().cells(str(score), lang, grade)
        assert number[0] == NUMBER_SIGN[lang] and _contains(paragraph, number)  # number sign


@pytest.mark.parametrize("lang", LANGS)
def test_the_unicode_braille_sheet_is_the_same_cells_as_the_brf(
        lang: str, games: dict[str, Path], clean_env: dict[str, str]) -> None:
    brf = exported(games["tutto"], clean_env, "--format", "brf", "--lang", lang)
    text = exported(games["tutto"], clean_env, "--format", "txt-braille", "--lang", lang)
    cells = brf_cells()
    as_brf = [[[cells[ch] for ch in line] for line in page] for page in pages_of(brf)]
    as_unicode = [[[ord(ch) - 0x2800 for ch in line] for line in page.split("\n")[:-1]]
                  for page in text[:-1].split("\f")]
    assert as_unicode == as_brf
    assert all(0x2800 <= ord(ch) <= 0x283F for ch in text if ch not in "\n\f")


def test_a_narrow_page_keeps_its_cells_and_lines_and_still_reads_back(
        games: dict[str, Path], clean_env: dict[str, str]) -> None:
    brf = exported(games["tutto"], clean_env, "--format", "brf", "--lang", "en",
                   "--cells", "16", "--lines", "6")
    pages = pages_of(brf)
    check_geometry(pages, 16, 6)
    assert len(pages) > 10
    runovers = [line for page in page_numbers(pages)[0] for line in page
                if line.startswith("  ")]
    assert runovers and all(not line.startswith("   ") for line in runovers)
    paragraphs = paragraphs_of(pages, brf_cells())
    assert "otto" in read(paragraphs[1], "en", 2)  # the winner
    wide = paragraphs_of(pages_of(exported(games["tutto"], clean_env, "--format", "brf",
                                           "--lang", "en")), brf_cells())
    assert [read(p, "en", 2) for p in paragraphs] == [read(p, "en", 2) for p in wide]


def sheet_cells(text: str, fmt: str) -> list[list[tuple[int, ...]]]:
    """An exported sheet as pages of lines of cells, BRF or Unicode Braille alike."""
    if fmt == "brf":
        cells = brf_cells()
        return [[tuple(cells[ch] for ch in line) for line in page] for page in pages_of(text)]
    assert text.endswith("\f")
    return [[tuple(ord(ch) - 0x2800 for ch in line) for line in page.split("\n")[:-1]]
            for page in text[:-1].split("\f")]


@pytest.mark.parametrize("fmt", ("brf", "txt-braille"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_sheet_of_more_than_one_page_carries_its_braille_page_number_on_every_page(
        lang: str, fmt: str, games: dict[str, Path], clean_env: dict[str, str]) -> None:
    # 30 by 12, and the smallest page there is, 12 by 4 (two-digit page numbers).
    for width, height in ((30, 12), (12, 4)):
        page_size = ("--lang", lang, "--cells", str(width), "--lines", str(height))
        text = exported(games["tutto"], clean_env, "--format", fmt, *page_size)
        pages = sheet_cells(text, fmt)
        assert len(pages) > 2
        for number, page in enumerate(pages, start=1):
            # The number sign and the digits, as liblouis writes them in this language's
            # Braille, at the right end of the last line, three blank cells at least before it.
            sign = louis().cells(str(number), lang, 2)
            assert sign[0] == NUMBER_SIGN[lang] and len(page) == height, (number, len(page))
            last = page[-1]
            assert len(last) == width and last[-len(sign):] == sign, (number, last)
            assert last[-len(sign) - 3:-len(sign)] == (0, 0, 0)
            assert all(len(line) <= width for line in page)
        if width == 30:  # text shares the last line with the number where it fits
            assert any(any(page[-1][:-6]) for page in pages)
        # Nothing was written over: the paragraphs read as on the longest page there is.
        whole = exported(games["tutto"], clean_env, "--format", "brf", "--lang", lang,
                         "--cells", str(width), "--lines", "100")
        numbered = exported(games["tutto"], clean_env, "--format", "brf", *page_size)
        assert paragraphs_of(pages_of(numbered), brf_cells()) == \
            paragraphs_of(pages_of(whole), brf_cells())
        assert [row for page in sheet_cells(numbered, "brf") for row in page] == \
            [row for page in pages for row in page]  # BRF and Unicode Braille: same cells


def test_a_line_too_long_beside_the_page_number_is_cut_at_a_blank_and_runs_over() -> None:
    from tutto_a11y.braille.pages import Layout, paginate

    word, gap, indent = (7, 8, 9), (0,), (0, 0)
    paragraph = (*word, *gap) * 13 + word  # 14 words of three cells: five lines of 16 cells
    pages = paginate([paragraph], Layout(cells=16, lines=4), numbers=lambda n: (60, n))
    assert [len(page) for page in pages] == [4, 4]
    three = (*word, *gap, *word, *gap, *word)
    assert pages[0][:3] == [(*word, *gap) * 3 + word, indent + three, indent + three]
    # The fourth line (13 cells) leaves no room for 3 blank cells and the 2 cells of the
    # number: it keeps two words, its third runs over to the next page before the fifth line.
    assert pages[0][3] == indent + (*word, *gap, *word) + gap * 5 + (60, 1)
    assert pages[1] == [indent + word, indent + word, (), gap * 14 + (60, 2)]
    cells = [cell for page in pages for line in page for cell in line if cell in word]
    assert len(cells) == 14 * 3  # every cell of the paragraph is there, none written over


def test_a_sheet_of_one_page_has_no_page_number(tmp_path: Path,
                                                clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.sqlite3"
    play(db, "tutto", "en", PLAYERS, ["stop"])
    # The real program: the CR LF and form feeds as its own stdout writes them into a pipe.
    pages = pages_of(exported(db, clean_env, "--format", "brf", real=True))
    assert len(pages) == 1 and len(pages[0]) < 25
    assert not any(line.endswith("#A") for line in pages[0])


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_of_labels_is_numbered_on_a_line_of_its_own(
        lang: str, clean_env: dict[str, str]) -> None:
    result = program(["labels", "--lang", lang], clean_env)
    assert result.returncode == 0, result.stderr
    pages = sheet_cells(result.stdout, "brf")
    assert len(pages) > 1
    for number, page in enumerate(pages, start=1):
        sign = louis().cells(str(number), lang, 2)
        assert len(page) == 25 and page[-1] == (0,) * (40 - len(sign)) + sign
        assert not any(page[-2])  # a blank line between the last label and the number


def test_a_running_game_names_no_winner_and_gives_the_scores_so_far(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.sqlite3"
    play(db, "tutto", "en", PLAYERS, lines(GAME_ONE, "en")[:11])  # three turns, then stop
    data = json.loads(exported(db, clean_env, "--format", "json"))
    assert data["status"] == "running"
    paragraphs = paragraphs_of(pages_of(exported(db, clean_env, "--format", "brf")),
                               brf_cells())
    said = [read(p, "en", 2) for p in paragraphs]
    assert said[0].endswith("running.") and said[1] == "scores so far:"
    _winners, scores = standings("tutto", data)
    assert said[2:5] == [f"{name.casefold()} {score}" for name, score in scores]
    assert said[5] == "turns:" and len(said) == 6 + len(data["turns"]) == 9


@pytest.mark.parametrize("lang", LANGS)
def test_a_tute_sheet_at_four_gives_each_side_of_two_a_line_of_its_own(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.sqlite3"
    play(db, "tute", "en", "Ben,Otto,Ole,Max",
         ["swords", "cante Otto clubs", "points 64 56 last Ben"])
    said = [read(p, lang, 1) for p in paragraphs_of(pages_of(exported(
        db, clean_env, "--format", "brf", "--lang", lang, "--braille-grade", "1")), brf_cells())]
    and_word = {"en": "and", "de": "und", "fr": "et"}[lang]
    # 64 + 10 for the last trick against 56 + Otto's cante of 20: Otto and Max win.
    assert said[1].endswith(f"otto {and_word} max.")  # the winning side
    assert said[3].startswith(f"otto {and_word} max: 1 ")  # the games won, most first
    assert said[4].startswith(f"ben {and_word} ole: 0 ")
    assert said[5].endswith(":") and len(said) == 7  # the rounds: one


@pytest.mark.parametrize("lang", LANGS)
def test_the_tutto_sheet_has_every_turn_on_a_line_of_its_own(
        lang: str, games: dict[str, Path], clean_env: dict[str, str]) -> None:
    data = json.loads(exported(games["tutto"], clean_env, "--format", "json"))
    paragraphs = paragraphs_of(pages_of(exported(games["tutto"], clean_env, "--format", "brf",
                                                 "--lang", lang, "--braille-grade", "1")),
                               brf_cells())
    turns = paragraphs[-len(data["turns"]):]
    for number, (paragraph, turn) in enumerate(zip(turns, data["turns"], strict=True), start=1):
        said = read(paragraph, lang, 1)
        assert turn["player"].casefold() in said
        assert re.findall(r"\d+", said)[0] == str(number)


@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_yatzee_sheet_reads_one_field_a_line_with_every_players_value(
        lang: str, grade: int, games: dict[str, Path], clean_env: dict[str, str]) -> None:
    data = json.loads(exported(games["yatzee"], clean_env, "--format", "json"))
    paragraphs = paragraphs_of(pages_of(exported(games["yatzee"], clean_env, "--format", "brf",
                                                 "--lang", lang, "--braille-grade",
                                                 str(grade))), brf_cells())
    fields = paragraphs[-21:]  # 6 upper fields, upper sum, bonus, 12 lower fields, total
    order = list(data["players"][0]["fields"])
    upper, lower = order[:6], order[6:]
    expected = [[p["fields"][f] for p in data["players"]] for f in upper]
    expected += [[p["upper"] for p in data["players"]], [p["bonus"] for p in data["players"]]]
    expected += [[p["fields"][f] for p in data["players"]] for f in lower]
    expected += [[p["score"] for p in data["players"]]]
    for paragraph, values in zip(fields, expected, strict=True):
        said = numbers_read(paragraph, lang, grade)
        assert all(p["name"].casefold() in read(paragraph, lang, grade)
                   for p in data["players"])
        assert [int(n) for n in re.findall(r"\d+", said)][-3:] == values


def test_names_with_accents_and_signs_outside_the_table_come_out_readable(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.sqlite3"
    play(db, "tutto", "en", "Zoë,Jürgen,Łukasz😀,Ørjan", lines(GAME_TWO, "en"))
    for lang in LANGS:
        for grade in GRADES:
            brf = exported(db, clean_env, "--format", "brf", "--lang", lang,
                           "--braille-grade", str(grade))
            paragraphs = paragraphs_of(pages_of(brf), brf_cells())
            said = " ".join(louis().back(p, lang, grade) for p in paragraphs)
            assert "\\x" not in said and "1f600" not in said.casefold(), (lang, grade, said)
            if grade == 1:  # uncontracted: no unknown sign, the letters of every name come back
                assert "?" not in said, (lang, grade, said)
                assert all(part in said.casefold() for part in ("zo", "rgen", "ukasz", "rjan"))


# -- labels -----------------------------------------------------------------------------------

def labels(env: dict[str, str], *args: str) -> list[tuple[int, ...]]:
    result = program(["labels", *args], env)
    assert result.returncode == 0, result.stderr
    pages = pages_of(result.stdout)
    check_geometry(pages, 40, 25)
    return paragraphs_of(pages, brf_cells())


def check_labels(found: list[tuple[int, ...]], names: list[str], lang: str, grade: int) -> None:
    """Each label reads back as its card; in German contracted Braille (which liblouis does
    not read back), each is liblouis's own form of the card and no two cards feel alike."""
    assert len(found) == len(names)
    if (lang, grade) == ("de", 2):
        assert found == [louis().cells(name, lang, grade) for name in names]
        assert len(set(found)) == len(set(names))
    else:
        assert [read(label, lang, grade) for label in found] == [n.casefold() for n in names]


TUTTO_CARDS = {
    "en": ["Stop", "Fireworks", "Bonus 200", "Bonus 300", "Bonus 400", "Bonus 500", "Bonus 600",
           "x2", "Plus/Minus", "Street", "Cloverleaf"],
    "de": ["Stopp", "Feuerwerk", "Bonus 200", "Bonus 300", "Bonus 400", "Bonus 500",
           "Bonus 600", "x2", "Plus/Minus", "Straße", "Kleeblatt"],
    "fr": ["stop", "feu d'artifice", "bonus 200", "bonus 300", "bonus 400", "bonus 500",
           "bonus 600", "double", "plus ou moins", "suite", "trèfle"],
}
#: The deck of Tutto: 10 Stop, 5 of every other card, 1 Cloverleaf; 56 in all.
DECK = [10, 5, 5, 5, 5, 5, 5, 5, 5, 5, 1]


@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_56_card_tutto_deck_has_a_label_that_reads_back(
        lang: str, grade: int, clean_env: dict[str, str]) -> None:
    found = labels(clean_env, "--lang", lang, "--braille-grade", str(grade))
    result = program(["labels", "--lang", lang, "--braille-grade", str(grade)], clean_env)
    for page in page_numbers(pages_of(result.stdout))[0]:  # a label a line, a blank between
        while not page[-1]:
            page.pop()
        assert all(page[0::2]) and not any(page[1::2]) and len(page) % 2 == 1
    deck = [name for name, count in zip(TUTTO_CARDS[lang], DECK, strict=True) for _ in range(count)]
    assert len(deck) == 56
    check_labels(found, deck, lang, grade)
    assert Counter(found)[louis().cells(TUTTO_CARDS[lang][-1], lang, grade)] == 1


TUTE = {
    "en": ("{rank} of {suit}", ["Gold", "Cups", "Swords", "Clubs"],
           ["Ace", "2", "3", "4", "5", "6", "7", "Jack", "Knight", "King"]),
    "de": ("{suit}: {rank}", ["Gold", "Kelche", "Schwerter", "Keulen"],
           ["Ass", "2", "3", "4", "5", "6", "7", "Bube", "Reiter", "König"]),
    "fr": ("{rank} de {suit}", ["deniers", "coupes", "épées", "bâtons"],
           ["As", "2", "3", "4", "5", "6", "7", "Valet", "Cavalier", "Roi"]),
}


@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_40_cards_of_the_spanish_deck_each_have_a_label_with_suit_and_rank(
        lang: str, grade: int, clean_env: dict[str, str]) -> None:
    found = labels(clean_env, "--game", "tute", "--lang", lang, "--braille-grade", str(grade))
    pattern, suits, ranks = TUTE[lang]
    names = [pattern.format(rank=rank, suit=suit) for suit in suits for rank in ranks]
    assert len(set(names)) == 40
    check_labels(found, names, lang, grade)


@pytest.mark.parametrize("lang", LANGS)
def test_the_yatzee_reference_card_names_the_18_fields_and_what_each_scores(
        lang: str, clean_env: dict[str, str]) -> None:
    found = [read(label, lang, 1)
             for label in labels(clean_env, "--game", "yatzee", "--lang", lang,
                                 "--braille-grade", "1")]
    fields = {"en": ["ones", "twos", "threes", "fours", "fives", "sixes", "one pair",
                     "two pairs", "three pairs", "three of a kind", "four of a kind",
                     "two triples", "small straight", "large straight", "royal", "house",
                     "chance", "yatzee"],
              "de": ["einsen", "zweien", "dreien", "vieren", "fünfen", "sechsen"],
              "fr": ["as", "deux", "trois", "quatre", "cinq", "six"]}[lang]
    assert len(found) == 20  # the 18 fields, the bonus and the throw bonus
    for label, field in zip(found, fields, strict=False):  # in German and French the first six
        assert label.startswith(field + ":"), (label, field)
    for label, face in zip(found[:6], range(1, 7), strict=True):
        assert str(face) in label
    assert "15" in found[12] and "20" in found[13] and "30" in found[14]
    assert "50" in found[17] and "84" in found[18]


# -- swell paper ------------------------------------------------------------------------------

def _attribute(element: ET.Element, name: str) -> str:
    """An attribute the SVG always writes on this element."""
    value = element.get(name)
    assert value is not None, name
    return value


def svg_labels(svg: str) -> tuple[ET.Element, list[tuple[float, float, list[Any], str, float]]]:
    """The SVG's labels: where each sits on the sheet, its dots, its print text and where
    the print's first line stands in the label."""
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    found = []
    for page in root.findall("s:g", ns):
        page_y = float(_attribute(page, "transform").split()[1].rstrip(")"))
        for group in page.findall("s:g", ns):
            x, y = (float(v) for v in _attribute(group, "transform")[10:-1].split())
            dots = [(float(_attribute(c, "cx")), float(_attribute(c, "cy")),
                     float(_attribute(c, "r")))
                    for c in group.findall("s:circle", ns)]
            text = " ".join(t.text or "" for t in group.findall("s:text", ns))
            below = min(float(_attribute(t, "y")) for t in group.findall("s:text", ns))
            found.append((x, page_y + y, dots, text, below))
    return root, found


def cells_from_dots(dots: list[Any]) -> list[tuple[int, ...]]:
    """Dots measured back into cells: every dot must sit on the standard grid (2.5 mm within
    a cell, 6 mm from cell to cell, 10 mm from line to line)."""
    lines: dict[int, dict[int, int]] = {}
    for x, y, _r in dots:
        column, dx = divmod(round((x - dims.PADDING) * 100), 600)
        row, dy = divmod(round((y - dims.PADDING) * 100), 1000)
        assert dx in (0, 250) and dy in (0, 250, 500), (x, y)
        dot = (dx // 250) * 3 + dy // 250
        cells = lines.setdefault(row, {})
        cells[column] = cells.get(column, 0) | (1 << dot)
    return [tuple(cells.get(i, 0) for i in range(max(cells) + 1))
            for _row, cells in sorted(lines.items())]


@pytest.mark.parametrize("lang", LANGS)
def test_svg_labels_are_raised_dots_of_standard_size_on_a4_that_read_back_as_the_cards(
        lang: str, clean_env: dict[str, str]) -> None:
    result = program(["labels", "--format", "svg", "--lang", lang, "--braille-grade", "1"],
                     clean_env)
    assert result.returncode == 0, result.stderr
    root, found = svg_labels(result.stdout)
    pages = len(root.findall("{http://www.w3.org/2000/svg}g"))
    assert root.get("width") == "210mm" and root.get("height") == f"{297 * pages}mm"
    assert root.get("viewBox") == f"0 0 210 {297 * pages}"
    deck = [name for name, count in zip(TUTTO_CARDS[lang], DECK, strict=True) for _ in range(count)]
    assert [label[3] for label in found] == deck  # the print under each label
    for (x, y, dots, _text, below), name in zip(found, deck, strict=True):
        assert all(r * 2 == dims.DOT_DIAMETER == 1.5 for _x, _y, r in dots)
        page_top = (y // 297) * 297
        assert 10 <= x and all(x + cx <= 200 for cx, _cy, _r in dots)
        assert 10 <= y - page_top and all(y - page_top + cy <= 287 for _cx, cy, _r in dots)
        assert below > max(cy for _cx, cy, _r in dots) + 2  # the print is beneath the dots
        lines = cells_from_dots(dots)
        said = read(tuple(c for line in lines for c in (*line, 0))[:-1], lang, 1)
        assert said == name.casefold()
    # The two nearest dots of a cell are 2.5 mm apart; the next cell starts 6 mm on.
    dots = found[0][2]
    xs = sorted({cx for cx, _cy, _r in dots})
    assert min(b - a for a, b in pairwise(xs)) == pytest.approx(2.5)
    assert any(b - a == pytest.approx(6.0) or b - a == pytest.approx(3.5)
               for a, b in pairwise(xs))


# -- without liblouis, and at the table ---------------------------------------------------------

def test_without_liblouis_brf_and_labels_say_in_one_sentence_what_to_install(
        games: dict[str, Path], clean_env: dict[str, str], tmp_path: Path) -> None:
    env = dict(clean_env, TUTTO_LIBLOUIS=str(tmp_path / "liblouis.so.20"))
    for args in (["export", "1", "--format", "brf", "--db", str(games["tutto"])],
                 ["export", "1", "--format", "txt-braille", "--db", str(games["tute"])],
                 ["labels"], ["labels", "--format", "svg", "--game", "tute"]):
        result = program(args, env, real=True)  # a process that has not loaded liblouis
        assert result.returncode == 2 and result.stdout == ""
        said = result.stderr.strip().splitlines()
        assert said == ["Braille needs liblouis, which is not installed: on Debian or Ubuntu "
                        "install the packages liblouis-bin and liblouis-data."]
    german = program(["labels", "--lang", "de"], env, real=True).stderr
    assert "liblouis-bin" in german and "Installiere" in german
    # Nothing else changes: the other exports work as before.
    assert json.loads(exported(games["tutto"], env, "--format", "json", real=True)
                      )["status"] == "finished"


@pytest.mark.parametrize("lang,help_word", [("en", "help"), ("de", "hilfe"), ("fr", "aide")])
def test_help_at_game_over_offers_the_score_sheet_in_braille(
        lang: str, help_word: str, tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    typed = lines(GAME_TWO, lang) + [help_word]
    result = CliRunner().invoke(cli, ["--lang", lang, "--plain", "--no-speech", "--players",
                                      PLAYERS, "--db", str(db)],
                                input="".join(line + "\n" for line in typed),
                                env={"TUTTO_SPEECH": None, "LANGUAGE": None,
                                     "TUTTO_GAME": None})
    assert result.exit_code == 0, result.output
    last_help = [line for line in result.output.splitlines() if "--format brf" in line]
    assert len(last_help) == 1
    assert "tutto-tally export 1 --format md" in last_help[0]
