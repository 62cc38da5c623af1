"""Whole games as a user types them, in English, German and French.

The same scripted games run through click's CliRunner (compared with golden transcripts) and
through a real pseudo-terminal with pexpect, which must print the very same sentences.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import transcript
from transcript import golden, replay_in_terminal, run_script
from tutto_scripts import GAME_ONE, GAME_TWO, lines

LANGS = ("en", "de", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_with_every_card_matches_its_golden_transcript(lang: str,
                                                                    tmp_path: Path) -> None:
    typed = lines(GAME_ONE, lang)
    transcript = run_script(typed, lang, tmp_path / "g.db")
    assert transcript == golden(f"game_one_{lang}.txt", transcript)


@pytest.mark.parametrize("lang", LANGS)
def test_a_cloverleaf_game_matches_its_golden_transcript(lang: str, tmp_path: Path) -> None:
    typed = lines(GAME_TWO, lang)
    transcript = run_script(typed, lang, tmp_path / "g.db")
    assert transcript == golden(f"game_two_{lang}.txt", transcript)


def test_a_missing_golden_transcript_fails_and_is_not_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TUTTO_UPDATE_GOLDEN", raising=False)
    monkeypatch.setattr(transcript, "GOLDEN", tmp_path)
    with pytest.raises(AssertionError):
        golden("game_three_en.txt", "Anna draws Bonus 300.\n")
    assert not (tmp_path / "game_three_en.txt").exists()


def test_only_an_explicit_update_writes_a_golden_transcript(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTTO_UPDATE_GOLDEN", "1")
    monkeypatch.setattr(transcript, "GOLDEN", tmp_path)
    assert golden("game_three_en.txt", "Anna draws Bonus 300.\n") == "Anna draws Bonus 300.\n"
    assert (tmp_path / "game_three_en.txt").read_text(encoding="utf-8") == \
        "Anna draws Bonus 300.\n"


FACTS = {
    # The facts a table must hear, checked apart from the golden files.
    "en": ["Anna banks, score 150. Ben's turn.",
           "Stop. Ben scores nothing this turn. Cleo's turn.",
           "Niete, the Fireworks are over: Cleo banks 450, score 450. Anna's turn.",
           "Street complete for Anna: turn total 2000.",
           "Tutto under Plus/Minus: Ben scores exactly 1000, score 1000. Anna loses 1000, "
           "score 1150.",
           "Undone: Cleo's bank.",
           "Final round: Ben banks 1500 and reaches 4300. The game ends after Cleo's turn.",
           "Game over: Ben wins with 4300.",
           "Final scores: Ben 4300, Anna 2950, Cleo 1500. Cleo buys the next round."],
    "de": ["Anna hört auf, Stand 150", "Ben ist dran", "Niete", "Straße", "Plus/Minus", "4300",
           "Cleo", "Letzte Runde: Ben hört mit 1500 auf und erreicht 4300.",
           "zum Beispiel 1 5 oder alle oder eine leere Zeile für 5."],
    "fr": ["Anna passe à 150", "À Ben.", "Anna, carte\u00a0?", "1, 5 pour 150, reste 4 dés.",
           "Rien", "suite", "plus ou moins", "4300", "Cleo"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_hears_every_score_change_in_its_language(lang: str, tmp_path: Path) -> None:
    transcript = run_script(lines(GAME_ONE, lang), lang, tmp_path / "g.db")
    for fact in FACTS[lang]:
        assert fact in transcript
    assert "Traceback" not in transcript


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_a_screen_reader_user_in_a_real_terminal_hears_the_same_game(lang: str,
                                                                   tmp_path: Path) -> None:
    typed = lines(GAME_ONE, lang)
    transcript = golden(f"game_one_{lang}.txt", run_script(typed, lang, tmp_path / "g.db"))
    replay_in_terminal(["--lang", lang, "--plain", "--players", "Anna,Ben,Cleo", "--target",
                         "4000", "--db", str(tmp_path / "pty.db")], transcript, typed)
