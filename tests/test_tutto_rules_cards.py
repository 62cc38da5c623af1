"""docs/rules/tutto.md section 4: every card, when it succeeds and when it fails (and section 3)."""

from typing import Any

import pytest

from tutto_a11y.games.tutto.rules import Card, Game, IllegalEntry, Rules, Step, parse_entry
from tutto_a11y.games.tutto.rules.events import (
    Banked,
    CardDrawn,
    Continued,
    FireworksBanked,
    GameOver,
    Niete,
    Penalty,
    PlusMinusScored,
    SetAsideDone,
    StopDrawn,
    TurnOver,
    Tutto,
)
from tutto_play import enter, play_to_scores

ANNA, BEN, CLEO = 0, 1, 2
THREE = ("Anna", "Ben", "Cleo")


def game_at(scores: tuple[int, ...]=(0, 0, 0), rules: Rules | None = None) -> Game:
    """A game of three at the start of a round (Anna to draw, full deck) with these scores."""
    return play_to_scores(Game(THREE, rules), scores)


def refused(game: Game, text: str) -> IllegalEntry:
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry(text))
    return caught.value


def tutto_under_bonus_300(game: Game) -> None:
    """Anna's 1500 Tutto under Bonus 300: turn total 1800, a card or bank next."""
    enter(game, "card bonus-300", "roll 111555", "aside 111555")
    assert game.state.turn_total == 1800


# -- Stop ---------------------------------------------------------------------------------------

def test_a_stop_card_as_the_first_card_ends_the_turn_with_0_and_no_roll() -> None:
    game = game_at((1000, 0, 0))
    events = enter(game, "card stop")
    assert StopDrawn(ANNA, 0) in events
    assert game.state.scores == (1000, 0, 0)
    assert game.players[game.state.seat] == "Ben"
    assert game.state.step is Step.CARD


def test_a_stop_card_after_a_tutto_loses_the_whole_turn_total() -> None:
    game = game_at((1000, 0, 0))
    tutto_under_bonus_300(game)
    events = enter(game, "card stop")
    assert StopDrawn(ANNA, 1800) in events
    assert events[-1].record.outcome == "stop-card"
    assert events[-1].record.points == 0
    assert game.state.scores == (1000, 0, 0)
    assert game.players[game.state.seat] == "Ben"


# -- Bonus --------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [200, 300, 400, 500, 600])
def test_a_bonus_card_adds_its_value_to_the_turn_total_on_a_tutto(value: int) -> None:
    game = game_at()
    events = enter(game, f"card bonus-{value}", "roll 111555", "aside 111555")
    assert events[-1] == Tutto(ANNA, Card(f"bonus-{value}"), 1500 + value, value, None, 1)
    enter(game, "bank")
    assert game.state.scores == (1500 + value, 0, 0)


def test_a_tutto_over_several_rolls_earns_the_bonus() -> None:
    game = game_at()
    enter(game, "card bonus-400", "roll 123466", "aside 1", "roll 55234", "aside 55",
          "roll 666", "aside 666")
    assert game.state.turn_total == 100 + 100 + 600 + 400
    assert game.state.step is Step.CARD_OR_BANK


def test_banking_before_a_tutto_earns_no_bonus() -> None:
    game = game_at()
    enter(game, "card bonus-600", "roll 111234", "aside 111", "roll 155", "aside 15", "bank")
    assert game.state.scores == (1150, 0, 0)


def test_after_a_tutto_the_player_may_continue_with_a_new_card_carrying_the_turn_total() -> None:
    game = game_at()
    assert not game.expect().carried
    tutto_under_bonus_300(game)
    assert game.expect().carried and game.expect().can_bank
    events = enter(game, "card bonus-200")
    assert events == [CardDrawn(ANNA, Card.BONUS_200, 1800, False)]
    enter(game, "roll 123466", "aside 1", "bank")
    assert game.state.scores == (1900, 0, 0)


def test_continue_after_a_tutto_means_a_card_is_next_and_banking_is_over() -> None:
    game = game_at()
    tutto_under_bonus_300(game)
    assert enter(game, "continue") == [Continued(ANNA, True)]
    assert game.state.step is Step.CARD
    assert refused(game, "bank").reason == "cannot-bank-now"
    assert refused(game, "roll 123456").reason == "wrong-step"


def test_continue_with_dice_left_means_a_roll_is_next_and_banking_is_over() -> None:
    game = game_at()
    enter(game, "card bonus-300", "roll 123466", "aside 1")
    assert enter(game, "continue") == [Continued(ANNA, False)]
    assert game.state.step is Step.ROLL
    assert refused(game, "bank").reason == "cannot-bank-now"


