"""What a seat may send, judged by one function, and the sentences its phone gets when it may not.

One judgement, :func:`judge`, used twice: the live view's server runs it on the game as the
latest announcement left it, so a line the table would refuse is answered on the phone at once
and the table is not disturbed at all; the table's loop runs it again on the live game before
it enters the line, so what is entered is always checked against the game as it is (the
server's judgement only spares the table). Both read the line as a typed line is read: the same
:func:`~tutto_a11y.core.contract.check_line` (a line too long, or with a control or format
character such as a zero-width space, is refused alike), the game's own parser with the words
of the phone's language (the English words work everywhere, as at the table), and the game's
own rules. A seat's own limits come on top: it sends entries only on its own turn (or as the
game's seat rule says) and undoes only its own latest entry, and no other command.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Command, EntryError, IllegalEntry, Sentences
from tutto_a11y.core.problem import Problem
from tutto_a11y.games import registry
from tutto_a11y.games.registry import AnyGame, AnyInterface, AnyLoopInterface
from tutto_a11y.share.feed import Feed
from tutto_a11y.table.inbox import Answer
from tutto_a11y.text.i18n import Catalog

#: Who sent the latest entry still standing, as ``(name,)`` (``(None,)``: typed at the table),
#: or None when no entry stands (a new game, everything undone): then there is nothing to undo.
Latest = tuple[str | None] | None


class SeatRefusal(Problem):
    """A line the game would take, refused because it came from this seat: ``reason`` is
    ``turn``, ``side``, ``command`` or ``undo-other`` (``by``, also ``data['by']``, then names
    who made the latest entry; None: the table's keyboard)."""

    def __init__(self, reason: str, by: str | None = None) -> None:
        super().__init__(reason, {"by": by})
        self.by = by


def judge(game_interface: AnyInterface, words: AnyLoopInterface, game: AnyGame, seat: int,
          name: str, line: str, latest: Latest) -> object:
    """The entry (or ``undo``) the line of ``name``'s seat (number ``seat``) stands for on
    ``game``, if that seat may send it now and the rules take it.

    EntryError is the game's own refusal, as the same line typed at the table would get it;
    SeatRefusal a seat's limit. ``game`` is never changed: the rules judge the entry on a game
    standing at its state (``game_interface.game_at``), so the server may pass the published
    game and the loop its live one.
    """
    trial = game_interface.game_at(game.players, game.rules, game.state)
    try:
        action = words.interpret(line, trial)
    except EntryError:
        if trial.finished:  # as at the table: at game over only the game-over words work
            raise EntryError("game-over") from None
        raise
    if isinstance(action, Command):
        if action.name != "undo":
            raise SeatRefusal("command")
        if latest is None:
            raise IllegalEntry("nothing-to-undo")
        if latest[0] != name:
            raise SeatRefusal("undo-other", latest[0])
        return action
    if trial.finished:
        raise EntryError("game-over")
    reason = words.seat_refusal(seat, trial, action)
    if reason is not None:
        raise SeatRefusal(reason)
    trial.push(action)  # the rules' own check: EntryError when the entry is wrong now
    return action


def refused_sentence(problem: EntryError | SeatRefusal, game_interface: AnyInterface, c: Sentences,
                     game: AnyGame) -> str:
    """Why :func:`judge` refused a line, as one sentence in the phone's language (``c``)."""
    if isinstance(problem, SeatRefusal):
        return refusal_sentence(problem, c, game.players, game.state.seat)
    standing = game_interface.game_at(game.players, game.rules, game.state)
    return str(game_interface.messages(c, standing).error(problem))


def refusal_sentence(refusal: SeatRefusal, c: Sentences, players: tuple[str, ...],
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


def moved_on_sentence(c: Sentences) -> str:
    return c.gettext("Not entered: the game moved on while you typed. Read the latest "
                     "announcement, then send it again if it still fits.")


class SeatWords:
    """The game's parser with the words of each phone's language, made once per language and
    kept (a game's vocabulary is built from its tables of words)."""

    def __init__(self, game_interface: AnyInterface) -> None:
        self.game_interface = game_interface
        self._words: dict[str, AnyLoopInterface] = {}

    def __call__(self, lang: str) -> AnyLoopInterface:
        words = self._words.get(lang)
        if words is None:  # two server threads may make it at once: either copy will do
            words = self._words[lang] = self.game_interface.at_table(Catalog(lang))
        return words


class Entering:
    """The server's judgement of a seat's line, on the game as the latest announcement left it."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.game_interface = registry.find(feed.start.game).interface()
        self.words = SeatWords(self.game_interface)

    def check(self, seat: int, name: str, line: str, state: int, c: Catalog) -> Answer | None:
        """The phone's answer when the table would not take this line now; None when the
        table should have it (it judges it again, on the live game)."""
        count = len(self.feed)
        if state != count:
            return Answer("moved-on", moved_on_sentence(c), count)
        notice = self.feed.item(count).notice if count else self.feed.start
        latest = self.feed.latest_by(count)  # as it was with that notice
        game = self.game_interface.game_at(notice.players, notice.rules, notice.state)
        answer: Answer | None = None
        try:
            judge(self.game_interface, self.words(c.lang), game, seat, name, line, latest)
        except (EntryError, SeatRefusal) as problem:
            answer = Answer("refused",
                            refused_sentence(problem, self.game_interface, c, game), count)
        if len(self.feed) != count:  # the table moved on while this was judged
            return Answer("moved-on", moved_on_sentence(c), len(self.feed))
        return answer
