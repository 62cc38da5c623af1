"""The table's side of the seats (``play --share --seats``): the ``seats`` command, and the
judgement of each seat's entry on the live game.

The loop stays the only place the game lives. A seat's entry waits in the table's inbox
(:mod:`tutto_a11y.table.inbox`) until the loop drains it; here it is judged again on the live
game (:func:`~tutto_a11y.share.entering.judge`: made for the state it was sent for, by the
seat that may send it, read with its phone's words, and taken by the rules), and the loop then
enters it through its own path: the same rules, the journal before any announcement, the same
line printed and spoken, with the seat named once at its end. A refusal goes to that phone
only, in its language; the table prints nothing for it.

The ``seats`` command is the table's, in its language (``seats``, ``plätze``, ``places``; the
English words work everywhere): ``seats`` says every player's code, ``seats Anna`` one,
``seats close Anna`` closes a seat and ``seats new Anna`` gives it a new code. The codes are
said only when asked: the opening only says that the command is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from tutto_a11y.core.contract import Command, EntryError, TableGame
from tutto_a11y.games.registry import AnyInterface
from tutto_a11y.share.address import said_code
from tutto_a11y.share.entering import (
    Latest,
    SeatRefusal,
    SeatWords,
    judge,
    moved_on_sentence,
    refused_sentence,
)
from tutto_a11y.table.inbox import Answer, SeatEntry
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.lists import and_list
from tutto_a11y.text.names import same_name
from tutto_a11y.text.sent import sent_by_seat
from tutto_a11y.text.vocabulary import Vocabulary, normalise, spellings

if TYPE_CHECKING:
    from tutto_a11y.share.seats import SeatBook
    from tutto_a11y.share.sharing import Sharing

#: The game the loop judges a seat's entry on, and so the entry it gets back.
EntryT = TypeVar("EntryT")
EventT = TypeVar("EventT")
StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT")

#: The words of the ``seats`` command; the first of each is the one help shows.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"seats": ("seats",), "close": ("close",), "new": ("new",)},
    "de": {"seats": ("plätze",), "close": ("schließen",), "new": ("neu",)},
    "fr": {"seats": ("places",), "close": ("fermer",), "new": ("nouveau",)},
}


def open_seats(sharing: Sharing, catalog: Catalog,
               game_interface: AnyInterface) -> tuple[Seating, str]:
    """The seats of the table about to play, and the opening's sentence that says how to get
    the codes (never the codes themselves) and names any player of ``TUTTO_SEAT_CODES`` who
    does not play."""
    seating = Seating(sharing, catalog, game_interface)
    shown = WORDS.get(catalog.lang, WORDS["en"])["seats"][0]
    said = catalog.gettext("There every player can also enter their own turns with a seat code "
                           "of their own: type {seats} for the codes.", seats=shown)
    unknown = sharing.book.unknown if sharing.book is not None else []
    if unknown:
        said += " " + catalog.ngettext(
            "TUTTO_SEAT_CODES names {names}, who does not play here.",
            "TUTTO_SEAT_CODES names {names}, who do not play here.", len(unknown),
            names=and_list(unknown, catalog))
    return seating, said


def seats_words(lang: str) -> list[str]:
    """The command's words a scorekeeper types in ``lang`` (with Tab completion)."""
    return [w for ws in WORDS.get(lang, WORDS["en"]).values() for w in ws]


