"""What the play loop is given to write, say and tell: the games file, speech, listeners.

The loop (:mod:`tutto_a11y.table.session`) knows a journal, a speaker and listeners only by what
they do; these adapters join them to the games file, the speech engine and the live view, and
turn their failures into what the loop understands (a :class:`JournalFailed`, one sentence
when speech stops).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.core.contract import GameStatus, PlayedGame
from tutto_a11y.table.session import JournalFailed
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output
from tutto_a11y.text.problems import speech_problem_sentence

if TYPE_CHECKING:  # the live view and speech load only when asked for
    from tutto_a11y.share.sharing import Sharing
    from tutto_a11y.speech.speaker import Speaker
    from tutto_a11y.store.journal import Store

__all__ = ["SpokenOutput", "StoreJournal", "fixed_seat_codes", "open_sharing", "open_speech"]


class StoreJournal:
    """The play loop's journal, written to the games file one transaction per entry."""

    def __init__(self, store: Store, game_id: str, game: PlayedGame | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game  # when given, its statistics are kept as it ends

    def append(self, text: str, *, ends_game: bool = False, seat: str | None = None) -> None:
        """An entry; the one that ends the game marks it finished in the same write, and the
        seat that sent it (``--seats``) is kept with it."""
        self._write(lambda: self.store.append(
            self.game_id, text, GameStatus.FINISHED if ends_game else None, seat))
        if ends_game and self.game is not None:
            from tutto_a11y.reports.stats import keep_finished_game

            keep_finished_game(self.store, self.game_id, self.game)

    def append_undo(self, *, reopens: bool = False, seat: str | None = None) -> None:
        """An undo; undoing the entry that ended the game makes it run again (exports and
        ``games``), in the same write."""
        self._write(lambda: self.store.append_undo(
            self.game_id, GameStatus.RUNNING if reopens else None, seat))

    @staticmethod
    def _write(write: Callable[[], None]) -> None:
        from tutto_a11y.store.errors import StoreError

        try:
            write()
        except StoreError as error:
            raise JournalFailed(error.reason, error.path, error.data) from None


class SpokenOutput:
    """Feeds the speaker and says once, in text, if speech cannot start or stops working.

    The speaker may still be starting (:class:`~tutto_a11y.speech.starting.StartingSpeaker`):
    the first line is printed and handed to it at once, and only then is its start awaited, so
    that a sentence saying speech is off stands after that line and before the first question.
    """

    def __init__(self, speaker: Speaker, output: Output, catalog: Catalog) -> None:
        self.speaker = speaker
        self.output = output
        self.catalog = catalog
        self.warned = False
        self.settled = False

    def say(self, text: str, *, important: bool = False) -> None:
        self.speaker.say(text, important=important)
        self.settle()
        self._check()

    def settle(self) -> None:
        """The engine's start awaited, once; the one sentence if speech could not start."""
        if self.settled:
            return
        self.settled = True
        outcome = getattr(self.speaker, "outcome", None)
        problem = outcome() if outcome is not None else None
        if problem is not None and not self.warned:
            self.warned = True
            self.output.line(self._sentence(problem))

    def _sentence(self, problem: str) -> str:
        from tutto_a11y.speech.starting import FOLDER_PROBLEM

        if problem == FOLDER_PROBLEM:
            return self.catalog.gettext("Speech is off: the folder for the sound files cannot be "
                                        "written. The game goes on in text.")
        return speech_problem_sentence(problem, self.catalog)

    def interrupt(self) -> None:
        self.speaker.interrupt()
        self._check()

    def _check(self) -> None:
        failed = getattr(self.speaker, "failed", None)
        if failed and not self.warned:
            self.warned = True
            self.output.line(speech_problem_sentence(failed, self.catalog))



def open_sharing(address: str | None, code: str | None, catalog: Catalog,
                 store: Store) -> Sharing | None:
    """``--share``: the live view's server, bound before set-up so a problem is said first."""
    if address is None:
        return None
    from tutto_a11y.share.sharing import ShareProblem, start_sharing

    try:
        return start_sharing(address, code, catalog)
    except ShareProblem as problem:
        store.close()
        raise UsageProblem(problem.sentence) from None


def fixed_seat_codes(text: str | None, catalog: Catalog) -> list[tuple[str, str]]:
    """``TUTTO_SEAT_CODES`` ("Anna=12345678,Ben=87654321"), read before the game starts so a
    mistake in it is said at once; UsageProblem in one sentence."""
    if not text:
        return []
    from tutto_a11y.share.seats import BadSeatCodes, read_fixed_codes

    c = catalog
    try:
        return read_fixed_codes(text)
    except BadSeatCodes as bad:
        if bad.reason == "bad-code":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: the code of {name} must be "
                                 "6 to 32 letters or digits.", name=bad.data["name"])
        elif bad.reason == "twice":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: it names {name} twice.",
                                 name=bad.data["name"])
        elif bad.reason == "same-code":
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: two players have the same "
                                 "code.")
        else:
            sentence = c.gettext("TUTTO_SEAT_CODES cannot be used: write it as NAME=CODE, "
                                 "separated by commas, such as Anna=12345678,Ben=87654321.")
        raise UsageProblem(sentence) from None


def open_speech(speech: bool | None, interactive: bool, lang: str, voice: str | None,
                rate: int | None, engine: str, speech_to: str | None, output: Output,
                c: Catalog) -> tuple[SpokenOutput | None, str | None]:
    """Speech on when asked, or by default in an interactive terminal where it works; its
    engine starts in the background (see :class:`SpokenOutput`).

    With the speaker comes the sentence to print just before the opening, when a running
    screen reader keeps the game's own voice quiet (decided now, said with the opening).
    """
    if speech is False:
        return None, None
    if speech is None and not speech_to:
        if not interactive:
            return None, None
        from tutto_a11y.speech.screenreader import running_screen_reader

        reader_name = running_screen_reader()
        if reader_name:  # one voice at a time: the screen reader already reads every line
            return None, c.gettext("The screen reader {name} is running, so tutto-tally does "
                                   "not speak itself; start it with --speech to hear its own "
                                   "speech.", name=reader_name)
    from tutto_a11y.speech.starting import StartingSpeaker

    # Started beside the game: the first line is printed before the engine is ready.
    return SpokenOutput(StartingSpeaker(lang, voice, rate, engine,
                                        Path(speech_to) if speech_to else None), output,
                        c), None
