"""What the live view's page says, read over plain HTTP from the real program sharing its game.

The page as the server writes it (a reload, or a browser without JavaScript) must already be
right: the entry field only for the seat that may enter, the others told whose turn it is, a
taken-back announcement marked in the document, a device whose seat ended told why, and the
field no longer than a typed line may be. The events and the answers to a post carry what the
page's script needs to keep it so. The browser's side is in ``test_live_page_browser.py``.
"""

from __future__ import annotations

import re
import subprocess
import urllib.request
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from testbed.live_view import (
    CODE,
    SeatPhone,
    at_first_prompt,
    events,
    quit_table,
    seated_table,
    share_env,
)
from testbed.program import tutto_command
from tutto_a11y.core.contract import MAX_LINE

ANNA, BEN = "11112222", "33334444"


def seated(tmp: Path, *extra: str, lang: str = "en") -> Any:
    return seated_table(tmp, f"Anna={ANNA},Ben={BEN}", lang=lang, extra=extra)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with at_first_prompt(seated(tmp_path)) as child:
        yield child


def element(page: str, element_id: str) -> str:
    """The start tag of the element with this id."""
    found = re.search(rf'<[a-z]+ (?:for="[^"]*" )?id="{element_id}"[^>]*>', page)
    assert found, element_id
    return found.group(0)


def inner(page: str, element_id: str) -> str:
    """The markup inside the element with this id."""
    found = re.search(rf'<([a-z]+) (?:for="[^"]*" )?id="{element_id}"[^>]*>(.*?)</\1>',
                      page, re.S)
    assert found, element_id
    return found.group(2)


