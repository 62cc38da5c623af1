"""``review`` at the table (de ``rückblick``, fr ``bilan``): the coach looks back in brief, at
any prompt and at the game-over prompt, in the game's language; the live view shows the review
when the game ends. The real program, its real games file and, for the live view, real sockets.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pexpect
import pytest

from conftest import tutto_command
from testbed.live_view import enter, events, start_table
from tutto_a11y.text.output import plain

#: Anna banks 100 after 1 2 3 4 6 6 under Bonus 300; Ben wins at once with the Cloverleaf.
GAME = ["bonus 300", "1 2 3 4 6 6", "1", "bank", "clover", "1 1 1 5 5 5", "", "1 1 1 5 5 5",
        ""]


def table(db: Path, env: dict[str, str], lang: str, lines: list[str], *args: str) -> list[str]:
    """What the real program prints for these typed lines (plain lines, piped)."""
    result = subprocess.run([*tutto_command(), "--plain", "--lang", lang, "--db", str(db),
                             "--players", "Anna,Ben", "--width", "400", *args],
                            input="\n".join(lines) + "\n", env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout.splitlines()


# Each language is a real program playing to the end: the quick run keeps German, the others
# are slow.
@pytest.mark.parametrize("lang, word, so_far, over, anna, move", [
    pytest.param("en", "review", "The coach looks back on the game so far.",
     "The coach looks back on the game.",
     "Anna: 1 decision, 0 as the coach would take it; 0 inaccuracies, 0 mistakes and 1 "
     "blunder.",
     "Blunder: turn 1, Bonus 300, after the roll 1 2 3 4 6 6, Anna banked 100; rolling on was "
     "worth 376 points.", marks=pytest.mark.slow),
    ("de", "rückblick", "Rückblick auf das bisherige Spiel.", "Rückblick auf das Spiel.",
     "Anna: 1 Entscheidung, 0 davon optimal; 0 Ungenauigkeiten, 0 Fehler und 1 Patzer.",
     "Patzer: Zug 1, Bonus 300, nach dem Wurf 1 2 3 4 6 6 hat Anna mit 100 aufgehört; "
     "Weiterwürfeln wäre 376 Punkte wert gewesen."),
    pytest.param("fr", "bilan", "Bilan de la partie jusqu'ici.", "Bilan de la partie.",
     "Anna\u00a0: 1 décision, le meilleur choix 0 fois\u00a0; 0 imprécision, 0 erreur et 1 "
     "gaffe.",
     "Gaffe\u00a0: tour 1, bonus 300, après le lancer 1 2 3 4 6 6, Anna a marqué 100\u00a0; "
     "relancer aurait valu 376 points.", marks=pytest.mark.slow),
])
def test_review_at_a_prompt_and_at_the_game_over_prompt_speaks_in_the_games_language(
        db: Path, clean_env: dict[str, str], lang: str, word: str, so_far: str, over: str, anna:
        str, move: str) -> None:
    said = table(db, clean_env, lang, GAME[:4] + [word] + GAME[4:] + [word])
    mid = next(line for line in said if line.startswith(so_far))
    assert mid == f"{so_far} {anna} {move} " + \
        {"en": "Ben: no decision to look back on yet.",
         "de": "Ben: noch keine Entscheidung für den Rückblick.",
         "fr": "Ben\u00a0: pas encore de décision à revoir."}[lang]
    end = next(line for line in said if line.startswith(over + " "))
    assert end.startswith(f"{over} {anna} {move} Ben" + ("\u00a0" if lang == "fr" else "")
                          + ": 2 ")
    assert said.index(end) > said.index(mid)


@pytest.mark.slow  # a game to its end shared live, over a second
def test_the_live_view_shows_the_review_when_the_game_ends(tmp_path: Path) -> None:
    child = start_table(tmp_path)
    try:
        enter(child, "bonus 300", "Anna draws Bonus 300.")
        enter(child, "1 2 3 4 6 6", "1, 2, 3, 4, 6, 6.")
        enter(child, "1", "1 for 100, 5 dice left.")
        enter(child, "bank", "Anna banks, score 100")
        before = events(child.url, None, 4)
        assert not any("looks back" in e["line"] for e in before)
        enter(child, "clover", "Ben draws")
        enter(child, "1 1 1 5 5 5", "1, 1, 1, 5, 5, 5.")
        enter(child, "", "Tutto")
        enter(child, "1 1 1 5 5 5", "1, 1, 1, 5, 5, 5.")
        enter(child, "", "wins")
        last = events(child.url, f"{before[0]['run']}:8", 1)[0]
        assert last["id"] == 9
        assert "The coach looks back on the game. Anna: 1 decision, 0 as the coach would " \
               "take it; 0 inaccuracies, 0 mistakes and 1 blunder. Blunder: turn 1, Bonus " \
               "300, after the roll 1 2 3 4 6 6, Anna banked 100; rolling on was worth 376 " \
               "points. Ben: 2 decisions" in plain(last["line"])
    finally:
        if child.isalive():
            child.sendline("quit")
            child.expect(pexpect.EOF)
        child.close()


def test_review_before_any_decision_says_there_is_nothing_to_look_back_on(
        db: Path, clean_env: dict[str, str]) -> None:
    said = table(db, clean_env, "en", ["review"])
    assert "The coach looks back on the game so far. Anna: no decision to look back on yet. " \
           "Ben: no decision to look back on yet." in said


def test_in_the_final_round_the_roll_the_advice_says_is_not_charged_by_the_review(
        db: Path, clean_env: dict[str, str]) -> None:
    # Anna's Tutto and bank make 1800 and the final round; Ben, the last, has 1000 with three
    # dice and needs 800 more: banking is more points, but only rolling on can win.
    said = table(db, clean_env, "de", ["300", "1 1 1 5 5 5", "1 1 1 5 5 5", "aufhören",
                                       "300", "1 1 1 2 3 4", "1 1 1", "tipp", "weiter",
                                       "2 3 6", "rückblick"], "--target", "1500")
    advice = next(line for line in said if line.startswith("Du brauchst 800 zum Sieg"))
    assert advice.startswith("Du brauchst 800 zum Sieg: würfeln. Siegchance: ")
    review = next(line for line in said if line.startswith("Rückblick auf das Spiel."))
    assert "Ben: 1 Entscheidung, 1 davon optimal; 0 Ungenauigkeiten, 0 Fehler und 0 Patzer." \
        in review
    assert "hat Ben" not in review  # nothing of Ben's is told as a costly move
