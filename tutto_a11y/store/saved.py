"""A saved game, rebuilt only after its game's rules have accepted everything the file says.

The games file may have been edited by hand. Its game rows and journal lines reach the rules
through this module alone, so that a row the rules refuse (one player, a target of "abc") or a
journal line that does not replay becomes one :class:`DamagedGame` for that game, never a
traceback, and the other games in the file stay usable. The game is found through the registry
by the kind stored with it, so this module is written once for every game.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import EntryError, ReplayError
from tutto_a11y.games import registry
from tutto_a11y.games.registry import AnyGame, AnyInterface
from tutto_a11y.store.rows import GameInfo
from tutto_a11y.text.names import printable_names


class DamagedGame(Exception):
    """Game ``game`` cannot be rebuilt: from journal entry ``index`` on, or (None) its row."""

    def __init__(self, game: str, index: int | None = None, kind: str | None = None) -> None:
        super().__init__(f"game {game} is damaged" + (f" at entry {index}" if index else ""))
        self.game = game
        self.index = index
        #: Set when the game is not damaged but of a kind (``yatzee``) that this version
        #: cannot replay: it is then refused as such, not called damaged.
        self.kind = kind


def interface_of(info: GameInfo) -> AnyInterface:
    """The :class:`GameInterface` of a saved game's kind; DamagedGame(kind=...) for a kind that
    this version does not know or cannot play."""
    kind = info.kind or registry.DEFAULT
    try:
        return registry.find(str(kind)).interface()
    except (KeyError, LookupError):
        raise DamagedGame(info.id, kind=str(kind)) from None


def rules_and_players(info: GameInfo) -> tuple[object, tuple[str, ...]]:
    """The rules and seat order of a saved game row, as its game accepts them."""
    game_interface = interface_of(info)
    if info.damaged:
        raise DamagedGame(info.id)
    names = info.players
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise DamagedGame(info.id)
    try:
        # Games saved before names were checked may hold escape sequences: such a game is
        # not damaged, its names are shown and said cleaned, one distinct name per seat.
        rules = game_interface.rules_from_dict(info.rules)
        players = game_interface.check_players(printable_names(names))
    except EntryError:
        raise DamagedGame(info.id) from None
    return rules, players


def rebuild(info: GameInfo, entries: Sequence[str]) -> AnyGame:
    """The saved game replayed from its journal, every entry checked as if typed."""
    rules, players = rules_and_players(info)
    try:
        game: AnyGame = interface_of(info).replay(players, rules, entries)
        return game
    except ReplayError as damaged:
        raise DamagedGame(info.id, damaged.index) from None
