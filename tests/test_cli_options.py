"""The options and set-up of ``tutto-tally play``, as a user starts it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import Finished, tutto_command
from table_harness import run_program
from tutto_a11y.cli.app import cli
from tutto_a11y.config.command_line import read
from tutto_a11y.text.i18n import Catalog, lang_from_environment


def _play(args: list[str], text: str, env: dict[str, str | None] | None = None) -> str:
    result = CliRunner().invoke(cli, ["--plain", "--no-speech", *args], input=text,
                                env={"TUTTO_SPEECH": None, **(env or {})})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def _start(args: list[str], clean_env: dict[str, str], stdin: str = "", *,
           real: bool = False) -> Finished:
    """The program in the test's process (``tests/table_harness.py``), or with ``real`` as a
    process of its own (its exit status and streams as a shell sees them)."""
    if real:
        return subprocess.run(tutto_command() + args, input=stdin, capture_output=True,
                              text=True, env=clean_env, timeout=30)
    return run_program(args, clean_env, stdin)


def test_the_language_comes_from_the_locale_when_no_option_is_given() -> None:
    assert lang_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert lang_from_environment({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert lang_from_environment({"LANG": "it_IT.UTF-8"}) == "en"
    assert read(["--lang", "fr"], {"TUTTO_LANG": "de"}, {}).lang == "fr"
    assert read([], {"TUTTO_LANG": "de", "LANG": "fr_FR"}, {}).lang == "de"


def test_a_german_locale_starts_a_german_game(db: Path, clean_env: dict[str, str]) -> None:
    clean_env["LANG"] = "de_DE.UTF-8"
    done = _start(["--plain", "--players", "Anna,Ben", "--db", str(db)], clean_env, "quit\n")
    assert done.returncode == 0
    assert Catalog("de").gettext("{name}, card?", name="Anna") in done.stdout


@pytest.mark.parametrize("args", [
    ["--target", "6001"], ["--rule", "x2-scope=sometimes"], ["--rule", "colour=red"],
    ["--rule", "x2-scope"], ["--players", "Anna,Anna"], ["--players", "Anna"],
    ["--width", "5"], ["--rules", "chess"], ["--bogus"],
])
def test_a_bad_start_option_is_one_line_and_exit_status_2(args: list[str], db: Path,
                                                          clean_env: dict[str, str]) -> None:
    done = _start(["--lang", "de", "--plain", "--players", "Anna,Ben", "--db", str(db), *args],
                  clean_env, real=args == ["--bogus"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists() or args[0] != "--bogus"


def test_a_bad_target_is_explained_in_the_games_language(db: Path,
                                                         clean_env: dict[str, str]) -> None:
    done = _start(["--lang", "fr", "--target", "75", "--players", "A,B", "--db", str(db)],
                  clean_env)
    assert done.stderr.strip() == Catalog("fr").gettext(
        "The target {value} is not possible: give a positive multiple of 50, for example 6000.",
        value="75")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_without_players_a_numbered_dialogue_asks_for_the_names(lang: str, db: Path) -> None:
    c = Catalog(lang)
    out = _play(["--lang", lang, "--db", str(db)], "Anna\n\nanna\nBen\nCleo\n\nquit\n")
    assert c.gettext("Player {number}, name?", number=1) in out
    assert c.ngettext("At least {minimum} player is needed: type a name.",
                       "At least {minimum} players are needed: type a name.", 2, minimum=2) in out
    assert c.gettext("{name} is already playing: every player needs another name.",
                     name="anna") in out
    assert c.gettext("Player {number}, name (empty line: the game starts)?", number=3) in out
    assert c.gettext("{name}, card?", name="Anna") in out
    assert "Cleo" in out


def test_the_name_question_ends_with_its_question_mark_so_the_typed_name_follows_it(
        db: Path) -> None:
    out = _play(["--lang", "de", "--db", str(db)], "Anna\nBen\n\nquit\n")
    # The hint inside the question: the name typed after "?" is never read as part of the hint.
    assert "Spieler 3, Name (leere Zeile: Spiel beginnt)?" in out.splitlines()


def test_brief_verbosity_says_the_minimum(db: Path) -> None:
    out = _play(["--verbosity", "brief", "--players", "Anna,Ben", "--db", str(db)],
                "bonus 300\n1 5 2 3 4 6\n1 5\nbank\nquit\n")
    said = out.splitlines()
    assert "150." in said  # the turn total after the set-aside
    assert "Score 150. Ben." in said


def test_full_verbosity_adds_what_can_be_typed_next(db: Path) -> None:
    out = _play(["--verbosity", "full", "--players", "Anna,Ben", "--db", str(db)],
                "fireworks\nquit\n")
    assert "Anna draws Fireworks. All scoring dice are set aside for the player" in out
    assert "Type the faces of the 6 dice, for example 1 5 5 2 3 6." in out


def test_settings_come_from_tutto_environment_variables(db: Path) -> None:
    out = _play([], "quit\n", env={"TUTTO_PLAYERS": "Xena,Yann", "TUTTO_TARGET": "10000",
                                   "TUTTO_DB": str(db), "TUTTO_LANG": "en",
                                   "TUTTO_RULES": "volle-lotte"})
    assert "New game for Xena and Yann. Target 10000, Volle Lotte rules. Xena begins." in out


def test_an_empty_line_where_nothing_is_the_default_is_explained(db: Path) -> None:
    out = _play(["--players", "Anna,Ben", "--db", str(db)], "\nquit\n")
    assert "An empty line means nothing here. Type the card:" in out


def test_a_very_long_line_is_refused_in_one_sentence(db: Path) -> None:
    out = _play(["--players", "Anna,Ben", "--db", str(db)], "5" * 5000 + "\nquit\n")
    assert "That line is too long: type one entry of at most 120 characters." in out


def test_an_ambiguous_word_is_answered_with_the_candidates(db: Path) -> None:
    out = _play(["--lang", "en", "--players", "Anna,Ben", "--db", str(db)], "st\nstr\nquit\n")
    assert "st could mean status, stop or street: type more letters." in out
    assert "Anna draws Street." in out


def test_german_words_are_matched_without_case_or_accents(db: Path) -> None:
    out = _play(["--lang", "de", "--players", "Anna,Ben", "--db", str(db)],
                "STRASSE\nquit\n")
    assert Catalog("de").gettext("{name} draws {card}.", name="Anna",
                                 card=Catalog("de").pgettext("card", "Street")) in out
