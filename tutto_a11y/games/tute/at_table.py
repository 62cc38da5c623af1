"""What the table loop needs of Tute, so that the loop itself knows no game."""

from __future__ import annotations

from tutto_a11y.core.contract import AtTable, Sentences
from tutto_a11y.games.tute.parse import interpret
from tutto_a11y.games.tute.rules import Entry, Game, events as E
from tutto_a11y.games.tute.rules.entries import Cante, Tute
from tutto_a11y.games.tute.rules.sides import side_of
from tutto_a11y.games.tute.words import Vocabulary

#: The end of a round and of the match are said to the end, never cut off by the next entry.
IMPORTANT = (E.RoundOver, E.MatchOver)


def seat_rule(seat: int, game: Game, entry: Entry) -> str | None:
    """Tute is written for the whole table, so any player of the match may send the trump,
    the card points and the last trick from their own device; a cante or a Tute is a side's,
    and only a player of that side announces it ("side" names the refusal)."""
    if isinstance(entry, (Cante, Tute)):
        players = len(game.players)
        if side_of(entry.seat, players) != side_of(seat, players):
            return "side"
    return None


def seats_now(game: Game) -> tuple[int, ...]:
    """Every player of the match may send something until it is over (the trump, the card
    points, the last trick, a cante of their own side), so every seat's page has its field."""
    return () if game.finished else tuple(range(len(game.players)))


def at_table(catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
    """Tute's words, parser, important events and seat rule for one table in one language."""
    return AtTable(Vocabulary(catalog.lang), interpret, IMPORTANT, seat_rule, seats_now)
