"""Time the README's first command once installed: ``sh scripts/play`` to the first prompt.

Run from the project folder after one ``sh scripts/play --version`` (which installs):
``python bench/bench_setup.py [--runs N]``. Prints the median and 90th percentile next to
baselines from the same run: ``python -c pass`` and the installed program started directly, so
the cost of the script itself (the up-to-date check of .venv) shows as the difference.

Target (issue 8): a game starts in well under a second once installed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from guard import ROOT, Lines, Unexpected, run
from timing import median_p90

PROMPT = b"Anna, card?"


def until_prompt(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` until the first prompt appears (or it exits)."""
    begin = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    try:
        if argv[1:] != ["-c", "pass"]:
            Lines(proc.stdout.fileno()).until(lambda line: PROMPT.decode() in line,
                                              f"the first prompt {PROMPT.decode()!r}", 120)
        else:
            proc.wait(60)
        return time.perf_counter() - begin
    finally:
        proc.kill()
        proc.wait()


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    if not (ROOT / ".venv" / "bin" / "tutto-tally").exists():
        raise Unexpected("there is no .venv/bin/tutto-tally: run `sh scripts/play --version` "
                         "once first, to install")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    with tempfile.TemporaryDirectory() as folder:
        env.update(TUTTO_SPEECH="0", LANG="C.UTF-8")
        # A new games file each start: an existing one would first ask to go on with its game.
        game = ["--plain", "--lang", "en", "--players", "Anna,Ben", "--db"]
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            ".venv/bin/tutto-tally, started directly": [str(ROOT / ".venv/bin/tutto-tally"),
                                                         *game],
            "sh scripts/play, installed": ["sh", "scripts/play", *game],
        }
        if args.smoke:  # it would install .venv again without the tests' extras, mid-test
            del cases["sh scripts/play, installed"]
            print("--smoke: sh scripts/play is left out (it would install .venv again)")
        for name, argv in cases.items():
            samples = []
            for run in range(runs):
                db = [str(Path(folder) / f"{len(name)}-{run}.sqlite3")] if "--db" in argv else []
                samples.append(until_prompt(argv + db, env))
            median, p90 = median_p90(samples)
            print(f"{name}: median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    run(main, parser, limit=1800)
