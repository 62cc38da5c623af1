"""Tute's interface: everything the table loop, the store and the live view need of it.

The registry finds ``INTERFACE`` here by the game's name; nothing outside ``games/tute/`` imports
the other modules of this folder.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import (
    AtTable,
    EntryError,
    GameInterface,
    GameInterfaceBase,
    Notice,
    ReplayError,
    SavedGame,
    Sentences,
    Standing,
    StatsFigures,
    Verbosity,
)
from tutto_a11y.games.tute import at_table as table_interface, paper, sheet
from tutto_a11y.games.tute.messages import Messages, word_notice
from tutto_a11y.games.tute.rules import Entry, Game, Rules, State, seats_of, side_count
from tutto_a11y.games.tute.rules.events import Event
from tutto_a11y.games.tute.words import Vocabulary, all_words


class TuteInterface(GameInterfaceBase[Rules, Game, State]):
    """The :class:`~tutto_a11y.core.contract.GameInterface` of Tute."""

    name = "tute"
    game_type = Game

    # -- rules and games -----------------------------------------------------------------
    def rules(self, preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> Rules:
        """``--rules`` (Tute has one set, ``standard``), ``--target N`` as the won games that
        win the match, and ``--rule NAME=VALUE`` with the options of docs/rules/tute.md."""
        rules = Rules.preset(preset or "standard")
        for name, value in options:
            rules = rules.with_option(name, value)
        if target is not None:
            rules = rules.with_option("games", str(target))
        return rules

    # -- at the table ----------------------------------------------------------------------
    def messages(self, catalog: Sentences, game: Game,
                 verbosity: str = Verbosity.NORMAL) -> Messages:
        return Messages(catalog, game, verbosity)

    def at_table(self, catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
        return table_interface.at_table(catalog)

    def typed_words(self, lang: str) -> list[str]:
        return all_words(lang)

    def status_line(self, messages: Messages) -> str:
        return messages.scores() + " " + messages.now()

    def word_notice(self, notice: Notice[Entry, Event, State, Rules], catalog: Sentences,
                    verbosity: str = Verbosity.NORMAL) -> str:
        return word_notice(notice, catalog, verbosity)

    def standing(self, players: tuple[str, ...], rules: Rules, state: State,
                 catalog: Sentences) -> Standing:
        m = Messages(catalog, Game.at(players, rules, state))
        n = len(players)
        rows = tuple((m.side(side), str(state.games[side])) for side in range(side_count(n)))
        return Standing(caption="Tute", header=(catalog.gettext("Side"),
                                                catalog.gettext("Games won")),
                        rows=rows, now=m.now())

    # -- read back ---------------------------------------------------------------------------
    def show_lines(self, info: SavedGame, game: Game, catalog: Sentences, status: str,
                   sent: Sequence[str | None] = ()) -> list[str]:
        return sheet.show_lines(info, game, catalog, status, sent)

    def export_json(self, info: SavedGame, game: Game,
                    sent: Sequence[str | None] = ()) -> dict[str, object]:
        return sheet.export_json(info, game, sent)

    def sheet_table(self, game: Game, catalog: Sentences,
                    sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
        return sheet.sheet_table(game, catalog, sent)

    def braille_sheet(self, info: SavedGame, game: Game, catalog: Sentences, status: str,
                      sent: Sequence[str | None] = ()) -> list[str]:
        return paper.braille_sheet(info, game, catalog, status, sent)

    def labels(self, catalog: Sentences) -> list[str]:
        return paper.labels(catalog)

    def stats_figures(self) -> StatsFigures[Game]:
        from tutto_a11y.games.tute.figures import FIGURES

        return FIGURES


#: The interface the registry finds; the checker holds it to the contract with Tute's own
#: types.
INTERFACE: GameInterface[Rules, Game, State, Messages, Entry, Event] = TuteInterface()

__all__ = ["EntryError", "INTERFACE", "ReplayError", "TuteInterface", "seats_of"]
