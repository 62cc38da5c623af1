"""Every game of the registry keeps the same contract, checked the same way.

One module, parametrized over ``games/registry.py``: a game added there gets all of these
tests without a line written for it. Random playthroughs choose only from what the game itself
offers (``legal_entries`` and ``chance_outcomes``), so the tests need to know nothing of its
rules: each offered entry must be accepted, ``pop`` must restore the game exactly, the journal
written to a real SQLite file must replay to the live game, and everything the game says (its
notices, its standing for the live view, ``show``, ``export`` and the paper sheet) must be worded
in every language, with a sentence of its own for every reason it can refuse something.
"""

from __future__ import annotations

import ast
import importlib
import json
import random
from enum import Enum
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from conftest import ROOT
from tutto_a11y.core.contract import (
    EntryError,
    GameInterface,
    GameMessages,
    GameStatus,
    Notice,
    Standing,
    TableGame,
    chance_total,
)
from tutto_a11y.games import registry
from tutto_a11y.store.journal import Store
from tutto_a11y.store.saved import rebuild
from tutto_a11y.text.i18n import LANGS, Catalog
from tutto_a11y.text.problems import entry_error_sentence

GAMES = sorted(registry.GAMES)
NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")
SEEDS = range(3)
MAX_ENTRIES = 600  # every game of the registry ends well within this under random play


