"""``--speech-engine speechd`` with a real speech-dispatcher, a real sound server and a recorder.

Each test builds a private sound desk (``testbed/sound_desk.py``) in a temporary folder:
PulseAudio with a null sink, the user's speech-dispatcher on it and ``parec`` recording the
sink's monitor, so what was really spoken, and when, is measured. A second client
(``spd-say``) plays the user's screen reader.
"""

from __future__ import annotations

import shutil
import stat
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from conftest import tutto_command
from testbed.screen_reader import one_screen_reader_at_a_time
from testbed.sound_desk import SPEECHD, Desk, Recording, enter, printed, quit_game, to_the_tutto

TOOLS = ("speech-dispatcher", "spd-say", "pulseaudio", "parec")
pytestmark = [
    pytest.mark.slow,  # a private speech-dispatcher and PulseAudio, listened to
    pytest.mark.skipif(
        any(shutil.which(tool) is None for tool in TOOLS),
        reason="needs speech-dispatcher, speech-dispatcher-espeak-ng and pulseaudio "
               "(sh scripts/system-packages --required installs them)"),
]


@pytest.fixture
def desk() -> Iterator[Desk]:
    desk = Desk()
    try:
        yield desk
    finally:
        desk.close()


@pytest.fixture
def sound(desk: Desk) -> Desk:
    """A working desk: sound server and daemon running, its voice warmed up."""
    desk.start_sound_server()
    desk.start_daemon()
    desk.other_client("Ready.").wait(30)  # the first sentence also starts the voice module
    return desk


# --------------------------------------------------------------------------- point 1


