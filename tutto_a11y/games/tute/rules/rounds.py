"""A finished round scored: round points, the winner (ties included) and the won games.

docs/rules/tute.md sections 3 and 4, as pure functions of what was entered, so the worked examples
and the properties can test them apart from the flow of entries.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import CanteRecord
from .options import Rules
from .sides import side_of
from .suits import LAST_TRICK, Suit

TRUMP_CANTE, OTHER_CANTE = 40, 20


def cante_points(suit: Suit, trump: Suit) -> int:
    """40 for a cante in the trump suit ("las cuarenta"), 20 in any other."""
    return TRUMP_CANTE if suit is trump else OTHER_CANTE


def round_points(card_points: Sequence[int], last_trick: int,
                 cantes: Sequence[CanteRecord]) -> tuple[int, ...]:
    """Card points, plus 10 for the side of the last trick, plus each side's cantes."""
    totals = list(card_points)
    totals[last_trick] += LAST_TRICK
    for cante in cantes:
        totals[cante.side] += cante.points
    return tuple(totals)


def round_winner(rules: Rules, points: Sequence[int], last_trick: int, hand: int,
                 players: int) -> tuple[int | None, bool]:
    """The side that wins the round and whether it won on a tie.

    Most round points win. On a tie the last trick decides (``tie=last-trick``); if its side
    is not among the tied ones, the tied side that plays first from the hand wins. With
    ``tie=replay`` a tie wins nobody anything.
    """
    best = max(points)
    tied = [side for side, p in enumerate(points) if p == best]
    if len(tied) == 1:
        return tied[0], False
    if rules.tie == "replay":
        return None, True
    if last_trick in tied:
        return last_trick, True
    for step in range(players):
        side = side_of((hand + step) % players, players)
        if side in tied:
            return side, True
    raise AssertionError("a tied side plays at some seat")  # pragma: no cover


def games_for(rules: Rules, points: int) -> int:
    """Won games for winning a round with these round points: two for more than 120."""
    return 2 if points > 120 and rules.over_120 == "two-games" else 1


#: A Tute round counts as two won games (docs/rules/tute.md 5: ``tute-wins=round``; with
#: ``tute-wins=match`` the match ends as well).
TUTE_GAMES = 2
