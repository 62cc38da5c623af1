"""German and French output in their own words.

Through the real program, at a German and a French table: no English word where the user's
language has one (a setting's yes or no), the game's own name in each language ("Volle Lotte"
in French), the verb of a first roll (nothing is rolled "again"), and a report about every
player in the third person.
"""

from __future__ import annotations

import re
import subprocess
import urllib.request
from pathlib import Path

import pexpect
import pytest

from conftest import printed_lines, tutto_command
from testbed.live_view import start_table


def _play(lang: str, env: dict[str, str], typed: list[str], *options: str) -> list[str]:
    return printed_lines(["--lang", lang, "--plain", "--no-speech", "--players", "Anna,Ben",
                          *options], env, "".join(line + "\n" for line in typed))


# -- words -------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "off", "on", "typed"), [
    ("de", "sighted: aus, die Grundeinstellung.",
     "sighted: an, aus der Einstellungsdatei.", "an"),
    ("fr", "sighted\u00a0: non, par défaut.", "sighted\u00a0: oui, du fichier de réglages.",
     "oui"),
])
def test_settings_say_yes_and_no_in_the_users_language_and_take_those_words(
        lang: str, off: str, on: str, typed: str, clean_env: dict[str, str]) -> None:
    shown = printed_lines(["--lang", lang, "settings"], clean_env)
    assert off in shown
    assert not [line for line in shown if re.search(r"\b(true|false)\b", line)], shown
    printed_lines(["--lang", lang, "settings", "set", "sighted", typed], clean_env)
    assert on in printed_lines(["--lang", lang, "settings"], clean_env)
    # The English words still work in every language, as at the table.
    printed_lines(["--lang", lang, "settings", "set", "coach", "yes"], clean_env)
    assert any(line.startswith("coach") and typed in line
               for line in printed_lines(["--lang", lang, "settings"], clean_env))


FINISHED = ["bonus 300", "1 5 2 3 4 6", "1 5", "bank", "x2", "1 1 1 5 5 5", "", "bank"]


def test_a_french_table_calls_the_game_volle_lotte_in_the_statistics_and_the_live_view(
        clean_env: dict[str, str], tmp_path: Path) -> None:
    _play("fr", clean_env, FINISHED, "--target", "500")
    stats = printed_lines(["--lang", "fr", "stats"], clean_env)
    assert stats[0] == "Volle Lotte\u00a0: 1 partie terminée."
    german = printed_lines(["--lang", "de", "stats"], clean_env)
    assert german[0] == "Tutto: 1 beendetes Spiel."
    assert not [line for line in stats if "Tutto" in line], stats
    # A French viewer of the live view reads the game's French name as the page's title.
    child = start_table(tmp_path, lang="fr")
    try:
        request = urllib.request.Request(child.url, headers={"Accept-Language": "fr"})
        with urllib.request.urlopen(request, timeout=10) as page:
            html = page.read().decode()
        assert re.search(r"<title>[^<]*Volle Lotte", html), html[:300]
        title = re.search(r"<title>([^<]*)</title>", html)
        assert title is not None
        assert "Tutto" not in title.group(1)
    finally:
        child.sendline("quitter")
        child.expect(pexpect.EOF)
        child.close()


def test_a_french_review_of_another_game_names_volle_lotte(clean_env: dict[str, str]) -> None:
    printed_lines(["--lang", "fr", "--game", "yatzee", "--plain", "--no-speech", "--players",
                   "Anna"], clean_env, "quitter\n")
    done = subprocess.run([*tutto_command(), "--lang", "fr", "review"], capture_output=True,
                          text=True, env=clean_env, timeout=60)
    assert done.returncode == 2
    assert "parties de Volle Lotte" in done.stderr and "Tutto" not in done.stderr


def test_brief_french_advice_at_a_cards_first_roll_says_lancer_not_relancer(
        clean_env: dict[str, str]) -> None:
    said = _play("fr", clean_env, ["bonus 300", "avis", "1 5 2 3 4 6", "1 5", "avis"],
                 "--verbosity", "brief")
    first, second = [line for line in said if line.startswith("Avis")]
    assert first.startswith("Avis\u00a0: lancer, "), first  # nothing is rolled again yet
    assert second.startswith("Avis\u00a0: relancer, "), second  # after a set-aside it is


def test_a_french_coach_in_the_last_turn_says_lancez_at_the_first_roll(
        clean_env: dict[str, str]) -> None:
    # Anna reaches the target: Ben's turn is the game's last, the coach plays it to win.
    said = _play("fr", clean_env, ["bonus 300", "1 5 2 3 4 6", "1 5", "1 1 2 3", "1 1", "bank",
                                   "bonus 300", "avis"], "--target", "300")
    advice = next(line for line in said if line.startswith("Il vous faut"))
    assert advice.startswith("Il vous faut 350 pour gagner\u00a0: lancez."), advice


@pytest.mark.parametrize(("lang", "second_person"), [
    ("de", r"\b(du|dein|dir|dich)\b"), ("fr", r"\b(vous|votre|vos)\b"), ("en", r"\byou\b")])
def test_a_review_of_every_player_speaks_of_each_in_the_third_person(
        lang: str, second_person: str, clean_env: dict[str, str]) -> None:
    _play(lang, clean_env, ["bonus 300", "1 2 3 4 6 6", "1", "bank", "x2", "1 2 3 4 6 6",
                            "1", "bank", "quit"])
    review = printed_lines(["--lang", lang, "review"], clean_env)
    # A graded move opens with its grade: "Blunder: turn 2, Bonus 300, after the roll ...".
    moves = [line for line in review if re.match(r"\w+\W*: (turn|Zug|tour) \d", line)]
    assert len(moves) >= 2, review
    for line in moves:
        assert not re.search(second_person, line, re.IGNORECASE), line
    assert any("Anna" in line.split(":", 1)[-1] for line in moves), moves
    assert any("Ben" in line.split(":", 1)[-1] for line in moves), moves
