"""Saved games read back: the list of games, the score sheet as text, and exports.

The journal is the truth: every sheet is made by replaying a game's entries through the rules,
so a sheet can never disagree with what was announced at the table. Text is in the game's own
language; JSON keys and card ids stay fixed for scripts. Nothing here prints: ``games``,
``show`` and ``export`` in ``commands/`` print what these functions return.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from typing import TYPE_CHECKING, Protocol

from tutto_a11y.config.settings import Settings, UsageProblem, store_problem
from tutto_a11y.core.contract import GameStatus
from tutto_a11y.core.record import Record
from tutto_a11y.games.registry import AnyGame
from tutto_a11y.store.rows import GameInfo, entry_seats
from tutto_a11y.store.saved import DamagedGame, interface_of, rebuild, rules_and_players
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import printable_names, terminal_safe
from tutto_a11y.text.problems import damaged_game_sentence

if TYPE_CHECKING:  # for the type checker only: each is imported when it is needed
    from tutto_a11y.braille.pages import Layout
    from tutto_a11y.store.journal import Store


class Seated(Protocol):
    """What a sheet reads of a game to name the seats that sent its entries."""

    @property
    def players(self) -> tuple[str, ...]: ...
    def entry_texts(self) -> list[str]: ...


def _load(store: Store, ref: str, catalog: Catalog) -> tuple[GameInfo, AnyGame, list[str | None]]:
    from tutto_a11y.store.errors import StoreError

    try:
        info = store.game(ref)
        entries = store.entries(info.id)
        seats = entry_seats(store.journal(info.id))
    except StoreError as error:
        raise store_problem(error, store.path, catalog) from None
    try:
        game = rebuild(info, entries)
    except DamagedGame as damaged:
        raise UsageProblem(damaged_game_sentence(damaged.game, damaged.index, catalog,
                                                 damaged.kind)) from None
    return info, game, seats


def read_game(settings: Settings, ref: str) -> tuple[GameInfo, AnyGame]:
    """A saved game replayed from its journal; problems are told in the chosen language."""
    info, game, _seats = read_game_and_seats(settings, ref)
    return info, game


def read_game_and_seats(settings: Settings,
                        ref: str) -> tuple[GameInfo, AnyGame, list[str | None]]:
    """A saved game replayed from its journal, and for each of its entries the seat that
    sent it from its own device (None: typed at the table)."""
    catalog = settings.catalog()
    store = settings.open_store(catalog, read_only=True)
    try:
        return _load(store, ref, catalog)
    finally:
        store.close()


def status_word(status: str, c: Catalog) -> str:
    words: dict[str, str] = {GameStatus.RUNNING: c.gettext("running"),
                             GameStatus.FINISHED: c.gettext("finished"),
                             GameStatus.ABANDONED: c.gettext("abandoned")}
    return words.get(status, status)


class Listed(Record):
    """One saved game of the ``games`` list: its row, and its players as they are shown, or
    None when its players or rules cannot be read (a damaged game)."""

    info: GameInfo
    players: tuple[str, ...] | None


def saved_games(settings: Settings, abandon: str | None) -> tuple[str | None, list[Listed]]:
    """Every saved game, newest first, with its players; with ``abandon`` that game is first
    marked abandoned, and its id comes back as the first value (else None)."""
    from tutto_a11y.store.errors import StoreError

    c = settings.catalog()
    store = settings.open_store(c, read_only=abandon is None)
    abandoned = None
    try:
        if abandon is not None:
            try:
                info = store.game(abandon)
                store.set_status(info.id, GameStatus.ABANDONED)
            except StoreError as error:
                raise store_problem(error, settings.path, c) from None
            abandoned = info.id
        listed = []
        for info in store.games():
            names: tuple[str, ...] | None
            try:
                _rules, names = rules_and_players(info)
            except DamagedGame as damaged:
                if damaged.kind is not None and isinstance(info.players, (list, tuple)):
                    names = tuple(str(name) for name in info.players)  # a game of another kind
                else:
                    names = None
            listed.append(Listed(info, names))
    finally:
        store.close()
    return abandoned, listed


def sheet_lines(settings: Settings, ref: str) -> list[str]:
    """The score sheet of a saved game as ``show`` prints it: one turn per line, then the
    standing. With seats, a turn's line ends with who sent it ("Sent by Anna.").

    In the chosen language (``--lang``/``TUTTO_LANG``), else in the game's own language, as a
    resumed game goes on in it.
    """
    info, game, seats = read_game_and_seats(settings, ref)
    c = Catalog(settings.lang or info.lang)
    return list(interface_of(info).show_lines(info, game, c, status_word(info.status, c),
                                              printable_seats(game, seats)))


def printable_seats(game: Seated, seats: list[str | None]) -> list[str | None]:
    """The seats that sent each entry, as a printed sheet names them: a seat is a player,
    so it takes the player's printable name (see ``with_printable_names``)."""
    shown = dict(zip(game.players, printable_names(game.players), strict=True))
    return [None if seat is None else shown.get(seat) or terminal_safe(seat) or "?"
            for seat in seats]


