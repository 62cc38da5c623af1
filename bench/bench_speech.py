"""How long from Enter (``say()``) until the audio player is running?

A stub ``aplay`` (first on PATH) writes the time it started and exits; there is no sound
card here, and what we measure is our latency, not the sound card's.  The figure covers
the pipe to the worker, pyttsx3 + eSpeak NG synthesis, writing the temporary WAV and
starting ``sh -c aplay``.  Target: median under 150 ms.

Baselines measured in the same run, for comparison on the same machine:
``python -c pass`` (interpreter start-up) and ``espeak-ng --stdout`` (raw synthesis by the
command-line tool, including its own start-up).

Run: ``python bench/bench_speech.py [--runs 20]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from guard import fail, run  # bench/guard.py
from tutto_a11y.speech.client import open_speaker
from tutto_a11y.speech.probe import speech_available

TEXT = "Anna sets aside 1 and 5: 150. Turn total 450, 2 dice left."

STAMPING_APLAY = """#!/bin/sh
for arg in "$@"; do [ "$arg" = "-" ] && exit 0; done
date +%s.%N >> "$BENCH_STAMPS"
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed(run: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return times


def report(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{label}: median {statistics.median(ms):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms"
        f" (n={len(ms)}, min {min(ms):.1f}, max {max(ms):.1f})"
    )


def stamps(path: Path) -> list[float]:
    if not path.exists():
        return []
    return [float(line) for line in path.read_text().split()]


def measure_say_to_player(runs: int, workdir: Path) -> tuple[list[float], float]:
    bin_dir = workdir / "bin"
    bin_dir.mkdir()
    (bin_dir / "aplay").write_text(STAMPING_APLAY)
    (bin_dir / "aplay").chmod(0o755)
    stamp_file = workdir / "stamps"
    os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    os.environ["BENCH_STAMPS"] = str(stamp_file)

    started = time.perf_counter()
    speaker = open_speaker("en")
    startup = time.perf_counter() - started
    latencies = []
    try:
        for _ in range(runs):
            seen = len(stamps(stamp_file))
            pressed = time.time()  # wall clock, as `date` in the stub
            speaker.say(TEXT)
            deadline = time.monotonic() + 10
            while len(stamps(stamp_file)) == seen:
                if time.monotonic() > deadline:
                    fail(f"the audio player did not start within 10 s of say() (the "
                         f"speaker's failure: {speaker.failed})")
                time.sleep(0.001)
            latencies.append(stamps(stamp_file)[-1] - pressed)
            time.sleep(0.1)  # let the stub exit and the worker go idle
    finally:
        speaker.close(wait=True, timeout=5)
    return latencies, startup


def measure_no_speech(runs: int, workdir: Path) -> dict[str, list[float]]:
    """``speech_available()`` where speech cannot be had: it runs at every start-up.

    Without a player on PATH, and (on a machine without a sound card) with the real aplay,
    which is asked to play 10 ms of silence.  Target: well under 0.1 s each.
    """
    found: dict[str, list[float]] = {}
    saved = os.environ["PATH"]
    empty = workdir / "empty"
    empty.mkdir()
    os.environ["PATH"] = str(empty)
    try:
        found["speech_available() without a player"] = timed(speech_available, runs)
    finally:
        os.environ["PATH"] = saved
    cards = Path("/proc/asound/cards")
    has_card = cards.exists() and "[" in cards.read_text(encoding="utf-8", errors="replace")
    if shutil.which("aplay") and not has_card:
        found["speech_available() with the real aplay, no sound card"] = timed(
            speech_available, runs)
    return found


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    print(f"announcement: {TEXT!r}")
    python = [sys.executable, "-c", "pass"]
    report("baseline python -c pass", timed(lambda: subprocess.run(python, timeout=60),
                                            1 if args.smoke else 10))
    espeak = shutil.which("espeak-ng")
    if espeak:
        synth = [espeak, "-v", "en", "--stdout", TEXT]
        report(
            "baseline espeak-ng --stdout (start-up + synthesis)",
            timed(lambda: subprocess.run(synth, stdout=subprocess.DEVNULL, timeout=60),
                  1 if args.smoke else 10),
        )
    with tempfile.TemporaryDirectory() as tmp:
        for label, seconds in measure_no_speech(runs, Path(tmp)).items():
            report(label, seconds)
    with tempfile.TemporaryDirectory() as tmp:
        latencies, startup = measure_say_to_player(runs, Path(tmp))
    print(f"open_speaker start-up (worker ready): {startup * 1000:.1f} ms")
    report("say() -> player process started", latencies)
    verdict = "OK" if statistics.median(latencies) < 0.150 else "SLOWER THAN"
    print(f"target 150 ms: {verdict}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    run(main, parser, limit=1800)
