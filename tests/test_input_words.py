"""What a scorekeeper types, read as meant: ae/oe/ue for umlauts, an entry typed at the wrong
step told where it belongs, Tute's last trick named without its keyword, and every word a prompt
offers doing what the prompt offers ("card or bank?": ``card`` goes on and draws)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tutto_a11y.cli.app import cli
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.vocabulary import normalise


def _play(db: Path, lang: str, typed: list[str], *args: str) -> str:
    result = CliRunner().invoke(
        cli, ["--plain", "--no-speech", "--lang", lang, "--db", str(db), *args],
        input="".join(line + "\n" for line in typed),
        env={"TUTTO_SPEECH": None, "LANGUAGE": None, "TUTTO_GAME": None})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_ae_oe_ue_stand_for_the_umlauts_of_every_german_word(db: Path) -> None:
    out = _play(db, "de", ["300", "1 5 2 3 4 6", "1 5", "rueckgaengig", "1 5", "aufhoeren"],
                "--players", "Anna,Ben")
    assert out.count("1, 5 für 150, noch 4 Würfel.") == 2  # undone, again
    assert "Zurückgenommen: Anna legt 1, 5" in out
    assert "Anna hört auf, Stand 150. Ben ist dran." in out
    assert "passt hier nicht" not in out


def test_ae_oe_ue_work_for_yatzee_fields_and_tute_names(tmp_path: Path) -> None:
    yatzee = _play(tmp_path / "y.db", "de", ["555512", "fuenfen"], "--game", "yatzee",
                   "--players", "Anna,Ben")
    assert "passt hier nicht" not in yatzee and "Fünfen" in yatzee
    tute = _play(tmp_path / "t.db", "de", ["oros", "ansage juergen kelche"], "--game", "tute",
                 "--players", "Anna,Jürgen")
    assert "Jürgen meldet 20 in Kelchen." in tute


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("card", ["300", "stop"])
def test_a_card_typed_while_dice_are_at_risk_says_to_bank_first(card: str, lang: str,
                                                                  db: Path) -> None:
    c = Catalog(lang)
    out = _play(db, lang, ["300", "1 5 2 3 4 6", "1 5", card], "--players", "Anna,Ben")
    said = out.splitlines()
    prompt = next(i for i, line in enumerate(said)
                  if line == c.gettext("{name}, {points} at risk, {n} dice: roll or bank?",
                                       name="Anna", points=150, n=4)
                  or line.startswith("Anna, 150"))
    assert said[prompt + 1] == c.ngettext(
        "First bank, then the next card: type {bank}, or the roll with {n} die to go on.",
        "First bank, then the next card: type {bank}, or the roll with {n} dice to go on.", 4,
        bank={"en": "bank", "de": "aufhören", "fr": "marquer"}[lang])
    assert "0" not in said[prompt + 1]  # never "0 is no face"


def test_a_card_typed_at_the_set_aside_says_cards_come_at_the_start_of_a_turn(db: Path) -> None:
    out = _play(db, "en", ["300", "1 5 2 3 4 6", "400"], "--players", "Anna,Ben")
    assert "A card is drawn only at the start of a turn. Type the dice to set aside" in out


def _tute_round(db: Path, lang: str, card_points: str) -> str:
    """What a two-player Tute table says when oros is trump and the round's card points are
    typed as ``card_points``."""
    return _play(db, lang, ["oros", card_points], "--game", "tute", "--players", "Anna,Ben")


#: Tute's card points as typed in each language: the short word and the prompt's own words.
CARD_POINTS = {"en": ("points", "card points"), "de": ("punkte", "kartenpunkte"),
               "fr": ("points", "points des cartes")}


@pytest.mark.parametrize("lang", CARD_POINTS)
def test_tute_card_points_take_the_last_trick_by_name_alone(lang: str, db: Path) -> None:
    c = Catalog(lang)
    out = _tute_round(db, lang, f"{CARD_POINTS[lang][0]} 70 50 ben")
    # Ben's last trick gives him 10: 60 against 70, and Anna wins.
    assert c.gettext("Round points: {points}.", points="Anna 70, Ben 60") in out, out


def test_tute_card_points_with_a_name_nobody_has_say_who_plays(db: Path) -> None:
    out = _play(db, "en", ["gold", "points 70 50 zoe"], "--game", "tute",
                "--players", "Anna,Ben")
    assert "zoe is not playing: the players are Anna and Ben." in out.splitlines()


def test_bank_typed_before_the_set_aside_says_to_set_aside_first(db: Path) -> None:
    out = _play(db, "de", ["300", "1 5 2 3 4 6", "aufhoeren"], "--players", "Anna,Ben")
    assert "Erst Würfel aus diesem Wurf herauslegen, dann aufhören. Gib die Würfel zum " \
        "Herauslegen ein" in out


# -- the words a prompt offers do what it offers ---------------------------------------------

_AFTER_TUTTO = ["300", "1 1 1 5 5 5", ""]  # Bonus 300, a Tutto with all six dice: 1800 at risk


def _deck_line(c: Catalog) -> str:
    """The beginning of ``deck``'s answer with 55 cards left."""
    return c.ngettext("{n} card left in the deck: {cards}.",
                      "{n} cards left in the deck: {cards}.", 55, cards="\0").split("\0")[0]


