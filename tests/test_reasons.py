"""Every reason code is registered, and every registered one has its own sentence in every language.

The codes are read from the source (every ``...Entry("code", ...)``), so a new refusal that
nobody worded fails here instead of reaching a player as "That is not possible: code".
"""

from __future__ import annotations

import ast
from importlib import import_module

import pytest

from conftest import ROOT
from tutto_a11y.core.contract import LINE_REASONS, PLAYER_REASONS, EntryError
from tutto_a11y.games import registry
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Card, Game
from tutto_a11y.games.tutto.rules.errors import OPTION_REASONS, PLAY_REASONS
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.problems import entry_error_sentence

ERRORS = {"EntryError", "MalformedEntry", "IllegalEntry", "AmbiguousEntry"}
#: Data enough for any sentence: each reason reads only its own keys.
SAMPLE = {"expected": 3, "got": 2, "face": 4, "word": "xyz", "text": "xyz",
          "candidates": ("bank", "bonus"), "limit": 80, "roll": (1, 2, 3), "card": Card.X2,
          "option": "x2-scope", "value": "sideways", "choices": ("turn", "card"),
          "minimum": 2, "maximum": 10, "name": "Anna", "entry": "SetAside"}


def raised_reasons() -> set[str]:
    found = set()
    for path in (ROOT / "tutto_a11y").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ERRORS and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


def games_reasons() -> frozenset[str]:
    """Every game's registered reasons (``games/<name>/rules/errors.py``), by the registry."""
    return frozenset().union(*(import_module(f"{kind.load().__name__}.rules.errors").REASONS
                               for kind in registry.GAMES.values()))


def test_every_reason_code_given_anywhere_is_registered() -> None:
    registered = LINE_REASONS | PLAYER_REASONS | games_reasons()
    assert raised_reasons() - registered == set()
    assert raised_reasons() >= PLAY_REASONS | OPTION_REASONS  # no stale registrations


def _at_table(reason: str, lang: str) -> str:
    return Messages(Catalog(lang), Game(["Anna", "Ben"])).error(EntryError(reason, **SAMPLE))


def _before_game(reason: str, lang: str) -> str:
    data = {key: value for key, value in SAMPLE.items() if key != "roll"}  # typed text only
    return entry_error_sentence(EntryError(reason, **data), Catalog(lang))


@pytest.mark.parametrize("reason", sorted(PLAY_REASONS | LINE_REASONS))
def test_every_refusal_at_the_table_has_its_own_sentence_in_every_language(reason: str) -> None:
    english = _at_table(reason, "en")
    assert english != _at_table("no-such-reason", "en")
    for lang in ("de", "fr"):
        said = _at_table(reason, lang)
        assert said != _at_table("no-such-reason", lang)
        assert said != english, (lang, said)


@pytest.mark.parametrize("reason", sorted(OPTION_REASONS | PLAYER_REASONS))
def test_every_refusal_before_the_game_has_its_own_sentence_in_every_language(reason: str) -> None:
    english = _before_game(reason, "en")
    assert english != _before_game("no-such-reason", "en")
    for lang in ("de", "fr"):
        said = _before_game(reason, lang)
        assert said != _before_game("no-such-reason", lang)
        assert said != english, (lang, said)
