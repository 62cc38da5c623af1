"""A published notice worded for one viewer: its line, the score table and the moment now.

Each viewer's language words the notices itself, through the game's interface (``word_notice``
and ``standing`` of the game contract), so the table words nothing for the live view. What has been
worded once in a language is kept, as the bytes of its event: twenty viewers in two languages
word each notice twice, and the wording thread (:meth:`Wording.word_and_wake`) does so before
it wakes them, so a viewer only writes bytes.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

from tutto_a11y.core.contract import AnyNotice, Standing
from tutto_a11y.core.record import Record
from tutto_a11y.games import registry
from tutto_a11y.games.registry import AnyInterface, AnyLoopInterface
from tutto_a11y.share.feed import Feed, Item
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.sent import sent_by_seat


class Turn(Record):
    """Who enters at one state of the game, as a seat's page shows it.

    Only the seats in ``entering`` get the entry field (as the game's seat rule says: the
    player whose turn it is, in Tute every player until the match is over), labelled with the
    table's question (``prompt``); the others read ``waiting`` instead ("It is Anna's turn
    ..."). ``latest_by`` names the seat whose entry is the latest one standing, which that
    seat may still undo from its device (None: typed at the table, or from before sharing)."""

    prompt: str
    entering: tuple[int, ...]
    waiting: str
    latest_by: str | None = None


class Worded(Record):
    """One announcement as a viewer reads it, with the standing it left."""

    number: int
    line: str
    takes_back: int | None
    standing: Standing
    turn: Turn


def _interface(kind: str) -> AnyInterface:
    """The game's interface from the registry (``games/<name>/interface.py``)."""
    return registry.find(kind).interface()


def standing(notice: AnyNotice, catalog: Catalog) -> Standing:
    """The score table and the moment a notice left, in the catalog's language."""
    return _interface(notice.game).standing(notice.players, notice.rules, notice.state, catalog)


#: Each game's loop interface per language, made once (its words take a fraction of a millisecond
#: to build, and only its seat rule is asked here).
_LOOP_INTERFACES: dict[tuple[str, str], AnyLoopInterface] = {}


def _loop_interface(kind: str, catalog: Catalog) -> AnyLoopInterface:
    key = (kind, catalog.lang)
    found = _LOOP_INTERFACES.get(key)
    if found is None:
        found = _LOOP_INTERFACES[key] = _interface(kind).at_table(catalog)
    return found


def turn(notice: AnyNotice, catalog: Catalog, latest_by: str | None = None) -> Turn:
    """Who enters after a notice, with the table's question ("Anna, set aside?") and the
    sentence for the other seats, in the catalog's language."""
    game_interface = _interface(notice.game)
    game = game_interface.game_at(notice.players, notice.rules, notice.state)
    entering = tuple(_loop_interface(notice.game, catalog).seats_entering(game))
    if not entering:
        waiting = catalog.gettext("There is nothing more to enter from your device.")
    elif len(entering) == 1:
        waiting = catalog.gettext("It is {name}'s turn: your entry field appears here on your "
                                  "turn.", name=notice.players[entering[0]])
    else:  # every seat that may not enter now is shown no field and this sentence
        waiting = catalog.gettext("Your entry field appears here when you may enter.")
    return Turn(str(game_interface.messages(catalog, game).prompt()), entering, waiting, latest_by)


