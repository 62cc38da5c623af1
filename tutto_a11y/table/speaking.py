"""The play loop's voice: speech started beside the game, and its failure said once.

The loop knows a speaker only by what it does; :func:`open_speech` decides whether the game
speaks (asked for, or by default in an interactive terminal where no screen reader already
reads every line) and :class:`SpokenOutput` speaks each line and says in one sentence when
speech stops.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output
from tutto_a11y.text.problems import speech_problem_sentence

if TYPE_CHECKING:  # for the checker only: these load when they are asked for
    from tutto_a11y.speech.speaker import Speaker

__all__ = ["SpokenOutput", "open_speech"]


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
