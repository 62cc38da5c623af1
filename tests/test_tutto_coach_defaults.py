"""``coach --format json`` infers what a position forces and refuses only what is ambiguous.

With all six dice in hand the card has just been drawn, so nothing was made under it yet;
under Street before a roll only how many faces are set aside matters, not which.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import one_sentence
from table_harness import run_program
from tutto_a11y.cli.app import cli

ADDS = ("--rule", "plus-minus=adds-1000-may-continue")


def coach(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["coach", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    choices: list[dict[str, Any]] = json.loads(result.stdout)["choices"]
    return choices


def test_with_six_dice_in_hand_nothing_was_made_under_the_plus_minus_card_yet() -> None:
    inferred = coach("--card", "plus-minus", "--dice", "6", "--turn-total", "2000", *ADDS)
    assert inferred == coach("--card", "plus-minus", "--dice", "6", "--turn-total", "2000",
                             "--card-points", "0", *ADDS)
    # The 2000 carried in stay in the turn total after the Tutto: far more than 1000 alone.
    assert inferred[0]["expected"] > coach("--card", "plus-minus", "--dice", "6",
                                           "--turn-total", "2000", "--card-points", "2000",
                                           *ADDS)[0]["expected"] + 400


@pytest.mark.slow  # x2 over the card's scope solves for two seconds
def test_with_six_dice_under_x2_of_the_card_only_the_points_to_come_are_doubled() -> None:
    x2 = ("--card", "x2", "--dice", "6", "--turn-total", "1000", "--rule", "x2-scope=card")
    assert coach(*x2) == coach(*x2, "--card-points", "0")


def test_fewer_dice_still_take_the_whole_turn_total_as_made_under_the_card() -> None:
    args = ("--card", "plus-minus", "--dice", "3", "--turn-total", "600", *ADDS)
    assert coach(*args) == coach(*args, "--card-points", "600")


def test_under_street_before_a_roll_any_faces_do_for_the_dice_not_in_hand() -> None:
    for dice in range(1, 6):
        inferred = coach("--card", "street", "--dice", str(dice), "--turn-total", "300")
        for faces in ("1 2 3 4 5", "2 3 4 5 6", "6 1 4 2 3"):
            shown = " ".join(faces.split()[:6 - dice])
            assert inferred == coach("--card", "street", "--dice", str(dice), "--turn-total",
                                     "300", "--faces", shown)


def test_under_street_a_roll_without_the_faces_set_aside_is_refused_in_one_sentence(
        clean_env: dict[str, str]) -> None:
    result = run_program(["coach", "--card", "street", "--dice", "5", "--turn-total", "0",
                          "--roll", "1 2 3 4 5", "--format", "json", "--lang", "de"], clean_env)
    assert one_sentence(result) == ("Unter Straße hängen die neuen Augen des Wurfs davon ab, "
                                    "welche schon herausgelegt sind: Gib sie mit --faces an.")
