"""Every fact, complete and said one way, wherever the table hears or reads it.

A score change stands on the turn that caused it (``show``'s Plus/Minus penalty, Yatzee's upper
bonus, a match ended by a Tute); the same loss is said the same way under Plus/Minus as under the
Cloverleaf; an undo under Street says the faces still missing; a resumed finished game names its
winner; and a chance that is not 0 is never said "0 percent". Each through the real program, in
English, German and French.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tutto_a11y.cli.app import cli
from tutto_a11y.games.yatzee.rules import ORDER
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.percent import percent

LANGS = ("en", "de", "fr")
WORDS = {
    "en": dict(bank="bank", undo="undo", draw="card", odds="odds"),
    "de": dict(bank="aufhören", undo="rückgängig", draw="karte", odds="chancen"),
    "fr": dict(bank="marquer", undo="annuler", draw="carte", odds="chances"),
}
_ENV = {"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None}


def _play(db: Path, lang: str, typed: list[str], *args: str) -> list[str]:
    result = CliRunner().invoke(
        cli, ["--plain", "--no-speech", "--lang", lang, "--db", str(db), *args],
        input="".join(line + "\n" for line in typed), env=_ENV)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output.splitlines()


def _resumed(db: Path, lang: str, typed: list[str], *args: str) -> str:
    """The first line said on resuming the game that ``typed`` played to its end."""
    _play(db, lang, typed, *args)
    return _play(db, lang, [], "--resume", "1")[0]


def _command(db: Path, lang: str, *args: str) -> list[str]:
    result = CliRunner().invoke(cli, ["--lang", lang, "--db", str(db), *args], env=_ENV)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def _line_after(said: list[str], prompt: str) -> str:
    """The line after the last time ``prompt`` was asked."""
    return said[len(said) - said[::-1].index(prompt)]


# -- a score change stands on the turn that caused it -----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_show_puts_the_leaders_loss_on_the_plus_minus_turn_that_caused_it(lang: str,
                                                                          db: Path) -> None:
    c, w = Catalog(lang), WORDS[lang]
    # Anna banks 1800; Ben's Tutto under Plus/Minus takes 1000 from her.
    _play(db, lang, ["300", "1 1 1 5 5 5", "", w["bank"], "plusminus", "1 1 1 5 5 5", ""],
          "--players", "Anna,Ben")
    shown = _command(db, lang, "show", "1")
    ben = shown[2]  # the game, Anna's turn, then Ben's
    assert ben.startswith(c.ngettext("Turn {number}, {name}, {cards}: {outcome}, {n} point, "
                                     "score {score}.",
                                     "Turn {number}, {name}, {cards}: {outcome}, {n} points, "
                                     "score {score}.", 1000, number=2, name="Ben", cards="\0",
                                     outcome="", score=0).split("\0")[0])
    assert ben.endswith(c.gettext("{name} loses {points}, score {score}.", name="Anna",
                                  points=1000, score=800)), ben
    assert shown[-1] == c.gettext("Scores: {scores}. Target {target}.",
                                  scores="Anna 800, Ben 1000", target=6000)


@pytest.mark.parametrize("lang", LANGS)
def test_show_puts_yatzees_upper_bonus_on_the_turn_that_reached_it(lang: str, db: Path) -> None:
    c = Catalog(lang)
    # Five of a face each time: 30, 25, 20, 15 make an upper sum of 90, past the 84 needed.
    typed = [f"{face}{face}{face}{face}{face}{7 - face}" for face in (6, 5, 4, 3)]
    fields = ["sixes", "fives", "fours", "threes"]
    _play(db, lang, [line for pair in zip(typed, fields, strict=True) for line in pair],
          "--game", "yatzee", "--players", "Anna")
    shown = _command(db, lang, "show", "1")
    bonus = c.gettext("Bonus reached with an upper sum of {upper}: plus {points}.",
                      upper=90, points=50)
    assert [line for line in shown if bonus in line] == [shown[4]], shown
    assert shown[4].startswith(c.gettext("Turn {number}, {name}: {points} in {field} after "
                                         "roll {roll}, total {total}.", number=4, name="Anna",
                                         points=15, field="\0", roll=1,
                                         total=140).split("\0")[0])


@pytest.mark.parametrize("lang", LANGS)
def test_show_says_on_its_round_that_a_tute_won_the_match(lang: str, db: Path) -> None:
    c = Catalog(lang)
    _play(db, lang, ["oros", "tute anna reyes"], "--game", "tute", "--players", "Anna,Ben",
          "--rule", "games=3", "--rule", "tute-wins=match")
    shown = _command(db, lang, "show", "1")
    assert shown[1].endswith(c.ngettext("{side} wins the match with the Tute.",
                                        "{side} win the match with the Tute.", 1, side="Anna"))


# -- the same fact said the same way -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_niete_under_plus_minus_says_the_carried_total_is_lost_as_the_cloverleaf_does(
        lang: str, tmp_path: Path) -> None:
    c, w = Catalog(lang), WORDS[lang]
    lost = c.gettext("Niete. {name} loses {points}.", name="Anna", points=1800)
    for card in ("plusminus", "clover"):
        # Bonus 300 and a Tutto: 1800 carried into the card, then a Niete.
        db = tmp_path / f"{card}.sqlite3"
        said = _play(db, lang, ["300", "1 1 1 5 5 5", "", w["draw"], card, "2 3 4 4 6 6"],
                     "--players", "Anna,Ben")
        niete = _line_after(said, c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:",
                                             6, name="Anna"))
        assert niete.startswith(lost + " "), (card, niete)


@pytest.mark.parametrize("lang", LANGS)
def test_an_undo_under_street_says_the_faces_still_missing(lang: str, db: Path) -> None:
    c, w = Catalog(lang), WORDS[lang]
    said = _play(db, lang, ["street", "1 2 4 4 5 6", "1 2", w["undo"], w["undo"]],
                 "--players", "Anna,Ben")
    undone = [line for line in said if line.startswith(c.gettext("Undone: {name} setting aside "
                                                                 "{faces}.", name="Anna",
                                                                 faces="1, 2"))]
    missing = c.gettext("{name}'s turn. Still missing: {missing}.", name="Anna",
                        missing="1, 2, 3, 4, 5, 6")
    assert len(undone) == 1 and undone[0].endswith(" " + missing), undone
    rolled_back = [line for line in said if line.endswith(" " + missing)]
    assert len(rolled_back) == 2  # the roll undone too: still every face missing
    assert not any(c.gettext("{name}'s turn, turn total {total}.", name="Anna", total=0)
                   in line for line in said)


# -- a resumed finished game names its winner ------------------------------------------------

#: A whole Tutto game (two Cloverleafs) and a whole Tute match (one round) Anna wins, and the
#: sentence that names the winner.
WON = {"tutto": (["clover", "1 1 1 5 5 5", "", "1 1 1 5 5 5", ""],
                 "The game is over: {names} won.", "names"),
       "tute": (["oros", "points 70 50", "anna"], "The match is over: {side} won.", "side")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", WON)
def test_resuming_a_finished_tutto_game_or_tute_match_names_its_winner(game: str, lang: str,
                                                                        db: Path) -> None:
    typed, sentence, placeholder = WON[game]
    first = _resumed(db, lang, typed, "--game", game, "--players", "Anna,Ben")
    assert first.startswith(Catalog(lang).ngettext(sentence, sentence, 1,
                                                   **{placeholder: "Anna"}))


@pytest.mark.parametrize("lang", LANGS)
def test_resuming_a_finished_yatzee_game_names_its_winner(lang: str, db: Path) -> None:
    c = Catalog(lang)
    typed: list[str] = []
    # Anna writes 1 2 3 4 5 6 in Chance at the first roll (21 and a throw bonus of 10), every
    # other field is struck.
    for field in ORDER:
        for _player in ("Anna", "Ben"):
            if field.value == "chance" and _player == "Anna":
                typed += ["123456", "chance"]
            else:
                typed += ["111111", f"strike {field.value}"]
    first = _resumed(db, lang, typed, "--game", "yatzee", "--players", "Anna,Ben")
    assert first == c.ngettext("The game is over: {names} won.",
                               "The game is over: {names} won.", 1, names="Anna") + " " + \
        c.gettext("Final totals: {totals}.", totals="Anna 31, Ben 0")


# -- a chance that is not 0 is never "0 percent" ---------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_chance_under_one_percent_is_said_less_than_one_percent(lang: str, db: Path) -> None:
    c = Catalog(lang)
    # Street, the 1 set aside, 5 dice: a Niete only if all five show 1 (0.013 %).
    said = _play(db, lang, ["street", "1 2 2 2 2 2", "1", WORDS[lang]["odds"]],
                 "--players", "Anna,Ben")
    odds = said[said.index(c.ngettext("{name}, roll {n} die:", "{name}, roll {n} dice:", 5,
                                      name="Anna")) + 1]
    under = {"en": "less than 1", "de": "unter 1", "fr": "moins de 1"}[lang]
    assert odds == c.ngettext("Risk of a Niete under Street with {n} die: {percent} percent.",
                              "Risk of a Niete under Street with {n} dice: {percent} percent.",
                              5, percent=under)


@pytest.mark.parametrize("lang, under, over", [
    ("en", "less than 0.1", "more than 99.9"), ("de", "unter 0,1", "über 99,9"),
    ("fr", "moins de 0,1", "plus de 99,9")])
def test_a_share_is_never_rounded_to_none_or_all(lang: str, under: str, over: str) -> None:
    c = Catalog(lang)
    assert percent(0.03, c, 1) == under and percent(99.97, c, 1) == over
    assert [percent(v, c) for v in (0, 0.4, 0.6, 50, 99.6, 100)] == [
        "0", under.replace("0.1", "1").replace("0,1", "1"), "1", "50",
        over.replace("99.9", "99").replace("99,9", "99"), "100"]
