"""Seats: every player enters their own turns from their own device (``--share --seats``).

The real program shares its game in a pseudo-terminal; the test's sockets are the players'
phones (:class:`SeatPhone` opens a seat with its code, keeps the cookie and posts lines with
the form's token, as the page does). What the table prints is read from the terminal, what is
kept from the games file. The browser's side is in ``test_seats_browser.py``.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from table_harness import run_program
from testbed.live_view import (
    CODE,
    SeatPhone,
    at_first_prompt,
    events,
    quit_table,
    seated_table,
    share_env,
    start_table,
)
from testbed.program import tutto_command

# Every test here starts the real program with its live view, half a second or more each. The
# quick run keeps those that show seats at work: the seats command, a seat entering its own
# turn and only its own, a refusal said on that phone only, a double tap entered once and a
# forged post entering nothing. The others are slow: the whole run has them.

ANNA, BEN, CLEO, DORA = "11112222", "33334444", "55556666", "77778888"
CODES = f"Anna={ANNA},Ben={BEN},Cleo={CLEO},Dora={DORA}"


def seated(tmp: Path, players: str = "Anna,Ben", lang: str = "en",
           extra: tuple[str, ...] = (), codes: str | None = CODES) -> Any:
    """A table sharing with seats, plain line input in a terminal, the four codes fixed."""
    return seated_table(tmp, codes, players, lang, extra)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    with at_first_prompt(seated(tmp_path)) as child:
        yield child


def printed_after(child: Any, line: str, answer: str) -> str:
    """Type a line at the table's keyboard; what the table printed up to ``answer``."""
    child.sendline(line)
    child.expect_exact(answer)
    return str(child.before)


def journal(tmp: Path, name: str = "games.sqlite3") -> list[tuple[str, str | None, str | None]]:
    """Every line of the games file's journal (``tmp/name``): kind, text and the seat that
    sent it."""
    with sqlite3.connect(tmp / name) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        seat = ("(SELECT seat FROM journal_seats s WHERE s.game_id = j.game_id AND s.seq = j.seq)"
                if "journal_seats" in tables else "NULL")
        return [tuple(row) for row in db.execute(
            f"SELECT kind, text, {seat} FROM journal j ORDER BY seq")]


def tally(args: list[str], tmp: Path) -> str:
    """What ``show`` or ``export`` prints of the table's games file, run in the test's process
    once the table (a process of its own) has ended."""
    done = run_program([*args, "--db", str(tmp / "games.sqlite3")], share_env(tmp))
    assert done.returncode == 0, done.stderr
    return done.stdout


# -- 1. seats and their codes ---------------------------------------------------------------

def test_the_seats_command_says_every_players_own_code_only_when_asked(tmp_path: Path) -> None:
    child = seated(tmp_path, codes=None)
    try:
        child.expect_exact("Anna, card?")
        opening = child.before
        assert "type seats for the codes" in opening
        said = printed_after(child, "seats", "Anna, card?")
        codes = dict(re.findall(r"(Anna|Ben): ((?:\d ){7}\d)", said))
        assert set(codes) == {"Anna", "Ben"}
        digits = {name: code.replace(" ", "") for name, code in codes.items()}
        assert len(set(digits.values())) == 2 and CODE not in digits.values()
        assert not any(code in opening for code in codes.values())  # never unprompted
        assert SeatPhone(child.url, digits["Ben"]).send("stop")["kind"] == "refused"
        one = printed_after(child, "seats Ben", "Anna, card?")
        assert f"Seat code for Ben: {codes['Ben']}." in one and codes["Anna"] not in one
    finally:
        quit_table(child)


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "word", "said"), [
    ("de", "plätze", "Platzcodes für die Live-Ansicht: Anna: 1 1 1 1 2 2 2 2; Ben: 3 3 3 3 4 4 "
                     "4 4."),
    ("fr", "places", "Codes de place pour la vue en direct\u00a0: Anna\u00a0: 1 1 1 1 2 2 2 2; "
                     "Ben\u00a0: 3 3 3 3 4 4 4 4."),
    ("de", "seats", "Platzcodes für die Live-Ansicht:"),
])
def test_the_seats_command_has_its_german_and_french_words_and_english_works_everywhere(
        tmp_path: Path, lang: str, word: str, said: str) -> None:
    child = seated(tmp_path, lang=lang)
    try:
        child.expect(r"Anna, (Karte|carte)")
        child.sendline(word)
        child.expect_exact(said)
    finally:
        quit_table(child)