class Wording:
    """The feed's notices worded per language, each once, kept for every later viewer."""

    def __init__(self, feed: Feed, run: str = "") -> None:
        self.feed = feed
        self.run = run  # this run of the live view: the first part of every event's id
        #: The announcements the streams may send: those worded in every language asked for
        #: before their viewers were woken (:meth:`word_and_wake`). A stream that wakes for
        #: another reason (a seat's change, its keep-alive) sends no further, so a newer
        #: announcement is never worded on a viewer's thread while the table types on.
        self.ready = len(feed)
        self._worded: dict[tuple[int, str], Worded] = {}
        self._events: dict[tuple[int, str], bytes] = {}
        self._catalogs: dict[str, Catalog] = {}
        self._wording = threading.Lock()  # one thread words; the others wait, idle
        #: Numbers of the announcements standing after each one worded so far (an undo takes
        #: the latest off), and who sent the latest of them then: a seat may undo its own.
        self._standing: list[int] = []
        self._latest_by: list[str | None] = []

    def catalog(self, lang: str) -> Catalog:
        if lang not in self._catalogs:
            self._catalogs[lang] = Catalog(lang)
        return self._catalogs[lang]

    def start(self, lang: str) -> Standing:
        """The standing when sharing began."""
        return standing(self.feed.start, self.catalog(lang))

    def turn(self, number: int, lang: str) -> Turn:
        """Who enters once announcement ``number`` is made (0: when sharing began)."""
        if number:
            return self.item(number, lang).turn
        return turn(self.feed.start, self.catalog(lang))

    def now(self, lang: str) -> Standing:
        """The standing after the latest notice."""
        count = len(self.feed)
        return self.item(count, lang).standing if count else self.start(lang)

    def item(self, number: int, lang: str) -> Worded:
        key = (number, lang)
        worded = self._worded.get(key)
        if worded is None:
            with self._wording:
                worded = self._worded.get(key)
                if worded is None:
                    worded = self._word(self.feed.item(number), self.catalog(lang))
                    self._worded[key] = worded
        return worded

    def event(self, number: int, lang: str) -> bytes:
        """The Server-Sent Event of notice ``number`` in ``lang``, made once for all viewers."""
        key = (number, lang)
        made = self._events.get(key)
        if made is None:
            made = self._events[key] = sse_event(self.item(number, lang), self.run)
        return made

    def word_and_wake(self, closing: Callable[[], bool], pause: float) -> None:
        """Until ``closing()``: at each notice, wait ``pause`` for the table to print its lines
        and wait for the next entry, word the news in every language asked for so far, then
        wake the viewers (a thread of its own; see the feed)."""
        done = self.ready
        while True:
            self.feed.news.wait()
            if closing():
                return
            self.feed.news.clear()
            time.sleep(pause)
            count = len(self.feed)
            for lang in list(self._catalogs):
                for number in range(done + 1, count + 1):
                    self.event(number, lang)
            done = self.ready = count
            self.feed.wake_viewers()

    def _word(self, item: Item, c: Catalog) -> Worded:
        notice = item.notice
        game_interface = _interface(notice.game)
        # An undo is said as the table said it (what was taken back, then whose turn); the
        # page also marks the announcement it took back (``takes_back``).
        line = game_interface.word_notice(notice, c)
        if notice.by is not None:  # sent from a seat: named once, as the table says it
            line += " " + sent_by_seat(notice.by, c)
        return Worded(item.number, line, item.takes_back, standing(notice, c),
                      turn(notice, c, self._latest_by_after(item.number)))

    def _latest_by_after(self, number: int) -> str | None:
        """Who sent the latest entry standing after announcement ``number`` (the caller holds
        the wording lock; the feed only ever grows, so what is counted once stays true)."""
        while len(self._latest_by) < number:
            item = self.feed.item(len(self._latest_by) + 1)
            if item.notice.undone:
                if self._standing:
                    self._standing.pop()
            else:
                self._standing.append(item.number)
            latest = self._standing[-1] if self._standing else None
            self._latest_by.append(None if latest is None else
                                   self.feed.item(latest).notice.by)
        return self._latest_by[number - 1]


def sse_event(worded: Worded, run: str = "") -> bytes:
    """One announcement as a Server-Sent Event: the run and its number as the id
    (``RUN:NUMBER``), the rest as JSON."""
    standing = worded.standing
    data = json.dumps({"id": worded.number, "run": run, "line": worded.line,
                       "takes_back": worded.takes_back, "caption": standing.caption,
                       "header": list(standing.header),
                       "rows": [list(r) for r in standing.rows], "now": standing.now,
                       **turn_data(worded.turn)},
                      ensure_ascii=False, separators=(",", ":"))
    return f"id: {run}:{worded.number}\ndata: {data}\n\n".encode()


def turn_data(turn: Turn) -> dict[str, object]:
    """Who enters, as the page's script reads it from an event or from a post's answer."""
    return {"prompt": turn.prompt, "entering": list(turn.entering), "waiting": turn.waiting,
            "latest_by": turn.latest_by}
