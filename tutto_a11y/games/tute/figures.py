"""What a finished Tute match adds to ``tutto-tally stats``: rounds, rounds won, cantes, Tutes.

A player's "score" in the statistics is the games their side won in the match, so the average
and best score of docs/interface.md's statistics are won games.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutto_a11y.core.contract import Sentences, StatsFigures, state_scores
from tutto_a11y.games.tute.rules import Game, side_of


def tute_figures(game: Game) -> list[dict[str, int]]:
    """Per seat: rounds played, rounds its side won, cantes it made, Tutes it announced."""
    players = len(game.players)
    figures = [{"rounds": 0, "rounds_won": 0, "cantes": 0, "tutes": 0} for _ in range(players)]
    for r in game.rounds():
        for seat in range(players):
            figures[seat]["rounds"] += 1
            if r.winner is not None and side_of(seat, players) == r.winner:
                figures[seat]["rounds_won"] += 1
        for cante in r.cantes:
            figures[cante.seat]["cantes"] += 1
        if r.tute is not None:
            figures[r.tute.seat]["tutes"] += 1
    return figures


def tute_shown(totals: dict[str, int]) -> dict[str, int]:
    """A player's summed Tute figures as the JSON of ``stats`` gives them."""
    return {key: totals.get(key, 0) for key in ("rounds", "rounds_won", "cantes", "tutes")}


def tute_line(c: Sentences, player: Mapping[str, object]) -> str:
    """One player's Tute statistics in one sentence, wins first, each label before its number."""
    return c.gettext("{name}: wins {wins}, matches {games}, average games won {average}, best "
                     "games won {best}, rounds {rounds}, rounds won {rounds_won}, cantes "
                     "{cantes}, Tutes {tutes}.", name=player["name"], wins=player["wins"],
                     games=player["games"], average=player["average_score"],
                     best=player["best_score"], rounds=player["rounds"],
                     rounds_won=player["rounds_won"], cantes=player["cantes"],
                     tutes=player["tutes"])


#: What the game's interface hands ``stats``.
FIGURES = StatsFigures(tute_figures, tute_shown, tute_line, state_scores)
