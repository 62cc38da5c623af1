"""What a finished Tutto game adds to ``tutto-tally stats``: turns, banked turns, the average
banked turn, Tuttos and Nieten.

A player's score in the statistics is their final score; the average banked turn counts only
the turns whose turn total went on the score.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutto_a11y.core.contract import Sentences, StatsFigures, state_scores, whole_average
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.events import PlusMinusScored, TurnOutcome, Tutto

#: Turn outcomes that put the turn total on the player's score (the export contract's words).
BANKED_OUTCOMES = frozenset({TurnOutcome.BANKED, TurnOutcome.FIREWORKS, TurnOutcome.PLUS_MINUS})


def tutto_figures(game: Game) -> list[dict[str, int]]:
    """What each seat did in one Tutto game, from the turn records and events of its replay.

    ``banked_points`` only feeds the average banked turn and is not shown itself.
    """
    seats = len(game.players)
    figures = [{"turns": 0, "banked_turns": 0, "banked_points": 0, "tuttos": 0, "nieten": 0}
               for _ in range(seats)]
    for record in game.turn_records():
        mine = figures[record.seat]
        mine["turns"] += 1
        if record.outcome in BANKED_OUTCOMES:
            mine["banked_turns"] += 1
            mine["banked_points"] += record.points
        elif record.outcome is TurnOutcome.NIETE:
            mine["nieten"] += 1
    for event in game.all_events():
        if isinstance(event, (Tutto, PlusMinusScored)):  # a Plus/Minus Tutto has its own event
            figures[event.seat]["tuttos"] += 1
    return figures


def tutto_shown(totals: dict[str, int]) -> dict[str, int]:
    """The Tutto figures of one player as JSON gives them: counts and the average banked turn."""
    banked = totals.get("banked_turns", 0)
    return {"turns": totals.get("turns", 0), "banked_turns": banked,
            "tuttos": totals.get("tuttos", 0), "nieten": totals.get("nieten", 0),
            "average_banked_turn": whole_average(totals.get("banked_points", 0), banked)}


def tutto_line(c: Sentences, player: Mapping[str, object]) -> str:
    """One player's Tutto statistics as one sentence, wins first (the key figure).

    Each figure is its label followed by its number ("wins 3"), so the sentence needs no
    plural forms and a number never ends up on a Braille line without its word.
    """
    return c.gettext("{name}: wins {wins}, games {games}, average score {average}, best score "
                     "{best}, turns {turns}, banked turns {banked}, average banked turn "
                     "{average_banked}, Tuttos {tuttos}, Nieten {nieten}.",
                     name=player["name"], wins=player["wins"], games=player["games"],
                     average=player["average_score"], best=player["best_score"],
                     turns=player["turns"], banked=player["banked_turns"],
                     average_banked=player["average_banked_turn"], tuttos=player["tuttos"],
                     nieten=player["nieten"])


#: What the game's interface hands ``stats``.
FIGURES = StatsFigures(tutto_figures, tutto_shown, tutto_line, state_scores)
