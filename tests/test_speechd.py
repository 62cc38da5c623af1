"""``--speech-engine speechd`` with a real speech-dispatcher, a real sound server and a recorder.

Each test builds a private sound desk in a temporary folder: PulseAudio with a null sink, the
user's speech-dispatcher on it (``speech-dispatcher -s``, its own XDG_RUNTIME_DIR and HOME)
and ``parec`` recording the sink's monitor, so what was really spoken, and when, is measured.
A second client (``spd-say``) plays the user's screen reader.  Everything started here is
stopped afterwards, including a daemon the program itself starts.
"""

from __future__ import annotations

import array
import io
import os
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from conftest import tutto_command

TOOLS = ("speech-dispatcher", "spd-say", "pulseaudio", "parec")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs speech-dispatcher, speech-dispatcher-espeak-ng and pulseaudio "
           "(sh scripts/system-packages --required installs them)")

RATE = 16000  # recorded samples a second, mono
WINDOW = RATE // 20  # 50 ms
LOUD = 300  # a window whose peak is above this holds speech (the null sink is silent: zeros)
OTHER_SENTENCE = "Another program is speaking, and it must be allowed to finish its sentence."


class Recording:
    """``parec`` on the null sink's monitor, with the monotonic time it started."""

    def __init__(self, desk: Desk) -> None:
        self.path = desk.root / "sound.raw"
        self.started = time.monotonic()
        self.proc = desk.start(["parec", "-d", "nullsink.monitor", "--format=s16le",
                                f"--rate={RATE}", "--channels=1", "--latency-msec=20",
                                str(self.path)])

    def loud_windows(self) -> list[float]:
        """Monotonic times at which speech was heard, one per loud 50 ms window."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return []
        samples = array.array("h", data[: len(data) // 2 * 2])
        times = []
        for index in range(len(samples) // WINDOW):
            window = samples[index * WINDOW:(index + 1) * WINDOW]
            if max(window) > LOUD or -min(window) > LOUD:
                times.append(self.started + index / 20)
        return times

    def seconds_spoken(self, after: float = 0.0) -> float:
        return sum(0.05 for t in self.loud_windows() if t >= after)

    def wait_quiet(self, after: float, quiet: float = 1.0, limit: float = 40.0,
                   silent: float = 6.0) -> None:
        """Wait until speech heard after ``after`` has been over for ``quiet`` seconds.

        Gives up after ``limit`` seconds, or after ``silent`` seconds if nothing was heard.
        """
        started = time.monotonic()
        while time.monotonic() - started < limit:
            heard = [t for t in self.loud_windows() if t >= after]
            now = time.monotonic()
            if heard and now - heard[-1] > quiet:
                return
            if not heard and now - started > silent:
                return
            time.sleep(0.2)


class Desk:
    """A private PulseAudio + speech-dispatcher, as a user's session has them."""

    def __init__(self) -> None:
        # Short folder: a Unix socket path must stay under 108 bytes.
        self.root = Path(tempfile.mkdtemp(prefix="tts-"))
        self.run = self.root / "run"
        self.run.mkdir(mode=0o700)
        self.home = self.root / "home"
        self.home.mkdir()
        self.logs = self.root / "log"
        self.logs.mkdir()
        self.procs: list[subprocess.Popen[bytes]] = []
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TUTTO_", "SPEECHD_", "PULSE_"))}
        env.update(XDG_RUNTIME_DIR=str(self.run), HOME=str(self.home), LANG="C.UTF-8",
                   LC_ALL="", XDG_DATA_HOME=str(self.root / "data"), PYTHONIOENCODING="utf-8")
        env.pop("LANGUAGE", None)
        self.env = env
        self.daemon: subprocess.Popen[bytes] | None = None

    def start(self, command: list[str]) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(command, env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        self.procs.append(proc)
        return proc

    def start_sound_server(self) -> None:
        self.start(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                    "--load=module-native-protocol-unix",
                    "--load=module-null-sink sink_name=nullsink"])
        _wait_for_socket(self.run / "pulse" / "native")

    def start_daemon(self, idle_timeout: int = 0) -> subprocess.Popen[bytes]:
        """``speech-dispatcher -s -t N`` with its log in the desk's log folder."""
        self.daemon = self.start(["speech-dispatcher", "-s", "-t", str(idle_timeout),
                                  "-L", str(self.logs), "-l", "3"])
        _wait_for_socket(self.run / "speech-dispatcher" / "speechd.sock")
        return self.daemon

    def disable_autospawn(self) -> None:
        config = self.home / ".config" / "speech-dispatcher"
        config.mkdir(parents=True)
        (config / "speechd.conf").write_text("DisableAutoSpawn\n", encoding="utf-8")

    def record(self) -> Recording:
        recording = Recording(self)
        time.sleep(0.3)  # parec connected and running
        return recording

    def other_client(self, text: str = OTHER_SENTENCE) -> subprocess.Popen[bytes]:
        """The user's screen reader: speaks ``text`` with priority text and waits for its end."""
        return self.start(["spd-say", "-w", "-P", "text", "-l", "en", text])

    def game(self, *args: str) -> pexpect.spawn:
        command = tutto_command()
        db = self.root / "games.sqlite3"
        child = pexpect.spawn(command[0], command[1:] + ["--plain", "--players", "Anna,Ben",
                              "--db", str(db), *args], env=self.env, encoding="utf-8",
                              timeout=20, dimensions=(40, 200))
        child.delaybeforesend = None
        child.logfile_read = io.StringIO()
        return child

    def close(self) -> None:
        pid_file = self.run / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
        try:  # a daemon the program started itself (autospawn) is not our child
            spawned = int(pid_file.read_text().strip())
        except (OSError, ValueError):
            spawned = 0
        daemons = {p.pid for p in self.procs} | ({spawned} if spawned else set())
        modules = [child for pid in daemons for child in _children(pid)]
        for proc in reversed(self.procs):
            _stop(proc.pid)
            try:
                proc.wait(1)
            except subprocess.TimeoutExpired:
                _stop(proc.pid, signal.SIGKILL)
                proc.wait(3)
        if spawned and not any(p.pid == spawned for p in self.procs):
            _stop(spawned)
            time.sleep(0.3)
            _stop(spawned, signal.SIGKILL)
        for pid in modules:  # output modules of a daemon that had to be killed
            _stop(pid, signal.SIGKILL)
        shutil.rmtree(self.root, ignore_errors=True)


