"""The game contract is typed for the game that uses it, and the checker reads the whole package.

Whoever writes a fourth game declares its interface as
``GameInterface[Rules, Game, State, Messages, Entry, Event]``
(docs/development.md, "Linter and type checker"); mypy must then hold the interface to those
types. Checked here the way a game's author meets it: mypy run on a small module that declares
an interface, once with the game's own types (no finding) and once with another game's state
or messages (a finding that names the mismatch).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser under its older name
    import tomli as tomllib

DECLARED = """
from tutto_a11y.core.contract import GameInterface
from tutto_a11y.games.tutto.interface import TuttoInterface
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Entry, Game, Rules, State
from tutto_a11y.games.tutto.rules.events import Event
from tutto_a11y.games.yatzee.messages import Messages as YatzeeMessages
from tutto_a11y.games.yatzee.rules import State as YatzeeState

INTERFACE: GameInterface[Rules, Game, {state}, {messages}, Entry, Event] = TuttoInterface()
"""


def _mypy(tmp_path: Path, state: str, messages: str) -> tuple[str, int]:
    from mypy import api

    module = tmp_path / f"fourth_interface_{state}_{messages}.py".lower()
    module.write_text(DECLARED.format(state=state, messages=messages), encoding="utf-8")
    out, err, status = api.run(["--strict", "--no-error-summary", "--config-file",
                                str(ROOT / "pyproject.toml"), str(module)])
    return out + err, status


def test_mypy_checks_the_whole_package_its_tests_benches_and_testbed_strictly() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["tutto_a11y", "tests", "bench", "testbed"]
    assert config["strict"] is True
    # The contract and the table loop name no Any.
    assert any(o.get("disallow_any_explicit") is True
               and o["module"] == ["tutto_a11y.core.*", "tutto_a11y.table.*"]
               for o in config["overrides"])


@pytest.mark.slow
def test_an_interface_declared_with_its_games_own_types_passes_the_type_checker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # mypy's cache of the package, warm after scripts/test's own run
    said, status = _mypy(tmp_path, "State", "Messages")
    assert status == 0, said


@pytest.mark.slow
def test_an_interface_declared_with_another_games_state_or_messages_is_a_finding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    said, status = _mypy(tmp_path, "YatzeeState", "Messages")
    assert status == 1 and "py:10: error: Incompatible types in assignment" in said
    # a state of the other game: Tutto's game cannot stand at it, nor its scores be read from it
    assert "def game_at(" in said and "def standing(" in said
    said, status = _mypy(tmp_path, "State", "YatzeeMessages")
    assert status == 1 and "py:10: error: Incompatible types in assignment" in said
    assert "def messages(" in said and "def status_line(" in said
