"""The speech worker: owns the pyttsx3 engine in a process of its own.

Why a separate process: pyttsx3's eSpeak NG driver (2.99) synthesises and then plays each
utterance by running ``aplay`` through ``os.system``, blocking until playback ends, and
``engine.stop()`` cannot interrupt that.  Only one utterance per ``runAndWait()`` is reliable
on Linux.  So the game's input loop must never call the engine itself.  This process runs
one ``say()`` + ``runAndWait()`` per announcement on its main thread, while a reader thread
takes commands from the game and can silence the player.

How the player is silenced: the worker is the leader of its own process group (the game
starts it with ``start_new_session=True``; :func:`_lead_own_group` makes sure of it).  The
shell started by ``os.system`` and the ``aplay`` it runs inherit that group, so
``killpg(own group, SIGTERM)`` stops them atomically, with no race against the shell forking
the player.  The worker ignores the SIGTERMs it sends to itself (a handler that checks when we
last sent one); an external SIGTERM still ends it.  The kill is repeated every few
milliseconds until the cancelled utterance has returned, which also covers an interrupt that
arrives while the text is still being synthesised (before ``aplay`` exists).

Protocol (one JSON object per line, UTF-8):

* game -> worker, on stdin: ``{"op": "say", "id": N, "text": ..., "important": bool}``,
  ``{"op": "interrupt"}``, ``{"op": "close"}`` (finish what is queued, then exit);
  end of input means "stop now and exit" (the game closed us or died).
* worker -> game, on the original stdout: ``{"ev": "ready", "voice": ID}``,
  ``{"ev": "error", "reason": CODE, "detail": TEXT}``, ``{"ev": "done", "id": N,
  "completed": bool}``, ``{"ev": "bye"}``; in ``list-voices`` mode ``{"ev": "voices", ...}``.

Everything pyttsx3, eSpeak NG or ``aplay`` print goes to /dev/null: file descriptors 0, 1 and 2
are replaced at start-up, the protocol uses private (non-inheritable) duplicates.

Usage: ``python -m tutto_a11y.speech.worker serve CONFIG_JSON`` or ``... list-voices``.
This module must stay cheap to import: pyttsx3 is only imported inside the worker.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

# How long after sending SIGTERM to our own group we treat a SIGTERM as our own echo.
_SELF_SIGNAL_GRACE = 1.0
# How often a cancelled utterance's player is killed again until the utterance returns.
_KILL_REPEAT = 0.005


# --------------------------------------------------------------------------- voices
# Pure functions, also used by the game process (tutto_a11y.speech.pyttsx3_speaker) to order
# voice lists.


def espeak_tag(lang: str) -> str:
    """'de_DE' -> 'de-de': eSpeak NG writes language tags lower-case with hyphens."""
    return lang.strip().replace("_", "-").lower()


def voice_rank(voice_id: str, languages: Sequence[str], lang: str) -> int | None:
    """How well a voice fits ``lang`` (lower is better), or None if it does not speak it.

    eSpeak NG's main voice for a language has the language as its file name (``gmw/de``,
    ``roa/fr``, ``gmw/en``), regional ones add a region (``fr-be``, ``en-us``).  Variants
    (``!v/...``) are effects, not voices.
    """
    lang = espeak_tag(lang)
    if not lang or voice_id.startswith("!v"):
        return None
    langs = [espeak_tag(x) for x in languages]
    base = voice_id.rsplit("/", 1)[-1].lower()
    if base == lang:
        return 0
    if lang in langs:
        return 1
    if any(x.startswith(lang + "-") for x in langs):
        return 2
    if "-" in lang:  # 'de-at' without an Austrian voice: fall back to German.
        rank = voice_rank(voice_id, languages, lang.split("-")[0])
        return None if rank is None else rank + 3
    return None


def voices_for(voices: Iterable[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The voices that speak ``lang``, best first (stable for equal ranks)."""
    ranked = []
    for index, voice in enumerate(voices):
        rank = voice_rank(voice["id"], voice.get("languages", ()), lang)
        if rank is not None:
            ranked.append((rank, index, voice))
    return [voice for _, _, voice in sorted(ranked, key=lambda r: (r[0], r[1]))]


# --------------------------------------------------------------------------- process set-up


class _Channel:
    """Writes protocol lines to the game; never raises (the game may be gone)."""

    def __init__(self, fd: int) -> None:
        self._file = os.fdopen(fd, "w", encoding="utf-8", buffering=1)
        self._lock = threading.Lock()

    def send(self, **message: Any) -> None:
        with self._lock:
            try:
                self._file.write(json.dumps(message) + "\n")
                self._file.flush()
            except (OSError, ValueError):
                pass


def _take_over_stdio() -> tuple[TextIO, _Channel]:
    """Keep private copies of stdin/stdout for the protocol; point 0, 1, 2 at /dev/null.

    pyttsx3 prints ("Audio saved to ...", "Playback error ...") and aplay/eSpeak NG may write
    to stderr; none of it may reach the user's terminal.  ``os.dup`` makes non-inheritable
    descriptors, so the player never holds the protocol pipes open.
    """
    commands_fd = os.dup(0)
    events_fd = os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    commands = os.fdopen(commands_fd, "r", encoding="utf-8")
    return commands, _Channel(events_fd)