@pytest.mark.slow
def test_with_seats_the_viewers_code_still_opens_the_read_only_page(table: Any) -> None:
    request = urllib.request.Request(table.url, data=f"code={CODE}&lang=en".encode(),
                                     headers={"Origin": table.url.rstrip("/")})
    with urllib.request.urlopen(request, timeout=20) as answer:  # the code form posts
        page = answer.read().decode()
        assert answer.url.endswith(f"/?code={CODE}&lang=en")  # as the viewers' page always was
    assert 'id="log"' in page and 'id="entry"' not in page and 'name="line"' not in page


@pytest.mark.slow
def test_a_seats_command_naming_nobody_gets_one_sentence_and_changes_nothing(
        tmp_path: Path) -> None:
    child = seated(tmp_path, players="Anna,Annika,Ben")
    try:
        child.expect_exact("Anna, card?")
        for line, sentence in [("seats close", "Say whose seat: seats close NAME."),
                               ("seats new Zoe", "There is no player Zoe at this table."),
                               ("seats An", "An fits several players: Anna and Annika.")]:
            said = printed_after(child, line, "Anna, card?")
            assert said.strip().splitlines()[-1] == sentence, line
        assert SeatPhone(child.url, ANNA).send("stop")["kind"] == "accepted"  # still open
    finally:
        quit_table(child)


@pytest.mark.slow
def test_without_seats_nothing_changes_the_live_view_takes_no_post(tmp_path: Path) -> None:
    child = start_table(tmp_path, plain=True)
    try:
        child.expect_exact("Anna, card?")
        assert "seat" not in child.before
        request = urllib.request.Request(child.url + "enter", data=b"line=stop", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=20)
        refused.value.close()  # the refusal's connection
        assert refused.value.code == 405
        said = printed_after(child, "seats", "Anna, card?")
        assert "seats" in said and "Seat code" not in said  # the game's unknown word
    finally:
        quit_table(child)


