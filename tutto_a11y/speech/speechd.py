"""A small client for speech-dispatcher's SSIP protocol, written for this program.

Why our own client: Debian's ``speechd`` Python module is not on PyPI, so a virtual
environment never has it, and ``spd-say`` can only cancel *every* client's speech
(``spd-say --cancel`` is ``CANCEL ALL``), which cuts off the user's screen reader.  SSIP is a
short line protocol over a Unix socket, so speaking it directly costs little:

* commands are one line ending in CRLF; a reply is zero or more ``NNN-text`` lines and a
  final ``NNN text`` line; 2xx means success;
* ``SPEAK`` is answered with 230, then the text follows, one line at a time, with a dot at
  the start of a line doubled, and a line holding a single dot ends it (reply 225 and the
  message id);
* with ``SET SELF NOTIFICATION ... on`` the daemon also sends events (7xx) for our own
  messages at any time: ``7NN-message id``, ``7NN-client id``, ``7NN NAME``.

Every wait on the daemon is bounded (:data:`TIMEOUT`): a daemon whose audio is gone can
deadlock, and the game must never freeze with it.  This module prints nothing.
"""

from __future__ import annotations

import errno
import os
import queue
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from tutto_a11y.core.problem import Problem
from tutto_a11y.core.record import Record

__all__ = [
    "TIMEOUT",
    "Connection",
    "SSIPError",
    "SynthesisVoice",
    "connect",
    "daemon_answers",
    "daemon_installed",
    "socket_path",
]

TIMEOUT = 1.0
"""Seconds any one reply may take; a healthy daemon answers in about a millisecond."""

LIST_TIMEOUT = 5.0
"""For the voice list only: the daemon asks its output module, which may be busy speaking."""

_SPAWN_TIMEOUT = 3.0

EVENTS = {700: "index-mark", 701: "begin", 702: "end", 703: "cancel", 704: "pause", 705: "resume"}


class SSIPError(Problem):
    """The daemon cannot be reached, refused a command, or did not answer in time.

    ``reason`` is ``"no-daemon"`` (nothing listens and none could be started),
    ``"timeout"`` (no answer within :data:`TIMEOUT`) or ``"failed"`` (an error reply or a
    broken connection).
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, {"detail": detail},
                         shown=(f"{reason}: {detail}" if detail else reason,))
        self.detail = detail


class SynthesisVoice(Record):
    """One line of ``LIST SYNTHESIS_VOICES``: the name ``SET SELF SYNTHESIS_VOICE`` takes."""

    name: str
    language: str
    variant: str


def socket_path(env: Mapping[str, str] | None = None) -> Path | None:
    """Where the user's speech-dispatcher listens, as the daemon itself decides it.

    ``SPEECHD_ADDRESS=unix_socket:PATH`` wins; otherwise the socket is in
    ``$XDG_RUNTIME_DIR/speech-dispatcher/``, or in ``~/.cache/speech-dispatcher/`` when there is
    no runtime folder.  None for an address we do not speak (``inet_socket``).
    """
    env = os.environ if env is None else env
    address = env.get("SPEECHD_ADDRESS", "")
    if address:
        kind, _, rest = address.partition(":")
        if kind != "unix_socket":
            return None
        if rest and rest != "default":
            return Path(rest)
    runtime = env.get("XDG_RUNTIME_DIR")
    base = Path(runtime) if runtime else Path(env.get("HOME", "~")).expanduser() / ".cache"
    return base / "speech-dispatcher" / "speechd.sock"


def daemon_installed() -> bool:
    """True if ``speech-dispatcher`` is on PATH (so it can be started for us)."""
    return shutil.which("speech-dispatcher") is not None


class Connection:
    """One open SSIP connection; replies are awaited at most :data:`TIMEOUT` seconds.

    A reader thread splits what the daemon sends into replies (for :meth:`command`) and
    events (passed to ``on_event(name, message_id)`` in that thread).  After any
    :class:`SSIPError` the connection is closed and must not be used again.
    """

    def __init__(self, sock: socket.socket,
                 on_event: Callable[[str, int], None] | None = None) -> None:
        self._sock = sock
        self._on_event = on_event
        self._replies: queue.Queue[tuple[int, list[str]] | None] = queue.Queue()
        self._lock = threading.Lock()
        self.closed = False
        self._reader = threading.Thread(target=self._read, name="ssip-reader", daemon=True)
        self._reader.start()

    # reading ---------------------------------------------------------------------------
    def _read(self) -> None:
        buffer = b""
        lines: list[str] = []
        try:
            while not self.closed:
                try:
                    chunk = self._sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                buffer += chunk
                while b"\r\n" in buffer:
                    raw, buffer = buffer.split(b"\r\n", 1)
                    line = raw.decode("utf-8", "replace")
                    if len(line) < 4 or not line[:3].isdigit():
                        continue
                    lines.append(line[4:])
                    if line[3] == " ":
                        self._dispatch(int(line[:3]), lines)
                        lines = []
        except OSError:
            pass
        self._replies.put(None)  # wakes a command waiting on a dead connection

    def _dispatch(self, code: int, lines: list[str]) -> None:
        if code in EVENTS:
            if self._on_event is not None:
                try:
                    message_id = int(lines[0]) if len(lines) >= 3 else -1
                except ValueError:
                    message_id = -1
                self._on_event(EVENTS[code], message_id)
            return
        self._replies.put((code, lines))

    # commands --------------------------------------------------------------------------
    def _send(self, data: bytes) -> None:
        try:
            self._sock.sendall(data)
        except TimeoutError as exc:
            self.close()
            raise SSIPError("timeout", "sending took too long") from exc
        except OSError as exc:
            self.close()
            raise SSIPError("failed", str(exc)) from exc

    def _reply(self, what: str, timeout: float = TIMEOUT) -> tuple[int, list[str]]:
        try:
            reply = self._replies.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise SSIPError("timeout", f"no answer to {what}") from None
        if reply is None:
            self.close()
            raise SSIPError("failed", f"the connection closed during {what}")
        code, lines = reply
        if not 200 <= code < 300:
            raise SSIPError("failed", f"{what}: {code} {lines[-1] if lines else ''}")
        return reply

    def command(self, line: str, timeout: float = TIMEOUT) -> list[str]:
        """Send one command, return the reply's text lines (the last is the status text)."""
        if self.closed:
            raise SSIPError("failed", "the connection is closed")
        with self._lock:
            self._send(line.encode("utf-8") + b"\r\n")
            return self._reply(line.split(" ", 2)[0], timeout)[1]

    def speak(self, text: str) -> int:
        """Queue ``text`` with the connection's settings; returns the daemon's message id."""
        if self.closed:
            raise SSIPError("failed", "the connection is closed")
        body = []
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            body.append("." + line if line.startswith(".") else line)
        data = ("\r\n".join(body) + "\r\n.\r\n").encode("utf-8")
        with self._lock:
            self._send(b"SPEAK\r\n")
            self._reply("SPEAK")
            self._send(data)
            lines = self._reply("the text")[1]
        try:
            return int(lines[0])
        except (IndexError, ValueError):
            return -1

    def set(self, setting: str, value: str | int) -> None:
        """``SET SELF setting value`` for the settings of our own connection only."""
        self.command(f"SET SELF {setting} {value}")

    def voices(self) -> list[SynthesisVoice]:
        """The output module's voices (``LIST SYNTHESIS_VOICES``): name, language, variant."""
        voices = []
        for line in self.command("LIST SYNTHESIS_VOICES", LIST_TIMEOUT)[:-1]:
            parts = line.split("\t")
            if parts and parts[0]:
                parts += [""] * (3 - len(parts))
                voices.append(SynthesisVoice(parts[0], parts[1], parts[2]))
        return voices

    def close(self) -> None:
        """Leave without waiting: speech already queued is still said by the daemon."""
        if self.closed:
            return
        self.closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self._sock.close()
        except OSError:
            pass


