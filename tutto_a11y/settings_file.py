"""The settings file: what a player chose once (language, speech rate, voice), kept for every start.

The file is ``settings.toml`` in the user's config folder, a flat list of ``name = value`` lines
in the small part of TOML that is needed here: strings, whole numbers and true/false, comments
and blank lines. It is read here and written here, and nowhere else; checking the values is left
to the command line's own option types (``cli/kept.py``), so that a value is refused the same way
wherever it comes from.

A file that cannot be read is reported with its line and left exactly as it is: only
``settings set`` and ``settings unset`` write it, and only when it could be read. Writing goes
to a temporary file first, which then replaces the old one, so a crash never leaves half a file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

# The names a player can keep, and the parameter of ``play`` each one stands for.
KEYS: dict[str, str] = {
    "lang": "lang", "verbosity": "verbosity", "rate": "rate", "voice": "voice",
    "speech-engine": "speech_engine", "width": "width", "braille-line": "braille_line",
    "sighted": "sighted", "coach": "coach", "db": "db", "game": "game",
}

_NAME = re.compile(r"[A-Za-z0-9_-]+\Z")
_INTEGER = re.compile(r"[+-]?[0-9](?:_?[0-9])*\Z")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def settings_path() -> Path:
    """``settings.toml`` in the user's config folder (``XDG_CONFIG_HOME`` on Linux)."""
    from tutto_a11y.folders import user_config_dir

    return Path(user_config_dir()) / "settings.toml"


def env_name(key: str) -> str:
    """The environment variable of a setting: ``speech-engine`` is ``TUTTO_SPEECH_ENGINE``."""
    return "TUTTO_" + key.upper().replace("-", "_")


class FileProblem(Exception):
    """Why the settings file cannot be used: a reason code, the line (0: the whole file), data.

    Reasons: ``unreadable`` (no permission, not a file, not UTF-8), ``syntax`` (not
    ``name = value``), ``unknown`` (no such setting), ``twice`` (a name given twice) and
    ``value`` (a value the setting cannot have, found by ``cli/kept.py``).
    """

    def __init__(self, reason: str, line: int = 0, **data: str) -> None:
        super().__init__(reason, line, data)
        self.reason = reason
        self.line = line
        self.data = data


class SettingsFile:
    """The settings read from the file: each value with its line, or the problem found.

    A plain class rather than a dataclass: it is read at every start, and a dataclass costs
    its definition time there (see ``games/record.py``); it is filled in as the file is read,
    so it is no frozen record either."""

    __slots__ = ("path", "values", "lines", "problem")

    def __init__(self, path: Path, values: dict[str, Any] | None = None,
                 lines: dict[str, int] | None = None, problem: FileProblem | None = None) -> None:
        self.path = path
        self.values: dict[str, Any] = {} if values is None else values
        self.lines: dict[str, int] = {} if lines is None else lines
        self.problem = problem

    def __repr__(self) -> str:
        return (f"SettingsFile(path={self.path!r}, values={self.values!r}, "
                f"lines={self.lines!r}, problem={self.problem!r})")

    @property
    def usable(self) -> dict[str, Any]:
        """The values to use: none at all when the file has a problem (defaults instead)."""
        return {} if self.problem else dict(self.values)


def read_settings(path: Path) -> SettingsFile:
    """The settings in ``path``; a missing file is an empty one, never a problem."""
    kept = SettingsFile(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return kept
    except (OSError, UnicodeDecodeError):
        kept.problem = FileProblem("unreadable")
        return kept
    try:
        for number, line in enumerate(_lines(text), 1):
            parsed = parse_line(line, number)
            if parsed is None:
                continue
            name, value = parsed
            if name in kept.values:
                raise FileProblem("twice", number, name=name)
            kept.values[name] = value
            kept.lines[name] = number
    except FileProblem as problem:
        kept.problem = problem
    return kept


def _lines(text: str) -> list[str]:
    """The file's lines as TOML has them: ended by LF or CR LF only (``splitlines`` would also
    split at characters a voice name or a path may hold)."""
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    return lines[:-1] if lines and lines[-1] == "" else lines


def parse_line(line: str, number: int) -> tuple[str, Any] | None:
    """One line: None for a blank or comment line, else the setting's name and value."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    name, sep, rest = text.partition("=")
    name = name.strip()
    if len(name) >= 2 and name[0] == name[-1] == '"':
        name = name[1:-1]
    if not sep or not _NAME.match(name):
        raise FileProblem("syntax", number)
    if name not in KEYS:
        raise FileProblem("unknown", number, name=name)
    value, after = _value(rest.strip(), number)
    if after.strip() and not after.strip().startswith("#"):
        raise FileProblem("syntax", number)
    return name, value


def _value(text: str, number: int) -> tuple[Any, str]:
    """A TOML value at the start of ``text`` and what follows it."""
    if text.startswith('"'):
        return _basic_string(text, number)
    if text.startswith("'"):
        end = text.find("'", 1)
        if end < 0:
            raise FileProblem("syntax", number)
        return text[1:end], text[end + 1:]
    word, _, after = text.partition("#")
    word = word.strip()
    if word in ("true", "false"):
        return word == "true", ""
    if _INTEGER.match(word):
        return int(word.replace("_", "")), ""
    raise FileProblem("syntax", number)


def _basic_string(text: str, number: int) -> tuple[str, str]:
    """A double-quoted TOML string with its escapes."""
    out: list[str] = []
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return "".join(out), text[i + 1:]
        if ch == "\\":
            code = text[i + 1:i + 2]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                i += 2
                continue
            size = {"u": 4, "U": 8}.get(code)
            digits = text[i + 2:i + 2 + size] if size else ""
            if not size or len(digits) != size or not all(d in "0123456789abcdefABCDEF"
                                                          for d in digits):
                raise FileProblem("syntax", number)
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:
                raise FileProblem("syntax", number) from None
            i += 2 + size
            continue
        if ord(ch) < 0x20 and ch != "\t":
            raise FileProblem("syntax", number)
        out.append(ch)
        i += 1
    raise FileProblem("syntax", number)


def toml_value(value: Any) -> str:
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


def write_setting(kept: SettingsFile, name: str, value: Any | None) -> None:
    """Keep ``name = value`` in the file (``value`` None: forget it), every other line as it was.

    Only for a file that could be read; the new text replaces the old one in one rename.
    """
    import tempfile  # only here: every start reads the file, few write it

    assert kept.problem is None, "an unreadable settings file is never written"
    path = kept.path
    try:
        lines = _lines(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        lines = []
    where = kept.lines.get(name)
    new = f"{name} = {toml_value(value)}" if value is not None else None
    if where is not None:
        if new is None:
            del lines[where - 1]
        else:
            lines[where - 1] = new
    elif new is not None:
        lines.append(new)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".settings-", suffix=".toml", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write("".join(line + "\n" for line in lines))
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file for its owner only; a settings file is no secret.
        os.chmod(temp, path.stat().st_mode & 0o7777 if path.exists() else 0o644)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
