"""docs/rules/tutto.md sections 5 and 6: the end of the game, rule options and presets."""

from typing import Any

import pytest

from tutto_a11y.games.tutto.rules import (
    CHOICES,
    OPTION_NAMES,
    PRESETS,
    Game,
    IllegalEntry,
    MalformedEntry,
    Rules,
    Step,
    parse_entry,
)
from tutto_a11y.games.tutto.rules.events import FinalRound, GameOver
from tutto_play import enter, play_to_scores

ANNA, BEN, CLEO, DORA = 0, 1, 2, 3


def game_at(
        scores: tuple[int, ...], rules: Rules | None = None, players: tuple[str, ...] = ("Anna",
        "Ben", "Cleo")) -> Game:
    return play_to_scores(Game(players[:len(scores)], rules), scores)


def bank_1000(game: Game) -> list[Any]:
    return enter(game, "card bonus-200", "roll 111234", "aside 111", "bank")


def niete(game: Game) -> list[Any]:
    return enter(game, "card bonus-300", "roll 223346")


def game_over(events: list[Any]) -> GameOver:
    assert isinstance(events[-1], GameOver)
    return events[-1]


# -- final round (default) ----------------------------------------------------------------------

def test_reaching_the_target_starts_the_final_round_and_the_game_goes_on() -> None:
    game = game_at((5000, 0, 0))
    events = bank_1000(game)
    assert FinalRound(ANNA, 6000, CLEO) in events
    assert game.state.final_round and not game.finished
    assert game.players[game.state.seat] == "Ben"


def test_in_the_final_round_every_player_has_the_same_number_of_turns() -> None:
    game = game_at((5000, 0, 0))
    k = game.state.turns[ANNA]
    bank_1000(game)
    niete(game)
    assert not game.finished
    events = niete(game)
    assert game.finished
    assert game.state.turns == (k + 1, k + 1, k + 1)
    assert game_over(events) == GameOver((ANNA,), (BEN, CLEO), (6000, 0, 0), False)


def test_the_player_before_the_first_player_takes_the_last_turn() -> None:
    game = game_at((0, 5000, 0, 0), players=("Anna", "Ben", "Cleo", "Dora"))
    niete(game)
    events = bank_1000(game)
    assert FinalRound(BEN, 6000, DORA) in events
    niete(game)
    assert not game.finished and game.players[game.state.seat] == "Dora"
    niete(game)
    assert game.finished


def test_when_the_last_seat_reaches_the_target_the_game_ends_after_that_turn() -> None:
    game = game_at((0, 0, 5500))
    niete(game)
    niete(game)
    events = bank_1000(game)
    assert FinalRound(CLEO, 6500, CLEO) in events
    assert game_over(events).winners == (CLEO,)
    assert game.finished


def test_the_highest_score_after_the_final_round_wins_and_may_be_a_later_player() -> None:
    game = game_at((5000, 5900, 0))
    bank_1000(game)  # Anna 6000
    enter(game, "card bonus-600", "roll 111555", "aside 111555", "bank")  # Ben 5900 + 2100
    events = niete(game)
    assert game_over(events).winners == (BEN,)
    assert game.state.scores == (6000, 8000, 0)


def test_reaching_the_target_again_in_the_final_round_does_not_restart_it() -> None:
    game = game_at((5000, 5500, 0))
    bank_1000(game)
    events = bank_1000(game)
    assert not any(isinstance(e, FinalRound) for e in events)
    niete(game)
    assert game.finished


def test_tied_top_scores_all_win() -> None:
    game = game_at((5000, 5000, 0))
    bank_1000(game)
    bank_1000(game)
    events = niete(game)
    assert game_over(events).winners == (ANNA, BEN)


def test_the_lowest_score_buys_the_next_round_and_tied_lowest_are_all_named() -> None:
    game = game_at((5000, 100, 100))
    bank_1000(game)
    niete(game)
    events = niete(game)
    assert game_over(events).lowest == (BEN, CLEO)


def test_a_cloverleaf_winner_with_the_lowest_score_does_not_buy_the_next_round() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    for text in ("card bonus-300", "roll 152346", "aside 15", "bank",
                 "card bonus-300", "roll 152346", "aside 1", "bank",
                 "card cloverleaf", "roll 111555", "aside 111555", "roll 111555",
                 "aside 111555"):
        events = game.push(parse_entry(text))
    over = game_over(events)
    assert over.cloverleaf and over.winners == (CLEO,)
    assert over.lowest == (BEN,)


