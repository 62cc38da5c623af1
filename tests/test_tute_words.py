"""What a Tute table types: its own words, the Spanish ones in every language, players by name,
and one sentence for each wrong line in every language, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tutto_a11y.core.contract import LINE_REASONS, AnyNotice, AtTable, Command, EntryError
from tutto_a11y.games.tute.at_table import at_table
from tutto_a11y.games.tute.messages import Messages
from tutto_a11y.games.tute.rules import (
    Cante,
    CardPoints,
    Entry,
    Game,
    LastTrick,
    Rules,
    Suit,
    Trump,
    Tute,
    TuteOf,
    parse_entry,
)
from tutto_a11y.games.tute.rules.errors import PLAY_REASONS, TYPING_REASONS
from tutto_a11y.games.tute.words import Vocabulary
from tutto_a11y.text.i18n import Catalog

LANGS = ("en", "de", "fr")


def table(lang: str, players: tuple[str, ...] = ("Anna", "Ben", "Cleo", "Dora"),
          *texts: str) -> tuple[Game, AtTable[Game, Entry, Vocabulary]]:
    game = Game(players, Rules(games=5))
    for text in texts:
        game.push(parse_entry(text))
    return game, at_table(Catalog(lang))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed, suit", [("oros", Suit.GOLD), ("copas", Suit.CUPS),
                                         ("Espadas", Suit.SWORDS), ("bas", Suit.CLUBS)])
def test_the_spanish_suit_names_are_understood_in_every_language(lang: str, typed: str,
                                                                 suit: Suit) -> None:
    game, at = table(lang)
    assert at.interpret(typed, game) == Trump(suit)


@pytest.mark.parametrize("lang, typed, suit", [
    ("de", "Kelche", Suit.CUPS), ("de", "schw", Suit.SWORDS), ("de", "keu", Suit.CLUBS),
    ("de", "Münzen", Suit.GOLD), ("fr", "épées", Suit.SWORDS), ("fr", "batons", Suit.CLUBS),
    ("fr", "den", Suit.GOLD), ("en", "cu", Suit.CUPS), ("de", "clubs", Suit.CLUBS),
])
def test_each_language_has_its_own_suit_words_with_accents_and_unique_prefixes(
        lang: str, typed: str, suit: Suit) -> None:
    game, at = table(lang)
    assert at.interpret(typed, game) == Trump(suit)


@pytest.mark.parametrize("lang, typed, entry", [
    ("en", "cante ben clubs", Cante(1, Suit.CLUBS)),
    ("de", "ansage Dora oros", Cante(3, Suit.GOLD)),
    ("fr", "annonce coupes Cl", Cante(2, Suit.CUPS)),
    ("de", "tute anna könige", Tute(0, TuteOf.KINGS)),
    ("fr", "tute Ben caballos", Tute(1, TuteOf.KNIGHTS)),
    ("en", "points 64 56", CardPoints((64, 56))),
    ("de", "64, 56", CardPoints((64, 56))),
    ("fr", "points 64 56 dernier Cleo", CardPoints((64, 56), 0)),
])
def test_cantes_tute_and_card_points_name_the_player_and_count_for_the_side(
        lang: str, typed: str, entry: object) -> None:
    game, at = table(lang, ("Anna", "Ben", "Cleo", "Dora"), "trump cups")
    assert at.interpret(typed, game) == entry


def test_the_last_trick_is_typed_as_a_name_alone_and_counts_for_the_pair() -> None:
    game, at = table("de", ("Anna", "Ben", "Cleo", "Dora"), "trump cups", "points 60 60")
    assert at.interpret("dora", game) == LastTrick(1)
    assert at.interpret("letzter Cleo", game) == LastTrick(0)


def test_the_table_commands_go_to_the_loop() -> None:
    game, at = table("fr")
    assert at.interpret("annuler", game) == Command("undo")
    assert at.interpret("état", game) == Command("status")


def _error(lang: str, line: str, *texts: str) -> str:
    game, at = table(lang, ("Anna", "Ben", "Cleo", "Dora"), *texts)
    with pytest.raises(EntryError) as refused:
        action = at.interpret(line, game)
        game.push(action)  # type: ignore[arg-type]
    return Messages(Catalog(lang), game).error(refused.value)


@pytest.mark.parametrize("line, texts, wanted", [
    ("cante Zoe gold", ("trump cups",), "Zoe is not playing: the players are Anna, Ben, Cleo "
                                        "and Dora."),
    ("cante Anna", ("trump cups",), "Say the suit of the cante too, for example cante Anna "
                                    "gold."),
    ("cante", ("trump cups",), "Say who: type a player's name too, for example cante Anna "
                               "gold."),
    ("tute Anna", ("trump cups",), "Say whether the Tute is four Kings or four Knights, for "
                                   "example tute Anna kings."),
    ("points", ("trump cups",), "Type the card points of each side, for example points 70 "
                                "50."),
    ("points 60 50 10", ("trump cups",), "Type 2 numbers, the card points of Anna and Cleo "
                                         "and Ben and Dora in this order, for example points "
                                         "70 50."),
    ("points 130 0", ("trump cups",), "130 card points are not possible: each side takes "
                                      "from 0 to 120."),
    ("last Ben", ("trump cups",), "First the card points of each side, for example points "
                                  "70 50."),
    ("cante Anna gold", (), "First the trump of round 1: gold, cups, swords or clubs, or in "
                            "Spanish oros, copas, espadas or bastos."),
    ("c", (), "c could mean coins, cups or clubs: type more letters."),
    ("c", ("trump cups",), "Say who: type a player's name too, for example cante Anna gold."),
    ("cante Anna gold", ("trump cups", "cante 1 gold"), "Ben already made the cante in Gold "
                                                       "in this round: each suit is announced "
                                                       "only once."),
])
def test_a_wrong_line_gets_one_sentence_that_says_why(line: str, texts: tuple[str, ...],
                                                      wanted: str) -> None:
    assert _error("en", line, *texts) == wanted


SAMPLE = {"expected": 2, "got": 3, "word": "xyz", "candidates": ("cups", "clubs"), "limit": 120,
          "value": 130, "total": 130, "suit": Suit.GOLD, "seat": 1, "what": "cante",
          "entry": "Trump", "sides": 2}


def _sentence(reason: str, lang: str) -> str:
    game = Game(("Anna", "Ben"))
    game.push(Trump(Suit.CUPS))
    return Messages(Catalog(lang), game).error(EntryError(reason, **SAMPLE))


@pytest.mark.parametrize("reason", sorted(PLAY_REASONS | TYPING_REASONS | LINE_REASONS))
def test_every_tute_refusal_has_its_own_sentence_in_every_language(reason: str) -> None:
    english = _sentence(reason, "en")
    assert english != _sentence("no-such-reason", "en")
    for lang in ("de", "fr"):
        said = _sentence(reason, lang)
        assert said != _sentence("no-such-reason", lang) and said != english, (lang, said)


@settings(max_examples=300, deadline=None)
@given(line=st.text(max_size=40), lang=st.sampled_from(LANGS),
       at=st.sampled_from([(), ("trump gold",), ("trump gold", "points 60 60")]))
def test_no_typed_line_breaks_the_table_or_changes_a_refused_match(
        line: str, lang: str, at: tuple[str, ...]) -> None:
    game, table_interface = table(lang, ("Anna", "Ben", "Cleo", "Dora"), *at)
    before = game.state
    messages = Messages(Catalog(lang), game)
    try:
        action = table_interface.interpret(line, game)
        if not isinstance(action, Command):
            assert isinstance(action, Entry)  # the parser gives an entry or a command
            game.push(action)
    except EntryError as error:
        said = messages.error(error)
        assert said and "\n" not in said
        assert game.state == before


def test_a_listener_words_every_tute_notice_in_its_own_language_after_play_moved_on() -> None:
    import io

    from tutto_a11y.games import registry
    from tutto_a11y.table.reader import PlainReader
    from tutto_a11y.table.session import Table
    from tutto_a11y.text.output import Output

    class Heard:
        def __init__(self) -> None:
            self.notices: list[AnyNotice] = []

        def hear(self, notice: AnyNotice) -> None:
            self.notices.append(notice)

    game_interface = registry.find("tute").interface()
    out = io.StringIO()
    output = Output(out, prompt_on_own_line=True)
    game = game_interface.new_game(("Anna", "Ben"), game_interface.rules(None, 2, []))
    heard = Heard()
    lines = "copas\nannonce Anna copas\npoints 70 50 dernier Ben\nannuler\n"
    Table(game, game_interface.messages(Catalog("fr"), game),
          PlainReader(io.BytesIO(lines.encode()), output), output,
          listeners=[heard]).run("Début.")
    assert [n.game for n in heard.notices] == ["tute"] * 4
    german = [game_interface.word_notice(n, Catalog("de")) for n in heard.notices]
    assert german == [
        "Runde 1, Trumpf Kelche.", "Anna meldet 40 in Kelchen.",
        "Anna gewinnt Runde 1. Rundenpunkte: Anna 110, Ben 60. Gewonnene Spiele: Anna 1, "
        "Ben 0. Ben beginnt Runde 2.",
        "Zurückgenommen: die Kartenpunkte Anna 70, Ben 50 und der letzte Stich von Ben. "
        "Runde 1, Trumpf Kelche."]
    standing = game_interface.standing(game.players, game.rules, heard.notices[2].state,
                                       Catalog("en"))
    assert standing.rows == (("Anna", "1"), ("Ben", "0"))
    assert standing.now == "Round 2, Ben begins: the trump is next."
