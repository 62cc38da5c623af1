"""A real screen reader for the tests: Orca reading the program in gnome-terminal.

What a blind player hears and feels on a Braille display is what Orca makes of the terminal, so
this set-up runs exactly that, privately: an Xvfb display, a D-Bus session bus started after it
(it must know the display), the AT-SPI bus, a speech-dispatcher whose sound goes to libao's null
driver (Orca asks it to stop speaking at every key and waits for good when it has no sound
device), Orca 43 with a settings folder of its own (``-u``) and its debug log, and gnome-terminal
(VTE, the terminal Orca reads best) running the real ``tutto-tally``. Keys are typed as real key
events with xdotool, on a German or French keyboard layout (``setxkbmap``) in the matching
locale, so Orca names them in that language.

Orca writes everything it says and puts on the Braille line into its debug log, as
``SPEECH OUTPUT: '...'`` and ``BRAILLE LINE:  '...'``; an ``orca-customizations.py`` in the
settings folder makes that log line-buffered (it is block-buffered otherwise) and keeps it to
what is said and shown. The log is read back as :class:`Heard` entries.

Orca runs once per user: it refuses to start while another process called ``orca`` runs. A lock
file makes every user of this module (and the tests that fake an Orca process) take turns, and
when the person running the tests has an Orca of their own running, :class:`OrcaBusy` says so.
Every process started here is stopped by its id, with every process it started in turn (found
through ``/proc``), never by name: other tests and other programs run beside it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from testbed.processes import children_of

#: The Debian locale, the keyboard layout, and how Orca names the space bar and Enter.
LANGUAGES = {
    "de": ("de_DE.UTF-8", "de", "Leerzeichen", "Enter"),
    "fr": ("fr_FR.UTF-8", "fr", "espace", "entrée"),
}

#: xdotool's delay per key, in milliseconds (half before the key goes up, half after): a quick
#: typist, eight keys a second. Much faster, and on a busy machine Orca takes
#: several keys for one piece of program output, as it would for a paste.
KEY_DELAY_MS = 250

#: How long nothing new must be said before what was said is taken as complete.
QUIET = 0.5

_ENTRY = re.compile(r"^\d\d:\d\d:\d\d\.\d{6} - ", re.MULTILINE)
_CONTINUED = "\n" + " " * 18
# A sentence: 'text' then its voice, with no space ({...} or [{...}]); a key or a character
# echoed: 'name ' or 'c', a space, then the voice.
_SPEECH = re.compile(r"SPEECH OUTPUT: '(?P<text>.*)'(?P<key> ?)(?P<voice>[\[{].*)\Z", re.DOTALL)
_BRAILLE = re.compile(r"BRAILLE LINE:  '(?P<text>.*)'\Z", re.DOTALL)

CUSTOMIZATIONS = '''\
"""The test's Orca: a line-buffered debug log that holds what is said and shown."""
from orca import debug

debug.debugLevel = debug.LEVEL_INFO
if debug.debugFile is not None:
    _name = debug.debugFile.name
    debug.debugFile.close()
    debug.debugFile = open(_name, "a", buffering=1, encoding="utf-8")
