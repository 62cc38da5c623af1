"""Terminal mode wraps at spaces at the terminal's own width: the terminal never cuts a word.

Without ``--width`` a sentence longer than the terminal used to be cut by the terminal itself
("... und 4 Würfel w" / "ürfeln: 290."), and a screen reader reads those rows as they are. The
real program runs in a pseudo-terminal of 40 and of 80 columns; the emulated screen must show
only whole words, every announcement in rows that wrap it at spaces, and a resized window is
followed at once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import slow_unless
from test_terminal_screen import Terminal
from tutto_a11y.cli.app import cli

#: Games typed with English words (understood in every language) that reach the longest
#: sentences: help, status, scores, a refused entry, a turn with dice left.
GAMES = {
    "tutto": ("Anna,Ben", ["300", "1 5 2 3 4 6", "2", "1 5", "help", "status", "1 1 2 3",
                           "1 1", "bank", "fireworks", "2 2 2 2 1 3", "1 5", "2 3 3 4 4 6",
                           "scores", "street", "4 4 4 4 4 2", "4 2", "help"]),
    "yatzee": ("Anna,Ben", ["111623", "help", "111163", "status", "ones", "123456", "fits",
                            "chance", "scores"]),
    "tute": ("Anna,Ben,Cleo", ["gold", "help", "cante Ben cups", "status", "points 70 50",
                               "last Ben", "points 30 40 50 last Cleo", "scores", "help"]),
}


def _plain(game: str, lang: str, players: str, typed: list[str], db: Path) -> str:
    """The same game in plain mode without --width: every sentence on one whole line."""
    result = CliRunner(echo_stdin=True).invoke(
        cli, ["--game", game, "--lang", lang, "--plain", "--no-speech", "--players", players,
              "--db", str(db)], input="".join(line + "\n" for line in typed),
        env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exit_code == 0, result.output
    # The line editor draws French's no-break space before "?" as a space: compare as seen.
    return result.output.replace("\xa0", " ")


def _words(text: str) -> set[str]:
    return set(text.split())


# The quick run types Tutto in German at 40 columns: the longest sentences, the longest words,
# the narrowest terminal. Every other game, language and width is slow (about a second each).
@pytest.mark.parametrize(("game", "lang", "columns"), [
    pytest.param(game, lang, columns,
                 marks=slow_unless((game, lang, columns) == ("tutto", "de", 40)))
    for game in sorted(GAMES) for lang in ("en", "de", "fr") for columns in (40, 80)])
def test_terminal_mode_wraps_every_sentence_at_spaces_at_the_terminals_width(
        game: str, lang: str, columns: int, tmp_path: Path) -> None:
    players, typed = GAMES[game]
    plain = _plain(game, lang, players, typed, tmp_path / "plain.db")
    said = plain.splitlines()
    assert max(len(line) for line in said) > columns  # there is something to wrap
    term = Terminal(["--game", game, "--lang", lang, "--players", players], tmp_path, columns,
                    rows=400)
    _type_all(term, said, typed)
    # A typed line breaks where the terminal's row ends, as the terminal's own echo breaks it
    # (a screen reader hears each key once only so); it is read back as one line.
    shown = "\n".join(term.seen())
    for line in typed:
        broken = "\n?".join(r"(?:\n| \n?)" if char == " " else re.escape(char) for char in line)
        shown = re.sub(broken, line.replace("\\", r"\\"), shown)
    rows = shown.split("\n")
    # No row holds a piece of a word: every word on the screen is a word the game said.
    cut = sorted(_words("\n".join(rows)) - _words(plain))
    assert not cut, (cut, "\n".join(rows))
    # Every announcement stands on the screen wrapped at spaces to the terminal's width.
    screen = "\n".join(rows)
    prompts = {said[_nth_typed(said, typed, k) - 1] for k in range(len(typed))} | {said[-2]}
    for line in said:
        if line not in typed and line not in prompts and len(line) > columns:
            # Whole rows, broken only where the sentence has a space.
            pattern = "(?m)^" + "[ \n]".join(re.escape(word) for word in line.split()) + "$"
            assert re.search(pattern, screen), (line, screen)


def _type_all(term: Terminal, said: list[str], typed: list[str]) -> None:
    """Each typed line at its prompt, then Ctrl-D at the last prompt; the program ends well.

    pexpect waits 50 ms before every send by default, lest a line typed before a program has
    set its terminal up be echoed by the terminal instead; here a line is typed only once its
    prompt stands on the screen, and readline sets the terminal up before it draws a prompt,
    so the wait is dropped (a second per game, of 15 lines and more).
    """
    term.child.delaybeforesend = None
    for number, line in enumerate(typed):
        _wait_for_prompt(term, said, _nth_typed(said, typed, number))
        term.type(line + "\r")
    _wait_for_prompt(term, said, len(said) - 1)  # the last prompt; its answer is Ctrl-D
    term.type("\x04")
    assert term.finish() == 0


def _wait_for_prompt(term: Terminal, said: list[str], index: int) -> None:
    """Until the prompt above transcript line ``index`` waits on screen, as often as there."""
    prompt = said[index - 1]
    times = " ".join(said[:index]).count(prompt)

    def ready() -> bool:
        row = term.screen.display[term.screen.cursor.y].replace("\xa0", " ").rstrip()
        return " ".join(term.seen()).count(prompt) >= times and \
            row.endswith(prompt.split()[-1])
    term.pump(ready, prompt)


def _nth_typed(said: list[str], typed: list[str], n: int) -> int:
    """Where the ``n``-th typed line stands in the plain transcript (its prompt is above)."""
    k = 0
    for i, line in enumerate(said):
        if k < len(typed) and line == typed[k] and i > 0:
            if k == n:
                return i
            k += 1
    raise AssertionError(f"typed line {n} not in the transcript")


def test_a_resized_terminal_is_followed_and_width_still_wins(tmp_path: Path) -> None:
    typed = ["300", "1 5 2 3 4 6", "1 5", "help"]
    said = _plain("tutto", "de", "Anna,Ben", typed, tmp_path / "plain.db").splitlines()
    term = Terminal(["--lang", "de", "--players", "Anna,Ben"], tmp_path, 80, rows=200)
    _wait_for_prompt(term, said, _nth_typed(said, typed, 0))
    term.child.setwinsize(200, 40)
    term.screen.resize(200, 40)
    _type_all(term, said, typed)
    rows = term.seen()
    after = rows[next(i for i, row in enumerate(rows) if row.startswith(said[1])):]
    assert max(len(row) for row in after) <= 40
    assert any(len(line) > 40 for line in said)
    assert not _words("\n".join(after)) - _words("\n".join(said)), "\n".join(after)

    (tmp_path / "w").mkdir()
    narrow = Terminal(["--lang", "de", "--players", "Anna,Ben", "--width", "30"],
                      tmp_path / "w", 80, rows=200)
    _type_all(narrow, said, typed)
    # Every row the program wrote keeps to --width; a typed line goes on as the terminal's own
    # echo does (the line editor knows the terminal's width only).
    assert max(len(row) for row in narrow.lines()
               if not any(row.endswith(" " + line) for line in typed)) <= 30
    assert not _words("\n".join(narrow.lines())) - _words("\n".join(said))
