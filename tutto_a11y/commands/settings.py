"""``tutto-tally settings``: show the settings and where each comes from, keep one, forget one.

The words are the user's: every line is one sentence in the chosen language. Where a value
comes from is the one order of ``config/sources.py``, and a value to keep is checked by the
option's own checker (``check`` is ``config/file_values.py``'s), so ``settings set rate 5`` is
refused with the same sentence as ``--rate 5``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

from tutto_a11y.commands.printing import echo_wrapped
from tutto_a11y.config.file import SettingsFile, env_name, toml_value, write_setting
from tutto_a11y.config.file_values import yes_no_word
from tutto_a11y.config.options import SETTINGS
from tutto_a11y.config.settings import Checked, ParamValue, UsageProblem
from tutto_a11y.config.sources import COMMAND_LINE, FILE, VARIABLE, source
from tutto_a11y.text.arguments import shown
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.lists import and_list
from tutto_a11y.text.names import terminal_safe

#: How a value to keep is checked: a setting's name and the typed value, to the value kept.
Check = Callable[[str, object], Checked]


def shown_value(value: object, c: Catalog) -> str:
    """A value as the user reads it: yes or no in the user's language ("an", "oui"; each is
    also what ``settings set`` takes), numbers as written, text as it is."""
    if isinstance(value, bool):
        return yes_no_word(value, c)
    if isinstance(value, int):
        return toml_value(value)
    return terminal_safe(str(value)) or '""'  # whole: a path is no use cut short


def show_settings(kept: SettingsFile, given: Mapping[str, ParamValue], env: Mapping[str, str],
                  defaults: Mapping[str, ParamValue], c: Catalog, width: int | None) -> int:
    """Every setting, its value and where it comes from: command line, TUTTO_*, file, default."""
    values = kept.usable
    if kept.path.exists():
        echo_wrapped(c.gettext("The settings file is {file}.", file=str(kept.path)), width)
    else:
        echo_wrapped(c.gettext("There is no settings file yet; tutto-tally settings set NAME "
                               "VALUE makes {file}.", file=str(kept.path)), width)
    for key in SETTINGS:
        variable = env_name(key)
        where = source(given.get(key) is not None, env.get(variable), key in values)
        if where == COMMAND_LINE:
            sentence = c.gettext("{name}: {value}, from the command line.", name=key,
                                 value=shown_value(given[key], c))
        elif where == VARIABLE:
            sentence = c.gettext("{name}: {value}, from {variable}.", name=key,
                                 value=shown_value(env[variable], c), variable=variable)
        elif where == FILE:
            sentence = c.gettext("{name}: {value}, from the settings file.", name=key,
                                 value=shown_value(values[key], c))
        elif key == "lang":
            sentence = c.gettext("{name}: {value}, from the system language.", name=key,
                                 value=defaults[key])
        elif defaults.get(key) is None:
            sentence = c.gettext("{name}: not set.", name=key)
        else:
            sentence = c.gettext("{name}: {value}, the default.", name=key,
                                 value=shown_value(defaults[key], c))
        echo_wrapped(sentence, width)
    return 0


def change_setting(kept: SettingsFile, words: Sequence[str], check: Check,
                   env: Mapping[str, str], c: Catalog, width: int | None) -> int:
    """``set NAME VALUE`` or ``unset NAME``: the file changed, or one sentence why not."""
    action = words[0].lower() if words else ""
    if not ((action == "set" and len(words) == 3) or (action == "unset" and len(words) == 2)):
        raise UsageProblem(c.gettext("Type tutto-tally settings to see the settings, "
                                     "tutto-tally settings set NAME VALUE to keep one, or "
                                     "tutto-tally settings unset NAME to forget one."))
    name = words[1].strip().lower()
    if name not in SETTINGS:
        raise UsageProblem(c.gettext("{name} is no setting; the settings are {names}.",
                                     name=shown(words[1]), names=and_list(list(SETTINGS), c)))
    if kept.problem is not None:
        if kept.problem.line:
            raise UsageProblem(c.gettext(
                "Nothing was changed: line {line} of the settings file {file} cannot be read; "
                "correct or remove that line first.", line=kept.problem.line,
                file=str(kept.path)))
        raise UsageProblem(c.gettext("Nothing was changed: the settings file {file} cannot be "
                                     "read.", file=str(kept.path)))
    file = str(kept.path)
    value: Checked | None
    if action == "set":
        value = check(name, words[2])
        if name == "db":  # a file name: its checker gives text
            value = str(Path(cast(str, value)).expanduser().absolute())
        said = c.gettext("{name} is now {value}, kept in {file}.", name=name,
                         value=shown_value(value, c), file=file)
    elif name in kept.values:
        value = None
        said = c.gettext("{name} is forgotten; the settings file {file} no longer keeps it.",
                         name=name, file=file)
    else:
        echo_wrapped(c.gettext("{name} was not kept in the settings file, so nothing changed.",
                               name=name), width)
        return 0
    try:
        write_setting(kept, name, value)
    except OSError:
        raise UsageProblem(c.gettext("Nothing was changed: the settings file {file} cannot be "
                                     "written.", file=file)) from None
    echo_wrapped(said, width)
    if env.get(env_name(name)):
        echo_wrapped(c.gettext("{variable} is set as well, and it goes before the settings "
                               "file.", variable=env_name(name)), width)
    return 0
