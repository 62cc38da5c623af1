"""Starting a game: settings, the games file, new or resumed game, speech, then the loop.

Everything that can go wrong before play (a bad option, a damaged games file, no speech engine)
is said in one sentence in the game's language; only speech problems let the game go on.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any, Sequence

from tutto_a11y.settings import Settings, UsageProblem, early_lang, store_problem
from tutto_a11y.games import registry
from tutto_a11y.games.contract import EntryError
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import check_new_name, join_names
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.output import Output, terminal_mode
from tutto_a11y.text.problems import (damaged_game_sentence, entry_error_sentence,
                                      speech_problem_sentence)
from tutto_a11y.table.reader import LineReader, PlainReader, TerminalReader
from tutto_a11y.store.saved import DamagedGame, rebuild, side_of
from tutto_a11y.table.session import JournalFailed, Table


class StoreJournal:
    """The play loop's journal, written to the games file one transaction per entry."""

    def __init__(self, store: Any, game_id: str, game: Any = None) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game  # when given, its statistics are kept as it ends

    def append(self, text: str, *, ends_game: bool = False) -> None:
        """An entry; the one that ends the game marks it finished in the same write."""
        self._write(self.store.append, self.game_id, text, "finished" if ends_game else None)
        if ends_game and self.game is not None:
            from tutto_a11y.store.stats import keep_finished_game

            keep_finished_game(self.store, self.game_id, self.game)

    def append_undo(self, *, reopens: bool = False) -> None:
        """An undo; undoing the entry that ended the game makes it run again (exports and
        ``games``), in the same write."""
        self._write(self.store.append_undo, self.game_id, "running" if reopens else None)

    @staticmethod
    def _write(method: Any, *args: Any) -> None:
        from tutto_a11y.store.errors import StoreError

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


class _Quit(Exception):
    """The scorekeeper left during set-up (end of input or quit): nothing to play."""


def play(settings: Settings, *, players: str | None, target: int | None, preset: str | None,
         rule_options: Sequence[str], speech: bool | None, voice: str | None, rate: int | None,
         speech_engine: str, speech_to: str | None, sighted: bool, verbosity: str,
         resume: str | None, share: str | None = None, share_code: str | None = None,
         coach: bool = False) -> int:
    """The ``play`` command. Returns the exit status."""
    from tutto_a11y.store.errors import StoreError

    lang, width, plain = settings.lang, settings.width, settings.plain
    catalog = Catalog(lang or early_lang([], settings.env))
    side = registry.find(settings.game).side()
    rules = rules_from(side, preset, target, rule_options, catalog)
    names = _split_players(side, players, catalog) if players else None

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    plain_mode = not (sys.stdin.isatty() and terminal_mode(sys.stdout, plain))
    # In terminal mode lines wrap at the terminal's own width too; plain mode only at --width.
    output = Output(sys.stdout, width, prompt_on_own_line=not sys.stdin.isatty(),
                    follow_terminal=not plain_mode)
    path = settings.path
    speaker = None
    shutdown = _Shutdown()
    store = settings.open_store(catalog)
    sharing = _start_sharing(share, share_code, catalog, store)
    try:
        reader = _reader(plain_mode, output, sighted, side.typed_words(catalog.lang))
        _mark_discarded(reader, catalog)
        try:
            chosen = _choose_game(store, resume, reader, output, catalog, lang)
            if chosen is None:
                info, game = _new_game(store, side, reader, output, catalog, rules, names)
                opening = side.messages(catalog, game, verbosity).new_game()
            else:
                info, game = _claimed(*chosen, store, catalog)
                side = side_of(info)  # a saved game goes on as the game it is
                if isinstance(reader, TerminalReader):
                    reader.words = sorted(set(side.typed_words(catalog.lang)))
                if lang is None and info.lang != catalog.lang:
                    catalog = Catalog(info.lang)  # a game goes on in its own language
                    _mark_discarded(reader, catalog)
                opening = _resumed(info, game, side.messages(catalog, game, verbosity), store)
        except _Quit:
            return 0
        store.claim(info.id)
        messages = side.messages(catalog, game, verbosity)
        if coach and hasattr(messages, "coach"):  # --coach: Tutto's advice after each roll
            messages.coach = True
        if isinstance(reader, TerminalReader):
            reader.show_status(lambda: side.status_line(messages),
                               lambda words: catalog.gettext("Words that fit: {words}.",
                                                             words=", ".join(words)))
        speaker = _open_speech(speech, interactive, catalog.lang, voice, rate, speech_engine,
                               speech_to, output, catalog)
        listeners = []
        if sharing is not None:  # the live view: told of every entry, worded by each viewer
            listeners.append(sharing.listen_to(game))
            opening += " " + sharing.sentence(catalog)
        table = Table(game, messages, reader, output, StoreJournal(store, info.id, game), speaker,
                      on_leaving=shutdown.take_over if interactive else None,
                      listeners=listeners, game_id=str(info.id))
        return table.run(opening)
    except StoreError as error:
        raise store_problem(error, path, catalog) from None
    finally:
        if sharing is not None:
            sharing.close()
        _shut_down(shutdown, speaker, store, interactive)