def text_of(page: str, element_id: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", inner(page, element_id))).replace("\u00a0", " ")


def hidden(page: str, element_id: str) -> bool:
    return " hidden" in element(page, element_id)


def play_help(lang: str, tmp: Path) -> str:
    """``play --help`` of the real program, its lines joined as one text."""
    done = subprocess.run([*tutto_command(), "--lang", lang, "play", "--help"],
                          env=share_env(tmp), capture_output=True, text=True, timeout=60,
                          check=True)
    return " ".join(done.stdout.split())


# Every test here but the help's starts the real program with its live view, half a second or
# more each: the quick run keeps the field for the seat whose turn it is, a closed seat told
# why (in French) and a taken-back announcement; the others are slow.

# -- the entry field only for the seat whose turn it is -----------------------------------------

def test_only_the_seat_whose_turn_it_is_gets_a_field_and_the_other_reads_whose_turn(
        table: Any) -> None:
    anna, ben = SeatPhone(table.url, ANNA), SeatPhone(table.url, BEN)
    assert not hidden(anna.page, "entry-field") and hidden(anna.page, "waiting")
    assert "disabled" not in element(anna.page, "line")
    assert hidden(ben.page, "entry-field") and "disabled" in element(ben.page, "line")
    assert not hidden(ben.page, "waiting")
    assert text_of(ben.page, "waiting") == \
        "It is Anna's turn: your entry field appears here on your turn."
    assert hidden(ben.page, "undo") and "disabled" in element(ben.page, "undo")
    assert anna.send("stop")["kind"] == "accepted"
    anna_now, ben_now = anna.get(), ben.get()
    assert hidden(anna_now, "entry-field")
    assert text_of(anna_now, "waiting") == \
        "It is Ben's turn: your entry field appears here on your turn."
    assert not hidden(anna_now, "undo")  # her entry is the latest: she may take it back
    assert not hidden(ben_now, "entry-field") and text_of(ben_now, "line-label") == "Ben, card?"


@pytest.mark.slow
def test_the_events_and_the_answers_say_who_enters_next(table: Any) -> None:
    anna = SeatPhone(table.url, ANNA)
    answer = anna.send("bonus 300")
    assert (answer["entering"], answer["latest_by"]) == ([0], "Anna")
    answer = anna.send("1 5 2 3 4 6")
    table.sendline("1 5")  # the scorekeeper types Anna's choice
    table.expect_exact("4 dice: roll or bank?")
    anna.sync()
    answer = anna.send("bank")
    assert (answer["entering"], answer["latest_by"], answer["prompt"]) == ([1], "Anna",
                                                                           "Ben, card?")
    assert answer["waiting"] == "It is Ben's turn: your entry field appears here on your turn."
    seen = events(table.url, None, 4, lang="de")
    assert [(e["entering"], e["latest_by"]) for e in seen] == [
        ([0], "Anna"), ([0], "Anna"), ([0], None), ([1], "Anna")]
    assert seen[-1]["waiting"] == "Ben ist dran: Dein Eingabefeld erscheint hier, wenn du " \
                                  "dran bist."
    table.sendline("undo")  # the scorekeeper takes the bank back: Anna's again, and hers
    table.expect_exact("Undone: Anna's bank.")
    undo = events(table.url, seen[-1]["event_id"], 1)[0]
    assert (undo["entering"], undo["latest_by"], undo["takes_back"]) == ([0], None, 4)


@pytest.mark.slow
def test_every_tute_player_has_a_field_until_the_match_is_over(tmp_path: Path) -> None:
    child = seated(tmp_path, "--game", "tute", "--target", "1")
    try:
        child.expect_exact("trump?")
        ben = SeatPhone(child.url, BEN)
        assert not hidden(ben.page, "entry-field")  # Anna is the hand; Ben writes all the same
        assert ben.send("gold")["entering"] == [0, 1]
        over = ben.send("points 120 0 last Anna")
        assert over["entering"] == [] and over["latest_by"] == "Ben"
        page = ben.get()
        assert hidden(page, "entry-field")
        assert text_of(page, "waiting") == "There is nothing more to enter from your device."
        assert not hidden(page, "undo")
    finally:
        quit_table(child)


@pytest.mark.slow
def test_the_field_takes_as_many_characters_as_a_typed_line(table: Any) -> None:
    anna = SeatPhone(table.url, ANNA)
    assert f'maxlength="{MAX_LINE}"' in element(anna.page, "line")


# -- a closed seat is told why ----------------------------------------------------------------

@pytest.mark.parametrize(("lang", "sentence"), [
    pytest.param("en", "Your seat was closed at the table: this device enters nothing more. "
                 "When the scorekeeper opens it again with a new code, type that code here.",
                 marks=pytest.mark.slow),
    ("fr", "Votre place a été fermée à la table : vous ne pouvez plus rien saisir sur cet "
           "appareil. Quand le marqueur la rouvrira avec un nouveau code, tapez ce code ici."),
])
def test_a_device_whose_seat_was_closed_reads_why_above_the_code_form(
        table: Any, lang: str, sentence: str) -> None:
    anna = SeatPhone(table.url, ANNA, lang=lang)
    table.sendline("seats close Anna")
    table.expect_exact("The seat of Anna is closed")
    sent = anna.send("stop")  # a page that has not heard it yet posts: told why
    assert sent["kind"] == "closed" and sent["sentence"].replace("\u00a0", " ") == sentence
    page = anna.get()  # the page reloads: the code form, the sentence above it
    assert 'id="code"' in page and 'id="entry"' not in page
    assert element(page, "problem") == '<p id="problem" role="alert">'
    assert text_of(page, "problem") == sentence
    with urllib.request.urlopen(table.url + f"?lang={lang}") as other:  # never had a seat
        assert 'role="alert"' not in other.read().decode()  # nothing to be told


# -- taken-back announcements -----------------------------------------------------------------

def test_a_taken_back_announcement_is_marked_in_the_page_in_the_viewers_language(
        tmp_path: Path) -> None:
    child = seated(tmp_path)
    try:
        child.expect_exact("Anna, card?")
        child.sendline("bonus 300")
        child.expect_exact("Anna draws Bonus 300.")
        child.sendline("undo")
        child.expect_exact("Undone: Anna's card Bonus 300.")
        # The table prints first and tells the live view a moment later: the page is read once
        # the view's stream has given both announcements.
        events(child.url, None, 2)
        for lang, mark in (("en", "Taken back:"), ("de", "Zählt nicht mehr:"),
                           ("fr", "Ne compte plus\u00a0:")):
            with urllib.request.urlopen(child.url + f"?code={CODE}&lang={lang}") as answer:
                page = answer.read().decode()
            line = inner(page, "e1")
            assert line.startswith(f'<span class="mark">{mark}</span> <del>')
            assert line.endswith("</del>") and 'class="taken-back"' in element(page, "e1")
            assert "<del>" not in inner(page, "e2")  # the undo itself stands
    finally:
        quit_table(child)


# -- the help --------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("en", "behind an access code; read-only unless --seats is given,"),
    ("de", "hinter einem Zugangscode; nur zum Lesen, außer mit --seats,"),
    ("fr", "derrière un code d'accès ; en lecture seule sauf avec --seats,"),
])
def test_the_help_of_share_says_read_only_only_without_seats(tmp_path: Path, lang: str,
                                                             words: str) -> None:
    text = play_help(lang, tmp_path)
    assert words in text.replace("\u00a0", " ")
