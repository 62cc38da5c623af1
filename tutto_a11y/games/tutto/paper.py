"""Tutto on Braille paper: the score sheet's lines and a label for every card of the deck.

A Braille sheet is read line by line with one hand, never across columns, so the sheet is a
list of lines: the game, the winner, the final scores one player a line (highest first), then
the turns one a line. The labels are the cards' names as the table calls them, one label per
card of the 56-card deck, so a bought deck can be marked by touch.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import SavedGame, Sentences
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.cards import CARD_ORDER, DECK_COMPOSITION
from tutto_a11y.games.tutto.sheet import show_lines
from tutto_a11y.text.game_sentences import name_score, scores_heading
from tutto_a11y.text.names import with_printable_names


def braille_sheet(info: SavedGame, game: Game, c: Sentences, status: str,
                  sent: Sequence[str | None] = ()) -> list[str]:
    """The sheet's lines: the game's line, the winner, the scores one player a line, the turns
    (each ended by who sent it, with seats)."""
    game = with_printable_names(game)
    shown = show_lines(info, game, c, status, sent)
    heading, turns = shown[0], shown[1:1 + len(game.score_sheet())]
    lines = [heading]
    if game.finished:
        lines.append(shown[1 + len(turns)])  # "Winner: Ben."
    scores = game.state.scores
    lines.append(scores_heading(c, game.finished))
    ranking = sorted(range(len(game.players)), key=lambda seat: -scores[seat])
    lines += [name_score(c, game.players[seat], scores[seat])
              for seat in ranking]
    if turns:
        lines.append(c.gettext("Turns:"))
        lines += turns
    return lines


def labels(c: Sentences) -> list[str]:
    """One label per card of the deck, in the deck's order: 10 Stop, 5 Fireworks, 5 of each
    Bonus, 5 x2, 5 Plus/Minus, 5 Street and the Cloverleaf."""
    m = Messages(c, Game(("A", "B")))
    return [m.card(card) for card in CARD_ORDER for _ in range(DECK_COMPOSITION[card])]
