"""A seat in a real browser: Debian's headless Chromium, by keyboard alone, with axe.

The real program shares its game with seats in a pseudo-terminal; Chromium is a player's own
phone: it types the seat's code, then its entries, with Tab and Enter only. What a screen
reader hears is what lands in the page's live regions (the announcements' log and the form's
answer), so the tests count what is there; the table's side is read from its terminal.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testbed.live_view import (
    SeatPhone,
    at_first_prompt,
    axe_violations,
    chromium,
    log_lines,
    quit_table,
    seated_table,
)

pytestmark = pytest.mark.slow  # a real Chromium

ANNA, BEN = "11112222", "33334444"


def seated(tmp: Path, *extra: str, lang: str = "en") -> Any:
    return seated_table(tmp, f"Anna={ANNA},Ben={BEN}", lang=lang, extra=extra)


def wait(driver: Any, what: Any) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, 20).until(what)


def tab(driver: Any) -> Any:
    """One press of Tab; the element that has the focus then."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(driver).send_keys(Keys.TAB).perform()
    return driver.switch_to.active_element


def type_line(driver: Any, text: str) -> None:
    """Type into what has the focus, then Enter."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(driver).send_keys(text, Keys.ENTER).perform()


def erase(driver: Any) -> None:
    """Select what is typed in the focused field and delete it, by keyboard (WebDriver's own
    clear would take the focus away)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL) \
        .send_keys(Keys.BACKSPACE).perform()


def open_seat(driver: Any, url: str, code: str, lang: str = "en", field: bool = True) -> None:
    """The code page, Tab to its field, the seat's code and Enter; then Tab to the entry
    (``field``: the seat may enter now), or see that there is none."""
    driver.get(url + f"?lang={lang}")
    assert tab(driver).get_attribute("id") == "code"
    type_line(driver, code)
    wait(driver, lambda d: d.find_elements("id", "line"))
    assert code not in driver.current_url  # the cookie holds the seat, not the address
    if field:
        assert tab(driver).get_attribute("id") == "line"
    else:
        assert not driver.find_element("id", "line").is_displayed()


def answer(driver: Any) -> str:
    """The form's answer region as a screen reader gets it ("" while the page loads)."""
    return str(driver.execute_script(
        "var a = document.getElementById('answer');"
        "return a ? a.textContent.replace(/\\u00a0/g, ' ') : '';"))


def said(driver: Any) -> list[str]:
    """Everything in the page's live regions: the log's lines, then the form's answer."""
    return [*log_lines(driver), answer(driver)]


def label(driver: Any) -> str:
    return str(driver.find_element("css selector", "label[for=line]").text)


def waiting(driver: Any) -> str:
    """The sentence a seat reads instead of the field ("" while the field is shown)."""
    return str(driver.find_element("id", "waiting").text)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with at_first_prompt(seated(tmp_path)) as child:
        yield child


