"""The draw pile tracked to the end of the turn: every later draw from what is left of it.

The coach solves the turn by recursion over the smaller piles, memoised on the pile, following
a pile only from the turn totals its draws can come at and only where drawing could beat
banking; in points, and when it plays to win (the final round's last turn and turns with
players still to come, a two-player game solved by ``coach --duel``) in chances to win. The
second method here shares none of that: every smaller pile solved whole, over every turn
total, without any bound. Both value a card drawn with the same card tables (checked against
the rules engine in ``test_tutto_coach_solver.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from test_tutto_review import keep, run
from tutto_a11y.cli.app import cli
from tutto_a11y.core.record import replace
from tutto_a11y.games.tutto.coach.choices import Coach
from tutto_a11y.games.tutto.coach.duel import last_turn
from tutto_a11y.games.tutto.coach.position import Position, pile_from_counts
from tutto_a11y.games.tutto.coach.solver import STEP, L, extend, lookup, reference
from tutto_a11y.games.tutto.coach.winning import (
    LeadStakes,
    Stakes,
    WinCoach,
    WinMeasure,
    lead_stakes_of,
    stakes_of,
)
from tutto_a11y.games.tutto.rules import Card, Game, Rules, State
from tutto_a11y.games.tutto.rules.cards import CARD_ORDER
from tutto_play import enter, zero_turn


def coach(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["coach", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    choices: list[dict[str, Any]] = json.loads(result.stdout)["choices"]
    return choices


def test_x2_with_one_die_at_500_drawing_from_a_rich_pile_is_worth_1539_80() -> None:
    choices = coach("--card", "x2", "--dice", "1", "--turn-total", "500", "--roll", "5",
                    "--deck", "bonus-300=2,bonus-600=1,x2=1,fireworks=2")
    assert {"set_aside": [5], "then": "draw", "expected": 1539.8} == choices[0]


def test_plus_minus_at_1200_in_classic_rules_with_a_fireworks_rich_pile_is_worth_831_51() -> None:
    choices = coach("--rules", "classic-2004", "--card", "plus-minus", "--dice", "6",
                    "--turn-total", "1200", "--roll", "6 6 3 1 5 6",
                    "--deck", "fireworks=5,bonus-300=1,bonus-400=1,street=1")
    assert choices[0]["expected"] == 831.51


def whole(measure: Any, pile: tuple[int, ...],
          solved: dict[tuple[int | str, ...], np.ndarray]) -> np.ndarray:
    """Bank or draw after a Tutto in ``measure`` (points: ``reference(rules)``; chances to
    win: a :class:`WinMeasure`), ``pile`` tracked: every smaller pile solved whole, without
    any bound, over every turn total. The piles here hold a Stop, so no turn draws them
    empty."""
    if pile in solved:
        return solved[pile]
    counts = sum(pile)
    draw = np.zeros(L)
    for card, n in zip(CARD_ORDER, pile, strict=True):
        if not n:
            continue
        rest = list(pile)
        rest[CARD_ORDER.index(card)] -= 1
        row = np.zeros(L)
        measure.card_row(card, lookup(measure, whole(measure, tuple(rest), solved)), row)
        draw += n / counts * row
    solved[pile] = np.maximum(measure.u[:L], draw)
    solved[("draw",) + pile] = draw
    return solved[pile]


PILES = [
    {Card.BONUS_300: 2, Card.BONUS_600: 1, Card.X2: 1, Card.FIREWORKS: 2, Card.STOP: 1},
    {Card.BONUS_500: 3, Card.X2: 2, Card.STREET: 1, Card.STOP: 1},
    {Card.BONUS_200: 2, Card.PLUS_MINUS: 2, Card.CLOVERLEAF: 1, Card.STOP: 2},
]


@pytest.mark.parametrize("counts", PILES)
@pytest.mark.parametrize("preset", ["standard", "classic-2004"])
def test_drawing_after_a_tutto_agrees_with_every_smaller_pile_solved_whole(
        counts: dict[Card, int], preset: str) -> None:
    rules = Rules.preset(preset)
    pile = pile_from_counts(counts)
    solved: dict[tuple[int | str, ...], np.ndarray] = {}
    whole(reference(rules), pile, solved)
    fresh = Coach(rules)  # no piles kept from other tests
    for total in (500, 1100, 1550, 2400, 4000):
        [bank, draw] = sorted(fresh.choices(Position(None, 6, total, 0, (), None, pile)),
                              key=lambda c: c.then)
        assert bank.expected == total
        assert draw.expected == pytest.approx(float(solved[("draw",) + pile][total // STEP]),
                                              abs=1e-9)


@pytest.mark.parametrize("counts", PILES[:2])
def test_a_whole_card_agrees_with_every_smaller_pile_solved_whole(counts: dict[Card, int]) -> None:
    rules = Rules()
    pile = pile_from_counts(counts)
    solved: dict[tuple[int | str, ...], np.ndarray] = {}
    ref = reference(rules)
    after = whole(ref, pile, solved)
    for card in (Card.BONUS_300, Card.X2):
        row = np.zeros(L)
        ref.card_row(card, extend(after), row)
        [start] = Coach(rules).choices(Position(card, 6, 0, 0, (), None, pile))
        assert start.expected == pytest.approx(float(row[0]), abs=1e-9)


# -- playing to win: the final round's and the two-player coaches follow the pile too --------

def _last_turn_of(scores: tuple[int, ...], seat: int) -> State:
    """A turn of the final round: ``seat`` to draw, Anna having reached the target."""
    game = Game(["Anna", "Ben", "Cleo"][:len(scores)], Rules())
    game._states[-1] = replace(game.state, scores=scores, final_round=True, seat=seat)
    return game.state


def _stakes() -> list[tuple[str, Stakes | LeadStakes | None]]:
    found: list[tuple[str, Stakes | LeadStakes | None]] = []
    for need in (1700, 2600, 3400):  # two or three Tuttos needed from 0
        found.append((f"last turn, need {need}", stakes_of(Rules(), _last_turn_of(
            (6000 + need, 6000), 1))))
    found.append(("others to come", lead_stakes_of(Rules(), _last_turn_of(
        (7800, 6000, 5500), 1), last_turn(Rules()))))
    return found


@pytest.mark.parametrize("counts", PILES)
@pytest.mark.parametrize("name, stakes", _stakes())
def test_playing_to_win_drawing_after_a_tutto_agrees_with_every_smaller_pile_solved_whole(
        counts: dict[Card, int], name: str, stakes: Stakes | LeadStakes | None) -> None:
    pile = pile_from_counts(counts)
    assert stakes is not None
    measure = WinMeasure(Rules(), *stakes.bank_values())
    solved: dict[tuple[int | str, ...], np.ndarray] = {}
    whole(measure, pile, solved)
    coach = WinCoach(Rules(), measure=measure)  # no piles kept from other tests
    for total in (600, 1100, 1550, 2400, 3000):
        [bank, draw] = sorted(coach.choices(Position(None, 6, total, 0, (), None, pile)),
                              key=lambda c: c.then)
        assert bank.expected == pytest.approx(float(measure.u[total // STEP]), abs=1e-12)
        assert draw.expected == pytest.approx(float(solved[("draw",) + pile][total // STEP]),
                                              abs=1e-9), (name, total)


@pytest.mark.parametrize("name, stakes", _stakes())
def test_playing_to_win_a_whole_card_agrees_with_every_smaller_pile_solved_whole(
        name: str, stakes: Stakes | LeadStakes | None) -> None:
    pile = pile_from_counts(PILES[0])
    assert stakes is not None
    measure = WinMeasure(Rules(), *stakes.bank_values())
    after = whole(measure, pile, {})
    for card in (Card.BONUS_300, Card.X2, Card.STREET):
        row = np.zeros(L)
        measure.card_row(card, lookup(measure, after), row)
        [start] = WinCoach(Rules(), measure=measure).choices(
            Position(card, 6, 0, 0, (), None, pile))
        assert start.expected == pytest.approx(float(row[0]), abs=1e-9), (name, card)


@pytest.mark.slow
def test_a_two_player_turn_with_the_game_solved_agrees_with_every_smaller_pile_solved_whole(
        ) -> None:
    from tutto_a11y.games.tutto.coach.duel import bank_values, solve

    rules = Rules(target=500)
    win, last = solve(rules)
    for seat, mine, theirs in ((0, 0, 0), (1, 4, 2), (0, 3, 9)):  # scores in grid steps
        u, lost, pm = bank_values(rules, win, last, np.array([seat]), np.array([mine]),
                                  np.array([theirs]))
        measure = WinMeasure(rules, u[0], float(lost[0]), float(pm[0]))
        for counts in PILES:
            pile = pile_from_counts(counts)
            solved: dict[tuple[int | str, ...], np.ndarray] = {}
            whole(measure, pile, solved)
            coach = WinCoach(rules, measure=measure)
            for total in (500, 1100, 2000):
                draw = next(c for c in coach.choices(Position(None, 6, total, 0, (), None,
                                                              pile)) if c.then == "draw")
                assert draw.expected == pytest.approx(
                    float(solved[("draw",) + pile][total // STEP]), abs=1e-9)


def draw_down(game: Game, leave: dict[Card, int]) -> None:
    """Turns that score nothing, one card each, until the pile holds just ``leave``."""
    while True:
        left = game.deck_left()
        extra = [card for card, n in left.items() if n > leave.get(card, 0)]
        if not extra:
            return
        zero_turn(game, [extra[0]])


def test_the_review_values_a_last_turn_draw_with_every_later_card_from_the_pile(db: Path) -> None:
    """Through the real program: Ben, the last of the final round, needs 2600 and has 1800
    after a Tutto; drawing from the pile of six cards left is worth his chance to win with
    every later card of the turn from that pile (the whole solve), not from a full deck's."""
    rules = Rules(target=1000)
    game = Game(("Anna", "Ben"), rules)
    later = {Card.BONUS_300: 1, Card.BONUS_600: 1, Card.X2: 1, Card.STOP: 1,
             Card.FIREWORKS: 1, Card.BONUS_400: 1}
    draw_down(game, {**later, Card.BONUS_600: 2, Card.BONUS_300: 2})
    enter(game, "card bonus-600", "roll 111111", "aside 111111", "bank")  # Anna: 2600
    enter(game, "card bonus-300", "roll 111555")
    state = game.state
    enter(game, "aside 111555", "continue", "card stop")  # Ben draws, and the Stop ends it
    assert game.finished and game.state.winners == (0,)
    pile = pile_from_counts(later)
    assert game.entries and state.deck == pile
    stakes = stakes_of(rules, state)
    assert stakes is not None
    measure = WinMeasure(rules, *stakes.bank_values())
    solved: dict[tuple[int | str, ...], np.ndarray] = {}
    whole(measure, pile, solved)
    review = json.loads(run(db, "review", keep(db, game), "--format", "json"))
    ben = next(p for p in review["players"] if p["name"] == "Ben")
    move = ben["moves"][-1]
    assert (move["measure"], move["chose"]["set_aside"], move["chose"]["then"]) == \
        ("win", [1, 1, 1, 5, 5, 5], "draw")
    assert move["chose"]["expected"] == pytest.approx(
        float(solved[("draw",) + pile][1800 // STEP]), abs=0.00005)