def test_when_everybody_wins_nobody_buys_the_next_round() -> None:
    game = Game(["Anna", "Ben"], Rules(target=1000))
    for text in ("card bonus-500", "roll 111555", "aside 111555", "bank",
                 "card bonus-500", "roll 111555", "aside 111555", "bank"):
        events = game.push(parse_entry(text))
    assert game_over(events).winners == (0, 1)
    assert game_over(events).lowest == ()


def test_the_lowest_alone_is_named() -> None:
    game = game_at((5000, 100, 50))
    bank_1000(game)
    niete(game)
    assert game_over(niete(game)).lowest == (CLEO,)


def test_a_fireworks_niete_that_reaches_the_target_starts_the_final_round() -> None:
    game = game_at((5500, 0, 0))
    events = enter(game, "card fireworks", "roll 111234", "roll 555", "roll 223346")
    assert FinalRound(ANNA, 7000, CLEO) in events


def test_a_plus_minus_1000_that_reaches_the_target_starts_the_final_round() -> None:
    game = game_at((5000, 0, 0))
    events = enter(game, "card plus-minus", "roll 111555", "aside 111555")
    assert FinalRound(ANNA, 6000, CLEO) in events


def test_a_score_already_above_the_target_from_an_earlier_turn_is_not_a_new_start() -> None:
    # A player who scores nothing this turn does not start the final round again.
    game = game_at((5000, 0, 0))
    bank_1000(game)
    niete(game)
    events = niete(game)
    assert game.finished
    assert sum(isinstance(e, FinalRound) for e in game.all_events()) == 1
    assert isinstance(events[-1], GameOver)


def test_every_entry_after_the_end_of_the_game_is_refused() -> None:
    game = game_at((0, 0, 5500))
    niete(game)
    niete(game)
    bank_1000(game)
    for text in ("card stop", "roll 123456", "aside 1", "bank", "continue"):
        with pytest.raises(IllegalEntry) as caught:
            game.push(parse_entry(text))
        assert caught.value.reason == "game-over"
    assert game.state.step is Step.OVER
    assert game.expect().cards == ()


def test_a_lower_target_is_respected() -> None:
    game = Game(["Anna", "Ben"], Rules(target=1000))
    events = bank_1000(game)
    assert FinalRound(ANNA, 1000, BEN) in events


# -- game-end=immediate -------------------------------------------------------------------------

def test_with_game_end_immediate_the_first_to_reach_the_target_ends_the_game() -> None:
    game = game_at((5000, 0, 0), Rules(game_end="immediate"))
    k = game.state.turns[ANNA]
    events = bank_1000(game)
    assert not any(isinstance(e, FinalRound) for e in events)
    assert game_over(events) == GameOver((ANNA,), (BEN, CLEO), (6000, 0, 0), False)
    assert game.state.turns == (k + 1, k, k)


def test_with_game_end_immediate_a_later_seat_ends_the_game_in_the_middle_of_a_round() -> None:
    game = game_at((0, 5500, 0), Rules(game_end="immediate"))
    niete(game)
    bank_1000(game)
    assert game.finished and game.state.winners == (BEN,)


# -- presets ------------------------------------------------------------------------------------

def test_the_standard_preset_is_all_defaults() -> None:
    assert Rules.preset("standard") == Rules()
    assert Rules().as_dict() == {"target": 6000, "game-end": "final-round", "x2-scope": "turn",
                                 "plus-minus": "exact-1000-ends-turn",
                                 "street-after": "may-continue", "score-floor": "zero"}


def test_the_classic_2004_preset_ends_immediately_and_adds_1000_under_plus_minus() -> None:
    assert Rules.preset("classic-2004").as_dict() == {
        "target": 6000, "game-end": "immediate", "x2-scope": "turn",
        "plus-minus": "adds-1000-may-continue", "street-after": "may-continue",
        "score-floor": "zero"}


def test_the_volle_lotte_preset_ends_immediately_and_a_street_ends_the_turn() -> None:
    assert Rules.preset("volle-lotte").as_dict() == {
        "target": 6000, "game-end": "immediate", "x2-scope": "turn",
        "plus-minus": "exact-1000-ends-turn", "street-after": "ends-turn",
        "score-floor": "zero"}


