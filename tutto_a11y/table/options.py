"""What ``play`` was asked for, as one object: the command line reads it, the table uses it.

One object instead of fifteen keyword arguments, so that the click command, the quick start
(``cli/quick.py``) and a test build the same thing, and a new option is added in one place.
The global options (language, width, games file, plain mode, game) travel in ``Settings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutto_a11y.games.contract import Verbosity


class PlayOptions:
    """The options of ``play`` beyond the global ones, as given or defaulted."""

    __slots__ = ("coach", "players", "preset", "rate", "resume", "rule_options", "share",
                 "share_code", "sighted", "speech", "speech_engine", "speech_to", "target",
                 "verbosity", "voice")

    def __init__(self, *, players: str | None = None, target: int | None = None,
                 preset: str | None = None, rule_options: Sequence[str] = (),
                 speech: bool | None = None, voice: str | None = None, rate: int | None = None,
                 speech_engine: str = "pyttsx3", speech_to: str | None = None,
                 sighted: bool = False, verbosity: str = Verbosity.NORMAL,
                 resume: str | None = None, share: str | None = None,
                 share_code: str | None = None, coach: bool = False) -> None:
        self.players = players  # "Anna,Ben", split by the game's side
        self.target = target
        self.preset = preset
        self.rule_options = tuple(rule_options)
        self.speech = speech  # None: speak when the program runs in a terminal
        self.voice = voice
        self.rate = rate
        self.speech_engine = speech_engine
        self.speech_to = speech_to
        self.sighted = sighted
        self.verbosity = Verbosity.of(verbosity)  # checked by the command line already
        self.resume = resume  # a game id known to be possible ("3", "last"), or None
        self.share = share
        self.share_code = share_code
        self.coach = coach

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> PlayOptions:
        """The options among a command's parameters (the global ones are left out)."""
        return cls(**{name: params[name] for name in cls.__slots__ if name in params})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayOptions):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    # Compared by value and changed after it is built (a resumed game's id), so not hashable.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"PlayOptions({shown})"
