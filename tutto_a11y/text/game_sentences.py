"""The sentences every game says alike, and the pieces each game's messages are built on.

Why one home: Tutto, Yatzee and Tute word their own events, but much of what a table hears is
the same in every game: the prompt and the hint at game over, "{word} is not an entry here",
"That entry is not possible now", the commands that work at every step, who won, a player's
name with a score, a roll of the dice, whose turn it is. Written once here, each is one msgid
in the catalogs, reads the same in every game and cannot drift apart in one of them.

:class:`GameSentences` is what each game's messages object starts from (the catalog, the game,
the verbosity, the contract's ``coach`` and ``working``, a player's name, a list of names, the
faces of dice); a game gives it only :meth:`GameSentences.word`, its typed words in the
table's language. The few sentences the sheets and paper sheets of every game share are plain
functions of a catalog. Here, below the games in the layers, so that every game may use it
without importing another game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from tutto_a11y.core.contract import Sentences, Verbosity, Working, at_once
from tutto_a11y.text.lists import and_list


class Seated(Protocol):
    """A game as these sentences need it: its players, in seat order."""

    @property
    def players(self) -> tuple[str, ...]: ...


G = TypeVar("G", bound=Seated)


class GameSentences(Generic[G]):
    """The words of one game in one language at one verbosity that every game's sentences
    share. Subclasses word their own events, refusals and answers on top."""

    c: Sentences  # the catalog of the table's language
    coach: bool
    working: Working
    match = False  # one game: the loop says "game"

    def __init__(self, catalog: Sentences, game: G, verbosity: str = Verbosity.NORMAL) -> None:
        self.c = catalog
        self.game = game
        self.verbosity = Verbosity.of(verbosity)
        #: The contract's ``--coach`` (only Tutto has a coach, which its messages switch on).
        self.coach = False
        #: Runs what may compute for a while; the table makes it say first that it is
        #: computing. Every sentence of a game without a coach comes at once.
        self.working: Working = at_once

    # -- small pieces --------------------------------------------------------------------
    def word(self, meaning: str) -> str:
        """What is typed for ``meaning`` (``undo``, ``scores``) in the table's language."""
        raise NotImplementedError

    def name(self, seat: int) -> str:
        return self.game.players[seat]

    def names(self, seats: Iterable[int]) -> str:
        """The players of ``seats`` as a list: "Anna", "Anna and Ben", "Anna, Ben and Cleo"."""
        return and_list([self.name(s) for s in seats], self.c)

    @staticmethod
    def faces(faces: Iterable[int]) -> str:
        return ", ".join(str(f) for f in faces)

    def listed_scores(self, scores: Iterable[tuple[str, int | str]]) -> str:
        """"Anna 300, Ben 150": names (a player or a side) each with a figure."""
        return ", ".join(name_score(self.c, name, score) for name, score in scores)

    # -- the end of a game ---------------------------------------------------------------
    def game_over_prompt(self) -> str:
        """The prompt once the game is over: only the game-over words work."""
        return self.c.gettext("Game over. Type {scores}, {undo} or {quit}:",
                              scores=self.word("scores"), undo=self.word("undo"),
                              quit=self.word("quit"))

    def game_over_hint(self) -> str:
        """What can be typed once the game is over, also the refusal of any entry then."""
        return self.c.gettext("The game is over: type {undo}, {scores} or {quit}.",
                              undo=self.word("undo"), scores=self.word("scores"),
                              quit=self.word("quit"))

    def game_won(self, winners: Sequence[int]) -> str:
        """Who won, opening ``status`` of a finished game."""
        return self.c.ngettext("The game is over: {names} won.", "The game is over: {names} won.",
                               len(winners), names=self.names(winners))

    # -- help ----------------------------------------------------------------------------
    def at_any_step(self, commands: Iterable[str]) -> str:
        """``help``'s list of the commands that work at every step, in the table's words."""
        return self.c.gettext("At any step: {commands}.",
                              commands=", ".join(self.word(m) for m in commands))

    def english_words_too(self) -> str:
        return self.c.gettext("English words work too.")

    # -- refusals ------------------------------------------------------------------------
    def not_an_entry(self, word: str, hint: str) -> str:
        """A typed word that means nothing at this step, then what can be typed."""
        return self.c.gettext("{word} is not an entry here. {hint}", word=word, hint=hint)

    def not_possible_now(self, hint: str) -> str:
        """Every other refusal: the entry does not fit now, then what can be typed."""
        return self.c.gettext("That entry is not possible now. {hint}", hint=hint)

    def not_a_face(self, face: object) -> str:
        return self.c.gettext("{face} is not a die face: faces go from 1 to 6.", face=face)

    # -- dice and turns (Tutto and Yatzee) ------------------------------------------------
    def rolled(self, seat: int, faces: Iterable[int], with_name: bool) -> str:
        """A roll: "Anna rolls 1, 5, 5." or, where the line names the player already,
        just "1, 5, 5."."""
        if with_name:
            return self.c.gettext("{name} rolls {faces}.", name=self.name(seat),
                                  faces=self.faces(faces))
        return self.c.gettext("{faces}.", faces=self.faces(faces))

    def turn_of(self, seat: int, brief: bool) -> str:
        """Whose turn it is now: "Ben's turn." (brief: "Ben.")."""
        if brief:
            return self.c.gettext("{name}.", name=self.name(seat))
        return self.c.gettext("{name}'s turn.", name=self.name(seat))

    def roll_undone(self, seat: int, faces: Iterable[int]) -> str:
        return self.c.gettext("Undone: {name}'s roll {faces}.", name=self.name(seat),
                              faces=self.faces(faces))


def name_score(c: Sentences, name: str, score: int | str) -> str:
    """"Anna 300": a player (or a side) and a figure, in a list or a line of a sheet."""
    return c.gettext("{name} {score}", name=name, score=score)


def player_heading(c: Sentences) -> str:
    """The heading of the players' column in a game's tables (the paper sheet, the live
    view's standing)."""
    return c.gettext("Player")


def scores_heading(c: Sentences, finished: bool) -> str:
    """The heading over the scores of a Braille or paper sheet."""
    return c.gettext("Final scores:") if finished else c.gettext("Scores so far:")


def winners_line(c: Sentences, names: Sequence[str]) -> str:
    """A finished game's winner (or winners) on its score sheet."""
    return c.ngettext("Winner: {names}.", "Winners: {names}.", len(names),
                      names=and_list(names, c))


__all__ = ["G", "GameSentences", "Seated", "name_score", "player_heading", "scores_heading",
           "winners_line"]
