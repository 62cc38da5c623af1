"""Never silent: whatever the coach or the review computes for a while is preceded by one short
line, printed and spoken, that it is computing, and the answer follows it in full.

The slow case is real: the advice of the game's last turn for a player who needs 9000 follows
thousands of smaller draw piles (seconds on a two-core machine). Where a test only checks the
wording or where the line goes, it sets the delay before the line to nothing instead of
waiting (a stub of timing only).
"""

from __future__ import annotations

import json
import subprocess
import threading
import wave
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import tutto_command
from test_cli_speech import needs_espeak
from test_tutto_review import keep, scripted_game
from tutto_a11y.cli.app import cli
from tutto_a11y.text import one_moment

LINE = {"en": "One moment, I'm computing.", "de": "Einen Moment, ich rechne.",
        "fr": "Un instant, je calcule."}

#: Anna makes four Tuttos and 1000 under Fireworks and banks 9000 by its Niete: the final
#: round (target 1000). Ben, the last, needs 9000, and asks for advice after his first roll.
NEEDS_9000 = ["fireworks", "1 1 1 1 1 1", "1 1 1 1 1 1", "1 1 1 1 1 1", "1 1 1 1 1 1",
              "1 1 1 2 3 4", "2 3 4", "300", "1 2 3 4 6 6"]
ADVICE = {"en": ("advice", "You need 9000 to win: "), "de": ("tipp", "Du brauchst 9000 zum Sieg: "),
          "fr": ("avis", "Il vous faut 9000 pour gagner\u00a0: ")}


@needs_espeak
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_long_advice_is_preceded_by_one_moment_printed_and_spoken_and_said_in_full(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    word, opening = ADVICE[lang]
    folder = tmp_path / "wav"
    env = dict(clean_env)
    env.pop("TUTTO_SPEECH", None)
    done = subprocess.run(tutto_command() + [
        "--plain", "--lang", lang, "--speech", "--speech-to", str(folder), "--players",
        "Anna,Ben", "--target", "1000", "--width", "400", "--db", str(tmp_path / "g.db")],
        input="\n".join(NEEDS_9000 + [word, "quit"]) + "\n", capture_output=True, text=True,
        env=env, timeout=600)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    printed = done.stdout.splitlines()
    advice = next(i for i, line in enumerate(printed) if line.startswith(opening))
    assert printed[advice - 1] == LINE[lang]  # printed first, once
    assert printed.count(LINE[lang]) == 1
    # Spoken in the same order, each line to its own numbered sound file: the line, then the
    # whole advice (eSpeak NG takes at least 0.15 s a word; a cut-off answer would be shorter).
    said = [line for line in printed if not line.endswith(("?", ":"))]
    files = sorted(folder.glob("*.wav"))
    assert len(files) == len(said)
    for text in (LINE[lang], printed[advice]):
        with wave.open(str(files[said.index(text)])) as sound:
            seconds = sound.getnframes() / sound.getframerate()
        assert seconds > 0.15 * len(text.split()), (text, seconds)
    assert said.index(LINE[lang]) + 1 == said.index(printed[advice])


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line as soon as anything is computed: its wording and place, without the wait."""
    monkeypatch.setattr(one_moment, "DELAY", 0.0)


@pytest.mark.parametrize("lang, word", [("en", "advice"), ("de", "tipp"), ("fr", "avis"),
                                        ("en", "review"), ("de", "rückblick"),
                                        ("fr", "bilan")])
def test_at_the_table_the_line_comes_in_the_games_language_right_before_the_answer(
        at_once: None, lang: str, word: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["--plain", "--no-speech", "--lang", lang, "--db", str(tmp_path / "g.db"),
              "--players", "Anna,Ben", "--width", "400"],
        input=f"300\n1 1 2 2 3 5\n{word}\n", env={"TUTTO_COACH": None})
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    lines = result.output.splitlines()
    line = lines.index(LINE[lang])
    assert lines.count(LINE[lang]) == 1
    answer = lines[line + 1]
    assert answer.startswith({"advice": "Set aside", "tipp": "Die 1 herauslegen",
                              "avis": "Gardez", "review": "The coach looks back",
                              "rückblick": "Rückblick", "bilan": "Bilan"}[word]), answer


def test_under_coach_the_line_comes_before_the_roll_and_its_advice(at_once: None,
                                                                   tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["--plain", "--no-speech", "--coach", "--db", str(tmp_path / "g.db"),
              "--players", "Anna,Ben", "--width", "400"], input="300\n1 1 2 2 3 5\n",
        env={"TUTTO_COACH": None})
    lines = result.output.splitlines()
    line = lines.index(LINE["en"])
    assert lines[line + 1].startswith("1, 1, 2, 2, 3, 5. Set aside the 1 and roll 5 dice")


def test_the_commands_say_it_on_stderr_and_keep_stdout_for_the_answer(
        at_once: None, db: Path) -> None:
    game_id = keep(db, scripted_game(), "de")
    review = CliRunner().invoke(cli, ["review", game_id, "--db", str(db), "--format", "json"])
    assert review.exit_code == 0, review.output
    assert review.stderr.splitlines() == [LINE["de"]]  # the game's language
    assert json.loads(review.stdout)["game"] == int(game_id)
    coach = CliRunner().invoke(cli, ["coach", "--lang", "fr", "--card", "x2", "--dice", "6",
                                     "--turn-total", "0", "--format", "json"])
    assert coach.stderr.splitlines() == [LINE["fr"]]
    assert json.loads(coach.stdout)["best"] == 0


def test_a_quick_answer_says_nothing_more_and_a_slow_one_says_the_line_once_first() -> None:
    said: list[str] = []
    line_said = threading.Event()

    def line() -> None:
        said.append("line")
        line_said.set()

    # A quick answer: its timer is stopped by the answer (a long delay, so it could not have
    # fired yet) and has ended, so the line can never come after the answer.
    before = set(threading.enumerate())
    assert one_moment.after_a_moment(lambda: "quick", line, delay=600) == "quick"
    for timer in set(threading.enumerate()) - before:
        timer.join(timeout=30)
        assert not timer.is_alive(), "the answer did not stop the timer of the line"
    assert said == []

    # A slow answer: the computation goes on until the line has been said, however long the
    # machine takes to get there, and the answer comes after it.
    def slow() -> str:
        assert line_said.wait(timeout=60), "the line never came while computing"
        said.append("answer")
        return "answer"

    assert one_moment.after_a_moment(slow, line, delay=0.01) == "answer"
    assert said == ["line", "answer"]
