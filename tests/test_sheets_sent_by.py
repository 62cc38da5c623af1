"""A score sheet names, on a turn's or a round's own line, who sent it from their own device.

With the live view's seats a player may send an entry from a phone; the journal keeps which
seat sent which entry (its ``journal_seats`` side table). ``show``, CSV, Markdown, JSON and the
Braille sheet say it on the line of the turn (Tutto, Yatzee) or round (Tute) the entries made,
in the export's language ("Sent by Anna.", "Eingabe von Anna.", "Envoyé par Anna."), never as
the journal's own English tokens ("card bonus-300", "roll 152346"). The games are written with
the store's own API, as the table writes them, and read back by the real program.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import printed_lines
from tutto_a11y.games import registry
from tutto_a11y.store.journal import Store
from tutto_a11y.store.saved import rebuild
from tutto_a11y.text.i18n import Catalog

#: A Tutto game: Anna's phone sends her card, roll and set-aside, the table types the bank;
#: Ben's phone sends his Stop; Anna's phone sends a card and takes it back; the table types
#: Anna's next turn, a Street ended by a Stop that takes the 2000 it made; Ben's phone sends
#: a card of a turn not finished yet.
TUTTO = [
    ("card bonus-300", "Anna"), ("roll 152346", "Anna"), ("aside 15", "Anna"), ("bank", None),
    ("card stop", "Ben"),
    ("card fireworks", "Anna"), (None, "Anna"),
    ("card street", None), ("roll 444442", None), ("aside 42", None), ("roll 1111", None),
    ("aside 1", None), ("roll 663", None), ("aside 63", None), ("roll 5", None),
    ("aside 5", None), ("card stop", None),
    ("card x2", "Ben"),
]

SHOWN = {
    "en": ["Turn 1, Anna, Bonus 300: banked, 150 points, score 150. Partly sent by Anna.",
           "Turn 2, Ben, Stop: stopped, 0 points, score 0. Sent by Ben.",
           "Turn 3, Anna, Street, Stop: stopped, 2000 lost, score 150."],
    "de": ["Zug 1, Anna, Bonus 300: aufgeschrieben, 150 Punkte, Stand 150. Teils Eingabe von "
           "Anna.",
           "Zug 2, Ben, Stopp: gestoppt, 0 Punkte, Stand 0. Eingabe von Ben.",
           "Zug 3, Anna, Straße, Stopp: gestoppt, 2000 Punkte verloren, Stand 150."],
    "fr": ["Tour 1, Anna, bonus 300\u00a0: marqué, 150 points, score 150. En partie envoyé par "
           "Anna.",
           "Tour 2, Ben, stop\u00a0: arrêté, 0 point, score 0. Envoyé par Ben.",
           "Tour 3, Anna, suite, stop\u00a0: arrêté, 2000 points perdus, score 150."],
}


def saved(tmp_path: Path, kind: str, players: list[str], lang: str,
          journal: Sequence[tuple[str | None, str | None]]) -> Path:
    """A games file holding one game of ``kind`` whose journal is ``journal``: (entry, seat)
    pairs, an entry of None being an undo."""
    db = tmp_path / f"{kind}-{lang}.sqlite3"
    game_interface = registry.find(kind).interface()
    store = Store.open(db)
    try:
        info = store.create_game(
            lang, game_interface.rules_as_dict(game_interface.rules(None, None, ())), players,
            kind=kind)
        for text, seat in journal:
            if text is None:
                store.append_undo(info.id, seat=seat)
            else:
                store.append(info.id, text, seat=seat)
        rebuild(store.game(info.id), store.entries(info.id))  # the journal replays
    finally:
        store.close()
    return db


def tally(db: Path, args: list[str], env: dict[str, str]) -> str:
    return "\n".join(printed_lines([*args, "--db", str(db)], env)) + "\n"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_show_ends_each_turn_with_who_sent_it_in_the_games_language(
        lang: str, tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = saved(tmp_path, "tutto", ["Anna", "Ben"], lang, TUTTO)
    shown = tally(db, ["show", "1"], clean_env).splitlines()
    assert shown[1:4] == SHOWN[lang]
    assert len(shown) == 5  # the turn still open (Ben's x2) has no line, and no summary follows
    assert not any("card " in line or "roll " in line for line in shown)


def test_the_paper_sheets_name_the_sender_in_a_column_of_the_exports_language(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = saved(tmp_path, "tutto", ["Anna", "Ben"], "de", TUTTO)
    csv = tally(db, ["export", "1", "--format", "csv"], clean_env).splitlines()
    assert csv[0] == "Zug,Spieler,Karten,Ergebnis,Punkte,Anna,Ben,Eingabe von"
    assert csv[1].endswith(",150,0,Anna (teils)")
    assert csv[2].endswith(",150,0,Ben")
    assert csv[3] == "3,Anna,\"Straße, Stopp\",gestoppt,0,150,0,"
    assert len(csv) == 4  # no second table of journal tokens
    markdown = tally(db, ["--lang", "fr", "export", "1", "--format", "md"], clean_env)
    assert "| Envoyé par |" in markdown.splitlines()[0]
    assert "| En partie envoyé par" not in markdown and "| Anna (en partie) |" in markdown
    for token in ("card bonus-300", "roll 152346", "aside 15", "card stop"):
        assert token not in markdown and token not in "\n".join(csv)


def test_json_keeps_its_keys_and_adds_who_sent_each_turn(tmp_path: Path,
                                                         clean_env: dict[str, str]) -> None:
    db = saved(tmp_path, "tutto", ["Anna", "Ben"], "en", TUTTO)
    data = json.loads(tally(db, ["export", "1", "--format", "json"], clean_env))
    assert [turn["sent_by"] for turn in data["turns"]] == [["Anna"], ["Ben"], []]
    assert data["turns"][0] == {"player": "Anna", "cards": ["bonus-300"], "points": 150,
                                "outcome": "banked", "sent_by": ["Anna"]}
    # The entries sent, as the journal saves them, for scripts: the undone card is gone.
    assert data["seats"] == [{"entry": 1, "text": "card bonus-300", "seat": "Anna"},
                             {"entry": 2, "text": "roll 152346", "seat": "Anna"},
                             {"entry": 3, "text": "aside 15", "seat": "Anna"},
                             {"entry": 5, "text": "card stop", "seat": "Ben"},
                             {"entry": 16, "text": "card x2", "seat": "Ben"}]


def test_a_game_without_seats_names_nobody_and_keeps_its_columns(
        tmp_path: Path, clean_env: dict[str, str]) -> None:
    db = saved(tmp_path, "tutto", ["Anna", "Ben"], "en", [(text, None) for text, _ in TUTTO])
    assert "Sent by" not in tally(db, ["show", "1"], clean_env)
    assert tally(db, ["export", "1", "--format", "csv"], clean_env).splitlines()[0] == \
        "Turn,Player,Cards,Outcome,Points,Anna,Ben"
    data = json.loads(tally(db, ["export", "1", "--format", "json"], clean_env))
    assert "seats" not in data and all("sent_by" not in turn for turn in data["turns"])


def test_the_braille_sheet_ends_each_turn_with_who_sent_it(tmp_path: Path,
                                                           clean_env: dict[str, str]) -> None:
    db = saved(tmp_path, "tutto", ["Anna", "Ben"], "en", TUTTO)
    store = Store.open(db, read_only=True)
    try:
        info = store.game("1")
        game = rebuild(info, store.entries(info.id))
    finally:
        store.close()
    sent = ["Anna", "Anna", "Anna", None, "Ben"] + [None] * 10 + ["Ben"]
    lines = registry.find("tutto").interface().braille_sheet(info, game, Catalog("en"), "running",
                                                             sent)
    assert "Turn 2, Ben, Stop: stopped, 0 points, score 0. Sent by Ben." in lines
    # The real export, in print Braille's Unicode cells, is one line longer for it.
    plain = saved(tmp_path / "plain", "tutto", ["Anna", "Ben"], "en",
                  [(text, None) for text, _ in TUTTO])
    seated = tally(db, ["export", "1", "--format", "txt-braille"], clean_env)
    unseated = tally(plain, ["export", "1", "--format", "txt-braille"], clean_env)
    assert seated != unseated


YATZEE = [("roll 123456", "Anna"), ("write small-straight", "Anna"),
          ("roll 223344", None), ("write two-pairs", "Ben")]
TUTE = [("trump gold", "Ben"), ("cante 1 cups", "Ben"), ("points 70 30 20", None),
        ("last 1", "Cleo")]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_yatzee_turns_and_tute_rounds_say_who_sent_them(lang: str, tmp_path: Path,
                                                         clean_env: dict[str, str]) -> None:
    c = Catalog(lang)
    db = saved(tmp_path, "yatzee", ["Anna", "Ben"], lang, YATZEE)
    shown = tally(db, ["show", "1"], clean_env).splitlines()
    assert shown[1].endswith(" " + c.gettext("Sent by {seat}.", seat="Anna")), shown[1]
    assert shown[2].endswith(" " + c.gettext("Partly sent by {seat}.", seat="Ben")), shown[2]
    data = json.loads(tally(db, ["export", "1", "--format", "json"], clean_env))
    assert [turn["sent_by"] for turn in data["turns"]] == [["Anna"], ["Ben"]]
    db = saved(tmp_path, "tute", ["Anna", "Ben", "Cleo"], lang, TUTE)
    shown = tally(db, ["show", "1"], clean_env).splitlines()
    together = c.gettext("{names} and {last}", names="Ben", last="Cleo")
    assert shown[1].endswith(" " + c.gettext("Partly sent by {seat}.", seat=together))
    csv = tally(db, ["export", "1", "--format", "csv"], clean_env).splitlines()
    assert csv[0].endswith("," + c.gettext("Sent by"))
    assert csv[1].endswith("," + c.gettext("{seat} (partly)", seat=together))
    data = json.loads(tally(db, ["export", "1", "--format", "json"], clean_env))
    assert data["rounds"][0]["sent_by"] == ["Ben", "Cleo"]
