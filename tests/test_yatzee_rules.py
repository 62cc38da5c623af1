"""Yatzee with 6 dice, as docs/rules/yatzee.md says it: the worked examples, the options, the end.

Each test is one rule or worked example of the rules file; the property tests at the end play
random legal games through the game contract only.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, cast

import pytest
from hypothesis import given, settings, strategies as st

from tutto_a11y.core.contract import Outcome, chance_total
from tutto_a11y.games.yatzee.rules import (
    ORDER,
    ROUNDS,
    Ending,
    Field,
    Game,
    IllegalEntry,
    MalformedEntry,
    Roll,
    Rules,
    Strike,
    Write,
    events as E,
    field_points,
    parse_entry,
)


def faces(text: str) -> tuple[int, ...]:
    return tuple(int(ch) for ch in text)


def play(game: Game, *texts: str) -> list[Any]:
    events: list[Any] = []
    for text in texts:
        events = game.push(parse_entry(text))
    return events


def written(events: list[Any]) -> E.Written:
    return next(e for e in events if isinstance(e, E.Written))


# -- the worked examples of the rule sheet ---------------------------------------------------

def test_a_house_of_three_4s_and_two_5s_on_the_first_roll_scores_32() -> None:
    game = Game(["Anna"])
    assert written(play(game, "roll 444551", "write house")).points == 12 + 10 + 10


def test_a_small_straight_on_the_second_roll_scores_20() -> None:
    game = Game(["Anna"])
    assert written(play(game, "roll 123366", "roll 123452",
                        "write small-straight")).points == 15 + 5


def test_a_royal_on_the_first_roll_scores_40() -> None:
    assert written(play(Game(["Anna"]), "roll 614253", "write royal")).points == 30 + 10


def test_a_yatzee_of_six_3s_on_the_second_roll_scores_73() -> None:
    game = Game(["Anna"])
    assert written(play(game, "roll 333124", "roll 333333", "write yatzee")).points == 73


def test_three_5s_written_in_fives_score_15_without_a_throw_bonus() -> None:
    event = written(play(Game(["Anna"]), "roll 555123", "write fives"))
    assert (event.points, event.throw_bonus) == (15, 0)


@pytest.mark.parametrize("field, points", [
    (Field.ONE_PAIR, 12), (Field.TWO_PAIRS, 16), (Field.FOUR_OF_A_KIND, 24),
    (Field.HOUSE, 22), (Field.THREE_OF_A_KIND, 18), (Field.CHANCE, 28)])
def test_6_6_6_6_2_2_on_the_third_roll_scores_as_the_rules_file_works_out(field: Field,
                                                                        points: int) -> None:
    assert field_points(field, faces("666622"), 3, Rules()) == points


def test_6_6_6_6_2_2_is_not_three_pairs_so_three_pairs_can_only_be_struck() -> None:
    game = Game(["Anna"])
    play(game, "roll 111111", "roll 123456", "roll 666622")
    with pytest.raises(IllegalEntry) as refused:
        game.push(Write(Field.THREE_PAIRS))
    assert refused.value.reason == "not-formed"
    assert written(game.push(Strike(Field.THREE_PAIRS))).points == 0


def test_writing_ones_with_no_1_on_the_table_scores_0() -> None:
    event = written(play(Game(["Anna"]), "roll 234566", "write ones"))
    assert (event.points, event.struck) == (0, False)


def test_a_struck_lower_field_never_gets_the_throw_bonus() -> None:
    event = written(play(Game(["Anna"]), "roll 444551", "strike house"))
    assert (event.points, event.throw_bonus, event.struck) == (0, 0, True)


# -- the fields -------------------------------------------------------------------------------

@pytest.mark.parametrize("field, dice, points", [
    (Field.ONE_PAIR, "552266", 12), (Field.TWO_PAIRS, "552266", 22),
    (Field.THREE_PAIRS, "552266", 26), (Field.THREE_OF_A_KIND, "222555", 15),
    (Field.TWO_TRIPLES, "222555", 21), (Field.HOUSE, "555444", 23),
    (Field.FOUR_OF_A_KIND, "333333", 12), (Field.LARGE_STRAIGHT, "623451", 20),
    (Field.SMALL_STRAIGHT, "123456", 15), (Field.CHANCE, "123456", 21),
    (Field.SIXES, "666666", 36)])
def test_a_field_takes_the_highest_choice_of_dice_that_forms_it(field: Field, dice: str,
                                                                points: int) -> None:
    assert field_points(field, faces(dice), 3, Rules()) == points


@pytest.mark.parametrize("field, dice", [
    (Field.HOUSE, "333333"), (Field.TWO_PAIRS, "666612"), (Field.THREE_PAIRS, "111234"),
    (Field.TWO_TRIPLES, "666612"), (Field.SMALL_STRAIGHT, "234566"),
    (Field.LARGE_STRAIGHT, "123451"), (Field.ROYAL, "123455"), (Field.YATZEE, "333332"),
    (Field.FOUR_OF_A_KIND, "333222"), (Field.ONE_PAIR, "123456")])
def test_dice_that_do_not_form_a_lower_field_are_worth_nothing_but_a_strike(field: Field,
                                                                          dice: str) -> None:
    assert field_points(field, faces(dice), 1, Rules()) is None


def test_the_throw_bonus_is_10_5_or_0_by_the_roll_the_turn_ends_on() -> None:
    assert [field_points(Field.CHANCE, faces("123456"), roll, Rules())
            for roll in (1, 2, 3)] == [31, 26, 21]


# -- a turn -----------------------------------------------------------------------------------

def test_a_turn_has_at_most_three_rolls() -> None:
    game = Game(["Anna"])
    play(game, "roll 111111", "roll 222222", "roll 333333")
    with pytest.raises(IllegalEntry) as refused:
        game.push(Roll(faces("444444")))
    assert refused.value.reason == "no-more-rolls"


def test_any_six_faces_are_accepted_for_the_second_and_third_roll() -> None:
    game = Game(["Anna"])
    play(game, "roll 111111", "roll 654321", "roll 222222")
    assert game.state.faces == faces("222222")


def test_a_roll_must_have_six_faces() -> None:
    with pytest.raises(IllegalEntry) as refused:
        Game(["Anna"]).push(Roll(faces("12345")))
    assert refused.value.data == {"expected": 6, "got": 5}


def test_no_field_is_written_or_struck_before_the_first_roll() -> None:
    for entry in (Write(Field.CHANCE), Strike(Field.YATZEE)):
        with pytest.raises(IllegalEntry) as refused:
            Game(["Anna"]).push(entry)
        assert refused.value.reason == "roll-first"


def test_a_filled_field_cannot_be_written_or_struck_again() -> None:
    game = Game(["Anna"])
    play(game, "roll 123456", "write chance", "roll 123456")
    for entry in (Write(Field.CHANCE), Strike(Field.CHANCE)):
        with pytest.raises(IllegalEntry) as refused:
            game.push(entry)
        assert (refused.value.reason, refused.value.data["points"]) == ("field-filled", 31)


def test_every_turn_fills_one_field_and_passes_to_the_next_seat() -> None:
    game = Game(["Anna", "Ben"])
    events = play(game, "roll 123456", "write royal")
    over = next(e for e in events if isinstance(e, E.TurnOver))
    assert (over.next_seat, over.new_round, game.state.seat) == (1, None, 1)
    events = play(game, "roll 123456", "write royal")
    assert next(e for e in events if isinstance(e, E.TurnOver)).new_round == 2


# -- bonus and total --------------------------------------------------------------------------

def test_the_upper_bonus_of_50_comes_at_an_upper_sum_of_84() -> None:
    game = Game(["Anna"])
    play(game, "roll 111166", "write ones", "roll 222266", "write twos",
         "roll 333366", "write threes", "roll 444466", "write fours", "roll 555566")
    events = play(game, "write fives")
    assert not any(isinstance(e, E.BonusReached) for e in events)
    events = play(game, "roll 666611", "write sixes")  # 4+8+12+16+20+24 = 84
    assert E.BonusReached(0, 84, 50) in events
    assert (game.upper(0), game.bonus(0), game.total(0)) == (84, 50, 134)


def test_the_bonus_is_said_out_of_reach_once_when_the_upper_sum_can_no_longer_get_there() -> None:
    game = Game(["Anna"])
    play(game, "roll 222222", "strike sixes", "roll 222222", "strike fives")  # at most 72
    reached = [e for e in game.all_events() if isinstance(e, E.BonusOutOfReach)]
    assert reached == [E.BonusOutOfReach(0, 0, 60)]  # 6 + 12 + 18 + 24: said at the second


def test_yatzee_fixed_50_scores_50_and_the_throw_bonus() -> None:
    rules = Rules().with_option("yatzee", "fixed-50")
    assert field_points(Field.YATZEE, faces("333333"), 2, rules) == 55


def test_throw_bonus_off_adds_nothing_to_the_lower_section() -> None:
    rules = Rules().with_option("throw-bonus", "off")
    assert field_points(Field.HOUSE, faces("444551"), 1, rules) == 22


def test_the_upper_bonus_option_sets_threshold_and_points() -> None:
    rules = Rules().with_option("upper-bonus", "63:35")
    assert (rules.bonus_threshold, rules.bonus_points) == (63, 35)


@pytest.mark.parametrize("name, value", [("throw-bonus", "maybe"), ("yatzee", "100"),
                                         ("upper-bonus", "84"), ("upper-bonus", "200:50"),
                                         ("target", "6000")])
def test_a_rule_option_that_the_rules_file_does_not_give_is_refused(name: str,
                                                                   value: str) -> None:
    with pytest.raises(MalformedEntry) as refused:
        Rules().with_option(name, value)
    assert refused.value.reason in ("bad-rule-value", "unknown-rule")


def test_equal_totals_share_the_win() -> None:
    game = Game(["Anna", "Ben"])
    for _ in range(ROUNDS):
        for seat in range(2):
            field = game.state.free(seat)[0]
            play(game, "roll 123456", f"strike {field.value}")
    assert game.outcome() == Outcome(Ending.LAST_FIELD, (0, 1))


# -- the game contract ------------------------------------------------------------------------

def test_the_next_roll_is_chance_with_exact_probabilities_until_the_third() -> None:
    game = Game(["Anna"])
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 462 and chance_total(outcomes) == 1
    six_3s = next(o for o in outcomes if o.entry == Roll(faces("333333")))
    assert six_3s.probability == Fraction(1, 6 ** 6)
    assert game.legal_entries() == []  # nothing to decide before the first roll
    play(game, "roll 111111", "roll 111111", "roll 111111")
    assert game.chance_outcomes() == []


def test_the_decisions_are_writing_a_formed_field_or_striking_any_free_one() -> None:
    game = Game(["Anna"])
    play(game, "roll 123456")
    legal = set(game.legal_entries())
    assert Write(Field.ROYAL) in legal and Write(Field.YATZEE) not in legal
    assert {Strike(f) for f in ORDER} <= legal


def test_undo_takes_back_entries_across_turns() -> None:
    game = Game(["Anna", "Ben"])
    play(game, "roll 123456", "write royal", "roll 111111")
    assert game.pop() == Roll(faces("111111"))
    assert game.pop() == Write(Field.ROYAL)
    assert (game.state.seat, game.state.faces, game.state.free(0)[-4]) == \
        (0, faces("123456"), Field.ROYAL)


def random_game(rng: random.Random, players: int) -> Game:
    """A game played to its end through the contract only: chance and legal decisions."""
    game = Game([f"P{i}" for i in range(players)])
    while not game.finished:
        chance, decisions = game.chance_outcomes(), game.legal_entries()
        if chance and (not decisions or rng.random() < 0.5):
            entry = rng.choices([c.entry for c in chance],
                                weights=[float(c.probability) for c in chance])[0]
        else:
            entry = rng.choice(decisions)
        game.push(entry)
    return game


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.integers(1, 4))
def test_a_random_legal_game_ends_after_18_rounds_with_every_field_filled(seed: int,
                                                                         players: int) -> None:
    game = random_game(random.Random(seed), players)
    records = game.turn_records()
    assert len(records) == ROUNDS * players
    for seat in range(players):
        sheet = game.state.sheets[seat]
        assert None not in sheet
        sheet = cast(tuple[int, ...], sheet)  # every field written, as just asserted
        assert sum(1 for r in records if r.seat == seat) == ROUNDS
        bonus = 50 if sum(sheet[:6]) >= 84 else 0
        assert game.total(seat) == sum(sheet) + bonus
    assert game.outcome() is not None


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_a_journal_replays_to_the_same_game(seed: int) -> None:
    game = random_game(random.Random(seed), 2)
    again = Game.replay(game.players, game.rules, game.entry_texts())
    assert again.state == game.state
