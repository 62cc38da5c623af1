"""The output rules of docs/interface.md: append-only plain lines a screen reader can follow."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from conftest import spawn_tutto
from transcript import run_script, steps
from tutto_scripts import GAME_ONE, lines

ESC = "\x1b"


def _play_in_terminal(tmp_path: Path, extra: list[str], term: str) -> tuple[str, list[str]]:
    """Play game one in a pseudo-terminal; the raw output and the announcements expected."""
    typed = lines(GAME_ONE, "en")
    _opening, script = steps(run_script(typed, "en", tmp_path / "ref.db"), typed)
    child = spawn_tutto(["--players", "Anna,Ben,Cleo", "--target", "4000",
                    "--db", str(tmp_path / "pty.db"), *extra], term)
    raw: list[str] = []
    said: list[str] = []
    for step in script:
        child.expect_exact(step.prompt.split(", ", 1)[1])
        raw.append(child.before + child.after)
        child.sendline(step.typed)
        said.extend(step.said)
    del said[-2:]  # the game-over prompt and the goodbye at the end of input: no announcements
    child.expect_exact("Game over. Type scores, undo or quit:")
    raw.append(child.before + child.after)
    child.sendeof()  # the game stays at the game-over prompt (undo) until input ends
    child.expect(pexpect.EOF)
    raw.append(child.before)
    child.close()
    assert child.exitstatus == 0
    return "".join(raw), said


@pytest.mark.slow
def test_plain_mode_prints_no_escape_sequence_at_all(tmp_path: Path) -> None:
    raw, said = _play_in_terminal(tmp_path, ["--plain"], "xterm")
    assert ESC not in raw
    assert said[-1] in raw


@pytest.mark.slow
def test_a_dumb_terminal_gets_plain_lines_without_asking(tmp_path: Path) -> None:
    raw, said = _play_in_terminal(tmp_path, [], "dumb")
    assert ESC not in raw
    assert said[-1] in raw


@pytest.mark.slow
def test_the_terminal_mode_prints_announcements_as_plain_lines_after_the_prompt(
        tmp_path: Path) -> None:
    raw, said = _play_in_terminal(tmp_path, [], "xterm")
    assert "\x1b[6n" not in raw, "no cursor-position request"
    for sentence in said:
        # The whole line, from its first character to its end, is the plain sentence.
        assert re.search(r"\n" + re.escape(sentence) + r"\r\n", raw), sentence


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_width_40_never_prints_a_line_longer_than_40(lang: str, tmp_path: Path) -> None:
    typed = lines(GAME_ONE, lang)
    transcript = run_script(typed, lang, tmp_path / "g.db", "--width", "40",
                            "--verbosity", "full")
    for line in transcript.splitlines():
        assert len(line) <= 40, line
    assert "4300" in transcript


def test_every_accepted_entry_is_announced_in_exactly_one_line(tmp_path: Path) -> None:
    typed = lines(GAME_ONE, "en")
    _opening, script = steps(run_script(typed, "en", tmp_path / "g.db"), typed)
    for step in script[:-1]:
        assert len(step.said) == 1, step
    # The last entry ends the game: its line, then the game-over prompt and, as input ends there,
    # the goodbye.
    assert script[-1].said[1:] == ["Game over. Type scores, undo or quit:",
                                   "End of input. The game is over and saved."]


def test_plain_output_uses_ascii_punctuation_only(tmp_path: Path) -> None:
    for lang in ("en", "de", "fr"):
        transcript = run_script(lines(GAME_ONE, lang), lang, tmp_path / f"{lang}.db")
        for ch in transcript:
            if not ch.isalnum() and not ch.isspace():
                assert ord(ch) < 128, (lang, ch)
