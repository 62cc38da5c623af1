"""The coach's exact single-turn optimum: the published figures, and a second method for each.

The solver merges rolls and works on numpy arrays over the 50-point grid. The second methods
here share none of that: a plain recursion over the rules engine itself (``Game`` states,
``legal_entries`` and ``chance_outcomes`` of the game contract, exact fractions), and a Monte
Carlo of the engine where the solver's figure is a long-run average.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import sqrt

import pytest

from tutto_a11y.core.record import replace
from tutto_a11y.games.tutto.coach.choices import coach_for
from tutto_a11y.games.tutto.coach.position import Position
from tutto_a11y.games.tutto.coach.rolls import offers
from tutto_a11y.games.tutto.coach.solver import constants
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Game,
    Roll,
    Rules,
    SetAside,
    State,
    Step,
    chance_outcomes,
    legal_entries,
)
from tutto_a11y.games.tutto.rules.cards import FULL_DECK, Deck
from tutto_a11y.games.tutto.rules.state import advance
from tutto_play import position_of

STANDARD = Rules()
ONLY_STOPS = tuple(10 if card is Card.STOP else 0 for card in Deck.as_dict(FULL_DECK))
#: A pile where drawing after a Tutto is worth something and still ends the turn.
STOPS_AND_PLUS_MINUS = tuple({Card.STOP: 10, Card.PLUS_MINUS: 5}.get(card, 0)
                             for card in Deck.as_dict(FULL_DECK))


def start_value(card: Card, rules: Rules = STANDARD, pile: tuple[int, ...] = FULL_DECK) -> float:
    """The value of a turn's first roll under ``card``, the next card from ``pile``."""
    [choice] = coach_for(rules).choices(Position(card, 6, 0, 0, (), None, pile))
    assert choice.then == "roll"
    return choice.expected


@pytest.mark.parametrize("card, figure", [
    (Card.BONUS_300, 444.01), (Card.X2, 467.35), (Card.STREET, 393.80),
    (Card.FIREWORKS, 622.64)])
def test_the_expected_turn_from_the_start_under_a_card_is_the_published_figure(
        card: Card, figure: float) -> None:
    assert round(start_value(card), 2) == figure


def test_a_whole_turn_with_a_random_first_card_is_worth_357_58() -> None:
    whole = sum(n * start_value(card) for card, n in Deck.as_dict(FULL_DECK).items()
                if card not in (Card.STOP, Card.CLOVERLEAF)) / sum(FULL_DECK)
    assert round(whole, 2) == 357.58


def test_the_plus_minus_tutto_chance_is_higher_played_best_than_keeping_every_scoring_die() -> None:
    k = constants()
    every = [1.0]  # the chance of the Tutto, always setting aside every scoring die, by dice
    for n in range(1, 7):
        every.append(sum(float(c) * every[n - max(o)[0]] for c, o in offers(n)))
    assert round(k.plus_minus[6], 6) == 0.270998
    assert round(every[6], 6) == 0.264565
    assert round(start_value(Card.PLUS_MINUS), 2) == round(1000 * k.plus_minus[6], 2)


def test_keeping_fewer_scoring_dice_is_best_for_1_1_2_2_3_5_under_bonus_300() -> None:
    coach = coach_for(STANDARD)
    best = coach.choices(Position(Card.BONUS_300, 6, 0, 0, (), (1, 1, 2, 2, 3, 5), FULL_DECK))[0]
    assert (best.set_aside, best.then) == ((1,), "roll")


# -- a second method: a plain recursion over the rules engine, in exact fractions ---------------

def _state(card: Card, deck: tuple[int, ...], **changes: object) -> State:
    """A game state just after ``card`` was drawn, with the pile ``deck`` left."""
    game = Game(["Anna", "Ben"], STANDARD)
    game.push(DrawCard(card))
    return replace(game.state, deck=deck, **changes)


def _recursion(rules: Rules, seat_score: int = 0) -> Callable[[State], Fraction]:
    """Exact best expected points banked from an engine state, by plain recursion."""

    @cache
    def value(state: State) -> Fraction:
        if state.step is Step.CARD or state.step is Step.OVER:  # the turn is over: its points
            return Fraction(state.scores[0] - seat_score)
        decisions = legal_entries(rules, state)  # bank or go on comes before the dice
        if decisions:
            return max(value(advance(rules, state, entry)[0]) for entry in decisions)
        return sum((o.probability * value(advance(rules, state, o.entry)[0])
                    for o in chance_outcomes(state)), Fraction(0))

    return value


@pytest.mark.parametrize("pile", [ONLY_STOPS, STOPS_AND_PLUS_MINUS])
@pytest.mark.parametrize("dice, total, roll", [
    (6, 0, None), (3, 450, None), (2, 700, None), (6, 0, (1, 1, 2, 2, 3, 5)),
    (4, 300, (1, 5, 5, 2)), (1, 1200, None)])
