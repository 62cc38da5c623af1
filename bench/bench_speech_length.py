"""How long does the table listen to one turn? Seconds of speech per scripted turn.

A turn at the table is only as quick as its announcements are short: every second of speech is
a second the next player waits. The program itself is run (``--speech-to DIR``), so the real
sentences go through the real eSpeak NG at the default rate; the WAV files it writes are summed.
The opening line ("New game for ...") and the end-of-input line are not part of a turn and are
left out.

Budgets: a typical turn at most 4 s in brief and at most 8 s in normal, in each language. Each
figure is the sum of the WAV files; "audible" leaves out the silence eSpeak NG puts at the end of
every announcement (about a quarter second), which the table does not wait for: the next
announcement starts when the next entry is typed.

The baseline, measured in the same run, is eSpeak NG at the program's default rate (200 words
per minute, pyttsx3's default) saying only the numbers of the typical turn, one sentence each:
the card, the six faces, the points, the new score. No announcement that says these can be
shorter.

Each turn is played three times and the median shown; the same sentences have now and then
come out longer from the speech worker, so a spread between runs is printed when there is one.

Run: ``python bench/bench_speech_length.py [--rate WPM] [--runs N]`` (needs espeak-ng and the
program).
"""

from __future__ import annotations

import argparse
import array
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

LANGS = ("de", "fr", "en")
VERBOSITIES = ("brief", "normal")
BUDGET = {"brief": 4.0, "normal": 8.0}

# The turns, typed as English words (understood in every language).
TURNS: dict[str, list[str]] = {
    "typical turn: Bonus 300, roll, set aside, bank": ["300", "1 5 2 3 4 6", "1 5", "bank"],
    "turn with one Tutto: Bonus 400, roll, set aside, roll, Tutto, bank":
        ["400", "1 5 5 2 3 4", "1 5 5", "2 2 2", "", "bank"],
    "turn ending in a Niete: Bonus 200, roll, set aside, Niete":
        ["200", "1 2 3 4 6 6", "1", "2 3 4 6 6"],
}

# What a listener must hear at the least in the typical turn, for the baseline.
BARE_FACTS = "300. 1 5 2 3 4 6. 150. 150."
DEFAULT_RATE = 200  # pyttsx3's default, which the program keeps without --rate


def command() -> list[str]:
    script = shutil.which("tutto-tally")
    return [script] if script else [sys.executable, "-m", "tutto_a11y"]


def wav_seconds(path: Path) -> tuple[float, float]:
    """(whole length, audible length: up to the last sample louder than the noise floor)."""
    with wave.open(str(path)) as wav:
        frames, rate = wav.getnframes(), wav.getframerate()
        samples = array.array("h", wav.readframes(frames))
    loud = [i for i, value in enumerate(samples) if abs(value) > 300]
    return frames / rate, (loud[-1] + 1) / rate if loud else 0.0


def turn_seconds(lang: str, verbosity: str, typed: list[str],
                 rate: int | None = None) -> tuple[float, float, int]:
    """Seconds of speech for the announcements of ``typed``: whole, audible, how many."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "wav"
        env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        env.update(LANG="C.UTF-8", XDG_DATA_HOME=tmp)
        more = ["--rate", str(rate)] if rate else []
        subprocess.run(command() + ["--lang", lang, "--plain", "--players", "Anna,Ben",
                                    "--db", str(Path(tmp) / "g.db"), "--speech-to", str(folder),
                                    "--verbosity", verbosity, *more],
                       input="".join(line + "\n" for line in typed), text=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
                       check=True)
        files = sorted(folder.glob("*.wav"))
        turn = [wav_seconds(f) for f in files[1:-1]]  # not the opening, not end of input
        return sum(t[0] for t in turn), sum(t[1] for t in turn), len(turn)


def baseline_seconds(lang: str, rate: int) -> float:
    """eSpeak NG saying only the numbers of the typical turn."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bare.wav"
        subprocess.run(["espeak-ng", "-v", lang, "-s", str(rate), "-w", str(out), BARE_FACTS],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return wav_seconds(out)[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=None,
                        help="words per minute (default: the program's own default)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs per turn; the median is shown, and the spread if any")
    args = parser.parse_args()
    if not shutil.which("espeak-ng"):
        print("espeak-ng is not installed: nothing to measure.")
        return 1
    over = 0
    for lang in LANGS:
        print(f"{lang}: baseline, the bare numbers of the typical turn: "
              f"{baseline_seconds(lang, args.rate or DEFAULT_RATE):.1f} s")
        for name, typed in TURNS.items():
            for verbosity in VERBOSITIES:
                runs = sorted(turn_seconds(lang, verbosity, typed, args.rate)
                              for _ in range(max(1, args.runs)))
                whole, audible, count = runs[len(runs) // 2]
                spread = ""
                if runs[-1][0] - runs[0][0] > 0.05:  # the speech worker is not always alike
                    spread = f" (runs from {runs[0][0]:.1f} to {runs[-1][0]:.1f} s)"
                budget = ""
                if name.startswith("typical"):
                    ok = whole <= BUDGET[verbosity]
                    over += not ok
                    budget = f"; budget {BUDGET[verbosity]:.0f} s: {'ok' if ok else 'OVER'}"
                print(f"  {name}, {verbosity}: {whole:.1f} s{spread}, audible {audible:.1f} s, "
                      f"{count} announcements{budget}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
