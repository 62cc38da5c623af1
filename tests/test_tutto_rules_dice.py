"""docs/rules/tutto.md section 2: scoring dice under normal cards, and what a Niete is."""

import pytest

from tutto_a11y.games.tutto.rules import Game, IllegalEntry, Step, parse_entry
from tutto_a11y.games.tutto.rules.events import Niete, SetAsideDone
from tutto_play import enter

PLAYERS = ("Anna", "Ben")


def after_roll(roll: str, card: str = "bonus-200") -> Game:
    """A game waiting for the set-aside from the turn's first roll."""
    game = Game(PLAYERS)
    enter(game, f"card {card}", f"roll {roll}")
    return game


def points_of(roll: str, aside: str) -> int:
    """The points the set-aside earns, as announced."""
    events = after_roll(roll).push(parse_entry(f"aside {aside}"))
    done = [e for e in events if isinstance(e, SetAsideDone)]
    assert len(done) == 1
    return done[0].points


def refusal(roll: str, aside: str) -> IllegalEntry:
    game = after_roll(roll)
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry(f"aside {aside}"))
    return caught.value


@pytest.mark.parametrize("roll, aside, points", [
    ("123466", "1", 100),
    ("234566", "5", 50),
    ("152346", "15", 150),
    ("112346", "11", 200),
    ("552346", "55", 100),
])
def test_each_single_1_scores_100_and_each_single_5_scores_50(
        roll: str, aside: str, points: int) -> None:
    assert points_of(roll, aside) == points


@pytest.mark.parametrize("face, points", [(1, 1000), (2, 200), (3, 300), (4, 400), (5, 500),
                                          (6, 600)])
def test_three_of_a_face_score_the_triple_value(face: int, points: int) -> None:
    others = "".join(str(f) for f in (2, 3, 4, 6) if f != face)[:3]
    assert points_of(f"{face}{face}{face}{others}", f"{face}{face}{face}") == points


def test_three_1s_are_1000_never_300() -> None:
    assert points_of("111234", "111") == 1000


def test_four_1s_are_1000_plus_100() -> None:
    assert points_of("111123", "1111") == 1100


def test_four_5s_are_500_plus_50() -> None:
    assert points_of("555523", "5555") == 550


def test_five_1s_are_a_triple_and_two_singles() -> None:
    assert points_of("111112", "11111") == 1200


def test_six_1s_are_2000() -> None:
    assert points_of("111111", "111111") == 2000


def test_six_5s_are_two_triples() -> None:
    assert points_of("555555", "555555") == 1000


def test_six_2s_are_two_triples_of_200() -> None:
    assert points_of("222222", "222222") == 400


def test_two_2s_and_three_3s_count_as_two_triples_2_2_2_3_3_3_is_500() -> None:
    assert points_of("222333", "222333") == 500


def test_a_triple_with_a_single_1_and_a_single_5() -> None:
    assert points_of("444152", "44415") == 550


def test_four_twos_cannot_all_be_set_aside() -> None:
    error = refusal("222213", "2222")
    assert error.reason == "die-does-not-score"
    assert error.data == {"face": 2, "count": 4}  # three of them would count


def test_three_of_four_twos_may_be_set_aside() -> None:
    assert points_of("222213", "222") == 200


@pytest.mark.parametrize("face", [2, 3, 4, 6])
def test_a_single_die_other_than_1_or_5_does_not_score(face: int) -> None:
    error = refusal("123466", str(face))
    assert error.reason == "die-does-not-score"
    assert error.data == {"face": face, "count": 1}


def test_every_set_aside_die_must_score_even_beside_scoring_dice() -> None:
    error = refusal("152346", "152")
    assert (error.reason, error.data) == ("die-does-not-score", {"face": 2, "count": 1})


def test_triples_count_only_when_thrown_in_one_roll() -> None:
    # Two 1s in the first roll, a third 1 in the next: 100 + 100 + 100, never 1000.
    game = after_roll("112346")
    enter(game, "aside 11", "roll 1234", "aside 1")
    assert game.state.turn_total == 300


def test_dice_set_aside_in_different_rolls_never_form_a_triple_2_2_then_2_is_refused() -> None:
    game = after_roll("122346")
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("aside 122"))
    assert caught.value.data == {"face": 2, "count": 2}
    enter(game, "aside 1", "roll 21536")
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("aside 2"))
    assert (caught.value.reason, caught.value.data) == ("die-does-not-score",
                                                        {"face": 2, "count": 1})


def test_a_fourth_die_of_a_triple_in_the_next_roll_does_not_score() -> None:
    game = after_roll("222135")
    enter(game, "aside 222", "roll 215")
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("aside 2"))
    assert caught.value.data == {"face": 2, "count": 1}


def test_1_2_3_4_5_6_outside_a_street_card_is_150_via_all() -> None:
    game = after_roll("123456")
    assert game.expect().best == (1, 5)
    game.push(game.set_aside_all())
    assert game.state.turn_total == 150
    assert game.state.dice == 4


@pytest.mark.parametrize("roll, best, points", [
    ("122256", (1, 2, 2, 2, 5), 350),
    ("222223", (2, 2, 2), 200),
    ("111155", (1, 1, 1, 1, 5, 5), 1200),
    ("333444", (3, 3, 3, 4, 4, 4), 700),
    ("666612", (1, 6, 6, 6), 700),
])
def test_all_sets_aside_every_scoring_die_for_the_most_points(
        roll: str, best: tuple[int, ...], points: int) -> None:
    game = after_roll(roll)
    assert tuple(sorted(game.expect().best)) == best
    done = game.push(game.set_aside_all())[0]
    assert isinstance(done, SetAsideDone)
    assert (tuple(sorted(done.faces)), done.points) == (best, points)


def with_dice_in_hand(dice: int) -> Game:
    """A game under Bonus 300 with ``dice`` dice in hand (the others set aside as 1s)."""
    game = Game(PLAYERS)
    enter(game, "card bonus-300")
    if dice < 6:
        ones = 6 - dice
        enter(game, "roll " + "1" * ones + "23462"[:dice], "aside " + "1" * ones)
    assert game.state.dice == dice
    return game


@pytest.mark.parametrize("roll", ["223346", "234466", "2", "34", "226", "2346", "22446"])
def test_a_roll_with_no_1_no_5_and_no_three_of_a_kind_is_a_niete(roll: str) -> None:
    game = with_dice_in_hand(len(roll))
    lost = game.state.turn_total
    events = game.push(parse_entry(f"roll {roll}"))
    assert [e for e in events if isinstance(e, Niete)] == [Niete(0, lost, False, lost)]
    assert game.state.seat == 1
    assert game.state.scores == (0, 0)


@pytest.mark.parametrize("roll", ["123466", "234566", "222346", "666234", "444236"])
def test_a_roll_with_a_1_a_5_or_a_triple_is_no_niete(roll: str) -> None:
    game = after_roll(roll)
    assert game.state.step is Step.SET_ASIDE
    assert game.state.seat == 0
