"""docs/rules/tutto.md section 7: every worked example, entry by entry, under the default rules."""

from typing import Any

from tutto_a11y.games.tutto.rules import Card, Game, Step, parse_entry
from tutto_a11y.games.tutto.rules.events import (
    Banked,
    CardDrawn,
    FinalRound,
    FireworksBanked,
    GameOver,
    Niete,
    Penalty,
    PlusMinusScored,
    Rolled,
    SetAsideDone,
    StopDrawn,
    TurnOutcome,
    TurnOver,
    TurnRecord,
    Tutto,
)
from tutto_play import enter, play_to_scores

ANNA, BEN, CLEO = 0, 1, 2


def push(game: Game, text: str) -> list[Any]:
    return game.push(parse_entry(text))


def test_example_1_a_street_after_a_bonus_tutto_ends_in_a_niete_and_loses_the_whole_1050() -> None:
    game = Game(["Anna", "Ben"])
    play_to_scores(game, [500, 0])  # "the score stays as before": Anna starts this turn at 500

    assert push(game, "card bonus-600") == [CardDrawn(ANNA, Card.BONUS_600, 0, False)]
    assert push(game, "roll 123346") == [Rolled(ANNA, (1, 2, 3, 3, 4, 6))]
    assert push(game, "aside 1") == [SetAsideDone(ANNA, (1,), 100, 100, 5, False, False)]
    assert game.expect().can_bank
    push(game, "roll 22236")
    assert push(game, "aside 222") == [SetAsideDone(ANNA, (2, 2, 2), 200, 300, 2, False, False)]
    push(game, "roll 15")
    assert push(game, "aside 15") == [
        SetAsideDone(ANNA, (1, 5), 150, 450, 0, False, False),
        Tutto(ANNA, Card.BONUS_600, 1050, 600, None, 1),
    ]
    assert game.state.turn_total == 1050
    assert game.state.step is Step.CARD_OR_BANK

    assert push(game, "card street") == [CardDrawn(ANNA, Card.STREET, 1050, False)]
    assert game.state.dice == 6
    push(game, "roll 122356")
    assert push(game, "aside 12356") == [SetAsideDone(ANNA, (1, 2, 3, 5, 6), 0, 1050, 1, False,
                                                      True)]
    assert not game.expect().can_bank
    events = push(game, "roll 6")
    assert events[:2] == [Rolled(ANNA, (6,)), Niete(ANNA, 1050, True, 1050)]
    assert events[2] == TurnOver(TurnRecord(ANNA, (Card.BONUS_600, Card.STREET), 0,
                                            TurnOutcome.NIETE, 500), BEN)
    assert game.state.scores == (500, 0)
    assert game.players[game.state.seat] == "Ben"


def test_example_2_an_x2_tutto_of_1500_doubles_to_3000_and_is_banked() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card x2", "roll 111555")
    assert push(game, "aside 111555") == [
        SetAsideDone(ANNA, (1, 1, 1, 5, 5, 5), 1500, 1500, 0, False, False),
        Tutto(ANNA, Card.X2, 3000, 0, 1500, 1),
    ]
    events = push(game, "bank")
    assert events[0] == Banked(ANNA, 3000, 3000)
    assert game.state.scores == (3000, 0)
    assert game.players[game.state.seat] == "Ben"


def test_example_3_a_plus_minus_tutto_after_a_bonus_banks_exactly_1000_not_3200_or_4200() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    play_to_scores(game, [0, 2500, 1000])  # Ben leads
    enter(game, "card bonus-200", "roll 111111")
    events = push(game, "aside 111111")
    assert events[-1] == Tutto(ANNA, Card.BONUS_200, 2200, 200, None, 1)
    assert push(game, "card plus-minus") == [CardDrawn(ANNA, Card.PLUS_MINUS, 2200, False)]
    push(game, "roll 111555")
    events = push(game, "aside 111555")
    assert PlusMinusScored(ANNA, 1000, 1000, 1000, True, (Penalty(BEN, 1000, 1500),)) in events
    assert game.state.scores == (1000, 1500, 1000)
    assert game.players[game.state.seat] == "Ben"
    assert game.turn_records()[-1].outcome == "plus-minus"
    assert game.turn_records()[-1].points == 1000


def test_example_4_stop_as_first_card_ends_the_turn_with_0_points() -> None:
    game = Game(["Anna", "Ben"])
    events = push(game, "card stop")
    assert events == [
        CardDrawn(ANNA, Card.STOP, 0, False),
        StopDrawn(ANNA, 0),
        TurnOver(TurnRecord(ANNA, (Card.STOP,), 0, TurnOutcome.STOP_CARD, 0), BEN),
    ]
    assert game.state.scores == (0, 0)
    assert game.state.step is Step.CARD
    assert game.players[game.state.seat] == "Ben"


