"""What the live view's page shows a new player, in a real browser: Debian's headless Chromium,
by keyboard alone, in English, German and French, with axe.

The real program shares its game with seats in a pseudo-terminal; Chromium is a player's own
phone. What a screen reader reads is taken from the browser's own accessibility tree (Chrome
DevTools Protocol, ``Accessibility.getFullAXTree``), and what it hears by itself is what lands
in the page's live regions, which a MutationObserver in the page counts as it changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_seats_browser import ANNA, BEN, answer, label, open_seat, seated, tab, type_line, wait
from testbed.live_view import (
    CODE,
    at_first_prompt,
    axe_violations,
    enter,
    log_lines,
    quit_table,
    start_table,
)
from tutto_a11y.core.contract import MAX_LINE

pytestmark = pytest.mark.slow  # a real Chromium

#: What Ben's page says in each language while it is Anna's turn, when his turn comes, and the
#: table's question then (the table plays in English).
WORDS = {
    "en": ("It is Anna's turn: your entry field appears here on your turn.",
           "Your turn, Ben: your entry field is ready.", "Ben, card?"),
    "de": ("Anna ist dran: Dein Eingabefeld erscheint hier, wenn du dran bist.",
           "Du bist dran, Ben: Dein Eingabefeld ist bereit.", "Ben, Karte?"),
    "fr": ("À Anna de jouer : votre champ de saisie apparaîtra ici à votre tour.",
           "À vous, Ben : votre champ de saisie est prêt.", "Ben, carte ?"),
}
TAKEN_BACK = {"en": "Taken back:", "de": "Zählt nicht mehr:", "fr": "Ne compte plus :"}
ENDED = {
    "en": "Your seat was closed at the table: this device enters nothing more. When the "
          "scorekeeper opens it again with a new code, type that code here.",
    "de": "Dein Platz wurde am Tisch geschlossen: Auf diesem Gerät kannst du nichts mehr "
          "eingeben. Wenn der Schreiber ihn mit einem neuen Code wieder öffnet, gib diesen Code "
          "hier ein.",
    "fr": "Votre place a été fermée à la table : vous ne pouvez plus rien saisir sur cet "
          "appareil. Quand le marqueur la rouvrira avec un nouveau code, tapez ce code ici.",
}


def plain(text: str) -> str:
    """Text as a listener hears it: a no-break space is a space."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def shown(driver: Any, element_id: str) -> bool:
    return bool(driver.find_element("id", element_id).is_displayed())


def waiting(driver: Any) -> str:
    return plain(driver.find_element("id", "waiting").text)


def focused(driver: Any) -> str:
    """The id of the element with the focus (or its text when it has none)."""
    element = driver.switch_to.active_element
    return str(element.get_attribute("id") or plain(element.text))


def send(driver: Any, table: Any, line: str, seat: str = "Anna") -> None:
    """Type a line in the seat's field and Enter; wait until the table entered it and the page
    has heard so (the field is empty again)."""
    type_line(driver, line)
    table.expect_exact(f"Sent by {seat}.")
    wait(driver, lambda d: not d.find_element("id", "line").get_attribute("value"))


def tab_stops(driver: Any) -> list[str]:
    """Every stop of the Tab key once round the page, from wherever the focus is."""
    stops: list[str] = []
    for _ in range(40):
        element = tab(driver)
        if element.tag_name == "body":  # between the page's last stop and its first
            continue
        stop = str(element.get_attribute("id") or plain(element.text))
        if stop in stops:
            break
        stops.append(stop)
    return stops


def listen(driver: Any) -> None:
    """Record every text the page's live regions get from now on, as a screen reader is told
    of them: each new line of the log, each text put in the form's answer."""
    driver.execute_script("""
        window.heard = [];
        var hear = function (text) { if (text) { window.heard.push(text); } };
        new MutationObserver(function (changes) {
          changes.forEach(function (c) {
            c.addedNodes.forEach(function (n) {
              var at = n.nodeType === 1 ? n : n.parentElement;
              var live = at.closest('[aria-live]');
              if (live && live.getAttribute('aria-live') !== 'off') { hear(n.textContent); }
            });
          });
        }).observe(document.getElementById('log'), {childList: true, subtree: true});
        var answer = document.getElementById('answer');
        if (answer) {
          new MutationObserver(function () { hear(answer.textContent); })
            .observe(answer, {childList: true, characterData: true, subtree: true});
        }""")


def heard(driver: Any) -> list[str]:
    return [plain(text) for text in driver.execute_script("return window.heard;")]


