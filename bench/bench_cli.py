"""Time the command line: start to the first prompt, and time per entry over 2,000 entries.

Run from the project folder: ``python bench/bench_cli.py [--runs N]``. Prints plain lines with
median and 90th percentile next to baselines measured in the same run (``python -c pass`` and an
import of click), so figures from different machines can be compared.

Targets: first prompt in plain mode at most 5 times ``python -c pass`` of the same virtual
environment (issue 22; wall clock, and processor time, which a machine busy with other work
disturbs less); under 2 ms per entry without persistence (issue 3).

The program runs as a user's second start does: with its bytecode cached (a
``PYTHONDONTWRITEBYTECODE`` of the calling shell is dropped, and one warm-up run writes it).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from guard import Lines, check, run  # bench/guard.py
from testbed.tutto_simulator import long_game, typed
from timing import median_p90  # bench/timing.py
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game, Rules
from tutto_a11y.table.reader import PlainReader
from tutto_a11y.table.session import Table
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output

ENTRIES = 2000
#: The smoke run's game: a few turns of each player (the random player takes seconds to
#: make 2,000 entries; 100 take a tenth of one).
SMOKE_ENTRIES = 100


def time_command(argv: list[str], until: bytes | None, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting a process until ``until`` appears on its stdout (or it exits), and
    the processor time (user and system) it had used by then."""
    begin = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    if until is not None:
        try:
            Lines(proc.stdout.fileno()).until(lambda line: until.decode() in line,
                                              f"its first prompt {until.decode()!r}", 60)
        except BaseException:
            proc.kill()
            proc.wait()
            raise
    else:
        os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)  # ended, not yet reaped
    elapsed = time.perf_counter() - begin
    if until is not None:
        proc.kill()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped above; Popen must not wait for it again
    proc.stdin.close()  # type: ignore[union-attr]
    proc.stdout.close()
    return elapsed, usage.ru_utime + usage.ru_stime


def first_prompt(runs: int) -> None:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TUTTO_") and k != "PYTHONDONTWRITEBYTECODE"}
    env["LANG"] = "C.UTF-8"
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "g.db")
        app = [sys.executable, "-m", "tutto_a11y", "--plain", "--no-speech",
               "--players", "Anna,Ben", "--db", db]
        time_command(app, b"card?", env)  # create the games file and the bytecode once
        runs_of: dict[str, list[tuple[float, float]]] = {"base": [], "click": [], "ours": []}
        for _ in range(runs):  # interleaved, so a busy moment of the machine hits all three
            runs_of["base"].append(time_command([sys.executable, "-c", "pass"], None, env))
            runs_of["click"].append(time_command([sys.executable, "-c", "import click"], None,
                                                 env))
            runs_of["ours"].append(time_command(app + ["--resume"], b"card?", env))
    medians = {}
    for key, name in (("base", "python -c pass (baseline)"),
                      ("click", "python -c 'import click' (baseline)"),
                      ("ours", "tutto-tally --plain: start to first prompt")):
        wall = [w for w, _ in runs_of[key]]
        cpu = [c for _, c in runs_of[key]]
        med, p90 = median_p90(wall)
        medians[key] = (med, statistics.median(cpu))
        print(f"{name}: median {med * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms; "
              f"processor time median {medians[key][1] * 1000:.1f} ms")
    (base_wall, base_cpu), (ours_wall, ours_cpu) = medians["base"], medians["ours"]
    print(f"first prompt: {ours_wall / base_wall:.1f} times python -c pass in wall time, "
          f"{ours_cpu / base_cpu:.1f} times in processor time (target: at most 5 times)")


def per_entry(runs: int, entries: int = ENTRIES) -> None:
    lines = [typed(entry) for entry in long_game(entries).entries]
    data = "".join(line + "\n" for line in lines).encode()
    samples = []
    for _ in range(runs):
        out = io.StringIO()
        game = Game(["Anna", "Ben", "Cleo"], Rules().with_option("target", "1000000"))
        output = Output(out, prompt_on_own_line=True)
        table = Table(game, Messages(Catalog("en"), game), PlainReader(io.BytesIO(data), output),
                      output)
        begin = time.perf_counter()
        table.run("start")
        elapsed = time.perf_counter() - begin
        check(len(game.entries) == len(lines),
              f"{len(lines) - len(game.entries)} of the scripted entries were refused")
        samples.append(elapsed / len(lines))
    med, p90 = median_p90(samples)
    print(f"play loop without persistence, {len(lines)} entries: median {med * 1000:.3f} ms "
          f"per entry, p90 {p90 * 1000:.3f} ms (target: under 2 ms)")


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    first_prompt(runs)
    if args.smoke:
        per_entry(1, SMOKE_ENTRIES)
    else:
        per_entry(max(3, runs // 3))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    run(main, parser, limit=1800)
