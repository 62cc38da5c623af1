"""Every sentence the table hears, in the one object the play loop asks (the contract's
``GameMessages``): events, errors, prompts, help and the answers to commands.

The opening, the prompts, ``help``, ``status``, ``scores`` and ``undo`` are worded here. The
announcement of an accepted entry (``announcements``), the refusal of one (``refusals``) and
the answers to Tutto's own commands (``table_commands``) have modules of their own, built on
the parts every sentence shares (``sentence_parts``); ``Messages`` hands them to the loop.

Sentences are written for the ear: whole sentences from the catalogs with named placeholders,
the key fact first, numbers as digits, the player's name, no symbols. One entry gives one
announcement line made of a few short sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Command, Notice, Sentences, Verbosity
from tutto_a11y.games.tutto import announcements, refusals, table_commands
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Entry,
    EntryError,
    Game,
    Roll,
    SetAside,
    Step,
    events as E,
)
from tutto_a11y.games.tutto.rules.events import Event
from tutto_a11y.games.tutto.sentence_parts import SentenceParts
from tutto_a11y.games.tutto.words import COMMANDS
from tutto_a11y.text.output import nobreak

if TYPE_CHECKING:  # the rules and state name the notice's type only
    from tutto_a11y.games.tutto.rules import Rules, State


class Messages(SentenceParts):
    """The sentences of one game in one language at one verbosity."""

    def __init__(self, catalog: Sentences, game: Game, verbosity: str = Verbosity.NORMAL) -> None:
        super().__init__(catalog, game, verbosity)
        #: ``--coach``: the advice is said by itself after every roll and set-aside.
        self.coach = False

    # -- the start -----------------------------------------------------------------------
    def new_game(self) -> str:
        return self.c.gettext(
            "New game for {names}. Target {target}, {rules}. {first} begins.",
            names=self.names(range(len(self.game.players))), target=self.game.rules.target,
            rules=nobreak(self.rules_name()), first=self.name(0))  # "Volle Lotte" stays whole

    # -- events --------------------------------------------------------------------------
    def announce(self, events: Sequence[E.Event]) -> str:
        """The one line announcing what an accepted entry made happen, the big news first."""
        return announcements.announce(self, events, self.coach)

    def card_rule(self, card: Card) -> str:
        """What a drawn card means, in one sentence (full verbosity; Stop says it by itself)."""
        return announcements.card_rule(self, card)

    def game_over(self, e: E.GameOver) -> tuple[str, list[str]]:
        """The win (said first in the line), then the final scores and who buys the round."""
        return announcements.game_over(self, e)

    # -- prompts and help ----------------------------------------------------------------
    def prompt(self) -> str:
        """The short question for the current step ("Anna, card?")."""
        c, x = self.c, self.game.expect()
        name = self.name(x.seat)
        if x.step is Step.CARD:
            if x.carried:
                return c.gettext("{name}, {total} at risk, next card?", name=name,
                                 total=x.turn_total)
            return c.gettext("{name}, card?", name=name)
        if x.step is Step.ROLL:
            return c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:", x.dice,
                              name=name)
        if x.step is Step.SET_ASIDE:
            return c.gettext("{name}, set aside?", name=name)
        if x.step is Step.ROLL_OR_BANK:
            return c.ngettext("{name}, {total} at risk, {n} die: roll or bank?",
                              "{name}, {total} at risk, {n} dice: roll or bank?", x.dice,
                              name=name, total=x.turn_total)
        if x.step is Step.CARD_OR_BANK:
            return c.gettext("{name}, {total} at risk: card or bank?", name=name,
                             total=x.turn_total)
        return self.game_over_prompt()

    def what_now(self) -> Step:
        """What the table waits for, asked of the game contract rather than of Tutto's steps.

        Chance says whether a card or a roll can come; the legal entries whether the player
        decides something (a set-aside, banking or going on). Neither: the game is over.
        """
        decisions = self.game.legal_entries()
        chance = self.game.chance_outcomes()
        if chance and isinstance(chance[0].entry, DrawCard):
            return Step.CARD_OR_BANK if decisions else Step.CARD
        if chance:
            return Step.ROLL_OR_BANK if decisions else Step.ROLL
        return Step.SET_ASIDE if decisions else Step.OVER

    def help(self) -> str:
        """``help``: what can be typed now, then the commands that work at every step."""
        text = self.hint(self.what_now()) + " " + self.at_any_step(COMMANDS)
        if self.c.lang != "en":
            text += " " + self.english_words_too()
        return text

    # -- answers to commands -------------------------------------------------------------
    def status(self, hint: bool = True) -> str:
        """``status``: whose turn, the card, turn total, dice and faces; then, for the one who
        types (``hint``), what to type next (a live view's readers do not type)."""
        c, g = self.c, self.game
        x = g.expect()
        if g.finished:  # a resumed finished game opens with this: the winner first
            return self.game_won(g.state.winners) + " " + self.scores()
        name = self.name(x.seat)
        parts = [c.gettext("{name}'s turn, score {score}.", name=name,
                           score=g.state.scores[x.seat])]
        if x.card is not None and x.step not in (Step.CARD,):
            parts.append(c.gettext("Card: {card}.", card=self.card_unit(x.card)))
        parts.append(self.turn_total(self.at_stake()))
        missing = self.street_missing()
        if missing is not None:
            parts.append(self.still_missing(missing))
        if x.step in (Step.ROLL, Step.ROLL_OR_BANK, Step.SET_ASIDE):
            parts.append(self.in_hand(x.dice))
        if x.set_aside:
            parts.append(c.gettext("Set aside: {faces}.", faces=self.faces(x.set_aside)))
        if x.roll:
            parts.append(c.gettext("Last roll: {faces}.", faces=self.faces(x.roll)))
        if hint:
            parts.append(self.hint())
        return " ".join(parts)

    def scores(self) -> str:
        g = self.game
        text = self.c.gettext("Scores: {scores}. Target {target}.",
                              scores=self.score_list(range(len(g.players))),
                              target=g.rules.target)
        if g.state.final_round and not g.finished:
            text += " " + self.c.gettext("This is the final round.")
        return text

    def command(self, command: Command) -> str:
        """Tutto's own commands: ``deck``, ``odds``, ``advice`` and ``review``."""
        return table_commands.command(self, command)

    def advice(self) -> str:
        """``advice``: the coach's best choice now (the coach is imported on first use)."""
        return table_commands.advice(self)

    def review(self) -> str:
        """``review``: the coach looks back on the game so far, in brief."""
        return table_commands.review(self)

    def deck(self) -> str:
        return table_commands.deck(self)

    def odds(self) -> str:
        """The risk of a Niete now, and in a solved duel each player's chance to win."""
        return table_commands.odds(self)

    def niete_odds(self) -> str:
        return table_commands.niete_odds(self)

    def undone(self, entry: Entry, seat: int) -> str:
        c, name = self.c, self.name(seat)
        if isinstance(entry, DrawCard):
            text = c.gettext("Undone: {name}'s card {card}.", name=name,
                             card=self.card_unit(entry.card))
        elif isinstance(entry, Roll):
            text = self.roll_undone(seat, entry.faces)
        elif isinstance(entry, SetAside):
            text = c.gettext("Undone: {name} setting aside {faces}.", name=name,
                             faces=self.faces(entry.faces))
        elif isinstance(entry, Bank):
            text = c.gettext("Undone: {name}'s bank.", name=name)
        else:
            assert isinstance(entry, Continue)
            text = c.gettext("Undone: {name} going on.", name=name)
        return text + " " + self.where_now()

    def where_now(self) -> str:
        """Whose turn and what is at stake, after an undo: the turn total, except that under
        Street the faces still missing are what counts, and under Plus/Minus and Cloverleaf
        only the total carried into the card (their own points never count)."""
        c, x = self.c, self.game.expect()
        name, total = self.name(x.seat), self.at_stake()
        missing = self.street_missing()
        if missing is None:
            return c.gettext("{name}'s turn, turn total {total}.", name=name, total=total)
        if total:
            return c.gettext("{name}'s turn, turn total {total}. Still missing: {missing}.",
                             name=name, total=total, missing=missing)
        return c.gettext("{name}'s turn. Still missing: {missing}.", name=name, missing=missing)

    # -- errors --------------------------------------------------------------------------
    def error(self, err: EntryError) -> str:
        """One sentence: what is wrong and what would be valid. Nothing changed."""
        return refusals.refusal(self, err)


def word_notice(notice: Notice[Entry, Event, State, Rules], catalog: Sentences,
                verbosity: str = Verbosity.NORMAL) -> str:
    """The announcement of an accepted entry from its notice alone, in the catalog's language.

    A listener (a live view in another language, speech, a coach) words what the table
    published without the live game, which may have moved on or been undone since.
    """
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    return Messages(catalog, standing, verbosity).announce(list(notice.events))