def read_aloud(driver: Any, element_id: str) -> tuple[str, list[str]]:
    """An element's text as a screen reader reads it, from Chromium's accessibility tree, and
    the roles on the way (a ``deletion`` is read as deleted text)."""
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
    node = driver.execute_cdp_cmd("DOM.querySelector", {
        "nodeId": document["root"]["nodeId"], "selector": f"#{element_id}"})
    backend = driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": node["nodeId"]})
    wanted = backend["node"]["backendNodeId"]
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    nodes = {n["nodeId"]: n for n in tree}
    texts: list[str] = []
    roles: list[str] = []

    def walk(n: dict[str, Any]) -> None:
        role = n.get("role", {}).get("value", "")
        roles.append(role)
        if role == "StaticText":
            texts.append(n.get("name", {}).get("value", ""))
            return
        for child in n.get("childIds", []):
            if child in nodes:
                walk(nodes[child])

    walk(next(n for n in tree if n.get("backendDOMNodeId") == wanted))
    return plain("".join(texts)), roles


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with at_first_prompt(seated(tmp_path)) as child:
        yield child


# -- 1. the field only for the seat whose turn it is -----------------------------------------

@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_seat_gets_its_field_only_on_its_own_turn_and_is_told_once_when_it_comes(
        browser: Any, table: Any, lang: str) -> None:
    not_yet, now_yours, question = WORDS[lang]
    open_seat(browser, table.url, BEN, lang=lang, field=False)
    assert waiting(browser) == not_yet  # whose turn, where the field would stand
    assert not shown(browser, "entry-field") and not shown(browser, "undo")
    stops = tab_stops(browser)
    assert "line" not in stops and "undo" not in stops  # nothing to type that would be refused
    place = focused(browser)  # where the player is on the page
    assert place in stops
    listen(browser)
    enter(table, "stop", "Stop. Anna scores nothing this turn. Ben's turn.")
    wait(browser, lambda d: shown(d, "entry-field"))
    assert plain(label(browser)) == question
    assert not shown(browser, "waiting")
    wait(browser, lambda d: len(heard(d)) == 2)
    assert heard(browser)[1] == now_yours  # said once, after the table's announcement
    assert focused(browser) == place  # the focus stayed where the player was
    assert "line" in tab_stops(browser)
    assert heard(browser).count(now_yours) == 1


