"""``tutto-tally games``: the saved games, one line each, newest first.

The report (``reports/sheets.py``) reads the games (and marks one abandoned with
``--abandon``); this module words each game as one sentence in the chosen language and
prints it.
"""

from __future__ import annotations

from tutto_a11y.commands.printing import echo_wrapped
from tutto_a11y.config.settings import Settings
from tutto_a11y.reports.sheets import saved_games, status_word
from tutto_a11y.text.names import printable_names


def list_games(settings: Settings, abandon: str | None) -> int:
    """Print one line per saved game, after marking ``abandon`` abandoned if given."""
    c, width = settings.catalog(), settings.columns()
    abandoned, games = saved_games(settings, abandon)
    if abandoned is not None:
        echo_wrapped(c.gettext("Game {game} is marked abandoned.", game=abandoned), width)
    if not games:
        echo_wrapped(c.gettext("There are no saved games yet."), width)
    for listed in games:
        info = listed.info
        if listed.players is None:
            echo_wrapped(c.gettext("Game {game} is damaged: its players or rules cannot be "
                                   "read.", game=info.id), width)
            continue
        echo_wrapped(c.gettext("Game {game}, {date}: {players}, {status}.", game=info.id,
                               date=info.created[:16].replace("T", " "),
                               players=", ".join(printable_names(listed.players)),
                               status=status_word(info.status, c)), width)
    return 0
