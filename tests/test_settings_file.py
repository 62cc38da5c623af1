"""Settings that stay: ``tutto-tally settings`` and the settings file, as a user meets them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from conftest import Finished, tutto_command
from table_harness import run_program
from tutto_a11y.config.file import read_settings, toml_value
from tutto_a11y.config.options import SETTINGS
from tutto_a11y.text.i18n import Catalog


def _run(args: list[str], env: dict[str, str], stdin: str = "", *,
         real: bool = False) -> Finished:
    """The program in the test's process (``tests/table_harness.py``), reading the settings
    file of ``env``'s XDG_CONFIG_HOME at each start as a new process does; with ``real`` a
    process of its own (real speech)."""
    if real:
        return subprocess.run(tutto_command() + args, input=stdin, capture_output=True,
                              text=True, env=env, timeout=30)
    return run_program(args, env, stdin)


def _file(env: dict[str, str]) -> Path:
    return Path(env["XDG_CONFIG_HOME"]) / "tutto-tally" / "settings.toml"


def _play(env: dict[str, str], db: Path, *args: str) -> Finished:
    return _run(["--plain", "--players", "Anna,Ben", "--db", str(db), *args], env, "quit\n")


def test_a_language_kept_with_settings_set_is_the_language_of_the_next_start(
        db: Path, clean_env: dict[str, str]) -> None:
    done = _run(["settings", "set", "lang", "de"], clean_env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == Catalog("en").gettext(
        "{name} is now {value}, kept in {file}.", name="lang", value="de",
        file=str(_file(clean_env)))
    assert _file(clean_env).read_text(encoding="utf-8") == 'lang = "de"\n'
    started = _play(clean_env, db)
    assert started.returncode == 0 and started.stderr == ""
    assert Catalog("de").gettext("{name}, card?", name="Anna") in started.stdout


def test_the_command_line_goes_first_then_tutto_variables_then_the_file(
        db: Path, clean_env: dict[str, str]) -> None:
    assert _run(["settings", "set", "lang", "de"], clean_env).returncode == 0
    clean_env["TUTTO_LANG"] = "fr"
    assert Catalog("fr").gettext("{name}, card?", name="Anna") in _play(clean_env, db).stdout
    assert Catalog("en").gettext("{name}, card?", name="Anna") in \
        _play(clean_env, db.with_name("other.sqlite3"), "--lang", "en").stdout


def test_a_kept_width_wraps_every_line_of_the_game(db: Path, clean_env: dict[str, str]) -> None:
    assert _run(["settings", "set", "width", "30"], clean_env).returncode == 0
    out = _run(["--plain", "--lang", "de", "--players", "Anna,Ben", "--db", str(db)], clean_env,
               "bonus 300\n1 2 3 4 6 6\nquit\n").stdout
    assert max(len(line) for line in out.splitlines()) <= 30
    assert len(out.splitlines()) > 6


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_settings_shows_every_setting_its_value_and_where_it_comes_from(
        lang: str, clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    assert _run(["settings", "set", "rate", "220"], clean_env).returncode == 0
    assert _run(["settings", "set", "sighted", "yes"], clean_env).returncode == 0
    clean_env["TUTTO_VERBOSITY"] = "brief"
    clean_env["XDG_DATA_HOME"] = "/data"
    done = _run(["settings", "--lang", lang], clean_env)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines == [
        c.gettext("The settings file is {file}.", file=str(_file(clean_env))),
        c.gettext("{name}: {value}, from the command line.", name="lang", value=lang),
        c.gettext("{name}: {value}, from {variable}.", name="verbosity", value="brief",
                  variable="TUTTO_VERBOSITY"),
        c.gettext("{name}: {value}, from the settings file.", name="rate", value="220"),
        c.gettext("{name}: not set.", name="voice"),
        c.gettext("{name}: {value}, the default.", name="speech-engine", value="pyttsx3"),
        c.gettext("{name}: not set.", name="width"),
        c.gettext("{name}: {value}, the default.", name="braille-line",
                  value=c.pgettext("setting value", "false")),
        c.gettext("{name}: {value}, from the settings file.", name="sighted",
                  value=c.pgettext("setting value", "true")),
        c.gettext("{name}: {value}, the default.", name="coach",
                  value=c.pgettext("setting value", "false")),
        c.gettext("{name}: {value}, the default.", name="db",
                  value="/data/tutto-tally/games.sqlite3"),
        c.gettext("{name}: {value}, the default.", name="game", value="tutto"),
        c.gettext("{name}: {value}, the default.", name="seats",
                  value=c.pgettext("setting value", "false")),
    ]
    assert set(SETTINGS) == {"lang", "verbosity", "rate", "voice", "speech-engine", "width",
                         "braille-line", "sighted", "coach", "db", "game", "seats"}


def test_settings_set_checks_a_value_as_the_option_does_and_keeps_nothing_wrong(
        clean_env: dict[str, str]) -> None:
    c = Catalog("de")
    done = _run(["--lang", "de", "settings", "set", "rate", "5"], clean_env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == c.gettext(
        "{option} needs a whole number from {low} to {high}, not {value}.", option="rate",
        low=80, high=450, value="5")
    done = _run(["--lang", "de", "settings", "set", "tempo", "5"], clean_env)
    assert done.returncode == 2
    assert done.stderr.strip().startswith(c.gettext(
        "{name} is no setting; the settings are {names}.", name="tempo", names="X")[:12])
    assert not _file(clean_env).exists()


def test_settings_unset_forgets_one_setting_and_keeps_every_other_line(
        clean_env: dict[str, str]) -> None:
    path = _file(clean_env)
    path.parent.mkdir(parents=True)
    path.write_text("# my table\nrate = 200\nvoice = 'de+f2'  # a woman's voice\n",
                    encoding="utf-8")
    done = _run(["settings", "unset", "rate"], clean_env)
    assert done.returncode == 0, done.stderr
    assert path.read_text(encoding="utf-8") == "# my table\nvoice = 'de+f2'  # a woman's voice\n"
    assert _run(["settings", "set", "voice", 'de "x"'], clean_env).returncode == 0
    assert path.read_text(encoding="utf-8") == \
        '# my table\nvoice = "de \\"x\\""  # a woman\'s voice\n'
    assert "de \"x\"" in _run(["settings"], clean_env).stdout


@pytest.mark.parametrize("text, msgid, values", [
    ("rate = 200\nlang = de\n", "Line {line} of the settings file {file} is not of the form "
     "name = value, so the default settings are used.", {"line": 2}),
    ("tempo = 3\n", "Line {line} of the settings file {file} names {name}, which is no "
     "setting, so the default settings are used.", {"line": 1, "name": "tempo"}),
    ("lang = 'de'\n\n[speech]\nrate = 140\n", "Line {line} of the settings file {file} names "
     "{name}, which is no setting, so the default settings are used.",
     {"line": 3, "name": "speech"}),
    ("lang = \"de\"\n\nrate = 5\n", "Line {line} of the settings file {file} gives {name} the "
     "value {value}, which it cannot have, so the default settings are used.",
     {"line": 3, "name": "rate", "value": "5"}),
    ("lang = \"de\"\nlang = \"fr\"\n", "Line {line} of the settings file {file} gives {name} "
     "a second time, so the default settings are used.", {"line": 2, "name": "lang"}),
    ("lang = \"d\xe9\"\n".encode("latin-1"), "The settings file {file} cannot be read, so the "
     "default settings are used.", {}),
])
def test_a_broken_settings_file_is_named_once_the_game_goes_on_and_the_file_stays(
        text: str | bytes, msgid: str, values: dict[str, object], db: Path,
        clean_env: dict[str, str]) -> None:
    path = _file(clean_env)
    path.parent.mkdir(parents=True)
    raw = text if isinstance(text, bytes) else text.encode("utf-8")
    path.write_bytes(raw)
    before = path.stat()
    clean_env["LANG"] = "fr_FR.UTF-8"
    started = _play(clean_env, db)
    assert started.returncode == 0
    assert started.stderr.splitlines() == [Catalog("fr").gettext(msgid, file=str(path),
                                                                  **values)]
    assert Catalog("fr").gettext("{name}, card?", name="Anna") in started.stdout  # defaults
    refused = _run(["settings", "set", "rate", "200"], clean_env)
    assert refused.returncode == 2
    assert path.read_bytes() == raw and path.stat().st_mtime_ns == before.st_mtime_ns
    assert os.listdir(path.parent) == ["settings.toml"]


_VALUES = st.one_of(st.booleans(), st.integers(-10**9, 10**9),
                    st.text(st.characters(blacklist_categories=["Cs"]), max_size=30))


@given(st.sampled_from(sorted(SETTINGS)), _VALUES)
def test_every_value_written_to_the_settings_file_reads_back_the_same(name: str,
                                                                       value: object) -> None:
    import tempfile

    line = f"{name} = {toml_value(value)}"
    assert len(line.splitlines()) == 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.toml"
        path.write_text(line + "\n", encoding="utf-8")
        kept = read_settings(path)
    assert kept.problem is None and kept.values == {name: value}


@pytest.mark.parametrize("text, value", [
    ("'lang' = 'fr'\n", {"lang": "fr"}),
    ('lang = """fr"""\n', {"lang": "fr"}),
    ('"rate" = 0x8C\nlang = "fr"\n', {"rate": 140, "lang": "fr"}),
    ("rate = 1_40 # slower\nlang = 'fr'\n", {"rate": 140, "lang": "fr"}),
])
def test_any_valid_toml_in_the_settings_file_is_read(text: str, value: dict[str, object],
                                                     db: Path, clean_env: dict[str, str]) -> None:
    path = _file(clean_env)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert read_settings(path).values == value
    started = _play(clean_env, db)
    assert started.returncode == 0 and started.stderr == ""
    assert Catalog("fr").gettext("{name}, card?", name="Anna") in started.stdout


def test_a_width_written_with_a_leading_zero_is_not_toml_and_is_named_with_its_line(
        db: Path, clean_env: dict[str, str]) -> None:
    path = _file(clean_env)
    path.parent.mkdir(parents=True)
    path.write_text("lang = 'de'\nwidth = 040\n", encoding="utf-8")
    started = _play(clean_env, db)
    assert started.stderr.splitlines() == [Catalog("en").gettext(
        "Line {line} of the settings file {file} is not of the form name = value, so the "
        "default settings are used.", line=2, file=str(path))]
    assert path.read_text(encoding="utf-8") == "lang = 'de'\nwidth = 040\n"


def test_settings_set_and_unset_keep_comments_blank_lines_and_order(
        clean_env: dict[str, str]) -> None:
    path = _file(clean_env)
    path.parent.mkdir(parents=True)
    text = ("# Our table on Fridays\n\nlang = 'de'  # Anna reads German\n\n"
            "# speech\nrate = 150\nvoice = \"de+f2\"\n")
    path.write_text(text, encoding="utf-8")
    assert _run(["settings", "set", "rate", "180"], clean_env).returncode == 0
    assert _run(["settings", "set", "lang", "fr"], clean_env).returncode == 0
    assert _run(["settings", "set", "width", "40"], clean_env).returncode == 0
    assert _run(["settings", "unset", "voice"], clean_env).returncode == 0
    assert path.read_text(encoding="utf-8") == (
        "# Our table on Fridays\n\nlang = \"fr\"  # Anna reads German\n\n"
        "# speech\nrate = 180\nwidth = 40\n")


def _goodbye_seconds(env: dict[str, str], folder: Path, db: Path) -> float:
    import wave

    done = _run(["--plain", "--speech", "--speech-to", str(folder), "--players", "Anna,Ben",
                 "--db", str(db)], env, "quit\n", real=True)
    assert done.returncode == 0, done.stderr
    # The goodbye, the last sentence, is said to its end before the program ends; the opening
    # may be cut short by the quit typed after it, as at a table.
    with wave.open(str(sorted(folder.glob("*.wav"))[-1])) as w:
        frames: int = w.getnframes()
        per_second: int = w.getframerate()
        return frames / per_second


@pytest.mark.skipif(__import__("shutil").which("espeak-ng") is None,
                    reason="eSpeak NG is not installed (the test script installs it)")
def test_a_kept_rate_is_the_rate_of_the_real_speech_at_the_next_start(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    clean_env.pop("TUTTO_SPEECH", None)
    assert _run(["settings", "set", "rate", "100"], clean_env).returncode == 0
    slow = _goodbye_seconds(clean_env, tmp_path / "slow", tmp_path / "a.db")
    assert _run(["settings", "set", "rate", "400"], clean_env).returncode == 0
    fast = _goodbye_seconds(clean_env, tmp_path / "fast", tmp_path / "b.db")
    # The same goodbye, said at a quarter of the pace, takes far longer.
    assert slow > 2.5 * fast, (slow, fast)


def test_in_a_terminal_the_settings_are_wrapped_at_spaces_to_its_width(
        clean_env: dict[str, str]) -> None:
    import shutil
    import tempfile

    import pexpect
    import pyte

    short = tempfile.mkdtemp(prefix="t")  # paths shorter than a row: none needs cutting
    try:
        clean_env.update(XDG_CONFIG_HOME=short + "/c", XDG_DATA_HOME=short + "/d")
        screen = pyte.Screen(80, 60)
        stream = pyte.Stream(screen)
        command = tutto_command()
        child = pexpect.spawn(command[0], command[1:] + ["settings", "--lang", "de"],
                              env={**clean_env, "TERM": "xterm"}, encoding="utf-8",
                              dimensions=(60, 80), timeout=20)
        stream.feed(child.read())
        child.close()
        rows = [row.rstrip() for row in screen.display if row.strip()]
        plain = _run(["settings", "--lang", "de"], clean_env).stdout
    finally:
        shutil.rmtree(short, ignore_errors=True)
    assert max(len(line) for line in plain.splitlines()) > 80  # there is something to wrap
    assert set(" ".join(rows).split()) == set(plain.split()), rows  # and no word was cut
