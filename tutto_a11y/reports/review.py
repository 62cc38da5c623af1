"""``tutto-tally review GAME``: a saved game read back and handed to its game's coach.

This module only reads the game (running or finished) from the games file and picks the
player; the review and its words are the game's coach (its interface's ``coach``: Tutto's),
which loads only when a review is asked for. A game without a coach is refused in one
sentence. Printing the review is the command's (``commands/review.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tutto_a11y.config.settings import Settings, UsageProblem
from tutto_a11y.core.contract import Coach, CoachReview
from tutto_a11y.core.record import Record
from tutto_a11y.games.registry import AnyGame
from tutto_a11y.reports.sheets import read_game
from tutto_a11y.reports.stats import name_key
from tutto_a11y.store.saved import interface_of
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe

T = TypeVar("T")


class Review(Record):
    """The coach's review of one saved game: each player's decisions against its best."""

    game_id: str
    game: AnyGame
    coach: Coach[AnyGame]  # the interface's coach, which reviewed the game and words its review
    #: What the coach's ``review`` found, for every player or the one asked for: the coach's
    #: own, handed back to it to be worded.
    players: CoachReview
    catalog: Catalog  # the chosen language, else the game's own

    def as_json(self) -> dict[str, object]:
        """The review as the JSON of ``review --format json``."""
        data: dict[str, object] = self.coach.review_json(self.game_id, self.players)
        return data

    def lines(self) -> list[str]:
        """The review as lines to print and read aloud."""
        lines: list[str] = self.coach.review_lines(self.game_id, self.game, self.players,
                                                   self.catalog)
        return lines


def _now(compute: Callable[[], T], catalog: Catalog) -> T:
    return compute()


def review_game(settings: Settings, ref: str, player: str | None,
                slowly: Callable[[Callable[[], CoachReview], Catalog], CoachReview] = _now
                ) -> Review:
    """The review of one saved game, of every player or only of ``player``; a game without a
    coach, or a player who did not play in it, is refused in one sentence. The review itself
    is computed through ``slowly`` (with the catalog it will be worded in), which may say
    first that it is computing."""
    info, game = read_game(settings, ref)
    c = Catalog(settings.lang or info.lang)
    coach = interface_of(info).coach
    if coach is None:
        raise UsageProblem(c.gettext("The coach reviews Tutto games only; game {game} is "
                                     "another game.", game=info.id))
    only = None
    if player is not None:
        wanted = name_key(player)
        seats = [seat for seat, name in enumerate(game.players) if name_key(name) == wanted]
        if not seats:
            raise UsageProblem(c.gettext("{name} did not play in game {game}: the players are "
                                         "{players}.", name=terminal_safe(player, limit=40),
                                         game=info.id, players=", ".join(game.players)))
        only = seats[0]
    return Review(info.id, game, coach, slowly(lambda: coach.review(game, only), c), c)