def test_seat_codes_that_cannot_be_used_are_said_in_one_sentence_before_the_game(
        tmp_path: Path) -> None:
    done = subprocess.run(
        [*tutto_command(), "--lang", "de", "--db", str(tmp_path / "games.sqlite3"), "--players",
         "Anna,Ben", "--share", "127.0.0.1:0", "--seats"],
        env={**share_env(tmp_path), "TUTTO_SEAT_CODES": "Anna=12"}, capture_output=True,
        text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip() == ("TUTTO_SEAT_CODES geht so nicht: Der Code von Anna muss 6 bis "
                                   "32 Buchstaben oder Ziffern lang sein.")
    assert not (tmp_path / "games.sqlite3").exists()  # nothing written


@pytest.mark.slow
def test_a_name_in_the_fixed_codes_who_does_not_play_is_named_at_the_opening(
        tmp_path: Path) -> None:
    child = seated(tmp_path, codes=f"Anna={ANNA},Zoe={CLEO}")
    try:
        child.expect_exact("TUTTO_SEAT_CODES names Zoe, who does not play here.")
        child.expect_exact("Anna, card?")
        assert SeatPhone(child.url, ANNA).send("stop")["kind"] == "accepted"
    finally:
        quit_table(child)


@pytest.mark.slow
def test_the_seats_setting_comes_from_its_variable(tmp_path: Path) -> None:
    child = start_table(tmp_path, plain=True,
                        env={"TUTTO_SEATS": "1", "TUTTO_SEAT_CODES": f"Anna={ANNA}"})
    try:
        child.expect_exact("type seats for the codes")
        child.expect_exact("Anna, card?")
        assert SeatPhone(child.url, ANNA).send("bonus 300")["kind"] == "accepted"
        child.expect_exact("Anna draws Bonus 300. Sent by Anna.")
    finally:
        quit_table(child)


# -- 2. entering through the table's own path ------------------------------------------------

def test_a_seat_enters_its_own_tutto_turn_and_the_table_and_every_viewer_hear_it(
        table: Any, tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA)
    for line, said in [("bonus 300", "Anna draws Bonus 300. Sent by Anna."),
                       ("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6. Sent by Anna."),
                       ("1 5", "Sent by Anna."),
                       ("bank", "Anna banks, score 150. Ben's turn. Sent by Anna.")]:
        assert anna.send(line)["kind"] == "accepted"
        table.expect_exact(said)
    seen = events(table.url, None, 4)
    assert [e["line"].endswith("Sent by Anna.") for e in seen] == [True] * 4
    assert seen[-1]["prompt"] == "Ben, card?"
    assert journal(tmp_path) == [("entry", "card bonus-300", "Anna"),
                                 ("entry", "roll 152346", "Anna"),
                                 ("entry", "aside 15", "Anna"), ("entry", "bank", "Anna")]


@pytest.mark.slow
def test_a_seat_types_the_words_of_its_phones_language_and_english(tmp_path: Path) -> None:
    child = seated(tmp_path, lang="de")
    try:
        child.expect_exact("Anna, Karte?")
        anna = SeatPhone(child.url, ANNA, lang="fr")  # a French phone at a German table
        assert anna.send("300")["kind"] == "accepted"
        assert anna.send("1 5 2 3 4 6")["kind"] == "accepted"
        assert anna.send("tous")["kind"] == "accepted"  # the words its page names
        answer = anna.send("aufhören")  # the table's German is not the phone's language
        assert answer["kind"] == "refused" and "aufhören" in answer["sentence"]
        assert anna.send("marquer")["kind"] == "accepted"
        child.expect_exact("Anna hört auf, Stand 150. Ben ist dran. Eingabe von Anna.")
        ben = SeatPhone(child.url, BEN, lang="de")
        assert ben.send("stop")["kind"] == "accepted"  # English works at every table
        assert ben.send("rückgängig")["kind"] == "accepted"
        child.expect_exact("Eingabe von Ben.")
    finally:
        quit_table(child)


def test_a_refused_entry_is_said_on_that_phone_only_in_its_language_and_changes_nothing(
        table: Any, tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA, lang="fr")
    assert anna.send("bonus 300")["kind"] == "accepted"
    answer = anna.send("7 7")
    assert answer["kind"] == "refused"
    assert answer["sentence"].startswith("7 n'est pas une valeur de dé")
    assert answer["prompt"] == "Anna, lancer de 6 dés\u00a0:"
    printed = printed_after(table, "status", "Turn total 0")
    assert "7" not in printed and "face" not in printed  # nothing at the table
    assert [row[1] for row in journal(tmp_path)] == ["card bonus-300"]


@pytest.mark.slow
@pytest.mark.parametrize("line", [
    "bonus\u200b 300",  # a zero-width space, as a phone's keyboard may slip in
    "300 " + "5" * 120,  # longer than the table takes
])
def test_a_seats_line_is_refused_as_the_same_line_typed_at_the_table(
        table: Any, tmp_path: Path, line: str) -> None:
    answer = SeatPhone(table.url, ANNA).send(line)
    typed = printed_after(table, line, "Anna, card?").strip().splitlines()[-1]
    assert answer["kind"] == "refused"
    assert answer["sentence"] == typed
    assert journal(tmp_path) == []


@pytest.mark.slow
def test_a_seats_undo_with_no_entry_standing_is_answered_at_once(tmp_path: Path) -> None:
    child = seated(tmp_path)
    child.expect_exact("Anna, card?")
    anna = SeatPhone(child.url, ANNA)
    nothing = "There is nothing to undo: no entry has been made yet."
    assert anna.send("undo")["sentence"] == nothing  # a new game
    assert anna.send("bonus 300")["kind"] == "accepted"
    child.expect_exact("Anna draws Bonus 300. Sent by Anna.")
    assert anna.send("undo")["kind"] == "accepted"
    child.expect_exact("Sent by Anna.")
    assert anna.send("undo")["sentence"] == nothing  # everything undone
    quit_table(child)
    child = seated(tmp_path, extra=("--resume",))
    try:
        child.expect_exact("Anna, card?")
        assert SeatPhone(child.url, ANNA).send("undo")["sentence"] == nothing  # resumed so
        printed = printed_after(child, "status", "Turn total 0")
        assert "undo" not in printed.lower() and "Anna, card?" not in printed  # nothing here
    finally:
        quit_table(child)
    assert [(k, s) for k, _, s in journal(tmp_path)] == [("entry", "Anna"), ("undo", "Anna")]


def test_a_seat_enters_only_on_its_own_turn_and_never_for_another_player(
        table: Any, tmp_path: Path) -> None:
    ben = SeatPhone(table.url, BEN)
    answer = ben.send("bonus 300")
    assert (answer["kind"], answer["sentence"]) == (
        "refused", "It is Anna's turn: from your own device you enter only on your own turn.")
    viewer = urllib.request.Request(table.url + "enter", method="POST",
                                    data=f"code={CODE}&line=stop&state=0".encode(),
                                    headers={"Origin": table.url.rstrip("/"),
                                             "Content-Type": "application/x-www-form-urlencoded"})
    with pytest.raises(urllib.error.HTTPError) as refused:  # the viewers' code enters nothing
        urllib.request.urlopen(viewer, timeout=20)
    refused.value.close()  # the refusal's connection
    assert refused.value.code == 403
    assert journal(tmp_path) == []


@pytest.mark.slow
def test_help_names_the_seats_command_in_the_tables_language(tmp_path: Path) -> None:
    child = seated(tmp_path, lang="fr")
    try:
        child.expect_exact("Anna, carte")
        said = printed_after(child, "aide", "Anna, carte")
        assert ("places donne le code de place de chaque joueur pour la vue en direct, places "
                "NOM l'un d'eux\u00a0; places fermer NOM ferme une place, places nouveau NOM lui "
                "donne un nouveau code.") in said
    finally:
        quit_table(child)


@pytest.mark.slow
def test_a_resumed_game_knows_which_seat_sent_its_latest_entry(tmp_path: Path) -> None:
    child = seated(tmp_path)
    child.expect_exact("Anna, card?")
    assert SeatPhone(child.url, ANNA).send("bonus 300")["kind"] == "accepted"
    child.expect_exact("Sent by Anna.")
    quit_table(child)
    child = seated(tmp_path, extra=("--resume",))
    try:
        child.expect_exact("Anna, roll 6 dice:")
        assert SeatPhone(child.url, BEN).send("undo")["sentence"].endswith(
            "and the latest came from Anna.")
        assert SeatPhone(child.url, ANNA).send("undo")["kind"] == "accepted"
        child.expect_exact("Undone: Anna's card Bonus 300. Anna's turn, turn total 0. Sent by "
                           "Anna.")
    finally:
        quit_table(child)


@pytest.mark.slow
def test_undo_from_a_seat_takes_back_only_its_own_latest_entry(table: Any,
                                                               tmp_path: Path) -> None:
    anna, ben = SeatPhone(table.url, ANNA), SeatPhone(table.url, BEN)
    assert anna.send("stop")["kind"] == "accepted"  # Anna's turn ends: Ben's
    ben.sync()  # each phone follows the announcements while nothing is typed in it
    assert ben.send("bonus 300")["kind"] == "accepted"
    anna.sync()
    answer = anna.send("undo")
    assert (answer["kind"], answer["sentence"]) == (
        "refused", "From your own device you undo only your own latest entry, and the latest "
        "came from Ben.")
    assert ben.send("undo")["kind"] == "accepted"
    table.expect_exact("Undone: Ben's card Bonus 300. Ben's turn, turn total 0. Sent by Ben.")
    anna.sync()
    assert anna.send("undo")["kind"] == "accepted"  # now Anna's is the latest again
    table.expect_exact("Sent by Anna.")
    table.sendline("bonus 200")
    table.expect_exact("Anna draws Bonus 200.")
    anna.sync()
    answer = anna.send("undo")  # typed at the table: only the keyboard undoes it
    assert answer["sentence"].endswith("the latest was typed at the table.")
    table.sendline("undo")
    table.expect_exact("Undone: Anna's card Bonus 200.")
    assert [(k, s) for k, _, s in journal(tmp_path)] == [
        ("entry", "Anna"), ("entry", "Ben"), ("undo", "Ben"), ("undo", "Anna"),
        ("entry", None), ("undo", None)]


@pytest.mark.slow
def test_other_commands_are_not_sent_from_a_seat(table: Any) -> None:
    anna = SeatPhone(table.url, ANNA, lang="de")
    for line in ("quit", "seats", "scores", "help"):
        answer = anna.send(line)
        assert answer["kind"] == "refused", line
    assert answer["sentence"].startswith("Von deinem eigenen Gerät schickst du nur Eingaben")
    table.sendline("status")
    table.expect_exact("Turn total 0")  # the table still plays


@pytest.mark.slow
def test_yatzee_takes_the_turns_player_only(tmp_path: Path) -> None:
    child = seated(tmp_path, extra=("--game", "yatzee"))
    try:
        child.expect_exact("Anna, first roll:")
        anna, ben = SeatPhone(child.url, ANNA), SeatPhone(child.url, BEN)
        assert ben.send("5 5 5 2 3 1")["sentence"].startswith("It is Anna's turn")
        assert anna.send("5 5 5 2 3 1")["kind"] == "accepted"
        assert anna.send("three of a kind")["kind"] == "accepted"
        child.expect_exact("Sent by Anna.")
        assert anna.send("5 5 5 5 5 5")["sentence"].startswith("It is Ben's turn")
        ben.sync()
        assert ben.send("6 6 6 6 6 6")["kind"] == "accepted"
    finally:
        quit_table(child)
    assert [s for _, _, s in journal(tmp_path)] == ["Anna", "Anna", "Ben"]


@pytest.mark.slow
def test_tute_takes_any_seat_of_the_match_but_a_cante_only_from_its_own_side(
        tmp_path: Path) -> None:
    child = seated(tmp_path, players="Anna,Ben,Cleo,Dora", extra=("--game", "tute"))
    try:
        child.expect_exact("trump?")
        dora, cleo = SeatPhone(child.url, DORA), SeatPhone(child.url, CLEO)
        assert dora.send("cups")["kind"] == "accepted"  # Anna begins; anybody writes it
        child.expect_exact("Round 1, trump Cups. Sent by Dora.")
        answer = dora.send("cante Anna gold")  # Anna plays with Cleo, Dora against them
        assert (answer["kind"], answer["sentence"]) == (
            "refused", "From your own device you announce a cante or a Tute only for your own "
            "side.")
        dora.sync()
        cleo.sync()
        assert cleo.send("cante Anna gold")["kind"] == "accepted"  # her partner's
        dora.sync()
        assert dora.send("cante Ben swords")["kind"] == "accepted"
        cleo.sync()
        assert cleo.send("points 70 50 last Ben")["kind"] == "accepted"
        child.expect_exact("Sent by Cleo.")
    finally:
        quit_table(child)
    assert [s for _, _, s in journal(tmp_path)] == ["Dora", "Cleo", "Dora", "Cleo"]


# -- 3. exactly once --------------------------------------------------------------------------

def test_a_double_tap_or_a_resent_post_enters_once(table: Any, tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA)
    state = anna.state
    first, again = anna.send("stop", state=state), anna.send("stop", state=state)
    assert (first["kind"], again["kind"]) == ("accepted", "moved-on")
    assert again["sentence"].startswith("Not entered: the game moved on while you typed.")
    status, _, page = anna.post("/enter", {"token": anna.token, "state": str(state),
                                           "line": "stop"}, accept="text/html")
    assert status == 200  # without a script: sent back to the page, which says it once
    # Ben's turn now: no field, so the answer itself has the focus, to be read first.
    assert '<p id="answer" role="status" tabindex="-1" autofocus>Not entered: the game moved ' \
        'on' in page
    assert "Not entered" not in anna.get()
    assert journal(tmp_path) == [("entry", "card stop", "Anna")]


@pytest.mark.slow
def test_a_post_after_the_scorekeeper_typed_the_same_entry_is_not_entered_again(
        table: Any, tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA)
    table.sendline("bonus 300")
    table.expect_exact("Anna draws Bonus 300.")
    answer = anna.send("bonus 300")  # made for the state before the scorekeeper's entry
    assert answer["kind"] == "moved-on" and answer["state"] == 1
    assert anna.send("1 5 2 3 4 6")["kind"] == "accepted"  # the form moved on with it
    assert [s for _, _, s in journal(tmp_path)] == [None, "Anna"]


@pytest.mark.slow
def test_racing_devices_enter_one_entry_and_the_others_are_told_the_game_moved_on(
        tmp_path: Path) -> None:
    child = seated(tmp_path, players="Anna,Ben,Cleo,Dora", extra=("--game", "tute"))
    try:
        child.expect_exact("trump?")
        phones = [SeatPhone(child.url, code) for code in (ANNA, BEN, CLEO, DORA, ANNA, ANNA)]
        answers: list[str] = []
        start = threading.Barrier(len(phones))

        def race(phone: SeatPhone, suit: str) -> None:
            start.wait()
            answers.append(phone.send(suit)["kind"])

        racers = [threading.Thread(target=race, args=(phone, suit)) for phone, suit in
                  zip(phones, ("cups", "gold", "swords", "clubs", "cups", "gold"), strict=True)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(answers) == ["accepted"] + ["moved-on"] * 5
    finally:
        quit_table(child)
    assert len(journal(tmp_path)) == 1


# -- 4. nobody enters for anybody else ----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},  # another web site open on the same phone
    {"Origin": "null"},  # a sandboxed frame, or a page that hides where it is
    {"Origin": None, "Sec-Fetch-Site": "cross-site"},
    {"Origin": None},  # a client that names no page at all
    {"Origin": "http://127.0.0.1:1"},  # another program on this computer, another port
])
def test_a_post_from_another_page_enters_nothing(table: Any, tmp_path: Path,
                                                 headers: dict[str, str | None]) -> None:
    anna = SeatPhone(table.url, ANNA)
    answer = anna.send("stop", headers=headers)
    assert answer["status"] == 403
    assert journal(tmp_path) == []


