"""What a game holds while it speaks: a :class:`Speaker`, whichever engine is behind it.

Why a module of its own: both engines (:mod:`tutto_a11y.speech.pyttsx3_speaker` and
:mod:`tutto_a11y.speech.speechd_speaker`) are Speakers, and the play loop knows only this
interface, so it never waits for either engine and never learns which one speaks.
"""

from __future__ import annotations

from tutto_a11y.core.record import Record

__all__ = ["Speaker", "Voice"]


class Voice(Record):
    """A voice the engine offers; ``id`` is what ``open_speaker(voice=...)`` takes."""

    id: str
    name: str
    languages: tuple[str, ...]


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
