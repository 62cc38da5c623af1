"""Does the live view ever make the table wait, and how soon does a phone hear an entry?

Through the real program in a pseudo-terminal (``--plain``), times Enter to the next prompt
(printed after the announcement and after the listeners were told) for the same quick entries
in three set-ups measured in the same run:

* no ``--share`` (the baseline: the program as it was),
* ``--share`` with no viewer,
* ``--share`` with 20 and with 64 viewers connected to the event stream (plain sockets in this
  process, each from an address of its own, each reading every event; the run checks that each
  of them got every announcement once). Half of them read German, half French.

The four tables run side by side and take turns entry by entry, so a busy moment of the
machine hits them all alike.

Then, in a real headless Chromium (Debian's, as in the tests), times Enter to the line in the
page's ``role="log"`` region: a MutationObserver notes the wall-clock time each line is added,
against the wall-clock time the Enter was typed. Its baseline is Enter to the printed line on
the table in the same game. Target: under 200 ms.

Run: ``python bench/bench_share.py [--games 3] [--no-browser]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import pexpect

from guard import check, live_view_options, run
from testbed.live_view import CODE, EventStream, chromium, new_folders, quit_table, start_table
from testbed.program import tutto_command
from timing import report

VIEWERS = (20, 64)


def turns(count: int, prompts: bool = False) -> list[tuple[str, str]]:
    """Quick entries for ``count`` turns of two players, each with the start of its
    announcement, or (``prompts``) the next prompt, which comes after the listeners heard it."""
    entries = []
    for turn in range(count):
        player, bonus = ("Anna", "Ben")[turn % 2], 200 + 100 * (turn % 5)
        other = ("Anna", "Ben")[(turn + 1) % 2]
        if prompts:
            entries += [(f"bonus {bonus}", f"{player}, roll 6 dice:"),
                        ("1 5 2 3 4 6", f"{player}, set aside?"),
                        ("1 5", f"{player}, 150 at risk, 4 dice: roll or bank?"),
                        ("bank", f"{other}, card?")]
        else:
            entries += [(f"bonus {bonus}", f"{player} draws Bonus {bonus}."),
                        ("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6."),
                        ("1 5", "1, 5 for 150"),
                        ("bank", f"{player} banks")]
    return entries


def start_plain(tmp: Path, share: bool) -> pexpect.spawn:
    if share:
        return start_table(tmp, plain=True)
    from testbed.live_view import share_env

    command = tutto_command()
    child = pexpect.spawn(command[0], [*command[1:], "--lang", "en", "--db",
                                       str(tmp / "games.sqlite3"), "--players", "Anna,Ben",
                                       "--plain"], env=share_env(tmp), encoding="utf-8",
                          timeout=20, dimensions=(40, 250))
    child.expect_exact("Anna, card?")
    return child


def timed_entries(child: pexpect.spawn, entries: list[tuple[str, str]],
                  sent: list[float] | None = None) -> list[float]:
    times = []
    child.delaybeforesend = None  # pexpect's own 50 ms pause before each line is no entry time
    for line, answer in entries:
        time.sleep(0.02)  # a scorekeeper types; the viewers get to read in between
        started = time.monotonic()
        if sent is not None:
            sent.append(time.time())
        child.sendline(line)
        child.expect_exact(answer)
        times.append(time.monotonic() - started)
    return times


def entry_latency(games: int, tmp: Path, viewer_counts: tuple[int, ...] = VIEWERS,
                  count: int = 10) -> None:
    """The four set-ups run side by side: the same entry goes to each table in turn (in a
    new random order each time), so a busy moment of the machine hits them all alike."""
    entries = turns(count, prompts=True)
    kinds = {"baseline": 0, "share": 0, **{f"viewers-{n}": n for n in viewer_counts}}
    results: dict[str, list[float]] = {kind: [] for kind in kinds}
    delivered_ok = True
    order = random.Random(1)
    for game in range(games):
        tables, viewers = {}, {}
        for kind, count in kinds.items():
            folder = tmp / f"{kind}-{game}"
            folder.mkdir()
            tables[kind] = start_plain(folder, share=kind != "baseline")
            viewers[kind] = [EventStream(tables[kind].url, n, ("de", "fr")[n % 2])
                             for n in range(count)]
        time.sleep(0.5)  # every viewer is connected before the first entry
        for entry in entries:
            for kind in order.sample(list(kinds), len(kinds)):
                results[kind] += timed_entries(tables[kind], [entry])
        time.sleep(0.5)
        for kind, child in tables.items():
            delivered_ok &= all([viewer.got_each_once(len(entries))
                                 for viewer in viewers[kind]])
            quit_table(child)
    labels = {"baseline": "Enter to the next prompt, no --share (baseline)",
              "share": "Enter to the next prompt, --share, no viewer",
              **{f"viewers-{n}": f"Enter to the next prompt, --share, {n} viewers"
                 for n in viewer_counts}}
    for kind, label in labels.items():
        report(label, results[kind])
    print(f"each viewer got every announcement once, in order: "
          f"{'yes' if delivered_ok else 'NO'}")
    check(delivered_ok, "a viewer did not get every announcement once, in order")


def browser_latency(games: int, tmp: Path, count: int = 10) -> None:
    driver = chromium()
    printed: list[float] = []
    live: list[float] = []
    try:
        for folder in new_folders(tmp, "browser", games):
            child = start_table(folder)
            driver.get(child.url + f"?code={CODE}&lang=de")
            driver.execute_script(
                "window.seen = [];"
                "new MutationObserver(() => { window.seen.push(Date.now()); })"
                ".observe(document.getElementById('log'), {childList: true});")
            sent: list[float] = []
            printed += timed_entries(child, turns(count), sent)
            time.sleep(0.5)
            seen = driver.execute_script("return window.seen")
            check(len(seen) == len(sent), f"the page showed {len(seen)} lines for the "
                                          f"{len(sent)} entries")
            live += [s / 1000 - t for s, t in zip(seen, sent, strict=True)]
            quit_table(child)
    finally:
        driver.quit()
    report("Enter to the printed line on the table, same games (baseline)", printed)
    report("Enter to the line in the browser's live region", live)


def main(options: argparse.Namespace) -> None:
    games = 1 if options.smoke else options.games
    viewer_counts, count = ((2,), 1) if options.smoke else (VIEWERS, 10)
    with tempfile.TemporaryDirectory() as folder:
        entry_latency(games, Path(folder), viewer_counts, count)
        if not options.no_browser:
            browser_latency(games, Path(folder), count)


if __name__ == "__main__":
    run(main, live_view_options(__doc__, "only the entry times, without Chromium"), limit=1800)
