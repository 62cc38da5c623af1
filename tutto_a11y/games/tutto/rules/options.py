"""Rule options and presets (docs/rules/tutto.md section 6): one immutable object per game.

The rules object is separate from the game state, like a game's parameters in OpenSpiel: it is
read once when the game starts, stored with the game, and never changes during play.
"""

from __future__ import annotations

from tutto_a11y.core.contract import OptionRules
from tutto_a11y.core.record import replace

from .errors import MalformedEntry

GAME_END = ("final-round", "immediate")
X2_SCOPE = ("turn", "card")
PLUS_MINUS = ("exact-1000-ends-turn", "adds-1000-may-continue")
STREET_AFTER = ("may-continue", "ends-turn")
SCORE_FLOOR = ("zero", "none")

#: The allowed values of every option with choices, by its docs/rules/tutto.md name.
CHOICES: dict[str, tuple[str, ...]] = {
    "game-end": GAME_END,
    "x2-scope": X2_SCOPE,
    "plus-minus": PLUS_MINUS,
    "street-after": STREET_AFTER,
    "score-floor": SCORE_FLOOR,
}
OPTION_NAMES: tuple[str, ...] = ("target", *CHOICES)


class Rules(OptionRules):
    """The rule options of one game. Defaults are the ``standard`` preset."""

    target: int = 6000
    game_end: str = "final-round"
    x2_scope: str = "turn"
    plus_minus: str = "exact-1000-ends-turn"
    street_after: str = "may-continue"
    score_floor: str = "zero"

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or self.target <= 0 or self.target % 50:
            raise MalformedEntry("bad-target", value=str(self.target))
        for name, allowed in CHOICES.items():
            value = getattr(self, _attr(name))
            if value not in allowed:
                raise MalformedEntry("bad-rule-value", option=name, value=str(value),
                                     choices=allowed)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named preset: ``standard``, ``classic-2004`` or ``volle-lotte``."""
        try:
            return replace(cls(), **PRESETS[name])
        except KeyError:
            raise MalformedEntry("unknown-preset", value=name, choices=tuple(PRESETS)) from None

    def with_option(self, name: str, value: str) -> Rules:
        """These rules with one option changed, from text such as ``x2-scope`` = ``card``."""
        name = name.strip().lower()
        if name not in OPTION_NAMES:
            raise MalformedEntry("unknown-rule", option=name, choices=OPTION_NAMES)
        value = value.strip().lower()
        if name == "target":
            try:
                number = int(value)
            except ValueError:
                raise MalformedEntry("bad-target", value=value) from None
            return replace(self, target=number)
        changed: dict[str, object] = {_attr(name): value}
        return replace(self, **changed)

    def preset_name(self) -> str | None:
        """The preset these rules equal, if any (for the start-of-game announcement)."""
        for name, options in PRESETS.items():
            if replace(Rules(), **options, target=self.target) == self:
                return name
        return None


def _attr(option: str) -> str:
    return option.replace("-", "_")


PRESETS: dict[str, dict[str, str]] = {
    "standard": {},
    "classic-2004": {"game_end": "immediate", "plus_minus": "adds-1000-may-continue"},
    "volle-lotte": {"game_end": "immediate", "street_after": "ends-turn"},
}
