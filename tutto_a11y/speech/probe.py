"""Whether speech can work here, and why not: the reasons every part of speech reports.

How "no engine works" is detected (:func:`speech_available`, a few milliseconds, no
synthesis): pyttsx3 importable (``importlib.util.find_spec``); on Linux the eSpeak NG shared
library loads (``ctypes``, the names pyttsx3 itself tries); ``aplay`` is on PATH (pyttsx3 plays
through it); and a sound device exists: ``/proc/asound/cards`` listing a card is enough,
otherwise (no card, or no /proc/asound, e.g. only a PulseAudio/PipeWire server or a
container) ``aplay`` plays 10 ms of silence from stdin and must succeed.  Without a device
that fails in about 2 ms; a probe that hangs (more than 2 s) is given the benefit of the doubt.

This module prints nothing.  When speech cannot work, :class:`SpeechUnavailable` carries a
reason code (see :data:`REASONS`) that the caller turns into a translated sentence.
"""

from __future__ import annotations

import ctypes
import importlib.util
import io
import re
import shutil
import subprocess
import sys
import wave
from pathlib import Path

from tutto_a11y.core.problem import Problem

__all__ = ["ENGINES", "REASONS", "SpeechUnavailable", "pyttsx3_problem", "sound_device_problem",
           "speech_available"]

REASONS = (
    "no-espeak",  # the eSpeak NG library is missing
    "no-player",  # no `aplay` on PATH (package alsa-utils)
    "no-device",  # no sound card / sound server that aplay can open
    "no-pyttsx3",  # the pyttsx3 package is not installed
    "no-speechd",  # engine="speechd" but speech-dispatcher is not installed or not running
    "no-speechd-daemon",  # speech-dispatcher is not running and could not be started
    "speechd-stopped",  # speech-dispatcher stopped answering (e.g. its sound server is gone)
    "speechd-no-sound",  # speech-dispatcher answers but cannot play sound (its test is silent)
    "no-voice",  # voice= names a voice the engine does not have
    "engine-failed",  # the engine started but failed (or its worker died)
)
"""Every ``SpeechUnavailable.reason`` / ``Speaker.failed`` code, for the caller's translations."""

ENGINES = ("pyttsx3", "speechd")

_PROBE_TIMEOUT = 2.0
_ESPEAK_LIBRARIES = ("libespeak-ng.so.1", "libespeak.so.1")
_CARD_LINE = re.compile(r"^\s*\d+\s+\[", re.MULTILINE)


class SpeechUnavailable(Problem):
    """Speech cannot work here; ``reason`` is one of :data:`REASONS`.

    ``detail`` is for logs and bug reports only; users get a sentence chosen by ``reason``.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, {"detail": detail},
                         shown=(f"{reason}: {detail}" if detail else reason,))
        self.detail = detail



def speech_available(engine: str = "pyttsx3") -> str | None:
    """None if ``engine`` can speak aloud here, else the reason code.

    Cheap enough to run at every start-up to decide whether speech is on by default.
    """
    if engine == "pyttsx3":
        return pyttsx3_problem(need_player=True)
    if engine == "speechd":
        from tutto_a11y.speech.speechd import daemon_answers, daemon_installed, socket_path

        return None if daemon_installed() or daemon_answers(socket_path()) else "no-speechd"
    raise ValueError(f"unknown speech engine {engine!r}; expected one of {ENGINES}")


def pyttsx3_problem(*, need_player: bool, check_device: bool = True) -> str | None:
    """None if pyttsx3 can work here, else the reason; ``need_player``: it must also play aloud
    (writing sentences to files needs neither a player nor a sound device). Without
    ``check_device`` the sound device is left to :func:`sound_device_problem`, which may have
    to play silence and can be run beside the engine's start."""
    if importlib.util.find_spec("pyttsx3") is None:
        return "no-pyttsx3"
    if not sys.platform.startswith("linux"):
        return None  # pyttsx3 uses the system's own speech there (SAPI5, NSSpeechSynthesizer)
    if not _espeak_library_loads():
        return "no-espeak"
    if not need_player:
        return None
    aplay = shutil.which("aplay")
    if aplay is None:
        return "no-player"
    if check_device and not _sound_device_works(aplay):
        return "no-device"
    return None


def sound_device_problem() -> str | None:
    """``"no-device"`` when aplay finds no sound device to play on, else None (about 2 ms
    without a device; with a sound server and no card listed, as long as aplay takes to play
    10 ms of silence)."""
    aplay = shutil.which("aplay")
    if aplay is None:
        return "no-player"
    return None if _sound_device_works(aplay) else "no-device"


def _espeak_library_loads() -> bool:
    for name in _ESPEAK_LIBRARIES:
        try:
            ctypes.CDLL(name)
        except OSError:
            continue
        return True
    return False


def _sound_device_works(aplay: str) -> bool:
    try:
        cards = Path("/proc/asound/cards").read_text(encoding="utf-8", errors="replace")
    except OSError:
        cards = ""
    if _CARD_LINE.search(cards):
        return True
    # No card listed: a sound server may still be reachable through ALSA's default device.
    try:
        result = subprocess.run(
            [aplay, "-q", "-"],
            input=_silence_wav(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=_PROBE_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return True
    except OSError:
        return False
    return result.returncode == 0


def _silence_wav() -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(b"\0\0" * 220)  # 10 ms
    return buffer.getvalue()

