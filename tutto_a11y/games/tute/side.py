"""Tute's side of the table: everything the loop, the store and the live view need of it.

The registry finds ``SIDE`` here by the game's name; nothing outside ``games/tute/`` imports
the other modules of this folder.
"""

from __future__ import annotations

from typing import Any, Sequence

from tutto_a11y.games.contract import AtTable, EntryError, Notice, ReplayError, Standing
from tutto_a11y.games.tute import sheet
from tutto_a11y.games.tute import at_table as table_side
from tutto_a11y.games.tute.messages import Messages, word_notice
from tutto_a11y.games.tute.rules import (MAX_PLAYERS, MIN_PLAYERS, Game, MalformedEntry, Rules,
                                         State, seats_of, side_count)
from tutto_a11y.games.tute.words import all_words
from tutto_a11y.text.i18n import Catalog


class TuteSide:
    """The :class:`~tutto_a11y.games.contract.GameSide` of Tute."""

    name = "tute"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # -- rules and games -----------------------------------------------------------------
    def rules(self, preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> Rules:
        """``--rules`` (Tute has one set, ``standard``), ``--target N`` as the won games that
        win the match, and ``--rule NAME=VALUE`` with the options of RULES-tute.md."""
        rules = Rules.preset(preset or "standard")
        for name, value in options:
            rules = rules.with_option(name, value)
        if target is not None:
            rules = rules.with_option("games", str(target))
        return rules

    def rules_from_dict(self, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise MalformedEntry("unknown-rule", option=str(data), choices=())
        return Rules.from_dict(data)

    def rules_as_dict(self, rules: Rules) -> dict[str, Any]:
        return rules.as_dict()

    def check_players(self, names: Sequence[str]) -> tuple[str, ...]:
        return Game.check_players(names)

    def new_game(self, players: tuple[str, ...], rules: Rules) -> Game:
        return Game(players, rules)

    def replay(self, players: tuple[str, ...], rules: Rules, entries: Sequence[str]) -> Game:
        return Game.replay(players, rules, entries)

    # -- at the table ----------------------------------------------------------------------
    def messages(self, catalog: Catalog, game: Game, verbosity: str = "normal") -> Messages:
        return Messages(catalog, game, verbosity)

    def at_table(self, catalog: Catalog) -> AtTable:
        return table_side.at_table(catalog)

    def typed_words(self, lang: str) -> list[str]:
        return all_words(lang)

    def status_line(self, messages: Messages) -> str:
        return messages.scores() + " " + messages.now()

    def word_notice(self, notice: Notice[Any, Any], catalog: Catalog,
                    verbosity: str = "normal") -> str:
        return word_notice(notice, catalog, verbosity)

    def standing(self, players: tuple[str, ...], rules: Rules, state: State,
                 catalog: Catalog) -> Standing:
        m = Messages(catalog, Game.at(players, rules, state))
        n = len(players)
        rows = tuple((m.side(side), str(state.games[side])) for side in range(side_count(n)))
        return Standing(caption="Tute", header=(catalog.gettext("Side"),
                                                catalog.gettext("Games won")),
                        rows=rows, now=m.now())

    # -- read back ---------------------------------------------------------------------------
    def show_lines(self, info: Any, game: Game, catalog: Catalog, status: str) -> list[str]:
        return sheet.show_lines(info, game, catalog, status)

    def export_json(self, info: Any, game: Game) -> dict[str, Any]:
        return sheet.export_json(info, game)

    def sheet_table(self, game: Game, catalog: Catalog) -> tuple[list[str], list[list[str]]]:
        return sheet.sheet_table(game, catalog)


SIDE = TuteSide()

__all__ = ["EntryError", "ReplayError", "SIDE", "TuteSide", "seats_of"]
