"""Speech starts beside the game (``speech/starting.py``): the game may end while it starts.

A stub engine stands in for eSpeak NG here, because the test must make the end of the game land
at one exact moment of the start: after the engine is taken, before its voice is read. The real
engines are started in ``test_speech.py`` and ``test_speechd.py``.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tutto_a11y.speech import client
from tutto_a11y.speech.speaker import Speaker
from tutto_a11y.speech.starting import StartingSpeaker


class _Engine(Speaker):
    """An engine that ends the game from inside the first sentence it is handed."""

    def __init__(self) -> None:
        self.voice_id = "de-stub"
        self.failed = None
        self.said: list[str] = []
        self.closed = False
        self.on_first_say: list[StartingSpeaker] = []

    def say(self, text: str, *, important: bool = False) -> None:
        self.said.append(text)
        for starting in self.on_first_say:
            starting.close(wait=False)  # the game ends right now, as the engine is taken
        self.on_first_say.clear()

    def interrupt(self) -> None:
        pass

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        self.closed = True


def test_a_game_that_ends_while_speech_starts_ends_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    engine = _Engine()
    release = threading.Event()

    def open_speaker(lang: str, **_options: object) -> Speaker:
        release.wait(10)
        return engine

    monkeypatch.setattr(client, "open_speaker", open_speaker)
    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    starting = StartingSpeaker("de", engine="speech-dispatcher")
    engine.on_first_say.append(starting)
    starting.say("Neues Spiel für Anna und Ben.")  # waits for the engine
    release.set()
    assert starting.outcome() is None
    starting._thread.join(10)
    assert errors == []  # the start thread ended without an exception (a printed traceback)
    assert engine.said == ["Neues Spiel für Anna und Ben."]  # what waited was said first
    assert engine.closed  # and the engine the game no longer wants is stopped
    assert starting.voice_id == "de-stub"