class Seating:
    """The seats of the table that runs: the command, and the seats' entries."""

    def __init__(self, sharing: Sharing, catalog: Catalog, game_interface: AnyInterface) -> None:
        self.sharing = sharing
        self.c = catalog
        self.game_interface = game_interface
        self.words = Vocabulary(catalog.lang, WORDS)
        self._first = {key for lang in dict.fromkeys((catalog.lang, "en"))
                       for word in WORDS.get(lang, WORDS["en"])["seats"]
                       for key in spellings(word)}
        self._seat_words = SeatWords(game_interface)  # the game's parser in each phone's language

    @property
    def book(self) -> SeatBook:
        book = self.sharing.book
        assert book is not None  # there are seats with --seats only, and then a book of them
        return book

    # -- the table's own sentences -----------------------------------------------------------
    def sent_by(self, seat: str) -> str:
        """Said at the end of an entry a seat sent: the seat, named once."""
        return sent_by_seat(seat, self.c)

    def help(self) -> str:
        c, shown = self.c, WORDS.get(self.c.lang, WORDS["en"])
        return c.gettext("{seats} says each player's seat code for the live view, {seats} NAME "
                         "one of them; {seats} {close} NAME closes a seat, {seats} {new} NAME "
                         "gives it a new code.", seats=shown["seats"][0],
                         close=shown["close"][0], new=shown["new"][0])

    # -- the seats command -------------------------------------------------------------------
    def command(self, line: str) -> str | None:
        """The answer to a ``seats`` line, or None when the line is no ``seats`` command."""
        words = line.split()
        if not words or normalise(words[0]) not in self._first:
            return None
        c, rest = self.c, words[1:]
        action = ""
        if rest:
            try:
                action = self.words.match(rest[0], among=("close", "new"))
            except EntryError:
                action = ""
            if action:
                rest = rest[1:]
        if not rest:
            if action:
                return c.gettext("Say whose seat: {command} NAME.",
                                 command=f"{words[0]} {words[1]}")
            return self._all_codes()
        seat = self._player(" ".join(rest))
        if isinstance(seat, str):
            return seat
        if action == "close":
            self.book.close(seat)
            return c.gettext("The seat of {name} is closed: the devices that opened it can "
                             "enter nothing more.", name=self._name(seat))
        if action == "new":
            code = self.book.renew(seat)
            return c.gettext("New seat code for {name}: {code}. The devices that opened the seat "
                             "need the new code.", name=self._name(seat), code=said_code(code))
        return self._one_code(seat)

    def _name(self, index: int) -> str:
        return str(self.sharing.players[index])

    def _all_codes(self) -> str:
        c, parts = self.c, []
        for seat in self.book.seats():
            if seat.open:
                parts.append(c.gettext("{name}: {code}", name=seat.name,
                                       code=said_code(seat.code)))
            else:
                parts.append(c.gettext("{name}: closed", name=seat.name))
        # Semicolons between the players: the digits of a code are said one by one.
        return c.gettext("Seat codes for the live view: {codes}.", codes="; ".join(parts))

    def _one_code(self, index: int) -> str:
        seat = self.book.seats()[index]
        if not seat.open:
            shown = WORDS.get(self.c.lang, WORDS["en"])
            return self.c.gettext("The seat of {name} is closed; {command} opens it again with "
                                  "a new code.", name=seat.name,
                                  command=f"{shown['seats'][0]} {shown['new'][0]} {seat.name}")
        return self.c.gettext("Seat code for {name}: {code}.", name=seat.name,
                              code=said_code(seat.code))

    def _player(self, typed: str) -> int | str:
        """The seat of a typed name (whole, or a unique beginning without case or accents),
        or the sentence saying why there is none."""
        players = self.sharing.players
        for index, name in enumerate(players):
            if same_name(typed, name):
                return index
        key = normalise(typed)
        fitting = [i for i, name in enumerate(players) if key and normalise(name).startswith(key)]
        if len(fitting) == 1:
            return fitting[0]
        if fitting:
            return self.c.gettext("{name} fits several players: {names}.", name=typed,
                                  names=and_list([players[i] for i in fitting], self.c))
        return self.c.gettext("There is no player {name} at this table.", name=typed)

    # -- the seats' entries ------------------------------------------------------------------
    def judged(self, entry: SeatEntry, game: TableGame[EntryT, EventT, StateT, RulesT],
               latest: Latest) -> EntryT | Command | None:
        """The entry (or ``undo``) a seat's entry stands for on the live ``game`` (``latest``:
        who sent its latest standing entry), ready for the loop to enter; or None when its
        phone has been answered already (the seat was closed, the game moved on, the line is
        refused). The loop's thread; nothing is printed, nothing changes."""
        c = self.sharing.catalog(entry.lang)
        if not self.book.still_open(entry.seat, entry.generation):  # closed while it waited
            entry.give(Answer("closed", c.gettext(
                "This device's seat is closed or has a new code: type your seat's code again."),
                self._state()))
            return None
        if entry.state != self._state():
            entry.give(Answer("moved-on", moved_on_sentence(c), self._state()))
            return None
        try:
            # The seat's words are this table's game's: what they read is its entry.
            action = cast("EntryT | Command", judge(
                self.game_interface, self._seat_words(entry.lang), game,
                self.book.seat_index(entry.seat), entry.seat, entry.line, latest))
            return action
        except (EntryError, SeatRefusal) as problem:
            entry.give(Answer("refused", refused_sentence(problem, self.game_interface, c, game),
                              self._state()))
            return None

    def entered(self, entry: SeatEntry, status: int | None) -> None:
        """The loop entered a judged entry (``status``: the loop's exit status, 2 when the
        journal failed and the game stops there): its phone is told."""
        if status is None:
            entry.give(Answer("accepted", "", self._state()))
            return
        c = self.sharing.catalog(entry.lang)
        entry.give(Answer("refused", c.gettext(
            "Not entered: the table could not save it, and the game stops there."),
            self._state()))

    def _state(self) -> int:
        """The number of the latest announcement: the state a phone's next form is made for."""
        feed = self.sharing.feed
        assert feed is not None  # seats are the live view's, which listens to the game
        return len(feed)
