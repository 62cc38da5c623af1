"""What a finished Yatzee game adds to ``tutto-tally stats``: the upper bonus rate and the
Yatzees written.

A player's score in the statistics is their total, added up from the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from tutto_a11y.core.contract import Sentences, StatsFigures, whole_average
from tutto_a11y.text.percent import percent

if TYPE_CHECKING:
    from tutto_a11y.games.yatzee.rules import Game


def yatzee_figures(game: Game) -> list[dict[str, int]]:
    """What each seat did in one Yatzee game: whether the upper bonus came, and Yatzees written.

    Read through the game's own answers (its totals, bonus and turn records); ``played``
    counts the games the bonus rate is taken of.
    """
    figures = [{"played": 1, "bonus": int(game.bonus(seat) > 0), "yatzees": 0}
               for seat in range(len(game.players))]
    for record in game.turn_records():
        if record.field == "yatzee" and not record.struck:
            figures[record.seat]["yatzees"] += 1
    return figures


def yatzee_shown(totals: dict[str, int]) -> dict[str, int]:
    """The Yatzee figures as JSON gives them: the bonus rate in percent and the Yatzees."""
    return {"bonus_rate": whole_average(100 * totals.get("bonus", 0), totals.get("played", 0)),
            "yatzees": totals.get("yatzees", 0)}


def yatzee_line(c: Sentences, player: Mapping[str, object]) -> str:
    """One player's Yatzee statistics as one sentence, wins first."""
    return c.gettext("{name}: wins {wins}, games {games}, average score {average}, best score "
                     "{best}, bonus in {bonus_rate} percent of games, Yatzees {yatzees}.",
                     name=player["name"], wins=player["wins"], games=player["games"],
                     average=player["average_score"], best=player["best_score"],
                     bonus_rate=_bonus_rate(c, player), yatzees=player["yatzees"])


def _bonus_rate(c: Sentences, player: Mapping[str, object]) -> str:
    """The bonus rate as said: the JSON's whole percent, but never "0" when a bonus came (nor
    "100" when one did not)."""
    counters = cast("Mapping[str, int]", player.get("counters", {}))
    played = counters.get("played", 0)
    if not played:
        return str(player["bonus_rate"])
    return percent(100 * counters.get("bonus", 0) / played, c,
                   shown=cast(int, player["bonus_rate"]))


def yatzee_scores(game: Game) -> tuple[int, ...]:
    """Each seat's final score: Yatzee adds it up from the fields."""
    return tuple(game.totals())


#: What the game's interface hands ``stats``.
FIGURES = StatsFigures(yatzee_figures, yatzee_shown, yatzee_line, yatzee_scores)
