"""Speaking announcements out loud, without ever making the player wait.

The printed line is what screen readers and braille displays use; speech is an extra for
players who listen.  Two engines:

* ``"pyttsx3"`` (default): eSpeak NG through pyttsx3, run in a worker process
  (:mod:`tutto_a11y.speech_worker`) so that ``say()`` only writes a line to a pipe.
  A new announcement cuts off the one being spoken, unless that one is important
  (a Tutto, the end of the game): important sentences are always finished first.
* ``"speechd"``: speech-dispatcher, which keeps the user's own voice settings and can
  cancel speech itself; used through the ``speechd`` Python client, else ``spd-say``.

This module prints nothing.  When speech cannot work, :class:`SpeechUnavailable` carries a
reason code (see :data:`REASONS`) that the caller turns into a translated sentence.

How "no engine works" is detected (:func:`speech_available`, a few milliseconds, no
synthesis): pyttsx3 importable (``importlib.util.find_spec``); on Linux the eSpeak NG shared
library loads (``ctypes``, the names pyttsx3 itself tries); ``aplay`` is on PATH (pyttsx3 plays
through it); and a sound device exists: ``/proc/asound/cards`` listing a card is enough,
otherwise (no card, or no /proc/asound, e.g. only a PulseAudio/PipeWire server or a
container) ``aplay`` plays 10 ms of silence from stdin and must succeed.  Without a device
that fails in about 2 ms; a probe that hangs (more than 2 s) is given the benefit of the doubt.
"""

from __future__ import annotations

import ctypes
import importlib.util
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .speech_worker import voices_for
from .spoken import spoken

__all__ = [
    "REASONS",
    "Speaker",
    "SpeechUnavailable",
    "Voice",
    "list_voices",
    "open_speaker",
    "speech_available",
]

REASONS = (
    "no-espeak",  # the eSpeak NG library is missing
    "no-player",  # no `aplay` on PATH (package alsa-utils)
    "no-device",  # no sound card / sound server that aplay can open
    "no-pyttsx3",  # the pyttsx3 package is not installed
    "no-speechd",  # engine="speechd" but speech-dispatcher is not installed or not running
    "no-voice",  # voice= names a voice the engine does not have
    "engine-failed",  # the engine started but failed (or its worker died)
)
"""Every ``SpeechUnavailable.reason`` / ``Speaker.failed`` code, for the caller's translations."""

ENGINES = ("pyttsx3", "speechd")

# Start-up of the worker includes Python, pyttsx3 and eSpeak NG; normally ~0.1 s.
_START_TIMEOUT = 10.0
_PROBE_TIMEOUT = 2.0
_ESPEAK_LIBRARIES = ("libespeak-ng.so.1", "libespeak.so.1")
_CARD_LINE = re.compile(r"^\s*\d+\s+\[", re.MULTILINE)


