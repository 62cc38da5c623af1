"""A line typed at the table is never lost, whatever a seat's phone does at the same moment.

The real program runs in a pseudo-terminal drawn on an emulated screen (pyte), in each way it
reads the keyboard: readline (the default), readline in ``--plain``, the terminal's own line
editing (``TERM=dumb``) and prompt_toolkit (``--sighted``). The phones are real HTTP clients of
its live view. ``inbox_gates.py`` runs the program with gates at the points of a read where a
seat's entry can land (the wait, a completed line, the table settling, the server putting the
entry in), so each race lands exactly where the test wants, every time; the last test runs the
same race a thousand times with real timing. What counts is what a user would notice: the
table's screen, the phones' answers and the games file's journal.
"""

from __future__ import annotations

import random
import re
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pexpect
import pytest

from conftest import slow_unless
from test_seats import journal
from test_terminal_screen import Terminal
from testbed.live_view import CODE, SeatPhone

ANNA, BEN = "11112222", "33334444"
SEATS = {"TUTTO_SEAT_CODES": f"Anna={ANNA},Ben={BEN}"}
SHARING = ["--lang", "en", "--players", "Anna,Ben", "--share", "127.0.0.1:0", "--share-code",
           CODE, "--seats"]
#: How the table reads the keyboard: its options and its terminal.
MODES = {"readline": ([], "xterm-256color"), "plain": (["--plain"], "xterm-256color"),
         "dumb": ([], "dumb"), "sighted": (["--sighted"], "xterm-256color")}
SCORES = "Scores: Anna 0, Ben 0. Target 6000."
GATES = Path(__file__).with_name("inbox_gates.py")


class Gates:
    """The gates of ``inbox_gates.py`` in the program's folder (see its docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def close(self, point: str, *needs: str) -> None:
        draft = self.folder / "gate.new"
        draft.write_text(" ".join((point, *needs)), encoding="utf-8")
        draft.rename(self.folder / "gate")  # whole, never half written

    def until(self, done: Any, what: str) -> None:
        end = time.monotonic() + 20
        while not done():
            assert time.monotonic() < end, f"never: {what}"
            # A poll, not an event: the program (another process) answers by a file.
            time.sleep(0.002)

    def held(self) -> None:
        self.until((self.folder / "held").exists, "the program held at the gate")

    def puts(self, count: int) -> None:
        """Until ``count`` entries in all were put in the table's inbox."""
        path = self.folder / "puts"
        self.until(lambda: path.exists() and int(path.read_text() or 0) >= count,
                   f"{count} entries in the inbox")

    def go(self) -> None:
        (self.folder / "go").write_text("", encoding="utf-8")
        self.until(lambda: not (self.folder / "held").exists(), "the gate opened")


class Post(threading.Thread):
    """A phone's post, sent from a thread of its own (the phone waits for the table's answer)."""

    def __init__(self, phone: SeatPhone, line: str, state: int | None = None) -> None:
        super().__init__(daemon=True)
        self.phone, self.line, self.state = phone, line, state
        self.answer: dict[str, Any] = {}
        self.start()

    def run(self) -> None:
        self.answer = self.phone.send(self.line, state=self.state)

    def kind(self) -> str:
        self.join(30)
        return str(self.answer.get("kind"))


@contextmanager
def race_table(tmp: Path, mode: str) -> Iterator[tuple[Terminal, Gates, str]]:
    """The sharing table with seats in a terminal of 200 columns (every line on one row), run
    with the gates; its screen, the gates and the live view's address. Quit at the end."""
    options, term = MODES[mode]
    folder = tmp / "gates"
    folder.mkdir()
    terminal = Terminal([*SHARING, *options], tmp, columns=200, env={**SEATS, "TERM": term},
                        command=[sys.executable, str(GATES), str(folder)])
    try:
        terminal.wait_for_prompt("Anna, card?")
        found = re.search(r"http://127\.0\.0\.1:\d+/", terminal.raw)
        assert found
        yield terminal, Gates(folder), found.group(0)
    finally:
        terminal.type("\x15quit\r")  # whatever was typed is cleared first
        try:
            terminal.child.expect(pexpect.EOF)
        except pexpect.TIMEOUT:  # the test failed already: its own failure says why
            terminal.child.terminate(force=True)


