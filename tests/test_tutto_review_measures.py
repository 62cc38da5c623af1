"""One measure per position: the review judges every decision by what the advice plays for there.

Games are played entirely by the advice (at every decision the choice ``advice`` says, made by
the same function; cards and dice by chance, the cards from the pile as tracked), in every
coached situation (normal turns, the final round with players still to come and the last turn
of the game, two players with the game solved by ``coach --duel``, Plus/Minus and the
Cloverleaf) and under each rule preset. Each game is kept in a real games file and reviewed by
the real program (``tutto-tally review --format json``): nobody is charged for anything, and
each decision says the measure it was judged by.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import pytest

from conftest import tutto_command
from test_tutto_review import keep
from testbed.tutto_simulator import Simulator
from tutto_a11y.games.tutto.coach.advised import DUEL, LAST_TURN, LEAD, advised
from tutto_a11y.games.tutto.rules import Bank, Continue, Game, Rules, SetAside, Step

pytestmark = pytest.mark.slow  # whole games played by the advice, each reviewed by the program


def play_by_the_advice(seed: int, rules: Rules, players: tuple[str, ...],
                       playing: set[str | None] | None = None) -> Game:
    """A whole game: cards and dice by chance (the rules' own chance outcomes), and at every
    decision what ``advice`` says at that very position, scores and pile; ``playing`` gathers
    why the advice played to win (None: it did not)."""
    rng = random.Random(seed)
    chance = Simulator(rng)
    game = Game(players, rules)
    then = "roll"
    while not game.finished:
        s = game.state
        if s.step is Step.SET_ASIDE:
            seen = advised(rules, s, players)
            assert seen is not None and seen.best is not None, s
            if playing is not None:
                playing.add(seen.playing)
            game.push(SetAside(tuple(seen.best.set_aside)))
            then = seen.best.then
        elif s.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
            game.push(Bank() if then == "bank" else Continue())
        else:
            game.push(chance.chance(game))
    return game


def reviewed(db: Path, env: dict[str, str], game: Game) -> dict[str, Any]:
    """``tutto-tally review --format json`` of the game, kept in a real games file."""
    result = subprocess.run([*tutto_command(), "review", keep(db, game), "--db", str(db),
                             "--format", "json"], env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    review: dict[str, Any] = json.loads(result.stdout)
    return review


def nothing_charged(review: dict[str, Any]) -> set[str]:
    """Every player's every decision as the advice takes it; the measures judged by."""
    measures = set()
    for player in review["players"]:
        assert player["best"] == player["decisions"], player["name"]
        assert player["expected_loss"] == 0 and player["chance_loss"] == 0
        assert player["grades"] == {"inaccuracy": 0, "mistake": 0, "blunder": 0}
        assert player["costliest"] == [] == player["costliest_chances"]
        for move in player["moves"]:
            assert (move["loss"], move["grade"]) == (0.0, None), move
            measures.add(move["measure"])
    return measures


def play_until_every_measure(db: Path, env: dict[str, str], rules: Rules,
                             players: tuple[str, ...], wanted: set[str],
                             playing: AbstractSet[str | None] = frozenset()) -> set[str]:
    """Games played by the advice, each reviewed to nothing charged, until the decisions
    judged cover every measure ``wanted`` (Plus/Minus and the Cloverleaf come by chance) and
    the advice played to win for every reason in ``playing``."""
    seen: set[str] = set()
    why: set[str | None] = set()
    for seed in range(40):
        game = play_by_the_advice(seed, rules, players, why)
        seen |= nothing_charged(reviewed(db, env, game))
        if wanted <= seen and playing <= why:
            return seen
    raise AssertionError(f"in 40 games only {sorted(seen)} of {sorted(wanted)}, {why}")


@pytest.mark.parametrize("preset, wanted", [
    # Standard: two players end with a last turn played to win; the Plus/Minus Tutto ends the
    # turn (its chance), the Cloverleaf needs two Tuttos.
    ("standard", {"points", "tutto", "two-tuttos", "win"}),
    # Classic 2004: the first to the target wins at once, and the Plus/Minus Tutto adds 1000
    # and the turn goes on, so the points weigh it.
    ("classic-2004", {"points", "two-tuttos"}),
    ("volle-lotte", {"points", "tutto", "two-tuttos"}),
])
def test_games_played_by_the_advice_in_normal_turns_review_to_nothing_charged(
        db: Path, clean_env: dict[str, str], preset: str, wanted: set[str]) -> None:
    rules = Rules.preset(preset).with_option("target", "1500")
    seen = play_until_every_measure(db, clean_env, rules, ("Anna", "Ben"), wanted)
    assert seen <= {"points", "tutto", "two-tuttos", "win"}
    if preset != "standard":
        assert "win" not in seen  # no final round, nothing solved: never played to win


@pytest.mark.parametrize("preset", ["standard", "classic-2004", "volle-lotte"])
def test_games_played_by_the_advice_in_the_final_round_review_to_nothing_charged(
        db: Path, clean_env: dict[str, str], preset: str) -> None:
    # Three players: the final round has players still to come and the game's last turn.
    rules = Rules.preset(preset).with_option("target", "1500") \
        .with_option("game-end", "final-round")
    play_until_every_measure(db, clean_env, rules, ("Anna", "Ben", "Cleo"), {"points", "win"},
                             {LEAD, LAST_TURN})


@pytest.mark.parametrize("preset", ["standard", "volle-lotte"])
def test_two_player_games_played_by_the_advice_with_the_game_solved_review_to_nothing_charged(
        db: Path, clean_env: dict[str, str], preset: str) -> None:
    solve = subprocess.run([*tutto_command(), "coach", "--duel", "--target", "300", "--rules",
                            preset], env=clean_env, capture_output=True, text=True, timeout=900)
    assert solve.returncode == 0, solve.stderr
    rules = Rules.preset(preset).with_option("target", "300")
    # With the game solved every decision plays to win the game, whatever the card.
    assert play_until_every_measure(db, clean_env, rules, ("Anna", "Ben"), {"win"},
                                    {DUEL}) == {"win"}
