"""Tutto read back: the score sheet as sentences (``show``), the JSON export and the paper
sheet of CSV and Markdown.

The journal is the truth: every sheet is made from a game replayed through the rules, so a sheet
can never disagree with what was announced at the table. JSON keys and card ids stay fixed for
scripts; everything else is in the catalog's language.
"""

from __future__ import annotations

from typing import Any

from tutto_a11y.core.contract import GameStatus, Sentences
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.events import TurnOutcome, TurnRecord
from tutto_a11y.text.names import with_printable_names


def outcome_word(outcome: TurnOutcome, c: Sentences) -> str:
    return {
        TurnOutcome.BANKED: c.gettext("banked"), TurnOutcome.NIETE: c.gettext("Niete"),
        TurnOutcome.STOP_CARD: c.gettext("stopped"),
        TurnOutcome.FIREWORKS: c.gettext("banked by Fireworks"),
        TurnOutcome.PLUS_MINUS: c.gettext("Plus/Minus Tutto"),
        TurnOutcome.CLOVERLEAF: c.gettext("Cloverleaf win"),
    }[outcome]


def show_lines(info: Any, game: Game, c: Sentences, status: str) -> list[str]:
    """``show``: the game's line, one line per turn, the winners and the standing."""
    game = with_printable_names(game)
    m = Messages(c, game)
    lines = [c.gettext("Game {game}: {players}. Target {target}, {rules}. {status}.",
                       game=info.id, players=m.names(range(len(game.players))),
                       target=game.rules.target, rules=m.rules_name(),
                       status=status.capitalize())]
    before = (0,) * len(game.players)
    for number, (record, scores) in enumerate(game.score_sheet(), start=1):
        # ngettext for the points: French says "rien, 0 point" (0 and 1 take the singular).
        line = c.ngettext("Turn {number}, {name}, {cards}: {outcome}, {n} point, score "
                          "{score}.",
                          "Turn {number}, {name}, {cards}: {outcome}, {n} points, score "
                          "{score}.", record.points, number=number,
                          name=game.players[record.seat],
                          cards=", ".join(m.card(card) for card in record.cards),
                          outcome=outcome_word(record.outcome, c), score=record.score)
        lines.append(" ".join([line, *_others_lost(m, record.seat, before, scores)]))
        before = scores
    if game.finished:
        winners = game.state.winners
        lines.append(c.ngettext("Winner: {names}.", "Winners: {names}.", len(winners),
                                names=m.names(winners)))
    lines.append(m.scores())
    return lines


def _others_lost(m: Messages, seat: int, before: tuple[int, ...],
                 after: tuple[int, ...]) -> list[str]:
    """What this turn cost the other players (a Plus/Minus Tutto takes 1000 from a leader), in
    the words the table heard: every score change stands on the turn that caused it."""
    return [m.c.gettext("{name} loses {points}, score {score}.", name=m.name(other),
                        points=before[other] - after[other], score=after[other])
            for other in range(len(after)) if other != seat and after[other] != before[other]]


def export_json(info: Any, game: Game) -> dict[str, Any]:
    """The export contract of docs/interface.md."""
    state = game.state
    status = GameStatus.FINISHED if game.finished else info.status
    return {
        "game": info.kind,
        "id": info.id,
        "lang": info.lang,
        "rules": game.rules.as_dict(),
        "status": status,
        "winners": [game.players[s] for s in state.winners] if game.finished else [],
        "players": [{"name": name, "score": state.scores[i], "turns": state.turns[i]}
                    for i, name in enumerate(game.players)],
        "turns": [_turn_json(game, record) for record in game.turn_records()],
    }


def _turn_json(game: Game, record: TurnRecord) -> dict[str, Any]:
    return {"player": game.players[record.seat], "cards": [c.value for c in record.cards],
            "points": record.points, "outcome": record.outcome.value}


def sheet_table(game: Game, c: Sentences) -> tuple[list[str], list[list[str]]]:
    """The paper score sheet: one row per turn, with every player's score after it."""
    game = with_printable_names(game)
    m = Messages(c, game)
    header = [c.gettext("Turn"), c.gettext("Player"), c.gettext("Cards"), c.gettext("Outcome"),
              c.gettext("Points"), *game.players]
    rows = []
    for number, (record, scores) in enumerate(game.score_sheet(), start=1):
        rows.append([str(number), game.players[record.seat],
                     ", ".join(m.card(card) for card in record.cards),
                     outcome_word(record.outcome, c), str(record.points),
                     *(str(s) for s in scores)])
    return header, rows
