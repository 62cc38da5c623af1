"""What a seat may send, and the sentences its phone gets when it may not.

One check, used twice: the live view's server runs it on the game as the latest announcement
left it, so a line the table would refuse is answered on the phone at once and the table is
not disturbed at all; the table's loop runs it again on the live game before it enters the
line, so what is entered is always checked against the game as it is (the server's check
only spares the table). Both use the table's own parser and the game's own rules; a seat's
own limits come on top: it sends entries only on its own turn (or as the game's seat rule
says) and undoes only its own latest entry, and no other command.
"""

from __future__ import annotations

from typing import Any

from tutto_a11y.core.contract import AnyNotice, Command, EntryError
from tutto_a11y.games import registry
from tutto_a11y.share.desk import Answer
from tutto_a11y.share.feed import Feed
from tutto_a11y.text.i18n import Catalog


class SeatRefusal(Exception):
    """A line the game would take, refused because it came from this seat: ``reason`` is
    ``turn``, ``side``, ``command`` or ``undo-other`` (``by`` then names who made the latest
    entry; None: the table's keyboard)."""

    def __init__(self, reason: str, by: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.by = by


def seat_action(game: Any, at_table: Any, seat: int, line: str) -> Any:
    """The entry (or ``undo``) a seat's line stands for, if that seat may send it now.

    EntryError is the game's own refusal (as a typed line would get it); SeatRefusal a seat's
    limit. Whether the entry fits the rules is :meth:`push`'s to say, after this.
    """
    try:
        action = at_table.interpret(line, game)
    except EntryError:
        if game.finished:  # as at the table: at game over only the game-over words work
            raise EntryError("game-over") from None
        raise
    if isinstance(action, Command):
        if action.name == "undo":
            return action
        raise SeatRefusal("command")
    if game.finished:
        raise EntryError("game-over")
    reason = at_table.seat_refusal(seat, game, action)
    if reason is not None:
        raise SeatRefusal(reason)
    return action


def refusal_sentence(refusal: SeatRefusal, c: Catalog, players: tuple[str, ...],
                     turn: int) -> str:
    """A seat's limit as one sentence in the phone's language."""
    if refusal.reason == "turn":
        return c.gettext("It is {name}'s turn: from your own device you enter only on your own "
                         "turn.", name=players[turn])
    if refusal.reason == "side":
        return c.gettext("From your own device you announce a cante or a Tute only for your "
                         "own side.")
    if refusal.reason == "undo-other":
        if refusal.by is None:
            return c.gettext("From your own device you undo only your own latest entry, and "
                             "the latest was typed at the table.")
        return c.gettext("From your own device you undo only your own latest entry, and the "
                         "latest came from {name}.", name=refusal.by)
    return c.gettext("From your own device you send the game's entries and undo; the scores "
                     "and whose turn it is are on this page.")


def moved_on_sentence(c: Catalog) -> str:
    return c.gettext("Not entered: the game moved on while you typed. Read the latest "
                     "announcement, then send it again if it still fits.")


class Entering:
    """The server's check of a seat's line, on the game as the latest announcement left it."""

    def __init__(self, feed: Feed, table_lang: str) -> None:
        self.feed = feed
        self.side = registry.find(feed.start.game).side()
        self.at_table = self.side.at_table(Catalog(table_lang))

    def game_at(self, notice: AnyNotice) -> Any:
        return self.side.game_at(notice.players, notice.rules, notice.state)

    def check(self, seat: int, name: str, line: str, state: int, c: Catalog) -> Answer | None:
        """The phone's answer when the table would not take this line now; None when the
        table should have it (it checks again, on the live game)."""
        count = len(self.feed)
        if state != count:
            return Answer("moved-on", moved_on_sentence(c), count)
        notice = self.feed.last()
        game = self.game_at(notice)
        try:
            action = seat_action(game, self.at_table, seat, line)
            if isinstance(action, Command):  # undo: only the loop knows every entry's seat
                latest = self.feed.latest_by()
                if latest is not None and latest[0] != name:
                    raise SeatRefusal("undo-other", latest[0])
                return None
            game.push(action)
        except EntryError as error:
            return Answer("refused", self.side.messages(c, game).error(error), count)
        except SeatRefusal as refusal:
            return Answer("refused", refusal_sentence(refusal, c, notice.players,
                                                      notice.state.seat), count)
        return None
