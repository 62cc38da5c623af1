"""The settings file's names and values checked against the table of options, without click,
and its problem said in one sentence.

A kept setting is one of the options of ``play`` (``SETTINGS`` in ``config/options.py``): it is
accepted or refused by the same checker, so a value that would be refused on the command line
is refused in the file too, in the same words, naming the setting instead of the option. A file
that cannot be used is said once at the start (``cli/main.py``) and by ``tutto-tally settings``
in the same sentence, :func:`file_problem_sentence`.
"""

from __future__ import annotations

from pathlib import Path

from tutto_a11y.config.file import FileProblem, SettingsFile
from tutto_a11y.config.options import FLAG, SETTINGS, SWITCH
from tutto_a11y.config.settings import Checked, UsageProblem
from tutto_a11y.config.values import SETTING_FLAG_WORDS, parse_flag
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.i18n import Catalog, chosen_lang


def yes_no_word(value: bool, c: Catalog) -> str:
    """The word a yes-or-no setting is shown and typed with in the user's language ("an",
    "oui"): written once, for the settings file's refusal and the ``settings`` command."""
    return c.pgettext("setting value", "true") if value else c.pgettext("setting value", "false")


def check_setting(key: str, value: object) -> Checked:
    """A setting's value as its option would take it; a :class:`UsageProblem` if refused."""
    option = SETTINGS[key]
    if option.how in (FLAG, SWITCH):
        try:
            return parse_flag(value, SETTING_FLAG_WORDS)
        except ValueError:
            c = Catalog(chosen_lang())
            raise UsageProblem(c.gettext("{option} can be {true} or {false}, yes or no, on or "
                                         "off, 1 or 0.", option=key,
                                         true=yes_no_word(True, c),
                                         false=yes_no_word(False, c))) from None
    assert option.kind is not None  # every other option takes a value
    try:
        return option.kind.parse(value)
    except ValueError:
        raise UsageProblem(option.kind.refusal(value, key)) from None


def check_file(settings_file: SettingsFile) -> tuple[dict[str, Checked], FileProblem | None]:
    """The file's values by parameter name, checked; or none and the first problem: a name
    that is no setting (the first in the file) before a value a setting cannot have."""
    if settings_file.problem is not None:
        return {}, settings_file.problem
    for key in settings_file.values:
        if key not in SETTINGS:
            return {}, FileProblem("unknown", settings_file.lines.get(key, 0), name=key)
    values = {}
    for key, value in settings_file.values.items():
        try:
            values[SETTINGS[key].name] = check_setting(key, value)
        except UsageProblem:
            return {}, FileProblem("value", settings_file.lines[key], name=key, value=str(value))
    return values, None


def file_problem_sentence(problem: FileProblem, path: Path, c: Catalog) -> str:
    """Why the settings file is not used, with its line, in one sentence."""
    file, line, data = str(path), problem.line, problem.data
    if problem.reason == "syntax":
        return c.gettext("Line {line} of the settings file {file} is not of the form "
                         "name = value, so the default settings are used.", line=line, file=file)
    if problem.reason == "unknown":
        return c.gettext("Line {line} of the settings file {file} names {name}, which is no "
                         "setting, so the default settings are used.", line=line, file=file,
                         name=shown(data.get("name", "")))
    if problem.reason == "twice":
        return c.gettext("Line {line} of the settings file {file} gives {name} a second time, "
                         "so the default settings are used.", line=line, file=file,
                         name=data.get("name", ""))
    if problem.reason == "value":
        return c.gettext("Line {line} of the settings file {file} gives {name} the value "
                         "{value}, which it cannot have, so the default settings are used.",
                         line=line, file=file, name=data.get("name", ""),
                         value=shown(data.get("value", "")))
    return c.gettext("The settings file {file} cannot be read, so the default settings are "
                     "used.", file=file)
