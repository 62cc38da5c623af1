"""Yatzee as the table, the store and the live view see it: its ``GameInterface``.

Nothing outside ``games/yatzee/`` imports this folder's other modules: the loop, ``games``,
``show``, ``export``, ``stats`` and the live view reach Yatzee through :data:`INTERFACE`, found by
the registry under the name stored as the game's kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import (
    AtTable,
    GameInterface,
    GameInterfaceBase,
    Notice,
    ReplayError,
    SavedGame,
    Sentences,
    Standing,
    StatsFigures,
    Verbosity,
    export_opening,
)
from tutto_a11y.games.yatzee import (
    at_table as table_interface,
    messages as M,
    paper,
    table_commands,
)
from tutto_a11y.games.yatzee.rules import (
    ORDER,
    ROUNDS,
    UPPER,
    Entry,
    Game,
    Rules,
    State,
    events as E,
)
from tutto_a11y.games.yatzee.rules.events import Event
from tutto_a11y.games.yatzee.status_line import status_line
from tutto_a11y.games.yatzee.words import WORDS, Vocabulary
from tutto_a11y.text.game_sentences import player_heading, winners_line
from tutto_a11y.text.names import with_printable_names
from tutto_a11y.text.output import plain
from tutto_a11y.text.sent import SentBy, sent_by_line, sent_json, sent_sentence


class YatzeeInterface(GameInterfaceBase[Rules, Game, State]):
    """Yatzee with 6 dice, for 1 to 10 players."""

    name = "yatzee"
    game_type = Game

    # -- rules and games -----------------------------------------------------------------
    def rules(self, preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> Rules:
        """The sheet's rules with ``--rule`` options; Yatzee has no target: it ends after 18
        rounds, so ``--target`` is refused as an option this game does not have."""
        rules = Rules.preset(preset)
        if target is not None:
            return rules.with_option("target", str(target))  # refused: no such option
        for name, value in options:
            rules = rules.with_option(name, value)
        return rules

    # -- at the table --------------------------------------------------------------------
    def messages(self, catalog: Sentences, game: Game,
                 verbosity: str = Verbosity.NORMAL) -> M.Messages:
        return M.Messages(catalog, game, verbosity)

    def at_table(self, catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
        return table_interface.at_table(catalog)

    def typed_words(self, lang: str) -> list[str]:
        return [w for ws in WORDS.get(lang, WORDS["en"]).values() for w in ws]

    def status_line(self, messages: M.Messages) -> str:
        return status_line(messages)

    def word_notice(self, notice: Notice[Entry, Event, State, Rules], catalog: Sentences,
                    verbosity: str = Verbosity.NORMAL) -> str:
        return M.word_notice(notice, catalog, verbosity)

    def standing(self, players: tuple[str, ...], rules: Rules, state: State,
                 catalog: Sentences) -> Standing:
        """The totals table (player, total, upper sum, bonus, free fields) and who rolls now."""
        c = catalog
        game = Game.at(players, rules, state)
        m = M.Messages(c, game)
        header = (player_heading(c), c.gettext("Total"), c.gettext("Upper sum"),
                  c.gettext("Bonus"), c.gettext("Free fields"))
        rows = tuple((name, str(game.total(i)), str(game.upper(i)), str(game.bonus(i)),
                      str(len(state.free(i)))) for i, name in enumerate(players))
        caption = c.gettext("Yatzee, round {round} of {rounds}", round=state.round,
                            rounds=ROUNDS)
        now = m.scores() if state.over else m.status(hint=False)
        return Standing(caption, header, rows, now)

    # -- read back -----------------------------------------------------------------------
    def show_lines(self, info: SavedGame, game: Game, catalog: Sentences, status: str,
                   sent: Sequence[str | None] = ()) -> list[str]:
        """``show``: the game, every turn in order (ended by who sent it, with seats), then
        each player's sheet and the totals."""
        c = catalog
        game = with_printable_names(game)
        m = M.Messages(c, game)
        senders = _sent_by_turn(game, sent)
        lines = [c.gettext("Game {game}: Yatzee for {players}, {rules}. {status}.", game=info.id,
                           players=m.names(range(len(game.players))), rules=m.rules_part(),
                           status=status.capitalize())]
        number, bonus = 0, ""  # the upper bonus stands on the turn that reached it
        for event in game.all_events():
            if isinstance(event, E.BonusReached):
                bonus = m.bonus_reached(event.upper, event.points)
            if not isinstance(event, E.TurnOver):
                continue
            record, number = event.record, number + 1
            name, field = game.players[record.seat], m.field(record.field)
            if record.struck:
                line = c.gettext("Turn {number}, {name}: strikes {field} after roll {roll}, "
                                 "total {total}.", number=number, name=name, field=field,
                                 roll=len(record.rolls), total=record.total)
            else:
                line = c.gettext("Turn {number}, {name}: {points} in {field} after roll "
                                 "{roll}, total {total}.", number=number, name=name,
                                 points=record.points, field=field,
                                 roll=len(record.rolls), total=record.total)
            said_by = sent_sentence(senders, number - 1, c)
            lines.append(" ".join(filter(None, [line, bonus, said_by])))
            bonus = ""
        if game.finished:
            lines.append(winners_line(c, [game.players[s] for s in game.state.winners]))
        lines.extend(table_commands.sheet(m, seat) for seat in range(len(game.players)))
        lines.append(m.scores())
        return lines

    def export_json(self, info: SavedGame, game: Game,
                    sent: Sequence[str | None] = ()) -> dict[str, object]:
        """The Yatzee export of docs/interface.md, ``"game"`` first; a free field is null;
        with seats, each turn names who sent it."""
        state = game.state
        senders = _sent_by_turn(game, sent)
        return {
            **export_opening(self.name, info, game, state.winners),
            "players": [{"name": name, "score": game.total(i), "upper": game.upper(i),
                         "bonus": game.bonus(i),
                         "fields": {f.value: v
                                    for f, v in zip(ORDER, state.sheets[i], strict=True)}}
                        for i, name in enumerate(game.players)],
            "turns": [_turn_json(game, r, senders, number)
                      for number, r in enumerate(game.turn_records())],
        }

    def sheet_table(self, game: Game, catalog: Sentences,
                    sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
        """The paper sheet: the fields as rows in the sheet's order with the upper sum and bonus
        after the upper section and the total last; the players as columns. A free field is an
        empty cell, a struck one 0. It lists fields, not turns: who sent a turn from their own
        device is said by ``show`` and the JSON export."""
        c = catalog
        game = with_printable_names(game)
        seats = range(len(game.players))
        sheets = game.state.sheets

        def cell(value: int | None) -> str:
            return "" if value is None else str(value)

        header = [c.gettext("Field"), *game.players]
        rows = [[plain(M.field_name(f, c)),
                 *(cell(sheets[s][i]) for s in seats)] for i, f in enumerate(UPPER)]
        rows.append([c.gettext("Upper sum"), *(str(game.upper(s)) for s in seats)])
        rows.append([c.gettext("Bonus"), *(str(game.bonus(s)) for s in seats)])
        rows += [[plain(M.field_name(f, c)),
                  *(cell(sheets[s][i]) for s in seats)]
                 for i, f in enumerate(ORDER) if i >= len(UPPER)]
        rows.append([c.gettext("Total"), *(str(game.total(s)) for s in seats)])
        return header, rows

    def braille_sheet(self, info: SavedGame, game: Game, catalog: Sentences, status: str,
                      sent: Sequence[str | None] = ()) -> list[str]:
        """The game, the winner and the totals first, then one line a field (no turns, so
        nobody is named as having sent one)."""
        shown = self.show_lines(info, game, catalog, status)
        return paper.braille_sheet(info, game, catalog, shown, self.sheet_table(game, catalog))

    def labels(self, catalog: Sentences) -> list[str]:
        return paper.labels(catalog)

    def stats_figures(self) -> StatsFigures[Game]:
        from tutto_a11y.games.yatzee.figures import FIGURES

        return FIGURES


def _sent_by_turn(game: Game, sent: Sequence[str | None]) -> list[SentBy | None]:
    """For each finished turn, who sent its entries from their own device (None: the table
    typed them all); empty for a game played without seats."""
    return sent_by_line(game.events_by_entry(), sent, lambda e: isinstance(e, E.TurnOver))


def _turn_json(game: Game, r: E.TurnRecord, senders: list[SentBy | None],
               number: int) -> dict[str, object]:
    turn: dict[str, object] = {"player": game.players[r.seat], "rolls": [list(f) for f in r.rolls],
                            "field": r.field.value, "struck": r.struck, "points": r.points}
    if senders:  # a game with seats: who sent the turn's entries ([] for the table)
        turn["sent_by"] = sent_json(senders, number)
    return turn


#: The interface the registry finds for ``yatzee``; the checker holds it to the contract with
#: Yatzee's own types.
INTERFACE: GameInterface[Rules, Game, State, M.Messages, Entry, Event] = YatzeeInterface()

__all__ = ["INTERFACE", "ReplayError", "YatzeeInterface"]
