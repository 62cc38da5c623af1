"""How long does the table listen to one turn, against the bare numbers of that turn?

A turn at the table is only as quick as its announcements are short: every second of speech is
a second the next player waits. The program itself is run (``--plain --speech --speech-to DIR``),
so the real sentences go through the real eSpeak NG; the WAV files it writes are measured.

The typical turn: ``bonus 300``, ``1 5 2 3 4 6``, ``1 5``, ``bank``, ``quit``, by Anna and Ben.
Its WAV files without the first (the opening sentence) and the last (the closing sentence) are
the turn. Each file counts its voiced time: from the first to the last sample louder than 655
(2 % of full scale), so the silence eSpeak NG puts before and after a sentence is left out.

The baseline, measured in the same run, is eSpeak NG at the same rate (the program's default of
200 words per minute, pyttsx3's) saying only the numbers of the turn, one sentence per file and
measured the same way: "300.", "1 5 2 3 4 6.", "150." (the points) and "150." (the new score).
No announcement that says these can be shorter. The figure is turn / baseline.

Budgets: at most 1.4 times the bare numbers in brief, at most 2.2 times in normal, in every
language. Each turn is played three times and the median shown; under heavy load the speech
worker has now and then written one announcement as an empty file, which the median leaves out.

Run: ``python bench/bench_speech_length.py [--rate WPM] [--runs N]`` (needs espeak-ng and the
program). It exits 1 when a budget is not met.
"""

from __future__ import annotations

import argparse
import array
import os
import shutil
import statistics
import subprocess
import tempfile
import wave
from pathlib import Path

from guard import check, run  # bench/guard.py
from testbed.program import tutto_command

LANGS = ("de", "fr", "en")
VERBOSITIES = ("brief", "normal")
BUDGET = {"brief": 1.4, "normal": 2.2}

# The typical turn, typed as English words (understood in every language).
TYPED = ["bonus 300", "1 5 2 3 4 6", "1 5", "bank", "quit"]
# What a listener must hear at the least: the card, the faces, the points, the new score.
BARE_FACTS = ("300.", "1 5 2 3 4 6.", "150.", "150.")
DEFAULT_RATE = 200  # pyttsx3's default, which the program keeps without --rate
LOUD = 655  # 2 % of a 16-bit sample's full scale


def voiced_seconds(path: Path) -> float:
    """From the first to the last sample louder than ``LOUD``: the sentence without silence."""
    with wave.open(str(path)) as wav:
        frames, rate = wav.getnframes(), wav.getframerate()
        samples = array.array("h", wav.readframes(frames))
    loud = [i for i, value in enumerate(samples) if abs(value) > LOUD]
    return (loud[-1] + 1 - loud[0]) / rate if loud else 0.0


def turn_seconds(lang: str, verbosity: str, rate: int | None = None) -> tuple[float, int]:
    """Voiced seconds of the typical turn's announcements, and how many there were."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "wav"
        env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
        env.update(LANG="C.UTF-8", HOME=tmp, XDG_DATA_HOME=tmp, XDG_CONFIG_HOME=tmp,
                   XDG_STATE_HOME=tmp)
        more = ["--rate", str(rate)] if rate else []
        subprocess.run(tutto_command() + ["--lang", lang, "--plain", "--speech", "--players",
                                    "Anna,Ben", "--db", str(Path(tmp) / "g.db"),
                                    "--speech-to", str(folder), "--verbosity", verbosity, *more],
                       input="".join(line + "\n" for line in TYPED), text=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
                       check=True)
        files = sorted(folder.glob("*.wav"))[1:-1]  # not the opening, not the closing
        check(len(files) >= len(TYPED) - 1,
              f"the turn was said in {len(files)} sound files, fewer than its "
              f"{len(TYPED) - 1} entries")
        return sum(voiced_seconds(f) for f in files), len(files)


def baseline_seconds(lang: str, rate: int) -> float:
    """eSpeak NG saying only the numbers of the typical turn, one file per number."""
    total = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for i, text in enumerate(BARE_FACTS):
            out = Path(tmp) / f"bare{i}.wav"
            subprocess.run(["espeak-ng", "-v", lang, "-s", str(rate), "-w", str(out), text],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=60)
            total += voiced_seconds(out)
    return total


def main(args: argparse.Namespace) -> int:
    if args.smoke:
        args.runs = 1
    if not shutil.which("espeak-ng"):
        print("espeak-ng is not installed: nothing to measure.")
        return 1
    over = 0
    rate = args.rate or DEFAULT_RATE
    print(f"Typical turn ({', '.join(TYPED[:-1])}) against its bare numbers "
          f"({' '.join(BARE_FACTS)}), {rate} words per minute, median of {args.runs} runs.")
    for lang in LANGS:
        bare = baseline_seconds(lang, rate)
        print(f"{lang}: bare numbers {bare:.2f} s")
        for verbosity in VERBOSITIES:
            runs = [turn_seconds(lang, verbosity, args.rate) for _ in range(max(1, args.runs))]
            seconds = statistics.median(r[0] for r in runs)
            ratio = seconds / bare
            ok = ratio <= BUDGET[verbosity]
            over += not ok
            spread = ""
            if max(r[0] for r in runs) - min(r[0] for r in runs) > 0.05:
                spread = f" (runs {', '.join(f'{r[0]:.2f}' for r in runs)} s)"
            print(f"  {verbosity}: {seconds:.2f} s{spread} in {runs[0][1]} announcements, "
                  f"{ratio:.2f} x the bare numbers; budget {BUDGET[verbosity]} x: "
                  f"{'ok' if ok else 'OVER'}")
    return 1 if over else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=None,
                        help="words per minute (default: the program's own default)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure; the median is shown")
    run(main, parser, limit=3600)