def _lead_own_group() -> None:
    """Make sure our process group holds only us and our players before we ever kill it.
    Windows has no process groups (nor a player process: its voices speak in the worker)."""
    if sys.platform == "win32" or os.getpgrp() == os.getpid():
        return
    try:
        os.setsid()
    except OSError:
        os.setpgid(0, 0)


class _PlayerKiller:
    """Stops the audio player(s) of the current utterance by signalling our process group."""

    def __init__(self) -> None:
        self._last_sent = 0.0
        self.supported = sys.platform != "win32" and hasattr(os, "killpg")
        if self.supported:
            signal.signal(signal.SIGTERM, self._on_sigterm)

    def _on_sigterm(self, signum: int, frame: object) -> None:
        if time.monotonic() - self._last_sent < _SELF_SIGNAL_GRACE:
            return  # our own signal to the players
        self.kill()
        os._exit(0)

    def kill(self) -> None:
        if sys.platform == "win32" or not self.supported:
            return
        self._last_sent = time.monotonic()
        try:
            os.killpg(os.getpgrp(), signal.SIGTERM)
        except OSError:
            pass


# --------------------------------------------------------------------------- queue


# Words per minute when no --rate is given: pyttsx3's own default, set explicitly.
DEFAULT_RATE = 200

class _Item:
    """One announcement in the queue. A plain class: importing ``dataclasses`` (with
    ``inspect`` and ``ast``) was a fifth of the worker's start, which the opening waits for."""

    __slots__ = ("id", "text", "important", "path", "cancelled")

    def __init__(self, id: int, text: str, important: bool, path: str | None = None,
                 cancelled: bool = False) -> None:
        self.id = id
        self.text = text
        self.important = important
        self.path = path
        self.cancelled = cancelled


class _Queue:
    """Announcements waiting or being spoken, and the interruption rules.

    A new announcement drops every ordinary one still waiting and cancels the one being
    spoken unless it is important; important ones are always finished, in order.
    With ``keep_all`` (speech_to mode) nothing is ever dropped: every announcement gets its file.
    """

    def __init__(self, keep_all: bool, killer: _PlayerKiller) -> None:
        self.cond = threading.Condition()
        self._waiting: deque[_Item] = deque()
        self.current: _Item | None = None
        self._closing = False
        self.finished = False
        self._keep_all = keep_all
        self._killer = killer

    # called by the reader thread -------------------------------------------------------
    def add(self, item: _Item) -> None:
        with self.cond:
            if self._closing:
                return
            self._interrupt_locked()
            self._waiting.append(item)
            self.cond.notify_all()

    def interrupt(self) -> None:
        with self.cond:
            self._interrupt_locked()
            self.cond.notify_all()

    def close(self, *, wait: bool) -> None:
        with self.cond:
            self._closing = True
            if not wait:
                self._waiting.clear()
                if self.current is not None:
                    self.current.cancelled = True
            self.cond.notify_all()

    def _interrupt_locked(self) -> None:
        if self._keep_all:
            return
        self._waiting = deque(item for item in self._waiting if item.important)
        if self.current is not None and not self.current.important:
            self.current.cancelled = True

    # called by the main thread -----------------------------------------------------------
    def next(self) -> _Item | None:
        with self.cond:
            while not self._waiting and not self._closing:
                self.cond.wait()
            if not self._waiting:
                self.finished = True
                self.cond.notify_all()
                return None
            self.current = self._waiting.popleft()
            return self.current

    def done(self) -> None:
        with self.cond:
            self.current = None
            self.cond.notify_all()

    # killer thread -----------------------------------------------------------------------
    def kill_cancelled_players(self) -> None:
        while True:
            with self.cond:
                while not (self.current is not None and self.current.cancelled):
                    if self.finished:
                        return
                    self.cond.wait()
                target = self.current

            def moved_on(target: _Item = target) -> bool:
                return self.current is not target

            while True:
                self._killer.kill()
                with self.cond:
                    if self.cond.wait_for(moved_on, _KILL_REPEAT):
                        break


# --------------------------------------------------------------------------- engine


def _init_engine(events: _Channel) -> Any | None:
    """Start pyttsx3, or report why it cannot start (as a reason code) and return None."""
    try:
        import pyttsx3
    except ImportError as exc:
        events.send(ev="error", reason="no-pyttsx3", detail=str(exc))
        return None
    try:
        return pyttsx3.init()
    except Exception as exc:  # pyttsx3 raises plain RuntimeError/OSError for a missing library
        message = str(exc)
        reason = "no-espeak" if "espeak" in message.lower() else "engine-failed"
        events.send(ev="error", reason=reason, detail=f"{type(exc).__name__}: {message}")
        return None


def _voice_dicts(engine: Any) -> list[dict[str, Any]]:
    voices = []
    for voice in engine.getProperty("voices") or []:
        voices.append(
            {
                "id": str(voice.id),
                "name": str(voice.name or voice.id),
                "languages": [str(x) for x in (voice.languages or [])],
            }
        )
    return voices


