"""Starting a game: settings, the games file, new or resumed game, speech, then the loop.

Everything that can go wrong before play (a bad option, a damaged games file, no speech engine)
is said in one sentence in the game's language; only speech problems let the game go on.
The set-up questions are in :mod:`tutto_a11y.table.setup`, what the loop writes to, speaks
through and shares with in :mod:`tutto_a11y.table.journal`, :mod:`tutto_a11y.table.speaking`
and :mod:`tutto_a11y.table.sharing`, and Ctrl-C at the end in
:mod:`tutto_a11y.table.signals`; this module puts them in order.
"""

from __future__ import annotations

import sys

from tutto_a11y.config.options import PlayOptions
from tutto_a11y.config.settings import Settings, default_lang, store_problem
from tutto_a11y.games import registry
from tutto_a11y.store.saved import interface_of
from tutto_a11y.table.journal import StoreJournal
from tutto_a11y.table.reader import TerminalReader
from tutto_a11y.table.session import Table
from tutto_a11y.table.setup import (
    Quit,
    choose_game,
    claimed,
    mark_discarded,
    new_game,
    reader_for,
    resumed,
    rules_from,
    split_players,
)
from tutto_a11y.table.sharing import fixed_seat_codes, open_sharing
from tutto_a11y.table.signals import Shutdown, shut_down
from tutto_a11y.table.speaking import open_speech
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output, terminal_mode


def play(settings: Settings, options: PlayOptions) -> int:
    """The ``play`` command. Returns the exit status."""
    from tutto_a11y.store.errors import StoreError

    players, target, verbosity = options.players, options.target, options.verbosity

    lang, width, plain = settings.lang, settings.width, settings.plain
    catalog = Catalog(lang or default_lang(settings.env))
    game_interface = registry.find(settings.game or registry.DEFAULT).interface()
    rules = rules_from(game_interface, options.preset, target, options.rule_options, catalog)
    names = split_players(game_interface, players, catalog) if players else None

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    plain_mode = not (sys.stdin.isatty() and terminal_mode(sys.stdout, plain))
    # In terminal mode lines wrap at the terminal's own width too; plain mode only at --width.
    output = Output(sys.stdout, width, prompt_on_own_line=not sys.stdin.isatty(),
                    follow_terminal=not plain_mode, braille_line=options.braille_line)
    path = settings.path
    speaker = None
    shutdown = Shutdown()
    seats = options.seats and options.share is not None  # seats are the live view's
    fixed_codes = fixed_seat_codes(settings.env.get("TUTTO_SEAT_CODES"), catalog) \
        if seats else []
    # Speech starts first, beside everything else: its worker's own start (a Python, pyttsx3,
    # eSpeak NG) is the longest part of hearing the opening, so it begins before the games
    # file is opened; the opening is printed without waiting for it.
    speaker, quiet = open_speech(options.speech, interactive, catalog.lang, options.voice,
                                 options.rate, options.speech_engine, options.speech_to, output,
                                 catalog)
    try:
        store = settings.open_store(catalog)
        sharing = open_sharing(options.share, options.share_code, catalog, store)
    except BaseException:  # the games file cannot be used: said in one sentence, nothing spoken
        if speaker is not None:
            speaker.speaker.close(wait=False)
        raise
    try:
        reader = reader_for(plain_mode, output, options.sighted,
                            game_interface.typed_words(catalog.lang), unbuffered=seats)
        mark_discarded(reader, catalog)
        try:
            chosen = choose_game(store, options.resume, reader, output, catalog, lang)
            if chosen is None:
                info, game = new_game(store, game_interface, reader, output, catalog, rules, names)
                opening = game_interface.messages(catalog, game, verbosity).new_game()
            else:
                info, game = claimed(*chosen, store, catalog)
                game_interface = interface_of(info)  # a saved game goes on as the game it is
                # The words Tab completes are the saved game's.
                reader.words = sorted(set(game_interface.typed_words(catalog.lang)))
                if lang is None and info.lang != catalog.lang:
                    catalog = Catalog(info.lang)  # a game goes on in its own language
                    mark_discarded(reader, catalog)
                    if speaker is not None:  # and in its own language's voice
                        speaker.speaker.close(wait=False)
                        speaker, quiet = open_speech(
                            options.speech, interactive, catalog.lang, options.voice,
                            options.rate, options.speech_engine, options.speech_to, output,
                            catalog)
                opening = resumed(info, game,
                                  game_interface.messages(catalog, game, verbosity), store)
        except Quit:
            return 0
        store.claim(info.id)
        messages = game_interface.messages(catalog, game, verbosity)
        if options.coach and game_interface.coach is not None:
            messages.coach = True  # --coach: the advice after each roll
        if isinstance(reader, TerminalReader):
            reader.show_status(lambda: game_interface.status_line(messages),
                               lambda words: catalog.gettext("Words that fit: {words}.",
                                                             words=", ".join(words)))
        listeners = []
        seated = None
        entered_by = None
        if sharing is not None:  # the live view: told of every entry, worded by each viewer
            inbox = None
            if seats:  # each player's own device enters their turns (table/seats.py)
                from tutto_a11y.store.rows import entry_seats
                from tutto_a11y.table.inbox import Inbox

                inbox = Inbox()  # the table's: the server puts the seats' entries in
                entered_by = entry_seats(store.journal(info.id))
            listeners.append(sharing.listen_to(game, inbox, fixed_codes, entered_by or ()))
            opening += " " + sharing.sentence(catalog)
            if inbox is not None:
                from tutto_a11y.table.seats import open_seats, seats_words

                seating, said = open_seats(sharing, catalog, game_interface)
                seated = (seating, inbox)
                reader.words = sorted({*reader.words, *seats_words(catalog.lang)})  # for Tab
                opening += " " + said
        table = Table(game, messages, reader, output, StoreJournal(store, info.id, game), speaker,
                      on_leaving=shutdown.take_over if interactive else None,
                      listeners=listeners, game_id=str(info.id), seats=seated,
                      entered_by=entered_by)
        if quiet:  # a screen reader speaks: said once, before the opening
            output.line(quiet)
        return table.run(opening)
    except StoreError as error:
        raise store_problem(error, path, catalog) from None
    finally:
        try:
            output.end()  # a line held for a question that did not come
        finally:  # even when the output is closed (a pipe into head): the file is closed well
            if sharing is not None:
                sharing.close()
            shut_down(shutdown, speaker, store, interactive)
