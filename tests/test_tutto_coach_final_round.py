"""The final round with players still to come (three or more players): the coach plays to win.

A player of the final round before the last one wins if nobody after beats the new score, so
banking is worth the chance that every later player misses it. The figure is checked against a
Monte Carlo of the rules engine, both players doing what the coach says, and through the real
program in three languages.
"""

from __future__ import annotations

import random
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from testbed.tutto_simulator import play_as_advised, remembered
from tutto_a11y.cli.app import cli
from tutto_a11y.core.record import replace
from tutto_a11y.games.tutto.coach.choices import Choice, coach_for
from tutto_a11y.games.tutto.coach.duel import last_turn
from tutto_a11y.games.tutto.coach.winning import (
    LeadStakes,
    Stakes,
    WinCoach,
    lead_stakes_of,
    stakes_of,
)
from tutto_a11y.games.tutto.rules import Card, DrawCard, Game, Rules, State, Step
from tutto_play import keep_every_win_table, position_of

if TYPE_CHECKING:  # the solver names its array type for the checker only
    from tutto_a11y.games.tutto.coach.solver import FloatArray

pytestmark = pytest.mark.slow  # the final-round solves and their Monte Carlo checks

STANDARD = Rules()


@pytest.fixture(scope="module")
def last() -> FloatArray:
    return last_turn(STANDARD)


def _middle_turn(scores: tuple[int, int, int], card: Card, **changes: object) -> State:
    """Ben's turn in the final round, Anna (who reached the target) before him, Cleo after."""
    game = Game(["Anna", "Ben", "Cleo"], STANDARD)
    game._states[-1] = replace(game.state, scores=scores, final_round=True, seat=1)
    game.push(DrawCard(card))
    return replace(game.state, **changes)


def test_a_player_with_others_still_to_come_plays_to_win_not_for_points(last: FloatArray) -> None:
    # Ben needs 1100 to draw level with Anna: banking 600 is good points and never wins.
    state = _middle_turn((6100, 5000, 4000), Card.BONUS_300, dice=2, turn_total=600,
                         step=Step.ROLL_OR_BANK)
    stakes = lead_stakes_of(STANDARD, state, last)
    assert stakes is not None and stakes.need == 1100
    for_points = coach_for(STANDARD).choices(position_of(state))[0]
    to_win = WinCoach(STANDARD, stakes).choices(position_of(state))[0]
    assert (for_points.then, to_win.then) == ("bank", "roll")


def test_banking_is_worth_the_chance_that_no_later_player_beats_the_new_score(
        last: FloatArray) -> None:
    state = _middle_turn((6100, 5000, 4000), Card.BONUS_300)
    stakes = lead_stakes_of(STANDARD, state, last)
    assert stakes is not None
    assert stakes.bank[0] == stakes.niete == 0.0  # 5000 loses to Anna's 6100
    assert stakes.bank[21] == 0.0  # 6050: still behind Anna
    # 6100 draws level with Anna (a tie with an earlier player counts for Ben): Cleo needs 2100.
    assert stakes.bank[22] == pytest.approx(1 - float(last[42]))
    assert stakes.bank[30] > stakes.bank[22]  # a bigger lead is harder for Cleo to beat
    assert stakes_of(STANDARD, state) is None  # not the last turn of the game


def test_the_last_player_and_the_rounds_before_the_final_one_are_not_lead_stakes(
        last: FloatArray) -> None:
    assert lead_stakes_of(STANDARD, replace(_middle_turn((6100, 5000, 4000), Card.X2),
                                            seat=2), last) is None
    assert lead_stakes_of(STANDARD, replace(_middle_turn((5100, 5000, 4000), Card.X2),
                                            final_round=False), last) is None


