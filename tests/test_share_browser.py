"""The live view in a real browser: Debian's headless Chromium, driven through chromium-driver,
following the real program that a test types real entries into, in a pseudo-terminal.

What a player with a screen reader gets is what lands in the page's ``role="log"`` region, so
the tests read that region, the score table and the page's language; axe-core (from npm, at
test time) checks the page for accessibility problems.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

from testbed.live_view import (
    CODE,
    axe_violations,
    chromium,
    enter,
    log_lines,
    quit_table,
    start_table,
    table_running,
)

pytestmark = pytest.mark.slow  # a real Chromium

GERMAN_TURN = ["Anna zieht Bonus 300.", "1, 5, 2, 3, 4, 6.",
               "1, 5 für 150, noch 4 Würfel.",
               "Anna hört auf, Stand 150. Ben ist dran."]


def play_a_turn(table: Any) -> None:
    enter(table, "bonus 300", "Anna draws Bonus 300.")
    enter(table, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
    enter(table, "1 5", "1, 5 for 150")
    enter(table, "bank", "Anna banks, score 150. Ben's turn.")


def wait_for_lines(driver: Any, count: int) -> list[str]:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: len(log_lines(d)) >= count)
    return log_lines(driver)


def table_rows(driver: Any) -> list[list[str]]:
    """Each player's row of the score table: the name (a row header) and the score."""
    rows: list[list[str]] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#scores tbody tr'))"
        ".map(r => Array.from(r.cells).slice(0, 2).map(c => c.tagName + ':' + c.textContent));")
    return rows


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with table_running(tmp_path) as child:
        yield child


def test_the_live_region_says_each_announcement_in_the_viewers_language(browser: Any,
                                                                        table: Any) -> None:
    browser.get(table.url + f"?code={CODE}&lang=de")
    assert browser.find_element("css selector", "html").get_attribute("lang") == "de"
    play_a_turn(table)  # typed at an English table
    assert wait_for_lines(browser, 4) == GERMAN_TURN
    assert browser.find_element("id", "log").get_attribute("role") == "log"
    assert table_rows(browser) == [["TH:Anna", "TD:150"], ["TH:Ben", "TD:0"]]
    assert browser.find_element("id", "now").text.startswith("Ben ist dran, Stand 0.")


def test_without_a_language_the_page_speaks_the_browsers(table: Any) -> None:
    driver = chromium(accept_language="fr-FR,fr,en")
    try:
        driver.get(table.url + f"?code={CODE}")
        assert driver.find_element("css selector", "html").get_attribute("lang") == "fr"
        enter(table, "bonus 300", "Anna draws Bonus 300.")
        assert wait_for_lines(driver, 1) == ["Bonus 300 pour Anna."]
    finally:
        driver.quit()


def test_an_undo_shows_as_a_taken_back_announcement(browser: Any, table: Any) -> None:
    browser.get(table.url + f"?code={CODE}&lang=de")
    play_a_turn(table)
    enter(table, "undo", "Undone: Anna's bank.")
    lines = wait_for_lines(browser, 5)
    assert lines[-1] == "Zurückgenommen: Anna hört auf. Anna ist dran, Zugsumme 150."
    assert browser.find_element("id", "e4").get_attribute("class") == "taken-back"
    assert table_rows(browser) == [["TH:Anna", "TD:0"], ["TH:Ben", "TD:0"]]


class Cable:
    """The network between a phone and the table, which the test can pull out and plug in."""

    def __init__(self, url: str) -> None:
        host, port = url.split("//")[1].rstrip("/").split(":")
        self.target = (host, int(port))
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}/"
        self.plugged = True
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.server.accept()
            except OSError:
                return
            if not self.plugged:
                near.close()
                continue
            far = socket.create_connection(self.target)
            self.open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def pull(self) -> None:
        self.plugged = False
        for sock in self.open:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.open = []

    def close(self) -> None:
        self.pull()
        self.server.close()