def test_bonus_300_values_agree_with_a_plain_recursion_over_the_rules(
        dice: int, total: int, roll: tuple[int, ...] | None, pile: tuple[int, ...]) -> None:
    # With only Stop and Plus/Minus cards in the pile, every draw after a Tutto ends the turn:
    # the recursion over the engine's own entries then ends, and must agree with the solver.
    state = _state(Card.BONUS_300, pile, dice=dice, turn_total=total,
                   step=Step.SET_ASIDE if roll else (Step.ROLL if dice == 6 else
                                                    Step.ROLL_OR_BANK),
                   roll=roll or ())
    exact = _recursion(STANDARD)(state)
    choices = coach_for(STANDARD).choices(position_of(state))
    assert choices[0].expected == pytest.approx(float(exact), abs=1e-9)


# The card's scope solves for two seconds: slow; the turn's stays quick.
@pytest.mark.parametrize("scope", ["turn", pytest.param("card", marks=pytest.mark.slow)])
def test_x2_values_agree_with_a_plain_recursion_in_both_scopes(scope: str) -> None:
    rules = Rules(x2_scope=scope)
    state = _state(Card.X2, ONLY_STOPS, dice=3, turn_total=900, card_base=600,
                   step=Step.ROLL_OR_BANK)
    exact = _recursion(rules)(state)
    assert coach_for(rules).choices(position_of(state))[0].expected == \
        pytest.approx(float(exact), abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_a_card_valued_a_block_of_rows_at_a_time_has_the_whole_tables_values_to_the_bit(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many rows (x2-scope=card: a row per total carried) are valued a block at a time, for
    speed; every value must be what valuing the whole table at once gives, bit for bit, with
    what the callers pass: a row each or one for all, a Niete worth a number or a row each."""
    import numpy as np

    from tutto_a11y.games.tutto.coach import solver

    rng = np.random.default_rng(seed)
    length = int(rng.choice([solver.L, int(rng.integers(10, 200))]))
    width = length + solver.PAD
    block = solver.BLOCK // width
    rows = int(rng.integers(2 * block + 1, 5 * block))  # blocks, the last one short
    bank = rng.random((rows, width)) * 3000
    tutto = rng.random((int(rng.choice([1, rows])), width)) * 5000
    niete = float(rng.random()) if seed % 2 else rng.random((rows, 1))
    blocks = solver.play_card(bank, tutto, niete, length)
    monkeypatch.setattr(solver, "BLOCK", 10**9)  # the whole table at once
    whole = solver.play_card(bank, tutto, niete, length)
    for got, wanted in zip(blocks[0] + blocks[1], whole[0] + whole[1], strict=True):
        assert got.shape == wanted.shape and got.tobytes() == wanted.tobytes()


def test_plus_minus_adding_1000_values_the_turn_before_the_card_plus_1000() -> None:
    rules = Rules(plus_minus="adds-1000-may-continue")
    state = _state(Card.PLUS_MINUS, STOPS_AND_PLUS_MINUS, turn_total=850, card_base=700)
    exact = _recursion(rules)(state)
    assert coach_for(rules).choices(position_of(state))[0].expected == \
        pytest.approx(float(exact), abs=1e-9)
    assert float(exact) == pytest.approx(constants().plus_minus[6] * 1700)


def test_the_plus_minus_chance_agrees_with_a_plain_recursion_over_the_rules() -> None:
    state = _state(Card.PLUS_MINUS, FULL_DECK)
    exact = _recursion(STANDARD)(state) / 1000
    assert float(exact) == pytest.approx(constants().plus_minus[6], abs=1e-12)
    assert round(float(exact), 6) == 0.270998


def test_the_street_chance_agrees_with_a_plain_recursion_over_the_rules() -> None:
    rules = Rules(street_after="ends-turn")  # the completed Street banks 2000: the turn ends
    state = _state(Card.STREET, FULL_DECK)
    exact = _recursion(rules)(state) / 2000
    assert float(exact) == pytest.approx(constants().street[6], abs=1e-12)


# -- a second method: Monte Carlo of the engine where the figure is a long-run average ---------

@pytest.mark.slow
def test_a_monte_carlo_of_fireworks_turns_finds_622_64_within_its_confidence_interval() -> None:
    rng = random.Random(20260101)
    results = []
    for _ in range(20000):
        game = Game(["Anna", "Ben"], STANDARD)
        game.push(DrawCard(Card.FIREWORKS))
        while game.state.seat == 0:
            game.push(Roll(tuple(rng.randint(1, 6) for _ in range(game.state.dice))))
        results.append(game.state.scores[0])
    mean = sum(results) / len(results)
    sd = sqrt(sum((x - mean) ** 2 for x in results) / (len(results) - 1))
    half = 3.3 * sd / sqrt(len(results))  # 99.9 %
    assert mean - half <= constants().fireworks[6] <= mean + half
    assert half < 15


@pytest.mark.slow
def test_a_monte_carlo_of_the_coachs_policy_under_bonus_300_finds_444_01() -> None:
    # Each card after a Tutto is drawn from a full deck's proportions, as the figure assumes.
    # The coach's answer at a position is a pure function of it: asked once per position met
    # (20000 turns meet a few thousand), the same answers in a third of the time.
    rng = random.Random(7)
    coach = coach_for(STANDARD)
    best_at = cache(lambda position: coach.choices(position)[0])
    cards, weights = zip(*Deck.as_dict(FULL_DECK).items(), strict=True)
    results = []
    for _ in range(20000):
        game = Game(["Anna", "Ben"], STANDARD)
        game.push(DrawCard(Card.BONUS_300))
        while game.state.seat == 0:
            s = game.state
            if s.step in (Step.CARD,):
                card = rng.choices(cards, weights)[0]
                game._states[-1] = replace(s, deck=FULL_DECK)
                game.push(DrawCard(card))
            elif s.step is Step.ROLL:
                game.push(Roll(tuple(rng.randint(1, 6) for _ in range(s.dice))))
            else:
                best = best_at(position_of(replace(s, deck=FULL_DECK)))
                if s.step is Step.SET_ASIDE:
                    game.push(SetAside(best.set_aside))
                    if game.state.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
                        game.push(Bank() if best.then == "bank" else Continue())
                else:
                    game.push(Bank() if best.then == "bank" else Continue())
        results.append(game.state.scores[0])
    mean = sum(results) / len(results)
    sd = sqrt(sum((x - mean) ** 2 for x in results) / (len(results) - 1))
    half = 3.3 * sd / sqrt(len(results))
    assert mean - half <= 444.01 <= mean + half


# -- the game's last turn: the chance of winning ------------------------------------------------

def _last_turn(
        card: Card, scores: tuple[int, int], pile: tuple[int, ...], **changes: object) -> State:
    """Ben's turn, the last of the final round, just after ``card`` was drawn."""
    game = Game(["Anna", "Ben"], STANDARD)
    game._states[-1] = replace(game.state, scores=scores, final_round=True, seat=1)
    game.push(DrawCard(card))
    return replace(game.state, deck=pile, **changes)


def _win_recursion(rules: Rules) -> Callable[[State], Fraction]:
    """Exact best chance that Ben wins, by plain recursion over the rules engine. A chance is
    at most 1: once a decision wins for certain (banking enough, first), the others need not
    be followed, which spares the whole tree of rolling on past the need."""

    @cache
    def value(state: State) -> Fraction:
        if state.step is Step.OVER:
            return Fraction(int(1 in state.winners))
        decisions = sorted(legal_entries(rules, state), key=lambda e: not isinstance(e, Bank))
        if decisions:
            best = Fraction(0)
            for entry in decisions:
                best = max(best, value(advance(rules, state, entry)[0]))
                if best == 1:
                    break
            return best
        return sum((o.probability * value(advance(rules, state, o.entry)[0])
                    for o in chance_outcomes(state)), Fraction(0))

    return value


@pytest.mark.slow
@pytest.mark.parametrize("card, scores, changes", [
    (Card.BONUS_300, (6100, 5250), {}),
    (Card.BONUS_500, (6000, 5900), {}),
    (Card.X2, (6400, 5600), {"dice": 3, "turn_total": 300, "step": Step.ROLL_OR_BANK}),
    (Card.BONUS_200, (6050, 5000), {"dice": 4, "turn_total": 600, "step": Step.SET_ASIDE,
                                    "roll": (1, 5, 5, 3)}),
    (Card.PLUS_MINUS, (6200, 5300), {}),
])
def test_in_the_last_turn_the_coach_finds_the_best_chance_to_win_as_a_plain_recursion_does(
        card: Card, scores: tuple[int, int], changes: dict[str, object]) -> None:
    from tutto_a11y.games.tutto.coach.winning import WinCoach, stakes_of

    state = _last_turn(card, scores, STOPS_AND_PLUS_MINUS, **changes)
    exact = _win_recursion(STANDARD)(state)
    stakes = stakes_of(STANDARD, state)
    assert stakes is not None and stakes.need == scores[0] - scores[1]
    best = WinCoach(STANDARD, stakes).choices(position_of(state))[0]
    assert best.expected == pytest.approx(float(exact), abs=1e-9)


def test_playing_to_win_is_not_playing_for_points() -> None:
    from tutto_a11y.games.tutto.coach.winning import WinCoach, stakes_of

    # Ben needs 1500: banking 450 is safe points but never wins, so the coach rolls on.
    state = _last_turn(Card.BONUS_300, (6500, 5000), FULL_DECK, dice=3, turn_total=450,
                       step=Step.ROLL_OR_BANK)
    for_points = coach_for(STANDARD).choices(position_of(state))[0]
    to_win = WinCoach(STANDARD, stakes_of(STANDARD, state)).choices(position_of(state))[0]
    assert (for_points.then, to_win.then) == ("bank", "roll")
