"""The play loop: read a line, check it, save it, announce it.

Order matters for trust: an entry is checked by the rules, then written to the journal, and only
then announced, so nothing announced can be lost. Speech is fed without waiting; a new line
interrupts what is still being said unless it was important.

With seats (``--share --seats``) the loop also owns the inbox of the seats' entries
(``table/inbox.py``) and drains it itself: before each question, and whenever its reader,
woken by the inbox while it waits for the keyboard, asks it to settle what came. Settling
answers every entry that will not be entered straight to its phone, printing nothing; only
an entry that will be entered ends the wait, and it goes through the loop's own path, as a
typed entry does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from tutto_a11y.core.contract import (
    TABLE_COMMANDS,
    Command,
    EntryError,
    GameMessages,
    Listener,
    LoopInterface,
    Notice,
    SeatedState,
    Sentences,
    TableGame,
)
from tutto_a11y.core.problem import Problem
from tutto_a11y.games import registry
from tutto_a11y.table.ctrl_c import CtrlCWhileBusy
from tutto_a11y.table.reader import INBOX, TableReader
from tutto_a11y.text.one_moment import after_a_moment, stopped_sentence, working_sentence
from tutto_a11y.text.output import Output, plain
from tutto_a11y.text.problems import store_error_sentence

if TYPE_CHECKING:  # the inbox loads only with seats (``--seats``)
    from tutto_a11y.table.inbox import SeatEntry, Wake


class Journaled(Protocol):
    """An entry as the journal writes it: every game's entries are."""

    def text(self) -> str: ...


#: The one game at the table, bound once when the table is made: its entries (which the
#: journal writes), its events, its state (which names whose turn it is) and its rules. The
#: loop itself knows no game; these say that what it reads, pushes, takes back and publishes
#: is all the same game's.
EntryT = TypeVar("EntryT", bound=Journaled)
EventT = TypeVar("EventT")
StateT = TypeVar("StateT", bound=SeatedState)
RulesT = TypeVar("RulesT")
GameT_contra = TypeVar("GameT_contra", contravariant=True)
EntryT_co = TypeVar("EntryT_co", covariant=True)


class Journal(Protocol):
    """Where accepted entries go before they are announced (the durable store)."""

    def append(self, text: str, *, ends_game: bool = False, seat: str | None = None) -> None: ...
    def append_undo(self, *, reopens: bool = False, seat: str | None = None) -> None: ...


class SpeechSink(Protocol):
    """Where the loop's lines go to be said (speech.speaker's Speaker, behind SpokenOutput)."""

    def say(self, text: str, *, important: bool = False) -> None: ...
    def interrupt(self) -> None: ...


class Inbox(Protocol):
    """The seats' entries waiting for the loop (table/inbox.py), as the loop drains it."""

    @property
    def wake(self) -> Wake: ...
    def take(self) -> Sequence[SeatEntry]: ...
    def close(self) -> None: ...


class Seats(Protocol[GameT_contra, EntryT_co]):
    """The seats of the live view (``--seats``), as the loop uses them (table/seats.py): a
    seat's entry judged on the loop's game is an entry of that game, ``undo``, or None (its
    phone has been answered)."""

    def judged(self, entry: SeatEntry, game: GameT_contra,
               latest: tuple[str | None] | None) -> EntryT_co | Command | None: ...
    def entered(self, entry: SeatEntry, status: int | None) -> None: ...
    def command(self, line: str) -> str | None: ...
    def sent_by(self, seat: str) -> str: ...
    def help(self) -> str: ...


class JournalFailed(Problem):
    """The journal could not take an entry; the store's reason, data and file say why."""

    def __init__(self, reason: str, path: str = "",
                 data: Mapping[str, object] | None = None) -> None:
        super().__init__(reason, data)
        self.path = path


