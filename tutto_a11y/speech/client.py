"""Speaking announcements out loud, without ever making the player wait.

The printed line is what screen readers and braille displays use; speech is an extra for
players who listen.  Two engines:

* ``"pyttsx3"`` (default): eSpeak NG through pyttsx3, run in a worker process
  (:mod:`tutto_a11y.speech.worker`) so that ``say()`` only writes a line to a pipe.
  A new announcement cuts off the one being spoken, unless that one is important
  (a Tutto, the end of the game): important sentences are always finished first.
* ``"speechd"``: speech-dispatcher, which keeps the user's own voice settings; spoken to
  through our own SSIP client (:mod:`tutto_a11y.speech.speechd`) from a background thread.

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
import time
import wave
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from tutto_a11y.speech.spoken import spoken
from tutto_a11y.speech.worker import voices_for

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
    "no-speechd-daemon",  # speech-dispatcher is not running and could not be started
    "speechd-stopped",  # speech-dispatcher stopped answering (e.g. its sound server is gone)
    "speechd-no-sound",  # speech-dispatcher answers but cannot play sound (its test is silent)
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
# speech-dispatcher: connecting may start the daemon (up to 3 s); leaving takes at most this.
_SPEECHD_START_TIMEOUT = 12.0
_SOUND_TEST_WAIT = 2.0
"""Seconds the silent test sentence at start may take to end; its voice module may be starting."""
_SPEECHD_CLOSE_WAIT = 0.8
# How long to wait for our cancelled sentence to stop before the next one is sent.
_CANCEL_WAIT = 0.5
# Important sentences waiting behind each other (a Tutto, the final round, the game's end).
_IMPORTANT_QUEUE = 8
# The longest an important sentence may hold back the next one: this plus 0.15 s a character
# (eSpeak NG at its default rate says about 14 characters a second).
_IMPORTANT_LIMIT = 3.0
# A notification the daemon dropped at once is tried this often in all, this long apart.
_NOTIFICATION_TRIES = 3
_RETRY_PAUSE = 0.15


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
        from tutto_a11y.speech.speechd import daemon_answers, daemon_installed, socket_path

        return None if daemon_installed() or daemon_answers(socket_path()) else "no-speechd"
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
                        self._fail(reason)
                    else:
                        self._start_error = (reason, detail)
        except (OSError, ValueError):
            pass
        if not self._ready.is_set():
            self._start_error = self._start_error or ("engine-failed", "the speech worker exited")
            self._ready.set()
        elif not (self._closing or self._said_bye):
            self._fail("engine-failed")  # the speech worker exited

    def _fail(self, reason: str) -> None:
        if self.failed is None:
            self.failed = reason

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
            except (OSError, ValueError):
                if not self._closing:
                    self._fail("engine-failed")

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
    """Run ``python -m tutto_a11y.speech.worker ARGS`` in its own session.

    Own session: Ctrl+C in the terminal does not reach it (the game decides when speech
    stops) and its player can be stopped by signalling its process group.  Its stderr is
    /dev/null so nothing it prints reaches the user's terminal.
    """
    package_parent = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH")) if p)
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", f"{__package__}.worker", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        encoding="utf-8",
        start_new_session=True,
        close_fds=True,
    )


@dataclass
class _Sent:
    """One of our sentences that the daemon has: what it is and what became of it."""

    id: int
    text: str
    important: bool
    until: float  # an important sentence holds back the next one at most until then
    begun: bool = False
    tries: int = 1


class _SpeechdSpeaker(Speaker):
    """speech-dispatcher through our own SSIP connection, driven by a background thread.

    The game's calls only change a small queue under a lock; every exchange with the daemon
    happens in the thread, bounded by :data:`speechd.TIMEOUT`, so a daemon that hangs (it
    can deadlock when its sound server is gone) never delays an entry.  On the first failure
    ``failed`` becomes ``"speechd-stopped"`` and the game goes on in text.

    Priorities, chosen so that the user's screen reader keeps working: ordinary
    announcements use ``notification`` (they never interrupt another program; while another
    program speaks they are dropped, the line is printed anyway); important ones (a Tutto,
    the end of the game) use ``message`` (they wait for other programs' ``message`` and
    ``important`` speech and are always said to the end).  Only our own speech is ever
    cancelled (``CANCEL SELF``).  One connection stays open for the whole game, so a daemon
    that quits when idle does not have to start again for every entry.
    """

    def __init__(self, lang: str, voice: str | None, rate: int | None) -> None:
        self.lang = lang
        self.voice_id = voice or ""
        self.failed = None
        self._voice = voice
        self._rate = None if rate is None else max(-100, min(100, round((rate - 175) / 2.25)))
        self._cond = threading.Condition()
        self._important: deque[str] = deque(maxlen=_IMPORTANT_QUEUE)
        self._ordinary: str | None = None  # only the latest waiting announcement is kept
        self._ordinary_tries = 1
        self._not_before = 0.0  # when a dropped announcement may be tried again
        self._cancel = False
        self._cancel_sent = False  # our CANCEL SELF is on its way: its 'cancel' is no drop
        self._closing = False
        self._current: _Sent | None = None  # our sentence being said (or waiting in the daemon)
        self._events: dict[int, set[str]] = {}  # events that came before speak() returned
        self._ready = threading.Event()
        self._start_error: tuple[str, str] | None = None
        self._connection: Any = None
        self._thread = threading.Thread(target=self._run, name="speechd-speaker", daemon=True)
        self._thread.start()

    # start-up ---------------------------------------------------------------------------
    def _wait_ready(self) -> None:
        if not self._ready.wait(_SPEECHD_START_TIMEOUT):
            self._fail("speechd-stopped")  # speech-dispatcher did not answer in time
            raise SpeechUnavailable("speechd-stopped", "speech-dispatcher did not answer")
        if self._start_error is not None:
            raise SpeechUnavailable(*self._start_error)

    def _open(self) -> Any:
        from tutto_a11y.speech import speechd

        try:
            connection = speechd.connect("announcements", self._on_event)
        except speechd.SSIPError as error:
            reason = "no-speechd-daemon" if error.reason == "no-daemon" else "speechd-stopped"
            raise SpeechUnavailable(reason, error.detail) from None
        try:
            connection.set("NOTIFICATION", "ALL on")
            connection.set("LANGUAGE", self.lang)
            if self._rate is not None:
                connection.set("RATE", self._rate)
            if self._voice:
                names = {v.name.lower(): v.name for v in connection.voices()}
                if self._voice.lower() not in names:
                    connection.close()
                    raise SpeechUnavailable("no-voice", self._voice)
                self.voice_id = names[self._voice.lower()]
                connection.set("SYNTHESIS_VOICE", self.voice_id)
            self._test_sound(connection)
        except speechd.SSIPError as error:
            connection.close()
            raise SpeechUnavailable("speechd-stopped", str(error)) from None
        return connection

    def _test_sound(self, connection: Any) -> None:
        """A silent test sentence (one blank) tells whether the daemon can play sound at all.

        A daemon whose output module cannot open the sound server still answers every command
        and says its sentences begin, but none ever ends: without this test the player would
        hear nothing and read nothing about it. A sentence that ends (or is dropped because
        another program speaks, as notifications are) is fine; one that begins and does not end
        within :data:`_SOUND_TEST_WAIT` means no sound, said once at the start.
        """
        connection.set("PRIORITY", "notification")
        message_id = connection.speak(" ")
        with self._cond:
            self._cond.wait_for(lambda: bool(self._events.get(message_id, set())
                                              & {"end", "cancel"}), _SOUND_TEST_WAIT)
            seen = self._events.pop(message_id, set())
        if "begin" in seen and not seen & {"end", "cancel"}:
            connection.close()
            raise SpeechUnavailable("speechd-no-sound", "a test sentence began and never ended")

    # events from the daemon (reader thread) ---------------------------------------------
    def _on_event(self, name: str, message_id: int) -> None:
        with self._cond:
            current = self._current
            if current is None or current.id != message_id:
                seen = self._events.setdefault(message_id, set())
                seen.add(name)
                while len(self._events) > 16:
                    del self._events[next(iter(self._events))]
                self._cond.notify_all()  # the sound test at start waits for these
                return
            self._settle(current, {name})

    def _settle(self, sent: _Sent, events: set[str]) -> None:
        """Apply the daemon's events to our current sentence (lock held)."""
        if "begin" in events:
            sent.begun = True
        if not events & {"end", "cancel"}:
            return
        self._current = None
        dropped = "cancel" in events and not sent.begun and not self._cancel_sent
        if dropped and not sent.important and self._ordinary is None and \
                sent.tries < _NOTIFICATION_TRIES:
            # Dropped because something was still sounding, often our own cancelled
            # sentence fading out: try again shortly (another program speaking wins again).
            self._ordinary = sent.text
            self._ordinary_tries = sent.tries + 1
            self._not_before = time.monotonic() + _RETRY_PAUSE
        self._cond.notify_all()

    # the background thread --------------------------------------------------------------
    def _run(self) -> None:
        from tutto_a11y.speech import speechd

        try:
            self._connection = self._open()
        except SpeechUnavailable as problem:
            self._start_error = (problem.reason, problem.detail)
            self._ready.set()
            return
        self._ready.set()
        try:
            while self._step():
                pass
        except speechd.SSIPError:
            self._fail("speechd-stopped")
        finally:
            self._connection.close()

    def _step(self) -> bool:
        """Do the next exchange with the daemon; False once closed."""
        from tutto_a11y.speech import speechd

        connection = self._connection
        with self._cond:
            while not self._has_work():
                self._cond.wait(self._wait_limit())
            if self._closing:
                return self._flush()
            current = self._current
            if current is not None:  # an ordinary sentence, to be cut off
                self._cancel = False
                self._cancel_sent = True
            else:
                self._cancel = False  # a cut-off asked for earlier is not meant for this one
                if self._important:
                    text, important, tries = self._important.popleft(), True, 1
                else:
                    text, important, tries = self._ordinary or "", False, self._ordinary_tries
                    self._ordinary = None
        if current is not None:
            connection.command("CANCEL SELF")
            with self._cond:
                stopped = self._cond.wait_for(lambda: self._current is not current,
                                              _CANCEL_WAIT)
                self._cancel_sent = False
            if not stopped:
                # A healthy daemon confirms a cancel in milliseconds; one whose sound server is
                # gone never does, and its next command would hang.
                raise speechd.SSIPError("timeout", "a cancelled sentence did not stop")
            return True
        connection.set("PRIORITY", "message" if important else "notification")
        message_id = connection.speak(text)
        with self._cond:
            limit = _IMPORTANT_LIMIT + 0.15 * len(text)
            sent = _Sent(message_id, text, important, time.monotonic() + limit, tries=tries)
            self._current = sent
            self._settle(sent, self._events.pop(message_id, set()))
        return True

    def _wait_limit(self) -> float | None:
        now = time.monotonic()
        if self._current is not None and self._current.important:
            return max(0.0, self._current.until - now)
        if self._current is None and self._ordinary is not None and self._not_before > now:
            return self._not_before - now
        return None

    def _has_work(self) -> bool:
        if self._closing:
            return True
        current = self._current
        if current is not None and current.important and time.monotonic() >= current.until:
            self._current = current = None  # no end came: a daemon without sound says 'begin' only
        if current is not None:
            if current.important:
                return False  # an important sentence is always said to the end
            return self._cancel or self._ordinary is not None or bool(self._important)
        if self._important:
            return True
        return self._ordinary is not None and time.monotonic() >= self._not_before

    def _flush(self) -> bool:
        """At the end: hand what is still waiting to the daemon, which says it after we left.

        Called with the lock held; the sends are bounded by the SSIP timeout.
        """
        texts = list(self._important)
        if self._ordinary is not None:
            texts.append(self._ordinary)
        self._important.clear()
        self._ordinary = None
        current = self._current
        behind = current is not None and current.important
        connection = self._connection
        self._cond.release()
        try:
            if current is not None and not behind:
                connection.command("CANCEL SELF")
            if texts:
                # 'message' waits behind our own sentence, and is not dropped while our cut-off
                # one fades out; a notification would be.  When ours was sounding, no other
                # program was (our notifications give way), so this cuts off nobody else.
                connection.set("PRIORITY", "message" if current is not None or len(texts) > 1
                               else "notification")
                for text in texts:
                    connection.speak(text)
        finally:
            self._cond.acquire()
        return False

    def _fail(self, reason: str) -> None:
        if self.failed is None:
            self.failed = reason

    # the game's calls: no I/O, only the queue -------------------------------------------
    def say(self, text: str, *, important: bool = False) -> None:
        text = spoken(text, self.lang).strip()
        if not text or self.failed is not None:
            return
        with self._cond:
            if self._closing:
                return
            if important:
                self._important.append(text)
                self._ordinary = None
            else:
                self._ordinary = text
                self._ordinary_tries = 1
                self._not_before = 0.0
            self._cond.notify_all()

    def interrupt(self) -> None:
        with self._cond:
            self._ordinary = None
            self._cancel = self._current is not None and not self._current.important
            self._cond.notify_all()

    def close(self, *, wait: bool = True, timeout: float = 10.0) -> None:
        """Hand waiting speech to the daemon and leave, within about a second.

        The daemon finishes an important sentence after we are gone, so ``quit`` does not
        wait for it.
        """
        with self._cond:
            if not wait:
                self._important.clear()
                self._ordinary = None
            self._closing = True
            self._cond.notify_all()
        self._thread.join(min(timeout, _SPEECHD_CLOSE_WAIT))


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
        if speech_available("speechd") is not None:
            raise SpeechUnavailable("no-speechd")
        speechd_speaker = _SpeechdSpeaker(lang, voice, rate)
        speechd_speaker._wait_ready()
        return speechd_speaker
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


