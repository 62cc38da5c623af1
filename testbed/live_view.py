"""The live view's test bench, shared by tests/ and bench/: the real program sharing a game in
a pseudo-terminal, a real headless Chromium from Debian's packages, and axe-core from npm.

Chromium and its driver are Debian's (``scripts/system-packages --required`` installs them);
axe-core is fetched from the npm registry at test time into a cache folder, never committed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from testbed.program import tutto_command

CODE = "482915"
AXE_VERSION = "4"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1024,900")


def share_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="", TUTTO_SPEECH="0",
               XDG_DATA_HOME=str(tmp / "data"))
    env.pop("LANGUAGE", None)
    return env


def start_table(tmp: Path, players: str = "Anna,Ben", lang: str = "en",
                extra: tuple[str, ...] = ("--share-code", CODE), plain: bool = False,
                share: str = "127.0.0.1:0", env: dict[str, str] | None = None) -> Any:
    """The real program in a pseudo-terminal, sharing on a free port (of 127.0.0.1).

    Returns the pexpect child with ``.url`` (the address the opening said) and ``.code``.
    ``env`` adds variables (``TUTTO_SEAT_CODES``) to the test's own environment.
    """
    import pexpect

    command = tutto_command()
    args = [*command[1:], "--lang", lang, "--db", str(tmp / "games.sqlite3"),
            "--players", players, "--share", share, *extra]
    if plain:
        args.append("--plain")
    child = pexpect.spawn(command[0], args, env={**share_env(tmp), **(env or {})},
                          encoding="utf-8", timeout=20, dimensions=(40, 250))
    child.expect(r"(http://127\.0\.0\.1:\d+/)[^\r\n]*?((?:\d ){5}\d|[A-Za-z0-9]{4,32})\.")
    child.url = child.match.group(1)
    child.code = child.match.group(2).replace(" ", "")
    return child


def quit_table(child: Any) -> None:
    """Quit the table (if it still runs) and wait for its end."""
    import pexpect

    if child.isalive():
        child.sendline("quit")
        child.expect(pexpect.EOF)
    child.close()


@contextmanager
def table_running(tmp: Path) -> Iterator[Any]:
    """A sharing table for one test: quit and closed when the test is over, passed or not."""
    child = start_table(tmp)
    try:
        yield child
    finally:
        quit_table(child)


def seated_table(tmp: Path, codes: str | None, players: str = "Anna,Ben", lang: str = "en",
                 extra: tuple[str, ...] = ()) -> Any:
    """A table sharing with seats (``--seats``), plain line input in a pseudo-terminal, the
    seats' codes fixed by ``TUTTO_SEAT_CODES`` (``Anna=11112222,Ben=...``) unless None."""
    env = {"TUTTO_SEAT_CODES": codes} if codes else {}
    return start_table(tmp, players=players, lang=lang, plain=True, env=env,
                       extra=("--share-code", CODE, "--seats", *extra))


@contextmanager
def at_first_prompt(child: Any, prompt: str = "Anna, card?") -> Iterator[Any]:
    """A started table once it asks its first question; quit when the test is over."""
    try:
        child.expect_exact(prompt)
        yield child
    finally:
        quit_table(child)


def new_folders(tmp: Path, name: str, count: int) -> Iterator[Path]:
    """``count`` new folders in ``tmp`` (``name-0``, ``name-1``...), one for each game a
    benchmark plays, made as they are reached."""
    for number in range(count):
        folder = tmp / f"{name}-{number}"
        folder.mkdir()
        yield folder


def enter(child: Any, line: str, answer: str) -> None:
    """Type one entry and wait for its announcement on the table's screen."""
    child.sendline(line)
    child.expect_exact(answer)


def chromium(*, javascript: bool = True, accept_language: str | None = None,
             profile: str | None = None) -> Any:
    """A headless Chromium driven through Debian's chromium-driver.

    Without ``profile`` it gets a new profile folder of its own, removed when the driver
    quits (or when Chromium cannot start): a run of the browser tests leaves no
    ``chromium-*`` folder behind in the temporary folder.
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    made = None if profile else tempfile.mkdtemp(prefix="chromium-")

    class Chrome(webdriver.Chrome):
        def quit(self) -> None:
            try:
                super().quit()
            finally:
                if made is not None:
                    shutil.rmtree(made, ignore_errors=True)

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + (profile or made or ""))
    prefs: dict[str, Any] = {}
    if accept_language:
        prefs["intl.accept_languages"] = accept_language
        options.add_argument("--lang=" + accept_language.split(",")[0])
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if prefs:
        options.add_experimental_option("prefs", prefs)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    try:
        return Chrome(options=options, service=service)
    except BaseException:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        raise


def log_lines(driver: Any) -> list[str]:
    """The announcements in the page's live region, as a screen reader gets them."""
    lines: list[str] = driver.execute_script(
        "return Array.from(document.querySelectorAll('[role=log] p'))"
        ".map(p => p.textContent.replace(/\\u00a0/g, ' '));")
    return lines


def axe_script() -> str | None:
    """axe-core's ``axe.min.js`` from the npm registry (cached), or None if it cannot be had."""
    testbed = os.environ.get("TESTBED_CACHE")
    cache = (Path(testbed) if testbed else
             Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tutto-tally-tests")
    found = sorted(cache.glob("axe-core-*/package/axe.min.js"))
    if found:
        return found[-1].read_text(encoding="utf-8")
    npm = shutil.which("npm")
    if npm is None:
        return None
    cache.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent",
                               "--pack-destination", str(cache)], capture_output=True,
                              text=True, timeout=180, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    tarball = cache / done.stdout.strip().splitlines()[-1]
    target = cache / tarball.name.removesuffix(".tgz")
    with tarfile.open(tarball) as archive:
        member = archive.getmember("package/axe.min.js")
        archive.extractall(target, members=[member], filter="data")
    tarball.unlink()
    return (target / "package" / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(driver: Any, source: str) -> list[dict[str, Any]]:
    """Run axe-core in the page (WebDriver's script is not bound by the page's CSP)."""
    driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.html)}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e)}]));")
    return list(result)


