"""Tute on Braille paper: the match's sheet line by line, and a label for each of the 40 cards
of the Spanish deck.

The sheet is read with one hand, line by line: the match, the winning side, the games won one
side a line (most first), then the rounds one a line. A label names a card by its rank and suit,
in the table's words, so that a bought Spanish deck can be played by touch.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import SavedGame, Sentences
from tutto_a11y.games.tute.messages import Messages
from tutto_a11y.games.tute.rules import Game
from tutto_a11y.games.tute.rules.suits import SUITS, Rank
from tutto_a11y.games.tute.sheet import round_sentence, sent_by_round, show_lines
from tutto_a11y.text.game_sentences import scores_heading
from tutto_a11y.text.names import with_printable_names
from tutto_a11y.text.sent import sent_sentence

#: The ranks as a deck is sorted, ace first and the figures last.
DECK_ORDER = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
              Rank.JACK, Rank.KNIGHT, Rank.KING)


def braille_sheet(info: SavedGame, game: Game, c: Sentences, status: str,
                  sent: Sequence[str | None] = ()) -> list[str]:
    """The sheet's lines: the match, the winner, the games won one side a line, the rounds
    (each ended by who sent it, with seats)."""
    game = with_printable_names(game)
    m = Messages(c, game)
    shown = show_lines(info, game, c, status)
    rounds = game.rounds()
    lines = [shown[0]]
    if game.finished:
        lines.append(shown[1 + len(rounds)])  # "Winners: Anna and Cleo."
    games = game.state.games
    lines.append(scores_heading(c, game.finished))
    ranking = sorted(range(len(game.sides)), key=lambda side: -games[side])
    lines += [c.ngettext("{name}: {n} game", "{name}: {n} games", games[side],
                         name=m.side(side)) for side in ranking]
    if rounds:
        lines.append(c.gettext("Rounds:"))
        senders = sent_by_round(game, sent)
        lines += [" ".join(filter(None, [round_sentence(m, r),
                                         sent_sentence(senders, number, c)]))
                  for number, r in enumerate(rounds)]
    return lines


def rank_name(rank: Rank, c: Sentences) -> str:
    """A rank as printed on a label: the ace and the figures by name, the others as numbers."""
    names = {Rank.ACE: c.pgettext("rank", "Ace"), Rank.JACK: c.pgettext("rank", "Jack"),
             Rank.KNIGHT: c.pgettext("rank", "Knight"), Rank.KING: c.pgettext("rank", "King")}
    return names.get(rank, "3" if rank is Rank.THREE else rank.value)


def labels(c: Sentences) -> list[str]:
    """The 40 cards, suit by suit (gold, cups, swords, clubs), ace to king."""
    m = Messages(c, Game(("A", "B")))
    return [c.gettext("{rank} of {suit}", rank=rank_name(rank, c), suit=m.suit(suit))
            for suit in SUITS for rank in DECK_ORDER]


__all__ = ["DECK_ORDER", "braille_sheet", "labels", "rank_name"]
