"""``tutto-tally review GAME``: a saved game read back and handed to its game's coach.

This module only reads the game (running or finished) from the games file and picks the
player; the review and its words are the game's coach (the side's ``coach``: Tutto's), which
loads only when a review is asked for. A game without a coach is refused in one sentence.
"""

from __future__ import annotations

import json

import click

from tutto_a11y.settings import Settings, UsageProblem
from tutto_a11y.store.saved import side_of
from tutto_a11y.store.sheets import read_game
from tutto_a11y.store.stats import name_key
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe
from tutto_a11y.text.output import echo_wrapped


def review_command(settings: Settings, ref: str, player: str | None, fmt: str) -> int:
    """Print the review of one saved game, as text (in the chosen language, else the game's
    own) or as JSON."""
    info, game = read_game(settings, ref)
    c = Catalog(settings.lang or info.lang)
    side = side_of(info)
    coach = side.coach
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
    players = coach.review(game, only)
    if fmt == "json":
        click.echo(json.dumps(coach.review_json(info.id, players), ensure_ascii=False))
        return 0
    for line in coach.review_lines(info.id, game, players, c):
        echo_wrapped(line, settings.columns())
    return 0