def test_there_are_exactly_the_three_presets_of_rules_md() -> None:
    assert set(PRESETS) == {"standard", "classic-2004", "volle-lotte"}


@pytest.mark.parametrize("name", ["standard", "classic-2004", "volle-lotte"])
def test_a_preset_is_recognised_with_any_target(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.preset_name() == name
    assert rules.with_option("target", "10000").preset_name() == name


def test_rules_that_match_no_preset_have_no_preset_name() -> None:
    assert Rules(x2_scope="card").preset_name() is None


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Rules.preset("house")
    assert caught.value.reason == "unknown-preset"
    assert caught.value.data == {"value": "house", "choices": tuple(PRESETS)}


# -- every option -------------------------------------------------------------------------------

def test_the_options_are_those_of_rules_md() -> None:
    assert OPTION_NAMES == ("target", "game-end", "x2-scope", "plus-minus", "street-after",
                            "score-floor")
    assert CHOICES == {
        "game-end": ("final-round", "immediate"),
        "x2-scope": ("turn", "card"),
        "plus-minus": ("exact-1000-ends-turn", "adds-1000-may-continue"),
        "street-after": ("may-continue", "ends-turn"),
        "score-floor": ("zero", "none"),
    }


@pytest.mark.parametrize("name, value", [(n, v) for n, values in CHOICES.items() for v in values])
def test_every_option_value_can_be_chosen_by_name(name: str, value: str) -> None:
    rules = Rules().with_option(name, value)
    assert rules.as_dict()[name] == value
    others = {k: v for k, v in rules.as_dict().items() if k != name}
    assert others == {k: v for k, v in Rules().as_dict().items() if k != name}
    assert Rules.from_dict(rules.as_dict()) == rules


def test_option_names_and_values_are_read_case_insensitively_with_spaces() -> None:
    assert Rules().with_option(" X2-Scope ", " CARD ") == Rules(x2_scope="card")


@pytest.mark.parametrize("value, target", [("10000", 10000), ("50", 50), ("6000", 6000)])
def test_the_target_may_be_any_positive_multiple_of_50(value: str, target: int) -> None:
    assert Rules().with_option("target", value).target == target


@pytest.mark.parametrize("value", ["0", "-50", "6025", "abc", "", "6000.0", "1e4"])
def test_a_target_that_is_not_a_positive_multiple_of_50_is_refused(value: str) -> None:
    with pytest.raises(MalformedEntry) as caught:
        Rules().with_option("target", value)
    assert caught.value.reason == "bad-target"
    assert caught.value.data == {"value": value}


def test_a_bad_target_in_the_constructor_is_refused() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Rules(target=125)
    assert (caught.value.reason, caught.value.data) == ("bad-target", {"value": "125"})


def test_an_unknown_option_name_is_refused() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Rules().with_option("house-rule", "yes")
    assert caught.value.reason == "unknown-rule"
    assert caught.value.data == {"option": "house-rule", "choices": OPTION_NAMES}


@pytest.mark.parametrize("name", list(CHOICES))
def test_an_unknown_option_value_is_refused_with_the_choices(name: str) -> None:
    with pytest.raises(MalformedEntry) as caught:
        Rules().with_option(name, "sometimes")
    assert caught.value.reason == "bad-rule-value"
    assert caught.value.data == {"option": name, "value": "sometimes", "choices": CHOICES[name]}


def test_the_rules_of_a_game_do_not_change_during_play() -> None:
    rules = Rules(x2_scope="card")
    game = Game(["Anna", "Ben"], rules)
    with pytest.raises(AttributeError):
        game.rules.x2_scope = "turn"  # type: ignore[misc]
    assert game.rules == rules


def test_after_the_game_is_over_nothing_of_the_last_turn_is_left_in_play() -> None:
    # The last turn ends like any other: no card in force, no dice set aside, nothing at risk.
    game = game_at((5000, 0, 0))
    bank_1000(game)
    niete(game)
    enter(game, "card street", "roll 123456", "aside 12345", "roll 5")  # Cleo: Niete
    assert game.finished
    expect = game.expect()
    assert (expect.card, expect.set_aside, expect.dice, expect.turn_total) == (None, (), 6, 0)
    assert not expect.can_bank
