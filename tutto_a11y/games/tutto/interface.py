"""Tutto as the table, the store and the live view see it: its :class:`GameInterface`.

Everything outside ``games/tutto/`` reaches Tutto through ``INTERFACE``, found by the registry
under the name the games file stores, so the loop, ``show``/``export`` and the live view are
written once for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import (
    AtTable,
    CoachReview,
    CoachSettings,
    GameInterface,
    GameInterfaceBase,
    Notice,
    SavedGame,
    Sentences,
    Standing,
    StatsFigures,
    Verbosity,
)
from tutto_a11y.games.tutto import at_table as table_interface, paper, sheet
from tutto_a11y.games.tutto.messages import Messages, word_notice
from tutto_a11y.games.tutto.rules import Entry, Game, Rules, State
from tutto_a11y.games.tutto.rules.events import Event
from tutto_a11y.games.tutto.status_line import status_line
from tutto_a11y.games.tutto.words import WORDS, Vocabulary
from tutto_a11y.text.game_sentences import player_heading

if TYPE_CHECKING:  # the coach (and numpy) load only when a review is asked for
    from tutto_a11y.games.tutto.coach.review import PlayerReview


def N_(text: str) -> str:
    """Marks a help text for the catalogs; it is translated when help is shown."""
    return text


class TuttoReview:
    """The coach's review of one Tutto game: each player's decisions (``coach/review.py``),
    with the game they were taken in, which names its cards as the table does."""

    def __init__(self, game: Game, players: Sequence[PlayerReview]) -> None:
        self.game = game
        self.players = players

    def as_json(self, game_id: str) -> dict[str, object]:
        from .coach.review import as_json

        return as_json(game_id, self.players)

    def lines(self, game_id: str, catalog: Sentences) -> list[str]:
        from tutto_a11y.games.tutto.reviewing import ReviewWords

        words = ReviewWords(catalog, Messages(catalog, self.game).card_unit)
        return words.lines(game_id, self.players)


class TuttoCoach:
    """Tutto's strategy coach as the commands reach it (``review``, ``coach``); the coach, and
    numpy, load only when one of these is called."""

    @staticmethod
    def review(game: Game, only: int | None = None) -> TuttoReview:
        """Every decision of a saved game against the coach's best (one seat with ``only``)."""
        from .coach.review import review

        return TuttoReview(game, review(game, only))

    @staticmethod
    def review_json(game_id: str, players: CoachReview) -> dict[str, object]:
        return players.as_json(game_id)

    @staticmethod
    def review_lines(game_id: str, game: Game, players: CoachReview,
                     catalog: Sentences) -> list[str]:
        """The review's lines (``players`` holds the game it reviewed, which is ``game``)."""
        return players.lines(game_id, catalog)

    @staticmethod
    def command(settings: CoachSettings, say: Callable[[str], None], *, card: str | None,
                dice: int | None, turn_total: int | None, card_points: int | None,
                faces: str | None, roll: str | None, deck: str | None, after_tutto: bool,
                preset: str, rule_options: Sequence[str], fmt: str | None,
                duel: bool = False, target: int | None = None,
                tuttos: int | None = None) -> dict[str, object] | None:
        """``tutto-tally coach``: the choices of a position as JSON data, or ``--duel`` (its
        lines given to ``say`` as they come; None when the answer was said)."""
        from .coach.command import coach_command

        return coach_command(settings, say, card=card, dice=dice, turn_total=turn_total,
                             card_points=card_points, faces=faces, roll=roll, deck=deck,
                             after_tutto=after_tutto, preset=preset, rule_options=rule_options,
                             fmt=fmt, duel=duel, target=target, tuttos=tuttos)