def up_to_the_prompt(terminal: Terminal) -> list[str]:
    """The screen's rows down to the one the cursor waits on (prompt_toolkit's status line,
    under the prompt in ``--sighted``, left out)."""
    return terminal.seen()[: terminal.screen.cursor.y + 1]


def after(rows: list[str], first: str) -> list[str]:
    return rows[max(i for i, row in enumerate(rows) if row.startswith(first)):]


def the_scores_then_annas_card(terminal: Terminal) -> list[str]:
    """What the screen must show from the typed ``scores`` on: its answer, then Anna's card
    from her phone on a line of its own, then the next question, with nothing between."""
    terminal.wait_for_prompt("Anna, roll 6 dice:")
    rows = after(up_to_the_prompt(terminal), "Anna, card? scores")
    return [rows[0], rows[1][: len(SCORES)], *rows[2:]]


EXPECTED = ["Anna, card? scores", SCORES, "Anna draws Bonus 300. Sent by Anna.",
            "Anna, roll 6 dice:"]


# Each race takes a second in each mode: the quick run keeps this one, in readline (the
# default); every other mode and the other races are slow.
@pytest.mark.parametrize("mode", [pytest.param(mode, marks=slow_unless(mode == "readline"))
                                  for mode in MODES])
def test_a_line_whose_enter_comes_with_a_seats_entry_is_entered_and_the_entry_after_it(
        tmp_path: Path, mode: str) -> None:
    with race_table(tmp_path, mode) as (terminal, gates, url):
        anna = SeatPhone(url, ANNA)
        terminal.type("scores")
        terminal.wait_for("Anna, card? scores")
        gates.close("wait", "stdin", "wake")  # the wait sees the Enter and the wake at once
        if mode != "sighted":  # prompt_toolkit looks at the inbox only once woken
            gates.held()
        post = Post(anna, "bonus 300")
        gates.puts(1)
        gates.held()
        terminal.type("\r")
        gates.go()
        assert post.kind() == "accepted"
        assert the_scores_then_annas_card(terminal) == EXPECTED
    assert journal(tmp_path, "g.db") == [("entry", "card bonus-300", "Anna")]


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_seats_entry_that_comes_as_the_line_is_complete_waits_for_the_line(
        tmp_path: Path, mode: str) -> None:
    # The line is read, the reader has not handed it back.
    _scores_typed_then_annas_card_held_at(tmp_path, mode, "line")


