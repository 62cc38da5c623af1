"""What eSpeak NG is given: the printed sentence, in the form it reads quickly and clearly."""

from __future__ import annotations

import pytest

from tutto_a11y.speech.spoken import spoken


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_faces_of_a_roll_are_said_without_a_pause_after_each_comma(lang: str) -> None:
    # Each comma is a pause of about a quarter second: over a second for six faces.
    assert spoken("Anna rolls 1, 5, 2, 3, 4, 6.", lang) == "Anna rolls 1 5 2 3 4 6."
    assert spoken("Anna sets aside 1, 5 for 150, 4 dice left.", lang) == \
        "Anna sets aside 1 5 for 150, 4 dice left."


@pytest.mark.parametrize("text", ["Turn total 150, 4 dice left.", "Anna 0, Ben 0.",
                                  "Stop: 9, Fireworks: 4, Bonus 200: 5, Street: 4.",
                                  "Final scores: Ben 4300, Anna 2950."])
def test_commas_between_other_numbers_keep_their_pause(text: str) -> None:
    assert spoken(text, "en") == text


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("en", "Anna draws x2.", "Anna draws the times two card."),
    ("de", "Anna zieht x2.", "Anna zieht die Mal-zwei-Karte."),
    ("de", "Bei der Karte x2 darfst du nicht aufhören.",
     "Bei der Karte Mal zwei darfst du nicht aufhören."),
    ("de", "x2.", "Mal-zwei-Karte."),
    ("fr", "Anna tire x2.", "Anna tire fois deux."),
    ("en", "Anna draws Plus/Minus.", "Anna draws plus minus."),
    ("de", "Anna zieht Plus/Minus.", "Anna zieht Plus Minus."),
    ("fr", "Anna tire Plus/Moins, Ben -1000.", "Anna tire plus ou moins, Ben moins 1000."),
    ("de", "Anna schreibt 12 ins Feld 2x3 Gleiche.", "Anna schreibt 12 ins Feld zweimal drei "
                                                      "Gleiche."),
    ("en", "Anna max2 x20.", "Anna max2 x20."),
    ("de", "zum Beispiel x2-scope=card.", "zum Beispiel x2-scope=card."),
])
def test_each_games_own_words_are_said_as_the_table_means_them(lang: str, line: str,
                                                              said: str) -> None:
    # Each game keeps its words in its own folder; the speaker finds them through the registry.
    assert spoken(line, lang) == said


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("de", "1, 5 für 150, noch 1 Würfel.", "1 5 für 150, noch ein Würfel."),
    ("de", "Risiko einer Niete mit 1 Würfel: 12 Prozent.",
     "Risiko einer Niete mit einem Würfel: 12 Prozent."),
    ("de", "Gib für 1 Würfel die Augenzahl ein.", "Gib für einen Würfel die Augenzahl ein."),
    ("de", "Noch 1 Karte im Stapel.", "Noch eine Karte im Stapel."),
    ("de", "Tutto: 1 beendetes Spiel.", "Tutto: ein beendetes Spiel."),
    ("de", "Es braucht mindestens 1 Spieler.", "Es braucht mindestens einen Spieler."),
    ("de", "Anna: 3 Entscheidungen, 1 davon optimal.", "Anna: 3 Entscheidungen, eine davon "
                                                       "optimal."),
    ("de", "4 Spieler, 1 davon", "4 Spieler, einer davon"),
    ("de", "Anna schreibt 12 ins Feld 1 Paar.", "Anna schreibt 12 ins Feld ein Paar."),
    ("de", "Zug 1, Runde 1 von 18, noch 21 Würfel.", "Zug 1, Runde 1 von 18, noch 21 Würfel."),
    ("fr", "Il reste 1 carte dans la pioche.", "Il reste une carte dans la pioche."),
    ("fr", "Il reste 51 cartes dans la pioche.", "Il reste cinquante et une cartes dans la "
                                                 "pioche."),
    ("fr", "101 décisions, le meilleur choix 81 fois.", "100 une décisions, le meilleur choix "
                                                        "quatre-vingt-une fois."),
    ("fr", "Reste 1 dé, 11 cartes, 71 parties.", "Reste 1 dé, 11 cartes, 71 parties."),
    ("en", "1 die left, 21 cards.", "1 die left, 21 cards."),
])
def test_a_number_before_its_noun_is_said_as_the_word_that_agrees_with_it(
        lang: str, line: str, said: str) -> None:
    assert spoken(line, lang) == said
