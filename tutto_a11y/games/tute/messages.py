"""Every sentence a Tute table hears, in the one object the play loop asks (the contract's
``GameMessages``): announcements, prompts, refusals, help and answers.

The opening, the prompts, ``help``, ``status``, ``scores`` and ``undo`` are worded here. The
announcement of an accepted entry (``announcements``) and the refusal of one (``refusals``)
have modules of their own, built on the parts every sentence shares (``sentence_parts``);
``Messages`` hands them to the loop, as Tutto's does.

Sentences are written for the ear: whole catalog sentences with named placeholders, the key
fact first (who won the round, then why), sides named by their players, numbers as digits.
One entry gives one announcement line of a few short sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Command, EntryError, Notice, Sentences, Verbosity
from tutto_a11y.games.tute import announcements, refusals
from tutto_a11y.games.tute.rules import (
    Cante,
    CardPoints,
    Entry,
    Game,
    LastTrick,
    Rules,
    State,
    Step,
    Trump,
    Tute,
    events as E,
)
from tutto_a11y.games.tute.sentence_parts import SentenceParts
from tutto_a11y.games.tute.words import COMMANDS


class Messages(SentenceParts):
    """The sentences of one match in one language at one verbosity."""

    # -- the start -----------------------------------------------------------------------
    def new_game(self) -> str:
        c, g = self.c, self.game
        if len(g.players) == 4:
            who = c.gettext("New match of Tute: {first} against {second}.", first=self.side(0),
                            second=self.side(1))
        else:
            who = c.gettext("New match of Tute for {names}.", names=self.join(g.players))
        return " ".join([who, self.needed(),
                         c.gettext("{name} begins.", name=self.name(g.state.hand))])

    # -- events --------------------------------------------------------------------------
    def announce(self, events: Sequence[E.Event]) -> str:
        """The one line announcing what an accepted entry made happen, key fact first."""
        return announcements.announce(self, events)

    # -- prompts and help ----------------------------------------------------------------
    def prompt(self) -> str:
        c, s = self.c, self.game.state
        if s.step is Step.TRUMP:
            return c.gettext("Round {round}, {name} begins: trump?", round=s.round,
                             name=self.name(s.hand))
        if s.step is Step.PLAY:
            return c.gettext("Round {round}, trump {suit}: cante, Tute or card points?",
                             round=s.round, suit=self.suit(s.trump))
        if s.step is Step.LAST:
            return c.gettext("Who took the last trick?")
        return c.gettext("Match over. Type {scores}, {undo} or {quit}:",
                         scores=self.word("scores"), undo=self.word("undo"),
                         quit=self.word("quit"))

    def help(self) -> str:
        text = self.hint() + " " + self.at_any_step(COMMANDS)
        if self.c.lang != "en":
            text += " " + self.english_words_too()
        return text

    # -- answers to commands -------------------------------------------------------------
    def now(self) -> str:
        """Where the match stands, in one sentence."""
        c, s = self.c, self.game.state
        if s.step is Step.OVER and s.winner is not None:  # a resumed match opens with this
            return c.ngettext("The match is over: {side} won.", "The match is over: {side} won.",
                              len(self.seats(s.winner)), side=self.side(s.winner))
        if s.step is Step.OVER:
            return c.gettext("The match is over.")
        if s.step is Step.TRUMP:
            return c.gettext("Round {round}, {name} begins: the trump is next.", round=s.round,
                             name=self.name(s.hand))
        if s.step is Step.PLAY:
            return self.round_and_trump(s.round, s.trump)
        assert s.card_points is not None
        return self.card_points(s.card_points)

    def status(self) -> str:
        c, s = self.c, self.game.state
        parts = [self.now()]
        if s.step in (Step.PLAY, Step.LAST):
            if s.cantes:
                parts.append(self.cantes(s.cantes))
            else:
                parts.append(c.gettext("No cante yet in this round."))
        if s.step is Step.OVER:
            parts.append(self.scores())
        else:
            parts.append(self.hint())
        return " ".join(parts)

    def scores(self) -> str:
        return self.games_won(self.game.state.games) + " " + self.needed()

    def command(self, command: Command) -> str:
        """Tute has no commands of its own: the loop's commands are all it needs."""
        raise EntryError("unknown-word", word=command.name)

    def undone(self, entry: Entry, seat: int) -> str:
        c = self.c
        if isinstance(entry, Trump):
            text = c.gettext("Undone: trump {suit}.", suit=self.suit(entry.suit))
        elif isinstance(entry, Cante):
            text = c.gettext("Undone: {name}'s cante {in_suit}.", name=self.name(entry.seat),
                             in_suit=self.in_suit(entry.suit))
        elif isinstance(entry, Tute):
            text = c.gettext("Undone: {name}'s Tute.", name=self.name(entry.seat))
        elif isinstance(entry, CardPoints) and entry.last is not None:
            text = c.gettext("Undone: the card points {points} and the last trick of {side}.",
                             points=self.by_side(entry.points), side=self.side(entry.last))
        elif isinstance(entry, CardPoints):
            text = c.gettext("Undone: the card points {points}.",
                             points=self.by_side(entry.points))
        else:
            assert isinstance(entry, LastTrick)
            text = c.gettext("Undone: the last trick of {side}.", side=self.side(entry.side))
        return text + " " + self.now()

    # -- errors --------------------------------------------------------------------------
    def error(self, err: EntryError) -> str:
        """One sentence: what is wrong and what would be valid. Nothing changed."""
        return refusals.refusal(self, err)


def word_notice(notice: Notice[Entry, E.Event, State, Rules], catalog: Sentences,
                verbosity: str = Verbosity.NORMAL) -> str:
    """A published notice as the table said it, in any catalog's language, without the live
    match (which may have moved on since)."""
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    m = Messages(catalog, standing, verbosity)
    if notice.undone and notice.entry is not None:
        return m.undone(notice.entry, notice.state.hand)
    return m.announce(list(notice.events))
