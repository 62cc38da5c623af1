"""Tute's rule options (docs/rules/tute.md section 7): one immutable object per match.

Where the rule page is silent, docs/rules/tute.md names a choice; each is an option here with the
page's reading as the default.
"""

from __future__ import annotations

from tutto_a11y.core.contract import MalformedEntry, OptionRules
from tutto_a11y.core.record import replace

TIE = ("last-trick", "replay")
TUTE_WINS = ("match", "round")
OVER_120 = ("two-games", "one-game")

CHOICES: dict[str, tuple[str, ...]] = {"tie": TIE, "tute-wins": TUTE_WINS, "over-120": OVER_120}
OPTION_NAMES: tuple[str, ...] = ("games", *CHOICES)
#: Tute has one set of rules; its name is what ``--rules`` accepts.
PRESETS: dict[str, dict[str, str]] = {"standard": {}}
MAX_GAMES = 99  # won games to win a match: more is no evening at a table


class Rules(OptionRules):
    """The options of one match. ``games``: won games needed to win the match."""

    games: int = 1
    tie: str = "last-trick"
    tute_wins: str = "match"
    over_120: str = "two-games"

    def __post_init__(self) -> None:
        if not isinstance(self.games, int) or not 1 <= self.games <= MAX_GAMES:
            raise MalformedEntry("bad-games", value=str(self.games), maximum=MAX_GAMES)
        for name, allowed in CHOICES.items():
            value = getattr(self, _attr(name))
            if value not in allowed:
                raise MalformedEntry("bad-rule-value", option=name, value=str(value),
                                     choices=allowed)

    @classmethod
    def preset(cls, name: str) -> Rules:
        if name not in PRESETS:
            raise MalformedEntry("unknown-preset", value=name, choices=tuple(PRESETS))
        return replace(cls(), **PRESETS[name])

    def with_option(self, name: str, value: str) -> Rules:
        """These rules with one option changed, from text such as ``tie`` = ``replay``."""
        name = name.strip().lower()
        if name not in OPTION_NAMES:
            raise MalformedEntry("unknown-rule", option=name, choices=OPTION_NAMES)
        value = value.strip().lower()
        if name == "games":
            if not (value.isascii() and value.isdigit()) or len(value) > 3:
                raise MalformedEntry("bad-games", value=value, maximum=MAX_GAMES)
            return replace(self, games=int(value))
        changed: dict[str, object] = {_attr(name): value}
        return replace(self, **changed)


def _attr(option: str) -> str:
    return option.replace("-", "_")
