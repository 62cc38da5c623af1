"""Starting a game: settings, the games file, new or resumed game, speech, then the loop.

Everything that can go wrong before play (a bad option, a damaged games file, no speech engine)
is said in one sentence in the game's language; only speech problems let the game go on.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Sequence

from .cli import UsageProblem, early_lang, resolve_path, rules_from
from .i18n import Catalog
from .messages import Messages
from .output import Output
from .problems import (damaged_game_sentence, entry_error_sentence, speech_problem_sentence,
                       store_error_sentence)
from .reader import LineReader, PlainReader, TerminalReader
from .rules import MAX_PLAYERS, MIN_PLAYERS, EntryError, Game, ReplayError, Rules, check_players
from .session import JournalFailed, Table
from .words import WORDS, Vocabulary


class StoreJournal:
    """The play loop's journal, written to the games file one transaction per entry."""

    def __init__(self, store: Any, game_id: str) -> None:
        self.store = store
        self.game_id = game_id

    def append(self, text: str) -> None:
        self._write(self.store.append, self.game_id, text)

    def append_undo(self) -> None:
        self._write(self.store.append_undo, self.game_id)

    def finished(self) -> None:
        self._write(self.store.set_status, self.game_id, "finished")

    @staticmethod
    def _write(method: Any, *args: Any) -> None:
        from .store import StoreError

        try:
            method(*args)
        except StoreError as error:
            raise JournalFailed(error.reason, error.path, error.data) from None


class SpokenOutput:
    """Feeds the speaker and says once, in text, if speech stops working during the game."""

    def __init__(self, speaker: Any, output: Output, catalog: Catalog) -> None:
        self.speaker = speaker
        self.output = output
        self.catalog = catalog
        self.warned = False

    def say(self, text: str, *, important: bool = False) -> None:
        self.speaker.say(text, important=important)
        self._check()

    def interrupt(self) -> None:
        self.speaker.interrupt()
        self._check()

    def _check(self) -> None:
        failed = getattr(self.speaker, "failed", None)
        if failed and not self.warned:
            self.warned = True
            self.output.line(speech_problem_sentence(failed, self.catalog))


def play(*, lang: str | None, players: str | None, target: int | None, preset: str,
         rule_options: Sequence[str], speech: bool | None, voice: str | None, rate: int | None,
         speech_engine: str, speech_to: str | None, plain: bool, sighted: bool,
         width: int | None, verbosity: str, db: str | None, resume: str | None) -> int:
    """The ``play`` command. Returns the exit status."""
    from .store import Store, StoreError

    explicit_lang = lang
    lang = lang or early_lang([], os.environ)
    catalog = Catalog(lang)
    rules = rules_from(preset, target, rule_options, catalog)
    names = _split_players(players, catalog) if players else None

    stdin_tty = sys.stdin.isatty()
    interactive = stdin_tty and sys.stdout.isatty()
    plain_mode = plain or os.environ.get("TERM") == "dumb" or not interactive
    output = Output(sys.stdout, width, prompt_on_own_line=not stdin_tty)
    path = resolve_path(db)
    try:
        store = Store.open(path)
    except StoreError as error:
        raise UsageProblem(store_error_sentence(error.reason, error.data, str(path), catalog))
    speaker = None
    try:
        reader: LineReader
        if plain_mode:
            reader = PlainReader(sys.stdin.buffer, output)
        else:
            reader = TerminalReader(output, sighted=sighted,
                                    words=[w for ws in WORDS.get(lang, {}).values() for w in ws])
        info = _choose_game(store, resume, reader, output, catalog)
        if info is None:
            if names is None:
                names = _ask_players(reader, output, catalog)
                if names is None:
                    return 0
            info = store.create_game(lang, rules.as_dict(), list(names))
            game = Game(info.players, rules)
            opening = Messages(catalog, game, verbosity).new_game()
        else:
            if not explicit_lang and info.lang != lang:
                catalog = Catalog(info.lang)
            try:
                game = Game.replay(info.players, Rules.from_dict(info.rules),
                                   store.entries(info.id))
            except ReplayError as damaged:
                raise UsageProblem(damaged_game_sentence(info.id, damaged.index, catalog))
            messages = Messages(catalog, game, verbosity)
            if game.finished:  # its status may be missing if the program died after the last entry
                if info.status == "running":
                    store.set_status(info.id, "finished")
                opening = messages.status()  # "The game is over." and the scores
            else:
                opening = catalog.gettext("Game {game} goes on.", game=info.id) + " " + \
                    messages.status() + " " + messages.scores()
        store.claim(info.id)
        messages = Messages(catalog, game, verbosity)
        if sighted and isinstance(reader, TerminalReader):
            reader.session.bottom_toolbar = lambda: messages.prompt()
        speaker = _open_speech(speech, interactive, catalog.lang, voice, rate, speech_engine,
                               speech_to, output, catalog)
        table = Table(game, messages, reader, output, StoreJournal(store, info.id), speaker)
        return table.run(opening)
    except StoreError as error:
        raise UsageProblem(store_error_sentence(error.reason, error.data, str(path), catalog))
    finally:
        if speaker is not None:
            speaker.speaker.close(wait=True, timeout=15.0)
        store.close()


