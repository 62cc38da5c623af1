"""Setting up a game before play: the players' names, the rules, and the resume question.

Everything here is asked or checked before the first entry: the names typed one per line (or
given with ``--players``), the rules from the options, and which saved game goes on (``--resume``,
or the last running one if the table says yes).  Each problem is one sentence in the game's
language; the end of input or ``quit`` during set-up raises :class:`Quit`: nothing to play.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import cast

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.config.values import rule_pair
from tutto_a11y.core.contract import AnyMessages, EntryError, GameStatus, PlayedGame
from tutto_a11y.games import registry
from tutto_a11y.games.registry import AnyGame, AnyInterface
from tutto_a11y.store.journal import Store
from tutto_a11y.store.rows import GameInfo
from tutto_a11y.store.saved import DamagedGame, rebuild
from tutto_a11y.table.reader import INBOX, LineReader, PlainReader, TableReader, TerminalReader
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.lists import and_list
from tutto_a11y.text.names import check_new_name
from tutto_a11y.text.output import Output
from tutto_a11y.text.problems import damaged_game_sentence, entry_error_sentence

__all__ = ["Quit", "choose_game", "claimed", "mark_discarded", "new_game", "reader_for",
           "resumed", "rules_from", "split_players"]


class Quit(Exception):
    """The scorekeeper left during set-up (end of input or quit): nothing to play."""


def reader_for(plain_mode: bool, output: Output, sighted: bool, words: list[str],
               unbuffered: bool = False) -> TableReader:
    """How lines are read: typed at a terminal with readline (in ``--plain`` too, writing
    nothing but the prompt and the typed characters); with ``--sighted`` in prompt_toolkit,
    for its status line; from a pipe, a file or a dumb terminal (which edits lines itself) as
    plain lines. ``unbuffered`` (``--seats``): plain input read without a buffer of Python's
    own, so that waiting for a line and for a seat's entry at once sees every byte that came.
    Where Python has no readline (Windows), a terminal's lines are read as plain lines too:
    the terminal edits them itself."""
    if _typed_at_a_terminal():
        if sighted and not plain_mode and _terminal_modes():
            return TerminalReader(output, sighted=True, words=words)
        from tutto_a11y.table.line_editor import ReadlineReader

        try:
            return ReadlineReader(output, words, plain=plain_mode)
        except ImportError:  # no readline: the plain lines below
            pass
    if unbuffered:
        return PlainReader(open(sys.stdin.fileno(), "rb", buffering=0, closefd=False), output)
    return PlainReader(sys.stdin.buffer, output)


def _terminal_modes() -> bool:
    """Whether prompt_toolkit can put the terminal in the mode it reads keys in: on POSIX
    through ``termios``, which a Python may be built without (then the sighted status line
    gives way to the reader of a terminal without it)."""
    if sys.platform == "win32":
        return True
    try:
        import termios  # noqa: F401
    except ImportError:
        return False
    return True


def _typed_at_a_terminal() -> bool:
    """Lines are typed at a terminal that leaves the editing to the program."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False


def mark_discarded(reader: TableReader, c: Catalog) -> None:
    """The line a screen reader finds under an entry discarded with Ctrl-C."""
    reader.discarded = c.gettext("Line discarded, nothing entered.")


def new_game(store: Store, game_interface: AnyInterface, reader: LineReader, output: Output,
             catalog: Catalog, rules: object,
             names: tuple[str, ...] | None) -> tuple[GameInfo, AnyGame]:
    """A new game in the games file, with the players given or asked for."""
    if names is None:
        names = _ask_players(game_interface, reader, output, catalog)
    info = store.create_game(catalog.lang, game_interface.rules_as_dict(rules), list(names),
                             kind=game_interface.name)
    return info, game_interface.new_game(info.players, rules)


def resumed(info: GameInfo, game: PlayedGame, messages: AnyMessages, store: Store) -> str:
    """The opening of a resumed game: whose turn, the card, the turn total and the scores."""
    if game.finished:
        # Still running: the program died between the last entry and its status.
        if info.status == GameStatus.RUNNING:
            store.set_status(info.id, GameStatus.FINISHED)
        return messages.status()  # "The game is over." and the scores
    goes_on: str = (messages.c.gettext("Match {game} goes on.", game=info.id) if messages.match
                    else messages.c.gettext("Game {game} goes on.", game=info.id))
    return goes_on + " " + messages.status() + " " + messages.scores()


def claimed(info: GameInfo, game: AnyGame, read: list[str], store: Store,
            catalog: Catalog) -> tuple[GameInfo, AnyGame]:
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


def _replay(info: GameInfo, store: Store, catalog: Catalog) -> AnyGame:
    """A saved game rebuilt from its journal; a journal that does not replay is reported."""
    try:
        return rebuild(info, store.entries(info.id))
    except DamagedGame as damaged:
        raise UsageProblem(damaged_game_sentence(damaged.game, damaged.index, catalog,
                                                 damaged.kind)) from None