class SpeechUnavailable(Exception):
    """Speech cannot work here; ``reason`` is one of :data:`REASONS`.

    ``detail`` is for logs and bug reports only; users get a sentence chosen by ``reason``.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Voice:
    """A voice the engine offers; ``id`` is what ``open_speaker(voice=...)`` takes."""

    id: str
    name: str
    languages: tuple[str, ...]


# --------------------------------------------------------------------------- availability


def speech_available(engine: str = "pyttsx3") -> str | None:
    """None if ``engine`` can speak aloud here, else the reason code.

    Cheap enough to run at every start-up to decide whether speech is on by default.
    """
    if engine == "pyttsx3":
        return _pyttsx3_problem(need_player=True)
    if engine == "speechd":
        return None if _speechd_kind() else "no-speechd"
    raise ValueError(f"unknown speech engine {engine!r}; expected one of {ENGINES}")


def _pyttsx3_problem(*, need_player: bool) -> str | None:
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
    if not _sound_device_works(aplay):
        return "no-device"
    return None


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


def _speechd_kind() -> str | None:
    """'module' for the speechd Python client, 'spd-say' for the command, else None."""
    if importlib.util.find_spec("speechd") is not None:
        return "module"
    if shutil.which("spd-say"):
        return "spd-say"
    return None


# --------------------------------------------------------------------------- speakers


class Speaker:
    """Speaks announcements in the background; the game loop only ever calls :meth:`say`.

    ``voice_id`` is the voice actually chosen.  ``failed`` becomes a reason code when the
    engine dies after it started: ``say()`` then silently does nothing, so the caller can warn
    once instead of crashing in the middle of a game.
    """

    voice_id: str
    failed: str | None

    def say(self, text: str, *, important: bool = False) -> None:
        """Speak ``text`` (the printed announcement) without waiting for it.

        It cuts off what is being said unless that is important; ``important=True`` marks a
        sentence that must be heard to the end (a Tutto, the end of the game).
        """
        raise NotImplementedError

    def interrupt(self) -> None:
        """Stop what is being said (unless important) and forget what is waiting."""
        raise NotImplementedError

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        """Finish queued speech for at most ``timeout`` seconds (``wait``), then stop.

        Call it when the program ends, so the last important sentence is heard.
        """
        raise NotImplementedError

    def __enter__(self) -> Speaker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close(wait=exc_info[0] is None)


class _WorkerSpeaker(Speaker):
    """pyttsx3 in a worker process, fed one JSON line per announcement."""

    def __init__(self, lang: str, proc: subprocess.Popen[str]) -> None:
        self.lang = lang
        self.voice_id = ""
        self.failed = None
        self.failure_detail = ""
        self._proc = proc
        self._stdin: IO[str] = proc.stdin  # type: ignore[assignment]
        self._lock = threading.Lock()
        self._next_id = 0
        self._closing = False
        self._said_bye = False
        self._ready = threading.Event()
        self._start_error: tuple[str, str] | None = None
        self._reader = threading.Thread(target=self._read_events, daemon=True)
        self._reader.start()

    # start-up -------------------------------------------------------------------------
    def _wait_ready(self) -> None:
        if not self._ready.wait(_START_TIMEOUT):
            self._stop_worker()
            raise SpeechUnavailable("engine-failed", "the speech worker did not start in time")
        if self._start_error is not None:
            self._stop_worker()
            raise SpeechUnavailable(*self._start_error)

    def _read_events(self) -> None:
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            for line in stdout:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                kind = event.get("ev")
                if kind == "bye":
                    self._said_bye = True
                elif kind == "ready":
                    self.voice_id = str(event.get("voice", ""))
                    self._ready.set()
                elif kind == "error":
                    reason = str(event.get("reason", "engine-failed"))
                    detail = str(event.get("detail", ""))
                    if self._ready.is_set():
                        self._fail(reason, detail)
                    else:
                        self._start_error = (reason, detail)
        except (OSError, ValueError):
            pass
        if not self._ready.is_set():
            self._start_error = self._start_error or ("engine-failed", "the speech worker exited")
            self._ready.set()
        elif not (self._closing or self._said_bye):
            self._fail("engine-failed", "the speech worker exited")

    def _fail(self, reason: str, detail: str) -> None:
        if self.failed is None:
            self.failed = reason
            self.failure_detail = detail

    # the game's calls ----------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        with self._lock:
            if self._closing or self.failed is not None:
                return
            if message["op"] == "close":
                self._closing = True  # before the worker can exit, so its exit is no failure
            try:
                self._stdin.write(json.dumps(message) + "\n")
                self._stdin.flush()
            except (OSError, ValueError) as exc:
                if not self._closing:
                    self._fail("engine-failed", f"{type(exc).__name__}: {exc}")

    def say(self, text: str, *, important: bool = False) -> None:
        text = spoken(text, self.lang).strip()
        if not text:
            return
        self._next_id += 1
        self._send({"op": "say", "id": self._next_id, "text": text, "important": important})

    def interrupt(self) -> None:
        self._send({"op": "interrupt"})

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        if wait and self._proc.poll() is None and not self._closing:
            self._send({"op": "close"})
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        with self._lock:
            self._closing = True
        self._stop_worker()

    def _stop_worker(self) -> None:
        """End of input stops the worker and its player; SIGKILL the group if it lingers."""
        self._closing = True
        try:
            self._stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self._proc.wait(1.0)
        except subprocess.TimeoutExpired:
            _kill_group(self._proc)
        if self._reader is not threading.current_thread():
            self._reader.join(1.0)
        if self._proc.stdout is not None:
            self._proc.stdout.close()


def _kill_group(proc: subprocess.Popen[str]) -> None:
    try:
        if hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)  # the worker leads its own group
        else:
            proc.kill()
    except OSError:
        pass
    proc.wait()


def _start_worker(args: Sequence[str]) -> subprocess.Popen[str]:
    """Run ``python -m tutto_a11y.speech_worker ARGS`` in its own session.

    Own session: Ctrl+C in the terminal does not reach it (the game decides when speech
    stops) and its player can be stopped by signalling its process group.  Its stderr is
    /dev/null so nothing it prints reaches the user's terminal.
    """
    package_parent = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH")) if p)
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", f"{__package__}.speech_worker", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        encoding="utf-8",
        start_new_session=True,
        close_fds=True,
    )


class _SpeechdSpeaker(Speaker):
    """speech-dispatcher: it queues, prioritises and cancels speech itself.

    With the ``speechd`` client two connections are used, so that cancelling the ordinary
    announcements (``cancel()`` only affects our own connection) never cuts off an important
    one, which is sent with SSIP priority ``important``.  With only ``spd-say``, each message
    is a separate command; ``spd-say --cancel`` cancels every client's speech, so it is only
    used when none of our important sentences is still being spoken.
    """

    def __init__(self, lang: str, voice: str | None, rate: int | None) -> None:
        self.lang = lang
        self.voice_id = voice or f"speechd:{lang}"
        self.failed = None
        self.failure_detail = ""
        self._voice = voice
        self._rate = None if rate is None else max(-100, min(100, round((rate - 175) / 2.25)))
        self._lock = threading.Lock()
        self._pending = 0  # our messages not yet ended or cancelled (client mode)
        self._idle = threading.Condition(self._lock)
        self._important_procs: list[subprocess.Popen[bytes]] = []
        self._ordinary: Any = None
        self._important: Any = None
        kind = _speechd_kind()
        if kind is None:
            raise SpeechUnavailable("no-speechd")
        self._kind = kind
        if kind == "module":
            self._connect()

    def _connect(self) -> None:
        try:
            import speechd

            self._ordinary = speechd.SSIPClient("tutto-tally", component="announcements")
            self._important = speechd.SSIPClient("tutto-tally", component="important")
            for client, priority in (
                (self._ordinary, speechd.Priority.TEXT),
                (self._important, speechd.Priority.IMPORTANT),
            ):
                client.set_priority(priority)
                client.set_language(self.lang)
                if self._voice:
                    client.set_synthesis_voice(self._voice)
                if self._rate is not None:
                    client.set_rate(self._rate)
        except Exception as exc:  # SpawnError, SSIPCommunicationError, socket errors
            self._close_clients()
            raise SpeechUnavailable("no-speechd", f"{type(exc).__name__}: {exc}") from exc

    def _on_event(self, *args: object, **kwargs: object) -> None:
        with self._idle:
            self._pending = max(0, self._pending - 1)
            self._idle.notify_all()

    def say(self, text: str, *, important: bool = False) -> None:
        text = spoken(text, self.lang).strip()
        if not text or self.failed is not None:
            return
        try:
            if self._kind == "module":
                self._say_client(text, important)
            else:
                self._say_command(text, important)
        except Exception as exc:
            self.failed = "engine-failed"
            self.failure_detail = f"{type(exc).__name__}: {exc}"

    def _say_client(self, text: str, important: bool) -> None:
        import speechd

        self._ordinary.cancel()
        client = self._important if important else self._ordinary
        with self._idle:
            self._pending += 1
        client.speak(
            text,
            callback=self._on_event,
            event_types=(speechd.CallbackType.END, speechd.CallbackType.CANCEL),
        )

    def _spd_say(self, *options: str) -> list[str]:
        command = ["spd-say", "-N", "tutto-tally", "-l", self.lang]
        if self._voice:
            command += ["-y", self._voice]
        if self._rate is not None:
            command += ["-r", str(self._rate)]
        return command + list(options)

    def _say_command(self, text: str, important: bool) -> None:
        with self._lock:
            self._important_procs = [p for p in self._important_procs if p.poll() is None]
            important_running = bool(self._important_procs)
        if not important_running:
            subprocess.run(["spd-say", "--cancel"], capture_output=True, timeout=2.0, check=False)
        if important:
            proc = subprocess.Popen(
                self._spd_say("--wait", "-P", "important", "--", text),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            with self._lock:
                self._important_procs.append(proc)
        else:
            subprocess.Popen(
                self._spd_say("-P", "text", "--", text),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

    def interrupt(self) -> None:
        try:
            if self._kind == "module":
                self._ordinary.cancel()
            elif not any(p.poll() is None for p in self._important_procs):
                cancel = ["spd-say", "--cancel"]
                subprocess.run(cancel, capture_output=True, timeout=2.0, check=False)
        except Exception:
            pass

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        if self._kind == "module":
            if wait:
                with self._idle:
                    self._idle.wait_for(lambda: self._pending == 0, timeout)
            self._close_clients()
        else:
            for proc in self._important_procs:
                try:
                    proc.wait(timeout if wait else 0)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()

    def _close_clients(self) -> None:
        for client in (self._ordinary, self._important):
            if client is None:
                continue
            try:
                client.cancel()
                client.close()
            except Exception:
                pass
        self._ordinary = self._important = None


# --------------------------------------------------------------------------- public functions


def open_speaker(
    lang: str,
    *,
    voice: str | None = None,
    rate: int | None = None,
    engine: str = "pyttsx3",
    speech_to: Path | None = None,
) -> Speaker:
    """Start speech for a game in ``lang`` ('de', 'fr', 'en'); raises :class:`SpeechUnavailable`.

    ``voice`` picks an engine voice id instead of the language's default, ``rate`` is in words
    per minute.  ``speech_to=DIR`` writes each announcement to DIR/0001.wav, 0002.wav, ...
    instead of playing it, and never drops one (for checking voices, and for tests); it needs
    neither a player nor a sound device.  The call returns once the engine is ready
    (about 0.1 s for pyttsx3).
    """
    if engine == "speechd":
        if speech_to is not None:
            raise ValueError("speech_to is only supported by the pyttsx3 engine")
        return _SpeechdSpeaker(lang, voice, rate)
    if engine != "pyttsx3":
        raise ValueError(f"unknown speech engine {engine!r}; expected one of {ENGINES}")
    problem = _pyttsx3_problem(need_player=speech_to is None)
    if problem is not None:
        raise SpeechUnavailable(problem)
    config: dict[str, Any] = {"lang": lang, "voice": voice, "rate": rate}
    if speech_to is not None:
        speech_to = Path(speech_to)
        speech_to.mkdir(parents=True, exist_ok=True)
        config["speech_to"] = str(speech_to.resolve())
    try:
        proc = _start_worker(["serve", json.dumps(config)])
    except OSError as exc:
        raise SpeechUnavailable("engine-failed", str(exc)) from exc
    speaker = _WorkerSpeaker(lang, proc)
    speaker._wait_ready()
    return speaker


def list_voices(lang: str | None = None) -> list[Voice]:
    """The pyttsx3/eSpeak NG voices, or those speaking ``lang`` (best match first).

    For ``tutto-tally voices --lang de``.  Raises :class:`SpeechUnavailable` when the engine
    cannot start.  Takes about 0.1 s (it asks a short-lived worker process).
    """
    problem = _pyttsx3_problem(need_player=False)
    if problem is not None:
        raise SpeechUnavailable(problem)
    proc = _start_worker(["list-voices"])
    try:
        output, _ = proc.communicate(timeout=_START_TIMEOUT)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise SpeechUnavailable("engine-failed", "listing voices timed out") from None
    voices: list[dict[str, Any]] | None = None
    for line in output.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("ev") == "voices":
            voices = list(event.get("voices", []))
        elif event.get("ev") == "error":
            raise SpeechUnavailable(str(event.get("reason")), str(event.get("detail", "")))
    if voices is None:
        raise SpeechUnavailable("engine-failed", "the voice list was empty")
    if lang is not None:
        voices = voices_for(voices, lang)
    return [Voice(str(v["id"]), str(v["name"]), tuple(v.get("languages", ()))) for v in voices]
