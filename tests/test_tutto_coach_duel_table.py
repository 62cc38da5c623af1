"""Two players at the table: ``coach --duel`` solves the game once into the user cache folder,
and ``advice`` and ``odds`` then say each player's chance to win and play to win the game.

The solve runs through the real program at a small target (300 points: seconds, not minutes),
in a cache folder of this module's own; the chance it reports is checked by a second method, a
Monte Carlo of whole games through the rules engine with both players following the advice.
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pexpect
import pytest

from conftest import one_sentence, spawn_tutto, tutto_command
from table_harness import run_program
from tutto_play import keep_every_win_table

pytestmark = pytest.mark.slow  # the module's fixture solves to 300 through the real program

TARGET = 300
FIRST_PLAYER = "43.11"  # percent, the figure of docs/coach.md's table at target 300


def _env(cache: Path, data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", XDG_DATA_HOME=str(data),
               XDG_CACHE_HOME=str(cache), TUTTO_SPEECH="0", PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return env


def _duel(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(tutto_command() + ["coach", "--duel", *args], capture_output=True,
                          text=True, env=env, timeout=900)


def _kept(cache: Path) -> list[Path]:
    return sorted((cache / "tutto-tally" / "coach").glob("*"))


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """The first solve at target 300, through the real program, into a fresh cache folder."""
    cache = tmp_path_factory.mktemp("duel-cache")
    env = _env(cache, tmp_path_factory.mktemp("duel-data"))
    return SimpleNamespace(cache=cache, env=env, first=_duel(env, "--target", str(TARGET)))


@pytest.fixture
def kept(solved: SimpleNamespace, monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """The solved cache folder as this test's user cache folder (for the program it starts)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(solved.cache))
    return solved


def test_the_first_duel_solve_says_its_progress_in_lines_and_keeps_one_file_in_the_cache(
        solved: SimpleNamespace) -> None:
    first = solved.first
    assert first.returncode == 0 and first.stderr == "", first.stderr
    lines = first.stdout.splitlines()
    assert lines[0] == ("Solving the two-player game to 300 points once; at the standard "
                        "target this takes minutes.")
    steps = [line for line in lines if line.startswith("Solving the two-player game: ")
             and line.endswith(" percent done.")]
    percents = [int(line.split(": ")[1].split()[0]) for line in steps]
    assert percents == sorted(set(percents)) and len(percents) >= 5 and percents[-1] == 100
    assert lines[-1] == (f"The first player wins {FIRST_PLAYER} percent of two-player games to "
                         "300 points; a tie counts for the second player.")
    assert "\r" not in first.stdout and "\x1b" not in first.stdout  # no redrawn bar
    files = _kept(solved.cache)
    assert len(files) == 1 and files[0].name.startswith("duel-300-")
    assert files[0].suffix == ".npz"


def test_a_second_duel_run_reads_the_kept_file_and_solves_nothing(solved: SimpleNamespace) -> None:
    again = _duel(solved.env, "--rule", f"target={TARGET}", "--lang", "de")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [
        f"Wer anfängt, gewinnt {FIRST_PLAYER.replace('.', ',')} Prozent der Spiele zu zweit "
        "bis 300 Punkte; ein Gleichstand zählt für den zweiten Spieler."]
    answer = _duel(solved.env, "--target", str(TARGET), "--format", "json")
    assert answer.stderr == ""
    data = json.loads(answer.stdout)
    assert data["solved_now"] is False and data["target"] == TARGET
    assert round(data["first_player"] * 100, 2) == float(FIRST_PLAYER)
    assert data["first_player"] + data["second_player"] == pytest.approx(1)