def _choose_voice(voices: list[dict[str, Any]], lang: str, wanted: str | None) -> str | None:
    """The id to use: ``wanted`` if the engine has it, else the best voice for ``lang``.

    Returns None when ``wanted`` names no installed voice.  Without any voice for ``lang``
    the engine's default voice is kept (empty string).
    """
    if wanted:
        for voice in voices:
            if wanted.lower() in (voice["id"].lower(), voice["name"].lower()):
                return str(voice["id"])
        return None
    best = voices_for(voices, lang)
    return str(best[0]["id"]) if best else ""


def _serve(config: dict[str, Any], commands: TextIO, events: _Channel) -> int:
    engine = _init_engine(events)
    if engine is None:
        return 1
    speech_to: str | None = config.get("speech_to")
    try:
        voices = _voice_dicts(engine)
        voice_id = _choose_voice(voices, config.get("lang") or "en", config.get("voice"))
        if voice_id is None:
            events.send(ev="error", reason="no-voice", detail=str(config.get("voice")))
            return 1
        if voice_id:
            engine.setProperty("voice", voice_id)
        rate = int(config.get("rate") or DEFAULT_RATE)
        engine.setProperty("rate", rate)
        engine.runAndWait()  # applies the queued property changes
        voice_id = str(engine.getProperty("voice") or voice_id)
        if speech_to:
            os.makedirs(speech_to, exist_ok=True)
    except Exception as exc:
        events.send(ev="error", reason="engine-failed", detail=f"{type(exc).__name__}: {exc}")
        return 1

    killer = _PlayerKiller()
    queue = _Queue(keep_all=bool(speech_to), killer=killer)
    threading.Thread(target=_read_commands, args=(commands, queue, speech_to), daemon=True).start()
    threading.Thread(target=queue.kill_cancelled_players, daemon=True).start()
    events.send(ev="ready", voice=voice_id)

    status = 0
    while (item := queue.next()) is not None:
        try:
            if not item.cancelled:
                # Set again with every announcement: eSpeak NG now and then loses the rate set
                # at start (about one game in forty when several run at once) and speaks at its
                # own 175 words per minute.
                engine.setProperty("rate", rate)
                if voice_id:
                    engine.setProperty("voice", voice_id)
                if item.path:
                    _save(engine, item.text, item.path)
                else:
                    engine.say(item.text)
                    engine.runAndWait()
        except Exception as exc:
            events.send(ev="error", reason="engine-failed", detail=f"{type(exc).__name__}: {exc}")
            status = 1
            break
        finally:
            queue.done()
        events.send(ev="done", id=item.id, completed=not item.cancelled)
    queue.close(wait=False)
    events.send(ev="bye")
    return status


def _save(engine: Any, text: str, path: str, attempts: int = 3) -> None:
    """One announcement as a WAV file, never left empty.

    Under load, pyttsx3's eSpeak driver now and then writes the file before any sound has
    reached it (its synthesis callback runs on eSpeak's own thread): the file is then made
    again, since a script or test reading the files must find every announcement in them.
    """
    for _ in range(attempts):
        engine.save_to_file(text, path)
        engine.runAndWait()
        if not text.strip() or _frames(path) > 0:
            return


def _frames(path: str) -> int:
    import wave

    try:
        with wave.open(path) as sound:
            frames: int = sound.getnframes()
            return frames
    except (OSError, EOFError, wave.Error):
        return 0


def _read_commands(commands: TextIO, queue: _Queue, speech_to: str | None) -> None:
    files = 0
    try:
        for line in commands:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            op = message.get("op")
            if op == "say":
                path = None
                if speech_to:
                    files += 1
                    path = os.path.join(speech_to, f"{files:04d}.wav")
                queue.add(
                    _Item(
                        id=int(message.get("id", 0)),
                        text=str(message.get("text", "")),
                        important=bool(message.get("important", False)),
                        path=path,
                    )
                )
            elif op == "interrupt":
                queue.interrupt()
            elif op == "close":
                queue.close(wait=True)
    except (OSError, ValueError):
        pass
    # End of input: the game closed the pipe (stop now) or died.
    queue.close(wait=False)


def _list_voices(events: _Channel) -> int:
    engine = _init_engine(events)
    if engine is None:
        return 1
    try:
        events.send(ev="voices", voices=_voice_dicts(engine))
    except Exception as exc:
        events.send(ev="error", reason="engine-failed", detail=f"{type(exc).__name__}: {exc}")
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    commands, events = _take_over_stdio()
    _lead_own_group()
    if args[:1] == ["list-voices"]:
        return _list_voices(events)
    if args[:1] == ["serve"] and len(args) == 2:
        return _serve(json.loads(args[1]), commands, events)
    events.send(ev="error", reason="engine-failed", detail=f"bad arguments: {args!r}")
    return 2


if __name__ == "__main__":
    # os._exit: eSpeak NG can assert while Python tears the library down at exit.
    os._exit(main())
