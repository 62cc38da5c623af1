"""Refusals that say what is true, in words a table uses, in all three languages.

Each sentence is read from the real command (click's CliRunner, as the golden transcripts do),
after the lines typed at a real game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_tutto_announcements import said_after
from transcript import run_script
from tutto_scripts import lines

STOP_CARD_GONE = {
    "en": "There is no Stop card left in the deck: type the card that was drawn, or type deck "
          "to hear what is left.",
    "de": "Im Stapel ist keine Stopp-Karte mehr: Gib die gezogene Karte ein oder tippe stapel, "
          "um zu hören, was übrig ist.",
    "fr": "Il n'y a plus de carte stop dans la pioche\u00a0: tapez la carte tirée, ou tapez "
          "pioche pour entendre ce qui reste.",
}
CLOVERLEAF_GONE = {"en": "There is no Cloverleaf card left", "de": "Im Stapel ist keine "
                   "Kleeblattkarte mehr", "fr": "Il n'y a plus de carte trèfle dans la pioche"}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_card_no_longer_in_the_deck_is_named_as_a_card_of_its_kind(lang: str,
                                                                      tmp_path: Path) -> None:
    # Ten Stop cards end ten turns; the eleventh is refused. Then the one Cloverleaf.
    typed = lines(["{stop}"] * 11, lang)
    said = said_after(run_script(typed, lang, tmp_path / "stop.db"), typed)
    assert said[10][0] == STOP_CARD_GONE[lang]
    typed = lines(["{clover}", "2 3 4 6 6 3", "{clover}"], lang)
    said = said_after(run_script(typed, lang, tmp_path / "clover.db"), typed)
    assert said[2][0].startswith(CLOVERLEAF_GONE[lang]), said[2]


NOT_ALL_COUNT = {
    "en": ("Only three of the 4 dice showing 2 count, as three of a kind; the other one scores "
           "nothing: set aside just three of them.",
           "Only three of the 5 dice showing 2 count, as three of a kind; the other 2 score "
           "nothing: set aside just three of them.",
           "Two dice showing 2 score nothing: a 2 counts only in three of a kind. Set aside "
           "1s, 5s or three of a kind from this roll.",
           "A 3 does not score here: set aside 1s, 5s or three of a kind from this roll."),
    "de": ("Von 4 Würfeln mit der 2 zählen nur drei, als Drilling; der übrige zählt nicht: Lege "
           "nur drei davon heraus.",
           "Von 5 Würfeln mit der 2 zählen nur drei, als Drilling; die übrigen 2 zählen nicht: "
           "Lege nur drei davon heraus.",
           "Zwei Würfel mit der 2 zählen nicht: Eine 2 zählt nur im Drilling. Lege Einsen, "
           "Fünfen oder einen Drilling aus diesem Wurf heraus.",
           "Eine 3 zählt hier nicht: Lege Einsen, Fünfen oder einen Drilling aus diesem Wurf "
           "heraus."),
    "fr": ("Sur les 4 dés qui montrent un 2, seuls trois comptent, en brelan\u00a0; l'autre ne "
           "compte pas\u00a0: n'en mettez de côté que trois.",
           "Sur les 5 dés qui montrent un 2, seuls trois comptent, en brelan\u00a0; les 2 autres "
           "ne comptent pas\u00a0: n'en mettez de côté que trois.",
           "Deux dés qui montrent un 2 ne comptent pas\u00a0: un 2 ne compte que dans un brelan. "
           "Mettez de côté des 1, des 5 ou un brelan de ce lancer.",
           "Un 3 ne compte pas ici\u00a0: mettez de côté des 1, des 5 ou un brelan de ce lancer."),
}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_set_aside_with_dice_that_do_not_count_says_how_many_of_them_count(
        lang: str, tmp_path: Path) -> None:
    four, five, two, one = NOT_ALL_COUNT[lang]
    typed = ["300", "2 2 2 2 1 3", "2 2 2 2", "2 2", "2 2 2 1 3"]
    said = said_after(run_script(typed, lang, tmp_path / "four.db"), typed)
    # Four 2s: three count, so "a 2 does not count here" would not be true.
    assert said[2] == [four]
    assert said[3] == [two]
    assert said[4][0] == one
    typed = ["300", "2 2 2 2 2 3", "2 2 2 2 2"]
    said = said_after(run_script(typed, lang, tmp_path / "five.db"), typed)
    assert said[2][0] == five


FIRST_THE_CARD = {"en": "First the card: stop,", "de": "Zuerst die Karte: stopp,",
                  "fr": "D'abord la carte\u00a0: stop,"}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_digits_that_are_no_faces_where_a_card_is_asked_for_say_the_card_comes_first(
        lang: str, tmp_path: Path) -> None:
    typed = ["777777", "0", "300", "777777"]
    said = said_after(run_script(typed, lang, tmp_path / "g.db"), typed)
    assert said[0][0].startswith(FIRST_THE_CARD[lang]), said[0]
    assert said[1][0].startswith(FIRST_THE_CARD[lang]), said[1]
    # At the roll the same digits are faces that cannot be: that is what is said there.
    assert said[3][0].startswith("7 "), said[3]
