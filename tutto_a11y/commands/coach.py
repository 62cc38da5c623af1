"""``tutto-tally coach``: the strategy coach's answer for a position, or its ``--duel`` solve.

The coach belongs to its game (Tutto's, in the game's folder), so it is reached through the
registry (``registry.COACHED``) and the game's interface, never by name: the coach checks the
options, words its own sentences and computes the answer; this module prints it. The JSON
answer goes to stdout alone; the lines the coach says while it works (the duel's progress) go
to stdout as text, or to stderr when the answer is JSON, so that a script reads one JSON
document.
"""

from __future__ import annotations

import json
from typing import cast

import click

from tutto_a11y.commands.printing import echo_wrapped, one_moment_notice
from tutto_a11y.config.settings import ParamValue, Settings
from tutto_a11y.core.contract import CoachOptions
from tutto_a11y.games import registry
from tutto_a11y.text.one_moment import after_a_moment


def coach_command(settings: Settings, **options: ParamValue) -> int:
    """Ask the coach with the command's options and print its answer; returns the exit status
    (a refused option is a :class:`~tutto_a11y.config.settings.UsageProblem`, status 2 at the
    edge)."""
    asked = cast(CoachOptions, options)  # click's parameters of ``coach``, by these names
    to_stderr = asked.get("fmt") == "json"

    def say(line: str) -> None:
        echo_wrapped(line, settings.columns(err=to_stderr), err=to_stderr)

    coach = registry.find(registry.COACHED).interface().coach
    assert coach is not None  # the registry names a game that has a coach
    if asked.get("duel"):  # the solve says its own first line and how far it is
        answer = coach.command(settings, say, **asked)
    else:  # a new pile or rule set may take a moment: say so on stderr
        answer = after_a_moment(lambda: coach.command(settings, say, **asked),
                                one_moment_notice(settings))
    if answer is not None:
        click.echo(json.dumps(answer))
    return 0
