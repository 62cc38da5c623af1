"""Is a screen reader already speaking for this user?  Then the game keeps its own voice quiet.

A screen reader that reads the terminal already says every printed line; the game's own speech
would say each one a second time, over it.  So when one is running, speech is off unless
``--speech`` asks for it (and the game says so in one line at the start).

How it is detected (Linux, a few milliseconds): a process of this user (or of root, as
console readers run) whose name is a known screen reader, read from ``/proc/*/comm``; or the
kernel's Speakup with a synthesizer (``/sys/accessibility/speakup/synth`` is not ``none``).
Elsewhere nothing is detected and the old default (speech on) stays.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["SCREEN_READERS", "running_screen_reader"]

SCREEN_READERS = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "fenrir-daemon": "Fenrir",
    "yasr": "Yasr",
    "emacspeak": "Emacspeak",
}
"""Process names (as in ``/proc/PID/comm``) and the name the user knows.

BRLTTY is not listed: it shows lines in Braille and does not speak them by itself.
"""


def running_screen_reader(proc: Path = Path("/proc"),
                          speakup: Path = Path("/sys/accessibility/speakup/synth")) -> str | None:
    """The name of a running screen reader (``"Orca"``), or None."""
    try:
        synth = speakup.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        synth = ""
    if synth and synth != "none":
        return "Speakup"
    try:
        entries = list(os.scandir(proc))
    except OSError:
        return None
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            if uid is not None and entry.stat().st_uid not in (uid, 0):
                continue
            name = Path(entry.path, "comm").read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            continue  # the process ended meanwhile, or is not ours to read
        if name in SCREEN_READERS:
            return SCREEN_READERS[name]
    return None
