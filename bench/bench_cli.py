"""Time the command line: start to the first prompt, and time per entry over 2,000 entries.

Run from the project folder: ``python bench/bench_cli.py [--runs N]``. Prints plain lines with
median and 90th percentile next to baselines measured in the same run (``python -c pass`` and an
import of click), so figures from different machines can be compared.

Targets (issue 3): first prompt in plain mode under 150 ms on this machine, measured against
``python -c pass``; under 2 ms per entry without persistence.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutto_a11y.games.tutto.simulator import long_game, typed  # noqa: E402
from timing import median_p90  # noqa: E402  (bench/timing.py)
from tutto_a11y.text.i18n import Catalog  # noqa: E402
from tutto_a11y.games.tutto.messages import Messages  # noqa: E402
from tutto_a11y.text.output import Output  # noqa: E402
from tutto_a11y.table.reader import PlainReader  # noqa: E402
from tutto_a11y.games.tutto.rules import Game, Rules  # noqa: E402
from tutto_a11y.table.session import Table  # noqa: E402

ENTRIES = 2000


def time_command(argv: list[str], until: bytes | None, env: dict[str, str]) -> float:
    """Seconds from starting a process until ``until`` appears on its stdout (or it exits)."""
    begin = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    if until is None:
        proc.wait()
        return time.perf_counter() - begin
    seen = b""
    while until not in seen:
        chunk = proc.stdout.read1(4096)
        if not chunk:
            raise RuntimeError("the program ended before its first prompt")
        seen += chunk
    elapsed = time.perf_counter() - begin
    proc.kill()
    proc.wait()
    return elapsed


def first_prompt(runs: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env["LANG"] = "C.UTF-8"
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "g.db")
        app = [sys.executable, "-m", "tutto_a11y", "--plain", "--no-speech",
               "--players", "Anna,Ben", "--db", db]
        time_command(app, b"card?", env)  # create the games file once
        base, click_import, ours = [], [], []
        for _ in range(runs):
            base.append(time_command([sys.executable, "-c", "pass"], None, env))
            click_import.append(time_command([sys.executable, "-c", "import click"], None, env))
            ours.append(time_command(app + ["--resume"], b"card?", env))
    for name, samples in (("python -c pass (baseline)", base),
                          ("python -c 'import click' (baseline)", click_import),
                          ("tutto-tally --plain: start to first prompt", ours)):
        med, p90 = median_p90(samples)
        print(f"{name}: median {med * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms")
    med_base = statistics.median(base)
    print(f"first prompt minus baseline: {(statistics.median(ours) - med_base) * 1000:.1f} ms"
          f" (target: first prompt under 150 ms)")


def per_entry(runs: int) -> None:
    lines = [typed(entry) for entry in long_game(ENTRIES).entries]
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
        assert len(game.entries) == len(lines), "every scripted entry must be accepted"
        samples.append(elapsed / len(lines))
    med, p90 = median_p90(samples)
    print(f"play loop without persistence, {len(lines)} entries: median {med * 1000:.3f} ms "
          f"per entry, p90 {p90 * 1000:.3f} ms (target: under 2 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    first_prompt(args.runs)
    per_entry(max(3, args.runs // 3))


if __name__ == "__main__":
    main()
