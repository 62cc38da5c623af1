"""The games by name: for ``--game``/``TUTTO_GAME``, for ``stats --game`` and for stored games.

A game is found here by the name stored in the games file (its ``kind``), so adding a game is
a new folder under ``games/`` and one line below, not edits across the tree.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from tutto_a11y.core.contract import GameInterface, LoopInterface, Sentences, TableGame
from tutto_a11y.core.record import Record

#: A game's interface found by its name, a game it made and the loop's interface. Here, and
#: only here, the game's own types are let go: the name in the games file says which game it
#: is, which no checker can know. The table binds them once (``table/session.py``'s ``Table``
#: is generic over them); the store and the live view hand the games and notices back to the
#: same interface.
AnyInterface = GameInterface[Any, Any, Any, Any, Any, Any]
AnyGame = TableGame[Any, Any, Any, Any]
AnyLoopInterface = LoopInterface[Any, Any]


class GameKind(Record):
    """One game of the table: its stored name, its title, and where its folder is."""

    name: str  # as typed after --game and stored in the games file
    title: str  # as said in English sentences; ``title_in`` says it in a table's language
    package: str  # the folder under games/

    def title_in(self, catalog: Sentences) -> str:
        """The game's name in the catalog's language: Tutto is sold in France as "Volle
        Lotte", and a French table calls it so everywhere; Yatzee and Tute keep their name."""
        titles = {"tutto": catalog.pgettext("game", "Tutto"),
                  "yatzee": catalog.pgettext("game", "Yatzee"),
                  "tute": catalog.pgettext("game", "Tute")}
        return str(titles.get(self.name, self.title))

    def load(self) -> ModuleType:
        """The game's package (imported only when the game is played, shown or counted)."""
        return import_module(f"tutto_a11y.games.{self.package}")

    def interface(self) -> AnyInterface:
        """The game's :class:`~tutto_a11y.core.contract.GameInterface`
        (``games/<name>/interface.py``): all the table, the store and the live view use of it."""
        interface: AnyInterface = import_module(
            f"tutto_a11y.games.{self.package}.interface").INTERFACE
        return interface

    def pronunciations(self) -> dict[str, list[tuple[str, str]]]:
        """The game's words eSpeak NG reads badly, by language: (pattern, replacement) pairs
        (``games/<name>/pronunciations.py``). Pure data beside the interface, so the speaker
        can load every game's table at start-up without loading every game."""
        table: dict[str, list[tuple[str, str]]] = import_module(
            f"tutto_a11y.games.{self.package}.pronunciations").PRONUNCIATIONS
        return table

    def counted(self) -> dict[str, dict[str, str]]:
        """The game's nouns that a number is said before, by language, with their grammatical
        gender (``"m"``, ``"f"``, ``"n"``): "1 Würfel" is said "ein Würfel", "1 carte" "une
        carte" (``COUNTED`` in ``games/<name>/pronunciations.py``, pure data like the rest)."""
        table: dict[str, dict[str, str]] = getattr(import_module(
            f"tutto_a11y.games.{self.package}.pronunciations"), "COUNTED", {})
        return table


#: Every game by name, in the order they are offered.
GAMES: dict[str, GameKind] = {
    "tutto": GameKind("tutto", "Tutto", "tutto"),
    "yatzee": GameKind("yatzee", "Yatzee", "yatzee"),
    "tute": GameKind("tute", "Tute", "tute"),
}

#: The default game, and the kind of every game saved before games knew their kind.
DEFAULT = "tutto"

#: The game whose strategy coach ``tutto-tally coach`` asks (its interface's ``coach``).
COACHED = "tutto"


def names() -> tuple[str, ...]:
    """The names ``--game`` accepts."""
    return tuple(GAMES)


def find(name: str) -> GameKind:
    """The game called ``name`` (any case); KeyError for a name that is no game at all."""
    return GAMES[name.strip().lower()]
