"""Saved games read back: the list of games, the score sheet as text, and exports.

The journal is the truth: every sheet is made by replaying a game's entries through the rules,
so a sheet can never disagree with what was announced at the table. Text is in the game's own
language; JSON keys and card ids stay fixed for scripts.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import click

from tutto_a11y.settings import Settings, UsageProblem, store_problem
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.text.names import printable_names
from tutto_a11y.text.output import echo_wrapped
from tutto_a11y.text.problems import damaged_game_sentence
from tutto_a11y.store.saved import DamagedGame, rebuild, rules_and_players
from tutto_a11y.games.tutto.rules import Game
from tutto_a11y.games.tutto.rules.events import TurnOutcome, TurnRecord


def _load(store: Any, ref: str, catalog: Catalog) -> tuple[Any, Game]:
    from tutto_a11y.store.journal import StoreError

    try:
        info = store.game(ref)
        entries = store.entries(info.id)
    except StoreError as error:
        raise store_problem(error, store.path, catalog) from None
    try:
        game = rebuild(info, entries)
    except DamagedGame as damaged:
        raise UsageProblem(damaged_game_sentence(damaged.game, damaged.index, catalog,
                                                 damaged.kind))
    return info, game


def _read_game(settings: Settings, ref: str) -> tuple[Any, Game]:
    """A saved game replayed from its journal; problems are told in the chosen language."""
    catalog = settings.catalog()
    store = settings.open_store(catalog, read_only=True)
    try:
        return _load(store, ref, catalog)
    finally:
        store.close()


def status_word(status: str, c: Catalog) -> str:
    return {"running": c.gettext("running"), "finished": c.gettext("finished"),
            "abandoned": c.gettext("abandoned")}.get(status, status)


def outcome_word(outcome: TurnOutcome, c: Catalog) -> str:
    return {
        TurnOutcome.BANKED: c.gettext("banked"), TurnOutcome.NIETE: c.gettext("Niete"),
        TurnOutcome.STOP_CARD: c.gettext("stopped"),
        TurnOutcome.FIREWORKS: c.gettext("banked by Fireworks"),
        TurnOutcome.PLUS_MINUS: c.gettext("Plus/Minus Tutto"),
        TurnOutcome.CLOVERLEAF: c.gettext("Cloverleaf win"),
    }[outcome]


def _safe_game(game: Game) -> Game:
    """The game with printable player names, for sheets; the journal itself is untouched."""
    safe = printable_names(game.players)
    if safe == game.players:
        return game
    shown = Game(safe, game.rules)
    for entry in game.entries:
        shown.push(entry)
    return shown


def list_games(settings: Settings, abandon: str | None) -> int:
    """``tutto-tally games``: one line per game, newest first."""
    from tutto_a11y.store.journal import StoreError

    c, width = settings.catalog(), settings.width
    store = settings.open_store(c, read_only=abandon is None)
    try:
        if abandon is not None:
            try:
                info = store.game(abandon)
                store.set_status(info.id, "abandoned")
            except StoreError as error:
                raise store_problem(error, settings.path, c) from None
            echo_wrapped(c.gettext("Game {game} is marked abandoned.", game=info.id), width)
        games = store.games()
        if not games:
            echo_wrapped(c.gettext("There are no saved games yet."), width)
        for info in games:
            try:
                _rules, names = rules_and_players(info)
            except DamagedGame:
                echo_wrapped(c.gettext("Game {game} is damaged: its players or rules cannot be "
                                "read.", game=info.id), width)
                continue
            echo_wrapped(c.gettext("Game {game}, {date}: {players}, {status}.", game=info.id,
                            date=info.created[:16].replace("T", " "),
                            players=", ".join(printable_names(names)),
                            status=status_word(info.status, c)), width)
    finally:
        store.close()
    return 0


def show_game(settings: Settings, ref: str) -> int:
    """``tutto-tally show GAME``: the score sheet, one turn per line, then the standing.

    In the chosen language (``--lang``/``TUTTO_LANG``), else in the game's own language, as a
    resumed game goes on in it.
    """
    info, game = _read_game(settings, ref)
    game = _safe_game(game)
    c, width = Catalog(settings.lang or info.lang), settings.width
    m = Messages(c, game)
    echo_wrapped(c.gettext("Game {game}: {players}. Target {target}, {rules}. {status}.",
                    game=info.id, players=m.names(range(len(game.players))),
                    target=game.rules.target, rules=m.rules_name(),
                    status=status_word(info.status, c).capitalize()), width)
    for number, (record, _scores) in enumerate(game.score_sheet(), start=1):
        echo_wrapped(c.gettext("Turn {number}, {name}, {cards}: {outcome}, {points} points, "
                        "score {score}.", number=number, name=game.players[record.seat],
                        cards=", ".join(m.card(card) for card in record.cards),
                        outcome=outcome_word(record.outcome, c), points=record.points,
                        score=record.score), width)
    if game.finished:
        winners = game.state.winners
        echo_wrapped(c.ngettext("Winner: {names}.", "Winners: {names}.", len(winners),
                         names=m.names(winners)), width)
    echo_wrapped(m.scores(), width)
    return 0


def export_game(settings: Settings, ref: str, fmt: str) -> int:
    """``tutto-tally export GAME --format json|csv|md``."""
    info, game = _read_game(settings, ref)
    c = Catalog(settings.lang or info.lang)  # headers: the chosen language, else the game's own
    if fmt == "json":
        click.echo(json.dumps(export_json(info, game), ensure_ascii=False, indent=2))
    elif fmt == "csv":
        click.echo(export_csv(game, c), nl=False)
    else:
        click.echo(export_markdown(game, c), nl=False)
    return 0


def export_json(info: Any, game: Game) -> dict[str, Any]:
    """The export contract of INTERFACE.md."""
    state = game.state
    status = "finished" if game.finished else info.status
    return {
        "game": info.kind,
        "id": info.id,
        "lang": info.lang,
        "rules": game.rules.as_dict(),
        "status": status,
        "winners": [game.players[s] for s in state.winners] if game.finished else [],
        "players": [{"name": name, "score": state.scores[i], "turns": state.turns[i]}
                    for i, name in enumerate(game.players)],
        "turns": [_turn_json(game, record) for record in game.turn_records()],
    }


def _turn_json(game: Game, record: TurnRecord) -> dict[str, Any]:
    return {"player": game.players[record.seat], "cards": [c.value for c in record.cards],
            "points": record.points, "outcome": record.outcome.value}


def _sheet_rows(game: Game, c: Catalog) -> tuple[list[str], list[list[str]]]:
    """The paper score sheet: one row per turn, with every player's score after it."""
    game = _safe_game(game)
    m = Messages(c, game)
    header = [c.gettext("Turn"), c.gettext("Player"), c.gettext("Cards"), c.gettext("Outcome"),
              c.gettext("Points"), *game.players]
    rows = []
    for number, (record, scores) in enumerate(game.score_sheet(), start=1):
        rows.append([str(number), game.players[record.seat],
                     ", ".join(m.card(card) for card in record.cards),
                     outcome_word(record.outcome, c), str(record.points),
                     *(str(s) for s in scores)])
    return header, rows


def export_csv(game: Game, c: Catalog) -> str:
    header, rows = _sheet_rows(game, c)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def export_markdown(game: Game, c: Catalog) -> str:
    header, rows = _sheet_rows(game, c)

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
