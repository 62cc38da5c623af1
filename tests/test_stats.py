"""``tutto-tally stats``: who has won most, and how each player plays, across finished games.

Every game here is played through the real program with piped input into a real games file,
and the statistics are asked from the program as a user would; a damaged game is made by a
hand edit with another SQLite program.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import one_sentence, tutto_command
from tutto_scripts import GAME_TWO, lines

pytestmark = pytest.mark.slow  # whole games played through the real program for every figure

# Two players, target 300: Anna banks 150, Ben draws Stop, Anna banks 1000 (the final round),
# Ben's last turn is a Niete. Anna wins 1150 to 0.
ANNA_WINS = ["300", "1 5 2 3 4 6", "1 5", "bank", "stop",
             "200", "1 1 1 2 3 4", "1 1 1", "bank", "200", "2 3 4 6 6 3"]
# Target 300: both bank 1000, so the game ends level and both win.
BOTH_WIN = ["200", "1 1 1 2 3 4", "1 1 1", "bank", "200", "1 1 1 2 3 4", "1 1 1", "bank"]


def run(args: Sequence[str], env: dict[str, str], typed: Sequence[str] = ()
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*tutto_command(), *args], input="".join(t + "\n" for t in typed),
                          capture_output=True, text=True, env=env, timeout=30)


def play(db: Path, env: dict[str, str], players: str, typed: Sequence[str],
         target: int = 300) -> None:
    """One game at the table, typed through the program; it ends when the input ends."""
    result = run(["--plain", "--lang", "en", "--db", str(db), "--players", players,
                  "--target", str(target)], env, typed)
    assert result.returncode == 0, result.stderr


def stats(db: Path, env: dict[str, str], *more: str) -> list[str]:
    result = run(["stats", "--db", str(db), *more], env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout.splitlines()


def stats_json(db: Path, env: dict[str, str], *more: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads("\n".join(stats(db, env, "--format", "json", *more)))
    return found


def edit(db: Path, sql: str, *params: Any) -> None:
    """A hand edit with another SQLite program."""
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(sql, params)
    conn.close()


def test_stats_say_wins_scores_and_tutto_figures_one_player_a_line_most_wins_first(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Ben,Anna", lines(GAME_TWO, "en"))  # Ben wins with a Cloverleaf
    play(db, clean_env, "Cleo,Ben", BOTH_WIN)  # Ben shares the win with Cleo

    assert stats(db, clean_env, "--lang", "en") == [
        "Tutto: 3 finished games.",
        "Ben: wins 2, games 3, average score 333, best score 1000, turns 4, banked turns 1, "
        "average banked turn 1000, Tuttos 2, Nieten 1.",
        # Equal wins: the higher average score first.
        "Cleo: wins 1, games 1, average score 1000, best score 1000, turns 1, banked turns 1, "
        "average banked turn 1000, Tuttos 0, Nieten 0.",
        "Anna: wins 1, games 2, average score 575, best score 1150, turns 2, banked turns 2, "
        "average banked turn 575, Tuttos 0, Nieten 0.",
    ]


def test_json_gives_the_interface_fields_most_wins_first(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Ben", BOTH_WIN)

    data = stats_json(db, clean_env)
    assert data["game"] == "tutto" and data["games"] == 2
    assert [p["name"] for p in data["players"]] == ["Anna", "Cleo", "Ben"]
    assert data["players"][0] == {"name": "Anna", "games": 1, "wins": 1, "average_score": 1150,
                                  "best_score": 1150, "turns": 2, "banked_turns": 2,
                                  "tuttos": 0, "nieten": 0, "average_banked_turn": 575}
    assert data["players"][2]["wins"] == 1 and data["players"][2]["games"] == 2


def test_a_name_typed_in_another_case_or_without_its_accent_is_the_same_player(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Zoé,Ben", ANNA_WINS)
    play(db, clean_env, "ZOE,Ben", ANNA_WINS)
    play(db, clean_env, "Ben,zoé", ANNA_WINS)

    players = stats_json(db, clean_env)["players"]
    assert [(p["name"], p["games"], p["wins"]) for p in players] == [("Zoé", 3, 2),
                                                                     ("Ben", 3, 1)]


def test_the_spelling_shown_is_the_most_frequent_and_on_a_tie_the_first_seen(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "anna,Ben", ANNA_WINS)
    play(db, clean_env, "ANNA,Ben", ANNA_WINS)
    assert stats_json(db, clean_env)["players"][0]["name"] == "anna"
    play(db, clean_env, "ANNA,Ben", ANNA_WINS)
    assert stats_json(db, clean_env)["players"][0]["name"] == "ANNA"


def test_running_and_abandoned_games_are_not_counted(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Anna,Dora", ANNA_WINS[:4])
    assert run(["games", "--db", str(db), "--abandon", "2"], clean_env).returncode == 0
    play(db, clean_env, "Anna,Eva", ANNA_WINS[:4])  # still running

    data = stats_json(db, clean_env)
    assert data["games"] == 1
    assert [p["name"] for p in data["players"]] == ["Anna", "Ben"]


def test_player_gives_only_that_players_line_matched_without_case_or_accents(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Zoé,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Dora", ANNA_WINS)

    assert stats(db, clean_env, "--player", "ZOE") == [
        "Tutto: 1 finished game.",
        "Zoé: wins 1, games 1, average score 1150, best score 1150, turns 2, banked turns 2, "
        "average banked turn 575, Tuttos 0, Nieten 0.",
    ]
    assert stats_json(db, clean_env, "--player", "ben")["games"] == 2
    assert stats(db, clean_env, "--player", "Xaver") == [
        "No finished game has a player called Xaver."]


def test_since_leaves_out_games_started_before_that_day(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Ben", ANNA_WINS)
    edit(db, "UPDATE games SET created = '2025-06-01T12:00:00.000000Z' WHERE id = 1")

    assert stats(db, clean_env, "--since", "2026-01-01")[:2] == [
        "Tutto since 2026-01-01: 1 finished game.",
        "Cleo: wins 1, games 1, average score 1150, best score 1150, turns 2, banked turns 2, "
        "average banked turn 575, Tuttos 0, Nieten 0.",
    ]
    assert stats_json(db, clean_env, "--since", "2025-01-01")["games"] == 2
    assert stats(db, clean_env, "--since", "2099-01-01") == [
        "No finished game was started on or after 2099-01-01."]


@pytest.mark.parametrize("edit_sql", [
    "UPDATE journal SET text = 'roll 999999' WHERE game_id = 1 AND seq = 2",
    "UPDATE games SET players = 'not json' WHERE id = 1",
    "UPDATE games SET rules = '{\"target\": \"abc\"}' WHERE id = 1",
])
def test_a_damaged_game_is_named_in_one_sentence_and_the_other_games_still_count(
        db: Path, clean_env: dict[str, str], edit_sql: str) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Ben", ANNA_WINS)
    edit(db, edit_sql)

    shown = stats(db, clean_env)
    assert shown[0] == "Tutto: 1 finished game."
    assert shown[1].startswith("Cleo: wins 1, games 1,")
    assert shown[-1] == "Game 1 is damaged and left out of the statistics."
    assert len(shown) == 4  # heading, Cleo, Ben, the damaged game

    result = run(["stats", "--db", str(db), "--format", "json"], clean_env)
    assert result.returncode == 0
    assert json.loads(result.stdout)["games"] == 1  # stdout stays JSON for scripts
    assert json.loads(result.stdout)["damaged_games"] == ["1"]
    assert result.stderr.splitlines() == ["Game 1 is damaged and left out of the statistics."]


def test_statistics_read_well_in_german_and_french(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)

    assert stats(db, clean_env, "--lang", "de")[:2] == [
        "Tutto: 1 beendetes Spiel.",
        "Anna: Siege 1, Spiele 1, Durchschnitt 1150, bester Stand 1150, Züge 2, Züge mit "
        "Punkten 2, Schnitt je Zug mit Punkten 575, Tuttos 0, Nieten 0.",
    ]
    assert stats(db, clean_env, "--lang", "fr")[:2] == [
        "Volle Lotte\u00a0: 1 partie terminée.",
        "Anna\u00a0: victoires 1, parties 1, score moyen 1150, meilleur score 1150, tours 2, tours "
        "marqués 2, moyenne d'un tour marqué 575, Volle Lotte 0, Rien 0.",
    ]
    # A Niete is "un Rien" at a French table, a name like Volle Lotte: it takes no plural.
    assert "Riens" not in " ".join(stats(db, clean_env, "--lang", "fr"))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_no_line_is_longer_than_the_width_and_a_number_keeps_its_word(
        db: Path, clean_env: dict[str, str], lang: str) -> None:
    play(db, clean_env, "Anna,Benedikt-Maximilian", ANNA_WINS)

    shown = stats(db, clean_env, "--lang", lang, "--width", "40")
    assert len(shown) > 3
    assert all(len(line) <= 40 for line in shown), shown
    assert not any(line.split()[0].rstrip(".,").isdigit() for line in shown), shown


def test_an_empty_or_missing_games_file_says_there_are_no_finished_games_and_stays_missing(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert stats(missing, clean_env) == ["There are no finished games yet."]
    assert not missing.exists()


@pytest.mark.parametrize("date", ["2026-02-30", "yesterday", "2026-1-5", "", "２０２６-01-01"])
def test_a_date_that_is_not_year_month_day_is_one_sentence_and_changes_nothing(
        db: Path, clean_env: dict[str, str], date: str) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    before = db.read_bytes()
    said = one_sentence(run(["stats", "--db", str(db), "--since", date], clean_env))
    assert said.endswith("is not a date: give it as year-month-day, for example 2026-01-31.")
    assert db.read_bytes() == before


@pytest.mark.parametrize("args, said", [
    (["--player", ""], "A player's name cannot be empty."),
    (["--player", "x" * 31], "That name is too long: a name has at most 30 characters."),
    (["--format", "xml"], "--format can be text or json, not xml."),
    (["--game", "chess"], "--game can be tutto, yatzee or tute, not chess."),
])
def test_a_bad_option_value_is_one_sentence_that_says_what_is_wrong(
        db: Path, clean_env: dict[str, str], args: list[str], said: str) -> None:
    assert one_sentence(run(["stats", "--db", str(db), *args], clean_env)) == said


def test_in_a_terminal_the_statistics_are_plain_lines_as_the_screen_shows_them(
        db: Path, clean_env: dict[str, str]) -> None:
    import pexpect
    import pyte

    from conftest import spawn_tutto

    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    child = spawn_tutto(["stats", "--lang", "de", "--width", "40", "--db", str(db)])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = pyte.Screen(200, 40)
    pyte.Stream(screen).feed(child.before)
    shown = [line.rstrip() for line in screen.display if line.strip()]
    assert shown[0] == "Tutto: 1 beendetes Spiel."
    assert shown[1:3] == ["Anna: Siege 1, Spiele 1,", "Durchschnitt 1150, bester Stand 1150,"]
    assert all(len(line) <= 40 for line in shown)


# -- what each game adds up to is kept, so a big file is fast the next time -------------------


def kept_figures(db: Path) -> dict[int, str]:
    conn = sqlite3.connect(db)
    try:
        return dict(conn.execute("SELECT game_id, figures FROM derived_figures"))
    finally:
        conn.close()


def kept_rows(db: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT game_id, digest, figures FROM derived_figures").fetchall()
    finally:
        conn.close()


def test_stats_keep_each_games_figures_in_the_games_file_for_the_next_run(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Ben", BOTH_WIN)
    first = stats(db, clean_env)

    assert sorted(kept_figures(db)) == [1, 2]
    assert json.loads(kept_figures(db)[1])["scores"] == [1150, 0]
    assert stats(db, clean_env) == first


def test_a_game_played_to_its_end_keeps_its_figures_at_once_and_an_undo_makes_them_stale(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    # No stats run yet: the figures were kept as the game ended, so none is replayed later.
    assert json.loads(kept_figures(db)[1])["scores"] == [1150, 0]
    kept_at_the_end = kept_rows(db)
    assert stats(db, clean_env)[0] == "Tutto: 1 finished game."
    assert kept_rows(db) == kept_at_the_end  # stats found them current: nothing kept anew
    # The last entry taken back at the game-over prompt: the game runs again and the kept
    # figures no longer count for it.
    undone = run(["--plain", "--lang", "en", "--db", str(db), "--resume", "1"], clean_env,
                 ["undo", "quit"])
    assert undone.returncode == 0, undone.stderr
    assert stats(db, clean_env) == ["There are no finished games yet."]


def test_a_game_edited_by_hand_after_its_figures_were_kept_is_replayed_and_named_damaged(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    play(db, clean_env, "Cleo,Ben", ANNA_WINS)
    assert stats(db, clean_env)[0] == "Tutto: 2 finished games."

    edit(db, "UPDATE journal SET text = 'roll 999999' WHERE game_id = 1 AND seq = 2")
    shown = stats(db, clean_env)
    assert shown[0] == "Tutto: 1 finished game."
    assert shown[-1] == "Game 1 is damaged and left out of the statistics."


def test_kept_figures_edited_into_nonsense_are_computed_again(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    first = stats(db, clean_env)
    edit(db, "UPDATE derived_figures SET figures = '{\"players\": 5}'")
    assert stats(db, clean_env) == first
    edit(db, "DROP TABLE derived_figures")
    edit(db, "CREATE TABLE derived_figures (x)")
    assert stats(db, clean_env) == first


def test_a_games_file_that_cannot_be_written_gives_the_statistics_and_stays_as_it_was(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    from faults import immutable

    folder = tmp_path / "stick"
    folder.mkdir()
    db = folder / "games.sqlite3"
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with immutable(db), immutable(folder):
        assert stats(db, clean_env)[0] == "Tutto: 1 finished game."
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_when_every_finished_game_is_damaged_only_the_damaged_games_are_named(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "Anna,Ben", ANNA_WINS)
    edit(db, "UPDATE journal SET text = 'roll 999999' WHERE game_id = 1 AND seq = 2")
    assert stats(db, clean_env) == ["Game 1 is damaged and left out of the statistics."]


def test_two_players_at_one_table_whose_names_differ_only_by_an_accent_stay_two_players(
        db: Path, clean_env: dict[str, str]) -> None:
    play(db, clean_env, "René,Rene", ANNA_WINS)
    play(db, clean_env, "rene,Ben", ANNA_WINS)

    players = stats_json(db, clean_env)["players"]
    assert [(p["name"], p["games"], p["wins"]) for p in players] == [
        ("René", 2, 2), ("Ben", 1, 0), ("Rene", 1, 0)]