def list_voices(lang: str | None = None, engine: str = "pyttsx3") -> list[Voice]:
    """The engine's voices, or those speaking ``lang`` (best match first).

    For ``tutto-tally voices --lang de``.  Raises :class:`SpeechUnavailable` when the engine
    cannot start.  Takes about 0.1 s (it asks a short-lived worker process, or the daemon).
    """
    if engine == "speechd":
        return _speechd_voices(lang)
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


def _speechd_voices(lang: str | None) -> list[Voice]:
    """speech-dispatcher's voices (``LIST SYNTHESIS_VOICES``); plain voices before variants.

    The ids are what ``--voice`` takes with ``--speech-engine speechd``.
    """
    from tutto_a11y.speech import speechd

    if speech_available("speechd") is not None:
        raise SpeechUnavailable("no-speechd")
    try:
        connection = speechd.connect("voices")
    except speechd.SSIPError as error:
        reason = "no-speechd-daemon" if error.reason == "no-daemon" else "speechd-stopped"
        raise SpeechUnavailable(reason, error.detail) from None
    try:
        voices = connection.voices()
    except speechd.SSIPError as error:
        raise SpeechUnavailable("speechd-stopped", str(error)) from None
    finally:
        connection.close()
    wanted = lang.replace("_", "-").lower() if lang else ""
    chosen = []
    for voice in voices:
        language = voice.language.replace("_", "-").lower()
        if wanted and language != wanted and not language.startswith(wanted + "-"):
            continue
        plain = voice.variant.lower() in ("", "none")
        chosen.append((not plain, language != wanted, voice))
    chosen.sort(key=lambda item: (item[0], item[1]))
    return [Voice(v.name, v.name, (v.language,)) for _, _, v in chosen]
