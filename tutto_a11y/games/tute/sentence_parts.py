"""The pieces every sentence of Tute is built from: a side by its players, a suit, a cante,
a figure per side, the games won, what can be typed now.

The announcements, the refusals, the answers to the loop's commands, the prompts and the score
sheets all word their sentences with these, on the pieces every game shares
(``text.game_sentences``), so a side or a suit reads the same in every line. They live below
``messages`` so that each of those modules can take them without importing the others (the
layers allow no circle).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutto_a11y.games.tute.rules import Game, Step, Suit, TuteOf, events as E, seats_of
from tutto_a11y.games.tute.words import SPANISH, shown
from tutto_a11y.text.game_sentences import GameSentences
from tutto_a11y.text.lists import and_list, or_list


class SentenceParts(GameSentences[Game]):
    """The words of one match in one language at one verbosity that sentences are made of.
    Tute has no coach: every sentence of a match comes at once."""

    match = True  # a match of several won games: the loop says "match"

    # -- small pieces --------------------------------------------------------------------
    def word(self, meaning: str) -> str:
        return shown(meaning, self.c.lang)

    def join(self, names: Sequence[str]) -> str:
        """"Anna", "Anna and Cleo", "Anna, Ben and Cleo": said as in every game."""
        return and_list(names, self.c)

    def side(self, side: int) -> str:
        """A side by its players: "Anna", or "Anna and Cleo" at four."""
        return self.join([self.name(s) for s in self.seats(side)])

    def seats(self, side: int) -> tuple[int, ...]:
        return seats_of(side, len(self.game.players))

    def suit(self, suit: Suit | None) -> str:
        """A suit's name; the state's trump is None only before it is entered, where no
        sentence names it (a KeyError there is a mistake of the caller's)."""
        c = self.c
        names: dict[Suit | None, str] = {
            Suit.GOLD: c.pgettext("suit", "Gold"), Suit.CUPS: c.pgettext("suit", "Cups"),
            Suit.SWORDS: c.pgettext("suit", "Swords"), Suit.CLUBS: c.pgettext("suit", "Clubs")}
        return names[suit]

    def in_suit(self, suit: Suit) -> str:
        """"in Cups" as the language says it after a number: "in Kelchen", "en coupes"."""
        c = self.c
        return {Suit.GOLD: c.pgettext("in suit", "in Gold"),
                Suit.CUPS: c.pgettext("in suit", "in Cups"),
                Suit.SWORDS: c.pgettext("in suit", "in Swords"),
                Suit.CLUBS: c.pgettext("in suit", "in Clubs")}[suit]

    def cante_list(self, cantes: Sequence[E.CanteRecord]) -> str:
        """"Anna 20 in Gold, Ben 40 in Cups": the cantes of a round, as the paper sheet's
        cell holds them."""
        return ", ".join(self.c.gettext("{name} {points} {in_suit}", name=self.name(k.seat),
                                        points=k.points, in_suit=self.in_suit(k.suit))
                         for k in cantes)

    def cantes(self, cantes: Sequence[E.CanteRecord]) -> str:
        """The cantes of a round so far, as ``status`` and the score sheet say them."""
        return self.c.gettext("Cantes: {cantes}.", cantes=self.cante_list(cantes))

    def round_and_trump(self, round_: int, suit: Suit | None) -> str:
        return self.c.gettext("Round {round}, trump {suit}.", round=round_, suit=self.suit(suit))

    def card_points(self, points: Sequence[int]) -> str:
        return self.c.gettext("Card points: {points}.", points=self.by_side(points))

    def by_side(self, values: Sequence[int]) -> str:
        """"Anna 130, Ben 60": one figure per side."""
        return self.listed_scores((self.side(i), v) for i, v in enumerate(values))

    def round_points(self, points: Sequence[int]) -> str:
        return self.c.gettext("Round points: {points}.", points=self.by_side(points))

    def games_won(self, games: Sequence[int]) -> str:
        return self.c.gettext("Games won: {games}.", games=self.by_side(games))

    def needed(self) -> str:
        n = self.game.rules.games
        return self.c.ngettext("One won game wins the match.",
                               "The match goes to {n} won games.", n)

    def suit_words(self) -> str:
        lang = self.c.lang
        own = [shown(f"suit:{s.value}", lang) for s in Suit]
        spanish = [SPANISH[f"suit:{s.value}"][0] for s in Suit]
        return self.c.gettext("{own}, or in Spanish {spanish}", own=or_list(own, self.c),
                              spanish=or_list(spanish, self.c))

    def points_example(self) -> str:
        n = len(self.game.sides)
        numbers = {2: "70 50", 3: "40 40 40"}.get(n, "60 60")
        return f"{shown('points', self.c.lang)} {numbers}"

    def tute_sentence(self, tute: E.TuteRecord) -> str:
        c, name = self.c, self.name(tute.seat)
        if tute.of is TuteOf.KINGS:
            return c.gettext("Tute for {name} with four Kings.", name=name)
        return c.gettext("Tute for {name} with four Knights.", name=name)

    # -- what can be typed now -----------------------------------------------------------
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
        return self.match_over_hint()

    def match_over_hint(self) -> str:
        """What can be typed once the match is over, also the refusal of any entry then."""
        return self.c.gettext("The match is over: type {undo}, {scores} or {quit}.",
                              undo=self.word("undo"), scores=self.word("scores"),
                              quit=self.word("quit"))
