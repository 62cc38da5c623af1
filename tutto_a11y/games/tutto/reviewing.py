"""The coach's review in words: one sentence per player, and the costliest moves as the table
would tell them ("Turn 2, Bonus 300, after 1 2 3 4 6 6 Ben banked 100; rolling on was worth
376."). The review is a report about every player, read by all of them: each move names its
player in the third person, never "you".

The figures come from :mod:`tutto_a11y.games.tutto.coach.review` (and numpy with it),
imported by whoever calls this module, never when a game starts. Points are said to whole
points as ``advice`` says them; chances (Cloverleaf, Plus/Minus) in percent to one decimal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tutto_a11y.games.tutto.advice import faces_listed, percent_said, spoken
from tutto_a11y.games.tutto.rules import Card
from tutto_a11y.text.i18n import Catalog


def roll_said(faces: Sequence[int]) -> str:
    """A roll as it fell, faces apart: "1 2 3 4 6 6"."""
    return " ".join(str(f) for f in faces)


class ReviewWords:
    """The review's sentences in one catalog; ``card_name`` names a card as the table does."""

    def __init__(self, catalog: Catalog, card_name: Callable[[Card], str]) -> None:
        self.c = catalog
        self.card_name = card_name

    # -- a player --------------------------------------------------------------------------
    def player(self, p: Any) -> str:
        """Decisions, how many as the coach would, the points given away on average."""
        c, count = self.c, len(p.decisions)
        if not count:
            return c.gettext("{name}: no decision to look back on yet.", name=p.name)
        average = spoken(p.expected_loss / count)
        given = c.ngettext("{n} point given away on average", "{n} points given away on average",
                           average)
        return c.ngettext("{name}: {n} decision, {best} as the coach would take it, {given}.",
                          "{name}: {n} decisions, {best} as the coach would take them, {given}.",
                          count, name=p.name, best=p.best, given=given)

    def chances(self, p: Any) -> str:
        """Where the chance counts, not the points: how many such decisions, how many best."""
        found = [d for d in p.decisions if d.measure == "chance"]
        best = sum(d.as_the_coach for d in found)
        return self.c.ngettext(
            "Under Cloverleaf and Plus/Minus the chance counts, not the points: {n} decision, "
            "{best} with the best chance.",
            "Under Cloverleaf and Plus/Minus the chance counts, not the points: {n} "
            "decisions, {best} with the best chance.", len(found), best=best)

    # -- a move ----------------------------------------------------------------------------
    def move(self, d: Any, name: str) -> str:
        """One costly decision of the player ``name``: where, what was done, what the coach's
        way was worth."""
        if d.measure == "chance":
            return self.chance_move(d, name)
        same = tuple(d.chose.set_aside) == tuple(d.coach.set_aside)
        return self.c.gettext("Turn {turn}, {card}, after {roll} {chose}; {coach} was worth "
                              "{value}.", turn=d.turn, card=self.card_name(d.card),
                              roll=roll_said(d.roll), chose=self._chose(d.chose, same, name),
                              coach=self._coach(d.coach, same), value=spoken(d.coach.expected))

    def chance_move(self, d: Any, name: str) -> str:
        c = self.c
        same = tuple(d.chose.set_aside) == tuple(d.coach.set_aside)
        chose = self._chose(d.chose, same, name, said=False)
        coach = self._coach(d.coach, same)
        percent, best = percent_said(d.chose.chance, c), percent_said(d.coach.chance, c)
        if d.card is Card.CLOVERLEAF:
            return c.gettext("Turn {turn}, {card}, after {roll} {chose}: chance to win "
                             "{percent} percent; {coach} would have given {best} percent.",
                             turn=d.turn, card=self.card_name(d.card), roll=roll_said(d.roll),
                             chose=chose, percent=percent, coach=coach, best=best)
        return c.gettext("Turn {turn}, {card}, after {roll} {chose}: chance of the Tutto "
                         "{percent} percent; {coach} would have given {best} percent.",
                         turn=d.turn, card=self.card_name(d.card), roll=roll_said(d.roll),
                         chose=chose, percent=percent, coach=coach, best=best)

    def _chose(self, choice: Any, same: bool, name: str, said: bool = True) -> str:
        """What the player ``name`` did, with its value unless ``said`` is False."""
        c, value, faces = self.c, spoken(choice.expected), faces_listed(choice.set_aside)
        then = choice.then
        if not said:
            if same or not choice.set_aside:
                return {"roll": c.pgettext("review chose", "{name} rolled on", name=name),
                        "bank": c.pgettext("review chose", "{name} banked", name=name),
                        "draw": c.pgettext("review chose", "{name} drew a card",
                                           name=name)}[then]
            return {"roll": c.pgettext("review chose", "{name} set aside {faces} and rolled on",
                                       name=name, faces=faces),
                    "bank": c.pgettext("review chose", "{name} set aside {faces} and banked",
                                       name=name, faces=faces),
                    "draw": c.pgettext("review chose", "{name} set aside {faces} and drew a card",
                                       name=name, faces=faces)}[then]
        if same or not choice.set_aside:
            if then == "bank":
                return c.pgettext("review chose", "{name} banked {value}", name=name,
                                  value=value)
            if then == "draw":
                return c.pgettext("review chose", "{name} drew a card, worth {value} on average",
                                  name=name, value=value)
            return c.pgettext("review chose", "{name} rolled on, worth {value} on average",
                              name=name, value=value)
        if then == "bank":
            return c.pgettext("review chose", "{name} set aside {faces} and banked {value}",
                              name=name, faces=faces, value=value)
        if then == "draw":
            return c.pgettext("review chose", "{name} set aside {faces} and drew a card, worth "
                              "{value} on average", name=name, faces=faces, value=value)
        return c.pgettext("review chose", "{name} set aside {faces} and rolled on, worth "
                          "{value} on average", name=name, faces=faces, value=value)

    def _coach(self, choice: Any, same: bool) -> str:
        """The coach's way, as the subject of "... was worth 376"."""
        c, faces, then = self.c, faces_listed(choice.set_aside), choice.then
        if same or not choice.set_aside:
            return {"roll": c.pgettext("review coach", "rolling on"),
                    "bank": c.pgettext("review coach", "banking"),
                    "draw": c.pgettext("review coach", "drawing a card")}[then]
        return {"roll": c.pgettext("review coach", "setting aside {faces} and rolling on",
                                   faces=faces),
                "bank": c.pgettext("review coach", "setting aside {faces} and banking",
                                   faces=faces),
                "draw": c.pgettext("review coach", "setting aside {faces} and drawing a card",
                                   faces=faces)}[then]

    # -- the whole review ------------------------------------------------------------------
    def lines(self, game_id: Any, players: Sequence[Any]) -> list[str]:
        """``review`` as text: a title, then per player a sentence and the costliest moves."""
        lines = [self.c.gettext("Review of game {game}: each decision against the coach's "
                                "best.", game=game_id)]
        for p in players:
            lines.append(self.player(p))
            lines.extend(self.move(d, p.name) for d in p.costliest())
            if any(d.measure == "chance" for d in p.decisions):
                lines.append(self.chances(p))
                lines.extend(self.move(d, p.name) for d in p.costliest("chance"))
        return lines

    def brief(self, players: Sequence[Any], over: bool) -> str:
        """At the table: per player the sentence and the costliest move, as one line."""
        c = self.c
        parts = [c.gettext("The coach looks back on the game.") if over
                 else c.gettext("The coach looks back on the game so far.")]
        for p in players:
            parts.append(self.player(p))
            costliest = p.costliest() or p.costliest("chance")
            if costliest:
                parts.append(self.move(costliest[0], p.name))
        return " ".join(parts)
