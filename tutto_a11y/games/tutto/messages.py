"""Every sentence the table hears: events, errors, prompts, help and the answers to commands.

Sentences are written for the ear: whole sentences from the catalogs with named placeholders,
the key fact first, numbers as digits, the player's name, no symbols. One entry gives one
announcement line made of a few short sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.games.contract import Command, Notice, Verbosity
from tutto_a11y.games.tutto import table_commands
from tutto_a11y.games.tutto.refusals import refusal
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
    State,
    Step,
    events as E,
)
from tutto_a11y.games.tutto.rules.events import Event
from tutto_a11y.games.tutto.sentence_parts import SentenceParts, opening
from tutto_a11y.games.tutto.words import COMMANDS, shown
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import nobreak


class Messages(SentenceParts):
    """The sentences of one game in one language at one verbosity."""

    def __init__(self, catalog: Catalog, game: Game, verbosity: str = Verbosity.NORMAL) -> None:
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
        """The one line announcing what an accepted entry made happen.

        The big news opens the line, before the details that led to it: the win, then the
        final round, then a Tutto or a Plus/Minus hit. A set-aside that makes a Tutto is said
        inside the Tutto sentence, not before it.
        """
        brief = self.verbosity is Verbosity.BRIEF
        niete = any(isinstance(e, (E.Niete, E.FireworksBanked)) for e in events)
        tutto = any(isinstance(e, (E.Tutto, E.PlusMinusScored)) for e in events)
        headlines: list[tuple[int, list[str]]] = []
        body: list[str] = []
        tail: list[str] = []
        banked = next((e for e in events if isinstance(e, E.Banked)), None)
        final = next((e for e in events if isinstance(e, E.FinalRound)
                      and e.seat != e.last_seat), None)
        for event in events:
            if isinstance(event, E.GameOver):
                win, rest = self.game_over(event)
                headlines.append((0, [win]))
                tail.extend(rest)
            elif isinstance(event, E.FinalRound):
                if event is final:
                    headlines.append((1, [self._final_round(event, banked)]))
            elif isinstance(event, (E.Tutto, E.PlusMinusScored)):
                if isinstance(event, E.Tutto) and event.card is Card.CLOVERLEAF \
                        and event.number >= 2:
                    continue  # the win says it
                headlines.append((2, self._tutto_news(event, events, brief)))
            elif isinstance(event, E.Banked) and final is not None and event.seat == final.seat:
                continue  # the final round sentence says it
            elif tutto and isinstance(event, (E.SetAsideDone, E.Rolled)):
                continue  # the Tutto sentence says the points; the roll is all set aside
            else:
                body.extend(self._event(event, brief, niete))
        headlines.sort(key=lambda h: h[0])
        sentences = [s for _, group in headlines for s in group] + body + tail
        if self.verbosity is Verbosity.FULL and not self.game.finished:
            sentences.append(self.hint())
        if self.coach and self._decision_after(events):
            sentences.append(self.advice())
        return " ".join(s for s in sentences if s)

    def _decision_after(self, events: Sequence[E.Event]) -> bool:
        """``--coach`` speaks after a roll or a set-aside that leaves the player a choice."""
        made = any(isinstance(e, (E.Rolled, E.SetAsideDone, E.PlusMinusScored)) for e in events)
        return made and self.game.state.step in (Step.SET_ASIDE, Step.ROLL_OR_BANK,
                                                 Step.CARD_OR_BANK)

    def _event(self, e: E.Event, brief: bool, niete: bool) -> list[str]:
        c = self.c
        if isinstance(e, E.CardDrawn):
            out = [self._card_drawn(e, brief)]
            if e.reshuffled:
                out.append(c.gettext("That was the last card: the played cards are shuffled "
                                     "into a new deck."))
            return out
        if isinstance(e, E.StopDrawn):
            if e.lost:
                return [c.gettext("Stop. {name} loses {points}.", name=self.name(e.seat),
                                  points=e.lost)]
            return [c.gettext("Stop. {name} scores nothing this turn.", name=self.name(e.seat))]
        if isinstance(e, E.Rolled):
            if niete:
                return []
            if self.verbosity is Verbosity.FULL:
                return [c.gettext("{name} rolls {faces}.", name=self.name(e.seat),
                                  faces=self.faces(e.faces))]
            # The card sentence and the prompt name the player; the faces are the news.
            return [c.gettext("{faces}.", faces=self.faces(e.faces))]
        if isinstance(e, E.Niete):
            return [self._niete(e, brief)]
        if isinstance(e, E.FireworksBanked):
            return [c.gettext("Niete, the Fireworks are over: {name} banks {points}, score "
                              "{score}.", points=e.points, name=self.name(e.seat), score=e.score)]
        if isinstance(e, E.SetAsideDone):
            return [self._set_aside(e, brief)]
        if isinstance(e, E.Banked):
            # The points banked are the turn total said just before; the new score is news.
            if brief:
                return [c.gettext("Score {score}.", score=e.score)]
            if self.verbosity is Verbosity.FULL:
                return [c.gettext("{name} banks {points}, score {score}.",
                                  name=self.name(e.seat), points=e.points, score=e.score)]
            return [c.gettext("{name} banks, score {score}.", name=self.name(e.seat),
                              score=e.score)]
        if isinstance(e, E.Continued):
            if e.to_card:
                return [c.gettext("{name} goes on: draw the next card.", name=self.name(e.seat))]
            return [c.gettext("{name} rolls on.", name=self.name(e.seat))]
        if isinstance(e, E.TurnOver):
            if e.next_seat is None:
                return []
            if brief:
                return [c.gettext("{name}.", name=self.name(e.next_seat))]
            return [c.gettext("{name}'s turn.", name=self.name(e.next_seat))]
        return []

    def _final_round(self, e: E.FinalRound, banked: E.Banked | None) -> str:
        """The final round opens the line; the bank that reached the target is said in it."""
        c = self.c
        if banked is not None and banked.seat == e.seat:
            return c.gettext("Final round: {name} banks {points} and reaches {score}. The game "
                             "ends after {last}'s turn.", name=self.name(e.seat),
                             points=banked.points, score=e.score, last=self.name(e.last_seat))
        return c.gettext("Final round: {name} has reached the target with {score}. The game "
                         "ends after {last}'s turn.", name=self.name(e.seat), score=e.score,
                         last=self.name(e.last_seat))

    def _card_drawn(self, e: E.CardDrawn, brief: bool) -> str:
        c, card = self.c, self.card_unit(e.card)
        if brief or e.card is Card.STOP:
            if e.card is Card.STOP:
                return ""
            return opening(c.gettext("{card}.", card=card))
        if e.carried:
            text = c.gettext("{name} draws {card} and carries {points}.",
                             name=self.name(e.seat), card=card, points=e.carried)
        else:
            text = c.gettext("{name} draws {card}.", name=self.name(e.seat), card=card)
        text = opening(text)  # a translation may open with the card's name
        if self.verbosity is Verbosity.FULL:
            text += " " + self.card_rule(e.card)
        return text

    def card_rule(self, card: Card) -> str:
        """What a drawn card means, in one sentence (full verbosity; Stop says it by itself)."""
        c = self.c
        if card is Card.FIREWORKS:
            return c.gettext("All scoring dice are set aside for the player; no banking; the "
                             "turn ends with a Niete and banks everything.")
        if card is Card.X2:
            return c.gettext("A Tutto doubles the turn total.")
        if card is Card.PLUS_MINUS:
            return c.gettext("No banking before a Tutto; a Tutto scores exactly 1000 and the "
                             "leader loses 1000.")
        if card is Card.STREET:
            return c.gettext("Set aside one die of each face; all six faces score 2000; no "
                             "banking.")
        if card is Card.CLOVERLEAF:
            return c.gettext("No banking; two Tuttos in a row win the game.")
        return c.gettext("A Tutto adds the bonus of {value}.", value=card.bonus)

    def _niete(self, e: E.Niete, brief: bool) -> str:
        """The Niete and what it takes: only points that could have been banked are lost (the
        points of Plus/Minus and Cloverleaf never counted)."""
        c, name, lost = self.c, self.name(e.seat), e.bankable
        if brief:
            if lost:
                return c.gettext("Niete, minus {points}.", points=lost)
            return c.gettext("Niete.")
        if e.street:
            if lost:
                return c.gettext("Niete, no new face. {name} loses {points}.", name=name,
                                 points=lost)
            return c.gettext("Niete, no new face. {name} scores nothing.", name=name)
        if lost:
            return c.gettext("Niete. {name} loses {points}.", name=name, points=lost)
        return c.gettext("Niete. {name} scores nothing.", name=name)

    def _set_aside(self, e: E.SetAsideDone, brief: bool) -> str:
        """A set-aside with dice left (a Tutto is said by the Tutto sentence).

        What counts differs by card, and even brief says it: the faces still missing under
        Street; the dice left under Plus/Minus and Cloverleaf, whose points never count;
        otherwise the turn total (brief) or the faces, points and dice left (normal). The
        player is named by the card sentence and the prompt, so normal leaves the name out.
        """
        c, name = self.c, self.name(e.seat)
        card = self.game.state.card
        faces = self.faces(e.faces)
        if e.street:
            missing = self.faces(f for f in range(1, 7) if f not in self.game.state.aside)
            if brief:
                return c.gettext("Still missing: {missing}.", missing=missing)
            return c.gettext("{name} sets aside {faces}. Still missing: {missing}.", name=name,
                             faces=faces, missing=missing)
        if card in (Card.PLUS_MINUS, Card.CLOVERLEAF):  # only the Tutto counts here
            if brief:
                return c.ngettext("{n} die left.", "{n} dice left.", e.dice_left)
            return c.ngettext("{faces} set aside, {n} die left.",
                              "{faces} set aside, {n} dice left.", e.dice_left, faces=faces)
        if brief:
            return c.gettext("{total}.", total=e.turn_total)
        full = self.verbosity is Verbosity.FULL
        if e.turn_total == e.points:  # the first set-aside: its points are the turn total
            if e.automatic:
                return c.ngettext(
                    "Under Fireworks {name} sets aside {faces} for {points}, {n} die left.",
                    "Under Fireworks {name} sets aside {faces} for {points}, {n} dice left.",
                    e.dice_left, name=name, faces=faces, points=e.points)
            if full:
                return c.ngettext("{name} sets aside {faces} for {points}, {n} die left.",
                                  "{name} sets aside {faces} for {points}, {n} dice left.",
                                  e.dice_left, name=name, faces=faces, points=e.points)
            return c.ngettext("{faces} for {points}, {n} die left.",
                              "{faces} for {points}, {n} dice left.", e.dice_left, faces=faces,
                              points=e.points)
        if e.automatic:
            return c.ngettext(
                "Under Fireworks {name} sets aside {faces} for {points}. Turn total {total}, "
                "{n} die left.",
                "Under Fireworks {name} sets aside {faces} for {points}. Turn total {total}, "
                "{n} dice left.", e.dice_left, name=name, faces=faces, points=e.points,
                total=e.turn_total)
        if full:
            return c.ngettext("{name} sets aside {faces} for {points}. Turn total {total}, "
                              "{n} die left.",
                              "{name} sets aside {faces} for {points}. Turn total {total}, "
                              "{n} dice left.", e.dice_left, name=name, faces=faces,
                              points=e.points, total=e.turn_total)
        return c.ngettext("{faces} for {points}. Turn total {total}, {n} die left.",
                          "{faces} for {points}. Turn total {total}, {n} dice left.",
                          e.dice_left, faces=faces, points=e.points, total=e.turn_total)

    def _tutto_news(self, e: E.Tutto | E.PlusMinusScored, events: Sequence[E.Event],
                    brief: bool) -> list[str]:
        """The Tutto first, with its player; the set-aside that made it is folded in."""
        c, name = self.c, self.name(e.seat)
        if isinstance(e, E.PlusMinusScored):
            if e.ends_turn:
                out = [c.gettext("Tutto under Plus/Minus: {name} scores exactly 1000, score "
                                 "{score}.", name=name, score=e.score)]
            else:
                out = [c.gettext("Tutto under Plus/Minus: 1000 for {name}, turn total {total}.",
                                 name=name, total=e.turn_total)]
            for p in e.penalties:
                if p.lost:  # a leader already at 0 has nothing to lose
                    out.append(c.gettext("{name} loses {points}, score {score}.",
                                         name=self.name(p.seat), points=p.lost, score=p.score))
            return out
        if e.card is Card.CLOVERLEAF:
            return [c.gettext("First Tutto under Cloverleaf for {name}: one more Tutto wins the "
                              "game.", name=name)]
        # Fireworks points are never at risk, and a Street is a Street even in brief.
        if brief and e.card not in (Card.FIREWORKS, Card.STREET):
            return [c.gettext("Tutto for {name}, {total} at risk.", name=name,
                              total=e.turn_total)]
        if e.card is Card.STREET:
            return [c.gettext("Street complete for {name}: turn total {total}.", name=name,
                              total=e.turn_total)]
        if e.card is Card.X2:
            return [c.gettext("Tutto for {name}, doubled: turn total {total}.", name=name,
                              total=e.turn_total)]
        if e.card is Card.FIREWORKS:
            aside = next(a for a in events if isinstance(a, E.SetAsideDone))
            return [c.gettext("Tutto for {name} under Fireworks with {faces}: turn total "
                              "{total}, 6 dice again.", name=name, faces=self.faces(aside.faces),
                              total=e.turn_total)]
        return [c.gettext("Tutto for {name}, bonus {bonus}: turn total {total}.", name=name,
                          bonus=e.bonus, total=e.turn_total)]

    def game_over(self, e: E.GameOver) -> tuple[str, list[str]]:
        """The win (said first in the line), then the final scores and who buys the round."""
        c = self.c
        scores = e.scores
        if e.cloverleaf:
            win = c.gettext("{name} wins the game with a second Tutto under Cloverleaf.",
                            name=self.name(e.winners[0]))
        else:
            win = c.ngettext("Game over: {names} wins with {score}.",
                             "Game over: {names} win with {score}.", len(e.winners),
                             names=self.names(e.winners), score=scores[e.winners[0]])
        rest = [c.gettext("Final scores: {scores}.", scores=self.score_list(self.game.ranking()))]
        if e.lowest:
            rest.append(c.ngettext("{names} buys the next round.", "{names} buy the next round.",
                                   len(e.lowest), names=self.names(e.lowest)))
        return win, rest

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
        return c.gettext("Game over. Type {scores}, {undo} or {quit}:",
                         scores=shown("scores", self.c.lang), undo=shown("undo", self.c.lang),
                         quit=shown("quit", self.c.lang))

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
        lang = self.c.lang
        commands = ", ".join(shown(m, lang) for m in COMMANDS)
        text = self.hint(self.what_now()) + " " + self.c.gettext("At any step: {commands}.",
                                                                  commands=commands)
        if lang != "en":
            text += " " + self.c.gettext("English words work too.")
        return text

    # -- answers to commands -------------------------------------------------------------
    def status(self, hint: bool = True) -> str:
        """``status``: whose turn, the card, turn total, dice and faces; then, for the one who
        types (``hint``), what to type next (a live view's readers do not type)."""
        c, g = self.c, self.game
        x = g.expect()
        if g.finished:
            return c.gettext("The game is over.") + " " + self.scores()
        name = self.name(x.seat)
        parts = [c.gettext("{name}'s turn, score {score}.", name=name,
                           score=g.state.scores[x.seat])]
        if x.card is not None and x.step not in (Step.CARD,):
            parts.append(c.gettext("Card: {card}.", card=self.card_unit(x.card)))
        parts.append(c.gettext("Turn total {total}.", total=x.turn_total))
        if x.step in (Step.ROLL, Step.ROLL_OR_BANK, Step.SET_ASIDE):
            parts.append(c.ngettext("{n} die in hand.", "{n} dice in hand.", x.dice))
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
        """Tutto's own commands: ``deck`` and ``odds`` (the loop carries out the others)."""
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
            text = c.gettext("Undone: {name}'s roll {faces}.", name=name,
                             faces=self.faces(entry.faces))
        elif isinstance(entry, SetAside):
            text = c.gettext("Undone: {name} setting aside {faces}.", name=name,
                             faces=self.faces(entry.faces))
        elif isinstance(entry, Bank):
            text = c.gettext("Undone: {name}'s bank.", name=name)
        else:
            assert isinstance(entry, Continue)
            text = c.gettext("Undone: {name} going on.", name=name)
        x = self.game.expect()
        return text + " " + c.gettext("{name}'s turn, turn total {total}.",
                                      name=self.name(x.seat), total=x.turn_total)

    # -- errors --------------------------------------------------------------------------
    def error(self, err: EntryError) -> str:
        """One sentence: what is wrong and what would be valid. Nothing changed."""
        return refusal(self, err)


def word_notice(notice: Notice[Event, State], catalog: Catalog,
                verbosity: str = Verbosity.NORMAL) -> str:
    """The announcement of an accepted entry from its notice alone, in the catalog's language.

    A listener (a live view in another language, speech, a coach) words what the table
    published without the live game, which may have moved on or been undone since.
    """
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    return Messages(catalog, standing, verbosity).announce(list(notice.events))