def _start_sharing(address: str | None, code: str | None, catalog: Catalog,
                   store: Any) -> Any:
    """``--share``: the live view's server, bound before set-up so a problem is said first."""
    if address is None:
        return None
    from tutto_a11y.share.sharing import ShareProblem, start_sharing

    try:
        return start_sharing(address, code, catalog)
    except ShareProblem as problem:
        store.close()
        raise UsageProblem(problem.sentence) from None


class _StopWaiting(Exception):
    """Ctrl-C while the last sentence is still being spoken at the end."""


class _Shutdown:
    """Ctrl-C at the end of play: it cuts the last speech short and the exit stays normal.

    Everything is saved by then, so Ctrl-C must not end the program by a signal (exit status
    130 and no closing of the games file). While the speech is awaited it stops the waiting;
    at any other moment of the shutdown it is ignored.
    """

    def __init__(self) -> None:
        self.waiting = False

    def take_over(self) -> None:
        """From now on Ctrl-C is this object's: installed before the goodbye is printed, so a
        Ctrl-C typed as soon as it shows never finds Python's default handler."""
        signal.signal(signal.SIGINT, self.on_sigint)

    def on_sigint(self, _signum: int, _frame: Any) -> None:
        if self.waiting:
            self.waiting = False
            raise _StopWaiting


def _shut_down(shutdown: _Shutdown, speaker: SpokenOutput | None, store: Any,
               interactive: bool) -> None:
    """Let the speech end (at most 15 s, or until Ctrl-C), then close the games file."""
    if interactive:  # only a terminal sends Ctrl-C; in-process runs keep their own handler
        shutdown.take_over()
    try:
        if speaker is not None:
            try:
                shutdown.waiting = True
                speaker.speaker.close(wait=True, timeout=15.0)
                shutdown.waiting = False
            except _StopWaiting:
                speaker.speaker.close(wait=False)
    finally:
        store.close()
        if interactive:
            # Ignored, not handled: Python puts back the default (deadly) handler for its own
            # handlers while the interpreter ends, but leaves an ignored signal ignored.
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def _reader(plain_mode: bool, output: Output, sighted: bool, words: list[str]) -> LineReader:
    if plain_mode:
        return PlainReader(sys.stdin.buffer, output)
    return TerminalReader(output, sighted=sighted, words=words)


def _mark_discarded(reader: Any, c: Catalog) -> None:
    """The line a screen reader finds under an entry discarded with Ctrl-C."""
    reader.discarded = c.gettext("Line discarded, nothing entered.")