def test_a_forged_post_without_the_forms_token_or_the_seats_cookie_enters_nothing(
        table: Any, tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA)
    anna.token = "forged"
    assert anna.send("stop")["status"] == 403
    stranger = SeatPhone(table.url, ANNA)
    stranger.jar.clear()  # the form's token without the device's cookie
    assert stranger.send("stop")["status"] == 403
    assert journal(tmp_path) == []


@pytest.mark.slow
def test_the_seats_code_lives_in_an_httponly_strict_cookie_and_never_in_the_address(
        table: Any) -> None:
    request = urllib.request.Request(table.url, data=f"code={ANNA}&lang=en".encode(),
                                     headers={"Origin": table.url.rstrip("/")})

    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    with pytest.raises(urllib.error.HTTPError) as redirected:
        urllib.request.build_opener(Keep).open(request, timeout=20)
    answer = redirected.value
    answer.close()  # the redirect's connection; its code and headers stay
    assert answer.code == 303 and answer.headers["Location"] == "/?lang=en"
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and ANNA not in cookie
    assert answer.headers["Referrer-Policy"] == "same-origin"
    anna = SeatPhone(table.url, ANNA)
    assert ANNA not in anna.address and ANNA not in anna.page


@pytest.mark.slow
def test_wrong_seat_codes_are_slowed_down_as_wrong_viewer_codes_are(table: Any) -> None:
    answers: list[int] = []

    def guess(n: int) -> None:
        request = urllib.request.Request(table.url, data=f"code=1111222{n}".encode(),
                                         headers={"Origin": table.url.rstrip("/")})
        try:
            urllib.request.urlopen(request, timeout=20)
            answers.append(200)
        except urllib.error.HTTPError as error:
            answers.append(error.code)

    guesses = [threading.Thread(target=guess, args=(n,)) for n in range(3, 8)]
    for thread in guesses:
        thread.start()
    for thread in guesses:
        thread.join()
    assert sorted(answers) == [403, 429, 429, 429, 429]  # one checked, the others too soon