def test_a_player_enters_their_turn_by_keyboard_and_hears_each_answer_once(
        browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    assert label(browser) == "Anna, card?"  # the table's question is the field's label
    type_line(browser, "bonus 300")
    table.expect_exact("Anna draws Bonus 300. Sent by Anna.")  # at the table, as typed there
    wait(browser, lambda d: log_lines(d))
    wait(browser, lambda d: label(d) == "Anna, roll 6 dice:")
    assert said(browser) == ["Anna draws Bonus 300. Sent by Anna.", ""]  # once, in the log
    line = browser.switch_to.active_element
    assert line.get_attribute("id") == "line" and line.get_attribute("value") == ""
    type_line(browser, "7 7")
    wait(browser, lambda d: answer(d))
    assert said(browser) == ["Anna draws Bonus 300. Sent by Anna.",
                             "7 is not a die face: faces go from 1 to 6."]
    assert browser.switch_to.active_element.get_attribute("value") == "7 7"  # kept, to fix
    table.sendline("status")
    table.expect_exact("Anna's turn")
    assert "7 is not" not in table.before  # the refusal is the phone's alone
    erase(browser)
    type_line(browser, "1 5 2 3 4 6")
    table.expect_exact("1, 5, 2, 3, 4, 6. Sent by Anna.")
    wait(browser, lambda d: len(log_lines(d)) == 2)
    assert said(browser)[-1] == ""  # the answer region is quiet: the log said it


def test_the_label_follows_the_game_until_the_player_types(browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    table.sendline("bonus 300")  # the scorekeeper is quicker
    table.expect_exact("Anna draws Bonus 300.")
    wait(browser, lambda d: label(d) == "Anna, roll 6 dice:")
    browser.switch_to.active_element.send_keys("1 5 2 3 4 6")  # typed, not sent yet
    table.sendline("1 5 2 3 4 6")  # the scorekeeper types the same roll meanwhile
    table.expect_exact("1, 5, 2, 3, 4, 6.")
    wait(browser, lambda d: len(log_lines(d)) == 2)
    assert label(browser) == "Anna, roll 6 dice:"  # the form stays made for what was seen
    type_line(browser, "")  # Enter
    wait(browser, lambda d: answer(d))
    assert answer(browser).startswith(
        "Not entered: the game moved on while you typed.")
    assert label(browser) == "Anna, set aside?"  # now made for the game as it is
    assert browser.switch_to.active_element.get_attribute("value") == "1 5 2 3 4 6"
    table.sendline("status")
    table.expect_exact("Last roll: 1, 5, 2, 3, 4, 6.")  # rolled once, not twice


def test_a_player_in_another_language_types_in_the_pages_language(browser: Any,
                                                                    tmp_path: Path) -> None:
    child = seated(tmp_path, lang="de")
    try:
        child.expect_exact("Anna, Karte?")
        open_seat(browser, child.url, ANNA, lang="fr")
        assert label(browser) == "Anna, carte ?"  # as a screen reader gets it
        assert browser.find_elements("id", "hint") == []  # no other language to type in
        assert browser.switch_to.active_element.get_attribute("aria-describedby") == "answer"
        type_line(browser, "300")
        child.expect_exact("Anna zieht Bonus 300. Eingabe von Anna.")
        wait(browser, lambda d: log_lines(d) == ["Bonus 300 pour Anna. Envoyé par Anna."])
        type_line(browser, "1 5 2 3 4 6")
        child.expect_exact("1, 5, 2, 3, 4, 6. Eingabe von Anna.")
        wait(browser, lambda d: len(log_lines(d)) == 2)  # the form follows the game
        type_line(browser, "tous")  # the French word the page's own sentences name
        child.expect_exact("Eingabe von Anna.")
    finally:
        quit_table(child)


def test_without_javascript_the_form_posts_and_the_page_comes_back_with_the_answer(
        table: Any) -> None:
    driver = chromium(javascript=False)
    try:
        open_seat(driver, table.url, ANNA)
        type_line(driver, "stop")
        table.expect_exact("Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.")
        wait(driver, lambda d: answer(d))
        focused = driver.switch_to.active_element  # Ben's turn: no field, the answer is read
        assert focused.get_attribute("id") == "answer"
        assert answer(driver) == \
            "Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna."
        assert waiting(driver) == "It is Ben's turn: your entry field appears here on your turn."
        assert not driver.find_element("id", "line").is_displayed()
        assert tab(driver).text == "Undo your latest entry"  # hers is the latest entry
        type_line(driver, "")  # Enter
        table.expect_exact("Undone: Anna's card Stop. Anna's turn, turn total 0. Sent by Anna.")
        wait(driver, lambda d: label(d) == "Anna, card?")
        focused = driver.switch_to.active_element  # her turn again: back in the field
        assert focused.get_attribute("id") == "line"
        assert focused.get_attribute("aria-describedby") == "answer"
        assert answer(driver).startswith("Undone: Anna's card Stop.")
        assert log_lines(driver) == [
            "Taken back: Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.",
            "Undone: Anna's card Stop. Anna's turn, turn total 0. Sent by Anna."]
    finally:
        driver.quit()


def test_two_devices_racing_enter_one_and_the_other_is_told_the_game_moved_on(
        table: Any) -> None:
    phone, laptop = chromium(), chromium()
    try:
        for driver in (phone, laptop):
            open_seat(driver, table.url, ANNA)
            driver.switch_to.active_element.send_keys("stop")
        start = threading.Barrier(2)

        def press_enter(driver: Any) -> None:
            from selenium.webdriver.common.keys import Keys

            start.wait()
            driver.switch_to.active_element.send_keys(Keys.ENTER)

        racers = [threading.Thread(target=press_enter, args=(d,)) for d in (phone, laptop)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        table.expect_exact("Sent by Anna.")
        for driver in (phone, laptop):
            wait(driver, lambda d: log_lines(d))
        wait(phone, lambda _: answer(phone) or answer(laptop))
        answers = sorted(answer(d) for d in (phone, laptop))
        assert answers[0] == ""
        assert answers[1].startswith("Not entered: the game moved on while you typed.")
        table.sendline("status")
        table.expect_exact("Ben's turn")  # one Stop, not two
    finally:
        phone.quit()
        laptop.quit()


def test_a_yatzee_player_writes_their_own_turn_and_not_another_players(
        browser: Any, tmp_path: Path) -> None:
    child = seated(tmp_path, "--game", "yatzee")
    try:
        child.expect_exact("Anna, first roll:")
        ben = chromium()
        try:
            open_seat(ben, child.url, BEN, field=False)  # Anna's turn: no field for Ben
            assert waiting(ben) == "It is Anna's turn: your entry field appears here on your " \
                                   "turn."
            sent = SeatPhone(child.url, BEN).send("6 6 6 6 6 6")  # a post all the same
            assert sent["sentence"] == "It is Anna's turn: from your own device you enter " \
                                       "only on your own turn."
        finally:
            ben.quit()
        open_seat(browser, child.url, ANNA)
        type_line(browser, "5 5 5 2 3 1")
        child.expect_exact("Sent by Anna.")
        wait(browser, lambda d: label(d).startswith("Anna, second roll"))
        type_line(browser, "chance")
        child.expect_exact("Sent by Anna.")
        wait(browser, lambda d: waiting(d) == "It is Ben's turn: your entry field appears "
                                              "here on your turn.")
    finally:
        quit_table(child)


def test_any_tute_player_writes_the_trump_and_a_cante_only_for_their_own_side(browser: Any,
                                                            tmp_path: Path) -> None:
    child = seated(tmp_path, "--game", "tute")
    try:
        child.expect_exact("trump?")
        open_seat(browser, child.url, BEN)  # Anna begins; Ben writes it down
        type_line(browser, "copas")
        child.expect_exact("Round 1, trump Cups. Sent by Ben.")
        wait(browser, lambda d: label(d).endswith("cante, Tute or card points?"))
        type_line(browser, "cante Anna oros")  # Anna's side is not Ben's
        wait(browser, lambda d: answer(d) == "From your own device you announce a cante or a "
                                             "Tute only for your own side.")
        erase(browser)
        type_line(browser, "cante Ben oros")
        child.expect_exact("Sent by Ben.")
    finally:
        quit_table(child)


def test_a_double_enter_enters_once(browser: Any, table: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_seat(browser, table.url, ANNA)
    ActionChains(browser).send_keys("stop", Keys.ENTER, Keys.ENTER).perform()
    table.expect_exact("Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.")
    wait(browser, lambda d: waiting(d).startswith("It is Ben's turn"))
    table.sendline("status")
    table.expect_exact("Ben's turn")
    assert "Sent by Anna" not in table.before  # the second Enter entered nothing
    assert log_lines(browser) == ["Stop. Anna scores nothing this turn. Ben's turn. Sent by "
                                  "Anna."]


EVIL_PAGE = """<!DOCTYPE html><html lang="en"><head><title>A game of another site</title></head>
<body><form id="f" method="post" action="{url}enter">
<input name="token" value="{token}"><input name="state" value="0">
<input name="line" value="stop"><input name="lang" value="en"></form>
<script>
fetch("{url}enter", {{method: "POST", mode: "no-cors", credentials: "include",
  headers: {{"Content-Type": "application/x-www-form-urlencoded"}},
  body: "token={token}&state=0&line=stop&lang=en"}})
  .finally(function () {{ document.getElementById("f").submit(); }});
</script></body></html>"""


def test_another_web_site_open_on_the_same_phone_cannot_enter_anything(
        browser: Any, table: Any) -> None:
    """A page of another site (here another port of the same computer, which a browser takes
    for the same site and sends the seat's cookie to) posts for the seat, even with its form
    token: the browser names that page as the origin, and nothing is entered."""
    import http.server

    open_seat(browser, table.url, ANNA)
    token = browser.find_element("css selector", "input[name=token]").get_attribute("value")
    page = EVIL_PAGE.format(url=table.url, token=token).encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{evil.server_address[1]}/")
        wait(browser, lambda d: "Entries are only taken from the live view's own page" in
             d.page_source)  # the form's post, refused
        table.sendline("status")
        table.expect_exact("Anna's turn")
        assert "Sent by" not in table.before
    finally:
        evil.shutdown()


def test_axe_finds_no_violation_on_a_seats_page(browser: Any, tmp_path: Path,
                                                axe: str) -> None:
    child = seated(tmp_path, lang="de")
    try:
        child.expect_exact("Anna, Karte?")
        open_seat(browser, child.url, ANNA, lang="fr")
        type_line(browser, "7")  # a refusal in the answer
        wait(browser, lambda d: answer(d))
        assert axe_violations(browser, axe) == []
        # The page a browser without JavaScript gets back after a post: the form posted as
        # the page's own HTML does (axe itself needs a script, so this browser runs one).
        erase(browser)
        browser.switch_to.active_element.send_keys("stop")
        browser.execute_script("document.getElementById('entry').submit();")
        wait(browser, lambda d: answer(d).startswith("Stop"))
        # Ben's turn: the answer has the focus, a sentence says whose turn, undo is offered.
        assert browser.switch_to.active_element.get_attribute("id") == "answer"
        assert browser.find_element("id", "undo").is_displayed()
        assert axe_violations(browser, axe) == []
        browser.delete_all_cookies()
        browser.get(child.url + "?lang=de")  # the code page, which posts with seats
        assert axe_violations(browser, axe) == []
    finally:
        quit_table(child)


def test_a_seat_that_loses_the_connection_is_told_once_and_catches_up(browser: Any,
                                                                     table: Any) -> None:
    from test_share_browser import Cable

    cable = Cable(table.url)
    try:
        open_seat(browser, cable.url, ANNA)
        type_line(browser, "bonus 300")
        table.expect_exact("Anna draws Bonus 300. Sent by Anna.")
        wait(browser, lambda d: len(log_lines(d)) == 1)
        cable.pull()  # the phone's Wi-Fi, or the tunnel from home, is gone
        lost = "The connection to the table is lost; this page tries again by itself."
        wait(browser, lambda d: answer(d) == lost)
        table.sendline("1 5 2 3 4 6")  # the table never waits for a seat
        table.expect_exact("1, 5, 2, 3, 4, 6.")
        type_line(browser, "1 5")  # sent into the void
        wait(browser, lambda d: answer(d).startswith("No answer from the table."))
        cable.plugged = True  # back: the page reconnects by itself and catches up
        wait(browser, lambda d: answer(d) == "Connected to the table again; the announcements "
                                             "are up to date.")
        wait(browser, lambda d: len(log_lines(d)) == 2)
        type_line(browser, "")  # "1 5" is still there, typed before the roll was heard
        wait(browser, lambda d: answer(d).startswith("Not entered: the game moved on"))
        type_line(browser, "")  # sent again, knowing the game as it is
        table.expect_exact("Sent by Anna.")
        wait(browser, lambda d: len(log_lines(d)) == 3)
        assert log_lines(browser)[-1].startswith("1, 5 for 150")
    finally:
        cable.close()


def alert_text(driver: Any) -> str:
    found = wait(driver, lambda d: d.find_elements("css selector", "[role=alert]"))
    return str(found[0].text)


def test_a_seat_given_a_new_code_is_asked_for_it_at_once_and_takes_it(browser: Any,
                                                                      table: Any) -> None:
    import re

    open_seat(browser, table.url, ANNA)
    table.sendline("seats new Anna")
    table.expect(r"New seat code for Anna: ((?:\d ){7}\d)\.")
    code = table.match.group(1).replace(" ", "")
    # The page hears it on its stream: it says why, in a sentence, and asks for the code.
    assert alert_text(browser) == ("Type your seat's code again: the seat has a new code, or "
                                   "the scorekeeper's program was started again.")
    assert not browser.find_elements("id", "line")
    assert tab(browser).get_attribute("id") == "code"
    type_line(browser, code)
    wait(browser, lambda d: d.find_elements("id", "line"))
    assert tab(browser).get_attribute("id") == "line"
    type_line(browser, "bonus 300")
    table.expect_exact("Anna draws Bonus 300. Sent by Anna.")
    assert re.fullmatch(r"\d{8}", code)


def test_a_closed_seats_page_says_the_seat_was_closed(browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    table.sendline("seats close Anna")
    table.expect_exact("The seat of Anna is closed")
    assert alert_text(browser) == (
        "Your seat was closed at the table: this device enters nothing more. When the "
        "scorekeeper opens it again with a new code, type that code here.")
    assert tab(browser).get_attribute("id") == "code"
