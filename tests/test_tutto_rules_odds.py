"""The chance of a Niete (docs/rules/tutto.md section 2, Street in section 4), counted out."""

from fractions import Fraction
from itertools import combinations, product

import pytest

from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.dice import is_niete, street_new_faces
from tutto_a11y.games.tutto.rules.odds import niete_chance, street_niete_chance
from tutto_play import enter

RULES_MD = {1: Fraction(4, 6), 2: Fraction(16, 36), 3: Fraction(60, 216),
            4: Fraction(204, 1296), 5: Fraction(600, 7776), 6: Fraction(1440, 46656)}


@pytest.mark.parametrize("dice", range(1, 7))
def test_the_niete_chance_with_n_dice_is_the_one_in_rules_md(dice: int) -> None:
    assert niete_chance(dice) == RULES_MD[dice]


@pytest.mark.parametrize("dice", range(1, 7))
def test_the_niete_chance_equals_counting_every_roll(dice: int) -> None:
    rolls = list(product(range(1, 7), repeat=dice))
    assert niete_chance(dice) == Fraction(sum(map(is_niete, rolls)), len(rolls))


ALL_SET_ASIDE_FACES = [faces for k in range(6) for faces in combinations(range(1, 7), k)]


@pytest.mark.parametrize("aside", ALL_SET_ASIDE_FACES)
def test_the_street_niete_chance_equals_counting_every_roll(aside: tuple[int, ...]) -> None:
    dice = 6 - len(aside)
    rolls = list(product(range(1, 7), repeat=dice))
    count = sum(1 for roll in rolls if not street_new_faces(roll, aside))
    assert street_niete_chance(dice, missing=dice) == Fraction(count, len(rolls))


def test_the_game_tells_the_niete_chance_of_the_dice_in_hand() -> None:
    game = Game(["Anna", "Ben"])
    assert game.odds() is None  # a card comes first
    enter(game, "card bonus-200")
    assert game.odds() == Fraction(1440, 46656)
    enter(game, "roll 111234")
    assert game.odds() is None  # a set-aside comes first
    enter(game, "aside 111")
    assert game.odds() == Fraction(60, 216)
    enter(game, "roll 155", "aside 1")
    assert game.odds() == Fraction(16, 36)


def test_the_game_tells_the_street_niete_chance_from_the_faces_still_missing() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card street")
    assert game.odds() == 0  # six dice always show a new face
    enter(game, "roll 444442", "aside 42")
    assert game.odds() == Fraction(2, 6) ** 4
    enter(game, "roll 1111", "aside 1", "roll 663", "aside 63")
    assert game.odds() == Fraction(5, 6)  # one die: only a 5 helps
