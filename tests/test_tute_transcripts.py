"""Tute at the table as a scorekeeper types it, in English, German and French.

The worked examples of docs/rules/tute.md and a longer match (ties, undo across rounds, Spanish
words, refusals) run through the real command line and are compared with golden transcripts;
a real pseudo-terminal must show the very same lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from transcript import golden, replay_in_terminal
from tutto_a11y.cli.app import cli

LANGS = ("en", "de", "fr")

WORDS = {
    "en": dict(gold="gold", cups="cups", swords="swords", clubs="clubs", cante="cante",
               tute="tute", points="points", last="last", kings="kings", knights="knights",
               undo="undo", scores="scores", status="status", help="help", repeat="repeat"),
    "de": dict(gold="gold", cups="kelche", swords="schwerter", clubs="keulen", cante="ansage",
               tute="tute", points="punkte", last="letzter", kings="könige", knights="reiter",
               undo="rückgängig", scores="stand", status="status", help="hilfe",
               repeat="wiederholen"),
    "fr": dict(gold="deniers", cups="coupes", swords="épées", clubs="bâtons", cante="annonce",
               tute="tute", points="points", last="dernier", kings="rois", knights="cavaliers",
               undo="annuler", scores="scores", status="état", help="aide", repeat="répéter"),
}

#: docs/rules/tute.md section 6, with the players and the lines each example needs.
EXAMPLES = [
    # 1 (with 3 and 4): 40 and 20 for Anna; Gold again and 70 + 60 are refused; 130 to 60.
    ("Anna,Ben", ["{cups}", "{cante} Anna {cups}", "{cante} Anna {gold}", "{cante} Ben {gold}",
                  "{points} 70 60", "{points} 70 50", "{last} Ben"]),
    # 2: pairs; Ben's 20 in Clubs; 74 against 76.
    ("Anna,Ben,Cleo,Dora", ["{swords}", "{cante} Ben {clubs}", "{points} 64 56 {last} Anna"]),
    # 5: Cleo's Tute with four Kings wins the match.
    ("Anna,Ben,Cleo", ["{clubs}", "{tute} Cleo {kings}"]),
]

#: A match to three won games: the Spanish words, a tie on the last trick, refusals, undo
#: across a round and past the end of the match.
MATCH = [
    "oros", "{cante} cleo copas", "{cante} ben {gold}", "xyz", "{tute} Ben {kings}",
    "{points} 50 50", "{points} 30 40 50", "{status}", "{last} Zoe", "Cleo",
    "{help}", "{swords}", "{gold}", "{points} 40 40 40", "Anna", "{undo}", "{undo}",
    "{points} 40 40 40 {last} Ben", "{scores}",
    "{repeat}", "esp", "{tute} Anna {knights}", "{undo}", "{points} 0 0 120 {last} Cleo",
]


def lines(script: list[str], lang: str) -> list[str]:
    return [line.format(**WORDS[lang]) for line in script]


def run(typed: list[str], lang: str, db: Path, players: str, *extra: str) -> str:
    """The transcript of a scripted Tute match, typed lines included, as a terminal shows it."""
    args = ["--game", "tute", "--lang", lang, "--plain", "--no-speech", "--players", players,
            "--db", str(db), *extra]
    result = CliRunner(echo_stdin=True).invoke(
        cli, args, input="".join(line + "\n" for line in typed),
        env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == 0, result.output
    return result.output


def examples_transcript(lang: str, tmp_path: Path) -> str:
    return "".join(run(lines(script, lang), lang, tmp_path / f"ex{i}.db", players)
                   for i, (players, script) in enumerate(EXAMPLES))


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_examples_of_the_tute_rules_match_their_golden_transcript(
        lang: str, tmp_path: Path) -> None:
    said = examples_transcript(lang, tmp_path)
    assert said == golden(f"tute_examples_{lang}.txt", said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_to_three_games_matches_its_golden_transcript(lang: str,
                                                             tmp_path: Path) -> None:
    said = run(lines(MATCH, lang), lang, tmp_path / "m.db", "Anna,Ben,Cleo", "--rule",
               "games=3")
    assert said == golden(f"tute_match_{lang}.txt", said)


FACTS = {
    "en": ["Anna announces 40 in Cups.", "Anna announces 20 in Gold.",
           "Anna already made the cante in Gold in this round: each suit is announced only "
           "once.",
           "Card points must add up to 120: these add up to 130.",
           "Anna wins round 1 and the match. More than 120 round points: two games. Round "
           "points: Anna 130, Ben 60. Games won: Anna 2, Ben 0.",
           "Ben and Dora win round 1 and the match. Round points: Anna and Cleo 74, Ben and "
           "Dora 76.",
           "Tute for Cleo with four Kings. Cleo wins round 1 and the match."],
    "de": ["Anna meldet 40 in Kelchen.", "Die Kartenpunkte müssen zusammen 120 ergeben: diese "
           "ergeben 130.", "Anna hat in dieser Runde schon in Gold gemeldet",
           "Rundenpunkte: Anna 130, Ben 60.", "Ben und Dora gewinnen Runde 1 und die Partie.",
           "Tute für Cleo mit vier Königen."],
    "fr": ["Anna annonce 40 en coupes.", "Les points des cartes doivent faire 120 en "
           "tout\u00a0: ceux-ci font 130.", "Points de manche\u00a0: Anna 130, Ben 60.",
           "Ben et Dora gagnent la manche 1 et le match.",
           "Tute pour Cleo avec les quatre rois."],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_hears_each_worked_example_in_its_language(lang: str,
                                                             tmp_path: Path) -> None:
    said = examples_transcript(lang, tmp_path)
    for fact in FACTS[lang]:
        assert fact in said
    assert "Traceback" not in said


# A second and a half each, and slow as Tutto's whole game in a real terminal is:
# test_terminal_screen.py keeps a game read in a real terminal in the quick run.
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_screen_reader_user_in_a_real_terminal_hears_the_same_tute_match(
        lang: str, tmp_path: Path) -> None:
    typed = lines(MATCH, lang)
    transcript = golden(f"tute_match_{lang}.txt", run(typed, lang, tmp_path / "g.db",
                                                      "Anna,Ben,Cleo", "--rule", "games=3"))
    replay_in_terminal(["--game", "tute", "--lang", lang, "--plain", "--players",
                        "Anna,Ben,Cleo", "--rule", "games=3", "--db", str(tmp_path / "p.db")],
                       transcript, typed)