def test_another_programs_sentence_is_not_cut_off_when_the_game_speaks(sound: Desk) -> None:
    recording = sound.record()
    alone = time.monotonic()  # a mark on the recording
    sound.other_client().wait(30)
    recording.wait_quiet(alone)
    said_alone = recording.seconds_spoken(after=alone)  # the other sentence, said to the end

    started = time.monotonic()
    other = sound.other_client()
    # The other program is speaking when the game starts and speaks.
    assert wait_for(lambda: recording.seconds_spoken(after=started) > 0), "never heard"
    game = sound.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    enter(game, "bonus 300", "Anna draws Bonus 300.")
    other.wait(30)
    recording.wait_quiet(started)
    # Cut off by the game, it would have been heard for a moment, then the game's short
    # sentence; said to the end, all of it is heard as well as the game's sentence.
    assert recording.seconds_spoken(after=started) > 0.9 * said_alone, said_alone

    enter(game, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")  # the other program is quiet now
    recording.wait_quiet(time.monotonic())
    typed = time.monotonic()
    enter(game, "1 5", "1, 5 for 150, 4 dice left.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5  # the game's own speech is heard again
    quit_game(game)


def wait_for(condition: Callable[[], bool], limit: float = 30.0) -> bool:
    """Poll ``condition`` until it holds, for at most ``limit`` seconds; whether it held."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            return False
        # A poll, not an event: the condition is another process's (a socket, a file).
        time.sleep(0.05)
    return True


# --------------------------------------------------------------------------- point 2


def test_a_daemon_without_sound_never_delays_an_entry_and_one_sentence_says_speech_is_off(
        desk: Desk) -> None:
    desk.start_daemon()  # no sound server: speech-dispatcher deadlocks on a cancel
    game = desk.game(*SPEECHD)
    # Speech is found off before the first prompt, so no entry ever waits for the daemon (it
    # was 2 s an entry, or a frozen game: pexpect's 20 s for each answer finds a frozen one).
    game.expect_exact("Speech is off: speech-dispatcher cannot play sound;")
    game.expect_exact("Anna, card?")
    for line, answer in [("bonus 300", "Anna draws Bonus 300."),
                         ("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6."),
                         ("1 5", "1, 5 for 150"),
                         ("bank", "Anna banks, score 150"),
                         ("stop", "Ben's turn"), ("stop", "Anna's turn"), ("stop", "Ben's turn")]:
        enter(game, line, answer)
        time.sleep(0.3)  # the pace of a table, quick players: the stimulus, not a measure
    quit_game(game)
    assert game.exitstatus == 0
    assert printed(game).count("Speech is off: speech-dispatcher cannot play sound;") == 1


def test_a_daemon_that_cannot_play_sound_is_named_in_one_sentence_before_the_first_prompt(
        desk: Desk) -> None:
    desk.start_daemon()  # no sound server: every sentence begins and none ever ends
    game = desk.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    before = printed(game).split("Anna, card?")[0]
    assert "Speech is off: speech-dispatcher cannot play sound; check its sound output. The " \
        "game goes on in text." in before
    quit_game(game)  # at once: the sentence must not wait for an entry
    assert game.exitstatus == 0
    assert printed(game).count("Speech is off") == 1


# --------------------------------------------------------------------------- point 3


def test_without_a_daemon_that_may_be_started_one_sentence_says_speech_is_off(
        desk: Desk) -> None:
    desk.disable_autospawn()
    game = desk.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    enter(game, "bonus 300", "Anna draws Bonus 300.")
    quit_game(game)
    assert game.exitstatus == 0
    sentence = "Speech is off: speech-dispatcher is not running and could not be started."
    assert printed(game).count(sentence) == 1


def test_a_daemon_that_quits_when_idle_stays_up_while_the_game_runs(desk: Desk) -> None:
    desk.start_sound_server()
    daemon = desk.start_daemon(idle_timeout=1)  # quits 1 s after its last client left
    desk.other_client("Ready.").wait(30)  # a fresh daemon loses the sentence after a cancel
    recording = desk.record()
    game = desk.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    time.sleep(2.5)  # a pause at the table, longer than the daemon's idle time
    assert daemon.poll() is None, "speech-dispatcher quit during the game"
    typed = time.monotonic()
    enter(game, "bonus 300", "Anna draws Bonus 300.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5
    quit_game(game)


# --------------------------------------------------------------------------- point 4


def _spoken_after_a_tutto(desk: Desk, recording: Recording, *typed: tuple[str, str]) -> float:
    """Seconds spoken from a Tutto on, with ``typed`` entries made while it is being said."""
    game = desk.game(*SPEECHD, "--db", str(desk.root / f"tutto-{len(typed)}.sqlite3"))
    to_the_tutto(game)
    tutto = time.monotonic()
    for line, answer in typed:
        enter(game, line, answer)
    recording.wait_quiet(tutto)
    spoken = recording.seconds_spoken(after=tutto)
    game.terminate(force=True)
    return spoken


def test_what_is_typed_during_a_tutto_is_said_after_it_only_the_last_of_it(
        sound: Desk) -> None:
    recording = sound.record()
    bank = ("bank", "Anna banks, score 1800")
    stop = ("stop", "Stop.")
    tutto_alone = _spoken_after_a_tutto(sound, recording)
    then_bank = _spoken_after_a_tutto(sound, recording, bank)
    then_bank_and_stop = _spoken_after_a_tutto(sound, recording, bank, stop)
    # The Tutto sentence was said to the end: about 1.6 s at this rate, a cut one well under 1 s.
    assert tutto_alone > 1.2
    assert then_bank > tutto_alone + 1.0, (tutto_alone, then_bank)  # and the bank after it
    # The Stop sentence replaced the bank one that was waiting: about as long, not both.
    assert then_bank_and_stop < then_bank + 0.8, (then_bank, then_bank_and_stop)


def test_quit_while_a_tutto_is_said_ends_before_it_and_the_tutto_is_still_heard(
        sound: Desk) -> None:
    recording = sound.record()
    game = sound.game(*SPEECHD)
    to_the_tutto(game)
    tutto = time.monotonic()
    game.sendline("quit")
    game.expect(pexpect.EOF, timeout=15)
    game.close()
    ended = time.monotonic()
    recording.wait_quiet(tutto)
    # The program had ended while the Tutto was still being said: it did not wait for the
    # sentence (it once took 9.2 s to quit)...
    assert recording.seconds_spoken(after=ended) > 0.2
    # ...and the daemon said it to the end: about 1.6 s at this rate, a cut one well under 1 s.
    assert recording.seconds_spoken(after=tutto) > 1.2


# --------------------------------------------------------------------------- point 5


def test_voices_lists_speech_dispatchers_voices_for_the_language(desk: Desk) -> None:
    desk.start_daemon()
    listed = subprocess.run(tutto_command() + ["voices", "--speech-engine", "speechd",
                                               "--lang", "de"],
                            env=desk.env, capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == "Stimme German von speech-dispatcher."  # the plain voice first
    assert all(line.startswith("Stimme German") for line in lines)
    assert "gmw/de" not in listed.stdout  # eSpeak NG's own id is not what the daemon takes


def test_a_voice_speech_dispatcher_does_not_have_is_named_in_one_sentence(desk: Desk) -> None:
    desk.start_daemon()
    game = desk.game(*SPEECHD, "--voice", "no-such-voice")
    game.expect_exact("Anna, card?")
    quit_game(game)
    assert printed(game).count("Speech is off: that voice does not exist; tutto-tally voices "
                                "lists them.") == 1


# --------------------------------------------------------------------------- point 6


def _fake_screen_reader(desk: Desk) -> subprocess.Popen[bytes]:
    """A process named orca, as the Orca screen reader's own process is named."""
    script = desk.root / "orca"
    script.write_text("#!/bin/sh\nsleep 60\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    orca = desk.start([str(script)])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            if Path(f"/proc/{orca.pid}/comm").read_text().strip() == "orca":
                break
        except OSError:
            pass
        # A poll, not an event: another process's exec shows only in /proc.
        time.sleep(0.02)
    return orca


# On the Orca tests' worker (their xdist group), after or before them: waiting for their lock on
# another worker held that worker idle for up to a minute of the whole run.
@pytest.mark.xdist_group("orca")
def test_while_a_screen_reader_runs_the_game_stays_quiet_and_says_so_in_one_line(
        sound: Desk) -> None:
    with one_screen_reader_at_a_time():  # a real Orca of the Orca tests would refuse to start
        _while_a_screen_reader_runs(sound)


def _while_a_screen_reader_runs(sound: Desk) -> None:
    orca = _fake_screen_reader(sound)
    recording = sound.record()
    game = sound.game("--speech-engine", "speechd", "--lang", "en")
    game.expect_exact("Anna, card?")
    enter(game, "bonus 300", "Anna draws Bonus 300.")
    quit_game(game)
    assert printed(game).count("The screen reader Orca is running, so tutto-tally does not "
                                "speak itself; start it with --speech") == 1

    asked_from = time.monotonic()
    asked = sound.game(*SPEECHD, "--db", str(sound.root / "asked.sqlite3"))
    asked.expect_exact("Anna, card?")
    typed = time.monotonic()
    enter(asked, "bonus 300", "Anna draws Bonus 300.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5
    quit_game(asked)
    assert "The screen reader" not in printed(asked)
    # Ended and collected before the lock is let go: until its parent collects it, the ended
    # process keeps its name in /proc, and the Orca tests' desk would take it for an Orca.
    orca.kill()
    orca.wait(10)
    # The same entry was heard from the game asked with --speech, and nothing before it: the
    # game that found the screen reader said nothing while it ran.
    # One reading of the recording (two readings a moment apart may differ by its last windows).
    assert [t for t in recording.loud_windows() if t < asked_from] == []
