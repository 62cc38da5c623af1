"""How soon the greeting is heard after a start with speech, next to the prompt without speech.

Run from the project folder: ``python bench/bench_speech_start.py [--runs N] [--probe MS]``.
The program runs as a player starts it, in a pseudo-terminal (the default terminal mode), with
``--speech`` (pyttsx3 and eSpeak NG) and without. A stub ``aplay`` first on PATH stands for the
sound device: when the program's device check plays silence through it (``aplay -``) it takes
``--probe`` milliseconds, as long as aplay took on a machine whose sound goes to a sound server
(190 ms where the issue was measured; 0 for a machine with a sound card, where the check reads
``/proc/asound/cards`` and never plays); when the speech worker plays a sentence it writes the
time it started, which is when the greeting begins to sound (the sound device's own latency
left out). Printed, as medians with the 90th percentile, in the same run: ``python -c pass``,
the first prompt without speech, the first prompt with speech, the greeting heard, and the
greeting heard less the prompt without speech (target: at most 100 ms).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import pexpect

from guard import Unexpected, run  # bench/guard.py
from testbed.program import tutto_command
from timing import median_p90  # bench/timing.py

STUB = """#!/bin/sh
for arg in "$@"; do
  if [ "$arg" = "-" ]; then
    cat >/dev/null
    sleep {probe}
    exit 0
  fi
done
date +%s.%N >> "$BENCH_HEARD"
"""


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TUTTO_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", PATH=f"{folder}:{env['PATH']}",
               BENCH_HEARD=str(folder / "heard"), XDG_DATA_HOME=str(folder / "data"))
    return env


def start(folder: Path, speech: bool, number: int) -> tuple[float, float | None]:
    """Seconds to the first prompt, and to the greeting's sound (None without speech)."""
    heard = folder / "heard"
    heard.unlink(missing_ok=True)
    command = tutto_command()
    args = ["--players", "Anna,Ben", "--lang", "en", "--db", str(folder / f"g{number}{speech}.db"),
            "--speech" if speech else "--no-speech"]
    begin = time.time()
    child = pexpect.spawn(command[0], command[1:] + args, env=_env(folder), timeout=30,
                          dimensions=(40, 100))
    child.expect_exact(b"card?")
    prompt = time.time() - begin
    sound = None
    if speech:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not heard.exists():
            time.sleep(0.005)
        if heard.exists():
            time.sleep(0.05)  # the stamp is written
            sound = float(heard.read_text().split()[0]) - begin
    child.terminate(force=True)
    return prompt, sound


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        aplay = folder / "aplay"
        aplay.write_text(STUB.format(probe=args.probe / 1000), encoding="utf-8")
        aplay.chmod(0o755)
        if not args.smoke:  # the smoke run's one start of each kind is its warm-up
            start(folder, False, -1)  # the games file and the bytecode, once
            start(folder, True, -2)
        base: list[float] = []
        quiet: list[float] = []
        spoken: list[float] = []
        heard: list[float] = []
        for number in range(runs):  # interleaved, so a busy moment hits all of them
            begin = time.perf_counter()
            pexpect.run(f"{sys.executable} -c pass")
            base.append(time.perf_counter() - begin)
            quiet.append(start(folder, False, number)[0])
            prompt, sound = start(folder, True, number)
            spoken.append(prompt)
            if sound is not None:
                heard.append(sound)
    for label, samples in (("python -c pass in a pseudo-terminal (baseline)", base),
                           ("first prompt without speech", quiet),
                           ("first prompt with speech", spoken),
                           ("greeting heard (its player starts)", heard)):
        med, p90 = median_p90(samples)
        print(f"{label}: median {med * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms")
    if heard:
        late = median_p90(heard)[0] - median_p90(quiet)[0]
        print(f"greeting heard after the prompt without speech: {late * 1000:.1f} ms "
              f"(target: at most 100 ms; device check {args.probe} ms; "
              f"{len(heard)} of {runs} starts heard)")
    else:
        raise Unexpected("the greeting was never heard: the speech player was not started")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--probe", type=int, default=190,
                        help="milliseconds the device check's aplay takes (default 190)")
    run(main, parser, limit=600)
