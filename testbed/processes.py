"""The processes a set-up of the test bench started, found through /proc: by their parent, so
that daemons and the helpers they start can be stopped by their id."""

from __future__ import annotations

from pathlib import Path


def children_of() -> dict[int, list[int]]:
    """Every running process's children, by the parent's id."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children
