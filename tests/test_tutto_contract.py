"""Tutto keeps the game contract: decisions, chance with exact probabilities, an Outcome enum.

Chance is checked against the odds module and an independent count of rolls; decisions
against the set-asides derived from docs/rules/tutto.md in ``tutto_play.legal_set_asides``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from testbed.tutto_simulator import Simulator, random_game
from tutto_a11y.core.contract import Outcome, chance_total
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    Ending,
    Game,
    IllegalEntry,
    Roll,
    SetAside,
)
from tutto_a11y.games.tutto.rules.dice import is_niete
from tutto_a11y.games.tutto.rules.entries import DrawCard, Entry
from tutto_a11y.games.tutto.rules.events import TurnOutcome
from tutto_a11y.games.tutto.rules.odds import niete_chance, street_niete_chance
from tutto_a11y.text.i18n import Catalog
from tutto_play import enter, legal_set_asides, play_to_scores


def card_of(entry: Entry) -> Card:
    """The card a chance outcome draws (every outcome of a new turn is a card)."""
    assert isinstance(entry, DrawCard)
    return entry.card


def faces_of(entry: Entry) -> tuple[int, ...]:
    """The faces of a roll or a set-aside (the outcomes and entries with dice in hand)."""
    assert isinstance(entry, (Roll, SetAside))
    return entry.faces


def test_a_new_turn_offers_every_card_of_the_deck_by_how_many_are_in_it() -> None:
    game = Game(["Anna", "Ben"])
    outcomes = game.chance_outcomes()
    left = game.deck_left()
    assert {card_of(o.entry): o.probability for o in outcomes} == {
        card: Fraction(n, sum(left.values())) for card, n in left.items() if n}
    assert chance_total(outcomes) == 1
    assert game.legal_entries() == []  # the card is chance: nobody decides it


def test_a_card_drawn_is_less_likely_next_time_and_a_used_up_card_is_not_offered() -> None:
    game = Game(["Anna", "Ben"])
    before = {card_of(o.entry): o.probability for o in game.chance_outcomes()}
    enter(game, "card cloverleaf", "roll 223346")  # the only Cloverleaf, then a Niete
    after = {card_of(o.entry): o.probability for o in game.chance_outcomes()}
    assert Card.CLOVERLEAF in before and Card.CLOVERLEAF not in after
    assert chance_total(game.chance_outcomes()) == 1


@pytest.mark.parametrize("dice", range(1, 7))
def test_the_rolls_of_the_dice_in_hand_are_exactly_as_likely_as_counting_says(dice: int) -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-300")
    if dice < 6:  # set aside 1s until ``dice`` dice are in hand
        enter(game, "roll " + "1" * (6 - dice) + "2346"[: dice] + "6" * max(0, dice - 4),
              "aside " + "1" * (6 - dice))
    assert game.state.dice == dice
    outcomes = game.chance_outcomes()
    counted: dict[tuple[int, ...], Fraction] = {}
    for faces in product(range(1, 7), repeat=dice):
        key = tuple(sorted(faces))
        counted[key] = counted.get(key, Fraction(0)) + Fraction(1, 6**dice)
    assert {faces_of(o.entry): o.probability for o in outcomes} == counted
    assert chance_total(outcomes) == 1
    assert sum(o.probability for o in outcomes if is_niete(faces_of(o.entry))) == niete_chance(dice)


def test_under_street_the_chance_of_a_niete_matches_the_odds_module() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card street", "roll 123456", "aside 12")
    missing = 6 - len(game.state.aside)
    dice = game.state.dice
    niete = sum(o.probability for o in game.chance_outcomes()
                if all(face in game.state.aside for face in faces_of(o.entry)))
    assert niete == street_niete_chance(dice, missing)


@pytest.mark.parametrize("roll", [(1, 5, 2, 3, 4, 6), (1, 1, 1, 5, 5, 2), (2, 2, 2, 3, 3, 3),
                                  (5, 5, 5, 5, 2, 3), (1, 1, 1, 1, 1, 1)])
def test_the_legal_set_asides_are_exactly_those_of_the_rules(roll: tuple[int, ...]) -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll " + "".join(map(str, roll)))
    legal = game.legal_entries()
    assert {faces_of(e) for e in legal} == set(legal_set_asides(roll, Card.BONUS_200))
    assert game.chance_outcomes() == []  # a set-aside is a decision, not chance
    for entry in legal:
        game.push(entry)
        game.pop()


def test_entries_outside_the_legal_ones_are_refused_and_change_nothing() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll 152346")
    legal = {faces_of(e) for e in game.legal_entries()}
    state = game.state
    for faces in [(2,), (3, 4), (1, 1), (6,), (1, 5, 2)]:
        assert faces not in legal
        with pytest.raises(IllegalEntry):
            game.push(SetAside(faces))
        assert game.state == state


def test_after_a_set_aside_the_player_decides_to_bank_or_go_on_and_chance_offers_the_roll() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll 152346", "aside 15")
    assert set(game.legal_entries()) == {Bank(), Continue()}
    assert chance_total(game.chance_outcomes()) == 1
    assert all(isinstance(o.entry, Roll) and len(faces_of(o.entry)) == 4
               for o in game.chance_outcomes())


def test_under_a_card_that_forbids_banking_bank_is_not_a_legal_entry() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card plus-minus", "roll 152346", "aside 15")  # Plus/Minus: only a Tutto ends it
    assert game.legal_entries() == []
    with pytest.raises(IllegalEntry):
        game.push(Bank())


@pytest.mark.parametrize("seed", range(5))
def test_every_legal_entry_and_every_chance_outcome_of_a_random_game_is_accepted(seed: int) -> None:
    game = random_game(seed, max_entries=60)
    rng = random.Random(seed)
    for _ in range(40):
        if game.finished:
            break
        nodes = game.legal_entries() + [o.entry for o in game.chance_outcomes()]
        assert nodes, game.state.step
        for entry in rng.sample(nodes, min(10, len(nodes))):
            game.push(entry)
            game.pop()
        game.push(rng.choice(nodes))


def test_a_running_game_has_no_outcome_and_a_won_one_names_how_and_who() -> None:
    game = Game(["Anna", "Ben"])
    assert game.outcome() is None
    play_to_scores(game, [5950, 0])
    enter(game, "card bonus-200", "roll 111234", "aside 111", "bank")
    while not game.finished:
        enter(game, "card stop")
    assert game.outcome() == Outcome(Ending.TARGET, (0,))
    assert game.turn_records()[0].outcome is TurnOutcome.BANKED


def test_a_cloverleaf_win_is_its_own_termination() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card cloverleaf", "roll 111555", "aside 111555", "roll 222111",
          "aside 222111")
    assert game.outcome() == Outcome(Ending.CLOVERLEAF, (0,))
    assert game.turn_records()[-1].outcome == "cloverleaf"  # the export's word, as before
    assert game.legal_entries() == [] and game.chance_outcomes() == []


@pytest.mark.parametrize("seed", range(8))
def test_help_reads_what_the_table_waits_for_from_the_contract_as_the_rules_step_says(
        seed: int) -> None:
    game = Game(["Anna", "Ben"])
    messages = Messages(Catalog("en"), game)
    sim = Simulator(random.Random(seed))
    for _ in range(300):
        assert messages.what_now() is game.state.step
        if game.finished:
            break
        game.push(sim.entry(game))
