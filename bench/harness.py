"""Shared by the benchmarks of the play loop and of the games file: the real loop in process,
timed entry by entry, and a folder of their own on the disk being measured (``--dir``)."""

from __future__ import annotations

import argparse
import io
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

from tutto_a11y.store.journal import default_db_path
from tutto_a11y.table.reader import PlainReader, Read
from tutto_a11y.table.session import Table
from tutto_a11y.text.output import Output


class TimedReader(PlainReader):
    """The real plain reader, noting the moment the loop asks for each line."""

    def __init__(self, stream: Any, output: Output) -> None:
        super().__init__(stream, output)
        self.asked: list[float] = []

    def read(self, prompt: str) -> Read:
        self.asked.append(time.perf_counter())
        return super().read(prompt)


def timed_loop(game: Any, messages: Any, lines: Sequence[str],
               journal: Any) -> tuple[list[float], int]:
    """Type ``lines`` into the real loop; the time from each line's request to the next
    request (one whole entry: interpret, check, save when there is a journal, announce,
    prompt for the next), and the loop's exit status."""
    output = Output(io.StringIO(), prompt_on_own_line=True)
    reader = TimedReader(io.BytesIO("".join(f"{line}\n" for line in lines).encode()), output)
    status = Table(game, messages, reader, output, journal).run(messages.new_game())
    return [later - earlier for earlier, later in pairwise(reader.asked)], status


def disk_option(parser: argparse.ArgumentParser) -> None:
    """``--dir``: the disk to measure, as a folder on it."""
    parser.add_argument("--dir", type=Path, default=None, help="folder on the disk to measure")


@contextmanager
def scratch_folder(where: Path | None) -> Iterator[Path]:
    """A new folder on the disk to measure (``--dir``; by default the games file's own),
    removed with what is in it afterwards."""
    base = where or default_db_path().parent
    base.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="tutto-bench-", dir=base))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
