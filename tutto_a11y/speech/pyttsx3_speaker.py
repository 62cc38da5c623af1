"""Speech through pyttsx3 and eSpeak NG, in a worker process, so the game never waits.

The worker (:mod:`tutto_a11y.speech.worker`) runs in its own session and is fed one JSON line
per announcement, so ``say()`` only writes a line to a pipe.  A new announcement cuts off the
one being spoken, unless that one is important (a Tutto, the end of the game): important
sentences are always finished first.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from tutto_a11y.speech.probe import SpeechUnavailable, pyttsx3_problem, sound_device_problem
from tutto_a11y.speech.speaker import Speaker, Voice
from tutto_a11y.speech.spoken import spoken
from tutto_a11y.speech.worker import voices_for

__all__ = ["finish_start", "list_voices", "open_speaker", "start_speaker"]

# Start-up of the worker includes Python, pyttsx3 and eSpeak NG; normally ~0.1 s.
_START_TIMEOUT = 10.0


def open_speaker(lang: str, voice: str | None, rate: int | None, speech_to: Path | None) -> Speaker:
    """A pyttsx3 Speaker, ready to speak (see :func:`tutto_a11y.speech.client.open_speaker`)."""
    speaker = start_speaker(lang, voice, rate, speech_to)
    finish_start(speaker, need_device=speech_to is None)
    return speaker


def start_speaker(lang: str, voice: str | None, rate: int | None,
                  speech_to: Path | None) -> _WorkerSpeaker:
    """The worker started, not yet ready: what it is told to say waits in its pipe.

    Only the quick checks come first (pyttsx3, eSpeak NG, aplay); the sound device, whose
    check may play silence for a while, is checked by :func:`finish_start` while the worker
    starts."""
    problem = pyttsx3_problem(need_player=speech_to is None, check_device=False)
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
    return _WorkerSpeaker(lang, proc)


def finish_start(speaker: _WorkerSpeaker, need_device: bool) -> None:
    """The sound device checked (when it is played on) and the worker ready; raises
    :class:`SpeechUnavailable` and stops the worker when either fails."""
    if need_device:
        problem = sound_device_problem()
        if problem is not None:
            speaker.close(wait=False)
            raise SpeechUnavailable(problem)
    speaker._wait_ready()


def list_voices(lang: str | None) -> list[Voice]:
    """eSpeak NG's voices through pyttsx3, or those speaking ``lang`` (best match first).

    Takes about 0.1 s: it asks a short-lived worker process.
    """
    problem = pyttsx3_problem(need_player=False)
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
        if sys.platform != "win32":
            os.killpg(proc.pid, signal.SIGKILL)  # the worker leads its own group
        else:  # no process groups: the worker itself (its voices speak inside it)
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

