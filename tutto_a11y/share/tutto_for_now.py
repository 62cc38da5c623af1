"""Tutto's wording for the live view until the game's own ``side.py`` offers it (temporary).

The game contract gives every game ``word_notice`` and ``standing``; until Tutto's side lands,
this module words Tutto's notices with Tutto's own messages, so the live view already works.
"""

from __future__ import annotations

from typing import Any

from tutto_a11y.games.contract import Notice, Standing
from tutto_a11y.games.tutto.messages import Messages, word_notice
from tutto_a11y.games.tutto.rules import Game, Step
from tutto_a11y.text.i18n import Catalog


class _TuttoForNow:
    name = "tutto"

    @staticmethod
    def word_notice(notice: Notice[Any, Any], catalog: Catalog, verbosity: str = "normal") -> str:
        return word_notice(notice, catalog, verbosity)

    @staticmethod
    def standing(players: tuple[str, ...], rules: Any, state: Any, catalog: Catalog) -> Standing:
        c = catalog
        game = Game.at(players, rules, state)
        m = Messages(c, game)
        rows = tuple((name, str(score)) for name, score in zip(players, state.scores))
        x = game.expect()
        if game.finished:
            now = c.gettext("The game is over.")
        else:
            parts = [c.gettext("{name}'s turn, score {score}.", name=players[x.seat],
                               score=state.scores[x.seat])]
            if x.card is not None and x.step is not Step.CARD:
                parts.append(c.gettext("Card: {card}.", card=m.card_unit(x.card)))
            parts.append(c.gettext("Turn total {total}.", total=x.turn_total))
            if x.step in (Step.ROLL, Step.ROLL_OR_BANK, Step.SET_ASIDE):
                parts.append(c.ngettext("{n} die in hand.", "{n} dice in hand.", x.dice))
            now = " ".join(parts)
        return Standing(caption=c.gettext("Scores, target {target}", target=rules.target),
                        header=(c.gettext("Player"), c.gettext("Score")), rows=rows, now=now)


SIDE = _TuttoForNow()
