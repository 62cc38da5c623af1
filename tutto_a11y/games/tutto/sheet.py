"""Tutto read back: the score sheet as sentences (``show``), the JSON export and the paper
sheet of CSV and Markdown.

The journal is the truth: every sheet is made from a game replayed through the rules, so a sheet
can never disagree with what was announced at the table. JSON keys and card ids stay fixed for
scripts; everything else is in the catalog's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import SavedGame, Sentences, export_opening
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.events import (
    Niete,
    StopDrawn,
    TurnOutcome,
    TurnOver,
    TurnRecord,
)
from tutto_a11y.text.game_sentences import player_heading, winners_line
from tutto_a11y.text.names import with_printable_names
from tutto_a11y.text.sent import SentBy, sent_by_line, sent_json, sent_sentence, with_sent_column


def outcome_word(outcome: TurnOutcome, c: Sentences) -> str:
    return {
        TurnOutcome.BANKED: c.gettext("banked"), TurnOutcome.NIETE: c.gettext("Niete"),
        TurnOutcome.STOP_CARD: c.gettext("stopped"),
        TurnOutcome.FIREWORKS: c.gettext("banked by Fireworks"),
        TurnOutcome.PLUS_MINUS: c.gettext("Plus/Minus Tutto"),
        TurnOutcome.CLOVERLEAF: c.gettext("Cloverleaf win"),
    }[outcome]


def sent_by_turn(game: Game, sent: Sequence[str | None]) -> list[SentBy | None]:
    """For each finished turn, who sent its entries from their own device (None: the table
    typed them all); empty for a game played without seats."""
    return sent_by_line(game.events_by_entry(), sent, lambda e: isinstance(e, TurnOver))


def show_lines(info: SavedGame, game: Game, c: Sentences, status: str,
               sent: Sequence[str | None] = ()) -> list[str]:
    """``show``: the game's line, one line per turn (ended by who sent it, with seats), the
    winners and the standing."""
    game = with_printable_names(game)
    m = Messages(c, game)
    lines = [c.gettext("Game {game}: {players}. Target {target}, {rules}. {status}.",
                       game=info.id, players=m.names(range(len(game.players))),
                       target=game.rules.target, rules=m.rules_name(),
                       status=status.capitalize())]
    senders = sent_by_turn(game, sent)
    before = (0,) * len(game.players)
    # Not strict: a game made by ``at`` has no sheet (see Game.score_sheet).
    for number, ((record, scores), lost) in enumerate(zip(game.score_sheet(), lost_by_turn(game),
                                                          strict=False), start=1):
        cards = ", ".join(m.card(card) for card in record.cards)
        name = game.players[record.seat]
        if lost:  # a Stop or a Niete took a turn total: the table heard how much
            line = c.gettext("Turn {number}, {name}, {cards}: {outcome}, {lost} lost, score "
                             "{score}.", number=number, name=name, cards=cards,
                             outcome=outcome_word(record.outcome, c), lost=lost,
                             score=record.score)
        else:
            # ngettext for the points: French says "rien, 0 point" (0 and 1 take the singular).
            line = c.ngettext("Turn {number}, {name}, {cards}: {outcome}, {n} point, score "
                              "{score}.",
                              "Turn {number}, {name}, {cards}: {outcome}, {n} points, score "
                              "{score}.", record.points, number=number, name=name,
                              cards=cards, outcome=outcome_word(record.outcome, c),
                              score=record.score)
        said_by = sent_sentence(senders, number - 1, c)
        lines.append(" ".join(filter(None, [line, *_others_lost(m, record.seat, before, scores),
                                            said_by])))
        before = scores
    if game.finished:
        lines.append(winners_line(c, [game.players[s] for s in game.state.winners]))
    lines.append(m.scores())
    return lines


def lost_by_turn(game: Game) -> list[int]:
    """For each finished turn, in the order of the score sheet, the turn total a Stop or a
    Niete took (what the table heard as "Anna loses 2000"); 0 when none was lost."""
    lost: list[int] = []
    taken = 0
    for event in game.all_events():
        if isinstance(event, StopDrawn):
            taken = event.lost
        elif isinstance(event, Niete):
            taken = event.bankable
        elif isinstance(event, TurnOver):
            lost.append(taken)
            taken = 0
    return lost


def _others_lost(m: Messages, seat: int, before: tuple[int, ...],
                 after: tuple[int, ...]) -> list[str]:
    """What this turn cost the other players (a Plus/Minus Tutto takes 1000 from a leader), in
    the words the table heard: every score change stands on the turn that caused it."""
    return [m.loses(other, before[other] - after[other], after[other])
            for other in range(len(after)) if other != seat and after[other] != before[other]]


def export_json(info: SavedGame, game: Game, sent: Sequence[str | None] = ()) -> dict[str, object]:
    """The export contract of docs/interface.md; with seats, each turn names who sent it."""
    state = game.state
    senders = sent_by_turn(game, sent)
    return {
        **export_opening(info.kind, info, game, state.winners),
        "players": [{"name": name, "score": state.scores[i], "turns": state.turns[i]}
                    for i, name in enumerate(game.players)],
        "turns": [_turn_json(game, record, senders, number)
                  for number, record in enumerate(game.turn_records())],
    }


def _turn_json(game: Game, record: TurnRecord, senders: list[SentBy | None],
               number: int) -> dict[str, object]:
    turn: dict[str, object] = {"player": game.players[record.seat],
                            "cards": [c.value for c in record.cards],
                            "points": record.points, "outcome": record.outcome.value}
    if senders:  # a game with seats: who sent the turn's entries ([] for the table)
        turn["sent_by"] = sent_json(senders, number)
    return turn


def sheet_table(game: Game, c: Sentences,
                sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
    """The paper score sheet: one row per turn, with every player's score after it (with
    seats, and who sent the turn)."""
    game = with_printable_names(game)
    m = Messages(c, game)
    header = [c.gettext("Turn"), player_heading(c), c.gettext("Cards"), c.gettext("Outcome"),
              c.gettext("Points"), *game.players]
    rows = [[str(number), game.players[record.seat],
             ", ".join(m.card(card) for card in record.cards),
             outcome_word(record.outcome, c), str(record.points), *(str(s) for s in scores)]
            for number, (record, scores) in enumerate(game.score_sheet(), start=1)]
    return with_sent_column(header, rows, sent_by_turn(game, sent), c)
