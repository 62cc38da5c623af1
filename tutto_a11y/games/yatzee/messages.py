"""Every sentence a Yatzee table hears, in the one object the play loop asks (the contract's
``GameMessages``): events, errors, prompts, help and the answers to commands.

The opening, the prompts, ``help``, ``status``, ``scores`` and ``undo`` are worded here. The
announcement of an accepted entry (``announcements``), the refusal of one (``refusals``) and
the answers to ``sheet`` and ``fits`` (``table_commands``) have modules of their own, built on
the parts every sentence shares (``sentence_parts``); ``Messages`` hands them to the loop, as
Tutto's does.

Written for the ear: whole sentences from the catalogs with named placeholders, the key fact
first (the points and the field, then the total), numbers as digits, field names as the score
sheets of each language print them, never split across a Braille line.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.core.contract import Command, EntryError, Notice, Sentences, Verbosity
from tutto_a11y.games.yatzee import announcements, refusals, table_commands
from tutto_a11y.games.yatzee.rules import (
    FACE,
    LOWER,
    ORDER,
    ROUNDS,
    UPPER,
    Entry,
    Game,
    Roll,
    Rules,
    State,
    Strike,
    Write,
    events as E,
)
from tutto_a11y.games.yatzee.sentence_parts import SentenceParts, field_name
from tutto_a11y.games.yatzee.words import COMMANDS, field_word
from tutto_a11y.text.output import nobreak


class Messages(SentenceParts):
    """The sentences of one Yatzee game in one language at one verbosity."""

    # -- the start -----------------------------------------------------------------------
    def new_game(self) -> str:
        return self.c.gettext("New game of Yatzee for {names}: {rounds} rounds, {rules}. "
                              "{first} begins.", names=self.names(range(len(self.game.players))),
                              rounds=ROUNDS, rules=self.rules_part(), first=self.name(0))

    # -- events --------------------------------------------------------------------------
    def announce(self, events: Sequence[E.Event]) -> str:
        """The one line for an accepted entry; the end of the game opens it."""
        return announcements.announce(self, events)

    # -- prompts and help ----------------------------------------------------------------
    def prompt(self) -> str:
        """The short question for the current moment ("Anna, first roll:")."""
        c, s = self.c, self.game.state
        if s.over:
            return self.game_over_prompt()
        name = self.name(s.seat)
        if s.roll_number == 0:
            return c.gettext("{name}, first roll:", name=name)
        if s.roll_number == 1:
            return c.gettext("{name}, second roll or a field:", name=name)
        if s.roll_number == 2:
            return c.gettext("{name}, third roll or a field:", name=name)
        return c.gettext("{name}, which field?", name=name)

    def help(self) -> str:
        """``help``: what can be typed now, the fields, then the commands of every step."""
        lang = self.c.lang
        fields = ", ".join(nobreak(field_word(f, lang)) for f in ORDER)  # "Kleine Straße"
        text = " ".join([self.hint(), self.c.gettext("Fields: {fields}.", fields=fields),
                         self.at_any_step(COMMANDS)])
        if lang != "en":
            text += " " + self.c.gettext("English words and the field ids work too.")
        return text

    # -- answers to commands -------------------------------------------------------------
    def command(self, command: Command) -> str:
        """Yatzee's own commands: ``sheet [NAME]`` and ``fits``."""
        return table_commands.command(self, command)

    def status(self, hint: bool = True) -> str:
        """Round, whose turn, the total and the dice on the table; ``hint`` adds what can be
        typed now (the live view's viewers do not type, so theirs goes without)."""
        c, g, s = self.c, self.game, self.game.state
        if s.over:  # a resumed finished game opens with this: the winner first
            if len(g.players) == 1:
                return c.gettext("The game is over.") + " " + self.scores()
            return self.game_won(s.winners) + " " + self.scores()
        parts = [c.gettext("Round {round} of {rounds}, {name}'s turn, total {total}.",
                           round=s.round, rounds=ROUNDS, name=self.name(s.seat),
                           total=g.total(s.seat))]
        if s.rolls:
            parts.append(self.dice_after())
        if hint:
            parts.append(self.hint())
        return " ".join(parts)

    def scores(self) -> str:
        c, g, s = self.c, self.game, self.game.state
        seats = range(len(g.players))
        if s.over:
            return self.final_totals(self.totals(g.ranking()))
        return c.gettext("Totals: {totals}. Round {round} of {rounds}.", totals=self.totals(seats),
                         round=s.round, rounds=ROUNDS)

    def undone(self, entry: Entry, seat: int) -> str:
        """What was taken back, then where the table stands now."""
        c, name = self.c, self.name(seat)
        if isinstance(entry, Roll):
            text = self.roll_undone(seat, entry.faces)
        elif isinstance(entry, Write):
            text = c.gettext("Undone: {name} writing {field}.", name=name,
                             field=self.field(entry.field))
        else:
            assert isinstance(entry, Strike)
            text = c.gettext("Undone: {name} striking {field}.", name=name,
                             field=self.field(entry.field))
        s = self.game.state
        if s.rolls:
            now = c.gettext("{name}'s turn, dice after roll {number}: {faces}.",
                            name=self.name(s.seat), number=s.roll_number,
                            faces=self.faces(s.faces))
        else:
            now = c.gettext("{name}'s turn, first roll.", name=self.name(s.seat))
        return text + " " + now

    # -- errors --------------------------------------------------------------------------
    def error(self, err: EntryError) -> str:
        """One sentence: what is wrong and what to do instead. Nothing changed."""
        return refusals.refusal(self, err)


def word_notice(notice: Notice[Entry, E.Event, State, Rules], catalog: Sentences,
                verbosity: str = Verbosity.NORMAL) -> str:
    """The line the table said for a notice, from the notice alone, in the catalog's language."""
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    messages = Messages(catalog, standing, verbosity)
    if notice.undone:
        assert notice.entry is not None  # an undo's notice names the entry it took back
        return messages.undone(notice.entry, notice.state.seat)
    return messages.announce(list(notice.events))


__all__ = ["FACE", "LOWER", "Messages", "UPPER", "field_name", "word_notice"]