@pytest.mark.parametrize("lang, word", [("en", "card"), ("en", "draw"), ("de", "karte"),
                                        ("de", "ziehen"), ("fr", "carte"), ("fr", "tirer")])
def test_card_or_its_verb_after_a_tutto_goes_on_and_asks_for_the_card(lang: str, word: str,
                                                                        db: Path) -> None:
    c = Catalog(lang)
    out = _play(db, lang, [*_AFTER_TUTTO, word, "stop"], "--players", "Anna,Ben")
    said = out.splitlines()
    offered = said.index(c.gettext("{name}, {total} at risk: card or bank?", name="Anna",
                                   total=1800))
    assert said[offered + 1] == c.gettext("{name} goes on: draw the next card.", name="Anna")
    assert said[offered + 2] == c.gettext("{name}, {total} at risk, next card?", name="Anna",
                                          total=1800)
    # The Stop drawn then loses the 1800: the word went on, it did not list the deck.
    assert c.gettext("Stop. {name} loses {points}.", name="Anna", points=1800) in out
    assert _deck_line(c) not in out


@pytest.mark.parametrize("lang, word", [("en", "deck"), ("de", "stapel"), ("fr", "pioche")])
def test_the_deck_has_a_word_that_no_prompt_uses(lang: str, word: str, db: Path) -> None:
    c = Catalog(lang)
    out = _play(db, lang, [*_AFTER_TUTTO, word, "bank"], "--players", "Anna,Ben")
    said = out.splitlines()
    offered = said.index(c.gettext("{name}, {total} at risk: card or bank?", name="Anna",
                                   total=1800))
    assert said[offered + 1].startswith(_deck_line(c))
    assert said[offered + 2] == said[offered]  # the turn waits as it was
    prompts = [line for line in said if line.startswith("Anna, ")]
    assert len(prompts) >= 4 and not any(word in normalise(line) for line in prompts)


@pytest.mark.parametrize("lang, word", [("en", "card"), ("de", "karte"), ("fr", "carte")])
def test_the_card_word_at_the_card_prompt_asks_which_card_was_drawn(lang: str, word: str,
                                                                     db: Path) -> None:
    c = Catalog(lang)
    out = _play(db, lang, [word, "300"], "--players", "Anna,Ben")
    said = out.splitlines()
    first = said.index(c.gettext("{name}, card?", name="Anna"))
    which = c.gettext("Which card was drawn? Type it: {cards}.", cards="\0").split("\0")[0]
    assert said[first + 1].startswith(which)
    assert said[first + 2] == said[first]  # nothing changed: the same question again
    assert _deck_line(c) not in out


@pytest.mark.parametrize("lang", CARD_POINTS)
def test_tutes_card_points_are_typed_as_its_prompt_names_them(lang: str, db: Path) -> None:
    c = Catalog(lang)
    out = _tute_round(db, lang, f"{CARD_POINTS[lang][1]} 70 50")
    said = out.splitlines()
    asked = next(i for i, line in enumerate(said)
                 if line.endswith(c.gettext("Round {round}, trump {suit}: cante, Tute or card "
                                            "points?", round=1, suit="\0").split("\0")[1]))
    assert said[asked + 2] == c.gettext("Who took the last trick?")


@pytest.mark.parametrize("lang, roll, field", [("en", "roll", "field"), ("de", "wurf", "feld"),
                                               ("fr", "lancer", "case")])
def test_yatzees_roll_or_field_typed_as_offered_say_how_to_type_them(lang: str, roll: str,
                                                                     field: str,
                                                                     db: Path) -> None:
    c = Catalog(lang)
    out = _play(db, lang, ["155236", roll, field], "--game", "yatzee", "--players", "Anna,Ben")
    said = out.splitlines()
    offered = said.index(c.gettext("{name}, second roll or a field:", name="Anna"))
    assert said[offered + 1] == c.gettext(
        "Type the six faces on the table, for example {example}.", example="5 5 5 2 3 1")
    assert said[offered + 2] == said[offered]
    assert said[offered + 3] == c.gettext(
        "Type the field's name, for example {example}; {fits} says what these dice fit.",
        example={"en": "chance", "de": "Chance", "fr": "Chance"}[lang],
        fits={"en": "fits", "de": "passt", "fr": "possibles"}[lang])
