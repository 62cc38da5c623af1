"""A saved game, rebuilt only after the rules have accepted everything the games file says.

The games file may have been edited by hand. Its game rows and journal lines reach the rules
through this module alone, so that a row the rules refuse (one player, a target of "abc") or a
journal line that does not replay becomes one :class:`DamagedGame` for that game, never a
traceback, and the other games in the file stay usable.
"""

from __future__ import annotations

from typing import Any, Sequence

from tutto_a11y.text.names import printable_names
from tutto_a11y.games.tutto.rules import EntryError, Game, ReplayError, Rules, check_players


class DamagedGame(Exception):
    """Game ``game`` cannot be rebuilt: from journal entry ``index`` on, or (None) its row."""

    def __init__(self, game: str, index: int | None = None, kind: str | None = None) -> None:
        super().__init__(f"game {game} is damaged" + (f" at entry {index}" if index else ""))
        self.game = game
        self.index = index
        #: Set when the game is not damaged but of another kind (``yatzee``) than this
        #: version can replay: it is then refused as such, not called damaged.
        self.kind = kind


def rules_and_players(info: Any) -> tuple[Rules, tuple[str, ...]]:
    """The rules and seat order of a saved game row, as the rules accept them."""
    if getattr(info, "damaged", False):
        raise DamagedGame(info.id)
    names = info.players
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise DamagedGame(info.id)
    try:
        # Games saved before names were checked may hold escape sequences: such a game is
        # not damaged, its names are shown and said cleaned, one distinct name per seat.
        rules, players = Rules.from_dict(info.rules), check_players(printable_names(names))
    except EntryError:
        raise DamagedGame(info.id) from None
    return rules, players


def rebuild(info: Any, entries: Sequence[str]) -> Game:
    """The saved game replayed from its journal, every entry checked as if typed."""
    kind = getattr(info, "kind", "tutto")
    if kind != "tutto":  # only Tutto's rules exist yet: another game's journal is not Tutto's
        raise DamagedGame(info.id, kind=kind)
    rules, players = rules_and_players(info)
    try:
        return Game.replay(players, rules, entries)
    except ReplayError as damaged:
        raise DamagedGame(info.id, damaged.index) from None