def test_a_niete_after_a_tutto_loses_the_whole_turn_total() -> None:
    game = game_at((700, 0, 0))
    tutto_under_bonus_300(game)
    events = enter(game, "card bonus-200", "roll 223346")
    assert Niete(ANNA, 1800, False, 1800) in events
    assert game.state.scores == (700, 0, 0)


# -- x2 -----------------------------------------------------------------------------------------

def test_x2_doubles_the_turn_total_on_a_tutto() -> None:
    game = game_at()
    events = enter(game, "card x2", "roll 123466", "aside 1", "roll 55234", "aside 5",
                   "roll 5555", "aside 5555")
    assert events[-1] == Tutto(ANNA, Card.X2, 1400, 0, 700, 1)


def test_x2_doubles_the_whole_turn_total_including_earlier_cards_and_their_bonuses() -> None:
    game = game_at()
    tutto_under_bonus_300(game)  # 1500 + 300
    events = enter(game, "card x2", "roll 111234", "aside 111", "roll 155", "aside 155")
    assert events[-1] == Tutto(ANNA, Card.X2, 2 * (1800 + 1200), 0, 3000, 1)
    enter(game, "bank")
    assert game.state.scores == (6000, 0, 0)


def test_x2_with_scope_card_doubles_only_the_points_made_under_this_card() -> None:
    game = game_at(rules=Rules(x2_scope="card"))
    tutto_under_bonus_300(game)
    events = enter(game, "card x2", "roll 111234", "aside 111", "roll 155", "aside 155")
    assert events[-1] == Tutto(ANNA, Card.X2, 1800 + 2 * 1200, 0, 1200, 1)


def test_banking_under_x2_before_a_tutto_doubles_nothing() -> None:
    game = game_at()
    enter(game, "card x2", "roll 111234", "aside 111", "bank")
    assert game.state.scores == (1000, 0, 0)


def test_two_x2_tuttos_in_one_turn_double_twice() -> None:
    game = game_at()
    enter(game, "card x2", "roll 111555", "aside 111555", "card x2", "roll 123456", "aside 15",
          "roll 5555", "aside 5555")
    assert game.state.turn_total == 2 * (3000 + 150 + 550)


# -- Fireworks ----------------------------------------------------------------------------------

def test_fireworks_sets_aside_all_scoring_dice_without_a_choice() -> None:
    game = game_at()
    events = enter(game, "card fireworks", "roll 111552")
    assert SetAsideDone(ANNA, (1, 1, 1, 5, 5), 1100, 1100, 1, True, False) in events
    assert game.state.step is Step.ROLL
    assert refused(game, "aside 1").reason == "wrong-step"


def test_a_fireworks_tutto_continues_with_six_dice_and_no_new_card() -> None:
    game = game_at()
    events = enter(game, "card fireworks", "roll 111555")
    assert events[-1] == Tutto(ANNA, Card.FIREWORKS, 1500, 0, None, 1)
    assert game.state.step is Step.ROLL and game.state.dice == 6
    assert game.expect().cards == ()
    assert refused(game, "card bonus-200").reason == "wrong-step"
    enter(game, "roll 666123")
    assert game.state.turn_total == 1500 + 700


def test_fireworks_banks_the_whole_turn_total_on_the_niete_including_earlier_cards() -> None:
    game = game_at((250, 0, 0))
    tutto_under_bonus_300(game)
    events = enter(game, "card fireworks", "roll 123466", "roll 22346")
    assert FireworksBanked(ANNA, 1900, 2150) in events
    assert events[-1].record.outcome == "fireworks"
    assert game.state.scores == (2150, 0, 0)
    assert game.players[game.state.seat] == "Ben"


def test_a_niete_on_the_first_fireworks_roll_banks_nothing() -> None:
    game = game_at((250, 0, 0))
    events = enter(game, "card fireworks", "roll 223346")
    assert FireworksBanked(ANNA, 0, 250) in events
    assert game.players[game.state.seat] == "Ben"


def test_under_fireworks_the_player_cannot_bank() -> None:
    game = game_at()
    enter(game, "card fireworks")
    assert refused(game, "bank").data == {"card": Card.FIREWORKS}
    enter(game, "roll 111555")
    error = refused(game, "bank")
    assert (error.reason, error.data) == ("cannot-bank-under-card", {"card": Card.FIREWORKS})
    assert refused(game, "continue").reason == "wrong-step"


