"""The layers of the package, read from the imports of every module (see docs/architecture.md).

A game's pure rules import only the core (the record and the contract) and themselves; nothing
imports the click edge; every import points down the list of layers (or sideways inside one
room); and no two modules import each other, directly or round a circle. Imports inside
functions count too: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "tutto_a11y"

#: Layers from the bottom up, by module prefix (the most specific matching prefix decides). A module
#: may import modules of its own layer or any layer below; never one above.
LAYERS: tuple[tuple[str, ...], ...] = (
    # The record and the game contract, which the whole program uses: they import nothing else.
    ("tutto_a11y.core",),
    ("tutto_a11y.games.*.rules",),
    # Braille's engine (liblouis, pages, dots) knows no game; ``braille.paper`` joins it to the
    # games' interfaces for the commands, like the store's sheets.
    # The configuration's package (``config/``) spans three layers, one home for every option
    # and setting: the settings file (it knows only the folders) with the text below the games,
    ("tutto_a11y.text", "tutto_a11y.folders", "tutto_a11y.store.journal",
     "tutto_a11y.store.opening", "tutto_a11y.store.figures",
     "tutto_a11y.store.schema", "tutto_a11y.store.errors", "tutto_a11y.store.claims",
     "tutto_a11y.store.files", "tutto_a11y.store.rows", "tutto_a11y.braille",
     "tutto_a11y.config", "tutto_a11y.config.file"),
    # the resolved settings and the value checkers beside the games' interfaces, because Tutto's
    # coach (``games.tutto.coach``) words its own command's problems and reads ``--rule``
    # with them. Tutto's messages import the coach lazily for ``advice`` (same room, no
    # circle allowed).
    ("tutto_a11y.config.settings", "tutto_a11y.config.values",
     "tutto_a11y.games.*"),
    ("tutto_a11y.games.registry", "tutto_a11y.speech"),
    # and the table of options with what reads by it (the command line before click, the
    # settings file's values, the order of sources) just above the registry, which names the
    # games ``--game`` takes; the play loop, the commands and the click edge read them.
    ("tutto_a11y.config.options", "tutto_a11y.config.command_line",
     "tutto_a11y.config.file_values", "tutto_a11y.config.sources"),
    # The table's inbox stands with the live view's server, which puts the seats' entries in
    # it: it imports only the record, and both the server and the table's loop use it.
    ("tutto_a11y.store", "tutto_a11y.share", "tutto_a11y.braille.paper",
     "tutto_a11y.table.inbox"),
    # Reports on saved games (the list, sheets and exports, statistics, a coach's review) word
    # sentences and refuse options, so they are not storage: they stand over the store they
    # read, and under the table, whose loop keeps a finished game's figures for ``stats``.
    ("tutto_a11y.reports",),
    ("tutto_a11y.table",),
    # The command layer: each command's printing and exit status, over what the store,
    # speech and a game's coach (through the registry) compute.
    ("tutto_a11y.commands",),
    ("tutto_a11y.cli", "tutto_a11y.__main__", "tutto_a11y"),
)

#: What every game is built on: the contract and the record.
BELOW_THE_GAMES = ("tutto_a11y.core",)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every project module ``path`` imports, wherever in the file the import stands."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tutto_a11y"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not module.startswith("tutto_a11y"):
                continue
            for alias in node.names:  # "from pkg import module" names a module too
                candidate = f"{module}.{alias.name}"
                found.add(candidate if _exists(candidate) else module)
    return {m for m in found if m != name}


def _exists(module: str) -> bool:
    path = ROOT.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@functools.cache
def _parsed() -> dict[str, frozenset[str]]:
    """The package's import graph, parsed once for the run (a second each time, on a busy
    machine): the files do not change while the tests run."""
    return {_module_name(p): frozenset(_imports(p)) for p in PACKAGE.rglob("*.py")}


def _graph() -> dict[str, set[str]]:
    """Every module of the package and the project modules it imports (a copy of its own for
    each test)."""
    return {module: set(deps) for module, deps in _parsed().items()}


def _matches(module: str, prefix: str) -> int:
    """How specific ``prefix`` is for ``module`` (0: it does not match): the longer prefix
    wins, and of two as long a named part beats ``*`` (``games.registry`` over ``games.*``)."""
    want, have = prefix.split("."), module.split(".")
    if len(have) < len(want):
        return 0
    if all(w == "*" or w == h for w, h in zip(want, have, strict=False)):  # have is longer
        return 2 * len(want) - want.count("*")
    return 0


def layer(module: str) -> int:
    best, index = 0, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            score = _matches(module, prefix)
            if score > best:
                best, index = score, i
    assert index >= 0, f"{module} is in no layer: add it to LAYERS and docs/architecture.md"
    return index


def test_every_module_of_the_package_has_a_layer() -> None:
    for module in _graph():
        layer(module)


def test_no_module_imports_the_click_edge() -> None:
    importers = sorted(m for m, deps in _graph().items()
                       if any(d == "tutto_a11y.cli" or d.startswith("tutto_a11y.cli.")
                              for d in deps)
                       and m != "tutto_a11y.__main__" and not m.startswith("tutto_a11y.cli"))
    assert importers == []


def _imports_click(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(
                a.name == "click" or a.name.startswith("click.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and not node.level and node.module and (
                node.module == "click" or node.module.startswith("click.")):
            return True
    return False


def test_only_the_edge_and_the_commands_import_click() -> None:
    """Below the command layer nothing prints for a command: the store, speech, the games and
    the table give back text or data, so they run without click (the live view, the tests,
    the benchmarks). ``text/click_texts.py`` lists click's texts for the catalogs."""
    importers = {_module_name(path) for path in PACKAGE.rglob("*.py") if _imports_click(path)}
    strays = sorted(m for m in importers if layer(m) < layer("tutto_a11y.commands")
                    and m != "tutto_a11y.text.click_texts")
    assert strays == []