def leaving_sentences(c: Sentences, match: bool = False) -> dict[str, str]:
    """The loop's own sentences, the same in every game: leaving, and a save that failed;
    with ``match`` (Tute) they speak of the match, as its own sentences do."""
    if match:
        return {
            "quit": c.gettext("Match saved. Start tutto-tally again to go on."),
            "quit-unsaved": c.gettext("Match ended without saving."),
            "eof": c.gettext("End of input. The match is saved; start tutto-tally again to go "
                             "on."),
            "quit-over": c.gettext("The match is over and saved."),
            "eof-over": c.gettext("End of input. The match is over and saved."),
            "save-failed": c.gettext("The entry could not be saved, so it was not accepted; "
                                     "the match stops here as it was last saved."),
        }
    return {
        "quit": c.gettext("Game saved. Start tutto-tally again to go on."),
        "quit-unsaved": c.gettext("Game ended without saving."),
        "eof": c.gettext("End of input. The game is saved; start tutto-tally again to go on."),
        "quit-over": c.gettext("The game is over and saved."),
        "eof-over": c.gettext("End of input. The game is over and saved."),
        "save-failed": c.gettext("The entry could not be saved, so it was not accepted; the game "
                                 "stops here as it was last saved."),
    }


class Table(Generic[EntryT, EventT, StateT, RulesT]):
    """One game at the table: the loop between the scorekeeper's lines and the announcements.

    It is generic over the game's own types, bound once by the game it is made with: what its
    parser reads, the seats judge, the rules take and the journal writes is that game's entry,
    what is announced and published its events."""

    def __init__(self, game: TableGame[EntryT, EventT, StateT, RulesT],
                 messages: GameMessages[EntryT, EventT], reader: TableReader,
                 output: Output, journal: Journal | None = None,
                 speaker: SpeechSink | None = None,
                 on_leaving: Callable[[], None] | None = None,
                 listeners: Sequence[Listener] = (), game_id: str | None = None,
                 seats: tuple[Seats[TableGame[EntryT, EventT, StateT, RulesT], EntryT],
                              Inbox] | None = None,
                 entered_by: Sequence[str | None] | None = None) -> None:
        self.game = game
        # The seats of the live view (``--seats``, table/seats.py) and the inbox their entries
        # wait in, or None; and who sent each entry of the game (a seat's name; None: typed
        # here), for a seat's undo.
        self.seating: Seats[TableGame[EntryT, EventT, StateT, RulesT], EntryT] | None = (
            seats[0] if seats is not None else None)
        self.inbox: Inbox | None = seats[1] if seats is not None else None
        self.entered_by: list[str | None] = (list(entered_by) if entered_by is not None
                                             else [None] * len(game.entries))
        # Seats' entries taken from the inbox and judged fit to be entered, in order.
        self._to_enter: list[SeatEntry] = []
        # The saved game's number, for the ``export`` command that help names at game over.
        self.game_id = game_id
        # Told of every accepted entry and undo, after the screen and speech have it.
        self.listeners = tuple(listeners)
        # Called before the goodbye is said: from then on Ctrl-C must not kill the program.
        self.on_leaving = on_leaving
        self.messages = messages
        self.reader = reader
        self.output = output
        self.journal = journal
        self.speaker = speaker
        # The loop's interface (the game's words, parser, important events), found by its
        # kind: the loop itself knows no game.
        self.rules_of_play: LoopInterface[TableGame[EntryT, EventT, StateT, RulesT], EntryT] = (
            registry.find(game.kind).interface().at_table(messages.c))
        self.sentences = leaving_sentences(messages.c, messages.match)
        self.last = ""
        # A game's own command or announcement that may compute for a while (Tutto's coach)
        # runs through this, so a wait is never silent, and Ctrl-C stops it.
        messages.working = self.slowly
        self.ctrl_c = CtrlCWhileBusy(self._end_echoed_row)
        if self.inbox is not None:  # the reader waits for the keyboard and the inbox at once
            reader.wake_with(self.inbox.wake, self.settle)

    def slowly(self, compute: Callable[[], str]) -> str:
        """``compute()``; if it takes a while, "One moment, I'm computing." is printed and
        spoken first (:mod:`tutto_a11y.text.one_moment`). Ctrl-C stops it, and a sentence saying
        so stands in the answer's place (``table/ctrl_c.py``)."""
        line = working_sentence(self.messages.c)
        answer = after_a_moment(lambda: self.ctrl_c.stoppable(compute),
                                lambda: self.tell(line, remember=False))
        return stopped_sentence(self.messages.c) if answer is None else answer

    def _end_echoed_row(self) -> None:
        """A terminal echoed "^C" on the row under the entry (plain mode and terminal mode
        alike, between two prompts): the next line starts on a row of its own, as after a
        Ctrl-C at a prompt (``table/reader.py``). A pipe echoes nothing."""
        if not self.output.prompt_on_own_line:
            self.output.stream.write("\n")

    def tell(self, text: str, important: bool = False, remember: bool = True) -> None:
        """Print a line and speak it; ``repeat`` says the last remembered one again."""
        self.ctrl_c.before_output()
        self.output.line(text)
        if self.speaker is not None:
            self.speaker.say(plain(text), important=important)
        if remember:
            self.last = text

    def run(self, opening: str) -> int:
        """Play until ``quit`` or the end of input. Returns the exit status.

        The end of the game does not end the loop: the entry that ended it may be mistyped, so
        the prompt stays and offers ``scores``, ``undo`` and ``quit``.
        """
        self.ctrl_c.once(lambda: self.tell(opening))
        try:
            while True:
                try:
                    status = self.ctrl_c.once(self._enter_from_seats)
                    if status is not None:
                        return status
                    line = self.reader.read(self.messages.prompt())
                except EntryError as error:  # bytes that are not text
                    self.tell(self.messages.error(error), remember=False)
                    continue
                except KeyboardInterrupt:
                    # Ctrl-C outside the reader's wait, in the instant between two questions
                    # when Python's own handler stands: nothing typed is lost, and a game is
                    # never ended by Ctrl-C, so the question is asked again.
                    self._end_echoed_row()
                    continue
                if line is INBOX:  # a seat's entry to enter: it comes first, then the question
                    continue
                if line is None:
                    self.tell(self.sentences[self._leaving("eof")])
                    return 0
                status = self.ctrl_c.once(partial(self._handle, line))
                if status is not None:
                    return status
        finally:
            if self.inbox is not None:  # entries still waiting are never entered
                self.inbox.close()
                for entry in self._to_enter:
                    entry.give(None)

    def _handle(self, line: str) -> int | None:
        """Handle an entered line with Ctrl-C stopping a computation, not the program."""
        if self.speaker is not None:
            self.speaker.interrupt()
        said = self.seating.command(line) if self.seating is not None else None
        if said is not None:
            self.tell(said, remember=False)
            return None
        return self.step(line)

    def settle(self) -> bool:
        """Drain the inbox, answering every entry that will not be entered (closed seat,
        moved on, refused) on its phone, with nothing printed: whether one waits to be
        entered. The loop's thread: before each question, and from the reader while it waits
        for the keyboard, with the question standing on the screen untouched."""
        if self.inbox is None or self.seating is None:
            return False
        for entry in self.inbox.take():
            if self.seating.judged(entry, self.game, self._latest()) is not None:
                self._to_enter.append(entry)
        return bool(self._to_enter)

    def _latest(self) -> tuple[str | None] | None:
        """Who sent the latest entry still standing (None: no entry stands)."""
        return (self.entered_by[-1],) if self.entered_by else None

    def _enter_from_seats(self) -> int | None:
        """Settle the inbox and enter the seats' entries it leaves, as one handled line is:
        a Ctrl-C meanwhile waits, and a journal failure's status is never lost to one."""
        self.settle()
        return self._enter_seats_entries()

    def _enter_seats_entries(self) -> int | None:
        """The settled seats' entries, in order, each judged again on the game as the one
        before left it and entered through the same path as a typed line."""
        while self._to_enter and self.seating is not None:
            entry = self._to_enter.pop(0)
            action = self.seating.judged(entry, self.game, self._latest())
            if action is None:  # the one before moved the game on: answered on its phone
                continue
            if self.speaker is not None:
                self.speaker.interrupt()
            if isinstance(action, Command):  # undo, the seat's own latest entry
                status = self.undo(seat=entry.seat)
            else:  # judged on a game at this very state: the rules take it here too
                status = self._accepted(action, self.game.push(action), entry.seat)
            self.seating.entered(entry, status)
            if status is not None:  # the journal failed: the game stops there
                return status
        return None

    def _leaving(self, how: str) -> str:
        """Which goodbye: a finished game is not "to go on"; without a journal nothing is saved."""
        if self.on_leaving is not None:
            self.on_leaving()
        if self.journal is None:
            return "quit-unsaved"
        return how + "-over" if self.game.finished else how

    def step(self, line: str) -> int | None:
        """Handle one line; an exit status when the loop must end."""
        try:
            action = self.rules_of_play.interpret(line, self.game)
            if isinstance(action, Command):
                return self.command(action)
            events = self.game.push(action)
        except EntryError as error:
            # Whatever was meant, at game over only the game-over words work.
            refused = EntryError("game-over") if self.game.finished else error
            self.tell(self.messages.error(refused), remember=False)
            return None
        return self._accepted(action, events)

    def _accepted(self, action: EntryT, events: Sequence[EventT],
                  seat: str | None = None) -> int | None:
        """An entry the rules took: saved first, then announced and published."""
        try:
            if self.journal is not None:  # the entry and the game's end: one write
                if seat is None:
                    self.journal.append(action.text(), ends_game=self.game.finished)
                else:
                    self.journal.append(action.text(), ends_game=self.game.finished, seat=seat)
        except JournalFailed as failure:
            self.game.pop()
            self._save_failed(failure)
            return 2
        self.entered_by.append(seat)
        important = self.rules_of_play.important(events)
        self.tell(self._from(self.messages.announce(events), seat), important=important)
        self._publish(tuple(events), by=seat)
        return None

    def _from(self, line: str, seat: str | None) -> str:
        """An announcement, with the seat that sent the entry named at its end."""
        if seat is None or self.seating is None:
            return line
        return line + " " + self.seating.sent_by(seat)

    def _publish(self, events: tuple[EventT, ...], undone: EntryT | None = None,
                 by: str | None = None) -> None:
        """Give listeners what happened, with the players, rules and state it left; for an
        undo, ``undone`` is the entry taken back; ``by`` the seat that sent it."""
        if not self.listeners:
            return
        history = tuple(self.game.entry_texts()) if self.game.finished and undone is None \
            else ()
        notice = Notice(self.game.kind, self.game.players, self.game.rules, events,
                        self.game.state, undone=undone is not None, entry=undone,
                        history=history, by=by)
        for listener in self.listeners:
            listener.hear(notice)

    def _save_failed(self, failure: JournalFailed) -> None:
        why = store_error_sentence(failure.reason, failure.data, failure.path, self.messages.c)
        self.tell(self.sentences["save-failed"] + " " + why)

    def _help(self) -> str:
        """The game's help; at game over it also names the export of the paper score sheet,
        in print and in Braille, since that is what a table does next with a finished game."""
        text: str = self.messages.help()
        if self.seating is not None:
            text += " " + self.seating.help()
        if self.game.finished and self.game_id is not None:
            text += " " + self.messages.c.gettext(
                "For the score sheet on paper, run tutto-tally export {game} --format md, or "
                "--format brf for Braille on an embosser or a notetaker.", game=self.game_id)
        return text

    def command(self, command: Command) -> int | None:
        """The loop's own commands; a game's own (``deck``, ``sheet``...) go to its messages."""
        m, name = self.messages, command.name
        if name not in TABLE_COMMANDS:
            try:
                self.tell(self.slowly(lambda: m.command(command)), remember=False)
            except EntryError as error:
                self.tell(m.error(error), remember=False)
            return None
        if name == "quit":
            self.tell(self.sentences[self._leaving("quit")])
            return 0
        if name == "undo":
            return self.undo()
        if name == "repeat":
            self.tell(self.last or m.status(), remember=False)
        elif name == "help":
            self.tell(self._help(), remember=False)
        elif name == "scores":
            self.tell(m.scores(), remember=False)
        elif name == "status":
            self.tell(m.status(), remember=False)
        return None

    def undo(self, seat: str | None = None) -> int | None:
        """Take back the latest entry (``seat``: sent from that seat's device, judged to be
        its own); EntryError nothing-to-undo changes nothing."""
        was_over = self.game.finished
        entry = self.game.pop()  # raises nothing-to-undo before the journal is touched
        try:
            if self.journal is not None:  # the undo and the game running again: one write
                if seat is None:
                    self.journal.append_undo(reopens=was_over)
                else:
                    self.journal.append_undo(reopens=was_over, seat=seat)
        except JournalFailed as failure:
            self.game.push(entry)
            self._save_failed(failure)
            return 2
        if self.entered_by:
            self.entered_by.pop()
        # After the pop the state is the one in which the undone entry was made.
        self.tell(self._from(self.messages.undone(entry, self.game.state.seat), seat))
        self._publish((), undone=entry, by=seat)
        return None