def test_a_phone_that_lost_the_connection_catches_up_without_repeats_or_gaps(
        browser: Any, table: Any) -> None:
    cable = Cable(table.url)
    try:
        browser.get(cable.url + f"?code={CODE}&lang=de")
        enter(table, "bonus 300", "Anna draws Bonus 300.")
        enter(table, "1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
        assert wait_for_lines(browser, 2) == GERMAN_TURN[:2]
        cable.pull()  # the phone sleeps, the Wi-Fi is gone
        enter(table, "1 5", "1, 5 for 150")
        enter(table, "bank", "Anna banks, score 150. Ben's turn.")
        enter(table, "stop", "Stop. Ben scores nothing this turn.")
        enter(table, "undo", "Undone: Ben's card Stop.")
        assert log_lines(browser) == GERMAN_TURN[:2]  # nothing could arrive meanwhile
        cable.plugged = True  # back: the browser reconnects with the last id it saw
        lines = wait_for_lines(browser, 6)
        assert lines == GERMAN_TURN + [
            "Zählt nicht mehr: Stopp. Ben bekommt diesmal keine Punkte. Anna ist dran.",
            "Zurückgenommen: Ben zieht Stopp. Ben ist dran, Zugsumme 0."]
    finally:
        cable.close()


def test_after_a_restart_with_the_same_code_the_open_page_shows_the_new_announcements(
        browser: Any, tmp_path: Path) -> None:
    from test_share import free_port

    port = free_port()
    first = start_table(tmp_path / "first", share=f"127.0.0.1:{port}")  # TUTTO_SHARE_CODE
    try:
        browser.get(first.url + f"?code={CODE}&lang=de")
        play_a_turn(first)
        assert wait_for_lines(browser, 4) == GERMAN_TURN
    finally:
        quit_table(first)
    # The program starts again on the same port with the same code; the page stays open.
    second = start_table(tmp_path / "second", share=f"127.0.0.1:{port}")
    try:
        enter(second, "stop", "Stop. Anna scores nothing this turn.")
        enter(second, "clover", "Ben draws")
        assert wait_for_lines(browser, 6) == GERMAN_TURN + [
            "Stopp. Anna bekommt diesmal keine Punkte. Ben ist dran.", "Ben zieht Kleeblatt."]
        assert table_rows(browser) == [["TH:Anna", "TD:0"], ["TH:Ben", "TD:0"]]
    finally:
        quit_table(second)


def test_a_reload_without_javascript_shows_the_scores_and_the_latest_announcements(
        table: Any) -> None:
    driver = chromium(javascript=False)
    try:
        play_a_turn(table)
        driver.get(table.url + f"?code={CODE}&lang=de")
        assert log_lines(driver) == GERMAN_TURN
        assert table_rows(driver) == [["TH:Anna", "TD:150"], ["TH:Ben", "TD:0"]]
        assert driver.find_element("id", "connection").is_displayed()  # "reload to see..."
    finally:
        driver.quit()


def test_the_code_is_typed_into_the_page_by_keyboard_alone(browser: Any, table: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(table.url + "?lang=en")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    focused = browser.switch_to.active_element
    assert focused.get_attribute("id") == "code"
    assert browser.find_element("css selector", "label[for=code]").text == "Access code"
    focused.send_keys("123456", Keys.ENTER)
    alert = WebDriverWait(browser, 20).until(
        lambda d: d.find_elements("css selector", "[role=alert]"))
    assert alert[0].text.startswith("That access code is wrong.")
    assert "123456" not in browser.current_url  # the form posts: no code in the address
    time.sleep(1.0)  # a person hears the alert and types again: sooner is "too many tries"
    ActionChains(browser).send_keys(Keys.TAB).perform()
    browser.switch_to.active_element.send_keys(" ".join(CODE), Keys.ENTER)  # as it was said
    WebDriverWait(browser, 20).until(lambda d: d.find_elements("id", "log"))
    enter(table, "bonus 300", "Anna draws Bonus 300.")
    assert wait_for_lines(browser, 1) == ["Anna draws Bonus 300."]


def test_a_player_named_script_is_shown_as_text(browser: Any, tmp_path: Path) -> None:
    child = start_table(tmp_path, players="<script>alert(1)</script>,Ben")
    try:
        browser.get(child.url + f"?code={CODE}&lang=en")
        enter(child, "bonus 300", "draws Bonus 300.")
        assert wait_for_lines(browser, 1) == ["<script>alert(1)</script> draws Bonus 300."]
        assert table_rows(browser)[0] == ["TH:<script>alert(1)</script>", "TD:0"]
        browser.refresh()
        assert log_lines(browser) == ["<script>alert(1)</script> draws Bonus 300."]
        assert browser.execute_script("return document.scripts.length") == 1
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()


def test_axe_core_finds_no_violation_on_the_live_page_or_the_code_page(
        browser: Any, table: Any, axe: str) -> None:
    browser.get(table.url + f"?code={CODE}&lang=fr")
    play_a_turn(table)
    enter(table, "undo", "Undone: Anna's bank.")
    wait_for_lines(browser, 5)
    assert axe_violations(browser, axe) == []
    browser.get(table.url + "?code=000000&lang=de")  # the code page with its alert
    assert axe_violations(browser, axe) == []


def test_the_page_fits_a_phone_and_200_percent_zoom_without_sideways_scrolling(
        browser: Any, tmp_path: Path) -> None:
    long_names = "Donaudampfschifffahrtskapitän,Bartholomäus von Hohenzollern"
    child = start_table(tmp_path, players=long_names)
    try:
        browser.get(child.url + f"?code={CODE}&lang=de")
        enter(child, "bonus 300", "draws Bonus 300.")
        wait_for_lines(browser, 1)
        # 320 CSS pixels: a small phone, and a 640-pixel window at 200% zoom (WCAG reflow).
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 320, "height": 640, "deviceScaleFactor": 2, "mobile": True})
        try:
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth")
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        assert overflow <= 0
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
