"""How long does one Yatzee entry take at the table, with the durable store and ``fits``?

Types whole random but legal 3-player Yatzee games (18 rounds, every field filled) through the
real play loop (``session.Table`` reading plain lines from a byte stream, announcing into a
string buffer, saving every entry through ``table/journal.py``'s StoreJournal on a real SQLite file,
``synchronous=FULL``, WAL), with ``fits`` typed after every roll. Each sample is one line from
the loop's request for it to the request for the next: interpret, check, save, announce.

Baseline from the same run: the same lines through the same loop with no journal. The target
of the Yatzee issue: an entry at most 2 ms end to end, ``fits`` included.

Run:  python bench/bench_yatzee.py [--dir FOLDER] [--games 10]
The default folder is next to the default database, because the disk matters (on a tmpfs
every fsync is free).
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from guard import check, run  # bench/guard.py
from harness import disk_option, scratch_folder, timed_loop
from timing import summary  # bench/timing.py
from tutto_a11y.games import registry
from tutto_a11y.store.journal import Store
from tutto_a11y.table.journal import StoreJournal
from tutto_a11y.text.i18n import Catalog

PLAYERS = ("Anna", "Ben", "Cleo")
TARGET_MS = 2.0
INTERFACE = registry.find("yatzee").interface()


def typed_game(rng: random.Random) -> list[str]:
    """The lines of one random legal game: rolls, ``fits`` after each, a field or a strike.

    Played through the game contract only: a roll is drawn from ``chance_outcomes`` with its
    probability; after a roll the player rolls again half the time while allowed, else writes
    or strikes a legal field.
    """
    game = INTERFACE.new_game(PLAYERS, INTERFACE.rules(None, None, ()))
    lines: list[str] = []
    while not game.finished:
        chance, decisions = game.chance_outcomes(), game.legal_entries()
        if chance and (not decisions or rng.random() < 0.5):
            entry = rng.choices([c.entry for c in chance],
                                weights=[float(c.probability) for c in chance])[0]
            faces = list(entry.faces)
            rng.shuffle(faces)  # as they fell, not sorted
            lines += ["".join(map(str, faces)), "fits"]
        else:
            entry = rng.choice(decisions)
            verb, _, field = entry.text().partition(" ")
            lines.append(field if verb == "write" else f"strike {field}")
        game.push(entry)
    return lines


def run_loop(lines: Sequence[str], journal: Any) -> list[float]:
    """Type the lines into the real loop; one sample per line."""
    game = INTERFACE.new_game(PLAYERS, INTERFACE.rules(None, None, ()))
    samples, status = timed_loop(game, INTERFACE.messages(Catalog("en"), game), lines, journal)
    check(status == 0, f"the play loop ended with status {status}")
    check(game.finished, "the game did not end: a typed line was refused")
    return samples  # sample i: from the request for line i to the request for line i+1


def main(args: argparse.Namespace) -> None:
    if args.smoke:
        args.games = 1
    rng = random.Random(2026)
    games = [typed_game(rng) for _ in range(args.games)]
    with scratch_folder(args.dir) as folder:
        print(f"folder: {folder}   sqlite {sqlite3.sqlite_version}   python "
              f"{sys.version.split()[0]}   {args.games} games, "
              f"{sum(map(len, games))} lines")
        bare = [s for lines in games for s in run_loop(lines, None)]
        print(f"baseline: loop, no journal, per line   {summary(bare)}")
        durable: list[float] = []
        fits: list[float] = []
        entries: list[float] = []
        with Store.open(folder / "games.sqlite3") as store:
            for lines in games:
                rules = INTERFACE.rules_as_dict(INTERFACE.rules(None, None, ()))
                info = store.create_game("en", rules, PLAYERS, kind="yatzee")
                samples = run_loop(lines, StoreJournal(store, info.id))
                durable += samples
                fits += [s for s, line in zip(samples, lines, strict=True) if line == "fits"]
                entries += [s for s, line in zip(samples, lines, strict=True) if line != "fits"]
        print(f"durable store, per line               {summary(durable, width=7)}")
        print(f"  entries (saved before announced)    {summary(entries, width=7)}")
        print(f"  fits                                {summary(fits, width=7)}")
        median = statistics.median(entries) * 1000
        met = "met" if median <= TARGET_MS else "NOT met"
        print(f"target per entry                      {met} (median {median:.3f} ms, "
              f"target <= {TARGET_MS:g} ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    disk_option(parser)
    parser.add_argument("--games", type=int, default=10)
    run(main, parser, limit=1800)
