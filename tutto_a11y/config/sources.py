"""The one order of a setting's sources: the command line, its ``TUTTO_*`` variable, the
settings file, its default.

Click follows this order for the options it reads (``envvar`` and ``default_map``, see
``cli/app.py``); the reading before click (``config/command_line.py``) and ``tutto-tally
settings``, which says where each value comes from, ask :func:`source`, so the order is
written once for both. An empty variable gives no value, as click reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the type checker only: the table of options is imported when asked
    from tutto_a11y.config.settings import ParamValue

#: Where a value comes from, first to last.
COMMAND_LINE = "command line"
VARIABLE = "variable"
FILE = "file"
DEFAULT = "default"
ORDER = (COMMAND_LINE, VARIABLE, FILE, DEFAULT)


def source(typed: bool, variable: str | None, in_file: bool) -> str:
    """Which source gives the value: the first of :data:`ORDER` that has one. ``typed``: the
    command line holds the option; ``variable``: its variable's text (None or empty: unset);
    ``in_file``: the settings file keeps it."""
    if typed:
        return COMMAND_LINE
    if variable:
        return VARIABLE
    if in_file:
        return FILE
    return DEFAULT


def setting_defaults(env: Mapping[str, str]) -> dict[str, ParamValue]:
    """Each setting's value when no source gives one, by setting name: the option's default,
    the system's language (the locale's, ``TUTTO_LANG`` aside) and the games file's place."""
    from tutto_a11y.config.options import SETTINGS
    from tutto_a11y.config.settings import default_lang, resolve_path

    defaults = {key: option.default for key, option in SETTINGS.items()}
    defaults["lang"] = default_lang({k: v for k, v in env.items() if k != "TUTTO_LANG"})
    defaults["db"] = str(resolve_path(None))
    return defaults
