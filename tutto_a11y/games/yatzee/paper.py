"""Yatzee on Braille paper: the sheet one field a line, and a reference card of the 18 fields.

A paper Yatzee sheet is a grid (fields down, players across) that a finger cannot read across,
so the Braille sheet turns it: one line per field with every player's value on it, after the
game, the winner and the final totals (highest first). The reference card says what each field
scores under the default rules, for the players to check a throw by touch.
"""

from __future__ import annotations

from tutto_a11y.core.contract import SavedGame, Sentences
from tutto_a11y.games.yatzee.messages import field_name
from tutto_a11y.games.yatzee.rules import FACE, UPPER, Field, Game, Rules
from tutto_a11y.games.yatzee.rules.fields import ORDER
from tutto_a11y.text.game_sentences import name_score, scores_heading
from tutto_a11y.text.names import with_printable_names
from tutto_a11y.text.output import plain


def braille_sheet(info: SavedGame, game: Game, c: Sentences, shown: list[str],
                  table: tuple[list[str], list[list[str]]]) -> list[str]:
    """The sheet's lines from ``show``'s lines and the paper sheet's table: the game, the
    winner, the totals one player a line, then one line a field (a free field says so)."""
    game = with_printable_names(game)
    lines = [shown[0]]
    if game.finished:
        lines.append(shown[1 + len(game.turn_records())])  # "Winner: Ben."
    lines.append(scores_heading(c, game.finished))
    lines += [name_score(c, game.players[seat], game.total(seat))
              for seat in game.ranking()]
    header, rows = table
    lines.append(c.gettext("Field by field:"))
    for row in rows:
        values = [name_score(c, name, value) if value
                  else c.gettext("{name} free", name=name)
                  for name, value in zip(header[1:], row[1:], strict=True)]
        lines.append(c.gettext("{field}: {values}", field=row[0], values=", ".join(values)))
    return lines


def field_scores(field: Field, c: Sentences, rules: Rules) -> str:
    """What a field scores, said short enough for a label."""
    if field in UPPER:
        return c.gettext("the sum of the dice showing {face}", face=FACE[field])
    fifty = rules.yatzee != "fixed-50"
    return {
        Field.ONE_PAIR: c.gettext("two dice of one face, their sum"),
        Field.TWO_PAIRS: c.gettext("two dice each of two faces, their sum"),
        Field.THREE_PAIRS: c.gettext("two dice each of three faces, the sum of all six"),
        Field.THREE_OF_A_KIND: c.gettext("three dice of one face, their sum"),
        Field.FOUR_OF_A_KIND: c.gettext("four dice of one face, their sum"),
        Field.TWO_TRIPLES: c.gettext("three dice each of two faces, the sum of all six"),
        Field.SMALL_STRAIGHT: c.gettext("1 to 5, 15 points"),
        Field.LARGE_STRAIGHT: c.gettext("2 to 6, 20 points"),
        Field.ROYAL: c.gettext("1 to 6, 30 points"),
        Field.HOUSE: c.gettext("three of one face and two of another, their sum"),
        Field.CHANCE: c.gettext("any six dice, their sum"),
        Field.YATZEE: (c.gettext("all six dice alike, their sum plus 50") if fifty
                       else c.gettext("all six dice alike, 50 points")),
    }[field]


def labels(c: Sentences) -> list[str]:
    """The reference card: the 18 fields in the sheet's order, then the bonus and the throw
    bonus, one label each."""
    rules = Rules()
    cards = [c.gettext("{field}: {scores}", field=plain(field_name(field, c)),
                       scores=field_scores(field, c, rules)) for field in ORDER]
    cards.append(c.gettext("Bonus: {points} when the upper sum is at least {threshold}",
                           points=rules.bonus_points, threshold=rules.bonus_threshold))
    cards.append(c.gettext("Throw bonus on the lower fields: 10 after the first roll, 5 after "
                           "the second"))
    return cards
