"""The program run in the test's own process: the real command line, the real play loop and a
real games file, without the half second a new Python costs at every start.

:func:`run_program` runs ``tutto-tally ARGS`` as the console script does
(:func:`tutto_a11y.cli.main`: the settings file, the command line, ``play`` or click, one
sentence and status 2 for a usage problem) with:

- a scripted reader: the lines typed are given in advance, and their end is the end of input
  (Ctrl-D), as a pipe gives them; stdin and stdout are not a terminal, as with a pipe;
- the environment given, and nothing else of the test's (a ``TUTTO_*`` variable of the person
  running the tests does not leak in, as with ``subprocess.run(env=...)``);
- a speaker that records what the table would say (every sentence, plain, with its
  importance) instead of starting eSpeak NG, whether or not speech was asked for: what is
  printed is the same either way (``table/speaking.py``'s :class:`SpokenOutput` prints only
  when an engine fails, and this one never does);
- the table's inbox (``--share --seats``), kept for the test once the game made it.

It returns what a finished process would: the exit status and the printed text, plus the
spoken sentences and the games file's journal. The real program stays in the tests that
check what only it shows: a terminal (pexpect, pyte), Ctrl-C, speech engines, pipes closed
early, the installed script, Orca and Chromium.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tutto_a11y.core.record import Record, field
from tutto_a11y.speech.speaker import Speaker

__all__ = ["Ran", "Said", "journal", "run_program", "typed_lines"]


class Said(Record):
    """One sentence handed to the speaker, as the speech engine would get it."""

    text: str
    important: bool = False


class Ran(Record):
    """What a run of the program left: as ``subprocess.CompletedProcess`` (``returncode``,
    ``stdout``, ``stderr``), and what the table said and kept."""

    returncode: int
    stdout: str
    stderr: str
    said: list[Said] = field(default_factory=list)
    inbox: Any = None  # the table's inbox (``--share --seats``), or None

    @property
    def lines(self) -> list[str]:
        """The printed lines."""
        return self.stdout.splitlines()

    @property
    def spoken(self) -> list[str]:
        """The spoken sentences, in order."""
        return [s.text for s in self.said]


class _RecordingSpeaker(Speaker):
    """The speech engine's place: every sentence kept, nothing sounded, never failing."""

    failed = None

    def __init__(self, said: list[Said]) -> None:
        self.said = said

    def say(self, text: str, *, important: bool = False) -> None:
        self.said.append(Said(text=text, important=important))

    def interrupt(self) -> None:
        """Nothing is sounding: nothing to cut short."""

    def outcome(self) -> None:
        return None  # started well

    def close(self, wait: bool = True, timeout: float | None = None) -> None:
        """Nothing is left to say."""


def typed_lines(typed: str | Sequence[str]) -> str:
    """Lines as a pipe gives them: each ended by a newline."""
    return typed if isinstance(typed, str) else "".join(line + "\n" for line in typed)


@contextmanager
def _recorded(said: list[Said], inboxes: list[Any]) -> Iterator[None]:
    """Speech and the inbox as the test sees them, for one run."""
    import tutto_a11y.table.inbox as inbox_module
    import tutto_a11y.table.play as play_module
    from tutto_a11y.table.speaking import SpokenOutput

    def open_speech(_speech: Any, _interactive: Any, _lang: Any, _voice: Any, _rate: Any,
                    _engine: Any, _speech_to: Any, output: Any, c: Any) -> tuple[Any, None]:
        return SpokenOutput(_RecordingSpeaker(said), output, c), None

    made = inbox_module.Inbox

    class KeptInbox(made):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            inboxes.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play_module, "open_speech", open_speech)
        patch.setattr(inbox_module, "Inbox", KeptInbox)
        yield


def _fresh_help_options() -> None:
    """Forget the ``--help`` option click keeps on each command once it made it.

    click makes a command's help option at its first parse, with the help text
    ("Show this message and exit.") looked up in the language of that moment, and keeps it on
    the command, which lives as long as the process. A new process makes it in its own
    language; a run here forgets the kept ones first, so it does too, whatever language an
    earlier run in this process had.
    """
    from tutto_a11y.cli.app import cli

    commands: list[Any] = [cli]
    while commands:
        command = commands.pop()
        command._help_option = None
        commands.extend(getattr(command, "commands", {}).values())


def run_program(args: Sequence[str], env: Mapping[str, str] | None = None,
                typed: str | Sequence[str] = "") -> Ran:
    """``tutto-tally ARGS`` in this process, ``typed`` as its input (then the end of input).

    ``env`` is the whole environment of the run, as ``subprocess.run(env=...)`` takes it
    (default: this process's, which the autouse fixture keeps private to the test).
    """
    from tutto_a11y.cli import main

    _fresh_help_options()
    overrides: dict[str, str | None] = {}
    if env is not None:
        overrides = {name: None for name in os.environ if name not in env}
        overrides.update(env)
    said: list[Said] = []
    inboxes: list[Any] = []
    runner = CliRunner()
    with runner.isolation(input=typed_lines(typed).encode("utf-8"), env=overrides) as streams, \
            _recorded(said, inboxes):
        try:
            main(list(args))
            status = 0
        except SystemExit as leaving:
            code = leaving.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        stdout, stderr = streams[0].getvalue(), streams[1].getvalue()
    return Ran(returncode=status, stdout=stdout.decode("utf-8"),
               stderr=stderr.decode("utf-8", "backslashreplace"), said=said,
               inbox=inboxes[-1] if inboxes else None)


def journal(db: Path, game: str = "1") -> list[str]:
    """The entries the games file keeps for a game, as the journal holds them."""
    from tutto_a11y.store.journal import Store

    store = Store.open(db, read_only=True)
    try:
        return store.entries(game)
    finally:
        store.close()
