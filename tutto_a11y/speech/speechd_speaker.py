"""Speech through speech-dispatcher, which keeps the user's own voice settings.

Spoken to through our own SSIP client (:mod:`tutto_a11y.speech.speechd`) from a background
thread, so a daemon that hangs never delays an entry, and with priorities chosen so that the
user's screen reader keeps working (see :class:`_SpeechdSpeaker`).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import TYPE_CHECKING

from tutto_a11y.speech.probe import SpeechUnavailable, speech_available
from tutto_a11y.speech.speaker import Speaker, Voice
from tutto_a11y.speech.spoken import spoken

if TYPE_CHECKING:  # for the type checker only: the client is imported when speech starts
    from tutto_a11y.speech.speechd import Connection

__all__ = ["list_voices", "open_speaker"]

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


def open_speaker(lang: str, voice: str | None, rate: int | None) -> Speaker:
    """A speech-dispatcher Speaker, ready to speak (see
    :func:`tutto_a11y.speech.client.open_speaker`)."""
    if speech_available("speechd") is not None:
        raise SpeechUnavailable("no-speechd")
    speaker = _SpeechdSpeaker(lang, voice, rate)
    speaker._wait_ready()
    return speaker


def list_voices(lang: str | None) -> list[Voice]:
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


class _Sent:
    """One of our sentences that the daemon has: what it is and what became of it (the
    daemon's events mark it begun, so an object that changes, not a record)."""

    __slots__ = ("id", "text", "important", "until", "begun", "tries")

    def __init__(self, id: int, text: str, important: bool, until: float,
                 tries: int = 1) -> None:
        self.id = id
        self.text = text
        self.important = important
        self.until = until  # an important sentence holds back the next one at most until then
        self.begun = False
        self.tries = tries


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
        self._connection: Connection | None = None
        self._thread = threading.Thread(target=self._run, name="speechd-speaker", daemon=True)
        self._thread.start()

    # start-up ---------------------------------------------------------------------------
    def _wait_ready(self) -> None:
        if not self._ready.wait(_SPEECHD_START_TIMEOUT):
            self._fail("speechd-stopped")  # speech-dispatcher did not answer in time
            raise SpeechUnavailable("speechd-stopped", "speech-dispatcher did not answer")
        if self._start_error is not None:
            raise SpeechUnavailable(*self._start_error)

    def _open(self) -> Connection:
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

    def _test_sound(self, connection: Connection) -> None:
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
        assert connection is not None  # opened before the first step
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
        assert connection is not None  # opened before the first step
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

