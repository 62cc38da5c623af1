"""Tute has everything the other games have: a durable journal and resume, undo across rounds,
``games``/``show``/``export`` per docs/interface.md, speech, ``--width``, verbosity, and one clear
sentence for every wrong entry or option, in German, French and English.

Every test runs the program's command line on a real games file, in the test's own process
(tests/table_harness.py); speech and the terminal are the installed program's.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import wave
from itertools import pairwise
from pathlib import Path

import pytest

from conftest import one_sentence, tutto_command
from table_harness import Ran, run_program
from test_width import WIDTH, screen_lines


def tally(args: list[str], env: dict[str, str], stdin: str = "") -> Ran:
    return run_program(args, env, stdin)


def play(db: Path, env: dict[str, str], typed: list[str], *args: str,
         players: str = "Anna,Ben") -> Ran:
    done = tally(["--game", "tute", "--plain", "--no-speech", "--db", str(db), "--players",
                  players, *args], env, "".join(line + "\n" for line in typed))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    return done


#: Example 1 of docs/rules/tute.md as round 1 of a match to three, then a Tute counted as a round.
MATCH = ["cups", "cante Anna cups", "cante Anna gold", "points 70 50", "last Ben",
         "gold", "cante Anna swords", "tute Ben knights"]


def test_the_json_export_of_a_tute_match_keeps_the_interface_contract(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, MATCH, "--lang", "de", "--rule", "games=3", "--rule", "tute-wins=round")
    done = tally(["export", "last", "--format", "json", "--db", str(db)], clean_env)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data)[0] == "game"
    assert data == {
        "game": "tute", "id": "1", "lang": "de",
        "rules": {"games": 3, "tie": "last-trick", "tute-wins": "round",
                  "over-120": "two-games"},
        "status": "running", "winners": [],
        "sides": [{"players": ["Anna"], "games": 2}, {"players": ["Ben"], "games": 2}],
        "rounds": [
            {"trump": "cups", "cantes": [{"side": 0, "suit": "cups", "points": 40},
                                         {"side": 0, "suit": "gold", "points": 20}],
             "tute": None, "card_points": [70, 50], "last_trick": 1,
             "round_points": [130, 60], "winner": 0, "games": 2},
            {"trump": "gold", "cantes": [{"side": 0, "suit": "swords", "points": 20}],
             "tute": {"side": 1, "of": "knights"}, "card_points": None, "last_trick": None,
             "round_points": None, "winner": 1, "games": 2},
        ]}


def test_pairs_are_exported_as_sides_and_the_winning_pair_as_the_winners(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, ["swords", "cante Ben clubs", "points 64 56 last Anna"],
         players="Anna,Ben,Cleo,Dora")
    data = json.loads(tally(["export", "last", "--format", "json", "--db", str(db)],
                            clean_env).stdout)
    assert data["status"] == "finished" and data["winners"] == ["Ben", "Dora"]
    assert data["sides"] == [{"players": ["Anna", "Cleo"], "games": 0},
                             {"players": ["Ben", "Dora"], "games": 1}]
    assert data["rounds"][0]["cantes"] == [{"side": 1, "suit": "clubs", "points": 20}]
    assert data["rounds"][0]["round_points"] == [74, 76]


def test_show_and_the_sheets_read_every_round_back_in_the_games_language(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, MATCH, "--lang", "fr", "--rule", "games=3")
    shown = tally(["show", "last", "--db", str(db)], clean_env)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == "Partie 1\u00a0: Tute, Anna et Ben. Le match se joue en 3 parties " \
                       "gagnées. Terminée."
    assert lines[1].startswith("Manche 1, atout coupes, Anna a commencé. Annonces\u00a0: Anna 40 "
                               "en coupes, Anna 20 en deniers.")
    assert "Points de manche\u00a0: Anna 130, Ben 60. 2 parties pour Anna." in lines[1]
    assert "Tute pour Ben avec les quatre cavaliers." in lines[2]
    assert "Gagnant\u00a0: Ben." in lines
    csv = tally(["export", "last", "--format", "csv", "--db", str(db)], clean_env).stdout
    assert csv.splitlines()[0] == "Manche,Atout,Annonces,Points des cartes,Dernier pli," \
                                  "Points de manche,Gagnant,Parties,Anna,Ben"
    assert csv.splitlines()[1] == '1,coupes,"Anna 40 en coupes, Anna 20 en deniers",70 50,' \
                                  'Ben,130 60,Anna,2,2,0'
    md = tally(["export", "last", "--format", "md", "--db", str(db), "--lang", "en"],
               clean_env).stdout
    assert md.splitlines()[0].startswith("| Round | Trump | Cantes | Card points |")
    listed = tally(["games", "--db", str(db)], clean_env).stdout
    assert "Anna, Ben" in listed


def test_a_tute_match_left_at_end_of_input_resumes_with_its_games_and_its_round(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, ["oros", "cante Ben copas", "points 80 40", "last Anna", "espadas",
                         "cante Ben oros"], "--lang", "de", "--rule", "games=2")
    done = tally(["--game", "tute", "--plain", "--no-speech", "--db", str(db), "--resume",
                  "last"], clean_env, "punkte 60 60 letzter Ben\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "Partie 1 geht weiter. Runde 2, Trumpf Schwerter. Ansagen: Ben 20 in Gold. " \
                     "Tippe ansage mit Name und Farbe, zum Beispiel ansage Anna gold; tute mit " \
                     "Name und könige oder reiter; oder die Kartenpunkte jeder Seite, zum " \
                     "Beispiel punkte 70 50. Gewonnene Spiele: Anna 1, Ben 0. Die Partie geht " \
                     "bis zu 2 gewonnenen Spielen."
    assert "Ben gewinnt Runde 2. Rundenpunkte: Anna 60, Ben 90. Gewonnene Spiele: Anna 1, " \
           "Ben 1. Anna beginnt Runde 3." in done.stdout


def test_undo_of_the_entry_that_ended_the_match_is_kept_in_the_journal(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, ["gold", "points 70 50 last Ben", "undo", "points 50 70 last Ben"])
    data = json.loads(tally(["export", "last", "--format", "json", "--db", str(db)],
                            clean_env).stdout)
    assert data["winners"] == ["Ben"] and data["rounds"][0]["card_points"] == [50, 70]
    play(db, clean_env, ["gold", "points 70 50 last Ben", "undo"])
    data = json.loads(tally(["export", "last", "--format", "json", "--db", str(db)],
                            clean_env).stdout)
    assert data["status"] == "running" and data["rounds"] == []


@pytest.mark.parametrize("lang, wanted", [
    ("en", "Card points must add up to 120: these add up to 130."),
    ("de", "Die Kartenpunkte müssen zusammen 120 ergeben: diese ergeben 130."),
    ("fr", "Les points des cartes doivent faire 120 en tout\u00a0: ceux-ci font 130."),
])
def test_card_points_that_do_not_add_up_to_120_are_refused_in_one_sentence(
        lang: str, wanted: str, db: Path, clean_env: dict[str, str]) -> None:
    done = play(db, clean_env, ["gold", "70 60"], "--lang", lang)
    assert done.stdout.splitlines()[-3] == wanted
    data = json.loads(tally(["export", "last", "--format", "json", "--db", str(db)],
                            clean_env).stdout)
    assert data["rounds"] == [] and data["status"] == "running"


@pytest.mark.parametrize("args, wanted", [
    (["--players", "Anna"], "At least 2 players are needed"),
    (["--players", "A,B,C,D,E"], "At most 4 players can play."),
    (["--rule", "games=0"], "The number of won games 0 is not possible"),
    (["--rule", "tie=coin"], "The rule option tie cannot be coin: choose last-trick, replay."),
    (["--rule", "trumps=2"], "There is no rule option trumps: the options are games, tie, "
                             "tute-wins, over-120."),
])
def test_a_wrong_player_list_or_rule_option_is_refused_in_one_sentence(
        args: list[str], wanted: str, db: Path, clean_env: dict[str, str]) -> None:
    done = tally(["--game", "tute", "--lang", "en", "--plain", "--db", str(db), *args],
                 clean_env, "quit\n")
    assert one_sentence(done).startswith(wanted)


def test_target_sets_the_won_games_that_win_a_tute_match(db: Path,
                                                         clean_env: dict[str, str]) -> None:
    done = play(db, clean_env, ["gold", "points 70 50 last Anna"], "--target", "2")
    assert done.stdout.splitlines()[0] == "New match of Tute for Anna and Ben. The match goes " \
                                          "to 2 won games. Anna begins."
    assert "Anna begins round 2." not in done.stdout and "Ben begins round 2." in done.stdout


def test_brief_says_the_winner_and_the_games_and_full_adds_what_to_type(
        db: Path, clean_env: dict[str, str]) -> None:
    typed = ["gold", "points 70 50 last Anna"]
    brief = play(db, clean_env, typed, "--verbosity", "brief", "--rule", "games=2").stdout
    assert "Anna wins round 1. Games won: Anna 1, Ben 0. Ben begins round 2." in brief
    full = play(db.with_suffix(".full"), clean_env, typed, "--verbosity", "full", "--rule",
                "games=2").stdout
    assert "Round points: Anna 80, Ben 50. Games won: Anna 1, Ben 0. Ben begins round 2. " \
           "Type the trump suit: gold, cups, swords or clubs, or in Spanish oros, copas, " \
           "espadas or bastos." in full


def test_brief_says_why_a_round_counts_two_games(db: Path, clean_env: dict[str, str]) -> None:
    typed = ["gold", "points 120 0 last Anna"]  # 120 and 10 for the last trick
    brief = play(db, clean_env, typed, "--verbosity", "brief", "--rule", "games=3").stdout
    assert "Anna wins round 1. More than 120 round points: two games. Games won: Anna 2, " \
           "Ben 0." in brief


def test_on_a_40_cell_display_no_tute_line_is_longer_and_no_name_loses_its_figure(
        db: Path) -> None:
    rows = screen_lines(db, ["--game", "tute", "--lang", "de", "--players",
                             "Anna,Ben,Cleo,Dora", "--rule", "games=2"],
                        [("Runde 1, Anna beginnt: Trumpf?", "hilfe"),
                         ("Runde 1, Anna beginnt: Trumpf?", "espadas"),
                         ("Runde 1, Trumpf Schwerter: Ansage,", "ansage Ben bastos"),
                         ("Runde 1, Trumpf Schwerter: Ansage,", "punkte 64 56 letzter Anna"),
                         ("Runde 2, Ben beginnt: Trumpf?", "beenden")])
    rows = [row for row in rows if not row.startswith("oder Kartenpunkte?")]  # prompt + echo
    assert rows and all(len(row) <= WIDTH for row in rows), rows
    for row, following in pairwise(rows):
        if following[:1].isdigit():
            assert row.endswith("."), (row, following)
    assert "Dora 76." in " ".join(rows)


needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="eSpeak NG is not installed")


@needs_espeak
def test_every_tute_announcement_is_spoken_in_the_games_language(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    env = dict(clean_env)
    env.pop("TUTTO_SPEECH", None)
    folder = tmp_path / "wav"
    done = subprocess.run(tutto_command() + [
        "--game", "tute", "--lang", "fr", "--plain", "--speech", "--speech-to", str(folder),
        "--players", "Anna,Ben", "--db", str(tmp_path / "g.db")],
        input="coupes\nannonce Anna coupes\npoints 70 50 dernier Ben\n", capture_output=True,
        text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines() if not line.endswith(("?", ":"))]
    files = sorted(folder.glob("*.wav"))
    assert len(files) == len(said) == 5  # opening, trump, cante, round and match, goodbye
    with wave.open(str(files[3])) as w:  # the end of the match is said to the end
        seconds = w.getnframes() / w.getframerate()
    assert seconds > 0.15 * len(said[3].split())


@pytest.mark.slow
def test_stats_count_tute_matches_with_rounds_cantes_and_tutes(
        db: Path, clean_env: dict[str, str]) -> None:
    for _ in range(2):
        play(db, clean_env, ["oros", "cante Anna copas", "points 70 50 last Ben"])
    play(db, clean_env, ["oros", "tute Ben reyes"])
    play(db, clean_env, ["oros"])  # still running: not counted
    done = tally(["stats", "--game", "tute", "--format", "json", "--db", str(db)], clean_env)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "tute" and data["games"] == 3
    assert data["players"][0] == {"name": "Anna", "games": 3, "wins": 2, "average_score": 1,
                                  "best_score": 1, "rounds": 3, "rounds_won": 2, "cantes": 2,
                                  "tutes": 0}
    assert data["players"][1]["tutes"] == 1 and data["players"][1]["wins"] == 1
    text = tally(["stats", "--game", "tute", "--db", str(db), "--lang", "de"],
                 clean_env).stdout
    assert "Anna: Siege 2, Partien 3," in text and "Ansagen 2, Tutes 0." in text


def test_the_sighted_status_line_of_tute_shows_the_games_won_and_the_round(
        tmp_path: Path) -> None:
    from test_terminal_screen import Terminal, _row_of

    term = Terminal(["--game", "tute", "--players", "Anna,Ben", "--lang", "de", "--sighted",
                     "--width", "40", "--rule", "games=2"], tmp_path)
    term.wait_for_prompt("Runde 1, Anna beginnt: Trumpf?")
    term.type("copas\r")
    term.wait_for_prompt("oder Kartenpunkte?")
    term.type("punkte 70 50 letzter Ben\r")
    term.wait_for("Gewonnene Spiele: Anna 1, Ben 0. Die")
    rows = term.lines()
    prompt = _row_of(term, "Runde 2, Ben beginnt: Trumpf?")
    assert " ".join(rows[prompt + 1:]) == (
        "Gewonnene Spiele: Anna 1, Ben 0. Die Partie geht bis zu 2 gewonnenen Spielen. Runde 2, "
        "Ben beginnt: als Nächstes der Trumpf.")
    assert all(len(row) <= 40 for row in rows), rows
    term.type("\x04")
    assert term.finish() == 0
