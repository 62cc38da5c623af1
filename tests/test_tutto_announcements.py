"""What the table hears: the big news first, unambiguous brief lines, natural German.

The scripted games run through the real command (click's CliRunner, as the golden transcripts
do); the lines asserted are the announcements a screen reader reads and eSpeak NG says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from transcript import run_script, steps
from tutto_scripts import GAME_ONE, GAME_TWO, lines


def said_after(transcript: str, typed: list[str]) -> list[list[str]]:
    """The announcement lines after each typed line (prompts left out)."""
    _, script = steps(transcript, typed)
    return [[line for line in step.said if not line.endswith(("?", ":"))] for step in script]


def announcement(lang: str, script: list[str], db: Path, index: int, *extra: str) -> str:
    """The announcement of the ``index``-th typed line of a scripted game."""
    typed = lines(script, lang)
    said = said_after(run_script(typed, lang, db, *extra), typed)
    return said[index][0]


WIN = {"en": "Anna wins the game", "de": "Anna gewinnt das Spiel", "fr": "Anna gagne la partie"}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_cloverleaf_win_opens_its_line(lang: str, tmp_path: Path) -> None:
    line = announcement(lang, GAME_TWO, tmp_path / "g.db", len(GAME_TWO) - 1)
    assert line.startswith(WIN[lang]), line


TUTTO = {"en": "Tutto for Ben, bonus 500: turn total 1700.",
         "de": "Tutto für Ben, Bonus 500: Zugsumme 1700.",
         "fr": "Volle Lotte pour Ben, bonus 500\u00a0: total du tour 1700."}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_tutto_opens_its_line_with_the_player_and_the_turn_total(lang: str,
                                                                   tmp_path: Path) -> None:
    line = announcement(lang, GAME_ONE, tmp_path / "g.db", GAME_ONE.index("{all}", 40))
    assert line == TUTTO[lang]


def test_the_final_round_and_a_plus_minus_hit_open_their_lines(tmp_path: Path) -> None:
    typed = lines(GAME_ONE, "en")
    said = said_after(run_script(typed, "en", tmp_path / "g.db"), typed)
    plus_minus = said[GAME_ONE.index("{plusminus}") + 2][0]
    assert plus_minus.startswith("Tutto under Plus/Minus: Ben scores exactly 1000, score 1000.")
    final_round = said[len(GAME_ONE) - 2][0]
    assert final_round.startswith("Final round: Ben banks 1500 and reaches 4300."), final_round
    game_over = said[len(GAME_ONE) - 1][0]
    assert game_over.startswith("Game over: Ben wins with 4300."), game_over


BRIEF_BANK = {"en": "Score 150. Ben.", "de": "Stand 150. Ben.", "fr": "Score 150. Ben."}
BRIEF_TUTTO = {"en": "Tutto for Ben, 1700 at risk.", "de": "Tutto für Ben, 1700 auf dem Spiel.",
               "fr": "Volle Lotte pour Ben, 1700 en jeu."}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_brief_lines_say_what_a_number_is_and_whose_tutto_it_is(lang: str,
                                                                tmp_path: Path) -> None:
    typed = lines(GAME_ONE, lang)
    said = said_after(run_script(typed, lang, tmp_path / "g.db", "--verbosity", "brief"), typed)
    assert said[GAME_ONE.index("{bank}")] == [BRIEF_BANK[lang]]
    assert said[GAME_ONE.index("{all}", 40)] == [BRIEF_TUTTO[lang]]


def german(script: list[str], db: Path) -> list[list[str]]:
    typed = lines(script, "de")
    return said_after(run_script(typed, "de", db), typed)


def test_german_says_a_face_missing_from_the_roll_is_not_there(tmp_path: Path) -> None:
    said = german(["300", "5 2 3 4 6 6", "1", "5 5", "5"], tmp_path / "g.db")
    assert said[2] == ["Im Wurf 5, 2, 3, 4, 6, 6 gibt es keine 1: Lege Würfel aus diesem Wurf "
                       "heraus."]
    assert said[3] == ["Im Wurf 5, 2, 3, 4, 6, 6 gibt es nur eine 5: Lege Würfel aus diesem "
                       "Wurf heraus."]


def test_german_asks_for_the_card_in_one_sentence_with_one_colon(tmp_path: Path) -> None:
    said = german(["1 5 2 3 4 6"], tmp_path / "g.db")
    assert said[0][0].startswith("Zuerst die Karte: stopp, feuerwerk, bonus 200 bis")
    assert said[0][0].count(":") == 1


def test_german_fireworks_and_banking_use_the_words_of_the_table(tmp_path: Path) -> None:
    said = german(GAME_ONE, tmp_path / "g.db")
    everything = " ".join(line for step in said for line in step)
    assert "Feuerwerk legt 1" not in everything  # the card is not who sets aside
    assert "2, 2, 2, 2, 1, 3. Beim Feuerwerk legt Cleo 1, 2, 2, 2 für 300 " \
           "heraus, noch 2 Würfel." in everything
    assert "Niete, das Feuerwerk ist vorbei: Cleo bekommt 450, Stand 450." in everything
    # The bank is typed "aufhören", so it is announced with the same word.
    assert said[GAME_ONE.index("{bank}")] == ["Anna hört auf, Stand 150. Ben ist dran."]
    assert "schreibt" not in everything


def test_a_brief_tutto_under_fireworks_names_the_player_and_is_not_called_at_risk(
        tmp_path: Path) -> None:
    typed = ["fireworks", "2 2 2 2 1 3", "1 5"]
    said = said_after(run_script(typed, "en", tmp_path / "g.db", "--verbosity", "brief"), typed)
    # Fireworks points are banked by the Niete that ends it: nothing is at risk.
    assert said[2][0] == "Tutto for Anna under Fireworks with 1, 5: turn total 450, 6 dice again."


def brief_and_normal(typed: list[str], lang: str, tmp_path: Path) -> tuple[list[list[str]], ...]:
    """The announcements after each typed line, in brief and in normal."""
    return tuple(said_after(run_script(typed, lang, tmp_path / f"{verbosity}.db", "--verbosity",
                                       verbosity), typed)
                 for verbosity in ("brief", "normal"))


STREET_MISSING = {"en": "Still missing: 1, 3, 5, 6.", "de": "Noch offen: 1, 3, 5, 6.",
                  "fr": "Il manque encore 1, 3, 5, 6."}
STREET_DONE = {"en": "Street complete for Anna: turn total 2000.",
               "de": "Straße komplett für Anna: Zugsumme 2000.",
               "fr": "Suite complète pour Anna\u00a0: total du tour 2000."}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_brief_under_street_says_the_faces_still_missing_and_calls_a_street_a_street(
        lang: str, tmp_path: Path) -> None:
    typed = ["street", "4 4 4 4 4 2", "4 2", "1 3 5 6", "all"]
    brief, normal = brief_and_normal(typed, lang, tmp_path)
    # Points do not count under Street: "Anna 0, 4 dice" would say nothing true.
    assert brief[2] == [STREET_MISSING[lang]]
    assert normal[2][0].endswith(STREET_MISSING[lang])
    assert brief[4][0] == normal[4][0] == STREET_DONE[lang]


PLUS_MINUS_LEFT = {"en": ("4 dice left.", "1, 5 set aside, 4 dice left."),
                   "de": ("Noch 4 Würfel.", "1, 5 heraus, noch 4 Würfel."),
                   "fr": ("Reste 4 dés.", "1, 5 de côté, reste 4 dés.")}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_under_plus_minus_and_cloverleaf_a_set_aside_names_no_points_that_never_count(
        lang: str, tmp_path: Path) -> None:
    for card in ("plus-minus", "cloverleaf"):
        typed = [card, "1 5 2 3 4 6", "1 5"]
        brief, normal = brief_and_normal(typed, lang, tmp_path / card)
        assert brief[2][0] == PLUS_MINUS_LEFT[lang][0], card
        assert normal[2][0] == PLUS_MINUS_LEFT[lang][1], card
        assert "150" not in brief[2][0] + normal[2][0]


CLOVERLEAF_NIETE = {
    "en": ("Niete.", "Niete. Anna scores nothing.", "Niete, minus 1000.",
           "Niete. Anna loses 1000."),
    "de": ("Niete.", "Niete. Anna bekommt keine Punkte.", "Niete, minus 1000.",
           "Niete. Anna verliert 1000."),
    "fr": ("Rien.", "Rien. Anna ne marque aucun point.", "Rien, moins 1000.",
           "Rien. Anna perd 1000."),
}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_niete_under_cloverleaf_takes_only_the_points_that_could_have_been_banked(
        lang: str, tmp_path: Path) -> None:
    brief_nothing, normal_nothing, brief_carried, normal_carried = CLOVERLEAF_NIETE[lang]
    # The Cloverleaf as the turn's first card: its 1050 could never be banked.
    typed = ["cloverleaf", "1 1 1 5 2 3", "1 1 1 5", "2 3"]
    brief, normal = brief_and_normal(typed, lang, tmp_path / "first")
    assert brief[3][0].startswith(brief_nothing + " "), brief[3]
    assert normal[3][0].startswith(normal_nothing + " "), normal[3]
    # Drawn after a Tutto under Bonus 500 (1000 carried): only those 1000 are lost.
    typed = ["500", "2 2 2 3 3 3", "", "cloverleaf", "1 1 1 5 2 3", "1 1 1 5", "2 3"]
    brief, normal = brief_and_normal(typed, lang, tmp_path / "carried")
    assert brief[6][0].startswith(brief_carried + " "), brief[6]
    assert normal[6][0].startswith(normal_carried + " "), normal[6]


def test_the_french_score_sheet_says_a_niete_as_rien_0_point(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tutto_a11y.cli.app import cli

    db = tmp_path / "g.db"
    run_script(["300", "2 3 4 6 6 3"], "fr", db)  # Anna's Niete
    shown = CliRunner().invoke(cli, ["show", "last", "--lang", "fr", "--db", str(db)],
                               env={"TUTTO_SPEECH": None, "LANGUAGE": None})
    assert shown.exit_code == 0, shown.output
    # French takes the singular for 0, and the outcome is a word inside the sentence.
    assert "Tour 1, Anna, bonus 300\u00a0: rien, 0 point, score 0." in shown.output


#: What a final round started by the end of the Fireworks and by a Plus/Minus hit says, in
#: the order the table hears it: the cause, then the final round, then whose turn it is.
FINAL_AFTER_FIREWORKS = {
    "en": "Niete, the Fireworks are over: Anna banks 1500, score 1500. Final round: Anna has "
          "reached the target. The game ends after Cleo's turn. Ben's turn.",
    "de": "Niete, das Feuerwerk ist vorbei: Anna bekommt 1500, Stand 1500. Letzte Runde: Anna "
          "hat das Ziel erreicht. Das Spiel endet nach dem Zug von Cleo. Ben ist dran.",
    "fr": "Rien, le feu d'artifice est fini\u00a0: Anna marque 1500, score 1500. Dernier tour "
          "de table\u00a0: Anna a atteint l'objectif. La partie finit quand Cleo aura joué. "
          "À Ben.",
}
FINAL_AFTER_PLUS_MINUS = {
    "en": "Tutto under Plus/Minus: Anna scores exactly 1000, score 1000. Final round: Anna has "
          "reached the target. The game ends after Cleo's turn. Ben's turn.",
    "de": "Tutto bei Plus/Minus: Anna bekommt genau 1000, Stand 1000. Letzte Runde: Anna hat "
          "das Ziel erreicht. Das Spiel endet nach dem Zug von Cleo. Ben ist dran.",
    "fr": "Volle Lotte avec le plus ou moins\u00a0: Anna marque exactement 1000, score 1000. "
          "Dernier tour de table\u00a0: Anna a atteint l'objectif. La partie finit quand Cleo "
          "aura joué. À Ben.",
}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_final_round_is_announced_after_the_fireworks_or_plus_minus_that_started_it(
        lang: str, tmp_path: Path) -> None:
    typed = lines(["{fireworks}", "1 1 1 5 5 5", "2 3 4 6 2 3"], lang)
    said = said_after(run_script(typed, lang, tmp_path / "f.db", "--target", "1000"), typed)
    assert said[2][0] == FINAL_AFTER_FIREWORKS[lang]
    typed = lines(["{plusminus}", "1 1 1 5 5 5", ""], lang)
    said = said_after(run_script(typed, lang, tmp_path / "p.db", "--target", "1000"), typed)
    assert said[2][0] == FINAL_AFTER_PLUS_MINUS[lang]
