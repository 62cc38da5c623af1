"""Every sentence a Tute table hears: announcements, prompts, refusals, help and answers.

Sentences are written for the ear: whole catalog sentences with named placeholders, the key
fact first (who won the round, then why), sides named by their players, numbers as digits.
One entry gives one announcement line of a few short sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutto_a11y.core.contract import (
    Command,
    EntryError,
    Notice,
    Sentences,
    Verbosity,
    Working,
    at_once,
)
from tutto_a11y.games.tute.rules import (
    Cante,
    CardPoints,
    Entry,
    Game,
    LastTrick,
    Rules,
    State,
    Step,
    Suit,
    Trump,
    Tute,
    TuteOf,
    events as E,
    seats_of,
    side_of,
)
from tutto_a11y.games.tute.words import COMMANDS, SPANISH, shown
from tutto_a11y.text.lists import and_list, or_list
from tutto_a11y.text.problems import line_sentence


class Messages:
    """The sentences of one match in one language at one verbosity."""

    c: Sentences  # the catalog of the table's language
    coach: bool
    working: Working
    match = True  # a match of several won games: the loop says "match"

    def __init__(self, catalog: Sentences, game: Game, verbosity: str = Verbosity.NORMAL) -> None:
        self.c = catalog
        self.game = game
        self.verbosity = Verbosity.of(verbosity)
        #: The contract's ``--coach`` and ``working``: Tute has no coach, and every
        #: sentence of a match comes at once.
        self.coach = False
        self.working: Working = at_once

    # -- small pieces --------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.game.players[seat]

    def join(self, names: Sequence[str]) -> str:
        """"Anna", "Anna and Cleo", "Anna, Ben and Cleo": said as in every game."""
        return and_list(names, self.c)

    def side(self, side: int) -> str:
        """A side by its players: "Anna", or "Anna and Cleo" at four."""
        return self.join([self.name(s) for s in self.seats(side)])

    def seats(self, side: int) -> tuple[int, ...]:
        return seats_of(side, len(self.game.players))

    def suit(self, suit: Any) -> str:
        c = self.c
        return {Suit.GOLD: c.pgettext("suit", "Gold"), Suit.CUPS: c.pgettext("suit", "Cups"),
                Suit.SWORDS: c.pgettext("suit", "Swords"),
                Suit.CLUBS: c.pgettext("suit", "Clubs")}[suit]

    def in_suit(self, suit: Any) -> str:
        """"in Cups" as the language says it after a number: "in Kelchen", "en coupes"."""
        c = self.c
        return {Suit.GOLD: c.pgettext("in suit", "in Gold"),
                Suit.CUPS: c.pgettext("in suit", "in Cups"),
                Suit.SWORDS: c.pgettext("in suit", "in Swords"),
                Suit.CLUBS: c.pgettext("in suit", "in Clubs")}[suit]

    def by_side(self, values: Sequence[int]) -> str:
        """"Anna 130, Ben 60": one figure per side."""
        return ", ".join(self.c.gettext("{name} {score}", name=self.side(i), score=v)
                         for i, v in enumerate(values))

    def games_won(self, games: Sequence[int]) -> str:
        return self.c.gettext("Games won: {games}.", games=self.by_side(games))

    def needed(self) -> str:
        n = self.game.rules.games
        return self.c.ngettext("One won game wins the match.",
                               "The match goes to {n} won games.", n)

    def _or(self, words: Sequence[str]) -> str:
        return or_list(words, self.c)

    def suit_words(self) -> str:
        lang = self.c.lang
        own = [shown(f"suit:{s.value}", lang) for s in Suit]
        spanish = [SPANISH[f"suit:{s.value}"][0] for s in Suit]
        return self.c.gettext("{own}, or in Spanish {spanish}", own=self._or(own),
                              spanish=self._or(spanish))

    def points_example(self) -> str:
        n = len(self.game.sides)
        numbers = {2: "70 50", 3: "40 40 40"}.get(n, "60 60")
        return f"{shown('points', self.c.lang)} {numbers}"

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
        sentences: list[str] = []
        over = next((e for e in events if isinstance(e, E.MatchOver)), None)
        for event in events:
            if isinstance(event, E.TrumpSet):
                sentences.append(self.c.gettext("Round {round}, trump {suit}.",
                                                round=event.round, suit=self.suit(event.suit)))
            elif isinstance(event, E.CanteMade):
                sentences.append(self._cante(event.cante))
            elif isinstance(event, E.CardPointsTaken):
                if not any(isinstance(e, E.RoundOver) for e in events):
                    sentences.append(self.c.gettext("Card points: {points}.",
                                                    points=self.by_side(event.points)))
            elif isinstance(event, E.RoundOver):
                sentences.extend(self._round_over(event, over))
        if self.verbosity is Verbosity.FULL and not self.game.finished:
            sentences.append(self.hint())
        return " ".join(s for s in sentences if s)

    def _cante(self, cante: E.CanteRecord) -> str:
        return self.c.gettext("{name} announces {points} {in_suit}.",
                              name=self.name(cante.seat), points=cante.points,
                              in_suit=self.in_suit(cante.suit))

    def tute_sentence(self, tute: E.TuteRecord) -> str:
        c, name = self.c, self.name(tute.seat)
        if tute.of is TuteOf.KINGS:
            return c.gettext("Tute for {name} with four Kings.", name=name)
        return c.gettext("Tute for {name} with four Knights.", name=name)

    def _round_over(self, e: E.RoundOver, over: E.MatchOver | None) -> list[str]:
        """The winner first, then why (tie, more than 120), the round points, the games won
        so far and who begins the next round."""
        c, r, brief = self.c, e.record, self.verbosity is Verbosity.BRIEF
        out: list[str] = []
        if r.tute is not None:
            out.append(self.tute_sentence(r.tute))
        if r.winner is None:
            assert r.round_points is not None
            out.append(c.gettext("Round {round} is tied at {points}: nobody wins a game.",
                                 round=r.number, points=max(r.round_points)))
        else:
            n = len(self.seats(r.winner))
            side = self.side(r.winner)
            if over is not None:
                out.append(c.ngettext("{side} wins round {round} and the match.",
                                      "{side} win round {round} and the match.", n,
                                      side=side, round=r.number))
            else:
                out.append(c.ngettext("{side} wins round {round}.", "{side} win round {round}.",
                                      n, side=side, round=r.number))
            if r.tute is not None:
                if over is None:
                    out.append(c.gettext("A Tute counts two games."))
            else:
                assert r.round_points is not None
                if brief:
                    pass  # the winner is said; why a tie went this way is detail
                elif r.tied and r.winner == r.last_trick:
                    out.append(c.gettext("Tied at {points}: the last trick decides.",
                                         points=r.round_points[r.winner]))
                elif r.tied:
                    out.append(c.gettext("Tied at {points}: the first in playing order from "
                                         "the hand wins.", points=r.round_points[r.winner]))
                if r.games == 2:
                    out.append(c.gettext("More than 120 round points: two games."))
        if r.round_points is not None and not brief:
            out.append(c.gettext("Round points: {points}.", points=self.by_side(r.round_points)))
        out.append(self.games_won(e.games))
        if e.next_hand is not None:
            out.append(c.gettext("{name} begins round {round}.", name=self.name(e.next_hand),
                                 round=r.number + 1))
        return out

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
                         scores=shown("scores", c.lang), undo=shown("undo", c.lang),
                         quit=shown("quit", c.lang))

    def hint(self) -> str:
        """What can be typed now, in one sentence, in the table's words."""
        c, s, lang = self.c, self.game.state, self.c.lang
        first = self.game.players[0]
        if s.step is Step.TRUMP:
            return c.gettext("Type the trump suit: {suits}.", suits=self.suit_words())
        if s.step is Step.PLAY:
            return c.gettext("Type {cante} with a name and a suit, for example {example}; "
                             "{tute} with a name and {kings} or {knights}; or the card points "
                             "of each side, for example {points}.",
                             cante=shown("cante", lang), tute=shown("tute", lang),
                             example=f"{shown('cante', lang)} {first} "
                                     f"{shown('suit:gold', lang)}",
                             kings=shown("tute:kings", lang),
                             knights=shown("tute:knights", lang),
                             points=self.points_example())
        if s.step is Step.LAST:
            return c.gettext("Type the name of a player of the side that took the last trick, "
                             "for example {example}.", example=self.game.players[-1])
        return c.gettext("The match is over: type {undo}, {scores} or {quit}.",
                         undo=shown("undo", lang), scores=shown("scores", lang),
                         quit=shown("quit", lang))

    def help(self) -> str:
        lang = self.c.lang
        commands = ", ".join(shown(m, lang) for m in COMMANDS)
        text = self.hint() + " " + self.c.gettext("At any step: {commands}.", commands=commands)
        if lang != "en":
            text += " " + self.c.gettext("English words work too.")
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
            return c.gettext("Round {round}, trump {suit}.", round=s.round,
                             suit=self.suit(s.trump))
        assert s.card_points is not None
        return c.gettext("Card points: {points}.", points=self.by_side(s.card_points))

    def status(self) -> str:
        c, s = self.c, self.game.state
        parts = [self.now()]
        if s.step in (Step.PLAY, Step.LAST):
            if s.cantes:
                cantes = [c.gettext("{name} {points} {in_suit}", name=self.name(k.seat),
                                    points=k.points, in_suit=self.in_suit(k.suit))
                          for k in s.cantes]
                parts.append(c.gettext("Cantes: {cantes}.", cantes=", ".join(cantes)))
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
        c, d, lang, s = self.c, err.data, self.c.lang, self.game.state
        r = err.reason
        shared = line_sentence(err, c, self.hint)
        if shared is not None:
            return shared
        if r == "points-sum":
            return c.gettext("Card points must add up to 120: these add up to {total}.",
                             total=d["total"])
        if r == "points-count":
            return c.gettext("Type {n} numbers, the card points of {sides} in this order, for "
                             "example {example}.", n=d["expected"],
                             sides=self.join([self.side(i) for i in range(len(self.game.sides))]),
                             example=self.points_example())
        if r == "points-out-of-range":
            return c.gettext("{value} card points are not possible: each side takes from 0 to "
                             "120.", value=d["value"])
        if r == "needs-points":
            return c.gettext("Type the card points of each side, for example {example}.",
                             example=self.points_example())
        if r == "suit-already-announced":
            return c.gettext("{name} already made the cante {in_suit} in this round: each suit "
                             "is announced only once.", in_suit=self.in_suit(d["suit"]),
                             name=self.name(d["seat"]))
        if r == "tute-after-cante":
            seat = d["seat"]
            if len(self.seats(side_of(seat, len(self.game.players)))) == 1:
                # With two or three players each plays alone: there is no side to speak of.
                return c.gettext("{name} has already made a cante in this round and can no "
                                 "longer announce Tute.", name=self.name(seat))
            return c.gettext("{name}'s side has already made a cante in this round, so it can "
                             "no longer announce Tute.", name=self.name(seat))
        if r == "no-such-player":
            return c.gettext("{word} is not playing: the players are {names}.", word=d["word"],
                             names=self.join(self.game.players))
        if r == "needs-player":
            return c.gettext("Say who: type a player's name too, for example {example}.",
                             example=self._who_example(d.get("what", "")))
        if r == "needs-suit":
            return c.gettext("Say the suit of the cante too, for example {example}.",
                             example=self._who_example("cante"))
        if r == "needs-tute-kind":
            return c.gettext("Say whether the Tute is four Kings or four Knights, for example "
                             "{example}.", example=self._who_example("tute"))
        if r == "wrong-step":
            return self._wrong_step(d.get("entry", ""))
        if r in ("unknown-word", "not-faces"):
            return c.gettext("{word} is not an entry here. {hint}", word=d.get("word", ""),
                             hint=self.hint())
        if r == "game-over":
            return c.gettext("The match is over: type {undo}, {scores} or {quit}.",
                             undo=shown("undo", lang), scores=shown("scores", lang),
                             quit=shown("quit", lang))
        if s.step is Step.OVER:
            return self.hint()
        return c.gettext("That entry is not possible now. {hint}", hint=self.hint())

    def _who_example(self, what: str) -> str:
        lang, g = self.c.lang, self.game
        if what == "tute":
            return f"{shown('tute', lang)} {g.players[0]} {shown('tute:kings', lang)}"
        if what == "last":
            return f"{shown('last', lang)} {g.players[-1]}"
        return f"{shown('cante', lang)} {g.players[0]} {shown('suit:gold', lang)}"

    def _wrong_step(self, entry: str) -> str:
        c, s = self.c, self.game.state
        if s.step is Step.TRUMP:
            return c.gettext("First the trump of round {round}: {suits}.", round=s.round,
                             suits=self.suit_words())
        if s.step is Step.PLAY:
            if entry == "Trump":
                return c.gettext("The trump of round {round} is {suit}; type {undo} to change "
                                 "it. {hint}", round=s.round, suit=self.suit(s.trump),
                                 undo=shown("undo", c.lang), hint=self.hint())
            return c.gettext("First the card points of each side, for example {example}.",
                             example=self.points_example())
        if s.step is Step.LAST:
            return c.gettext("The card points are in: now the last trick. {hint}",
                             hint=self.hint())
        return self.hint()


def word_notice(notice: Notice[Entry, E.Event, State, Rules], catalog: Sentences,
                verbosity: str = Verbosity.NORMAL) -> str:
    """A published notice as the table said it, in any catalog's language, without the live
    match (which may have moved on since)."""
    standing = Game.at(notice.players, notice.rules, notice.state, notice.events)
    m = Messages(catalog, standing, verbosity)
    if notice.undone and notice.entry is not None:
        return m.undone(notice.entry, notice.state.hand)
    return m.announce(list(notice.events))
