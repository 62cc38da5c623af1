"""Time the kinds of frozen record: the project's Record against the others it could be.

Run from the project folder: ``python bench/bench_records.py [--runs N]``. For a record of six
fields (two with defaults) it times, as the medians of repeated runs: defining the class,
making one by position and by keyword, comparing two equal ones, hashing one, and a copy with
one field changed; and, each in a fresh Python, what importing the kind costs after the
modules the program has loaded by its first prompt anyway (``typing``, ``enum``, ``re``,
``datetime``...). The kinds: ``core/record.py``'s Record, the standard library's frozen
dataclass and NamedTuple, and ``msgspec.Struct(frozen=True)`` when msgspec is installed (it is
no dependency of the project: ``pip install msgspec`` to compare it).

Why it matters: a Tutto game defines about 60 record classes before its first prompt and makes
one state, one entry and a few events per typed line (docs/development.md, "One kind of
record").
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from guard import check, run  # bench/guard.py, which also puts the project first on sys.path
from tutto_a11y.core import record as record_module

ROOT = Path(__file__).resolve().parent.parent

try:
    import msgspec
except ImportError:  # not a dependency: compared only where it is installed
    msgspec = None

#: What the program has imported by its first prompt anyway: an import of a kind of record
#: costs only what comes on top of these.
PRELUDE = "import typing, enum, re, datetime, contextlib, collections.abc, functools, os"

IMPORTS = {
    "Record": "tutto_a11y.core.record",
    "dataclass": "dataclasses",
    "NamedTuple": "typing",  # NamedTuple is typing's: nothing on top of the prelude
    "msgspec.Struct": "msgspec",
}

ARGS = (3, "Anna", (1, 5), 450, None, True)
NAMES = ("seat", "name", "faces", "total", "card", "final")


#: How each kind opens the class; the six fields that follow are the same for every kind.
HEADS = {
    "Record": "class Point(record_module.Record):",
    "dataclass": "@dataclasses.dataclass(frozen=True)\nclass Point:",
    "NamedTuple": "class Point(NamedTuple):",
    "msgspec.Struct": "class Point(msgspec.Struct, frozen=True):",
}
FIELDS = """
    seat: int
    name: str
    faces: tuple[int, ...]
    total: int
    card: str | None = None
    final: bool = False
"""
#: Each kind's class statement, compiled once: ``define`` times running it, as importing a
#: module that defines the class does.
COMPILED = {kind: compile(head + FIELDS, f"<{kind}>", "exec") for kind, head in HEADS.items()}


def define(kind: str) -> type:
    """A new class of six fields of ``kind``, as a module defines one."""
    namespace: dict[str, Any] = {"record_module": record_module, "dataclasses": dataclasses,
                                 "NamedTuple": NamedTuple, "msgspec": msgspec}
    exec(COMPILED[kind], namespace)  # noqa: S102  (the bench's own class statements)
    made: type = namespace["Point"]
    return made


def replacer(kind: str) -> Callable[[Any], Any]:
    if kind == "Record":
        return lambda made: record_module.replace(made, total=500)
    if kind == "dataclass":
        return lambda made: dataclasses.replace(made, total=500)
    if kind == "NamedTuple":
        return lambda made: made._replace(total=500)
    assert msgspec is not None
    return lambda made: msgspec.structs.replace(made, total=500)


def per_call(work: Callable[[], Any], count: int, runs: int) -> float:
    """Median seconds of one call of ``work`` over ``runs`` runs of ``count`` calls."""
    samples = []
    for _ in range(runs):
        begin = time.perf_counter()
        for _ in range(count):
            work()
        samples.append((time.perf_counter() - begin) / count)
    return statistics.median(samples)


def import_cost(module: str, runs: int) -> float:
    """Median seconds that importing ``module`` adds after the prelude, from ``-X importtime``
    of a fresh Python (the modules it brings and that the prelude has not loaded yet)."""
    samples = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                               f"{PRELUDE}\nimport sys\nsys.stderr.write('prelude done\\n')\n"
                               f"import {module}"], capture_output=True, text=True, check=True,
                              cwd=ROOT, timeout=60)
        lines = done.stderr.splitlines()
        check("prelude done" in lines, "python -X importtime printed no line of its own")
        after = lines[lines.index("prelude done") + 1:]
        samples.append(sum(int(line.split("|")[0].split(":")[1]) for line in after
                           if line.startswith("import time:")
                           and line.split("|")[0].split(":")[1].strip().isdigit()) / 1e6)
    return statistics.median(samples)


def time_kind(kind: str, count: int, runs: int) -> dict[str, float]:
    """Median seconds per call of each operation on a record of ``kind``."""
    cls = define(kind)
    made, other = cls(*ARGS), cls(*ARGS)
    check(made == other and hash(made) == hash(other), f"{kind}: equal records differ")
    check(replacer(kind)(made).total == 500, f"{kind}: replace did not change the field")
    keywords = dict(zip(NAMES, ARGS, strict=True))
    return {
        "define": per_call(lambda: define(kind), max(1, count // 100), runs),
        "by position": per_call(lambda: cls(*ARGS), count, runs),
        "by keyword": per_call(lambda: cls(**keywords), count, runs),
        "equal": per_call(lambda: made == other, count, runs),
        "hash": per_call(lambda: hash(made), count, runs),
        "replace one": per_call(lambda: replacer(kind)(made), count, runs),
    }


def main(args: argparse.Namespace) -> None:
    runs = 1 if args.smoke else args.runs
    count = 20 if args.smoke else 20_000
    kinds = ["Record", "dataclass", "NamedTuple"] + (["msgspec.Struct"] if msgspec else [])
    if msgspec is None:
        print("msgspec is not installed: its column is left out (pip install msgspec)")
    print(f"{len(kinds)} kinds, a record of six fields; medians of {runs} runs; "
          "microseconds unless said")
    for kind in kinds:
        figures = time_kind(kind, count, runs)
        cost = import_cost(IMPORTS[kind], 1 if args.smoke else max(5, runs))
        shown = ", ".join(f"{name} {seconds * 1e6:.2f}" for name, seconds in figures.items())
        print(f"{kind}: {shown}; import after the prelude {cost * 1000:.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    run(main, parser, limit=900)