def _children(parent: int) -> list[int]:
    """The processes whose parent is ``parent`` (a daemon's output modules)."""
    children = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(parent):
            children.append(int(entry.name))
    return children


def _stop(pid: int, sig: int = signal.SIGTERM) -> None:
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def _wait_for_socket(path: Path, limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(path))
                return
            except OSError:
                pass
            finally:
                probe.close()
        time.sleep(0.05)
    raise AssertionError(f"nothing listens at {path.name} after {limit} s")


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


# A quick rate keeps the tests short; it also shows --rate reaches the daemon.
SPEECHD = ("--speech", "--speech-engine", "speechd", "--lang", "en", "--rate", "400")


def _enter(game: pexpect.spawn, line: str, answer: str) -> float:
    """Type ``line``; seconds until its announcement ``answer`` was printed."""
    started = time.monotonic()
    game.sendline(line)
    game.expect_exact(answer)
    return time.monotonic() - started


def _to_the_tutto(game: pexpect.spawn) -> None:
    """Anna draws Bonus 300, rolls 1 1 1 5 5 5 and sets all aside: a Tutto (important)."""
    game.expect_exact("Anna, card?")
    _enter(game, "bonus 300", "Anna draws Bonus 300.")
    _enter(game, "1 1 1 5 5 5", "Anna rolls 1, 1, 1, 5, 5, 5.")
    _enter(game, "all", "Tutto")


def _printed(game: pexpect.spawn) -> str:
    return game.logfile_read.getvalue()  # type: ignore[union-attr]


def _quit(game: pexpect.spawn) -> None:
    game.sendline("quit")
    game.expect(pexpect.EOF, timeout=10)
    game.close()


# --------------------------------------------------------------------------- point 1