class StrictCatalog(Catalog):
    """A catalog that notes every sentence it has no translation for.

    A sentence missing from the German or French catalog would reach the table in English.
    English is said from the msgids themselves (there is no English catalog), so an English
    sentence must be one the catalogs know: one the German catalog translates.
    """

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.missing: set[str] = set()
        knows = Catalog("de") if self.lang == "en" else self
        self._known_keys = knows._t._catalog  # type: ignore[attr-defined]

    def _known(self, key: Any, shown: str) -> None:
        if key not in self._known_keys:
            self.missing.add(shown)

    def gettext(self, message: str, **values: Any) -> str:
        self._known(message, message)
        return super().gettext(message, **values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        self._known((singular, 0), singular)
        return super().ngettext(singular, plural, n, **values)

    def pgettext(self, context: str, message: str, **values: Any) -> str:
        self._known(f"{context}\x04{message}", message)
        return super().pgettext(context, message, **values)


def _interface(name: str) -> Any:
    return registry.find(name).interface()


def _players(game_interface: Any) -> tuple[str, ...]:
    return tuple(game_interface.check_players(NAMES[:max(2, game_interface.min_players)]))


def _offered(game: Any) -> list[Any]:
    return list(game.legal_entries()) + [o.entry for o in game.chance_outcomes()]


def _notice(
        name: str, game: Any, events: list[Any], undone: Any = None) -> Notice[Any, Any, Any, Any]:
    return Notice(name, game.players, game.rules, tuple(events), game.state,
                  undone=undone is not None, entry=undone)


def _playthrough(name: str, seed: int) -> SimpleNamespace:
    """A random game to its end (an undo now and then), with every notice the table published
    and the journal it wrote (an entry's text, or None for an undo)."""
    game_interface = _interface(name)
    game = game_interface.new_game(_players(game_interface), game_interface.rules(None, None, ()))
    rng = random.Random(seed)
    notices, journal = [], []
    while not game.finished:
        assert len(game.entries) < MAX_ENTRIES, "the game never ended"
        offered = _offered(game)
        assert offered, f"{name}: a running game offers nothing to enter"
        notices.append(_notice(name, game, game.push(rng.choice(offered))))
        journal.append(game.entry_texts()[-1])
        if not game.finished and rng.random() < 0.05:
            taken = game.pop()
            notices.append(_notice(name, game, [], undone=taken))
            journal.append(None)
    return SimpleNamespace(name=name, game_interface=game_interface, game=game, notices=notices,
                           journal=journal)


@pytest.fixture(scope="module", params=[(name, seed) for name in GAMES for seed in SEEDS],
                ids=lambda p: f"{p[0]}-{p[1]}")
def played(request: pytest.FixtureRequest) -> SimpleNamespace:
    return _playthrough(*request.param)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_of_the_registry_has_an_interface_that_keeps_the_game_interface_contract(
        name: str) -> None:
    game_interface = _interface(name)
    assert isinstance(game_interface, GameInterface)
    assert game_interface.name == name
    players = _players(game_interface)
    rules = game_interface.rules(None, None, ())
    assert game_interface.rules_from_dict(game_interface.rules_as_dict(rules)) == rules
    game = game_interface.new_game(players, rules)
    assert isinstance(game, TableGame)
    assert game.kind == name
    assert isinstance(game_interface.messages(Catalog("en"), game), GameMessages)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_entry_a_game_offers_is_accepted_and_pop_restores_the_game_exactly(
        name: str, seed: int) -> None:
    game_interface = _interface(name)
    game = game_interface.new_game(_players(game_interface), game_interface.rules(None, None, ()))
    rng = random.Random(seed)
    while not game.finished:
        assert len(game.entries) < MAX_ENTRIES, "the game never ended"
        chances = game.chance_outcomes()
        if chances:
            assert chance_total(chances) == 1
        offered = _offered(game)
        state, entries, texts = game.state, game.entries, game.entry_texts()
        for entry in rng.sample(offered, min(5, len(offered))):
            game.push(entry)
            assert game.pop() == entry
            assert (game.state, game.entries, game.entry_texts()) == (state, entries, texts)
        game.push(rng.choice(offered))
    assert game.outcome() is not None
    assert _offered(game) == []


def test_a_game_played_to_its_end_names_its_winners(played: SimpleNamespace) -> None:
    outcome = played.game.outcome()
    assert outcome is not None and outcome.winners
    assert all(0 <= seat < len(played.game.players) for seat in outcome.winners)


def test_replaying_the_journal_of_a_real_games_file_gives_the_live_game(
        played: SimpleNamespace, tmp_path: Path) -> None:
    game = played.game
    store = Store.open(tmp_path / "games.sqlite3")
    try:
        info = store.create_game("en", played.game_interface.rules_as_dict(game.rules),
                                 game.players, kind=played.name)
        for text in played.journal:  # as the table writes it, undos included
            if text is None:
                store.append_undo(info.id)
            else:
                store.append(info.id, text)
        info = store.game(info.id)
        replayed = rebuild(info, store.entries(info.id))
    finally:
        store.close()
    assert replayed.entry_texts() == game.entry_texts()
    assert replayed.state == game.state
    assert replayed.outcome() == game.outcome()


@pytest.mark.parametrize("lang", LANGS)
def test_every_notice_of_a_game_is_worded_in_every_language(
        played: SimpleNamespace, lang: str) -> None:
    catalog = StrictCatalog(lang)
    for notice in played.notices:
        line = played.game_interface.word_notice(notice, catalog)
        assert line.strip() and "{" not in line, (notice, line)
    assert catalog.missing == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_standing_show_export_and_sheet_of_a_game_are_worded_in_every_language(
        played: SimpleNamespace, lang: str, tmp_path: Path) -> None:
    game_interface, game = played.game_interface, played.game
    catalog = StrictCatalog(lang)
    standing = game_interface.standing(game.players, game.rules, game.state, catalog)
    assert isinstance(standing, Standing)
    assert standing.caption and standing.now and len(standing.rows) == len(game.players)
    assert all(len(row) == len(standing.header) for row in standing.rows)
    # The game's row as the store gives it for a finished game: ``show`` and ``export`` word
    # the live game and take only the row's id, language, status and dates from the file.
    # The journal is not written again here (hundreds of entries, each its own transaction
    # waiting for the disk, in every language): the replay test above writes and reads it.
    store = Store.open(tmp_path / "games.sqlite3")
    try:
        info = store.create_game(lang, game_interface.rules_as_dict(game.rules), game.players,
                                 kind=played.name)
        store.set_status(info.id, GameStatus.FINISHED)
        info = store.game(info.id)
    finally:
        store.close()
    lines = game_interface.show_lines(info, game, catalog, catalog.gettext("finished"))
    assert lines and all(line.strip() and "{" not in line for line in lines)
    exported = game_interface.export_json(info, game)
    assert next(iter(exported)) == "game" and exported["game"] == played.name
    json.dumps(exported, ensure_ascii=False)  # the export is JSON as it stands
    header, rows = game_interface.sheet_table(game, catalog)
    assert header and rows and all(len(row) == len(header) for row in rows)
    assert catalog.missing == set()


def _reasons_of(name: str) -> set[str]:
    """Every reason code raised in the game's own folder (``...Entry("code", ...)``) but those
    met only in a damaged games file (its ``rules.errors.JOURNAL_REASONS``), which is said as
    a damaged game, not as a refusal."""
    package = registry.find(name).package
    errors_module = importlib.import_module(f"tutto_a11y.games.{package}.rules.errors")
    journal: frozenset[str] = getattr(errors_module, "JOURNAL_REASONS", frozenset())
    folder = ROOT / "tutto_a11y" / "games" / package
    errors = {"EntryError", "MalformedEntry", "IllegalEntry", "AmbiguousEntry"}
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in errors and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found - journal


#: Data most reasons' sentences read; what a game's own sentence needs besides (a card, a
#: field, a suit) is found by :func:`_worded` among the game's own words.
SAMPLE = {"expected": 3, "got": 2, "face": 4, "word": "xyz", "text": "xyz",
          "candidates": ("bank", "bonus"), "limit": 80, "roll": (1, 2, 3), "option": "target",
          "value": "sideways", "choices": ("turn", "card"), "minimum": 2, "maximum": 10,
          "name": "Anna", "entry": "SetAside", "total": 120}


def _game_words(name: str) -> list[Any]:
    """Every member of every enum of the game's rules: the values its refusals carry."""
    package = f"tutto_a11y.games.{registry.find(name).package}.rules"
    folder = ROOT.joinpath(*package.split("."))
    members: list[Any] = []
    for path in sorted(folder.rglob("*.py")):
        module = importlib.import_module(
            ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
        for thing in vars(module).values():
            if (isinstance(thing, type) and issubclass(thing, Enum)
                    and thing.__module__ == module.__name__):
                members.extend(thing)
    return members


def _worded(word: Any, reason: str, data: dict[str, Any], pool: list[Any]) -> str | None:
    """``word(error)`` for ``reason``, with data enough: a key the sentence reads and the
    sample lacks is tried with each value of ``pool`` in turn. None if no value will do."""
    data = dict(data)
    trying: list[tuple[str, int]] = []  # keys added, and which value of the pool each has
    for _ in range(100 * len(pool)):
        try:
            return str(word(EntryError(reason, **data)))
        except KeyError as error:
            key = error.args[0] if error.args else None
            if isinstance(key, str) and key not in data and key not in map(str, data.values()):
                trying.append((key, 0))
                data[key] = pool[0]
                continue
            failed = True
        except (TypeError, AttributeError, ValueError, IndexError):
            failed = True
        if failed:
            while trying and trying[-1][1] + 1 >= len(pool):
                data.pop(trying.pop()[0])
            if not trying:
                return None
            key, index = trying.pop()
            trying.append((key, index + 1))
            data[key] = pool[index + 1]
    return None


def _sentences(game_interface: Any, game: Any, reason: str, lang: str,
               pool: list[Any]) -> set[str]:
    """How the table, or the start (rules and players, typed text only), words a refusal."""
    at_table = _worded(lambda e: game_interface.messages(Catalog(lang), game).error(e), reason,
                       SAMPLE, pool)
    typed = {key: value for key, value in SAMPLE.items() if key != "roll"}
    before = _worded(lambda e: entry_error_sentence(e, Catalog(lang)), reason, typed,
                     [p for p in pool if isinstance(p, str)])
    return {said for said in (at_table, before) if said is not None}


@pytest.mark.parametrize("name", GAMES)
def test_every_reason_a_game_can_refuse_with_has_a_sentence_of_its_own_in_every_language(
        name: str) -> None:
    game_interface = _interface(name)
    game = game_interface.new_game(_players(game_interface), game_interface.rules(None, None, ()))
    pool = [1, "xyz", (1, 2, 3), *_game_words(name)]
    reasons = _reasons_of(name)
    assert reasons, "the game refuses nothing?"
    unworded: dict[str, list[str]] = {}
    for lang in LANGS:
        fallback = _sentences(game_interface, game, "no-such-reason", lang, pool)
        assert fallback, lang
        for reason in sorted(reasons):
            # "That did not work: CODE." is the fallback too, with the code in it.
            own = {said for said in _sentences(game_interface, game, reason, lang, pool) - fallback
                   if reason not in said}
            if not own:
                unworded.setdefault(reason, []).append(lang)
    assert unworded == {}