class TuttoInterface(GameInterfaceBase[Rules, Game, State]):
    """The one Tutto interface; stateless, so one object serves every table."""

    name = "tutto"
    game_type = Game
    coach = TuttoCoach()
    target_help = N_("The target score, a multiple of 50.")

    # -- rules and games ---------------------------------------------------------------------
    @staticmethod
    def rules(preset: str | None, target: int | None,
              options: Sequence[tuple[str, str]]) -> Rules:
        rules = Rules.preset(preset or "standard")
        for name, value in options:
            rules = rules.with_option(name, value)
        if target is not None:
            rules = rules.with_option("target", str(target))
        return rules

    # -- at the table ------------------------------------------------------------------------
    @staticmethod
    def messages(catalog: Sentences, game: Game, verbosity: str = Verbosity.NORMAL) -> Messages:
        return Messages(catalog, game, verbosity)

    @staticmethod
    def at_table(catalog: Sentences) -> AtTable[Game, Entry, Vocabulary]:
        return table_interface.at_table(catalog)

    @staticmethod
    def typed_words(lang: str) -> list[str]:
        return [w for ws in WORDS.get(lang, WORDS["en"]).values() for w in ws]

    @staticmethod
    def status_line(messages: Messages) -> str:
        return status_line(messages)

    @staticmethod
    def word_notice(notice: Notice[Entry, Event, State, Rules], catalog: Sentences,
                    verbosity: str = Verbosity.NORMAL) -> str:
        if notice.undone:
            assert notice.entry is not None  # an undo's notice names the entry it took back
            standing = Game.at(notice.players, notice.rules, notice.state)
            return Messages(catalog, standing, verbosity).undone(notice.entry,
                                                                 notice.state.seat)
        line = word_notice(notice, catalog, verbosity)
        if notice.history:  # the game is over: the live view shows the coach's review
            line += " " + review_line(notice, catalog)
        return line

    @staticmethod
    def standing(players: tuple[str, ...], rules: Rules, state: State,
                 catalog: Sentences) -> Standing:
        c = catalog
        game = Game.at(players, rules, state)
        rows = tuple((name, str(state.scores[seat]), str(state.turns[seat]))
                     for seat, name in enumerate(players))
        return Standing(caption=c.gettext("Scores, target {target}.", target=rules.target),
                        header=(player_heading(c), c.gettext("Score"), c.gettext("Turns")),
                        rows=rows, now=Messages(c, game).status(hint=False))

    # -- read back -----------------------------------------------------------------------------
    @staticmethod
    def show_lines(info: SavedGame, game: Game, catalog: Sentences, status: str,
                   sent: Sequence[str | None] = ()) -> list[str]:
        return sheet.show_lines(info, game, catalog, status, sent)

    @staticmethod
    def export_json(info: SavedGame, game: Game,
                    sent: Sequence[str | None] = ()) -> dict[str, object]:
        return sheet.export_json(info, game, sent)

    @staticmethod
    def sheet_table(game: Game, catalog: Sentences,
                    sent: Sequence[str | None] = ()) -> tuple[list[str], list[list[str]]]:
        return sheet.sheet_table(game, catalog, sent)

    @staticmethod
    def braille_sheet(info: SavedGame, game: Game, catalog: Sentences, status: str,
                      sent: Sequence[str | None] = ()) -> list[str]:
        return paper.braille_sheet(info, game, catalog, status, sent)

    @staticmethod
    def labels(catalog: Sentences) -> list[str]:
        return paper.labels(catalog)

    @staticmethod
    def stats_figures() -> StatsFigures[Game]:
        from tutto_a11y.games.tutto.figures import FIGURES

        return FIGURES


def review_line(notice: Notice[Entry, Event, State, Rules], catalog: Sentences) -> str:
    """The coach's brief review of a finished game, from the journal its last notice carries
    (the coach, and numpy, load only then, in the live view's own thread)."""
    from tutto_a11y.games.tutto.reviewing import ReviewWords

    from .coach.review import review

    game = Game.replay(notice.players, notice.rules, notice.history)
    return ReviewWords(catalog, Messages(catalog, game).card_unit).brief(review(game), True)


#: The interface the registry finds; the checker holds it to the contract with Tutto's own
#: types.
INTERFACE: GameInterface[Rules, Game, State, Messages, Entry, Event] = TuttoInterface()
