"""The settings file: what a player chose once (language, speech rate, voice), kept for every start.

The file is ``settings.toml`` in the user's config folder: TOML, read by the standard library's
``tomllib`` (``tomli``, the same parser, on Python 3.10), so any valid TOML is accepted and
nothing else is. The settings are top-level keys; a table or an array is no setting's value and
is refused by the value checks. It is read here and written here, and nowhere else; which names
are settings and what values they take is the table of options' (``config/options.py``),
checked by ``config/file_values.py`` with the options' own types, so that a value is refused
the same way wherever it comes from.

A file that cannot be read is reported with its line and left exactly as it is: only
``settings set`` and ``settings unset`` write it, and only when it could be read. They edit it
with ``tomlkit``, which keeps the user's comments, blank lines and order (imported only by those
two commands: every start reads the file, few write it). Writing goes to a temporary file first,
which then replaces the old one, so a crash never leaves half a file.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from tutto_a11y.core.problem import Problem

# Where a top-level key is defined: at the start of a line, bare or quoted, before its "=".
# Only for naming a line in a sentence; the values come from the TOML parser. Patterns, not
# compiled ones: ``re`` compiles each when a file is first read (and keeps it), so a start
# without a settings file does not pay the 0.4 ms the three cost.
_KEY_LINE = r"""[ \t]*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')[ \t]*="""
_TABLE_LINE = r"[ \t]*\[\[?[ \t]*([A-Za-z0-9_-]*)"
_AT_LINE = r"at line (\d+)"


def settings_path() -> Path:
    """``settings.toml`` in the user's config folder (``XDG_CONFIG_HOME`` on Linux)."""
    from tutto_a11y.folders import user_config_dir

    return Path(user_config_dir()) / "settings.toml"


def env_name(word: str) -> str:
    """The environment variable of an option and its setting: ``speech-engine`` is
    ``TUTTO_SPEECH_ENGINE``. The one rule for every ``TUTTO_*`` name of the table of options."""
    return "TUTTO_" + word.upper().replace("-", "_")


class FileProblem(Problem):
    """Why the settings file cannot be used: a reason code, the line (0: the whole file), data.

    Reasons: ``unreadable`` (no permission, not a file, not UTF-8), ``syntax`` (not
    ``name = value``), ``twice`` (a name given twice), and, found by ``config/file_values.py``,
    ``unknown`` (no such setting) and ``value`` (a value the setting cannot have).
    """

    def __init__(self, reason: str, line: int = 0, **data: str) -> None:
        super().__init__(reason, data, shown=(reason, line, data))
        self.line = line


class SettingsFile:
    """The settings read from the file: each value with its line, or the problem found.

    A plain class rather than a dataclass: it is read at every start, and a dataclass costs
    its definition time there (see ``core/record.py``); it is filled in as the file is read,
    so it is no frozen record either."""

    __slots__ = ("path", "values", "lines", "problem")

    def __init__(self, path: Path, values: dict[str, object] | None = None,
                 lines: dict[str, int] | None = None, problem: FileProblem | None = None) -> None:
        self.path = path
        self.values: dict[str, object] = {} if values is None else values
        self.lines: dict[str, int] = {} if lines is None else lines
        self.problem = problem

    def __repr__(self) -> str:
        return (f"SettingsFile(path={self.path!r}, values={self.values!r}, "
                f"lines={self.lines!r}, problem={self.problem!r})")

    @property
    def usable(self) -> dict[str, object]:
        """The values to use: none at all when the file has a problem (defaults instead)."""
        return {} if self.problem else dict(self.values)


def read_settings(path: Path) -> SettingsFile:
    """The settings in ``path``, whatever their names; a missing file is an empty one, never a
    problem."""
    settings_file = SettingsFile(path)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except FileNotFoundError:
        return settings_file
    except (OSError, UnicodeDecodeError):
        settings_file.problem = FileProblem("unreadable")
        return settings_file
    lines = key_lines(text)
    try:
        values = _parse(text)
    except ValueError as error:  # tomllib.TOMLDecodeError is a ValueError
        settings_file.problem = _problem(error, text, lines)
        return settings_file
    for name, value in values.items():
        settings_file.values[name] = value
        settings_file.lines[name] = lines.get(name, 0)
    return settings_file


def _parse(text: str) -> dict[str, object]:
    """The file's TOML as a dictionary: ``tomllib``, or ``tomli`` (the same parser before it
    joined the standard library) on Python 3.10; imported only when there is a file."""
    from importlib import import_module

    parser = import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    loads: Callable[[str], dict[str, object]] = parser.loads
    return loads(text)


def key_lines(text: str) -> dict[str, int]:
    """The line of each top-level key, counted from 1; a key given twice keeps its second line.

    Only the lines before the first table header hold top-level keys; a line inside a
    multi-line string could look like a key, which only ever moves the line a sentence names.
    """
    lines: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), 1):
        table = re.match(_TABLE_LINE, line)
        if table:  # a table is no setting: its name is refused at its header's line
            lines.setdefault(table.group(1), number)
            break
        found = re.match(_KEY_LINE, line)
        if found:
            lines[next(group for group in found.groups() if group is not None)] = number
    return lines


def _problem(error: ValueError, text: str, lines: dict[str, int]) -> FileProblem:
    """What the parser refused, as a problem: a key given twice, or the line of the error."""
    seen: set[str] = set()
    for number, line in enumerate(text.split("\n"), 1):
        if re.match(_TABLE_LINE, line):
            break
        found = re.match(_KEY_LINE, line)
        if found:
            name = next(group for group in found.groups() if group is not None)
            if name in seen:
                return FileProblem("twice", number, name=name)
            seen.add(name)
    where: int | None = getattr(error, "lineno", None)  # Python 3.14 and later
    if where is None:
        at = re.search(_AT_LINE, str(error))
        where = int(at.group(1)) if at else len(text.split("\n"))
    return FileProblem("syntax", where)


def toml_value(value: object) -> str:
    """A value as it is written: true/false, a whole number, or a double-quoted string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    out = []
    for ch in str(value):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F or ch in "\x85\u2028\u2029":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def write_setting(settings_file: SettingsFile, name: str, value: object | None) -> None:
    """Keep ``name = value`` in the file (``value`` None: forget it), every other line as it was.

    Only for a file that could be read. ``tomlkit`` edits the document as the user wrote it:
    comments (the one after the changed value too), blank lines and the order stay. The value
    is written as :func:`toml_value` spells it. The new text replaces the old one in one rename.
    """
    import tempfile

    import tomlkit

    assert settings_file.problem is None, "an unreadable settings file is never written"
    path = settings_file.path
    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        document = tomlkit.document()
    if value is None:
        if name in document:
            del document[name]
    else:
        item = tomlkit.value(toml_value(value))
        old = document.item(name) if name in document else None
        if isinstance(old, tomlkit.items.Item):  # its comment stays after the new value
            item.trivia.comment, item.trivia.comment_ws = old.trivia.comment, old.trivia.comment_ws
        document[name] = item
    text = tomlkit.dumps(document)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".settings-", suffix=".toml", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file for its owner only; a settings file is no secret.
        os.chmod(temp, path.stat().st_mode & 0o7777 if path.exists() else 0o644)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
