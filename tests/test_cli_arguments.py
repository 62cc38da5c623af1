"""The command line as a user types it: options anywhere, every text in the chosen language,
player names and game ids checked at the edge, and nothing harmful reaching the terminal."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pyte
import pytest

from conftest import Finished, one_sentence, tutto_command
from table_harness import run_program
from tutto_a11y.store.journal import Store
from tutto_a11y.text.i18n import Catalog

DE, FR, EN = Catalog("de"), Catalog("fr"), Catalog("en")
ONE_TURN = "300\n1 5 2 3 4 6\n1 5\n{bank}\nquit\n"
EVIL = "\x1b]0;PWNED\x07\x1b[31mEvil"
ENGLISH_LEAKS = ("integer", "Choose from", "[required]", "Usage", "TEXT", "INTEGER", "FILE",
                 "DIRECTORY", "Error", "Try '", "is not", "Invalid", "Missing")


def run(args: Sequence[str], env: dict[str, str], stdin: str = "", *,
        real: bool = False) -> Finished:
    """The program with these arguments, environment and typed lines: in the test's process
    (``tests/table_harness.py``), or with ``real`` the installed program started the way a
    shell starts it, kept for one case of each kind of refusal and help (its exit status and
    its streams as a process of its own has them)."""
    if real:
        return subprocess.run([*tutto_command(), *args], input=stdin, capture_output=True,
                              text=True, env=env, timeout=30, errors="replace")
    return run_program(args, env, stdin)



@pytest.fixture
def saved_game(db: Path, clean_env: dict[str, str]) -> Path:
    """A real games file with game 1: Anna and Ben, played in French, one banked turn."""
    done = run(["--lang", "fr", "--plain", "--players", "Anna,Ben", "--db", str(db)], clean_env,
               ONE_TURN.format(bank="marquer"))
    assert done.returncode == 0, done.stderr
    return db


def screen_after(args: list[str], db: Path, stdin: str = "") -> pyte.Screen:
    """What a terminal shows (and its title) after the program ran in it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TERM="xterm", LANG="C.UTF-8", TUTTO_SPEECH="0", TUTTO_DB=str(db))
    command = tutto_command()
    child = pexpect.spawn(command[0], command[1:] + args, env=env, encoding="utf-8",
                          timeout=20, dimensions=(40, 120))
    if stdin:
        child.send(stdin)
    child.expect(pexpect.EOF)
    raw = child.before
    child.close()
    screen = pyte.Screen(120, 40)
    pyte.Stream(screen).feed(raw)
    return screen


def coloured_cells(screen: pyte.Screen) -> list[str]:
    return [cell.data for row in screen.buffer.values() for cell in row.values()
            if cell.fg != "default" or cell.bg != "default"]


# -- issue 8.4: global options anywhere, every command in the chosen language ------------------