def test_a_damaged_kept_file_is_solved_again_and_json_keeps_the_progress_off_stdout(
        solved: SimpleNamespace, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(solved.cache, cache)
    (kept_file,) = _kept(cache)
    kept_file.write_bytes(kept_file.read_bytes()[:200])  # cut off, as by a full disk
    env = _env(cache, tmp_path / "data")
    answer = _duel(env, "--target", str(TARGET), "--format", "json", "--lang", "fr")
    assert answer.returncode == 0, answer.stderr
    data = json.loads(answer.stdout)  # stdout holds the JSON and nothing else
    assert data["solved_now"] is True
    assert round(data["first_player"] * 100, 2) == float(FIRST_PLAYER)
    progress = answer.stderr.splitlines()
    assert progress and all(line.startswith(("Calcul unique", "Partie à deux joueurs\u00a0: "))
                            for line in progress), progress
    assert [p.name for p in _kept(cache)] == [kept_file.name]  # no temporary file left


def test_a_file_of_other_rules_or_no_chances_under_the_name_is_not_trusted(
        kept: SimpleNamespace) -> None:
    import numpy as np

    from tutto_a11y.games.tutto.coach import cache
    from tutto_a11y.games.tutto.rules import Rules

    rules = Rules(target=TARGET)
    good = cache.read(rules)
    assert good is not None
    path = cache.path_for(rules)
    original = path.read_bytes()
    try:
        other = Rules(target=TARGET, street_after="ends-turn")  # a foreign file, same shape
        cache.write(cache.Solved(other, good.win, good.last))
        os.replace(cache.path_for(other), path)
        assert cache.read(rules) is None
        cache.write(cache.Solved(rules, good.win * 3, good.last))  # not chances
        assert cache.read(rules) is None
        cache.write(cache.Solved(rules, np.full_like(good.win, np.nan), good.last))
        assert cache.read(rules) is None
    finally:
        path.write_bytes(original)
        cache._read.cache_clear()


CHANCES = {"en": "Chance to win: Anna 43 percent, Ben 57 percent.",
           "de": "Siegchance: Anna 43 Prozent, Ben 57 Prozent.",
           "fr": "Chance de gagner\u00a0: Anna 43 pour cent, Ben 57 pour cent."}
TO_WIN_ROLL = {"en": "To win the game: roll.", "de": "Zum Sieg: würfeln.",
               "fr": "Pour gagner la partie\u00a0: relancez."}
WORDS = {"en": ("odds", "advice"), "de": ("chancen", "tipp"), "fr": ("chances", "avis")}


def _start(tmp_path: Path, lang: str, target: int, *extra: str) -> pexpect.spawn:
    child = spawn_tutto(["play", "--plain", "--lang", lang, "--players", "Anna,Ben",
                         "--target", str(target), "--width", "200",
                         "--db", str(tmp_path / "games.sqlite3"),
                         *extra])
    child.expect("Anna")
    return child


def _said(child: pexpect.spawn, line: str, expected: str) -> None:
    child.sendline(line)
    child.expect_exact(expected)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_odds_and_advice_say_each_players_chance_to_win_when_the_game_is_solved(
        kept: SimpleNamespace, tmp_path: Path, lang: str) -> None:
    odds, advice = WORDS[lang]
    child = _start(tmp_path, lang, TARGET)
    _said(child, odds, CHANCES[lang])
    _said(child, advice, CHANCES[lang])
    # 250 at risk with 2 dice under Bonus 200, both at 0: the points say bank, a win says roll.
    for line in ("bonus-200", "1 5 5 2 3 4", "1 5 5", "5 2 3", "5"):
        child.sendline(line)
    _said(child, advice, TO_WIN_ROLL[lang] + " " + CHANCES[lang].split(":")[0] + ":")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_coach_plays_to_win_a_solved_game_and_for_points_otherwise(
        kept: SimpleNamespace, tmp_path: Path) -> None:
    moves = ("bonus-200", "1 5 5 2 3 4", "1 5 5", "5 2 3", "5")
    solved_game = _start(tmp_path, "en", TARGET)
    for line in moves:
        solved_game.sendline(line)
    _said(solved_game, "advice", "To win the game: roll. Chance to win: Anna 37 percent, "
                                 "Ben 63 percent.")
    _said(solved_game, "odds", "Risk of a Niete with 2 dice: 44 percent. Chance to win: "
                               "Anna 37 percent, Ben 63 percent.")
    solved_game.sendline("quit")
    solved_game.expect(pexpect.EOF)
    # Target 350 was never solved: points advice, and not a word about chances to win.
    other = _start(tmp_path / "other", "en", 350)
    for line in moves:
        other.sendline(line)
    other.sendline("advice")
    other.expect_exact("Bank now: 250.")
    other.sendline("odds")
    other.expect_exact("Risk of a Niete with 2 dice: 44 percent.")
    other.sendline("quit")
    other.expect(pexpect.EOF)
    assert "Chance to win" not in other.before


def test_brief_advice_says_the_move_to_win_and_its_chance_in_few_words(
        kept: SimpleNamespace, tmp_path: Path) -> None:
    child = _start(tmp_path, "en", TARGET, "--verbosity", "brief")
    for line in ("bonus-200", "1 5 5 2 3 4", "1 5 5", "5 2 3", "5"):
        child.sendline(line)
    _said(child, "advice", "Advice to win: roll, 37 percent.")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_first_players_chance_agrees_with_a_monte_carlo_of_games_played_as_advised(
        kept: SimpleNamespace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second method: whole games through the rules engine, each card drawn from a full
    deck's proportions as the solve assumes, both players doing what ``advice`` would say.

    The table keeps the coach of its last eight turns and makes the last turn's coach anew
    at each ``advice`` (a table asks a few times a turn), with the tables of its last sixteen
    stakes; 8000 games ask thousands of times, so here every coach and table made is kept
    for the whole run: the same pure functions of the same arguments, the same answers, in
    about a fifth of the time."""
    from testbed.tutto_simulator import play_as_advised, remembered
    from tutto_a11y.games.tutto.coach import cache, duelcoach
    from tutto_a11y.games.tutto.coach.choices import Choice
    from tutto_a11y.games.tutto.coach.duelcoach import mover_choices
    from tutto_a11y.games.tutto.coach.position import from_state
    from tutto_a11y.games.tutto.coach.winning import WinCoach
    from tutto_a11y.games.tutto.rules import Game, Rules, State

    monkeypatch.setattr(duelcoach, "WinCoach", functools.cache(WinCoach))
    monkeypatch.setattr(duelcoach, "_turn", functools.cache(duelcoach._turn.__wrapped__))
    keep_every_win_table(monkeypatch)
    solved = cache.read(Rules(target=TARGET))
    assert solved is not None
    rng = random.Random(2026)
    def choose(s: State) -> Choice:
        found = mover_choices(solved, s, from_state(s))
        assert found is not None  # the solve covers every decision of a game to its target
        return found[1][0]

    best = remembered(choose)

    def play() -> tuple[int, ...]:
        return play_as_advised(Game(["Anna", "Ben"], solved.rules), best, rng)

    games = 8000
    won = sum(play() == (0,) for _ in range(games)) / games  # a tie counts for seat 1
    p = solved.first_player
    assert abs(won - p) <= 2.58 * (p * (1 - p) / games) ** 0.5, (won, p)  # 99 % interval


@pytest.mark.parametrize("args, lang, words", [
    (["--duel", "--card", "x2"], "en", "--duel solves the whole game"),
    (["--duel", "--after-tutto"], "de", "--duel rechnet das ganze Spiel durch"),
    (["--duel", "--rule", "x2-scope=card"], "fr", "x2-scope=turn"),
    (["--duel", "--rule", "score-floor=none"], "en", "score-floor=zero"),
    (["--duel", "--target", "75"], "de", "75"),
    (["--duel", "--target", "20000"], "fr", "10000"),
    (["--card", "x2", "--dice", "6", "--turn-total", "0", "--target", "500", "--format",
      "json"], "en", "--target is only for --duel"),
    (["--card", "x2", "--dice", "6", "--turn-total", "0"], "fr", "ajoutez --format json"),
])
def test_a_wrong_duel_question_gets_one_sentence_in_the_language_and_status_2(
        args: list[str], lang: str, words: str, clean_env: dict[str, str], tmp_path: Path) -> None:
    clean_env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    result = run_program(["coach", "--lang", lang, *args], clean_env)
    sentence = one_sentence(result)
    assert words in sentence
    assert not (tmp_path / "cache").exists()  # nothing solved, nothing written


def test_when_the_first_to_the_target_wins_at_once_the_advice_plays_to_win_near_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # game-end=immediate, target 300: with 250 at risk and two dice the points say bank, but
    # banking leaves Ben the first chance to reach 300; rolling on wins more often.
    env = _env(tmp_path / "cache", tmp_path / "data")
    solve = _duel(env, "--target", str(TARGET), "--rule", "game-end=immediate")
    assert solve.returncode == 0, solve.stderr
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    child = _start(tmp_path, "en", TARGET, "--rule", "game-end=immediate")
    for line in ("bonus-200", "1 5 5 2 3 4", "1 5 5", "5 2 3", "5"):
        child.sendline(line)
    _said(child, "advice", "To win the game: roll. Chance to win: Anna 69 percent, "
                           "Ben 31 percent.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