def _scores_typed_then_annas_card_held_at(tmp_path: Path, mode: str, gate: str) -> None:
    """``scores`` typed and held at ``gate``, Anna's card posted meanwhile: both are
    entered, the scores first, and the journal holds Anna's card once."""
    with race_table(tmp_path, mode) as (terminal, gates, url):
        anna = SeatPhone(url, ANNA)
        gates.close(gate, "wake")
        terminal.type("scores\r")
        gates.held()
        post = Post(anna, "bonus 300")
        gates.puts(1)
        gates.go()
        assert post.kind() == "accepted"
        assert the_scores_then_annas_card(terminal) == EXPECTED
    assert journal(tmp_path, "g.db") == [("entry", "card bonus-300", "Anna")]


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_seats_entry_that_comes_before_the_question_is_entered_without_the_question(
        tmp_path: Path, mode: str) -> None:
    # The loop settles after the scores, before it asks.
    _scores_typed_then_annas_card_held_at(tmp_path, mode, "settle")


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_line_and_a_double_tap_that_come_while_the_table_settles_an_entry_lose_nothing(
        tmp_path: Path, mode: str) -> None:
    with race_table(tmp_path, mode) as (terminal, gates, url):
        anna = SeatPhone(url, ANNA)
        state = anna.state
        gates.close("settle", "stdin", "wake")  # inside the settling the first post woke
        first = Post(anna, "bonus 300", state)
        gates.held()
        terminal.type("scores\r")
        again = Post(anna, "bonus 300", state)  # the same form sent again: at the table too
        gates.puts(2)
        gates.go()
        assert (first.kind(), again.kind()) == ("accepted", "moved-on")
        assert the_scores_then_annas_card(terminal) == EXPECTED
    assert journal(tmp_path, "g.db") == [("entry", "card bonus-300", "Anna")]


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_refused_seat_entry_prints_nothing_and_the_half_typed_line_stays(
        tmp_path: Path, mode: str) -> None:
    with race_table(tmp_path, mode) as (terminal, gates, url):
        anna, ben = SeatPhone(url, ANNA), SeatPhone(url, BEN)
        terminal.type("bon")
        terminal.wait_for("Anna, card? bon")
        nothing = anna.send("undo")  # a new game: nothing to undo
        assert (nothing["kind"], nothing["sentence"]) == (
            "refused", "There is nothing to undo: no entry has been made yet.")
        assert ben.send("stop")["kind"] == "refused"  # not Ben's turn
        state = anna.state
        gates.close("put")  # the double tap, judged on the game before the first is entered
        again = Post(anna, "stop", state)
        gates.held()
        assert anna.send("stop", state=state)["kind"] == "accepted"
        # The half-typed line comes back after the question; a terminal that edits lines
        # itself keeps it in its own line, where it was typed, and Enter sends it whole.
        kept = "" if mode == "dumb" else " bon"
        terminal.wait_for_prompt("Ben, card?" + kept)
        gates.go()  # now it reaches the table, which waits with Ben's question on screen
        assert again.kind() == "moved-on"
        terminal.type("us 300\r")
        terminal.wait_for_prompt("Ben, roll 6 dice:")
        assert after(up_to_the_prompt(terminal), "Anna, card? bon") == [
            "Anna, card? bon",
            "Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.",
            "Ben, card?" + (kept + "us 300" if kept else " us 300"),
            "Ben draws Bonus 300.",
            "Ben, roll 6 dice:"]
    assert [(k, t, s) for k, t, s in journal(tmp_path, "g.db")] == [
        ("entry", "card stop", "Anna"), ("entry", "card bonus-300", None)]


#: The end of the answer to a typed ``scores`` (the status line of ``--sighted`` goes on after
#: "Target 6000." on its row, so it is not counted).
SCORES_ANSWERED = "Target 6000.\r\n"
CARD_REFUSED = "A card is drawn only at the start of a turn."
BURST = 4  # posts sent around each typed line
#: Rounds of the burst test (four typed lines each) and turns of the flood test (two each): 120
#: typed lines per test and mode, 960 races with real timing in a whole run, beside the
#: deterministic tests above that make the post land at each point of a line.
ROUNDS = 30
TURNS = 60