def test_the_chance_to_win_agrees_with_a_monte_carlo_of_the_rules_engine(
        last: FloatArray, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second method: Ben's and Cleo's turns through the rules engine, every card from a full
    deck's proportions as the coach assumes, both doing what the coach says. Cleo at 5900 wins
    with any Plus/Minus Tutto that could cost Ben the game, so the figure is exact here.

    The program keeps the tables of its last sixteen stakes and works out a turn's stakes at
    each ``advice``; 6000 games meet a few hundred stakes thousands of times, so here every
    coach, table and stakes made is kept for the whole run (the stakes of a final-round turn
    hang on the scores and the seat alone): the same pure functions of the same arguments,
    the same answers, in a fraction of the time."""
    import functools

    keep_every_win_table(monkeypatch)
    coach_of = functools.cache(WinCoach)
    start = _middle_turn((6100, 5000, 5900), Card.BONUS_300)
    [first] = WinCoach(STANDARD, lead_stakes_of(STANDARD, start, last)).choices(
        position_of(start))
    rng = random.Random(2611)
    stakes_at: dict[tuple[tuple[int, ...], int], Stakes | LeadStakes | None] = {}

    def choose(s: State) -> Choice:
        if (s.scores, s.seat) not in stakes_at:
            stakes_at[s.scores, s.seat] = stakes_of(STANDARD, s) or lead_stakes_of(
                STANDARD, s, last)
        stakes = stakes_at[s.scores, s.seat]
        assert stakes is not None
        if s.seat == 2 and stakes.need <= 0:
            return Choice((), "bank", 1.0)  # Cleo has enough: any way on wins
        return coach_of(STANDARD, stakes).choices(position_of(s))[0]

    best = remembered(choose)

    def play() -> tuple[int, ...]:
        game = Game(["Anna", "Ben", "Cleo"], STANDARD)
        game._states[-1] = start
        return play_as_advised(game, best, rng)

    games = 6000
    won = sum(1 in w and 2 not in w for w in (play() for _ in range(games))) / games
    p = first.expected
    assert abs(won - p) <= 2.58 * (p * (1 - p) / games) ** 0.5, (won, p)  # 99 % interval


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "You need 1000 for the lead, and others still play: set aside the 1 and "
                     "roll. Chance to win: {p} percent."),
    ("de", "tipp", "Du brauchst 1000 für die Führung, und andere spielen noch: die 1 "
                   "herauslegen und weiterwürfeln. Siegchance: {p} Prozent."),
    ("fr", "avis", "Il vous faut 1000 pour mener, et d'autres jouent encore\u00a0: gardez le 1 "
                   "et relancez. Chance de gagner\u00a0: {p} pour cent."),
])
def test_in_the_final_round_advice_plays_to_win_against_the_players_still_to_come(
        lang: str, word: str, sentence: str, tmp_path: Path) -> None:
    # Anna banks 1000 and reaches the target 300; Ben plays, then Cleo, the last.
    result = CliRunner().invoke(
        cli, ["--plain", "--no-speech", "--db", str(tmp_path / "g.db"), "--players",
              "Anna,Ben,Cleo", "--lang", lang, "--target", "300"],
        input=f"300\n1 1 1 2 3 4\n1 1 1\nbank\n500\n1 1 2 2 3 5\n{word}\n",
        env={"TUTTO_SPEECH": None, "TUTTO_COACH": None,
             "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    said = [line for line in result.output.splitlines() if "1000" in line]
    assert any(line.startswith(sentence.split("{p}")[0]) and line.endswith(
        sentence.split("{p}")[1]) for line in said), said


@pytest.mark.parametrize("street_after", ["may-continue", "ends-turn"])
def test_the_later_players_chances_ship_in_the_package_as_a_fresh_solve_finds_them(
        street_after: str) -> None:
    """The table shipped in the package (``scripts/coach_tables.py``) is the solve itself: the
    first final-round advice on a machine reads it instead of solving for seconds."""
    import numpy as np

    from tutto_a11y.games.tutto.coach import duel

    rules = Rules(street_after=street_after, x2_scope="card", target=300)  # only street-after
    shipped = duel.last_turn(rules)
    fresh = duel.last_turn_chances(rules, duel.last_turn_most(), tolerance=1e-10)
    assert shipped.shape == fresh.shape == (duel.last_turn_most() + 1,)
    assert np.abs(shipped - fresh).max() < 1e-12


def test_a_missing_or_damaged_shipped_table_is_worked_out_again_never_trusted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    from tutto_a11y.games.tutto.coach import duel

    rules = Rules(street_after="ends-turn", target=500)
    good = duel.last_turn(rules)
    # A table of the first 40 needs, as if the package shipped that many: the same code works
    # it out as for the whole table, in a second rather than in ten (the whole table's fresh
    # solve is the test above).
    most = 40
    monkeypatch.setattr(duel, "last_turn_most", lambda: most)
    shipped = tmp_path / "last_turn.npz"
    monkeypatch.setattr(duel, "SHIPPED", shipped)
    chances = np.full(most + 1, 0.5)
    for damaged in (b"not a numpy file", None, np.full(most, 0.5),  # one need short
                    np.append(chances[1:], 2.0), np.append(chances[1:], np.nan)):
        shipped.unlink(missing_ok=True)
        if isinstance(damaged, bytes):
            shipped.write_bytes(damaged)
        elif damaged is not None:  # a table of the right name, wrong in shape or values
            with zipfile.ZipFile(shipped, "w") as npz, \
                    npz.open(f"{duel.last_turn_key(rules)}.npy", "w") as table:
                np.save(table, damaged)
        duel.last_turn.cache_clear()
        found = duel.last_turn(rules)
        assert found.shape == (most + 1,)
        assert np.abs(found - good[:most + 1]).max() < 1e-12
    duel.last_turn.cache_clear()
