"""Rule options of Yatzee (docs/rules/yatzee.md section 6): one immutable object per game.

Read once when the game starts and stored with it, like Tutto's rules; the names and values are
those of the rules file, so ``--rule yatzee=fixed-50`` reads as the file does.
"""

from __future__ import annotations

from tutto_a11y.core.contract import OptionRules
from tutto_a11y.core.record import replace

from .errors import MalformedEntry

THROW_BONUS = ("on", "off")
YATZEE = ("sum-plus-50", "fixed-50")

#: The allowed values of every option with choices, by its rules-file name.
CHOICES: dict[str, tuple[str, ...]] = {"throw-bonus": THROW_BONUS, "yatzee": YATZEE}
OPTION_NAMES: tuple[str, ...] = ("throw-bonus", "yatzee", "upper-bonus")
#: The only preset: the rule sheet as written.
PRESETS: tuple[str, ...] = ("standard",)


class Rules(OptionRules):
    """The rule options of one game; the defaults are the rule sheet's."""

    throw_bonus: str = "on"
    yatzee: str = "sum-plus-50"
    upper_bonus: str = "84:50"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name.replace("-", "_"))
            if value not in allowed:
                raise MalformedEntry("bad-rule-value", option=name, value=str(value),
                                     choices=allowed)
        _threshold_and_points(self.upper_bonus)

    @property
    def bonus_threshold(self) -> int:
        return _threshold_and_points(self.upper_bonus)[0]

    @property
    def bonus_points(self) -> int:
        return _threshold_and_points(self.upper_bonus)[1]

    def throw_bonus_after(self, roll: int) -> int:
        """The throw bonus of a turn ended on roll 1, 2 or 3: 10, 5, 0 (0 when switched off)."""
        if self.throw_bonus != "on":
            return 0
        return (0, 10, 5, 0)[roll]

    @classmethod
    def preset(cls, name: str | None) -> Rules:
        """The rules of a named preset (``standard``, or None for it)."""
        if name is not None and name not in PRESETS:
            raise MalformedEntry("unknown-preset", value=name, choices=PRESETS)
        return cls()

    def with_option(self, name: str, value: str) -> Rules:
        """These rules with one option changed, from text such as ``throw-bonus`` = ``off``."""
        if name not in OPTION_NAMES:
            raise MalformedEntry("unknown-rule", option=name, choices=OPTION_NAMES)
        changed: dict[str, object] = {name.replace("-", "_"): value.strip()}
        return replace(self, **changed)

    def is_standard(self) -> bool:
        return self == Rules()


def _threshold_and_points(text: str) -> tuple[int, int]:
    """``84:50`` as (84, 50); MalformedEntry unless two whole numbers, the threshold at most
    the best upper sum (126) so the bonus can be reached."""
    threshold, sep, points = str(text).partition(":")
    if sep and threshold.isascii() and threshold.isdigit() and points.isascii() \
            and points.isdigit() and len(threshold) <= 3 and len(points) <= 4:
        if 0 < int(threshold) <= 126:
            return int(threshold), int(points)
    raise MalformedEntry("bad-rule-value", option="upper-bonus", value=str(text),
                         choices=("84:50",))
