"""The games file and the settings file are where platformdirs says they are, on every start.

``tutto_a11y/folders.py`` works the two folders out itself on Linux (importing platformdirs
costs a part of every start); here both answers are compared under every kind of environment a
user may have, so the files never move.
"""

from __future__ import annotations

import os
import sys
from unittest import mock

import platformdirs
import pytest

from tutto_a11y.folders import user_config_dir, user_data_dir

HOMES = ["/home/anna", "/home/anna/", "/root", "relative/home", "", None]
XDG = ["/srv/xdg", "/srv/xdg/", "relative/xdg", "", "~/xdg", None]


def _env(home: str | None, config: str | None, data: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    for name, value in (("HOME", home), ("XDG_CONFIG_HOME", config), ("XDG_DATA_HOME", data)):
        if value is not None:
            env[name] = value
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rules are Linux's")
@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG)
def test_the_games_and_settings_folders_are_the_ones_platformdirs_names(
        home: str | None, xdg: str | None) -> None:
    with mock.patch.dict(os.environ, _env(home, xdg, xdg), clear=True):
        assert user_config_dir() == platformdirs.user_config_dir("tutto-tally", appauthor=False)
        assert user_data_dir() == platformdirs.user_data_dir("tutto-tally", appauthor=False)