'''

SPEECHD_CONF = '''\
AudioOutputMethod "libao"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
'''

LOCK = Path(tempfile.gettempdir()) / "tutto-tally-tests-screen-reader.lock"


class OrcaBusy(Exception):
    """An Orca that is not ours runs for this user: Orca would refuse to start a second one."""


class Heard:
    """One thing Orca said (``speech``), echoed for a key or character (``key``), or put on the
    Braille line (``braille``)."""

    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"{self.kind}:{self.text!r}"


@contextlib.contextmanager
def one_screen_reader_at_a_time() -> Iterator[None]:
    """Held while a real or a fake Orca runs: Orca runs once per user, and the program stays
    quiet while any runs."""
    with open(LOCK, "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def orca_processes() -> list[int]:
    """The processes of this user called ``orca``, as Orca itself looks for them (one that
    ended and waits for its parent to collect it runs no more)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            if (entry / "comm").read_text().strip() == "orca" and alive(int(entry.name)):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def missing_programs() -> list[str]:
    """The programs this set-up needs that are not installed (``scripts/system-packages``)."""
    needed = ("Xvfb", "dbus-daemon", "orca", "gnome-terminal", "xdotool", "setxkbmap",
              "speech-dispatcher")
    return [name for name in needed if shutil.which(name) is None]


class Desk:
    """A private display with Orca running on it, in one language; :meth:`terminal` starts the
    program in gnome-terminal there."""

    def __init__(self, lang: str, env: dict[str, str] | None = None) -> None:
        self.lang = lang
        self.locale, self.layout, self.space, self.enter = LANGUAGES[lang]
        # Short folder: Unix socket paths must stay under 108 bytes.
        self.root = Path(tempfile.mkdtemp(prefix="orca-"))
        self.procs: list[subprocess.Popen[bytes]] = []
        self.log = self.root / "orca-debug.log"
        self._read = 0  # entries of the log already parsed
        self._entries: list[Heard] = []
        self._buffer = ""
        self._terminals = 0
        home = self.root / "home"
        for folder in ("home", "run", "prefs", "speechd", "logs"):
            (self.root / folder).mkdir(mode=0o700)
        base = dict(os.environ if env is None else env)
        base = {k: v for k, v in base.items()
                if not k.startswith(("TUTTO_", "SPEECHD_", "DBUS_", "LC_", "XDG_", "GTK_",
                                     "QT_", "AT_SPI", "WAYLAND"))
                and k not in ("DISPLAY", "LANGUAGE", "NO_AT_BRIDGE", "TERM", "COLUMNS",
                              "LINES")}
        base.update(HOME=str(home), XDG_RUNTIME_DIR=str(self.root / "run"), LANG=self.locale,
                    XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / "data"),
                    XDG_CACHE_HOME=str(home / ".cache"), XDG_STATE_HOME=str(home / "state"),
                    GSETTINGS_BACKEND="memory", PYTHONIOENCODING="utf-8")
        # Every process of this desk carries it, also those the session bus starts on its
        # own and leaves to init (AT-SPI's registry, gnome-terminal's server), so that they
        # are found and stopped too.
        base["TESTBED_DESK"] = str(self.root)
        self.env = base
        self._lock = one_screen_reader_at_a_time()

    # --- starting -----------------------------------------------------------------------
    def start(self) -> Desk:
        self._lock.__enter__()
        try:
            if orca_processes():
                raise OrcaBusy("an Orca of this user is running; Orca runs once per user")
            self._display()
            self._session_bus()
            self._spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
            self._speech_dispatcher()
            self._orca()
        except BaseException:
            self.close()
            raise
        return self

    def _spawn(self, command: list[str], **options: object) -> subprocess.Popen[bytes]:
        log = open(self.root / "logs" / Path(command[0]).name, "ab")
        proc: subprocess.Popen[bytes] = subprocess.Popen(
            command, env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            start_new_session=True, **options)  # type: ignore
        log.close()
        self.procs.append(proc)
        return proc

    def _display(self) -> None:
        read, write = os.pipe()
        try:
            self._spawn(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24",
                         "-nolisten", "tcp"],
                        pass_fds=(write,))
        finally:
            os.close(write)
        number = b""
        deadline = time.monotonic() + 20
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline:
                raise AssertionError("Xvfb gave no display number")
            chunk = os.read(read, 16)
            if not chunk:
                raise AssertionError("Xvfb ended before it gave its display number")
            number += chunk
        os.close(read)
        self.env["DISPLAY"] = ":" + number.decode().strip()
        self.run(["setxkbmap", self.layout])

    def _session_bus(self) -> None:
        bus = self.root / "bus"
        self._spawn(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                     f"--address=unix:path={bus}"])
        _wait_until(bus.exists, "the session bus")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={bus}"

    def _speech_dispatcher(self) -> None:
        (self.root / "speechd" / "speechd.conf").write_text(SPEECHD_CONF, encoding="utf-8")
        # libao plays to its null driver: speech "ends" at once and nothing is heard.
        (self.root / "home" / ".libao").write_text("default_driver=null\n", encoding="utf-8")
        self._spawn(["speech-dispatcher", "--run-single", "--timeout", "0",
                     "--config-dir", str(self.root / "speechd"),
                     "--log-dir", str(self.root / "logs")])
        socket = self.root / "run" / "speech-dispatcher" / "speechd.sock"
        _wait_until(socket.exists, "speech-dispatcher")

    def _orca(self) -> None:
        (self.root / "prefs" / "orca-customizations.py").write_text(CUSTOMIZATIONS,
                                                                    encoding="utf-8")
        self.orca = self._spawn(["orca", "-u", str(self.root / "prefs"),
                                 "--debug-file", str(self.log)])
        # Orca says that it is on ("Screen reader on.") once it listens.
        self.wait(lambda heard: any(h.kind == "speech" for h in heard), "Orca's first words",
                  limit=60)

    def _ran(self, command: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, env=self.env, capture_output=True, text=True,
                              timeout=30, check=False)

    def run(self, command: list[str]) -> str:
        """A short command on the display (xdotool, setxkbmap); its output."""
        done = self._ran(command)
        if done.returncode != 0:
            raise AssertionError(f"{command[0]} failed: {done.stderr.strip()}")
        return done.stdout

    def find_window(self, title: str) -> str:
        """The id of the visible window called ``title``, once it is shown. xdotool walks every
        window of the display, and a window that closes during the walk (the last test's
        terminal, a window of this one's as it opens) ends the walk with X's BadWindow: then
        it walks again. Any other failure is the test's."""
        for _walk in range(20):
            done = self._ran(["xdotool", "search", "--sync", "--onlyvisible", "--name", title])
            if done.returncode == 0:
                return done.stdout.split()[0]
            if "BadWindow" not in done.stderr:
                break
        raise AssertionError(f"xdotool failed: {done.stderr.strip()}")

    # --- what Orca said and showed --------------------------------------------------------
    def heard(self) -> list[Heard]:
        """Everything Orca said and showed since it started, in order."""
        try:
            with open(self.log, encoding="utf-8", errors="replace") as log:
                log.seek(self._read)
                new = log.read()
                self._read = log.tell()
        except OSError:
            new = ""
        self._buffer += new
        starts = [m.start() for m in _ENTRY.finditer(self._buffer)]
        complete = len(starts)
        if not self._buffer.endswith("\n") or (
                starts and not _is_whole(self._buffer[starts[-1]:])):
            complete -= 1  # the last entry may still be written
        for index in range(max(complete, 0)):
            end = starts[index + 1] if index + 1 < len(starts) else len(self._buffer)
            entry = self._buffer[starts[index]:end].rstrip("\n")
            entry = _ENTRY.sub("", entry, count=1).replace(_CONTINUED, "\n")
            heard = _parse(entry)
            if heard is not None:
                self._entries.append(heard)
        if complete > 0:
            self._buffer = self._buffer[starts[complete]:] if complete < len(starts) else ""
        return list(self._entries)

    def mark(self) -> int:
        """Where the log stands now; :meth:`since` reads from there."""
        return len(self.heard())

    def since(self, mark: int) -> list[Heard]:
        return self.heard()[mark:]

    def wait(self, ready: Callable[[list[Heard]], bool], what: str, mark: int = 0,
             limit: float = 30.0) -> list[Heard]:
        """Until ``ready`` holds for what was heard since ``mark``, then until Orca has been
        quiet for a moment; what was heard since ``mark``."""
        deadline = time.monotonic() + limit
        while not ready(self.since(mark)):
            if time.monotonic() > deadline:
                raise AssertionError(f"Orca never gave {what}; it gave:\n"
                                     + "\n".join(map(repr, self.since(mark)[-40:])))
            if self.orca.poll() is not None:
                raise AssertionError(f"Orca ended (status {self.orca.returncode}) before {what}")
            time.sleep(0.05)
        return self.quiet(mark)

    def quiet(self, mark: int, limit: float = 10.0) -> list[Heard]:
        """What was heard since ``mark``, once nothing new came for :data:`QUIET` seconds."""
        count, changed = len(self.heard()), time.monotonic()
        deadline = changed + limit
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = len(self.heard())
            if now != count:
                count, changed = now, time.monotonic()
            elif time.monotonic() - changed >= QUIET:
                break
        return self.since(mark)

    # --- the program ------------------------------------------------------------------------
    def terminal(self, args: list[str], env: dict[str, str] | None = None) -> Terminal:
        """``tutto-tally ARGS`` in a new gnome-terminal window, focused for typing.

        The window opens at a shell's prompt (``$``) and the program starts when Enter is
        pressed there, as a player starts it in a terminal: Orca has taken in the new window
        by then and hears the program from its first line on.
        """
        self._terminals += 1
        title = f"tutto-tally-test-{self._terminals}"
        program = shutil.which("tutto-tally")
        assert program is not None, "tutto-tally is not on PATH"
        environment = dict(self.env, **(env or {}))
        mark = self.mark()
        window = subprocess.Popen(
            ["gnome-terminal", "--wait", f"--title={title}", "--geometry=100x40", "--",
             "sh", "-c", 'printf "$ "; read -r _; exec "$@"', "sh", program, *args],
            env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        self.procs.append(window)
        window_id = self.find_window(title)
        self.run(["xdotool", "windowfocus", "--sync", window_id])
        self.wait(lambda heard: any(h.text.rstrip().endswith(" $") for h in heard
                                    if h.kind == "braille"), "the new window's prompt", mark)
        terminal = Terminal(self, window, window_id, self.mark())
        terminal.key("Return")
        return terminal

    # --- stopping -----------------------------------------------------------------------------
    def family(self) -> list[int]:
        """Every process of this desk but those started here: what they started, and what
        the session bus started and left to init."""
        return sorted(set(descendants([p.pid for p in self.procs])) |
                      set(_marked(f"TESTBED_DESK={self.root}")))

    def close(self) -> None:
        """Stop every process started here and every process they started, by id."""
        # Leaves first, while their parents still live to collect them.
        _stop_tree(self.family())
        for proc in reversed(self.procs):
            _signal(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 3
        for proc in self.procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal(proc.pid, signal.SIGKILL)
                proc.wait(5)
        _stop_tree(self.family())
        self.procs.clear()
        with contextlib.suppress(Exception):
            self._lock.__exit__(None, None, None)
        if os.environ.get("TUTTO_KEEP_ORCA_LOG"):
            print(f"Orca's log stays in {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)


class Terminal:
    """The program in one gnome-terminal window, focused: type into it, hear what Orca says."""

    def __init__(self, desk: Desk, window: subprocess.Popen[bytes], window_id: str,
                 mark: int) -> None:
        self.desk = desk
        self.window = window
        self.window_id = window_id
        self.started = mark

    def type(self, text: str) -> None:
        """Real key presses for ``text`` on the desk's keyboard layout, at a typist's pace."""
        self.desk.run(["xdotool", "type", "--delay", str(KEY_DELAY_MS), text])

    def key(self, *names: str) -> None:
        """Keys by X name: ``Return``, ``Left``, ``Home``, ``Up``, ``ctrl+c``."""
        self.desk.run(["xdotool", "key", "--delay", str(KEY_DELAY_MS), *names])

    def wait_for_prompt(self, prompt: str, mark: int | None = None,
                        limit: float = 30.0) -> list[Heard]:
        """Until the Braille line ends with ``prompt`` (the cursor waits there) and Orca is
        quiet; what was heard since ``mark`` (the window's start when not given)."""
        prompt = prompt.replace("\xa0", " ").rstrip()

        def ready(heard: list[Heard]) -> bool:
            lines = [h.text for h in heard if h.kind == "braille"]
            return bool(lines) and lines[-1].replace("\xa0", " ").rstrip().endswith(prompt)

        return self.desk.wait(ready, f"the prompt {prompt!r}",
                              self.started if mark is None else mark, limit)

    def enter(self, line: str, prompt: str) -> tuple[list[Heard], list[Heard]]:
        """Type ``line`` and wait until its echo is over, then Enter and wait for ``prompt``:
        what was heard while typing, and what was heard from Enter on."""
        mark = self.desk.mark()
        if line:
            self.type(line)
        typing = self.desk.quiet(mark)
        mark = self.desk.mark()
        self.key("Return")
        return typing, self.wait_for_prompt(prompt, mark)

    def finish(self, limit: float = 30.0) -> int:
        """Wait until the program ended and its window closed; gnome-terminal's status."""
        return self.window.wait(limit)


def keys_heard(heard: list[Heard]) -> list[str]:
    return [h.text.strip() for h in heard if h.kind == "key"]


def speech(heard: list[Heard]) -> list[str]:
    """What was said as text (not echoed keys), each utterance with its lines joined."""
    return [" ".join(h.text.split()) for h in heard if h.kind == "speech" and h.text.strip()]


def braille(heard: list[Heard]) -> list[str]:
    return [h.text for h in heard if h.kind == "braille"]


def _parse(entry: str) -> Heard | None:
    if entry.startswith("SPEECH OUTPUT: "):
        match = _SPEECH.match(entry)
        if match is None:
            return None
        return Heard("key" if match.group("key") else "speech", match.group("text"))
    if entry.startswith("BRAILLE LINE:  "):
        match = _BRAILLE.match(entry)
        return Heard("braille", match.group("text")) if match else None
    return None


def _is_whole(entry: str) -> bool:
    """Whether a log entry read so far is complete: a speech entry ends with its voice."""
    body = _ENTRY.sub("", entry.rstrip("\n"), count=1).replace(_CONTINUED, "\n")
    if body.startswith("SPEECH OUTPUT: "):
        return _SPEECH.match(body) is not None and body.rstrip().endswith(("}", "]"))
    return True


def _wait_until(ready: Callable[[], bool], what: str, limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not start within {limit} s")
        time.sleep(0.02)


def descendants(roots: list[int]) -> list[int]:
    """Every process below ``roots`` (their children, and theirs), found through /proc."""
    children = children_of()
    found: list[int] = []
    todo = list(roots)
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.append(child)
                todo.append(child)
    return found


def _marked(marker: str) -> list[int]:
    """The processes of this user whose environment holds ``marker`` (``NAME=value``)."""
    wanted = marker.encode() + b"\0"
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if wanted in (entry / "environ").read_bytes() + b"\0" and alive(int(entry.name)):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _stop_tree(family: list[int]) -> None:
    """Stop these processes, each after the ones it started: a parent that lives on collects
    its child's exit, so nothing is left behind as a zombie."""
    left = set(family)
    while left:
        parents = {_parent(pid) for pid in left}
        leaves = [pid for pid in left if pid not in parents] or list(left)
        for pid in leaves:
            _signal(pid, signal.SIGTERM)
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in leaves):
            time.sleep(0.02)
        for pid in leaves:
            if alive(pid):
                _signal(pid, signal.SIGKILL)
        left -= set(leaves)


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, sig)
