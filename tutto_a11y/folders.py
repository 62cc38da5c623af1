"""Where the program keeps its files: the user's config and data folders.

On Linux these are the XDG base directories, ``$XDG_CONFIG_HOME`` (else ``~/.config``) and
``$XDG_DATA_HOME`` (else ``~/.local/share``), with ``tutto-tally`` added: exactly what
platformdirs answers there, which ``tests/test_folders.py`` checks case by case. They are worked
out here because both are needed at every start and importing platformdirs brings ``tempfile``,
``shutil`` and the compression modules with it, about 3 ms of a start of 60 ms. Anywhere else
(macOS, Windows, a home folder that is not an absolute path) platformdirs answers.
"""

from __future__ import annotations

import os
import sys

APP = "tutto-tally"


def user_config_dir() -> str:
    """The folder of ``settings.toml``."""
    return _xdg("XDG_CONFIG_HOME", "~/.config") or _platformdirs("user_config_dir")


def user_data_dir() -> str:
    """The folder of the games file."""
    return _xdg("XDG_DATA_HOME", "~/.local/share") or _platformdirs("user_data_dir")


def _xdg(variable: str, fallback: str) -> str | None:
    """The XDG answer on Linux, or None where platformdirs must be asked."""
    if not sys.platform.startswith("linux"):
        return None
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):  # unset, empty or relative: the XDG rules ignore it
        home = os.environ.get("HOME")
        if home is None or not os.path.isabs(home):
            return None  # platformdirs looks the home folder up in the password database
        base = os.path.expanduser(fallback)
    return os.path.join(base, APP)


def _platformdirs(name: str) -> str:
    import platformdirs

    folder: str = getattr(platformdirs, name)(APP, appauthor=False)
    return folder