@pytest.mark.parametrize("args", [["--lang", "de", "show", "1"], ["--lang=de", "show", "1"]])
def test_the_language_option_works_before_or_after_the_command(
        args: list[str], saved_game: Path, clean_env: dict[str, str]) -> None:
    done = run([*args, "--db", str(saved_game)], clean_env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "Zug 1, Anna, Bonus 300: aufgeschrieben, 150 Punkte, " \
        "Stand 150."


def test_the_games_file_option_works_before_the_command(saved_game: Path,
                                                        clean_env: dict[str, str]) -> None:
    done = run(["--db", str(saved_game), "--lang", "de", "games"], clean_env)
    assert done.returncode == 0, done.stderr
    assert DE.gettext("running") in done.stdout and "Anna, Ben" in done.stdout


def test_voices_are_listed_and_named_in_the_language_given_before_the_command(
        clean_env: dict[str, str]) -> None:
    done = run(["--lang", "fr", "voices"], clean_env)
    assert done.returncode == 0, done.stderr
    assert "français (France)" in done.stdout
    assert "French" not in done.stdout


def test_german_voices_are_named_in_german(clean_env: dict[str, str]) -> None:
    clean_env["LANG"] = "de_DE.UTF-8"
    done = run(["voices"], clean_env)
    assert DE.gettext("{name}, voice id {id}.", name="Deutsch", id="gmw/de") in done.stdout
    assert "German" not in done.stdout


@pytest.mark.parametrize("args", [["--help", "--lang", "fr"], ["--lang", "fr", "--help"],
                                  ["-h", "--lang=fr"]])
def test_help_after_or_before_the_language_lists_the_commands_in_that_language(
        args: list[str], clean_env: dict[str, str]) -> None:
    done = run(args, clean_env, real=args[0] == "--help")
    assert done.returncode == 0, done.stderr
    assert FR.gettext("Export a game: JSON, CSV, Markdown or Braille. BRF is the score sheet "
                      "for an embosser or a notetaker, txt-braille the same in Unicode Braille."
                      ).split(".")[0] in done.stdout
    assert FR.gettext("COMMAND [ARGS]...") in done.stdout
    for leak in ENGLISH_LEAKS + ("Commands", "Show this message"):
        assert leak not in done.stdout, leak


@pytest.mark.parametrize("command", [["games"], ["show", "1"], ["voices"]])
def test_every_command_takes_the_global_options_from_tutto_variables(
        command: list[str], saved_game: Path, clean_env: dict[str, str]) -> None:
    clean_env.update(TUTTO_LANG="de", TUTTO_DB=str(saved_game), TUTTO_WIDTH="30",
                     TUTTO_PLAIN="1")
    done = run(command, clean_env)
    assert done.returncode == 0, done.stderr
    assert done.stdout and all(len(line) <= 30 for line in done.stdout.splitlines()), done.stdout


@pytest.mark.parametrize("command", [["games"], ["show", "1"], ["voices"]])
def test_lists_and_sheets_wrap_at_the_width_given_before_the_command(
        command: list[str], saved_game: Path, clean_env: dict[str, str]) -> None:
    done = run(["--width", "24", "--lang", "de", "--db", str(saved_game), *command], clean_env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(len(line) <= 24 for line in lines), done.stdout
    unwrapped = run([*command, "--lang", "de", "--db", str(saved_game)], clean_env).stdout
    assert " ".join(unwrapped.split()) == " ".join(done.stdout.split())


def test_a_missing_game_is_said_in_the_language_of_the_locale(
        saved_game: Path, clean_env: dict[str, str]) -> None:
    clean_env["LANG"] = "de_DE.UTF-8"
    line = one_sentence(run(["show", "99", "--db", str(saved_game)], clean_env, real=True))
    assert line == DE.gettext("There is no game {game} in {path}: type tutto-tally games to "
                              "list them.", game="99", path=str(saved_game))


# -- issue 8.5: no English in German or French -----------------------------------------------

@pytest.mark.parametrize("args, sentence", [
    (["--width", "x"], ("{option} needs a whole number from {low} to {high}, not {value}.",
                        dict(option="--width", low=20, high=500, value="x"))),
    (["--rate", "5"], ("{option} needs a whole number from {low} to {high}, not {value}.",
                       dict(option="--rate", low=80, high=450, value="5"))),
    (["--target", "viel"], ("{option} needs a whole number, not {value}.",
                            dict(option="--target", value="viel"))),
    (["--verbosity", "loud"], ("{option} can be {choices}, not {value}.",
                               dict(option="--verbosity", choices=None, value="loud"))),
    (["--bogus"], ("There is no option {option}: {help} lists the options.",
                   dict(option="--bogus", help="tutto-tally play --help"))),
    (["--players"], ("The option {option} needs a value: {help} lists the options.",
                     dict(option="--players", help="tutto-tally play --help"))),
    (["--plain=yes"], ("The option {option} takes no value: {help} lists the options.",
                       dict(option="--plain", help="tutto-tally play --help"))),
    (["shwo"], ("{word} is not a command: the commands are {commands}.",
                dict(word="shwo", commands=None))),
    (["show"], ("Say which game: its id or last, for example tutto-tally {command} last.",
                dict(command="show"))),
    (["export", "1"], ("The option {option} is needed: give {option} {choices}.",
                       dict(option="--format", choices=None))),
])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_bad_command_line_is_one_sentence_in_the_chosen_language(
        args: list[str], sentence: tuple[str, dict[str, object]], lang: str, db: Path,
        clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    msgid, values = sentence
    values = dict(values)
    lists = {"--verbosity": ["brief", "normal", "full"],
             "--format": ["json", "csv", "md", "brf", "txt-braille"]}
    if "choices" in values:
        items = lists[str(values["option"])]
        values["choices"] = c.gettext("{words} or {last}", words=", ".join(items[:-1]),
                                      last=items[-1])
    if "commands" in values:
        values["commands"] = c.gettext(
            "{names} and {last}",
            names="play, games, show, export, labels, stats, coach, settings, review",
            last="voices")
    line = one_sentence(run(["--lang", lang, "--db", str(db), *args], clean_env,
                            real=args == ["--bogus"]))
    assert line == c.gettext(msgid, **values)
    for leak in ENGLISH_LEAKS:
        assert leak not in line, leak


def test_a_bad_value_from_a_tutto_variable_names_the_variable(
        db: Path, clean_env: dict[str, str]) -> None:
    clean_env.update(TUTTO_LANG="de", TUTTO_WIDTH="breit")
    line = one_sentence(run(["games", "--db", str(db)], clean_env))
    assert line == DE.gettext("{option} needs a whole number from {low} to {high}, not "
                              "{value}.", option="TUTTO_WIDTH", low=20, high=500, value="breit")


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("command", [["play"], ["games"], ["show"], ["export"], ["voices"]])
def test_help_is_fully_translated_with_metavars_and_markers(
        lang: str, command: list[str], clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    done = run(["--lang", lang, *command, "--help"], clean_env)
    assert done.returncode == 0, done.stderr
    for leak in ENGLISH_LEAKS + ("[OPTIONS]", "GAME", "NAMES", "COLUMNS", "Options:"):
        if lang == "fr" and leak in ("[OPTIONS]", "Options:"):
            continue  # the same word in French
        assert leak not in done.stdout, (leak, done.stdout)
    assert c.gettext("Usage:") in done.stdout
    if command == ["export"]:
        assert "[" + c.gettext("required") + "]" in done.stdout


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("command", [["play"], ["voices"]])
def test_help_fits_a_braille_line_of_the_width_given(lang: str, command: list[str],
                                                     clean_env: dict[str, str]) -> None:
    done = run(["--width", "40", "--lang", lang, *command, "--help"], clean_env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    # Compared word by word: a line may end at any space (French keeps a no-break one).
    assert " ".join(Catalog(lang).gettext("Language of the game: de, fr or en.").split()) in \
        " ".join(done.stdout.split())


@pytest.mark.parametrize("written", ["00040", "+40", " 40"])
def test_help_and_a_refusal_wrap_at_a_width_written_otherwise_as_the_game_does(
        written: str, clean_env: dict[str, str]) -> None:
    """The game reads ``--width 00040`` as 40; help and the sentence refusing a line do too."""
    for args in (["--help"], ["play", "--help"], ["--lang", "fr", "--nope-a-long-option"]):
        done = run(["--width", written, *args], clean_env)
        as_40 = run(["--width", "40", *args], clean_env)
        assert (done.returncode, done.stdout, done.stderr) == \
            (as_40.returncode, as_40.stdout, as_40.stderr), args
        assert all(len(line) <= 40 for line in (done.stdout + done.stderr).splitlines())
        assert len((done.stdout + done.stderr).splitlines()) > 1


def test_an_empty_width_variable_leaves_the_kept_width_for_help_as_for_the_game(
        clean_env: dict[str, str]) -> None:
    folder = Path(clean_env["XDG_CONFIG_HOME"]) / "tutto-tally"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text("width = 40\n", encoding="utf-8")
    done = run(["--help"], {**clean_env, "TUTTO_WIDTH": ""})
    assert done.returncode == 0, done.stderr
    assert done.stdout == run(["--help"], clean_env).stdout
    assert all(len(line) <= 40 for line in done.stdout.splitlines())


def test_an_option_read_as_another_options_value_is_not_also_read_for_itself(
        clean_env: dict[str, str]) -> None:
    """``--players --lang de``: click gives ``--lang`` to ``--players``, so the German of the
    line is no language choice, and the refusal of "de" is in the locale's language."""
    clean_env["LANG"] = "fr_FR.UTF-8"
    done = run(["--players", "--lang", "de"], clean_env)
    assert one_sentence(done) == FR.gettext(
        "{word} is not a command: the commands are {commands}.", word="de",
        commands=FR.gettext("{names} and {last}", names="play, games, show, export, labels, "
                            "stats, coach, settings, review", last="voices"))


def test_a_german_prefix_means_the_german_word_before_an_english_one(
        db: Path, clean_env: dict[str, str]) -> None:
    done = run(["--lang", "de", "--plain", "--players", "Anna,Ben", "--db", str(db)], clean_env,
               "300\n1 5 2 3 4 6\n1 5\na\nquit\n")
    assert done.returncode == 0
    assert DE.gettext("{name}, card?", name="Ben") in done.stdout  # Anna banked, Ben's turn
    assert "again" not in done.stdout


def test_a_french_prefix_offers_only_french_words(db: Path, clean_env: dict[str, str]) -> None:
    done = run(["--lang", "fr", "--plain", "--players", "Anna,Ben", "--db", str(db)], clean_env,
               "e\nquit\n")
    assert "e peut vouloir dire état ou encore\u00a0: tapez plus de lettres." in done.stdout
    assert "exit" not in done.stdout


# -- issue 8.11: the start of a game ----------------------------------------------------------

def test_end_of_input_at_the_names_question_says_no_game_was_started(
        db: Path, clean_env: dict[str, str]) -> None:
    done = run(["--lang", "fr", "--plain", "--db", str(db)], clean_env, "Anna\n")
    assert done.returncode == 0
    assert done.stdout.strip().splitlines()[-1].endswith(FR.gettext(
        "No game was started: the input ended before the players were named."))
    assert run(["games", "--db", str(db), "--lang", "fr"], clean_env).stdout.strip() == \
        FR.gettext("There are no saved games yet.")


def test_a_single_player_is_told_how_to_name_at_least_two(db: Path,
                                                         clean_env: dict[str, str]) -> None:
    line = one_sentence(run(["--lang", "de", "--players", "Anna", "--db", str(db)], clean_env))
    assert line == DE.gettext("At least {minimum} players are needed: give their names "
                              "separated by commas, for example --players Anna,Ben.", minimum=2)


@pytest.mark.parametrize("fmt", ["csv", "md"])
def test_export_headers_are_in_the_language_asked_for_else_in_the_games_own(
        fmt: str, saved_game: Path, clean_env: dict[str, str]) -> None:
    asked = run(["export", "1", "--format", fmt, "--lang", "de", "--db", str(saved_game)],
                clean_env)
    assert DE.gettext("Player") in asked.stdout.splitlines()[0]
    assert FR.gettext("Player") not in asked.stdout.splitlines()[0]
    clean_env["LANG"] = "en_GB.UTF-8"
    own = run(["export", "1", "--format", fmt, "--db", str(saved_game)], clean_env)
    assert FR.gettext("Player") in own.stdout.splitlines()[0]


# -- issue 14.1: one name rule for every way in -------------------------------------------------

def test_escape_sequences_in_players_never_reach_the_terminal(tmp_path: Path) -> None:
    screen = screen_after(["--plain", "--players", EVIL + ",B"], tmp_path / "g.db", "quit\n")
    assert screen.title != "PWNED"
    assert coloured_cells(screen) == []
    shown = "\n".join(screen.display)
    assert "Evil" not in shown or "Evil" in EN.gettext(
        "That name has characters that cannot be shown or said: use letters, digits and spaces.")
    assert EN.gettext("That name has characters that cannot be shown or said: use letters, "
                      "digits and spaces.") in " ".join(" ".join(screen.display).split())


def test_environment_players_get_the_same_check(db: Path, clean_env: dict[str, str]) -> None:
    clean_env["TUTTO_PLAYERS"] = EVIL + ",B"
    line = one_sentence(run(["--lang", "de", "--db", str(db)], clean_env))
    assert line == DE.gettext("That name has characters that cannot be shown or said: use "
                              "letters, digits and spaces.")
    assert not db.exists() or Store.open(db).games() == []


# Each command is the real program in a terminal: the quick run keeps show and a resumed game;
# the others are slow.
@pytest.mark.parametrize("command", [pytest.param(["games"], marks=pytest.mark.slow),
                                     ["show", "1"],
                                     pytest.param(["export", "1", "--format", "csv"],
                                                  marks=pytest.mark.slow),
                                     pytest.param(["export", "1", "--format", "md"],
                                                  marks=pytest.mark.slow),
                                     ["--resume", "1", "--plain"]])
def test_names_stored_by_an_older_version_are_printed_harmlessly(command: list[str],
                                                                tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    store = Store.open(db)
    store.create_game("en", {"target": 6000}, [EVIL, "B"])
    store.close()
    screen = screen_after(command, db, "scores\nquit\n" if "--resume" in command else "")
    assert screen.title != "PWNED"
    assert coloured_cells(screen) == []
    assert any("Evil" in line for line in screen.display)


def test_bytes_that_are_not_utf8_in_a_name_are_refused_in_one_sentence(
        db: Path, clean_env: dict[str, str]) -> None:
    args: list[str | bytes] = [*tutto_command(), "--lang", "fr", "--db", str(db), "--players",
                               b"\xff\xfe,B"]
    done = subprocess.run(args, capture_output=True, env=clean_env, timeout=30)
    assert done.returncode == 2
    lines = done.stderr.decode().strip().splitlines()
    assert lines == [FR.gettext("That name has characters that cannot be shown or said: use "
                                "letters, digits and spaces.")]


def test_a_name_of_100000_characters_is_refused(db: Path, clean_env: dict[str, str]) -> None:
    line = one_sentence(run(["--lang", "de", "--players", "A" * 100_000 + ",B", "--db", str(db)],
                            clean_env))
    assert line == DE.gettext("That name is too long: a name has at most {limit} characters.",
                              limit=30)


@pytest.mark.parametrize("players", ["A,A\u200b", "Zo\u00e9,Zoe\u0301", "Anna,\uff21nna"])
def test_names_that_look_the_same_are_the_same_player(players: str, db: Path,
                                                       clean_env: dict[str, str]) -> None:
    line = one_sentence(run(["--lang", "en", "--players", players, "--db", str(db)], clean_env))
    assert "already playing" in line or "cannot be shown or said" in line


def test_a_typed_name_is_normalised_so_the_same_name_is_caught(
        db: Path, clean_env: dict[str, str]) -> None:
    done = run(["--lang", "en", "--plain", "--db", str(db)], clean_env,
               "Zo\u00e9\nZoe\u0301\nBen\n\nquit\n")
    assert EN.gettext("{name} is already playing: every player needs another name.",
                      name="Zo\u00e9") in done.stdout
    assert "New game for Zo\u00e9 and Ben." in done.stdout


def test_a_typed_name_too_long_for_a_braille_line_is_refused(
        db: Path, clean_env: dict[str, str]) -> None:
    done = run(["--lang", "en", "--plain", "--db", str(db)], clean_env,
               "A" * 31 + "\nAnna\nBen\n\nquit\n")
    assert EN.gettext("That name is too long: a name has at most {limit} characters.",
                      limit=30) in done.stdout
    assert "Anna and Ben" in done.stdout


# -- issue 14.3: game ids ---------------------------------------------------------------------

@pytest.mark.parametrize("game", ["99999999999999999999999", "9" * 5000])
@pytest.mark.parametrize("command", [["export", "{game}", "--format", "json"], ["show", "{game}"],
                                     ["--resume", "{game}", "--plain"],
                                     ["games", "--abandon", "{game}"]])
def test_an_impossible_game_id_is_no_such_game(game: str, command: list[str], saved_game: Path,
                                               clean_env: dict[str, str]) -> None:
    args = [a.replace("{game}", game) for a in command]
    line = one_sentence(run([*args, "--lang", "de", "--db", str(saved_game)], clean_env))
    assert line.startswith(DE.gettext("There is no game {game} in {path}: type tutto-tally "
                                      "games to list them.", game="@", path="@").split("@")[0])
    assert len(line) < 200