def _in_core(module: str) -> bool:
    """The core is a package (the record, the contract and its modules): any of its modules."""
    return module == "tutto_a11y.core" or module.startswith("tutto_a11y.core.")


def test_a_games_rules_import_only_the_core_and_themselves() -> None:
    for module, deps in _graph().items():
        parts = module.split(".")
        if parts[:2] == ["tutto_a11y", "games"] and len(parts) > 3 and parts[3] == "rules":
            own = ".".join(parts[:4])
            strays = {d for d in deps if not _in_core(d) and not d.startswith(own)}
            assert not strays, f"{module} imports {sorted(strays)}"


def test_the_core_imports_nothing_of_the_project_but_itself() -> None:
    graph = _graph()
    assert graph["tutto_a11y.core.record"] == set()
    core = sorted(m for m in graph if _in_core(m))
    assert len(core) > 2  # the package and its modules are all checked, not just one name
    strays = sorted((m, d) for m in core for d in graph[m] if not _in_core(d))
    assert strays == []


def test_below_the_games_interfaces_nothing_reaches_into_the_games_folder() -> None:
    """The rooms under the games' sentences and interfaces (``text/``, ``folders.py``, the
    journal, Braille's engine, and ``config/settings.py`` beside the interfaces) find the
    record and the contract's refusals in ``core/``: ``games/`` holds the games and their
    registry only, so the folders show the layers."""
    graph = _graph()
    strays = sorted((m, d) for m, deps in graph.items() for d in deps
                    if layer(m) <= layer("tutto_a11y.config.settings")
                    and not m.startswith("tutto_a11y.games.")
                    and d.startswith("tutto_a11y.games"))
    assert strays == []
    assert {p.name for p in (PACKAGE / "games").iterdir()
            if p.suffix == ".py" or (p / "__init__.py").is_file()} == {
        "__init__.py", "registry.py", "tutto", "yatzee", "tute"}


#: The house's longest module: one longer holds more than one idea and is split along its seams.
MODULE_LINES = 600


def test_every_module_of_the_package_keeps_within_the_houses_600_lines() -> None:
    longer = sorted((path.relative_to(ROOT).as_posix(), lines) for path in PACKAGE.rglob("*.py")
                    if (lines := len(path.read_text(encoding="utf-8").splitlines()))
                    > MODULE_LINES)
    assert longer == []