def test_a_seats_turn_that_ends_leaves_the_focus_where_the_field_stood_and_undo_brings_it_back(
        browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    listen(browser)
    type_line(browser, "stop")
    table.expect_exact("Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.")
    wait(browser, lambda d: not shown(d, "entry-field"))
    assert focused(browser) == "waiting"  # what stands in the field's place is read
    assert waiting(browser) == "It is Ben's turn: your entry field appears here on your turn."
    assert tab(browser).text == "Undo your latest entry"  # hers is the latest entry
    type_line(browser, "")  # Enter on the button
    table.expect_exact("Undone: Anna's card Stop. Anna's turn, turn total 0. Sent by Anna.")
    wait(browser, lambda d: shown(d, "entry-field"))
    assert focused(browser) == "line"  # the button went away: the field has the focus
    assert label(browser) == "Anna, card?"
    assert not shown(browser, "undo")
    wait(browser, lambda d: len(log_lines(d)) == 2)
    assert heard(browser) == [  # each said once, and the field's coming not said over it
        "Stop. Anna scores nothing this turn. Ben's turn. Sent by Anna.",
        "Undone: Anna's card Stop. Anna's turn, turn total 0. Sent by Anna."]


def test_what_a_seat_is_typing_stays_until_sent_even_when_the_scorekeeper_ends_the_turn(
        browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    browser.switch_to.active_element.send_keys("stop")  # typed, not sent yet
    enter(table, "stop", "Stop. Anna scores nothing this turn. Ben's turn.")
    wait(browser, lambda d: len(log_lines(d)) == 1)
    assert shown(browser, "entry-field") and focused(browser) == "line"  # nothing taken away
    type_line(browser, "")  # Enter
    wait(browser, lambda d: answer(d))
    assert answer(browser).startswith("Not entered: the game moved on while you typed.")
    assert not shown(browser, "entry-field")
    assert focused(browser) == "waiting"
    assert waiting(browser) == "It is Ben's turn: your entry field appears here on your turn."
    assert not shown(browser, "undo")  # the latest entry was the scorekeeper's


def test_every_tute_player_keeps_a_field_and_none_is_left_once_the_match_is_over(
        browser: Any, tmp_path: Path) -> None:
    child = seated(tmp_path, "--game", "tute", "--target", "1")
    try:
        child.expect_exact("trump?")
        open_seat(browser, child.url, BEN)  # Anna is the hand; Ben may still write
        for line in ("gold", "points 120 0 last Anna"):
            assert shown(browser, "entry-field")
            send(browser, child, line, "Ben")
        wait(browser, lambda d: not shown(d, "entry-field"))
        assert waiting(browser) == "There is nothing more to enter from your device."
        assert focused(browser) == "waiting"
    finally:
        quit_table(child)


# -- 2. a closed seat is told why ------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_device_whose_seat_was_closed_is_told_so_on_the_code_page(browser: Any, table: Any,
                                                                     lang: str) -> None:
    open_seat(browser, table.url, ANNA, lang=lang)
    table.sendline("seats close Anna")
    table.expect_exact("The seat of Anna is closed")
    # The player types on. Their page learns of the close from its stream and reloads, or, when
    # the line is sent first, from the refusal of the line: typed to whatever has the focus, as
    # a player's keys are, so either order lands on the code page.
    type_line(browser, "stop")
    wait(browser, lambda d: d.find_elements("id", "code"))
    assert plain(browser.find_element("css selector", "[role=alert]").text) == ENDED[lang]
    assert browser.find_element("css selector", "html").get_attribute("lang") == lang
    table.sendline("seats new Anna")
    table.expect(r"New seat code for Anna: ((?:\d ){7}\d)\.")
    assert "Sent by Anna" not in table.before  # the closed seat entered nothing
    code = table.match.group(1).replace(" ", "")
    assert tab(browser).get_attribute("id") == "code"  # typed as the sentence says
    type_line(browser, code)
    wait(browser, lambda d: d.find_elements("id", "line"))
    assert not browser.find_elements("css selector", "[role=alert]")


# -- 3. the form takes what the table takes --------------------------------------------------

def test_the_field_takes_no_more_characters_than_the_table(browser: Any, table: Any) -> None:
    open_seat(browser, table.url, ANNA)
    browser.switch_to.active_element.send_keys("1" * (MAX_LINE + 30))
    assert len(browser.switch_to.active_element.get_attribute("value")) == MAX_LINE == 120


# -- 4. taken-back lines are marked in the document ------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_taken_back_announcement_is_read_as_taken_back_live_and_after_a_reload(
        browser: Any, tmp_path: Path, lang: str) -> None:
    child = start_table(tmp_path)
    try:
        child.expect_exact("Anna, card?")
        browser.get(child.url + f"?code={CODE}&lang={lang}")
        enter(child, "bonus 300", "Anna draws Bonus 300.")
        wait(browser, lambda d: len(log_lines(d)) == 1)
        before, _ = read_aloud(browser, "e1")
        listen(browser)
        enter(child, "undo", "Undone: Anna's card Bonus 300.")
        wait(browser, lambda d: len(log_lines(d)) == 2)
        live = read_aloud(browser, "e1")
        assert live[0] == f"{TAKEN_BACK[lang]} {before}"  # the words first, then the line
        assert "deletion" in live[1]  # and the line itself as deleted text (<del>)
        assert heard(browser) == [log_lines(browser)[1]]  # the undo's own line, said once
        browser.refresh()
        wait(browser, lambda d: len(log_lines(d)) == 2)
        assert read_aloud(browser, "e1") == live  # the same after a reload
        assert read_aloud(browser, "e2")[0] == log_lines(browser)[1]  # the undo is not marked
        assert browser.find_element("css selector", "#e1 del").value_of_css_property(
            "text-decoration-line") == "line-through"
    finally:
        quit_table(child)


# -- 5. axe on every new state of the page ----------------------------------------------------

def test_axe_finds_no_violation_on_the_seat_pages_new_parts(browser: Any, table: Any,
                                                            axe: str) -> None:
    open_seat(browser, table.url, ANNA, lang="de")
    for line in ("bonus 300", "undo"):
        send(browser, table, line)
    type_line(browser, "stop")  # the English word works on every page
    table.expect_exact("Sent by Anna.")
    wait(browser, lambda d: shown(d, "undo"))  # whose turn, the undo button, a taken-back line
    assert browser.find_elements("css selector", "#log del")
    assert axe_violations(browser, axe) == []
    browser.refresh()  # the same, as the server writes it
    assert axe_violations(browser, axe) == []
    table.sendline("seats close Anna")
    table.expect_exact("The seat of Anna is closed")
    # The page hears it on its stream and reloads itself: the code page with the sentence why.
    wait(browser, lambda d: d.find_elements("css selector", "[role=alert]"))
    assert re.match("Dein Platz", browser.find_element("css selector", "[role=alert]").text)
    assert axe_violations(browser, axe) == []
