"""The game as a blind player meets it: a real Orca reading gnome-terminal, real key presses.

Each test runs the real program in gnome-terminal on a private display, with Orca 43 reading it
(``testbed/screen_reader.py``), and reads what Orca said and put on the Braille line from Orca's
own log. German tables type on a German keyboard with Orca speaking German, French tables on a
French (AZERTY) one with Orca speaking French. What the program prints is taken from the same
entries piped through ``--plain``, so every test compares Orca with the printed lines.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from testbed.screen_reader import (
    Desk,
    Heard,
    OrcaBusy,
    braille,
    keys_heard,
    missing_programs,
    speech,
)
from transcript import Step, steps
from tutto_a11y.cli.app import cli

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("orca")]

PLAYERS = "Anna,Ben"

#: A few entries of each game in each language: a word with an umlaut or an accent among them
#: (names in small letters: Orca names the Shift key, which is no echo of a character),
#: refusals left out (they are tested in text); the last entry leaves the game.
ENTRIES = {
    ("tutto", "de"): ["300", "1 5 2 3 4 6", "1 5", "aufhören", "beenden"],
    ("tutto", "fr"): ["300", "1 5 2 3 4 6", "1 5", "marquer", "quitter"],
    ("yatzee", "de"): ["111623", "einsen", "punkte", "beenden"],
    ("yatzee", "fr"): ["111623", "as", "points", "quitter"],
    ("tute", "de"): ["kelche", "ansage anna kelche", "stand", "beenden"],
    ("tute", "fr"): ["épées", "annonce anna épées", "scores", "quitter"],
}


@pytest.fixture(scope="module", params=["de", "fr"])
def desk(request: pytest.FixtureRequest) -> Iterator[Desk]:
    missing = missing_programs()
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (sh scripts/system-packages --required)")
    orca = Desk(request.param)
    try:
        orca.start()
    except OrcaBusy:
        pytest.skip("an Orca of your own is running: Orca runs once per user")
    yield orca
    orca.close()


def printed(game: str, lang: str, typed: list[str], *extra: str) -> tuple[list[str], list[Step]]:
    """What the program prints for ``typed``, as plain mode prints it with its input piped:
    the opening lines, and each prompt with the lines after its entry."""
    result = CliRunner(echo_stdin=True).invoke(
        cli, ["--game", game, "--lang", lang, "--plain", "--no-speech", "--players", PLAYERS,
              "--db", str(Path(os.environ["XDG_DATA_HOME"]) / f"printed-{game}-{lang}.db"),
              *extra],
        input="".join(line + "\n" for line in typed),
        env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exit_code == 0, result.output
    return steps(result.output, typed)


def said(heard: list[Heard]) -> str:
    """What Orca said as text, with its line ends and no-break spaces as plain spaces."""
    return " ".join(" ".join(speech(heard)).replace("\xa0", " ").split())


def as_said(lines: list[str]) -> str:
    return " ".join(" ".join(lines).replace("\xa0", " ").split())


def key_names(desk: Desk, typed: str) -> list[str]:
    """The keys Orca names while ``typed`` is typed: each character, the space bar by name."""
    return [desk.space if char == " " else char for char in typed]


def in_order_once_each(heard: list[str], keys: list[str]) -> bool:
    """Whether ``heard`` is ``keys`` with some perhaps left out, none said twice.

    Orca on a busy machine now and then leaves out a key's echo; a key said twice, or said
    out of order, is never Orca's doing."""
    position = 0
    for name in heard:
        while position < len(keys) and keys[position] != name:
            position += 1
        if position == len(keys):
            return False
        position += 1
    return True


def play(desk: Desk, tmp_path: Path, game: str, mode: list[str]) -> None:
    """Play the entries of ``game`` under Orca; every check of what a player hears and feels."""
    typed = ENTRIES[game, desk.lang]
    opening, script = printed(game, desk.lang, typed)
    term = desk.terminal(["--game", game, "--players", PLAYERS, "--db", str(tmp_path / "g.db"),
                          *mode])
    start = term.wait_for_prompt(script[0].prompt)
    # The opening is heard once, whole, before the first question (after the line that says
    # the program leaves speaking to Orca).
    assert said(start).count(as_said(opening + [script[0].prompt])) == 1, said(start)
    for step, following in pairwise(script):
        typing, after = term.enter(step.typed, following.prompt)
        # Typing is heard as the terminal's own echo: each key once, nothing else.
        assert speech(typing) == [], (step.typed, typing)
        assert in_order_once_each(keys_heard(typing), key_names(desk, step.typed)), \
            (step.typed, " ".join(keys_heard(typing)))
        # After Enter: the key, then exactly the lines the program printed, once each and in
        # order, and the next question.
        assert keys_heard(after) == [desk.enter], after
        assert said(after) == as_said(step.said + [following.prompt]), after
        # The Braille display follows the cursor: it shows the question.
        assert braille(after)[-1].replace("\xa0", " ").rstrip() == \
            following.prompt.replace("\xa0", " ")
    term.type(script[-1].typed)
    term.key("Return")
    assert term.finish() == 0


@pytest.mark.parametrize("game", ["tutto", "yatzee", "tute"])
def test_in_terminal_mode_orca_echoes_each_key_once_and_reads_each_line_once(
        desk: Desk, game: str, tmp_path: Path) -> None:
    play(desk, tmp_path, game, [])


#: The game plain mode is heard with at each desk. Plain mode prints every game's lines the
#: same way (one write a line, the question last), so each language plays one game, one
#: whose entries type an umlaut or an accent; every game is heard in terminal mode above.
PLAIN_GAME = {"de": "tutto", "fr": "tute"}


def test_in_plain_mode_orca_echoes_each_key_once_and_reads_each_line_once(
        desk: Desk, tmp_path: Path) -> None:
    play(desk, tmp_path, PLAIN_GAME[desk.lang], ["--plain"])


@pytest.mark.parametrize("mode", [[], ["--plain"]], ids=["terminal", "plain"])
def test_with_braille_line_the_braille_line_after_enter_holds_the_news_and_the_question(
        desk: Desk, mode: list[str], tmp_path: Path) -> None:
    typed = ENTRIES["tutto", desk.lang]
    _opening, script = printed("tutto", desk.lang, typed)
    term = desk.terminal(["--players", PLAYERS, "--db", str(tmp_path / "g.db"),
                          "--braille-line", *mode])
    term.wait_for_prompt(script[0].prompt)
    for step, following in pairwise(script):
        typing, after = term.enter(step.typed, following.prompt)
        row = as_said(step.said + [following.prompt])
        # What a Braille display following the cursor shows after Enter: the news, then
        # the question, on the one line.
        assert " ".join(braille(after)[-1].replace("\xa0", " ").split()) == row, after
        # And it is heard once, whole: neither said twice nor cut.
        assert said(after) == row, after
    term.type(script[-1].typed)
    term.key("Return")
    assert term.finish() == 0