def _open_socket(path: Path) -> socket.socket:
    if sys.platform == "win32":  # Python has no Unix sockets there: no daemon can answer
        raise OSError(errno.EAFNOSUPPORT, "speech-dispatcher's Unix socket is not on Windows")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(TIMEOUT)
    try:
        sock.connect(str(path))
    except OSError:
        sock.close()
        raise
    return sock


def daemon_answers(path: Path | None) -> bool:
    """True if a daemon accepts a connection at ``path``.

    A socket file alone proves nothing: a daemon that was killed, or a home folder copied from
    another machine, leaves ``speechd.sock`` behind with nobody listening.
    """
    if path is None:
        return False
    try:
        _open_socket(path).close()
    except OSError:
        return False
    return True


def _spawn(path: Path) -> bool:
    """Ask speech-dispatcher to start itself, as its own clients do (``--spawn``).

    ``--spawn`` honours the user's ``DisableAutoSpawn`` setting.  True once the socket
    answers, within :data:`_SPAWN_TIMEOUT` seconds.
    """
    binary = shutil.which("speech-dispatcher")
    if binary is None:
        return False
    try:
        subprocess.run([binary, "--spawn"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=_SPAWN_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    deadline = time.monotonic() + _SPAWN_TIMEOUT
    while time.monotonic() < deadline:
        try:
            _open_socket(path).close()
            return True
        except OSError:
            time.sleep(0.02)
    return False


def connect(client: str, on_event: Callable[[str, int], None] | None = None,
            env: Mapping[str, str] | None = None) -> Connection:
    """Connect to the user's daemon, starting it if it is not running and may be started.

    ``client`` names the component in the daemon's client list
    (``user:tutto-tally:client``).  Raises :class:`SSIPError` with reason ``"no-daemon"``
    when there is none and it cannot be started.
    """
    path = socket_path(env)
    if path is None:
        raise SSIPError("no-daemon", "only unix_socket addresses are supported")
    if sys.platform == "win32":
        raise SSIPError("no-daemon", "speech-dispatcher does not run on Windows")
    try:
        sock = _open_socket(path)
    except OSError:
        if not _spawn(path):
            raise SSIPError("no-daemon", f"nothing answers at {path}") from None
        try:
            sock = _open_socket(path)
        except OSError as exc:
            raise SSIPError("no-daemon", str(exc)) from exc
    connection = Connection(sock, on_event)
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or "user"
    connection.set("CLIENT_NAME", f"{user}:tutto-tally:{client}")
    return connection