def _new_game(store: Any, side: Any, reader: LineReader, output: Output, catalog: Catalog,
              rules: Any, names: tuple[str, ...] | None) -> tuple[Any, Any]:
    """A new game in the games file, with the players given or asked for."""
    if names is None:
        names = _ask_players(side, reader, output, catalog)
    info = store.create_game(catalog.lang, side.rules_as_dict(rules), list(names),
                             kind=side.name)
    return info, side.new_game(info.players, rules)


def _resumed(info: Any, game: Any, messages: Any, store: Any) -> str:
    """The opening of a resumed game: whose turn, the card, the turn total and the scores."""
    if game.finished:
        if info.status == "running":  # the program died between the last entry and its status
            store.set_status(info.id, "finished")
        return messages.status()  # "The game is over." and the scores
    return messages.c.gettext("Game {game} goes on.", game=info.id) + " " + \
        messages.status() + " " + messages.scores()


def _claimed(info: Any, game: Any, read: list[str], store: Any,
             catalog: Catalog) -> tuple[Any, Any]:
    """The chosen game, claimed, as the file holds it once the claim is ours.

    The game was read before the claim (a bare start asks first, and may be answered much
    later): another tutto-tally may have played it in between. Every entry is checked against
    the state the file holds, so the journal is read again under the claim and the game is
    rebuilt when it grew or shrank meanwhile.
    """
    store.claim(info.id)  # the only writer of this game from now on (or game-open-elsewhere)
    if store.entries(info.id) == read:
        return info, game
    info = store.game(info.id)
    return info, _replay(info, store, catalog)


def _replay(info: Any, store: Any, catalog: Catalog) -> Any:
    """A saved game rebuilt from its journal; a journal that does not replay is reported."""
    try:
        return rebuild(info, store.entries(info.id))
    except DamagedGame as damaged:
        raise UsageProblem(damaged_game_sentence(damaged.game, damaged.index, catalog,
                                                 damaged.kind)) from None


def rules_from(side: Any, preset: str | None, target: int | None, options: Sequence[str],
               catalog: Catalog) -> Any:
    """The chosen game's rules from ``--rules``, ``--target`` and ``--rule NAME=VALUE``."""
    pairs = []
    for option in options:
        name, sep, value = option.partition("=")
        if not sep:
            raise UsageProblem(catalog.gettext(
                "The rule option {option} needs the form NAME=VALUE, for example "
                "x2-scope=card.", option=shown(option)))
        pairs.append((name, value))
    try:
        return side.rules(preset, target, pairs)
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None


def _split_players(side: Any, text: str, catalog: Catalog) -> tuple[str, ...]:
    """``--players``/``TUTTO_PLAYERS``: the names checked as typed names are, then by the
    game (how many it can seat)."""
    from tutto_a11y.text.names import check_names

    try:
        return check_names(text.split(","), side.min_players, side.max_players)
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None


def _ask_players(side: Any, reader: LineReader, output: Output, c: Catalog) -> tuple[str, ...]:
    """The set-up dialogue: plain numbered questions, one name each, an empty line to start."""
    names: list[str] = []
    minimum, maximum = side.min_players, side.max_players
    output.line(c.gettext("New game. Type the players' names in seat order, one per line."))
    while len(names) < maximum:
        number = len(names) + 1
        if len(names) < minimum:
            question = c.gettext("Player {number}, name?", number=number)
        else:
            # The hint inside the question, so that the name typed after it follows the "?".
            question = c.gettext("Player {number}, name (empty line: the game starts)?",
                                 number=number)
        try:
            line = reader.read(question)
        except EntryError as error:
            output.line(entry_error_sentence(error, c))
            continue
        if line is None:
            output.line(c.gettext("No game was started: the input ended before the players "
                                  "were named."))
            raise _Quit
        if not line.strip():
            if len(names) >= minimum:
                break
            output.line(c.ngettext("At least {minimum} player is needed: type a name.",
                                   "At least {minimum} players are needed: type a name.",
                                   minimum, minimum=minimum))
            continue
        try:
            name = check_new_name(line, names)  # the same rule as --players
        except EntryError as error:
            output.line(entry_error_sentence(error, c))
            continue
        names.append(name)
    return tuple(names)