# -- Plus/Minus ---------------------------------------------------------------------------------

def plus_minus_tutto(game: Game) -> list[Any]:
    return enter(game, "card plus-minus", "roll 111555", "aside 111555")


def scored(events: list[Any]) -> PlusMinusScored:
    return next(e for e in events if isinstance(e, PlusMinusScored))


def test_a_plus_minus_tutto_banks_exactly_1000_and_ends_the_turn() -> None:
    game = game_at((100, 200, 300))
    events = plus_minus_tutto(game)
    assert scored(events).points == 1000 and scored(events).ends_turn
    assert game.state.scores == (1100, 200, 0)
    assert game.players[game.state.seat] == "Ben"


def test_plus_minus_discards_the_turn_total_of_earlier_cards() -> None:
    game = game_at()
    tutto_under_bonus_300(game)
    events = plus_minus_tutto(game)[1:]  # the card's roll and Tutto
    assert scored(events).turn_total == 1000
    assert game.state.scores == (1000, 0, 0)


def test_plus_minus_takes_1000_from_the_leader() -> None:
    game = game_at((0, 1000, 2500))
    assert scored(plus_minus_tutto(game)).penalties == (Penalty(CLEO, 1000, 1500),)
    assert game.state.scores == (1000, 1000, 1500)


def test_plus_minus_takes_1000_from_every_tied_leader() -> None:
    game = game_at((0, 2500, 2500))
    plus_minus_tutto(game)
    assert game.state.scores == (1000, 1500, 1500)


def test_when_the_roller_leads_alone_nobody_loses_1000() -> None:
    game = game_at((2500, 2000, 1000))
    assert scored(plus_minus_tutto(game)).penalties == ()
    assert game.state.scores == (3500, 2000, 1000)


def test_when_the_roller_shares_the_lead_the_others_sharing_it_lose_1000() -> None:
    game = game_at((2000, 2000, 1000))
    assert scored(plus_minus_tutto(game)).penalties == (Penalty(BEN, 1000, 1000),)
    assert game.state.scores == (3000, 1000, 1000)


def test_the_leader_is_found_before_the_rollers_1000_is_added() -> None:
    # Anna would lead with 1000 + 1500 = 2500 after the Tutto; Ben leads before it.
    game = game_at((1500, 2000, 0))
    plus_minus_tutto(game)
    assert game.state.scores == (2500, 1000, 0)


def test_a_plus_minus_penalty_never_takes_a_score_below_0() -> None:
    game = game_at((0, 400, 400))
    assert scored(plus_minus_tutto(game)).penalties == (Penalty(BEN, 400, 0), Penalty(CLEO, 400, 0))
    assert game.state.scores == (1000, 0, 0)


def test_with_score_floor_none_a_plus_minus_penalty_makes_a_score_negative() -> None:
    game = game_at((0, 400, 100), Rules(score_floor="none"))
    assert scored(plus_minus_tutto(game)).penalties == (Penalty(BEN, 1000, -600),)
    assert game.state.scores == (1000, -600, 100)


def test_when_all_scores_are_0_everybody_else_leads_and_stays_at_0() -> None:
    game = game_at()
    penalties = scored(plus_minus_tutto(game)).penalties
    assert penalties == (Penalty(BEN, 0, 0), Penalty(CLEO, 0, 0))
    assert game.state.scores == (1000, 0, 0)


def test_under_plus_minus_the_player_cannot_bank_before_the_tutto() -> None:
    game = game_at()
    enter(game, "card plus-minus", "roll 111234", "aside 111")
    error = refused(game, "bank")
    assert (error.reason, error.data) == ("cannot-bank-under-card", {"card": Card.PLUS_MINUS})
    assert game.state.step is Step.ROLL


def test_a_niete_under_plus_minus_scores_nothing_and_nobody_loses() -> None:
    game = game_at((0, 2000, 0))
    events = enter(game, "card plus-minus", "roll 111234", "aside 111", "roll 234")
    assert Niete(ANNA, 1000, False, 0) in events  # the 1000 of the 1s never counted
    assert game.state.scores == (0, 2000, 0)