class SeatPhone:
    """A player's own device on a seat, over plain HTTP: it types its seat's code in the code
    form, keeps the session's cookie, and posts lines with the form's token, as the page's
    script does (``json``) or as a browser without JavaScript does."""

    def __init__(self, url: str, code: str, lang: str = "en") -> None:
        import http.cookiejar
        import urllib.request

        self.url = url.rstrip("/")
        self.host = self.url.split("//")[1]
        self.lang = lang
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        status, self.address, page = self.post("/", {"code": code, "lang": lang},
                                               accept="text/html")
        if status != 200 or 'id="entry"' not in page:
            raise ValueError(f"the seat did not open: {status}")
        self.page = page
        self.token = self.field(page, "token")
        self.state = int(self.field(page, "state"))

    @staticmethod
    def field(page: str, name: str) -> str:
        import re

        found = re.search(rf'name="{name}" value="([^"]*)"', page)
        assert found, name
        return found.group(1)

    def post(self, path: str, form: dict[str, str], accept: str = "application/json",
             headers: dict[str, str] | None = None) -> tuple[int, str, str]:
        """Status, final address and body of a form post from this device's page."""
        import urllib.error
        import urllib.parse
        import urllib.request

        sent = {"Origin": f"http://{self.host}",
                "Content-Type": "application/x-www-form-urlencoded", "Accept": accept,
                **(headers or {})}
        sent = {name: value for name, value in sent.items() if value is not None}
        request = urllib.request.Request(self.url + path, headers=sent, method="POST",
                                         data=urllib.parse.urlencode(form).encode())
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.geturl(), answer.read().decode()
        except urllib.error.HTTPError as error:
            with error:  # its connection is closed with it
                return error.code, "", error.read().decode()

    def send(self, line: str, state: int | None = None, lang: str | None = None,
             headers: dict[str, Any] | None = None) -> dict[str, Any]:
        """Post a line as the page's script does; the form moves on with an accepted entry."""
        import json

        form = {"token": self.token, "state": str(self.state if state is None else state),
                "line": line, "lang": lang or self.lang}
        status, _, body = self.post("/enter", form, headers=headers)
        answer = dict(json.loads(body)) if body.startswith("{") else {"kind": str(status)}
        answer["status"] = status
        if answer.get("kind") in ("accepted", "moved-on"):
            self.state = int(answer["state"])
        return answer

    def sync(self) -> None:
        """Made for the game as it is now, as the page's script keeps its form (it follows the
        announcements while nothing is typed)."""
        self.state = int(self.field(self.get(), "state"))

    def get(self) -> str:
        """The seat's page now (the cookie opens it)."""
        with self.opener.open(self.url + f"/?lang={self.lang}", timeout=30) as answer:
            return str(answer.read().decode())


class EventStream(threading.Thread):
    """A device on the event stream, from an address of its own (127.0.0.2, 127.0.0.3 ... as at
    a table: the server lets only a few event streams come from one address): a viewer with
    the code, or a seat's device with its session's cookie. Counts the event ids it got."""

    def __init__(self, url: str, number: int, lang: str, cookie: str | None = None) -> None:
        import re
        import socket

        super().__init__(daemon=True)
        host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()  # type: ignore[union-attr]
        self.sock = socket.create_connection((host, int(port)), timeout=60,
                                             source_address=(f"127.0.0.{2 + number}", 0))
        target = f"/events?lang={lang}" if cookie else f"/events?code={CODE}&lang={lang}"
        extra = f"Cookie: {cookie}\r\n" if cookie else ""
        self.sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}\r\n"
                          .encode())
        self.ids: list[int] = []
        self.start()

    def got_each_once(self, count: int) -> bool:
        """Whether the device got the events 1 to ``count``, each once and in order; the
        stream is closed."""
        self.sock.close()
        return self.ids == list(range(1, count + 1))

    def run(self) -> None:
        stream = self.sock.makefile("rb")
        try:
            for line in stream:
                if line.startswith(b"id: "):  # RUN:NUMBER
                    self.ids.append(int(line[4:].rpartition(b":")[2]))
        except OSError:
            pass


def events(url: str, last_seen: str | None, count: int, code: str = CODE,
           lang: str = "en") -> list[dict[str, Any]]:
    """Read ``count`` Server-Sent Events as a browser's EventSource would, then hang up.

    Each event's ``id:`` line (what ``Last-Event-ID`` catches up from, ``RUN:NUMBER``) must be
    the run and the number its data carries; it is kept as the event's ``event_id``."""
    import json
    import re
    import socket

    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()  # type: ignore[union-attr]
    headers = f"Last-Event-ID: {last_seen}\r\n" if last_seen is not None else ""
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(f"GET /events?code={code}&lang={lang} HTTP/1.1\r\nHost: {host}\r\n"
                     f"Accept: text/event-stream\r\n{headers}\r\n".encode())
        stream = sock.makefile("rb")
        found: list[dict[str, Any]] = []
        event_id = None
        while len(found) < count:
            line = stream.readline().decode()
            if line.startswith("id: "):
                event_id = line[4:].strip()
            elif line.startswith("data: "):
                data = json.loads(line[6:])
                assert event_id == f"{data['run']}:{data['id']}"
                data["event_id"] = event_id
                found.append(data)
    return found

