"""A private sound desk: PulseAudio on a null sink, speech-dispatcher on it, parec recording.

Shared by the speech-dispatcher tests and their benchmark, so both measure the same set-up:
everything is started in a temporary folder with its own XDG_RUNTIME_DIR and HOME, a second
client (``spd-say``) plays the user's screen reader, and everything started here is stopped
again, including a daemon the program itself starts.
"""

from __future__ import annotations

import array
import io
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pexpect

from testbed.processes import children_of
from testbed.program import tutto_command

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
                   LC_ALL="", XDG_DATA_HOME=str(self.root / "data"), PYTHONIOENCODING="utf-8",
                   XDG_CONFIG_HOME=str(self.home / ".config"),
                   XDG_CACHE_HOME=str(self.home / ".cache"))
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
        children = children_of()  # the daemons' output modules
        modules = [child for pid in daemons for child in children.get(pid, [])]
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


# A quick rate keeps the tests short; it also shows --rate reaches the daemon.
SPEECHD = ("--speech", "--speech-engine", "speechd", "--lang", "en", "--rate", "400")


def enter(game: pexpect.spawn, line: str, answer: str) -> float:
    """Type ``line``; seconds until its announcement ``answer`` was printed."""
    started = time.monotonic()
    game.sendline(line)
    game.expect_exact(answer)
    return time.monotonic() - started


def to_the_tutto(game: pexpect.spawn) -> None:
    """Anna draws Bonus 300, rolls 1 1 1 5 5 5 and sets all aside: a Tutto (important)."""
    game.expect_exact("Anna, card?")
    enter(game, "bonus 300", "Anna draws Bonus 300.")
    enter(game, "1 1 1 5 5 5", "1, 1, 1, 5, 5, 5.")
    enter(game, "all", "Tutto")


def printed(game: pexpect.spawn) -> str:
    text: str = game.logfile_read.getvalue()
    return text


def quit_game(game: pexpect.spawn) -> None:
    game.sendline("quit")
    game.expect(pexpect.EOF, timeout=10)
    game.close()


