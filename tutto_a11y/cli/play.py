"""``play`` started from its parameters, however they were read (before click, or by it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from tutto_a11y.config.settings import ParamValue, Settings, UsageProblem
from tutto_a11y.text.arguments import game_ref, shown


def start_play(params: Mapping[str, ParamValue]) -> int:
    """``play`` with its parameters as read from the command line (global ones included)."""
    from tutto_a11y.config.options import PlayOptions
    from tutto_a11y.table.play import play

    settings = Settings.given(params, game=cast("str | None", params["game"]))
    resume = cast("str | None", params["resume"])
    options = PlayOptions.from_params(
        {**params, "resume": None if resume is None else known_game(resume, settings)})
    return play(settings, options)


def known_game(text: str, settings: Settings) -> str:
    """A game id that can exist (``"3"``, ``"last"``); any other is "no such game" at once."""
    ref = game_ref(text)
    if ref is None:
        from tutto_a11y.text.problems import store_error_sentence

        raise UsageProblem(store_error_sentence("no-such-game", {"game": shown(text)},
                                                str(settings.path), settings.catalog()))
    return ref
