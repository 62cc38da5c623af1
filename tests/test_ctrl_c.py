"""Ctrl-C at the table discards the line being typed and asks again, in both modes.

A review cursor or a Braille display must be able to tell that the discarded line was not
entered: a sentence in the game's language stands under it. The real program runs in a
pseudo-terminal and the emulated screen is read.
"""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from conftest import slow_unless
from test_terminal_screen import CTRL_C, Terminal
from tutto_a11y.text.i18n import Catalog

#: Plain mode and terminal mode. Each test here runs the real program half a second or more in
#: each mode and language: the quick run keeps one case of each, the modes and the languages
#: spread over them; every other case is slow.
MODES = [["--plain"], []]
LANGS = ("en", "de", "fr")


def cases(quick: tuple[int, str]) -> list[object]:
    """Every mode (by its index in MODES, as the ids say) and language; only ``quick`` is not
    slow."""
    return [pytest.param(mode, lang, marks=slow_unless((index, lang) == quick),
                         id=f"mode{index}-{lang}")
            for index, mode in enumerate(MODES) for lang in LANGS]


@pytest.mark.parametrize(("mode", "lang"), cases((1, "fr")))
def test_ctrl_c_discards_the_typed_line_says_so_and_asks_again(mode: list[str], lang: str,
                                                               tmp_path: Path) -> None:
    c = Catalog(lang)
    card = c.gettext("{name}, card?", name="Anna").replace("\xa0", " ")  # as a screen shows it
    term = Terminal([*mode, "--lang", lang, "--players", "Anna,Ben"], tmp_path)
    term.wait_for(card)
    term.type("15")
    term.wait_for(card + " 15")
    term.type(CTRL_C)
    term.wait_for(card, count=2)
    term.type("300\r")
    term.wait_for(c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:", 6, name="Anna"))
    rows = term.seen()
    first = next(i for i, row in enumerate(rows) if row.startswith(card + " 15"))
    # The discarded entry, then the sentence that it was not entered, then the question again.
    assert rows[first + 1] == c.gettext("Line discarded, nothing entered.")
    assert rows[first + 2] == card + " 300"
    term.quit()
    assert "Traceback" not in term.raw


def test_ctrl_c_in_plain_mode_keeps_the_game_and_every_accepted_entry(tmp_path: Path) -> None:
    term = Terminal(["--plain", "--lang", "de", "--players", "Anna,Ben"], tmp_path)
    term.wait_for("Anna, Karte?")
    term.type("300\r")
    term.wait_for("Anna, Wurf mit 6 Würfeln:")
    term.type(CTRL_C)
    term.wait_for("Anna, Wurf mit 6 Würfeln:", count=2)
    term.type("1 5 2 3 4 6\r")
    term.wait_for("1, 5, 2, 3, 4, 6.")
    assert "Ende der Eingabe" not in "\n".join(term.lines())
    term.quit()


@pytest.mark.parametrize(("mode", "lang"), cases((0, "en")))
def test_at_the_question_whether_to_go_on_ctrl_c_asks_again_and_ctrl_d_leaves_with_a_sentence(
        mode: list[str], lang: str, tmp_path: Path) -> None:
    from test_terminal_screen import CTRL_D

    c = Catalog(lang)
    first = Terminal([*mode, "--lang", lang, "--players", "Anna,Ben"], tmp_path)
    first.wait_for(c.gettext("{name}, card?", name="Anna"))
    first.type("300\r")
    first.wait_for(c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:", 6, name="Anna"))
    first.type(CTRL_D)
    assert first.finish() == 0

    yes, no = {"en": ("yes", "no"), "de": ("ja", "nein"), "fr": ("oui", "non")}[lang]
    question = c.gettext("Go on with it? Type {yes} to go on, or {no} for a new game.",
                         yes=yes, no=no).replace("\xa0", " ")  # as a screen shows it
    term = Terminal([*mode], tmp_path, columns=120)
    term.wait_for_prompt(question)
    term.type("ja")
    term.type(CTRL_C)  # the line is discarded, as at every question, and asked again
    term.wait_for_prompt(question, count=2)
    term.type(CTRL_D)
    assert term.finish() == 0
    rows = term.seen()
    asked = rows.index(question + " ja")
    assert rows[asked + 1:] == [
        c.gettext("Line discarded, nothing entered."), question,
        c.gettext("Nothing was changed: game {game} is still saved, and the next start offers "
                  "it again.", game="1").replace("\xa0", " ")]


@pytest.mark.parametrize("lang", [pytest.param(lang, marks=slow_unless(lang == "de"))
                                  for lang in LANGS])
def test_ctrl_c_while_the_coach_command_computes_stops_it_and_says_so(
        lang: str, tmp_path: Path) -> None:
    # The duel's solve takes minutes and says first that it computes: Ctrl-C lands in it.
    term = Terminal(["coach", "--duel", "--lang", lang], tmp_path,
                    env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    c = Catalog(lang)
    term.wait_for(c.gettext("Solving the two-player game to {target} points once; at the "
                            "standard target this takes minutes.", target=6000)[:30])
    term.type(CTRL_C)
    term.wait_for(c.gettext("Stopped with Ctrl-C."))
    term.child.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 130
    assert "Traceback" not in term.raw
