"""``tutto-tally review GAME``: a saved Tutto game read back and handed to the coach's review.

This module only reads the game (running or finished) from the games file and picks the
player; the review itself is :mod:`tutto_a11y.games.tutto.coach.review` and its words
:mod:`tutto_a11y.games.tutto.reviewing`, both imported here only when a review is asked for.
"""

from __future__ import annotations

import json

import click

from tutto_a11y.settings import Settings, UsageProblem
from tutto_a11y.store.saved import side_of
from tutto_a11y.store.sheets import _read_game
from tutto_a11y.store.stats import name_key
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe
from tutto_a11y.text.output import echo_wrapped


def review_command(settings: Settings, ref: str, player: str | None, fmt: str) -> int:
    """Print the review of one saved game, as text (in the chosen language, else the game's
    own) or as JSON."""
    info, game = _read_game(settings, ref)
    c = Catalog(settings.lang or info.lang)
    side = side_of(info)
    if side.name != "tutto":
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
    from tutto_a11y.games.tutto.coach.review import as_json, review

    players = review(game, only)
    if fmt == "json":
        click.echo(json.dumps(as_json(info.id, players), ensure_ascii=False))
        return 0
    from tutto_a11y.games.tutto.reviewing import ReviewWords

    words = ReviewWords(c, side.messages(c, game).card_unit)
    for line in words.lines(info.id, players):
        echo_wrapped(line, settings.columns())
    return 0
