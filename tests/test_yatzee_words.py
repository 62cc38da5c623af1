"""Yatzee's words and sentences in three languages: every field name a sheet prints can be
typed back, every refusal has its own sentence, and a listener words a notice by itself."""

from __future__ import annotations

import pytest

from tutto_a11y.core.contract import EntryError, Notice
from tutto_a11y.games import registry
from tutto_a11y.games.yatzee.messages import Messages, field_name
from tutto_a11y.games.yatzee.parse import interpret
from tutto_a11y.games.yatzee.rules import (
    Entry,
    Field,
    Game,
    Roll,
    Rules,
    State,
    Strike,
    Write,
    parse_entry,
)
from tutto_a11y.games.yatzee.rules.errors import PLAY_REASONS
from tutto_a11y.games.yatzee.rules.events import Event
from tutto_a11y.games.yatzee.words import Vocabulary
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import plain

#: A notice of a Yatzee game, as its listeners get it.
YatzeeNotice = Notice[Entry, Event, State, Rules]

LANGS = ("en", "de", "fr")
SAMPLE = {"expected": 6, "got": 5, "face": 7, "word": "xyz", "text": "xyz", "field": Field.HOUSE,
          "points": 32, "struck": False, "verb": "strike", "name": "Zoe",
          "candidates": ("twos", "threes"), "limit": 120}


def rolled(players: tuple[str, ...] = ("Anna", "Ben")) -> Game:
    game = Game(players)
    game.push(Roll((4, 4, 4, 5, 5, 1)))
    return game


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("field", list(Field))
def test_every_field_name_the_sheet_prints_is_understood_when_typed(lang: str,
                                                                    field: Field) -> None:
    shown = plain(field_name(field, Catalog(lang)))
    assert interpret(shown, rolled(), Vocabulary(lang)) == Write(field)
    assert interpret(f"strike {field.value}", rolled(), Vocabulary(lang)) == Strike(field)
    assert interpret(field.value.replace("-", " "), rolled(), Vocabulary(lang)) == Write(field)


@pytest.mark.parametrize("lang, typed, field", [
    ("de", "streichen kleine str", Field.SMALL_STRAIGHT), ("de", "2x3", Field.TWO_TRIPLES),
    ("de", "Dreierpasch", Field.THREE_OF_A_KIND), ("fr", "barrer carre", Field.FOUR_OF_A_KIND),
    ("fr", "rayer full", Field.HOUSE), ("en", "cross chance", Field.CHANCE)])
def test_strike_is_typed_in_the_tables_words_by_a_unique_beginning(lang: str, typed: str,
                                                                   field: Field) -> None:
    entry = interpret(typed, rolled(), Vocabulary(lang))
    assert isinstance(entry, (Write, Strike))
    assert entry.field is field


@pytest.mark.parametrize("reason", sorted(PLAY_REASONS))
def test_every_yatzee_refusal_has_its_own_sentence_in_every_language(reason: str) -> None:
    def said(lang: str, code: str) -> str:
        return Messages(Catalog(lang), rolled()).error(EntryError(code, **SAMPLE))

    english = said("en", reason)
    assert english != said("en", "no-such-reason")
    for lang in ("de", "fr"):
        assert said(lang, reason) not in (english, said(lang, "no-such-reason"))


def test_a_listener_words_a_notice_in_its_own_language_from_the_notice_alone() -> None:
    game = rolled()
    events = game.push(parse_entry("write house"))
    notice: YatzeeNotice = Notice("yatzee", game.players, game.rules, tuple(events), game.state)
    game.push(parse_entry("roll 123456"))  # the table moved on
    game_interface = registry.find("yatzee").interface()
    assert game_interface.word_notice(notice, Catalog("fr")) == (
        "Anna inscrit 32 dans la case Full, dont 10 de bonus de lancer. Total 32. À Ben.")
    entry = game.pop()
    undo: YatzeeNotice = Notice("yatzee", game.players, game.rules, (), game.state, undone=True,
                                entry=entry)
    assert game_interface.word_notice(undo, Catalog("de")) == (
        "Zurückgenommen: Ben würfelt 1, 2, 3, 4, 5, 6. Ben ist dran, erster Wurf.")


def test_the_live_view_standing_has_a_row_per_player_and_says_who_rolls() -> None:
    game = rolled()
    game.push(parse_entry("write house"))
    game_interface = registry.find("yatzee").interface()
    standing = game_interface.standing(game.players, game.rules, game.state, Catalog("en"))
    assert standing.caption == "Yatzee, round 1 of 18"
    assert standing.rows == (("Anna", "32", "0", "0", "17"), ("Ben", "0", "0", "0", "18"))
    assert standing.now == "Round 1 of 18, Ben's turn, total 0."  # viewers do not type


@pytest.mark.skipif(__import__("shutil").which("espeak-ng") is None,
                    reason="eSpeak NG is not installed (the test script installs it)")
def test_the_german_field_2x3_gleiche_is_said_as_twice_three_not_as_a_letter_x() -> None:
    import subprocess

    from tutto_a11y.speech.spoken import spoken

    line = "Anna schreibt 28 ins Feld 2x3 Gleiche, mit 10 Wurfbonus."
    said = spoken(line, "de")
    assert said == "Anna schreibt 28 ins Feld zweimal drei Gleiche, mit 10 Wurfbonus."
    phonemes = subprocess.run(["espeak-ng", "-v", "de", "-q", "-x", said], capture_output=True,
                              text=True, check=True).stdout
    assert "'Iks" not in phonemes and "dr'aI" in phonemes


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_every_field_and_command_in_words_the_table_understands(lang: str) -> None:
    from tutto_a11y.core.contract import Command
    from tutto_a11y.games.yatzee.words import COMMANDS, field_word, shown

    game = rolled()
    text = plain(Messages(Catalog(lang), game).help())  # as printed and spoken
    vocabulary = Vocabulary(lang)
    for meaning in COMMANDS:
        assert shown(meaning, lang) in text
        assert interpret(shown(meaning, lang), game, vocabulary) == Command(meaning)
    for field in Field:
        assert field_word(field, lang) in text
        assert interpret(field_word(field, lang), game, vocabulary) == Write(field)