def seat_rows(game: Seated, seats: list[str | None]) -> list[tuple[int, str, str]]:
    """The entries a seat sent: (number, the entry as saved, the seat's name)."""
    texts = game.entry_texts()
    return [(number, texts[number - 1], seat)
            for number, seat in enumerate(seats, start=1) if seat is not None]


def export_text(settings: Settings, ref: str, fmt: str,
                braille: tuple[int, Layout] | None = None) -> str:
    """A saved game in an export format (``json``, ``csv``, ``md``, ``brf``,
    ``txt-braille``), as the whole text to write, its last line ended; ``braille`` is the grade
    and the page (:class:`~tutto_a11y.braille.pages.Layout`) of the Braille formats.

    With seats, every turn or round (a row, a line, a JSON object) names who sent it, in the
    export's language; JSON also lists the entries sent, as the journal saves them."""
    info, game, seats = read_game_and_seats(settings, ref)
    c = Catalog(settings.lang or info.lang)  # headers: the chosen language, else the game's own
    game_interface = interface_of(info)
    shown = printable_seats(game, seats)
    if fmt in ("brf", "txt-braille"):
        from tutto_a11y.braille.pages import Layout
        from tutto_a11y.braille.paper import braille_text

        grade, layout = braille if braille is not None else (2, Layout())
        lines = game_interface.braille_sheet(info, game, c, status_word(info.status, c), shown)
        return braille_text(lines, c.lang, grade, layout, fmt, c)
    if fmt == "json":
        data = game_interface.export_json(info, game, seats)
        sent = seat_rows(game, seats)  # the entries sent from a seat's own device, if any
        if sent:  # added only then: a game without seats exports as it always did
            data["seats"] = [{"entry": number, "text": text, "seat": seat}
                             for number, text, seat in sent]
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return export_csv(game_interface.sheet_table(game, c, shown))
    return export_markdown(game_interface.sheet_table(game, c, shown))


#: What a spreadsheet takes for the start of a formula (or, tab and CR, of a new cell).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def spreadsheet_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one that would start a formula (a player named
    ``=HYPERLINK(...)``) gets a leading ``'``, the spreadsheets' own mark for text. Numbers,
    negative scores too, stay numbers."""
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def export_csv(table: tuple[list[str], list[list[str]]]) -> str:
    """A game's paper sheet as CSV: the header row, then the rows; no cell is a formula."""
    header, rows = table
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([spreadsheet_cell(h) for h in header])
    writer.writerows([spreadsheet_cell(v) for v in row] for row in rows)
    return out.getvalue()


def export_markdown(table: tuple[list[str], list[list[str]]]) -> str:
    """A game's paper sheet as a Markdown table. A ``|`` in a name is escaped, and so is HTML
    (Markdown passes it through: a player named ``<script>`` would be a script on the page
    the table is shown in)."""
    header, rows = table

    def cell(text: str) -> str:
        return html.escape(text, quote=False).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