def _split_players(text: str, catalog: Catalog) -> tuple[str, ...]:
    try:
        return check_players([name for name in text.split(",")])
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None


def _ask_players(reader: LineReader, output: Output, c: Catalog) -> tuple[str, ...] | None:
    """The set-up dialogue: plain numbered questions, one name each, an empty line to start."""
    names: list[str] = []
    output.line(c.gettext("New game. Type the players' names in seat order, one per line."))
    while len(names) < MAX_PLAYERS:
        number = len(names) + 1
        if len(names) < MIN_PLAYERS:
            question = c.gettext("Player {number}, name?", number=number)
        else:
            question = c.gettext("Player {number}, name? An empty line starts the game.",
                                 number=number)
        try:
            line = reader.read(question)
        except EntryError as error:
            output.line(entry_error_sentence(error, c))
            continue
        if line is None:
            return None
        from .parse import check_line

        try:
            name = " ".join(check_line(line).split())
        except EntryError as error:
            output.line(entry_error_sentence(error, c))
            continue
        if not name:
            if len(names) >= MIN_PLAYERS:
                break
            output.line(c.gettext("At least {minimum} players are needed: type a name.",
                                  minimum=MIN_PLAYERS))
            continue
        if name.casefold() in {n.casefold() for n in names}:
            output.line(c.gettext("{name} is already playing: every player needs another name.",
                                  name=name))
            continue
        names.append(name)
    return tuple(names)


def _choose_game(store: Any, resume: str | None, reader: LineReader, output: Output,
                 c: Catalog) -> Any:
    """The game to go on with, or None for a new one."""
    if resume is not None:
        return store.game(resume)
    last = store.last_running()
    while last is not None and _ended_by_its_journal(store, last):
        store.set_status(last.id, "finished")  # the program died before it could say so
        last = store.last_running()
    if last is None:
        return None
    output.line(c.gettext("Game {game} with {players} is still running.", game=last.id,
                          players=", ".join(last.players)))
    vocabulary = Vocabulary(c.lang)
    yes, no = WORDS[c.lang]["yes"][0], WORDS[c.lang]["no"][0]
    while True:
        try:
            line = reader.read(c.gettext("Go on with it? Type {yes}, or {no} for a new game.",
                                         yes=yes, no=no))
        except EntryError:
            line = ""
        if line is None:
            raise SystemExit(0)
        try:
            answer = vocabulary.match(line, among=("yes", "no", "quit"))
        except EntryError:
            output.line(c.gettext("Please type {yes} or {no}.", yes=yes, no=no))
            continue
        if answer == "quit":
            raise SystemExit(0)
        return last if answer == "yes" else None


def _ended_by_its_journal(store: Any, info: Any) -> bool:
    """A game marked running whose last entry ended it (the status is a second write)."""
    try:
        game = Game.replay(info.players, Rules.from_dict(info.rules), store.entries(info.id))
    except ReplayError:
        return False  # damaged: resuming it says so
    return game.finished


def _open_speech(speech: bool | None, interactive: bool, lang: str, voice: str | None,
                 rate: int | None, engine: str, speech_to: str | None, output: Output,
                 c: Catalog) -> SpokenOutput | None:
    """Speech on when asked, or by default in an interactive terminal where it works."""
    if speech is False:
        return None
    if speech is None and not speech_to:
        if not interactive:
            return None
    from .speech import SpeechUnavailable, open_speaker

    try:
        speaker = open_speaker(lang, voice=voice, rate=rate, engine=engine,
                               speech_to=Path(speech_to) if speech_to else None)
    except SpeechUnavailable as problem:
        output.line(speech_problem_sentence(problem.reason, c))
        return None
    except OSError:  # the --speech-to folder cannot be made
        output.line(c.gettext("Speech is off: the folder for the sound files cannot be written. "
                              "The game goes on in text."))
        return None
    return SpokenOutput(speaker, output, c)
