"""Where the points say nothing, the coach says the chance that matters.

Under Cloverleaf every way on is worth 0 points (the win is no points), so ``tipp``/``advice``
and ``--coach`` say the chance to win (two Tuttos) with the move that gives it; under
Plus/Minus only the Tutto counts, so they say its chance. ``coach --format json`` lists that
chance next to ``expected``. Through the real program.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import printed_lines
from tutto_a11y.cli.app import cli
from tutto_a11y.games.tutto.coach.solver import constants


def coach(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["coach", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    choices: list[dict[str, Any]] = json.loads(result.stdout)["choices"]
    return choices


def test_the_cloverleaf_json_lists_the_chance_to_win_next_to_expected() -> None:
    tutto = constants().plus_minus
    [start] = coach("--card", "cloverleaf", "--dice", "6", "--turn-total", "0")
    assert start == {"set_aside": [], "then": "roll", "expected": 0.0,
                     "chance": round(tutto[6] ** 2, 4)}
    choices = coach("--card", "cloverleaf", "--dice", "6", "--turn-total", "0", "--roll",
                    "1 1 2 3 4 6")
    assert [c["chance"] for c in choices] == sorted((c["chance"] for c in choices),
                                                    reverse=True)
    assert choices[0]["set_aside"] == [1]  # keeping one 1 leaves five dice for the Tutto
    assert choices[0]["chance"] == round(tutto[5] * tutto[6], 4)
    after_one = coach("--card", "cloverleaf", "--dice", "6", "--turn-total", "0", "--tuttos",
                      "1", "--roll", "1 1 2 3 4 6")
    assert after_one[0]["chance"] == round(tutto[5], 4)  # one Tutto more wins


def play(lang: str, lines: list[str], env: dict[str, str], db: Path, *options: str) -> list[str]:
    return printed_lines(["--plain", "--lang", lang, "--db", str(db), "--players", "Anna,Ben",
                          "--width", "400", *options], env, "\n".join(lines) + "\n")


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "Best chance to win: set aside the 1 and roll, 7.1 percent."),
    ("de", "tipp", "Beste Siegchance: die 1 herauslegen und weiterwürfeln, 7,1 Prozent."),
    ("fr", "avis", "Meilleure chance de gagner\u00a0: gardez le 1 et relancez, 7,1 pour cent."),
])
def test_advice_under_cloverleaf_says_the_chance_to_win_and_the_move(
        db: Path, clean_env: dict[str, str], lang: str, word: str, sentence: str) -> None:
    said = play(lang, ["clover", "1 1 2 3 4 6", word], clean_env, db)
    assert sentence in said
    assert not any(" 0 " in line and ("average" in line or "Mittel" in line
                                       or "moyenne" in line) for line in said)


def test_the_coach_after_each_roll_under_plus_minus_says_the_chance_of_the_tutto(
        db: Path, clean_env: dict[str, str]) -> None:
    said = play("de", ["plusminus", "1 5 2 3 4 6"], clean_env, db, "--coach")
    tutto = constants().plus_minus
    percent = f"{100 * tutto[5]:.1f}".replace(".", ",")
    assert any(line.endswith(f"Beste Chance auf das Tutto: die 1 herauslegen und weiterwürfeln, "
                             f"{percent} Prozent.") for line in said), said


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "Best chance of the Tutto: set aside the 1, 5 for the Tutto, 100.0 percent."),
    ("de", "tipp", "Beste Chance auf das Tutto: die 1, 5 zum Tutto herauslegen, 100,0 Prozent."),
    ("fr", "avis", "Meilleure chance de faire un Volle Lotte\u00a0: gardez les 1, 5 pour le "
                   "Volle Lotte, 100,0 pour cent."),
])
def test_the_plus_minus_tutto_is_set_aside_for_the_tutto_never_banked(
        db: Path, clean_env: dict[str, str], lang: str, word: str, sentence: str) -> None:
    # Under Plus/Minus the Tutto ends the turn with exactly 1000: there is no bank to choose.
    said = play(lang, ["plusminus", "1 2 3 4 6 6", "1", "1 2 3 4 6", "1", "1 2 3 4", "1",
                       "1 2 6", "1", "1 5", word], clean_env, db)
    assert sentence in said
    assert not any(bank in line for line in said for bank in ("and bank", "aufhören", "marquez"))


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "Set aside the 1, 1, 1, 1, 5, 5: the Cloverleaf's second Tutto wins the "
                     "game."),
    ("de", "tipp", "Die 1, 1, 1, 1, 5, 5 herauslegen: Das zweite Tutto beim Kleeblatt gewinnt "
                   "das Spiel."),
])
def test_advice_names_the_cloverleafs_second_tutto_as_the_win(
        db: Path, clean_env: dict[str, str], lang: str, word: str, sentence: str) -> None:
    said = play(lang, ["clover", "1 1 1 5 5 5", "", "1 1 1 1 5 5", word], clean_env, db)
    assert sentence in said
