"""What ``play`` was asked for, as one object: the command line reads it, the table uses it.

One object instead of fifteen keyword arguments, so that the click command, the quick start
(``cli/quick.py``) and a test build the same thing, and a new option is added in one place.
The global options (language, width, games file, plain mode, game) travel in ``Settings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutto_a11y.core.contract import Verbosity
from tutto_a11y.core.record import Record, fields


class PlayOptions(Record):
    """The options of ``play`` beyond the global ones, as given or defaulted."""

    players: str | None = None  # "Anna,Ben", split by the game's side
    target: int | None = None
    preset: str | None = None
    rule_options: tuple[str, ...] = ()
    speech: bool | None = None  # None: speak when the program runs in a terminal
    voice: str | None = None
    rate: int | None = None
    speech_engine: str = "pyttsx3"
    speech_to: str | None = None
    sighted: bool = False
    braille_line: bool = False  # the latest announcement on the question's own line
    verbosity: Verbosity = Verbosity.NORMAL
    resume: str | None = None  # a game id known to be possible ("3", "last"), or None
    share: str | None = None
    share_code: str | None = None
    seats: bool = False  # with share: every player enters their own turns from their device
    coach: bool = False

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> PlayOptions:
        """The options among a command's parameters (the global ones are left out), with the
        rule options as a tuple and the verbosity, already checked, as the contract's enum."""
        given = {f.name: params[f.name] for f in fields(cls) if f.name in params}
        given["rule_options"] = tuple(given.get("rule_options", ()))
        given["verbosity"] = Verbosity.of(given.get("verbosity", Verbosity.NORMAL))
        return cls(**given)