@pytest.mark.slow
def test_a_closed_seat_enters_nothing_and_a_new_code_ends_the_old_devices(table: Any) -> None:
    anna = SeatPhone(table.url, ANNA)
    said = printed_after(table, "seats close Anna", "Anna, card?")
    assert "The seat of Anna is closed" in said
    assert anna.send("stop")["kind"] == "closed"
    with pytest.raises(ValueError):
        SeatPhone(table.url, ANNA)  # the code opens nothing now
    said = printed_after(table, "seats Anna", "Anna, card?")
    assert "The seat of Anna is closed; seats new Anna opens it again" in said
    said = printed_after(table, "seats new anna", "Anna, card?")
    found = re.search(r"New seat code for Anna: ((?:\d ){7}\d)\.", said)
    assert found is not None
    code = found.group(1)
    assert SeatPhone(table.url, code.replace(" ", "")).send("stop")["kind"] == "accepted"
    assert anna.send("undo")["kind"] == "closed"


@pytest.mark.slow
def test_show_and_the_exports_name_the_seat_of_every_entry_it_sent(table: Any,
                                                                  tmp_path: Path) -> None:
    anna = SeatPhone(table.url, ANNA)
    for line in ("bonus 300", "1 5 2 3 4 6", "1 5"):
        anna.send(line)
    table.sendline("bank")
    table.expect_exact("Anna banks")
    # Ben's phone opens once the live view has the bank, the fourth announcement (the table
    # prints before it tells the view): made earlier, it would send for Anna's turn and be
    # refused.
    events(table.url, None, 4)
    assert SeatPhone(table.url, BEN).send("stop")["kind"] == "accepted"
    quit_table(table)
    # Each turn's own line names who sent it (the bank was typed at the table), in the
    # sheet's language; the journal's tokens stay in the JSON's list of entries alone.
    shown = tally(["--lang", "en", "show", "1"], tmp_path).splitlines()
    assert shown[1].endswith(" score 150. Partly sent by Anna."), shown
    assert shown[2].endswith(" score 0. Sent by Ben."), shown
    data = json.loads(tally(["export", "1", "--format", "json"], tmp_path))
    assert [turn["sent_by"] for turn in data["turns"]] == [["Anna"], ["Ben"]]
    assert data["seats"] == [{"entry": 1, "text": "card bonus-300", "seat": "Anna"},
                             {"entry": 2, "text": "roll 152346", "seat": "Anna"},
                             {"entry": 3, "text": "aside 15", "seat": "Anna"},
                             {"entry": 5, "text": "card stop", "seat": "Ben"}]
    csv = tally(["--lang", "de", "export", "1", "--format", "csv"], tmp_path).splitlines()
    assert csv[0].endswith(",Eingabe von") and csv[1].endswith(",Anna (teils)")
    assert csv[2].endswith(",Ben") and "card stop" not in "\n".join(csv)
    markdown = tally(["export", "1", "--format", "md"], tmp_path)
    assert "| Sent by |" in markdown and "| Anna (partly) |" in markdown


@pytest.mark.slow
def test_a_game_without_seats_exports_as_it_always_did(tmp_path: Path) -> None:
    child = start_table(tmp_path, plain=True)
    child.expect_exact("Anna, card?")
    child.sendline("stop")
    child.expect_exact("Ben, card?")
    quit_table(child)
    data = json.loads(tally(["export", "1", "--format", "json"], tmp_path))
    assert "seats" not in data
    assert "own device" not in tally(["show", "1"], tmp_path)
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        assert "journal_seats" not in tables
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