def _choose_game(store: Any, resume: str | None, reader: LineReader, output: Output,
                 c: Catalog, lang: str | None = None) -> tuple[Any, Any, list[str]] | None:
    """The saved game to go on with (``--resume``, or the last running one if wanted), or None.

    Returned with its rebuilt game and the journal entries it was rebuilt from, so that
    :func:`_claimed` can tell whether another program wrote to it before the claim.
    A damaged last running game is not offered (it could not go on): one line says so and a new
    game starts; ``--resume`` of it is refused with the same sentence.
    """
    from tutto_a11y.store.errors import StoreError

    if resume is not None:
        info = store.game(resume)
        store.claim(info.id)  # claimed before it is read: nobody can write it after our read
        read = store.entries(info.id)
        return info, _replay(info, store, c), read
    while True:
        info = store.last_running()
        if info is None:
            return None
        try:
            read = store.entries(info.id)
            game = rebuild(info, read)
        except (DamagedGame, StoreError) as problem:
            # Nothing to go on with: say so once, leave the game as it is, start a new one.
            if isinstance(problem, StoreError) and problem.reason != "damaged-game":
                raise
            index = problem.index if isinstance(problem, DamagedGame) else problem.data.get("index")
            kind = problem.kind if isinstance(problem, DamagedGame) else None
            output.line(damaged_game_sentence(info.id, index, c, kind))
            return None
        if not game.finished:
            break
        store.set_status(info.id, "finished")  # the program died before it could say so
    if _going_on(info, game, reader, output, Catalog(lang or info.lang)):
        return info, game, read
    return None


def _going_on(info: Any, game: Any, reader: LineReader, output: Output, c: Catalog) -> bool:
    """The question of the table: go on with the running game? Asked in the game's language
    (or ``--lang``), as the game will go on in it; yes and no are understood in every language,
    the question's own words first."""
    from tutto_a11y.text.vocabulary import TABLE_WORDS, Vocabulary

    output.line(c.gettext("Game {game} with {players} is still running.", game=info.id,
                          players=join_names(game.players, c)))
    own = TABLE_WORDS.get(c.lang, TABLE_WORDS["en"])
    every = {meaning: tuple(dict.fromkeys(word for source in (c.lang, "en", *TABLE_WORDS)
                                          for word in TABLE_WORDS.get(source, {}).get(meaning, ())))
             for meaning in TABLE_WORDS["en"]}
    vocabulary = Vocabulary(c.lang, {c.lang: own, "en": every})
    yes, no = own["yes"][0], own["no"][0]
    while True:
        try:
            line = reader.read(c.gettext("Go on with it? Type {yes}, or {no} for a new game.",
                                         yes=yes, no=no))
        except EntryError:
            line = ""
        if line is None:
            raise _Quit
        try:
            answer = vocabulary.match(line, among=("yes", "no", "quit"))
        except EntryError:
            output.line(c.gettext("Please type {yes} or {no}.", yes=yes, no=no))
            continue
        if answer == "quit":
            raise _Quit
        return answer == "yes"


def _open_speech(speech: bool | None, interactive: bool, lang: str, voice: str | None,
                 rate: int | None, engine: str, speech_to: str | None, output: Output,
                 c: Catalog) -> SpokenOutput | None:
    """Speech on when asked, or by default in an interactive terminal where it works."""
    if speech is False:
        return None
    if speech is None and not speech_to:
        if not interactive:
            return None
        from tutto_a11y.speech.screenreader import running_screen_reader

        reader_name = running_screen_reader()
        if reader_name:  # one voice at a time: the screen reader already reads every line
            output.line(c.gettext("The screen reader {name} is running, so tutto-tally does "
                                  "not speak itself; start it with --speech to hear its own "
                                  "speech.", name=reader_name))
            return None
    from tutto_a11y.speech.client import open_speaker
    from tutto_a11y.speech.probe import SpeechUnavailable

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
