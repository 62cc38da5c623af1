"""A Tute table hears its own words: a match is a match from the first line to the last, a
player alone has no side, and a suit is written the same way wherever it stands.

Every test runs the installed program on a real games file, in German, French and English.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_tute_table import play

ALREADY = {
    "en": "Ben already made the cante in Cups in this round: each suit is announced only once.",
    "de": "Ben hat in dieser Runde schon in Kelchen gemeldet: Jede Farbe nur einmal.",
    "fr": "Ben a déjà fait l'annonce en coupes dans cette manche\u00a0: chaque couleur ne "
          "s'annonce qu'une fois.",
}
NO_TUTE_ALONE = {
    "en": "Ben has already made a cante in this round and can no longer announce Tute.",
    "de": "Ben hat in dieser Runde schon gemeldet und kann kein Tute mehr ansagen.",
    "fr": "Ben a déjà fait une annonce dans cette manche\u00a0: plus de Tute possible.",
}
NO_TUTE_SIDE = {
    "en": "Ben's side has already made a cante in this round, so it can no longer announce Tute.",
    "de": "Die Seite von Ben hat in dieser Runde schon gemeldet und kann kein Tute mehr ansagen.",
    "fr": "Ben et son camp ont déjà fait une annonce dans cette manche\u00a0: plus de Tute "
          "possible.",
}
WORDS = {"en": ("gold", "cups", "kings", "quit"), "de": ("gold", "kelche", "könige", "beenden"),
         "fr": ("deniers", "coupes", "rois", "quitter")}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_suit_announced_twice_and_a_tute_after_a_cante_are_refused_in_the_tables_words(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    gold, cups, kings, quit_word = WORDS[lang]
    cante = {"en": "cante", "de": "ansage", "fr": "annonce"}[lang]
    typed = [gold, f"{cante} Ben {cups}", f"{cante} Ben {cups}", f"tute Ben {kings}", quit_word]
    said = play(tmp_path / "two.db", clean_env, typed, "--lang", lang).stdout.splitlines()
    assert ALREADY[lang] in said
    # Two players: each is a side alone, so "Ben and his side" would be no true sentence.
    assert NO_TUTE_ALONE[lang] in said
    said = play(tmp_path / "four.db", clean_env, typed, "--lang", lang,
                players="Anna,Ben,Cleo,Dora").stdout.splitlines()
    assert NO_TUTE_SIDE[lang] in said


def test_french_writes_a_suit_in_small_letters_as_trump_and_in_a_cante_alike(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play(tmp_path / "g.db", clean_env, ["coupes", "annonce Ben coupes", "quitter"],
                "--lang", "fr").stdout
    assert "Manche 1, atout coupes." in said
    assert "Ben annonce 40 en coupes." in said
    assert "Coupes" not in said


ENDED = {"en": ("Match 1 goes on.", "The match is over and saved.", "Match saved."),
         "de": ("Partie 1 geht weiter.", "Die Partie ist aus und gespeichert.",
                "Partie gespeichert."),
         "fr": ("Le match 1 continue.", "Le match est terminé et enregistré.",
                "Match enregistré.")}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_resumed_and_a_finished_match_are_called_a_match(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    goes_on, over, saved = ENDED[lang]
    gold, _cups, _kings, quit_word = WORDS[lang]
    db = tmp_path / "g.db"
    first = play(db, clean_env, [gold, quit_word], "--lang", lang).stdout.splitlines()
    assert first[-1].startswith(saved)
    points = {"en": "points", "de": "punkte", "fr": "points"}[lang]
    resumed = play(db, clean_env, [f"{points} 70 50", "Anna", quit_word], "--lang", lang,
                   "--resume").stdout.splitlines()
    assert resumed[0].startswith(goes_on)
    assert resumed[-1] == over
