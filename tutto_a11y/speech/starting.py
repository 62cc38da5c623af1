"""Speech that starts beside the game: the first line is printed before the engine is ready.

Why: starting an engine takes its time (the pyttsx3 worker's Python, pyttsx3 and eSpeak NG,
about 0.1 s; the check of the sound device, which may play silence through aplay for as long
again), and the player should not wait for it to see the game. So the engine is started in a
thread as soon as the game starts; a sentence said before it is ready waits (for pyttsx3 in
the worker's own pipe, from the moment the worker exists) and is spoken as soon as it can be.
:meth:`StartingSpeaker.outcome` waits for the start and tells whether speech works, so that the
one sentence saying why it does not is printed before the first question.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from tutto_a11y.speech.probe import SpeechUnavailable
from tutto_a11y.speech.speaker import Speaker

__all__ = ["FOLDER_PROBLEM", "StartingSpeaker"]

#: The reason when the ``--speech-to`` folder cannot be made (not a speech engine's reason).
FOLDER_PROBLEM = "speech-to-folder"


class StartingSpeaker(Speaker):
    """A :class:`Speaker` whose engine is still starting in a thread; it speaks once it can."""

    def __init__(self, lang: str, voice: str | None = None, rate: int | None = None,
                 engine: str = "pyttsx3", speech_to: Path | None = None) -> None:
        self.lang = lang
        self.voice_id = ""
        self.problem: str | None = None  # why speech could not start
        self._speaker: Speaker | None = None
        # Said before the engine existed, each with whether it is important.
        self._waiting: list[tuple[bool, Callable[[Speaker], None]]] = []
        self._closed = False
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._start, args=(voice, rate, engine,
                                                                   speech_to), daemon=True)
        self._thread.start()

    def _start(self, voice: str | None, rate: int | None, engine: str,
               speech_to: Path | None) -> None:
        try:
            if engine == "pyttsx3":
                from tutto_a11y.speech import pyttsx3_speaker

                worker = pyttsx3_speaker.start_speaker(self.lang, voice, rate, speech_to)
                self._take(worker)  # its pipe holds what is said until it is ready
                pyttsx3_speaker.finish_start(worker, need_device=speech_to is None)
                started: Speaker = worker
            else:
                from tutto_a11y.speech.client import open_speaker

                started = open_speaker(self.lang, voice=voice, rate=rate, engine=engine,
                                       speech_to=speech_to)
                self._take(started)
        except SpeechUnavailable as problem:
            self._fail(problem.reason)
        except OSError:  # the --speech-to folder cannot be made
            self._fail(FOLDER_PROBLEM)
        else:
            # The engine it started, not ``_speaker``: the game may have closed meanwhile.
            self.voice_id = started.voice_id
        finally:
            self._done.set()

    def _take(self, speaker: Speaker) -> None:
        with self._lock:
            if self._closed:  # the game ended while the engine started
                speaker.close(wait=False)
                raise SpeechUnavailable("engine-failed", "closed while starting")
            self._speaker = speaker
            waiting, self._waiting = self._waiting, []
        for _important, call in waiting:
            call(speaker)

    def _fail(self, reason: str) -> None:
        with self._lock:
            self.problem = reason
            self._speaker = None
            self._waiting = []

    def outcome(self) -> str | None:
        """Waits for the engine's start: None when it speaks, else the reason it cannot."""
        self._done.wait()
        return self.problem

    @property
    def failed(self) -> str | None:  # type: ignore[override]  # read-only here: the engine's
        """Why speech stopped after it had started (the engine's own ``failed``)."""
        speaker = self._speaker
        return None if speaker is None else speaker.failed

    def say(self, text: str, *, important: bool = False) -> None:
        with self._lock:
            speaker = self._speaker
            if speaker is None:
                if not self._done.is_set():
                    self._waiting.append(
                        (important, lambda s: s.say(text, important=important)))
                return
        speaker.say(text, important=important)

    def interrupt(self) -> None:
        with self._lock:
            speaker = self._speaker
            if speaker is None:  # nothing is said yet: what waits is forgotten, unless important
                self._waiting = [(True, call) for important, call in self._waiting if important]
                return
        speaker.interrupt()

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        self._done.wait(timeout if wait else 0.0)
        with self._lock:
            self._closed = True
            speaker, self._speaker = self._speaker, None
            self._waiting = []
        if speaker is not None:
            speaker.close(wait=wait, timeout=timeout)