class TestPlusMinusAdds1000MayContinue:
    RULES = Rules(plus_minus="adds-1000-may-continue")

    def test_1000_replaces_this_cards_points_and_the_player_may_bank(self) -> None:
        game = game_at((0, 2000, 0), self.RULES)
        events = plus_minus_tutto(game)
        assert scored(events) == PlusMinusScored(ANNA, 1000, 0, 1000, False,
                                                 (Penalty(BEN, 1000, 1000),))
        assert game.state.step is Step.CARD_OR_BANK
        assert game.state.scores == (0, 1000, 0)  # the leader loses 1000 at once
        enter(game, "bank")
        assert game.state.scores == (1000, 1000, 0)

    def test_earlier_cards_points_are_kept(self) -> None:
        game = game_at((0, 2000, 0), self.RULES)
        tutto_under_bonus_300(game)
        plus_minus_tutto(game)
        assert game.state.turn_total == 1800 + 1000
        enter(game, "bank")
        assert game.state.scores == (2800, 1000, 0)

    def test_a_later_niete_loses_the_players_1000_but_not_the_leaders_penalty(self) -> None:
        game = game_at((0, 2000, 0), self.RULES)
        plus_minus_tutto(game)
        events = enter(game, "card bonus-200", "roll 223346")
        assert Niete(ANNA, 1000, False, 1000) in events
        assert game.state.scores == (0, 1000, 0)

    def test_the_player_may_continue_and_bank_more(self) -> None:
        game = game_at((0, 2000, 0), self.RULES)
        plus_minus_tutto(game)
        enter(game, "card bonus-200", "roll 123466", "aside 1", "bank")
        assert game.state.scores == (1100, 1000, 0)

    def test_a_plus_minus_niete_still_scores_nothing(self) -> None:
        game = game_at((0, 2000, 0), self.RULES)
        enter(game, "card plus-minus", "roll 223346")
        assert game.state.scores == (0, 2000, 0)


# -- Street -------------------------------------------------------------------------------------

def street_roll(roll: str, rules: Rules | None = None) -> Game:
    game = game_at(rules=rules)
    enter(game, "card street", f"roll {roll}")
    return game


def test_under_street_one_die_of_each_new_face_may_be_set_aside_and_scores_no_points() -> None:
    game = street_roll("223346")  # a Niete under a normal card
    events = enter(game, "aside 2346")
    assert events == [SetAsideDone(ANNA, (2, 3, 4, 6), 0, 0, 2, False, True)]


def test_under_street_the_same_face_twice_in_one_set_aside_is_refused() -> None:
    game = street_roll("111456")
    error = refused(game, "aside 11")
    assert (error.reason, error.data) == ("street-face-twice", {"face": 1})


def test_under_street_a_face_already_set_aside_is_refused() -> None:
    game = street_roll("144456")
    enter(game, "aside 4", "roll 41122")
    error = refused(game, "aside 41")
    assert (error.reason, error.data) == ("street-face-already-set-aside", {"face": 4})
    enter(game, "aside 12")
    assert game.expect().set_aside == (1, 2, 4)


def test_under_street_a_triple_is_no_triple() -> None:
    game = street_roll("111222")
    assert game.expect().best == (1, 2)
    assert refused(game, "aside 111").reason == "street-face-twice"


def test_under_street_a_roll_with_no_new_face_is_a_niete_even_with_1s_and_triples() -> None:
    game = game_at((300, 0, 0))
    tutto_under_bonus_300(game)
    enter(game, "card street", "roll 111234", "aside 1234")
    events = enter(game, "roll 11")
    assert Niete(ANNA, 1800, True, 1800) in events
    assert game.state.scores == (300, 0, 0)
    assert game.players[game.state.seat] == "Ben"


def test_under_street_the_player_must_set_aside_at_least_one_new_face_and_cannot_bank() -> None:
    game = street_roll("123456")
    assert refused(game, "bank").reason == "cannot-bank-under-card"
    enter(game, "aside 1")
    error = refused(game, "bank")
    assert (error.reason, error.data) == ("cannot-bank-under-card", {"card": Card.STREET})
    assert game.state.step is Step.ROLL


def test_all_under_street_sets_aside_one_die_of_every_new_face() -> None:
    game = street_roll("144456")
    enter(game, "aside 4", "roll 41162")
    assert game.expect().best == (1, 2, 6)
    game.push(game.set_aside_all())
    assert game.state.dice == 2
    assert game.expect().set_aside == (1, 2, 4, 6)


def test_a_complete_street_earns_2000_as_a_tutto_and_the_player_may_bank() -> None:
    game = street_roll("123456")
    events = enter(game, "aside 123456")
    assert events[-1] == Tutto(ANNA, Card.STREET, 2000, 2000, None, 1)
    enter(game, "bank")
    assert game.state.scores == (2000, 0, 0)


