"""Tute read back: the score sheet as sentences (``show``), the JSON export of docs/interface.md and
the paper sheet of CSV and Markdown.

Every sheet is made from the match replayed through the rules, so it can never disagree with
what was announced at the table. JSON keys and suit ids stay fixed for scripts; everything else
is in the catalog's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import SavedGame, Sentences, export_opening
from tutto_a11y.games.tute.messages import Messages
from tutto_a11y.games.tute.rules import Game, RoundRecord
from tutto_a11y.games.tute.rules.events import MatchOver, RoundOver
from tutto_a11y.text.game_sentences import winners_line
from tutto_a11y.text.names import with_printable_names
from tutto_a11y.text.sent import SentBy, sent_by_line, sent_json, sent_sentence, with_sent_column


def round_sentence(m: Messages, r: RoundRecord) -> str:
    """One round as the scorekeeper's sheet says it: trump, cantes, points, who won what."""
    c = m.c
    parts = [c.gettext("Round {round}, trump {suit}, {name} began.", round=r.number,
                       suit=m.suit(r.trump), name=m.name(r.hand))]
    if r.cantes:
        parts.append(m.cantes(r.cantes))
    if r.tute is not None:
        parts.append(m.tute_sentence(r.tute))
    if r.card_points is not None and r.last_trick is not None and r.round_points is not None:
        parts.append(c.gettext("Card points: {points}, last trick {side}.",
                               points=m.by_side(r.card_points), side=m.side(r.last_trick)))
        parts.append(m.round_points(r.round_points))
    if r.winner is None:
        parts.append(c.gettext("Nobody won a game."))
    else:
        parts.append(c.ngettext("{n} game for {side}.", "{n} games for {side}.", r.games,
                                side=m.side(r.winner)))
    return " ".join(parts)


def sent_by_round(game: Game, sent: Sequence[str | None]) -> list[SentBy | None]:
    """For each finished round, who sent its entries from their own device (None: the table
    typed them all); empty for a match played without seats."""
    return sent_by_line(game.events_by_entry(), sent, lambda e: isinstance(e, RoundOver))


def show_lines(info: SavedGame, game: Game, c: Sentences, status: str,
               sent: Sequence[str | None] = ()) -> list[str]:
    """``show``: the match's line, one line per round (ended by who sent it, with seats), the
    winners and the games won."""
    game = with_printable_names(game)
    m = Messages(c, game)
    lines = [c.gettext("Game {game}: Tute, {players}. {needed} {status}.", game=info.id,
                       players=m.join(game.players), needed=m.needed(),
                       status=status.capitalize())]
    lines += [round_sentence(m, r) for r in game.rounds()]
    over = next((e for e in game.all_events() if isinstance(e, MatchOver)), None)
    if over is not None and over.by_tute and game.rounds():
        # The Tute ended the match on its round, short of the games needed: said there.
        lines[-1] += " " + c.ngettext("{side} wins the match with the Tute.",
                                      "{side} win the match with the Tute.",
                                      len(m.seats(over.winner)), side=m.side(over.winner))
    senders = sent_by_round(game, sent)
    for number in range(len(game.rounds())):
        said_by = sent_sentence(senders, number, c)
        if said_by:
            lines[1 + number] += " " + said_by
    if game.finished:
        lines.append(winners_line(c, [game.players[s] for s in game.winners]))
    lines.append(m.scores())
    return lines


def export_json(info: SavedGame, game: Game, sent: Sequence[str | None] = ()) -> dict[str, object]:
    """The Tute export contract of docs/interface.md, with ``"game"`` first; with seats, each
    round names who sent its entries."""
    senders = sent_by_round(game, sent)
    return {
        **export_opening("tute", info, game, game.winners),
        "sides": [{"players": [game.players[s] for s in seats], "games": game.state.games[i]}
                  for i, seats in enumerate(game.sides)],
        "rounds": [_round_json(r, senders, number) for number, r in enumerate(game.rounds())],
    }


def _round_json(r: RoundRecord, senders: list[SentBy | None], number: int) -> dict[str, object]:
    record: dict[str, object] = {
        "trump": r.trump.value,
        "cantes": [{"side": k.side, "suit": k.suit.value, "points": k.points} for k in r.cantes],
        "tute": None if r.tute is None else {"side": r.tute.side, "of": r.tute.of.value},
        "card_points": None if r.card_points is None else list(r.card_points),
        "last_trick": r.last_trick,
        "round_points": None if r.round_points is None else list(r.round_points),
        "winner": r.winner,
        "games": r.games if r.winner is not None else 0,
    }
    if senders:  # a match with seats: who sent the round's entries ([] for the table)
        record["sent_by"] = sent_json(senders, number)
    return record


def sheet_table(game: Game, c: Sentences,
                sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
    """The paper sheet: one row per round, with every side's games won after it; with
    seats, a last column says who sent the round."""
    game = with_printable_names(game)
    m = Messages(c, game)
    sides = [m.side(i) for i in range(len(game.sides))]
    header = [c.gettext("Round"), c.gettext("Trump"), c.gettext("Cantes"),
              c.gettext("Card points"), c.gettext("Last trick"), c.gettext("Round points"),
              c.gettext("Winner"), c.gettext("Games"), *sides]
    rows = []
    games = [0] * len(sides)
    for r in game.rounds():
        if r.winner is not None:
            games[r.winner] += r.games
        cantes = m.cante_list(r.cantes)
        if r.tute is not None:
            tute = m.tute_sentence(r.tute).rstrip(".")
            cantes = f"{cantes}, {tute}" if cantes else tute
        rows.append([
            str(r.number), m.suit(r.trump), cantes,
            "" if r.card_points is None else " ".join(map(str, r.card_points)),
            "" if r.last_trick is None else m.side(r.last_trick),
            "" if r.round_points is None else " ".join(map(str, r.round_points)),
            "" if r.winner is None else m.side(r.winner),
            str(r.games if r.winner is not None else 0), *(str(g) for g in games)])
    return with_sent_column(header, rows, sent_by_round(game, sent), c)


__all__ = ["export_json", "sheet_table", "show_lines"]