def test_example_5_fireworks_sets_aside_automatically_and_banks_450_on_the_niete() -> None:
    game = Game(["Anna", "Ben"])
    push(game, "card fireworks")
    assert push(game, "roll 222213") == [
        Rolled(ANNA, (2, 2, 2, 2, 1, 3)),
        SetAsideDone(ANNA, (1, 2, 2, 2), 300, 300, 2, True, False),
    ]
    assert game.state.step is Step.ROLL
    assert push(game, "roll 15") == [
        Rolled(ANNA, (1, 5)),
        SetAsideDone(ANNA, (1, 5), 150, 450, 0, True, False),
        Tutto(ANNA, Card.FIREWORKS, 450, 0, None, 1),
    ]
    # Six dice again, and no card.
    assert game.state.step is Step.ROLL
    assert game.state.dice == 6
    assert game.state.card is Card.FIREWORKS
    events = push(game, "roll 233446")
    assert events[1] == FireworksBanked(ANNA, 450, 450)
    assert events[2].record == TurnRecord(ANNA, (Card.FIREWORKS,), 450, TurnOutcome.FIREWORKS, 450)
    assert game.state.scores == (450, 0)
    assert game.players[game.state.seat] == "Ben"


def test_example_6_street_sets_aside_one_die_of_each_new_face_until_1_to_6_give_2000() -> None:
    game = Game(["Anna", "Ben"])
    push(game, "card street")
    push(game, "roll 444442")
    assert push(game, "aside 42") == [SetAsideDone(ANNA, (4, 2), 0, 0, 4, False, True)]
    push(game, "roll 1111")
    assert push(game, "aside 1")[0].dice_left == 3
    push(game, "roll 663")
    assert push(game, "aside 63")[0].dice_left == 1
    assert game.expect().set_aside == (1, 2, 3, 4, 6)
    push(game, "roll 5")
    events = push(game, "aside 5")
    assert events[-1] == Tutto(ANNA, Card.STREET, 2000, 2000, None, 1)
    assert game.state.step is Step.CARD_OR_BANK
    assert game.state.turn_total == 2000
    # She may bank the 2000 or continue with a new card.
    assert game.players[game.state.seat] == "Anna"


def test_example_7_plus_minus_takes_1000_from_each_tied_leader_and_gives_the_roller_1000() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    play_to_scores(game, [500, 3000, 3000])
    enter(game, "card plus-minus", "roll 111555")
    events = push(game, "aside 111555")
    assert PlusMinusScored(ANNA, 1000, 1500, 1000, True,
                           (Penalty(BEN, 1000, 2000), Penalty(CLEO, 1000, 2000))) in events
    assert game.state.scores == (1500, 2000, 2000)


def test_example_7_a_leader_alone_at_400_falls_to_0_not_below() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    play_to_scores(game, [0, 400, 100])
    enter(game, "card plus-minus", "roll 111555")
    events = push(game, "aside 111555")
    assert PlusMinusScored(ANNA, 1000, 1000, 1000, True, (Penalty(BEN, 400, 0),)) in events
    assert game.state.scores == (1000, 0, 100)


def test_example_8_after_ben_reaches_the_target_cleo_still_plays_and_may_win() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    play_to_scores(game, [5000, 5000, 5500])
    push(game, "card stop")  # Anna
    enter(game, "card bonus-200", "roll 111123", "aside 1111")
    events = push(game, "bank")
    assert Banked(BEN, 1100, 6100) in events
    assert FinalRound(BEN, 6100, CLEO) in events
    assert not game.finished
    assert game.players[game.state.seat] == "Cleo"

    enter(game, "card bonus-300", "roll 666152", "aside 6661")
    events = push(game, "bank")
    assert game.finished
    assert game.state.scores == (5000, 6100, 6200)
    assert events[-1] == GameOver((CLEO,), (ANNA,), (5000, 6100, 6200), False)
    assert len(set(game.state.turns)) == 1  # every player had the same number of turns


def test_example_8_if_cleo_makes_a_niete_in_the_last_turn_ben_wins() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    play_to_scores(game, [5000, 5000, 5500])
    enter(game, "card stop", "card bonus-200", "roll 111123", "aside 1111", "bank")
    events = enter(game, "card bonus-300", "roll 223346")
    assert events[-1] == GameOver((BEN,), (ANNA,), (5000, 6100, 5500), False)
    assert game.state.step is Step.OVER