class RealTiming:
    """The table in a terminal, without gates, and Anna's phone: each typed line's Enter and a
    post go within a few milliseconds of each other, in either order."""

    def __init__(self, tmp: Path, mode: str) -> None:
        options, term = MODES[mode]
        self.terminal = Terminal([*SHARING, *options], tmp, columns=200,
                                 env={**SEATS, "TERM": term})
        self.terminal.wait_for_prompt("Anna, card?")
        url = re.search(r"http://127\.0\.0\.1:\d+/", self.terminal.raw)
        assert url
        self.anna = SeatPhone(url.group(0), ANNA)
        self.luck = random.Random(35)
        self.typed = 0
        self.published = 0  # announcements so far: every entry and undo is one

    def race(self, typed: str, sent: str) -> list[str]:
        """Type a line while Anna's phone sends a burst of the same post (a double tap, the
        browser sending again), made for the game as it stands after :attr:`published`
        announcements, the Enter anywhere in the burst; the phone's answers."""
        self.anna.sync()  # the page follows the announcements, a moment after the screen
        while self.anna.state < self.published:
            self.anna.sync()
        enter, state = self.luck.randrange(BURST + 1), self.anna.state
        posts = []
        for number in range(BURST + 1):
            if number == enter:
                self.terminal.type(typed + "\r")
            else:
                posts.append(Post(self.anna, sent, state))
            time.sleep(self.luck.uniform(0, 0.002))
        self.typed += 1
        return sorted(post.kind() for post in posts)

    def until(self, text: str, count: int) -> None:
        """Until ``text`` was printed ``count`` times in all."""
        self.terminal.pump(lambda: self.terminal.raw.count(text) >= count, text)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_hundred_and_twenty_lines_typed_as_a_phone_sends_bursts_are_all_entered(
        tmp_path: Path, mode: str) -> None:
    """30 rounds of four typed lines: ``scores`` as Anna's phone sends her card, ``scores``
    as it sends her undo of it (each burst entered once), ``300`` as it sends the same card
    for the same moment (one of them is entered, the others refused: the phone told the game
    moved on, or the table saying a card comes only at the start of a turn), and ``undo``."""
    table = RealTiming(tmp_path, mode)
    accepted = undone = 0
    once = ["accepted"] + ["moved-on"] * (BURST - 1)
    try:
        for round_ in range(ROUNDS):
            assert table.race("scores", "bonus 300") == once
            table.until(SCORES_ANSWERED, 2 * round_ + 1)
            table.published += 1
            assert table.race("scores", "undo") == once
            table.until(SCORES_ANSWERED, 2 * round_ + 2)
            table.published += 1
            answers = table.race("300", "300")
            assert answers in (once, ["moved-on"] * BURST), answers
            accepted += answers == once
            table.terminal.type("undo\r")
            table.typed += 1
            undone += 1
            table.until("Undone:", 2 * undone)  # the phone's undo and this one
            table.published += 2
    finally:
        table.terminal.type("\x15quit\r")
        table.terminal.finish()
    raw, rows = table.terminal.raw, journal(tmp_path, "g.db")
    assert table.typed == 4 * ROUNDS
    assert raw.count(SCORES_ANSWERED) == 2 * ROUNDS  # every typed scores answered once
    typed_cards = [row for row in rows if row == ("entry", "card bonus-300", None)]
    assert len(typed_cards) + raw.count(CARD_REFUSED) == ROUNDS  # every typed 300: in or refused
    assert raw.count(CARD_REFUSED) == accepted  # refused only when the phone's came first
    assert len([row for row in rows if row[0] == "undo" and row[2] is None]) == ROUNDS  # every
    # typed undo entered; and every accepted post once: the card and the undo of each round,
    # and the card of the race that the phone won
    assert len([row for row in rows if row[2] == "Anna"]) == 2 * ROUNDS + accepted


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_hundred_and_twenty_lines_typed_while_phones_flood_the_table_are_all_entered(
        tmp_path: Path, mode: str) -> None:
    """``300`` and ``undo`` typed in turn, 60 times each, while two of Ben's devices send
    ``undo`` without a pause: refused every time (nothing stands, or the latest entry is not
    his), and answered by the live view without waking the table, which prints nothing for
    them."""
    table = RealTiming(tmp_path, mode)
    url = table.anna.url + "/"
    flooding = threading.Event()
    refused: list[int] = []

    def flood() -> None:
        ben, count = SeatPhone(url, BEN), 0
        while not flooding.is_set():
            ben.sync()
            count += ben.send("undo")["kind"] == "refused"
        refused.append(count)

    floods = [threading.Thread(target=flood, daemon=True) for _ in range(2)]
    for thread in floods:
        thread.start()
    try:
        for turn in range(1, TURNS + 1):
            table.terminal.type("300\r")
            table.until("Anna draws Bonus 300.\r\n", turn)
            table.terminal.type("undo\r")
            table.until("Undone: Anna's card Bonus 300.", turn)
    finally:
        flooding.set()
        for thread in floods:
            thread.join(30)
        table.terminal.type("\x15quit\r")
        table.terminal.finish()
    assert journal(tmp_path, "g.db") == [("entry", "card bonus-300", None),
                                         ("undo", None, None)] * TURNS
    assert sum(refused) > 0
    if mode != "sighted":  # prompt_toolkit draws its prompt again as it likes
        assert table.terminal.raw.count("Anna, card?") == TURNS + 1  # one question per line