def rules_from(game_interface: AnyInterface, preset: str | None, target: int | None,
               options: Sequence[str], catalog: Catalog) -> object:
    """The chosen game's rules from ``--rules``, ``--target`` and ``--rule NAME=VALUE``."""
    pairs = [rule_pair(option, catalog) for option in options]
    try:
        return game_interface.rules(preset, target, pairs)
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None


def split_players(game_interface: AnyInterface, text: str, catalog: Catalog) -> tuple[str, ...]:
    """``--players``/``TUTTO_PLAYERS``: the names checked as typed names are, then by the
    game (how many it can seat)."""
    from tutto_a11y.text.names import check_names

    try:
        return check_names(text.split(","), game_interface.min_players, game_interface.max_players)
    except EntryError as error:
        raise UsageProblem(entry_error_sentence(error, catalog)) from None


def _ask_players(game_interface: AnyInterface, reader: LineReader, output: Output, c: Catalog
                 ) -> tuple[str, ...]:
    """The set-up dialogue: plain numbered questions, one name each, an empty line to start."""
    names: list[str] = []
    minimum, maximum = game_interface.min_players, game_interface.max_players
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
        if line is INBOX:  # seats open with the game: during set-up nothing wakes a read
            continue
        if line is None:
            output.line(c.gettext("No game was started: the input ended before the players "
                                  "were named."))
            raise Quit
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


def choose_game(store: Store, resume: str | None, reader: TableReader, output: Output,
                c: Catalog, lang: str | None = None
                ) -> tuple[GameInfo, AnyGame, list[str]] | None:
    """The saved game to go on with (``--resume``, or the last running one if wanted), or None.

    Returned with its rebuilt game and the journal entries it was rebuilt from, so that
    :func:`claimed` can tell whether another program wrote to it before the claim.
    A damaged last running game is not offered (it could not go on): one line says so and a new
    game starts; ``--resume`` of it is refused with the same sentence.
    """
    from tutto_a11y.store.errors import StoreError

    info: GameInfo | None
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
            index = (problem.index if isinstance(problem, DamagedGame)
                     else cast("int | None", problem.data.get("index")))
            kind = problem.kind if isinstance(problem, DamagedGame) else None
            output.line(damaged_game_sentence(info.id, index, c, kind))
            return None
        if not game.finished:
            break
        store.set_status(info.id, GameStatus.FINISHED)  # the program died before it could say so
    if _going_on(info, game, reader, output, Catalog(lang or info.lang)):
        return info, game, read
    return None


def _going_on(info: GameInfo, game: PlayedGame, reader: TableReader, output: Output,
              c: Catalog) -> bool:
    """The question of the table: go on with the running game? Asked in the game's language
    (or ``--lang``), as the game will go on in it; yes and no are understood in every language,
    the question's own words first."""
    from tutto_a11y.text.vocabulary import TABLE_WORDS, Vocabulary

    # A game that is a match of several (Tute) is called a match here too, as it is everywhere.
    match = bool(registry.find(info.kind).interface().messages(c, game).match)
    players = and_list(game.players, c)
    output.line(c.gettext("Match {game} with {players} is still running.", game=info.id,
                          players=players) if match else
                c.gettext("Game {game} with {players} is still running.", game=info.id,
                          players=players))
    own = TABLE_WORDS.get(c.lang, TABLE_WORDS["en"])
    every = {meaning: tuple(dict.fromkeys(word for source in (c.lang, "en", *TABLE_WORDS)
                                          for word in TABLE_WORDS.get(source, {}).get(meaning, ())))
             for meaning in TABLE_WORDS["en"]}
    vocabulary = Vocabulary(c.lang, {c.lang: own, "en": every})
    yes, no = own["yes"][0], own["no"][0]
    # Each answer says what it does, so that neither is heard as "a new game".
    question = (c.gettext("Go on with it? Type {yes} to go on, or {no} for a new match.",
                          yes=yes, no=no) if match else
                c.gettext("Go on with it? Type {yes} to go on, or {no} for a new game.",
                          yes=yes, no=no))
    # A line discarded here is said to be in the question's language; the game's own
    # language takes over again after it (play.py marks the reader for the game).
    before = reader.discarded
    mark_discarded(reader, c)
    try:
        while True:
            try:
                line = reader.read(question)
            except EntryError:
                line = ""
            if line is INBOX:  # seats open with the game: during set-up nothing wakes a read
                continue
            if line is None:  # the end of input (Ctrl-D)
                answer = "quit"
            else:
                try:
                    answer = vocabulary.match(line, among=("yes", "no", "quit"))
                except EntryError:
                    output.line(c.gettext("Please type {yes} or {no}.", yes=yes, no=no))
                    continue
            if answer == "quit":  # leaving here changes nothing, and says so
                output.line(c.gettext("Nothing was changed: match {game} is still saved, and "
                                      "the next start offers it again.", game=info.id) if match
                            else c.gettext("Nothing was changed: game {game} is still saved, and "
                                           "the next start offers it again.", game=info.id))
                raise Quit
            return answer == "yes"
    finally:
        reader.discarded = before
