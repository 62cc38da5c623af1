"""Exports that other programs open: a spreadsheet never runs a player's name as a formula, a
Markdown viewer never runs it as HTML, and the names stay as typed everywhere else. The real
program, a real games file, all three games."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from test_durable_cli import play_args, run

FORMULA = '=HYPERLINK("http://x")'
SCRIPT = "<script>alert(1)</script>"
OTHERS = ["+SUM(A1:A9)", "-2+3", "@cmd", "Ben"]

GAMES = {
    "tutto": (["--game", "tutto"], [FORMULA, SCRIPT, *OTHERS],
              ["300", "1 5 2 3 4 6", "1 5", "bank", "stop"]),
    "yatzee": (["--game", "yatzee"], [FORMULA, SCRIPT, *OTHERS], ["123456", "chance"]),
    "tute": (["--game", "tute"], [FORMULA, "Ben", SCRIPT, "Cleo"],
             ["cups", "points 70 50", "last Ben"]),
}
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def strings(value: object) -> list[str]:
    """Every string in a JSON value (the names, wherever the game's export keeps them)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def export(env: dict[str, str], db: Path, fmt: str) -> str:
    done = run(env, ["export", "1", "--format", fmt, "--db", str(db)])
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_no_exported_cell_is_a_formula_or_html_and_the_names_stay_as_typed(
        game: str, db: Path, clean_env: dict[str, str]) -> None:
    args, names, typed = GAMES[game]
    played = run(clean_env, play_args(db, "--lang", "en", *args, "--players", ",".join(names)),
                 typed)
    assert played.returncode == 0, played.stderr

    cells = [cell for row in csv.reader(io.StringIO(export(clean_env, db, "csv")))
             for cell in row]
    for cell in cells:  # a number (a negative score too) is no formula
        assert not cell.startswith(FORMULA_START) or cell.lstrip("+-").isdigit(), cell
    assert any(cell.startswith("'" + FORMULA) for cell in cells)
    for name in set(names) & set(OTHERS[:3]):
        assert "'" + name in cells

    markdown = export(clean_env, db, "md")
    assert "<script>" not in markdown and "&lt;script&gt;alert(1)&lt;/script&gt;" in markdown

    kept = json.loads(export(clean_env, db, "json"))
    assert {FORMULA, SCRIPT} <= set(strings(kept))
    shown = run(clean_env, ["show", "1", "--db", str(db)])
    assert FORMULA in shown.stdout and SCRIPT in shown.stdout
