"""Speech in a whole game: real eSpeak NG, the game's language, never in the way."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import wave
from pathlib import Path

import pytest

from conftest import slow_unless, tutto_command

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="eSpeak NG is not installed (the test script installs it)")
GAME = "bonus 300\n1 5 2 3 4 6\n1 5\nbank\nstop\nquit\n"


def _play(args: list[str], env: dict[str, str], stdin: str = GAME,
          timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(tutto_command() + args, input=stdin, capture_output=True, text=True,
                          env=env, timeout=timeout)


def _env(clean_env: dict[str, str]) -> dict[str, str]:
    env = dict(clean_env)
    env.pop("TUTTO_SPEECH", None)
    return env


def _announcements(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if not line.endswith(("?", ":"))]


# The real program speaking a game: the quick run keeps German, the others are slow.
@needs_espeak
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=slow_unless(lang == "de"))
                                  for lang in ("en", "de", "fr")])
def test_every_announcement_is_spoken_to_a_numbered_wav_file(lang: str, tmp_path: Path,
                                                             clean_env: dict[str, str]) -> None:
    folder = tmp_path / "wav"
    done = _play(["--lang", lang, "--plain", "--speech", "--speech-to", str(folder),
                  "--players", "Anna,Ben", "--db", str(tmp_path / "g.db")], _env(clean_env))
    assert done.returncode == 0, done.stderr
    assert "Audio saved" not in done.stdout + done.stderr
    said = _announcements(done.stdout)
    files = sorted(folder.glob("*.wav"))
    assert [f.name for f in files] == [f"{i:04d}.wav" for i in range(1, len(said) + 1)]
    for text, path in zip(said, files, strict=True):
        with wave.open(str(path)) as w:
            seconds = w.getnframes() / w.getframerate()
        words = len(text.split())
        assert 0.15 * words < seconds < 1.5 * words + 1, (text, seconds)


@needs_espeak
def test_a_german_game_speaks_german_and_a_french_game_french(tmp_path: Path,
                                                              clean_env: dict[str, str]) -> None:
    sizes = {}
    for lang in ("en", "de", "fr"):
        folder = tmp_path / lang
        _play(["--lang", lang, "--plain", "--speech", "--speech-to", str(folder),
               "--players", "Anna,Ben", "--db", str(tmp_path / f"{lang}.db")], _env(clean_env),
              stdin="quit\n")
        sizes[lang] = (folder / "0001.wav").read_bytes()
    # The same game opening, in three languages and voices, sounds different in each.
    assert len({sizes["en"], sizes["de"], sizes["fr"]}) == 3


def test_without_an_audio_player_one_line_says_so_and_the_game_goes_on(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    python = Path(tutto_command()[0])
    env = _env(clean_env)
    env["PATH"] = f"{bin_dir}:{python.parent}"
    done = _play(["--plain", "--speech", "--players", "Anna,Ben", "--db",
                  str(tmp_path / "g.db")], env)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stdout.splitlines() if line.startswith("Speech is off")]
    assert len(warnings) == 1
    assert "Anna banks, score 150. Ben's turn." in done.stdout


@pytest.mark.slow
@needs_espeak
def test_slow_speech_never_holds_up_twenty_entries(tmp_path: Path,
                                                   clean_env: dict[str, str]) -> None:
    """A stub player that takes 10 s per sentence: the game answers every entry without
    waiting for it, so every sentence but the last is cut off by the next entry."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "player.log"
    player = bin_dir / "aplay"
    player.write_text(f"#!/bin/sh\necho start >> {log}\nsleep 10\necho end >> {log}\n")
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    (bin_dir / "asound").mkdir()
    env = _env(clean_env)
    env["PATH"] = f"{bin_dir}:{os.environ['PATH']}"
    entries = ["bonus 300", "1 5 2 3 4 6", "1 5", "bank"] * 5  # 20 entries
    done = _play(["--plain", "--speech", "--players", "Anna,Ben", "--db",
                  str(tmp_path / "g.db")], env, stdin="\n".join(entries) + "\nquit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("banks, score") == 5
    # Held up, each of the twenty sentences would be played to its end (200 s). Answered at
    # once, a sentence is cut off by the next entry (none of them is important), and only the
    # last one may be heard to its end, as quit waits for it.
    played = log.read_text().split()
    assert played.count("start") >= 1
    assert played.count("end") <= 1, played
