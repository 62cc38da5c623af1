"""Run a scripted game through click's CliRunner and split the transcript into steps.

With ``echo_stdin`` the transcript shows each typed line right after its prompt, as a terminal
would; ``steps`` turns it back into (prompt, typed line, announcement lines) for the
pseudo-terminal tests, which must see exactly the same sentences.
"""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from tutto_a11y.cli.app import cli
from tutto_a11y.core.record import Record, field

GOLDEN = Path(__file__).resolve().parent / "golden"
PLAYERS = "Anna,Ben,Cleo"


def run_script(lines: list[str], lang: str, db: Path, *extra: str) -> str:
    """The whole transcript of a scripted game, typed lines included."""
    runner = CliRunner(echo_stdin=True)
    args = ["--lang", lang, "--plain", "--no-speech", "--players", PLAYERS, "--target", "4000",
            "--db", str(db), *extra]
    result = runner.invoke(cli, args, input="".join(line + "\n" for line in lines),
                           env={"TUTTO_SPEECH": None, "LANGUAGE": None})
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == 0, result.output
    return result.output


class MissingGolden(AssertionError):
    """A golden transcript that is not there: a test compared against nothing must fail."""


def golden(name: str, text: str) -> str:
    """The stored transcript to compare ``text`` with.

    Only an explicit update writes it: ``TUTTO_UPDATE_GOLDEN=1`` (or ``scripts/update-golden``)
    rewrites every golden file the run reaches; then read the diff in all three languages. A
    missing file is a failure, never silently written, so no comparison can pass by itself.
    """
    path = GOLDEN / name
    if os.environ.get("TUTTO_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        raise MissingGolden(f"no golden transcript {name}: run with TUTTO_UPDATE_GOLDEN=1 to "
                            "write it, then read it")
    return path.read_text(encoding="utf-8")


class Step(Record):
    """One typed line: the prompt it answered, and what the program said after it (filled in
    as the transcript is read)."""

    prompt: str
    typed: str
    said: list[str] = field(default_factory=list)


def steps(transcript: str, typed: list[str]) -> tuple[list[str], list[Step]]:
    """(opening lines, one Step per typed line) from an echoed transcript."""
    lines = transcript.splitlines()
    opening: list[str] = []
    result: list[Step] = []
    i, k = 0, 0
    current = opening
    while i < len(lines):
        if k < len(typed) and i + 1 < len(lines) and lines[i + 1] == typed[k]:
            step = Step(prompt=lines[i], typed=typed[k])
            result.append(step)
            current = step.said
            i, k = i + 2, k + 1
            continue
        current.append(lines[i])
        i += 1
    assert k == len(typed), f"only {k} of {len(typed)} typed lines found in the transcript"
    return opening, result


def replay_in_terminal(args: list[str], transcript: str, typed: list[str]) -> None:
    """Type ``typed`` into the real program in a pseudo-terminal started with ``args`` and
    expect every line of the transcript at its place: what a screen reader user hears."""
    import pexpect

    from conftest import spawn_tutto

    opening, script = steps(transcript, typed)
    child = spawn_tutto(args)
    for line in opening:
        child.expect_exact(line)
    for step in script:
        child.expect_exact(step.prompt)
        child.sendline(step.typed)
        for line in step.said:
            if step is script[-1] and line == step.said[-1]:
                child.sendeof()  # the transcript's input ends at the last prompt
            child.expect_exact(line)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
