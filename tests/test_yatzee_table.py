"""Yatzee at the table: whole games as golden transcripts, the commands ``sheet`` and
``fits``, refusals that say what to do instead, undo across turns, resume, the export,
``--width 40`` and the three languages. The command line runs in the test's process
(tests/table_harness.py); the terminal, speech and the live view are the real program's.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from conftest import tutto_command
from table_harness import Ran, run_program
from test_width import screen_lines
from transcript import golden, replay_in_terminal
from tutto_a11y.cli.app import cli
from yatzee_scripts import FRENCH_SOLO, GERMAN_THREE, lines


def run_yatzee(typed: list[str], lang: str, db: Path, players: str, *extra: str) -> str:
    """The whole transcript of a scripted Yatzee game, typed lines included."""
    runner = CliRunner(echo_stdin=True)
    args = ["--game", "yatzee", "--lang", lang, "--plain", "--no-speech", "--players", players,
            "--db", str(db), *extra]
    result = runner.invoke(cli, args, input="".join(line + "\n" for line in typed),
                           env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == 0, result.output
    return result.output


def program(db: Path, *args: str, typed: str = "", env: dict[str, str]) -> Ran:
    """The program's command line in the test's process (tests/table_harness.py)."""
    return run_program(["--db", str(db), *args], env, typed)


def real_program(db: Path, *args: str, typed: str = "", env: dict[str, str]) -> \
        subprocess.CompletedProcess[str]:
    """The installed program, for what only it does (speech through eSpeak NG)."""
    return subprocess.run(tutto_command() + ["--db", str(db), *args], input=typed,
                          capture_output=True, text=True, env=env, timeout=60)


# -- whole games --------------------------------------------------------------------------

def test_a_whole_three_player_german_game_matches_its_golden_transcript(tmp_path: Path) -> None:
    said = run_yatzee(lines(GERMAN_THREE), "de", tmp_path / "g.db", "Anna,Ben,Cleo")
    assert said == golden("yatzee_three_de.txt", said)


def test_a_solo_french_game_matches_its_golden_transcript(tmp_path: Path) -> None:
    said = run_yatzee(lines(FRENCH_SOLO), "fr", tmp_path / "g.db", "Zoé")
    assert said == golden("yatzee_solo_fr.txt", said)


def test_the_german_table_hears_the_facts_of_the_game(tmp_path: Path) -> None:
    said = run_yatzee(lines(GERMAN_THREE), "de", tmp_path / "g.db", "Anna,Ben,Cleo")
    for fact in ("Anna schreibt 32 ins Feld Haus, mit 10 Wurfbonus.",
                 "Ein Haus braucht drei Gleiche und zwei andere Gleiche: streichen Haus gibt 0.",
                 "Ben schreibt 96 ins Feld Yatzee, mit 10 Wurfbonus.",
                 "Bonus erreicht mit 94 im oberen Block: plus 50.",
                 "Der Bonus ist nicht mehr zu schaffen: höchstens 70 von 84 im oberen Block.",
                 "Es gibt keinen vierten Wurf",
                 "Im Feld Haus steht schon 32",
                 "Zurückgenommen: Cleo schreibt ins Feld Chance.",
                 "Spielende: Anna gewinnt mit"):
        assert fact in said, fact
    assert "Traceback" not in said


@pytest.mark.slow
def test_a_screen_reader_user_in_a_real_terminal_hears_the_same_german_game(
        tmp_path: Path) -> None:
    typed = lines(GERMAN_THREE)
    transcript = golden("yatzee_three_de.txt",
                        run_yatzee(typed, "de", tmp_path / "g.db", "Anna,Ben,Cleo"))
    replay_in_terminal(["--game", "yatzee", "--lang", "de", "--plain", "--players",
                         "Anna,Ben,Cleo", "--db", str(tmp_path / "pty.db")], transcript, typed)


# -- at the table: fits, sheet, refusals ---------------------------------------------------

def play_en(tmp_path: Path, clean_env: dict[str, str], typed: list[str],
            players: str = "Anna,Ben", *extra: str, file: str = "g.db") -> list[str]:
    """The lines the program printed for the typed lines (prompts on their own lines)."""
    done = program(tmp_path / file, "--game", "yatzee", "--lang", "en", "--plain",
                   "--players", players, *extra, typed="".join(t + "\n" for t in typed),
                   env=clean_env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout.splitlines()


def test_fits_names_the_free_fields_these_dice_fit_best_first_with_points_at_this_roll(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["444551", "fits", "444155", "444515", "fits"])
    first, third = [line for line in said if line.startswith("These dice fit")]
    assert first == ("These dice fit: Chance 33, House 32, Two pairs 28, Three of a kind 22, "
                     "One pair 20, Fours 12, Fives 10, Ones 1.")
    # After the third roll there is no throw bonus: the lower fields are worth 10 less.
    assert third == ("These dice fit: Chance 23, House 22, Two pairs 18, Fours 12, Three of a "
                     "kind 12, Fives 10, One pair 10, Ones 1.")  # equal points: the sheet's order


def test_fits_leaves_out_fields_that_are_already_filled(tmp_path: Path,
                                                        clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["444551", "house", "123456", "royal", "444551",
                                         "fits"])
    line = next(line for line in said if line.startswith("These dice fit"))
    assert "House" not in line and line.startswith("These dice fit: Chance 33, Two pairs 28,")


def test_sheet_reads_the_total_the_free_fields_and_how_far_the_bonus_is(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["666612", "sixes", "123456", "strike yatzee",
                                         "sheet", "sheet ben", "sheet b", "sheet Zoe"])
    anna = ("Anna's sheet: total 24. Free: Ones, Twos, Threes, Fours, Fives, One pair, "
            "Two pairs, Three pairs, Three of a kind, Four of a kind, Two triples, "
            "Small straight, Large straight, Royal, House, Chance, Yatzee. Upper sum 24, 60 short "
            "of the bonus. Written: Sixes 24.")
    assert anna in said
    ben = [line for line in said if line.startswith("Ben's sheet: total 0.")]
    assert len(ben) == 2 and ben[0].endswith("Upper sum 0, 84 short of the bonus. Struck: "
                                             "Yatzee.")
    assert "There is no player Zoe: type sheet and one of Anna and Ben." in said


@pytest.mark.parametrize("dice, field, sentence", [
    ("112345", "house", "House needs three of one face and two of another: strike house scores "
                        "0."),
    ("123456", "yatzee", "Yatzee needs all six dice showing one face: strike yatzee scores 0."),
    ("666622", "three pairs", "Three pairs need two dice each of three different faces: strike "
                              "three-pairs scores 0."),
    ("112346", "small straight", "A small straight needs 1, 2, 3, 4 and 5: strike "
                                 "small-straight scores 0."),
])
def test_writing_a_field_the_dice_do_not_form_says_what_it_needs_and_that_a_strike_scores_0(
        tmp_path: Path, clean_env: dict[str, str], dice: str, field: str,
        sentence: str) -> None:
    said = play_en(tmp_path, clean_env, [dice, field, "sheet"])
    assert said[said.index(sentence) + 1] == "Anna, second roll or a field:"  # nothing changed
    assert any(line.startswith("Anna's sheet: total 0. Free: Ones,") for line in said)


@pytest.mark.parametrize("typed, sentence", [
    (["house"], "First the roll: type the six faces on the table, for example 5 5 5 2 3 1."),
    (["12345"], "Type the six faces on the table, one per die, not 5: for example 5 5 5 2 3 1."),
    (["1234567"], "7 is not a die face: faces go from 1 to 6."),
    (["111111", "222222", "333333", "444444"],
     "There is no fourth roll: write a field, or type strike and a field."),
    (["111111", "strike"], "Type the field after strike, for example strike chance."),
    (["111111", "t"], "t could mean totals, twos, threes, two-pairs, three-pairs, "
                      "three-of-a-kind or two-triples: type more letters."),
    (["111111", "strike castle"], "castle is not an entry here. Type the six faces of the next "
                                  "roll, a field to write, or strike and a field; fits says what "
                                  "these dice fit."),
    (["123456", "chance", "123456", "royal", "123456", "chance"],
     "Chance already holds 31: choose a free field; sheet names them."),
])
def test_every_wrong_entry_gets_one_sentence_saying_what_to_do_instead(
        tmp_path: Path, clean_env: dict[str, str], typed: list[str], sentence: str) -> None:
    said = play_en(tmp_path, clean_env, typed)
    assert sentence in said
    assert not any("Traceback" in line for line in said)


def test_undo_takes_back_a_written_field_across_turns_and_the_journal_keeps_it(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["444551", "house", "undo", "fits"])
    assert "Undone: Anna writing House. Anna's turn, dice after roll 1: 4, 4, 4, 5, 5, 1." in said
    assert said[-3].startswith("These dice fit: Chance 33, House 32,")
    exported = json.loads(program(tmp_path / "g.db", "export", "1", "--format", "json",
                                  env=clean_env).stdout)
    assert exported["players"][0]["fields"]["house"] is None and exported["turns"] == []


def test_a_yatzee_game_goes_on_where_it_stopped(tmp_path: Path,
                                                clean_env: dict[str, str]) -> None:
    first = play_en(tmp_path, clean_env, ["444551", "house", "123456"])
    assert first[-1].startswith("End of input. The game is saved")
    done = program(tmp_path / "g.db", "--lang", "en", "--plain", "--resume", "last",
                   typed="royal\nsheet\n", env=clean_env)
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    assert said[0] == ("Game 1 goes on. Round 1 of 18, Ben's turn, total 0. Dice after roll 1: "
                       "1, 2, 3, 4, 5, 6. Type the six faces of the next roll, a field to write, "
                       "or strike and a field; fits says what these dice fit. Totals: Anna 32, "
                       "Ben 0. Round 1 of 18.")
    assert "Ben writes 40 in Royal, throw bonus 10 included. Total 40. Round 2: Anna's turn." \
        in said


def test_a_running_yatzee_game_is_offered_again_at_the_next_start(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    play_en(tmp_path, clean_env, ["444551"])
    done = program(tmp_path / "g.db", "--lang", "en", "--plain", typed="yes\nhouse\n",
                   env=clean_env)
    assert "Game 1 with Anna and Ben is still running." in done.stdout
    assert "Anna writes 32 in House, throw bonus 10 included." in done.stdout


# -- players, rules, verbosity ------------------------------------------------------------

def test_one_player_may_play_alone_and_ten_is_the_most(tmp_path: Path,
                                                       clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, [], "Zoe")
    assert said[0] == "New game of Yatzee for Zoe: 18 rounds, rules of the sheet. Zoe begins."
    done = program(tmp_path / "h.db", "--game", "yatzee", "--plain", "--lang", "en",
                   "--players", ",".join(f"P{i}" for i in range(11)), env=clean_env)
    assert (done.returncode, done.stderr.strip()) == (2, "At most 10 players can play.")


def test_yatzee_has_no_target_and_says_which_rule_options_it_has(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    done = program(tmp_path / "g.db", "--game", "yatzee", "--plain", "--lang", "en",
                   "--players", "Anna", "--target", "4000", env=clean_env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == ("There is no rule option target: the options are "
                                   "throw-bonus, yatzee, upper-bonus.")
    assert not (tmp_path / "g.db").exists()


def test_the_rule_options_of_the_rules_file_change_the_points(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["333333", "yatzee"], "Anna", "--rule",
                   "yatzee=fixed-50", "--rule", "throw-bonus=off")
    assert "Anna writes 50 in Yatzee. Total 50. Round 2." in said
    assert said[0].startswith("New game of Yatzee for Anna: 18 rounds, house rules "
                              "throw-bonus=off, yatzee=fixed-50, upper-bonus=84:50.")


def test_brief_says_the_minimum_and_full_adds_the_fits_and_what_to_type(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    brief = play_en(tmp_path, clean_env, ["444551", "house"], "Anna,Ben", "--verbosity",
                    "brief")
    # The throw bonus is part of the points and the new total is the score the table keeps:
    # brief says both.
    assert "4, 4, 4, 5, 5, 1." in brief
    assert "Anna writes 32 in House, throw bonus 10 included. Total 32. Ben." in brief
    full = play_en(tmp_path, clean_env, ["444551"], "Anna,Ben", "--verbosity", "full",
                   file="full.db")
    assert ("Anna rolls 4, 4, 4, 5, 5, 1. These dice fit: Chance 33, House 32, Two pairs 28, "
            "Three of a kind 22, One pair 20, Fours 12, Fives 10, Ones 1. Type the six faces of "
            "the next roll, a field to write, or strike and a field; fits says what these dice "
            "fit.") in full


def test_on_a_40_cell_display_no_field_name_is_split_from_its_points(db: Path) -> None:
    rows = screen_lines(db, ["--game", "yatzee", "--lang", "de", "--players", "Anna,Ben"],
                        [("Anna, erster Wurf:", "223344"),
                         ("Anna, zweiter Wurf oder ein Feld:", "passt"),
                         ("Anna, zweiter Wurf oder ein Feld:", "2 paare"),
                         ("Ben, erster Wurf:", "blatt anna"),
                         ("Ben, erster Wurf:", "beenden")])
    assert all(len(row) <= 40 for row in rows), rows
    text = "\n".join(rows)
    for unit in ("2 Paare 24,", "3 Paare 28,", "Kleine Straße,", "2x3 Gleiche,"):
        assert unit in text, (unit, rows)


# -- read back: games, show, export -------------------------------------------------------

def finished_game(tmp_path: Path, clean_env: dict[str, str]) -> Path:
    db = tmp_path / "fr.db"
    run_yatzee(lines(FRENCH_SOLO), "fr", db, "Zoé")
    return db


def test_the_json_export_of_a_finished_game_keeps_the_interface_contract(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = finished_game(tmp_path, clean_env)
    done = program(db, "export", "1", "--format", "json", env=clean_env)
    exported = json.loads(done.stdout)
    assert list(exported) == ["game", "id", "lang", "rules", "status", "winners", "players",
                              "turns"]
    assert (exported["game"], exported["status"], exported["winners"]) == \
        ("yatzee", "finished", ["Zoé"])
    assert exported["rules"] == {"throw-bonus": "on", "yatzee": "sum-plus-50",
                                 "upper-bonus": "84:50"}
    [zoe] = exported["players"]
    assert list(zoe) == ["name", "score", "upper", "bonus", "fields"]
    assert list(zoe["fields"]) == [
        "ones", "twos", "threes", "fours", "fives", "sixes", "one-pair", "two-pairs",
        "three-pairs", "three-of-a-kind", "four-of-a-kind", "two-triples", "small-straight",
        "large-straight", "royal", "house", "chance", "yatzee"]
    assert (zoe["upper"], zoe["bonus"]) == (90, 50)
    assert zoe["score"] == sum(zoe["fields"].values()) + zoe["bonus"] == 460
    assert len(exported["turns"]) == 18
    assert exported["turns"][0] == {"player": "Zoé", "rolls": [[1, 1, 1, 2, 3, 4],
                                                              [1, 1, 1, 1, 3, 4]],
                                    "field": "ones", "struck": False, "points": 4}
    assert exported["turns"][-1] == {"player": "Zoé", "rolls": [[1, 2, 3, 4, 5, 6]],
                                     "field": "yatzee", "struck": True, "points": 0}


def test_a_running_game_exports_free_fields_as_null(tmp_path: Path,
                                                    clean_env: dict[str, str]) -> None:
    play_en(tmp_path, clean_env, ["444551", "house"])
    exported = json.loads(program(tmp_path / "g.db", "export", "1", "--format", "json",
                                  env=clean_env).stdout)
    assert (exported["status"], exported["winners"]) == ("running", [])
    anna, ben = exported["players"]
    assert anna["fields"]["house"] == 32 and anna["fields"]["chance"] is None
    assert set(ben["fields"].values()) == {None} and ben["score"] == 0


def test_csv_and_markdown_are_a_paper_sheet_with_fields_as_rows_and_players_as_columns(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.db"
    run_yatzee(lines(GERMAN_THREE), "de", db, "Anna,Ben,Cleo")
    csv_rows = program(db, "export", "1", "--format", "csv", env=clean_env).stdout.splitlines()
    assert csv_rows[0] == "Feld,Anna,Ben,Cleo"
    assert csv_rows[1:9] == ["Einsen,4,3,6", "Zweien,8,6,12", "Dreien,12,9,18",
                             "Vieren,20,4,24", "Fünfen,20,15,30", "Sechsen,30,18,36",
                             "Summe oben,94,55,126", "Bonus,50,0,50"]
    assert csv_rows[-1] == "Gesamt,517,416,426"
    assert "Große Straße,25,0,30" in csv_rows
    md = program(db, "export", "1", "--format", "md", "--lang", "en",
                 env=clean_env).stdout.splitlines()
    assert md[:2] == ["| Field | Anna | Ben | Cleo |", "|---|---|---|---|"]
    assert "| Two triples | 28 | 34 | 19 |" in md and md[-1] == "| Total | 517 | 416 | 426 |"


def test_show_reads_every_turn_then_each_sheet_and_the_games_list_names_the_game(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = finished_game(tmp_path, clean_env)
    shown = program(db, "show", "1", "--width", "40", env=clean_env).stdout.splitlines()
    assert all(len(line) <= 40 for line in shown), shown
    text = " ".join(shown)
    assert text.startswith("Partie 1\u00a0: Yatzee pour Zoé, règles de la feuille. Terminée.")
    assert "Coup 18, Zoé\u00a0: barre Yatzee après le lancer 1, total 460." in text
    assert "Feuille pour Zoé\u00a0: total 460." in text
    listed = program(db, "games", "--lang", "en", env=clean_env).stdout
    assert "Zoé, finished." in listed


# -- speech -----------------------------------------------------------------------------------

@pytest.mark.skipif(__import__("shutil").which("espeak-ng") is None,
                    reason="eSpeak NG is not installed (the test script installs it)")
def test_every_yatzee_announcement_is_spoken_in_the_games_language(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    env = dict(clean_env)
    env.pop("TUTTO_SPEECH", None)
    folder = tmp_path / "wav"
    done = real_program(tmp_path / "g.db", "--game", "yatzee", "--lang", "de", "--plain",
                        "--speech", "--speech-to", str(folder), "--players", "Anna",
                        typed="444551\nhaus\n", env=env)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines() if not line.endswith((":", "?"))]
    assert said[1] == "Anna würfelt 4, 4, 4, 5, 5, 1."
    assert sorted(f.name for f in folder.glob("*.wav")) == \
        [f"{i:04d}.wav" for i in range(1, len(said) + 1)]


def test_a_narrow_display_keeps_every_field_name_on_the_row_of_its_points(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    said = play_en(tmp_path, clean_env, ["544433", "fits"], "Anna", "--lang", "de",
                   "--width", "36")
    rows = said[said.index("Anna, zweiter Wurf oder ein Feld:") + 1:][:3]
    assert all(len(row) <= 36 for row in rows), rows
    assert rows[0] == "Diese Würfel passen: Chance 33,"  # not "..., Haus" / "28, ..."
    assert "Haus 28," in rows[1]


# -- statistics -------------------------------------------------------------------------------

def test_stats_of_yatzee_count_wins_the_bonus_rate_and_the_yatzees(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = tmp_path / "g.db"
    run_yatzee(lines(GERMAN_THREE), "de", db, "Anna,Ben,Cleo")
    run_yatzee(lines(FRENCH_SOLO), "fr", db, "Anna")
    done = program(db, "stats", "--game", "yatzee", "--lang", "en", env=clean_env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Yatzee: 2 finished games.",
        "Anna: wins 2, games 2, average score 489, best score 517, bonus in 100 percent of "
        "games, Yatzees 1.",
        "Cleo: wins 0, games 1, average score 426, best score 426, bonus in 100 percent of "
        "games, Yatzees 0.",
        "Ben: wins 0, games 1, average score 416, best score 416, bonus in 0 percent of games, "
        "Yatzees 1."]
    exported = json.loads(program(db, "stats", "--game", "yatzee", "--format", "json",
                                  env=clean_env).stdout)
    assert exported["players"][2] == {"name": "Ben", "games": 1, "wins": 0,
                                      "average_score": 416, "best_score": 416, "bonus_rate": 0,
                                      "yatzees": 1}
    tutto = program(db, "stats", "--lang", "en", env=clean_env).stdout
    assert tutto.strip() == "There are no finished games yet."  # the Tutto figures stay apart


DAMAGED = "Game 1 is damaged at entry 2 and cannot be continued; the other games are fine."


@pytest.mark.slow
@pytest.mark.parametrize("value", ["write castle", "write royal"])  # 4 4 4 5 5 1 is no Royal
def test_a_hand_edited_yatzee_journal_that_the_rules_refuse_is_reported_as_damaged(
        tmp_path: Path, clean_env: dict[str, str], value: str) -> None:
    import sqlite3

    play_en(tmp_path, clean_env, ["444551", "house"])
    with sqlite3.connect(tmp_path / "g.db") as conn:
        conn.execute("UPDATE journal SET text = ? WHERE seq = 2", (value,))
    conn.close()
    for command in (["show", "1"], ["export", "1", "--format", "json"], ["--resume", "1"]):
        done = program(tmp_path / "g.db", *command, "--lang", "en", "--plain", env=clean_env)
        assert (done.returncode, done.stdout, done.stderr.strip()) == (2, "", DAMAGED), command


# -- the live view ------------------------------------------------------------------------------

def test_the_live_view_shows_the_yatzee_totals_and_the_announcements_in_the_viewers_language(
        tmp_path: Path) -> None:
    import html
    import re
    import time
    import urllib.request

    from testbed.live_view import CODE, enter, start_table

    child = start_table(tmp_path, extra=("--share-code", CODE, "--game", "yatzee"))
    try:
        enter(child, "444551", "Anna rolls 4, 4, 4, 5, 5, 1.")
        enter(child, "house", "Anna writes 32 in House, throw bonus 10 included.")
        # The live view words a notice just after the table has printed its prompt (it never
        # makes the table wait): a page asked for at that instant may still show the entry
        # before, as a viewer's would; the next asks show the new one.
        for _ in range(100):
            with urllib.request.urlopen(f"{child.url}?code={CODE}&lang=fr",
                                        timeout=20) as answer:
                page = answer.read().decode()
            if "Anna inscrit 32" in html.unescape(page):
                break
            time.sleep(0.1)
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))
    assert "Tour 1 sur 18, à Ben de jouer, total 0." in text
    assert "Tapez" not in text  # viewers do not type: no typing hint
    assert "Joueur Total Partie haute Bonus Cases libres Anna 32 0 0 17 Ben 0 0 0 18" in text
    assert "Anna inscrit 32 dans la case Full, dont 10 de bonus de lancer." in text
