"""The play loop publishes what happened to listeners, each notice complete on its own.

A listener (a live view, a coach) gets the players, the rules, the events and the state an
entry left, so it can word them later or in another language without the live game, which has
moved on by then.
"""

from __future__ import annotations

import io
from typing import cast

from tutto_a11y.core.contract import AnyNotice, Notice
from tutto_a11y.games.tutto.messages import Messages, word_notice
from tutto_a11y.games.tutto.rules import Game, Rules, State
from tutto_a11y.games.tutto.rules.entries import Entry
from tutto_a11y.games.tutto.rules.events import CardDrawn, Event, Rolled, SetAsideDone
from tutto_a11y.table.reader import PlainReader
from tutto_a11y.table.session import Table
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output


class Heard:
    def __init__(self) -> None:
        self.notices: list[Notice[Entry, Event, State, Rules]] = []

    def hear(self, notice: AnyNotice) -> None:
        # The table is Tutto's: what it publishes are Tutto's notices.
        self.notices.append(cast("Notice[Entry, Event, State, Rules]", notice))


def play(lines: str, lang: str = "en") -> tuple[Heard, Game, str]:
    out = io.StringIO()
    output = Output(out, prompt_on_own_line=True)
    game = Game(["Anna", "Ben"], Rules(target=2000))
    heard = Heard()
    table = Table(game, Messages(Catalog(lang), game), PlainReader(io.BytesIO(lines.encode()),
                                                                   output), output,
                  listeners=[heard])
    table.run("Start.")
    return heard, game, out.getvalue()


def test_a_listener_hears_every_accepted_entry_with_the_state_it_left() -> None:
    heard, game, _ = play("bonus 300\n1 5 2 3 4 6\n1 5\nbank\n")
    assert [type(n.events[0]) for n in heard.notices[:3]] == [CardDrawn, Rolled, SetAsideDone]
    assert all(n.game == "tutto" and n.players == ("Anna", "Ben") for n in heard.notices)
    assert heard.notices[2].state.turn_total == 150  # as it was then, though play went on
    assert heard.notices[-1].state.scores == game.state.scores == (150, 0)


def test_a_refused_entry_is_not_published_and_an_undo_is() -> None:
    heard, game, printed = play("bonus 300\n7 7\n1 5 2 3 4 6\nundo\n")
    assert "not a die face" in printed
    assert [n.undone for n in heard.notices] == [False, False, True]
    assert heard.notices[-1].events == () and heard.notices[-1].state == game.state


def test_a_listener_words_each_notice_in_its_own_language_though_the_game_moved_on() -> None:
    # Bonus 300 banked; Stop; a Tutto under Bonus 500 then Plus/Minus; the last entry undone.
    lines = ("bonus 300\n1 5 2 3 4 6\n1 5\nbank\nstop\nbonus 500\n1 1 1 5 5 5\n\n"
             "plusminus\n2 2 2 3 3 3\n\nundo\n")
    heard, _, english = play(lines, "en")
    german_table = play(lines, "de")[2].splitlines()
    # A listener gets the sentence with its no-break joins ("Bonus\u00a0300"), which a page
    # keeps together too; the screen prints them as plain spaces.
    worded = [word_notice(n, Catalog("de")).replace("\u00a0", " ")
              for n in heard.notices if not n.undone]
    assert len(worded) == 11
    assert worded[0] == "Anna zieht Bonus 300."
    # Each sentence is the one a German table printed for that entry, in the same order.
    printed = iter(german_table)
    assert all(any(line == sentence for line in printed) for sentence in worded), worded
    assert worded[-1] not in english  # worded in German, not copied from the English table
