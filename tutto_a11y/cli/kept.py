"""The settings file's names and values checked against the table of options, without click.

A kept setting is one of the options of ``play`` (``SETTINGS`` in ``table/options.py``): it is
accepted or refused by the same checker, so a value that would be refused on the command line
is refused in the file too, in the same words, naming the setting instead of the option.
"""

from __future__ import annotations

from typing import Any

from tutto_a11y.settings import UsageProblem
from tutto_a11y.settings_file import FileProblem, SettingsFile
from tutto_a11y.table.options import FLAG, SETTINGS, SWITCH
from tutto_a11y.text.arguments import SETTING_FLAG_WORDS, parse_flag
from tutto_a11y.text.i18n import Catalog, chosen_lang


def check_setting(key: str, value: Any) -> Any:
    """A setting's value as its option would take it; a :class:`UsageProblem` if refused."""
    option = SETTINGS[key]
    if option.how in (FLAG, SWITCH):
        try:
            return parse_flag(value, SETTING_FLAG_WORDS)
        except ValueError:
            c = Catalog(chosen_lang())
            raise UsageProblem(c.gettext("{option} can be {true} or {false}, yes or no, on or "
                                         "off, 1 or 0.", option=key,
                                         true=c.pgettext("setting value", "true"),
                                         false=c.pgettext("setting value", "false"))) from None
    assert option.kind is not None  # every other option takes a value
    try:
        return option.kind.parse(value)
    except ValueError:
        raise UsageProblem(option.kind.refusal(value, key)) from None


def check_file(kept: SettingsFile) -> tuple[dict[str, Any], FileProblem | None]:
    """The file's values by parameter name, checked; or none and the first problem: a name
    that is no setting (the first in the file) before a value a setting cannot have."""
    if kept.problem is not None:
        return {}, kept.problem
    for key in kept.values:
        if key not in SETTINGS:
            return {}, FileProblem("unknown", kept.lines.get(key, 0), name=key)
    values = {}
    for key, value in kept.values.items():
        try:
            values[SETTINGS[key].name] = check_setting(key, value)
        except UsageProblem:
            return {}, FileProblem("value", kept.lines[key], name=key, value=str(value))
    return values, None