def test_a_complete_street_lets_the_player_continue_with_a_new_card() -> None:
    game = street_roll("123456")
    enter(game, "aside 123456", "card bonus-500", "roll 111555", "aside 111555")
    assert game.state.turn_total == 2000 + 1500 + 500


def test_with_street_after_ends_turn_the_2000_are_banked_and_the_turn_is_over() -> None:
    game = street_roll("123456", Rules(street_after="ends-turn"))
    events = enter(game, "aside 123456")
    assert Banked(ANNA, 2000, 2000) in events
    assert game.state.scores == (2000, 0, 0)
    assert game.players[game.state.seat] == "Ben"


def test_with_street_after_ends_turn_the_whole_turn_total_is_banked() -> None:
    # docs/rules/tutto.md section 6: the whole turn total is banked, earlier cards' points too.
    game = game_at(rules=Rules(street_after="ends-turn"))
    tutto_under_bonus_300(game)
    enter(game, "card street", "roll 123456", "aside 123456")
    assert game.state.scores == (3800, 0, 0)


# -- Cloverleaf ---------------------------------------------------------------------------------

def test_two_cloverleaf_tuttos_end_the_game_at_once_and_the_roller_wins_even_when_behind() -> None:
    game = game_at((0, 3000, 5000))
    events = enter(game, "card cloverleaf", "roll 111555", "aside 111555")
    assert events[-1] == Tutto(ANNA, Card.CLOVERLEAF, 1500, 0, None, 1)
    assert game.state.step is Step.ROLL and game.state.dice == 6  # no new card
    events = enter(game, "roll 123466", "aside 1", "roll 55555", "aside 55555")
    assert Tutto(ANNA, Card.CLOVERLEAF, 2200, 0, None, 2) in events
    assert events[-1] == GameOver((ANNA,), (BEN,), (0, 3000, 5000), True)
    assert events[-2].record.outcome == "cloverleaf"
    assert game.finished
    # A Cloverleaf win adds no points (docs/rules/tutto.md section 4): the scores stay.
    assert game.state.scores == (0, 3000, 5000)


def test_a_cloverleaf_success_wins_even_in_the_final_round() -> None:
    game = game_at((5500, 0, 5500))
    k = game.state.turns[ANNA]
    enter(game, "card bonus-200", "roll 111234", "aside 111", "bank")  # Anna 6500: final round
    assert game.state.final_round
    events = enter(game, "card cloverleaf", "roll 111555", "aside 111555", "roll 111555",
                   "aside 111555")
    assert events[-1].winners == (BEN,)
    assert events[-1].cloverleaf
    assert game.state.turns == (k + 1, k + 1, k)  # at once: Cleo does not play


def test_a_cloverleaf_success_ends_the_game_under_game_end_final_round_before_everyone_played(
        ) -> None:
    game = game_at((0, 0, 0))
    enter(game, "card stop", "card cloverleaf", "roll 111555", "aside 111555", "roll 111555",
          "aside 111555")
    assert game.finished
    assert game.state.winners == (BEN,)
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("card bonus-200"))
    assert caught.value.reason == "game-over"


def test_a_niete_before_the_second_cloverleaf_tutto_loses_the_turn_total() -> None:
    game = game_at((400, 0, 0))
    enter(game, "card cloverleaf", "roll 111555", "aside 111555")
    events = enter(game, "roll 223346")
    assert Niete(ANNA, 1500, False, 0) in events  # Cloverleaf points can never be banked
    assert not game.finished
    assert game.state.scores == (400, 0, 0)
    assert game.players[game.state.seat] == "Ben"


def test_a_niete_before_the_first_cloverleaf_tutto_loses_the_turn_total() -> None:
    game = game_at()
    enter(game, "card cloverleaf", "roll 111234", "aside 111")
    events = enter(game, "roll 234")
    assert Niete(ANNA, 1000, False, 0) in events
    assert not game.finished


def test_under_cloverleaf_the_player_cannot_bank_even_after_the_first_tutto() -> None:
    game = game_at()
    enter(game, "card cloverleaf", "roll 111234", "aside 111")
    assert refused(game, "bank").data == {"card": Card.CLOVERLEAF}
    enter(game, "roll 555", "aside 555")
    assert refused(game, "bank").reason == "cannot-bank-under-card"
    assert refused(game, "card bonus-200").reason == "wrong-step"


def test_a_plus_minus_tutto_passes_the_turn_to_the_next_player() -> None:
    game = game_at()
    events = plus_minus_tutto(game)
    assert isinstance(events[-1], TurnOver) and events[-1].next_seat == BEN
