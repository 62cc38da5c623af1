"""Players and sides: two or three players play alone, four play as two pairs.

With four, seats 1 and 3 play against seats 2 and 4 (docs/rules/tute.md 1). The table keeps the
tally by side; a cante or a Tute is typed with the name of the player who made it, and counts
for that player's side.
"""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def side_count(players: int) -> int:
    """How many sides: a pair per side with four players, else one player per side."""
    return 2 if players == 4 else players


def side_of(seat: int, players: int) -> int:
    """The side a seat plays for."""
    return seat % 2 if players == 4 else seat


def seats_of(side: int, players: int) -> tuple[int, ...]:
    """The seats of a side, in seat order."""
    return (side, side + 2) if players == 4 else (side,)