def test_another_programs_sentence_is_not_cut_off_when_the_game_speaks(sound: Desk) -> None:
    alone = time.monotonic()
    sound.other_client().wait(30)
    alone = time.monotonic() - alone  # how long the other sentence takes, said to the end

    recording = sound.record()
    started = time.monotonic()
    other = sound.other_client()
    time.sleep(0.5)
    game = sound.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    _enter(game, "bonus 300", "Anna draws Bonus 300.")
    other.wait(30)
    with_game = time.monotonic() - started
    # Cut off by the game, it ended 0.05 s after the game's first sentence.
    assert with_game > 0.7 * alone, (with_game, alone)

    time.sleep(0.5)  # the other program is quiet now: the game's own speech is heard again
    typed = time.monotonic()
    _enter(game, "1 5 2 3 4 6", "Anna rolls 1, 5, 2, 3, 4, 6.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5
    _quit(game)


# --------------------------------------------------------------------------- point 2


def test_a_daemon_without_sound_never_delays_an_entry_and_one_sentence_says_speech_is_off(
        desk: Desk) -> None:
    desk.start_daemon()  # no sound server: speech-dispatcher deadlocks on a cancel
    game = desk.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    waits = []
    for line, answer in [("bonus 300", "Anna draws Bonus 300."),
                         ("1 5 2 3 4 6", "Anna rolls 1, 5, 2, 3, 4, 6."),
                         ("1 5", "Anna sets aside 1, 5 for 150"),
                         ("bank", "Anna banks 150"),
                         ("stop", "Ben's turn"), ("stop", "Anna's turn"), ("stop", "Ben's turn")]:
        waits.append(_enter(game, line, answer))
        time.sleep(0.3)  # the pace of a table, quick players
    assert max(waits) < 0.5, waits  # it was 2 s an entry, or a frozen game
    started = time.monotonic()
    _quit(game)
    assert time.monotonic() - started < 2.0
    assert game.exitstatus == 0
    assert _printed(game).count("Speech is off: speech-dispatcher stopped answering.") == 1


# --------------------------------------------------------------------------- point 3


def test_without_a_daemon_that_may_be_started_one_sentence_says_speech_is_off(
        desk: Desk) -> None:
    desk.disable_autospawn()
    game = desk.game(*SPEECHD)
    game.expect_exact("Anna, card?")
    _enter(game, "bonus 300", "Anna draws Bonus 300.")
    _quit(game)
    assert game.exitstatus == 0
    sentence = "Speech is off: speech-dispatcher is not running and could not be started."
    assert _printed(game).count(sentence) == 1


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
    _enter(game, "bonus 300", "Anna draws Bonus 300.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5
    _quit(game)


# --------------------------------------------------------------------------- point 4


def _spoken_after_a_tutto(desk: Desk, recording: Recording, *typed: tuple[str, str]) -> float:
    """Seconds spoken from a Tutto on, with ``typed`` entries made while it is being said."""
    game = desk.game(*SPEECHD, "--db", str(desk.root / f"tutto-{len(typed)}.sqlite3"))
    _to_the_tutto(game)
    tutto = time.monotonic()
    for line, answer in typed:
        _enter(game, line, answer)
    recording.wait_quiet(tutto)
    spoken = recording.seconds_spoken(after=tutto)
    game.terminate(force=True)
    return spoken


def test_what_is_typed_during_a_tutto_is_said_after_it_only_the_last_of_it(
        sound: Desk) -> None:
    recording = sound.record()
    bank = ("bank", "Anna banks 1800")
    stop = ("stop", "Stop.")
    tutto_alone = _spoken_after_a_tutto(sound, recording)
    then_bank = _spoken_after_a_tutto(sound, recording, bank)
    then_bank_and_stop = _spoken_after_a_tutto(sound, recording, bank, stop)
    # The Tutto sentence was said to the end: about 1.6 s at this rate, a cut one well under 1 s.
    assert tutto_alone > 1.2
    assert then_bank > tutto_alone + 1.0, (tutto_alone, then_bank)  # and the bank after it
    # The Stop sentence replaced the bank one that was waiting: about as long, not both.
    assert then_bank_and_stop < then_bank + 0.8, (then_bank, then_bank_and_stop)


def test_quit_while_a_tutto_is_said_ends_within_a_second_and_the_tutto_is_still_heard(
        sound: Desk) -> None:
    recording = sound.record()
    game = sound.game(*SPEECHD)
    _to_the_tutto(game)
    started = time.monotonic()
    game.sendline("quit")
    game.expect(pexpect.EOF, timeout=15)
    game.close()
    ended = time.monotonic()
    assert ended - started < 1.0  # it was 9.2 s
    recording.wait_quiet(ended)
    assert recording.seconds_spoken(after=ended) > 1.0


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
    _quit(game)
    assert _printed(game).count("Speech is off: that voice does not exist; tutto-tally voices "
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
        time.sleep(0.02)
    return orca


def test_while_a_screen_reader_runs_the_game_stays_quiet_and_says_so_in_one_line(
        sound: Desk) -> None:
    orca = _fake_screen_reader(sound)
    recording = sound.record()
    game = sound.game("--speech-engine", "speechd", "--lang", "en")
    game.expect_exact("Anna, card?")
    typed = time.monotonic()
    _enter(game, "bonus 300", "Anna draws Bonus 300.")
    recording.wait_quiet(typed, silent=2.5)  # the warm daemon speaks within 0.1 s when asked
    assert recording.seconds_spoken() == 0
    _quit(game)
    assert _printed(game).count("The screen reader Orca is running, so tutto-tally does not "
                                "speak itself; start it with --speech") == 1

    asked = sound.game(*SPEECHD, "--db", str(sound.root / "asked.sqlite3"))
    asked.expect_exact("Anna, card?")
    typed = time.monotonic()
    _enter(asked, "bonus 300", "Anna draws Bonus 300.")
    recording.wait_quiet(typed)
    assert recording.seconds_spoken(after=typed) > 0.5
    _quit(asked)
    assert "The screen reader" not in _printed(asked)
    orca.kill()
