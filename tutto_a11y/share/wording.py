"""A published notice worded for one viewer: its line, the score table and the moment now.

Each viewer's language words the notices itself, through the game's side (``word_notice`` and
``standing`` of the game contract), so the table words nothing for the live view. What has been
worded once in a language is kept, as the bytes of its event: twenty viewers in two languages
word each notice twice, and the herald (:meth:`Wording.herald`) does so before it wakes them,
so a viewer only writes bytes.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

from tutto_a11y.core.contract import AnyNotice, AnySide, Standing
from tutto_a11y.core.record import Record
from tutto_a11y.games import registry
from tutto_a11y.share.feed import Feed, Item
from tutto_a11y.text.i18n import Catalog


class Worded(Record):
    """One announcement as a viewer reads it, with the standing it left."""

    number: int
    line: str
    takes_back: int | None
    standing: Standing
    prompt: str = ""  # the table's question after it: a seat's field is labelled with it


def _side(kind: str) -> AnySide:
    """The game's side from the registry (``games/<name>/side.py``)."""
    return registry.find(kind).side()


def standing(notice: AnyNotice, catalog: Catalog) -> Standing:
    """The score table and the moment a notice left, in the catalog's language."""
    return _side(notice.game).standing(notice.players, notice.rules, notice.state, catalog)


def prompt(notice: AnyNotice, catalog: Catalog) -> str:
    """The table's question after a notice ("Anna, set aside?"), in the catalog's language."""
    side = _side(notice.game)
    game = side.game_at(notice.players, notice.rules, notice.state)
    return str(side.messages(catalog, game).prompt())


class Wording:
    """The feed's notices worded per language, each once, kept for every later viewer."""

    def __init__(self, feed: Feed, run: str = "") -> None:
        self.feed = feed
        self.run = run  # this run of the live view: the first part of every event's id
        self._kept: dict[tuple[int, str], Worded] = {}
        self._events: dict[tuple[int, str], bytes] = {}
        self._catalogs: dict[str, Catalog] = {}
        self._wording = threading.Lock()  # one thread words; the others wait, idle

    def catalog(self, lang: str) -> Catalog:
        if lang not in self._catalogs:
            self._catalogs[lang] = Catalog(lang)
        return self._catalogs[lang]

    def start(self, lang: str) -> Standing:
        """The standing when sharing began."""
        return standing(self.feed.start, self.catalog(lang))

    def prompt(self, lang: str) -> str:
        """The table's question now, as a seat's field is labelled."""
        count = len(self.feed)
        if count:
            return self.item(count, lang).prompt
        return prompt(self.feed.start, self.catalog(lang))

    def now(self, lang: str) -> Standing:
        """The standing after the latest notice."""
        count = len(self.feed)
        return self.item(count, lang).standing if count else self.start(lang)

    def item(self, number: int, lang: str) -> Worded:
        key = (number, lang)
        kept = self._kept.get(key)
        if kept is None:
            with self._wording:
                kept = self._kept.get(key)
                if kept is None:
                    kept = self._word(self.feed.item(number), self.catalog(lang))
                    self._kept[key] = kept
        return kept

    def event(self, number: int, lang: str) -> bytes:
        """The Server-Sent Event of notice ``number`` in ``lang``, made once for all viewers."""
        key = (number, lang)
        made = self._events.get(key)
        if made is None:
            made = self._events[key] = sse_event(self.item(number, lang), self.run)
        return made

    def herald(self, closing: Callable[[], bool], pause: float) -> None:
        """Until ``closing()``: at each notice, wait ``pause`` for the table to print its lines
        and wait for the next entry, word the news in every language asked for so far, then
        wake the viewers (a thread of its own; see the feed)."""
        done = len(self.feed)
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
            done = count
            self.feed.wake_viewers()

    def _word(self, item: Item, c: Catalog) -> Worded:
        notice = item.notice
        side = _side(notice.game)
        # An undo is said as the table said it (what was taken back, then whose turn); the
        # page also marks the announcement it took back (``takes_back``).
        line = side.word_notice(notice, c)
        if notice.by is not None:  # sent from a seat: named once, as the table says it
            line += " " + c.gettext("Sent by {seat}.", seat=notice.by)
        return Worded(item.number, line, item.takes_back, standing(notice, c),
                      prompt(notice, c))


def sse_event(worded: Worded, run: str = "") -> bytes:
    """One announcement as a Server-Sent Event: the run and its number as the id
    (``RUN:NUMBER``), the rest as JSON."""
    standing = worded.standing
    data = json.dumps({"id": worded.number, "run": run, "line": worded.line,
                       "takes_back": worded.takes_back, "caption": standing.caption,
                       "header": list(standing.header),
                       "rows": [list(r) for r in standing.rows], "now": standing.now,
                       "prompt": worded.prompt},
                      ensure_ascii=False, separators=(",", ":"))
    return f"id: {run}:{worded.number}\ndata: {data}\n\n".encode()