def test_every_import_points_down_the_layers_or_stays_in_its_room() -> None:
    upward = [(m, d) for m, deps in _graph().items() for d in deps if layer(d) > layer(m)]
    assert upward == []


def test_no_modules_import_each_other_round_a_circle() -> None:
    graph = _graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(module):]
                                                                 + [module]))
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            if dep in graph:
                visit(dep, path + [module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_the_play_loop_line_reading_and_saved_games_know_no_game() -> None:
    """The loop finds a game's words, parser and important events, and ``show``, ``export``
    and ``games`` find its sheets, through the registry and the game's interface."""
    graph = _graph()
    for loop in ("tutto_a11y.table.session", "tutto_a11y.table.reader",
                 "tutto_a11y.table.play", "tutto_a11y.table.setup",
                 "tutto_a11y.table.journal", "tutto_a11y.table.speaking",
                 "tutto_a11y.table.sharing", "tutto_a11y.table.signals", "tutto_a11y.store.saved",
                 "tutto_a11y.reports.sheets"):
        own = {m for m in graph[loop]
               if m.startswith("tutto_a11y.games.") and not m.startswith(
                   (*BELOW_THE_GAMES, "tutto_a11y.games.registry"))}
        assert own == set(), (loop, own)


def _game_folder(module: str) -> str | None:
    """``tutto_a11y.games.<name>`` for a module inside a game's folder, else None (the
    registry is no game's)."""
    parts = module.split(".")
    if parts[:2] == ["tutto_a11y", "games"] and len(parts) > 2 and parts[2] != "registry":
        return ".".join(parts[:3])
    return None


def test_outside_a_games_folder_nothing_but_the_registry_imports_a_games_modules() -> None:
    """The loop, the store, stats, speech, the live view, Braille and the commands reach a
    game only through ``games/registry.py`` and the game's interface; one game never
    imports another's modules either."""
    strays = sorted((m, d) for m, deps in _graph().items() for d in deps
                    if _game_folder(d) is not None and _game_folder(m) != _game_folder(d)
                    and m != "tutto_a11y.games.registry")
    assert strays == []


def test_the_default_game_spelled_below_the_registry_is_the_registrys() -> None:
    """The store sits below the registry, so it cannot ask it: the kind of a game saved before
    games had one (a Tutto game) is spelled out there, and must stay the registry's ``DEFAULT``.
    Settings leave the default game to the registry."""
    from tutto_a11y.config.settings import Settings
    from tutto_a11y.core.contract import GameStatus
    from tutto_a11y.games import registry
    from tutto_a11y.store.rows import UNNAMED_KIND, GameInfo
    from tutto_a11y.store.schema import MIGRATIONS

    assert Settings().game is None
    assert UNNAMED_KIND == registry.DEFAULT
    assert GameInfo("1", "", "", "en", {}, (), GameStatus.RUNNING).kind == registry.DEFAULT
    assert f"DEFAULT '{registry.DEFAULT}'" in MIGRATIONS[1][0]
    assert layer("tutto_a11y.config.settings") < layer("tutto_a11y.games.registry")
    assert layer("tutto_a11y.store.journal") < layer("tutto_a11y.games.registry")


def test_starting_a_game_imports_neither_the_coach_nor_numpy(tmp_path: Path) -> None:
    """The coach and numpy load on the first ``advice``, so a game without the coach starts
    as fast as before (``python -X importtime`` of the real start to the first prompt)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TUTTO_SPEECH="0", LANG="C.UTF-8", XDG_DATA_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "tutto_a11y", "--plain",
                             "--players", "Anna,Ben", "--db", str(tmp_path / "g.sqlite3")],
                            input="300\n", capture_output=True, text=True, env=env, timeout=60)
    assert "Anna draws Bonus 300." in result.stdout
    imported = {line.split("|")[-1].strip() for line in result.stderr.splitlines()}
    assert not {m for m in imported if m.startswith(("tutto_a11y.games.tutto.coach", "numpy"))}
