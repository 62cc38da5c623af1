"""Speaking announcements out loud, without ever making the player wait: the way in.

The printed line is what screen readers and braille displays use; speech is an extra for
players who listen.  Two engines, each a :class:`~tutto_a11y.speech.speaker.Speaker`:

* ``"pyttsx3"`` (default): eSpeak NG through pyttsx3, run in a worker process
  (:mod:`tutto_a11y.speech.pyttsx3_speaker`).
* ``"speechd"``: speech-dispatcher, which keeps the user's own voice settings
  (:mod:`tutto_a11y.speech.speechd_speaker`).

Whether an engine can work at all, and the reasons it cannot, are in
:mod:`tutto_a11y.speech.probe`.  This module only picks the engine the player asked for.
"""

from __future__ import annotations

from pathlib import Path

from tutto_a11y.speech import pyttsx3_speaker, speechd_speaker
from tutto_a11y.speech.probe import ENGINES
from tutto_a11y.speech.speaker import Speaker, Voice

__all__ = ["list_voices", "open_speaker"]


def open_speaker(
    lang: str,
    *,
    voice: str | None = None,
    rate: int | None = None,
    engine: str = "pyttsx3",
    speech_to: Path | None = None,
) -> Speaker:
    """Start speech for a game in ``lang`` ('de', 'fr', 'en'); raises
    :class:`~tutto_a11y.speech.probe.SpeechUnavailable`.

    ``voice`` picks an engine voice id instead of the language's default, ``rate`` is in words
    per minute.  ``speech_to=DIR`` writes each announcement to DIR/0001.wav, 0002.wav, ...
    instead of playing it, and never drops one (for checking voices, and for tests); it needs
    neither a player nor a sound device.  The call returns once the engine is ready
    (about 0.1 s for pyttsx3).
    """
    if engine == "speechd":
        if speech_to is not None:
            raise ValueError("speech_to is only supported by the pyttsx3 engine")
        return speechd_speaker.open_speaker(lang, voice, rate)
    if engine != "pyttsx3":
        raise ValueError(f"unknown speech engine {engine!r}; expected one of {ENGINES}")
    return pyttsx3_speaker.open_speaker(lang, voice, rate, speech_to)


def list_voices(lang: str | None = None, engine: str = "pyttsx3") -> list[Voice]:
    """The engine's voices, or those speaking ``lang`` (best match first).

    For ``tutto-tally voices --lang de``.  Raises :class:`SpeechUnavailable` when the engine
    cannot start.  Takes about 0.1 s (it asks a short-lived worker process, or the daemon).
    """
    if engine == "speechd":
        return speechd_speaker.list_voices(lang)
    return pyttsx3_speaker.list_voices(lang)
