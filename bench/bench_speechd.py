"""Does speech through speech-dispatcher ever make an entry wait?

Times Enter to the announcement's printed line, through the real program in a pseudo-terminal,
for a game of quick entries, in three set-ups measured in the same run:

* ``--no-speech`` (the baseline: the program without any speech),
* ``--speech-engine speechd`` with a working daemon on a PulseAudio null sink,
* ``--speech-engine speechd`` with a daemon whose sound server is missing (it deadlocks on a
  cancel; before issue 16 every entry then took 2 s, or the game froze).

It also times ``quit`` typed while a Tutto is being said (9.2 s before issue 16).  It uses the
private sound desk of ``testbed/sound_desk.py``, as the tests do (speech-dispatcher, PulseAudio,
parec).

Run: ``python bench/bench_speechd.py [--games 5]``.
"""

from __future__ import annotations

import argparse
import time

import pexpect

from guard import run
from testbed.sound_desk import SPEECHD, Desk, enter, quit_game, to_the_tutto
from timing import report

ENTRIES = [("bonus 300", "Anna draws Bonus 300."),
           ("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6."),
           ("1 5", "1, 5 for 150"),
           ("bank", "Anna banks, score 150"),
           ("stop", "Ben's turn"), ("stop", "Anna's turn"), ("stop", "Ben's turn")]


def entry_times(desk: Desk, args: tuple[str, ...], games: int, pause: float) -> list[float]:
    times = []
    for _game in range(games):
        db = desk.root / f"bench-{len(list(desk.root.glob('bench-*.sqlite3')))}.sqlite3"
        game = desk.game(*args, "--db", str(db))
        game.expect_exact("Anna, card?")
        for line, answer in ENTRIES:
            times.append(enter(game, line, answer))
            time.sleep(pause)
        quit_game(game)
    return times


def main(args: argparse.Namespace) -> None:
    games = 1 if args.smoke else args.games
    # Between entries, as a scorekeeper types; the smoke run's short pause still lands each
    # entry while the one before is being said (or stuck).
    pause = 0.05 if args.smoke else 0.3

    desk = Desk()
    try:
        desk.start_sound_server()
        desk.start_daemon()
        desk.other_client("Ready.").wait(30)
        report("Enter to the line, --no-speech (baseline)",
               entry_times(desk, ("--no-speech", "--lang", "en"), games, pause))
        report("Enter to the line, speechd, working daemon",
               entry_times(desk, SPEECHD, games, pause))
        quits = []
        for number in range(games):
            game = desk.game(*SPEECHD, "--db", str(desk.root / f"quit-{number}.sqlite3"))
            to_the_tutto(game)
            started = time.monotonic()
            game.sendline("quit")
            game.expect(pexpect.EOF, timeout=15)
            quits.append(time.monotonic() - started)
            game.close()
        report("quit while a Tutto is said, to the end of the program", quits)
    finally:
        desk.close()

    stuck = Desk()
    try:
        stuck.start_daemon()  # no sound server
        report("Enter to the line, speechd, daemon without sound",
               entry_times(stuck, SPEECHD, 1, pause))
    finally:
        stuck.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    run(main, parser, limit=1800)
