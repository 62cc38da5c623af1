"""Shared helpers: run the real program in-process (CliRunner) or in a pseudo-terminal."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pytest
from hypothesis import settings

if TYPE_CHECKING:  # the tests that start no terminal do not import pexpect
    import pexpect

# Two ways to run the property tests (docs/development.md). Neither has a per-example deadline:
# on a loaded two-core machine one example may take a second.
#   explore  a developer's run: new examples every run, the failing ones kept in .hypothesis/
#            and tried first next time.
#   replay   CI's run (scripts/test, .ci/run, scripts/test-pythons, or a CI service that sets
#            CI): the same examples every run, drawn from a seed made of each test's own code,
#            and no database, so a clean clone passes or fails the same way every time.
# A test's own @settings inherit what it does not set from the profile loaded here, before any
# test module is imported (tests/test_property_profile.py checks every property test does).
settings.register_profile("explore", deadline=None)
settings.register_profile("replay", deadline=None, derandomize=True, database=None,
                          print_blob=True)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "replay" if "CI" in os.environ else "explore")
settings.load_profile(HYPOTHESIS_PROFILE)

# The tests type Ctrl-C into the programs they start and hang some up. A suite started in the
# background (a shell's "&" without job control, nohup) runs with those signals ignored, and
# every program it starts would inherit them ignored: Python then makes no KeyboardInterrupt of
# Ctrl-C, and an ignored hang-up is what nohup asks for. The suite puts both back to what a
# terminal gives, so how it was started changes no result.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGHUP, signal.SIG_DFL)

ROOT = Path(__file__).resolve().parent.parent
# The tests import the set-ups they share with bench/ from the testbed package (and the bench's
# own helpers as bench.guard) at the repository's root. After the installed packages, not
# before them: the quick run of scripts/test-pythons tests the installed wheel, not the
# tutto_a11y beside testbed/ (in the project's own .venv the editable install has the root
# on the path already).
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

# How every test starts the program (the tests import it from here), once the root is there.
# `as tutto_command`: the tests import it from here (mypy strict re-exports only so).
from testbed.program import tutto_command as tutto_command  # noqa: E402

FOLDERS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
           "XDG_RUNTIME_DIR")


def _private_folders(root: Path) -> dict[str, str]:
    """A home, XDG folders and a runtime folder (mode 0700, as logind makes it) under ``root``.

    Nothing of the user running the tests may leak in: a speech-dispatcher socket left in their
    runtime or cache folder, their settings, their saved games, a two-player solve they keep.
    """
    folders = {}
    for name, sub in zip(FOLDERS, ("home", "config", "data", "cache", "state", "run"), strict=True):
        path = root / sub
        path.mkdir(mode=0o700, exist_ok=True)
        folders[name] = str(path)
    os.chmod(folders["XDG_RUNTIME_DIR"], 0o700)
    return folders


@pytest.fixture(autouse=True, scope="session")
def private_session_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Private folders for what runs before a test's own (session and module fixtures).

    ``TESTBED_CACHE`` is a download cache of the test bench itself (axe-core for the live
    view), kept for the whole run so it is fetched once.
    """
    root = tmp_path_factory.mktemp("session")
    saved = {name: os.environ.get(name) for name in FOLDERS + ("TESTBED_CACHE",)}
    os.environ.update(_private_folders(root))
    os.environ["TESTBED_CACHE"] = str(root / "testbed-cache")
    yield root
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(autouse=True)
def private_folders(private_session_folders: Path, tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Each test its own HOME, XDG folders and runtime folder, for the program it starts too.

    They live beside the test's ``tmp_path`` (not in it), so a test that looks at what it wrote
    there finds only that.  The short root keeps socket paths under the 108-byte limit.
    """
    folders = _private_folders(tmp_path_factory.mktemp("u"))
    for name, value in folders.items():
        monkeypatch.setenv(name, value)
    return folders


@pytest.fixture(autouse=True)
def no_working_line_unless_a_test_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the test's process, "One moment, I'm computing." comes only where a test asks for it.

    The table says that line before any answer that takes longer than the program's delay
    (``text/one_moment.py``), as it should. But a loaded machine can hold a quick answer (a
    command word, a review) past the delay, so a test of what a line is answered with would see
    the line or not by the machine's load, not by the program. The tests of the line set the
    delay themselves (``test_tutto_coach_one_moment.py``); a program a test starts keeps its
    own, and its tests allow the line (``test_closed_output.py``) or wait past it."""
    from tutto_a11y.text import one_moment

    monkeypatch.setattr(one_moment, "DELAY", 3600.0)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium (``testbed/live_view.py``), one for a module's tests."""
    from testbed.live_view import chromium

    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script, fetched from the npm registry once (``testbed/live_view.py``)."""
    from testbed.live_view import axe_script

    source = axe_script()
    if source is None:
        pytest.skip("axe-core could not be fetched from the npm registry (npm pack axe-core)")
    return source


def slow_unless(quick: bool) -> Any:
    """The marks of one case of a parametrized test: none for a case the quick run keeps,
    ``slow`` for the others (most often the other languages, games or modes of a test that starts
    the real program; docs/development.md). The quick run is the developer's loop and the run on
    the other Pythons; the whole run has every case."""
    return () if quick else pytest.mark.slow


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def clean_env(tmp_path: Path) -> dict[str, str]:
    """An environment without TUTTO_* settings, with speech off and a private data folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), TUTTO_SPEECH="0",
               PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return env


def spawn_tutto(args: list[str], term: str = "xterm") -> pexpect.spawn:
    """The real program in a pseudo-terminal, as a user starts it (speech off, no TUTTO_*)."""
    import pexpect

    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TERM=term, LANG="C.UTF-8", TUTTO_SPEECH="0")
    env.pop("LANGUAGE", None)
    command = tutto_command()
    return pexpect.spawn(command[0], command[1:] + args, env=env, encoding="utf-8",
                         timeout=20, dimensions=(40, 200))


def printed_lines(args: list[str], env: dict[str, str], typed: str = "") -> list[str]:
    """The plain lines the program prints (as into a pipe), after a clean end: exit status 0
    and no traceback. Run in the test's process (``tests/table_harness.py``): the lines are
    the program's, without the start of a new Python each time."""
    from table_harness import run_program

    done = run_program(args, env, typed)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout.splitlines()


class Finished(Protocol):
    """A finished run of the program: a subprocess's, or one in the test's process
    (``tests/table_harness.py``)."""

    @property
    def returncode(self) -> int: ...
    @property
    def stdout(self) -> str: ...
    @property
    def stderr(self) -> str: ...


def one_sentence(result: Finished) -> str:
    """A refusal: exit status 2, nothing on stdout, one line on stderr and no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == "", result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    said = result.stderr.strip().splitlines()
    assert len(said) == 1, said
    return said[0]


#: The modules whose tests take longest, longest first. pytest-xdist hands out tests in the order
#: they were collected (the Orca group, one unit of many tests, goes first of all), so these
#: start first: a worker does not take a test of minutes when the other has nothing left. The
#: order of the tests inside a module, and of all other modules, stays as collected.
LONGEST_FIRST = (
    "test_tutto_coach_table.py",
    "test_tutto_coach_final_round.py",
    "test_tutto_coach_final_round_reference.py",
    "test_speechd.py",
    "test_seats_race.py",
    "test_setup.py",
    "test_tutto_coach_duel_table.py",
    "test_tutto_coach_duel.py",
    "test_cli_speech.py",
    "test_seats_browser.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
