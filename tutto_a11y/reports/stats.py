"""Statistics across finished games: who wins most, and how each player plays.

A weekly group wants to hear who has won most this season; paper never could tell them. The
figures come from the games file alone: every finished game is replayed from its journal
through the rules (:func:`saved.rebuild`, the path the score sheets take), so a statistic can
never disagree with what was announced at the table, and a hand-edited game that the rules
refuse is named as damaged and left out while the others still count.

The computation part of this module is pure (rebuilt games in, figures out); only
:func:`count_games` at the end opens the file and keeps each game's figures in it, so the next
run need not replay games that have not changed. Printing them is the command's
(``commands/stats.py``). Each game adds its own figures
(``games/<name>/figures.py``), found through its interface in the registry.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from collections import Counter
from datetime import date, datetime
from typing import TYPE_CHECKING

from tutto_a11y.config.settings import Settings, UsageProblem
from tutto_a11y.core.contract import GameStatus, PlayedGame, StatsFigures, whole_average
from tutto_a11y.core.record import Record
from tutto_a11y.games import registry
from tutto_a11y.store.rows import GameInfo
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.names import terminal_safe

if TYPE_CHECKING:  # for the type checker only: the store is opened when figures are counted
    from tutto_a11y.store.journal import Store


def name_key(name: str) -> str:
    """The one spelling all ways of writing a player's name share: no case, no accents.

    "José", "jose" and "JOSÉ" are one player at the weekly table, whatever keyboard typed
    them; decomposing (NFKD) and dropping the combining marks removes the accents, and
    casefold removes case (also "ß" against "SS").
    """
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFKC", " ".join(bare.split()))


def local_day(created: str) -> date | None:
    """The day (in local time) a game was started, from its stored UTC time; None if unreadable.

    ``--since`` counts the day the group sat down to play, as the ``games`` list shows it.
    """
    try:
        moment = datetime.fromisoformat(created.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.date()


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(text: str) -> date | None:
    """An ISO date (YYYY-MM-DD) as typed after ``--since``; None when it is not one."""
    text = text.strip()
    if not (text.isascii() and _ISO_DAY.fullmatch(text)):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


# -- per-game figures, by game kind --------------------------------------------------------------

def figures_of(kind: str) -> StatsFigures[PlayedGame]:
    """What a game of ``kind`` adds to the statistics, from its interface (the registry)."""
    figures = registry.find(kind).interface().stats_figures()
    assert figures is not None, f"{kind} keeps no statistics"  # refused by count_games
    return figures


def game_kind(info: GameInfo) -> str:
    """The kind of a saved game, as the games file keeps it (older files: all Tutto)."""
    return info.kind


# -- adding up ------------------------------------------------------------------------------------

class PlayerTotals:
    """One player across games, however their name was typed: added to game by game, so an
    object that changes, not a record."""

    __slots__ = ("spellings", "games", "wins", "score_sum", "best", "counters")

    def __init__(self) -> None:
        self.spellings: Counter[str] = Counter()  # in the order first seen
        self.games = 0
        self.wins = 0
        self.score_sum = 0
        self.best: int | None = None
        self.counters: Counter[str] = Counter()

    def shown_name(self) -> str:
        """The spelling used most often; on a tie the one seen first (oldest game first)."""
        best = max(self.spellings.values())
        return next(name for name in self.spellings if self.spellings[name] == best)


class Statistics:
    """The added-up figures of one game kind; :meth:`as_json` is the JSON of docs/interface.md.
    Games are added one by one (:meth:`add`), so it changes: an object, not a record."""

    __slots__ = ("kind", "games", "players", "damaged")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.games = 0
        self.players: dict[str, PlayerTotals] = {}
        self.damaged: list[str] = []

    def add(self, game: GameFigures, only: str | None = None) -> None:
        """One finished game. A shared win counts as a win for each winner.

        With ``only`` (a :func:`name_key`) just that player is counted.
        """
        won, scores, figures = set(game.winners), game.scores, game.figures
        counted = False
        seen: set[str] = set()
        for seat, name in enumerate(game.players):
            key = name_key(name)
            if key in seen:
                # "René" and "Rene" at one table are two people: the later seat is counted
                # under its own spelling, so nobody plays a game twice.
                key = f"{key}\x00{name}"
            seen.add(key)
            if only is not None and key != only:
                continue
            counted = True
            totals = self.players.get(key)
            if totals is None:
                totals = self.players[key] = PlayerTotals()
            totals.spellings[name] += 1
            totals.games += 1
            totals.wins += seat in won
            totals.score_sum += scores[seat]
            totals.best = scores[seat] if totals.best is None else max(totals.best, scores[seat])
            totals.counters.update(figures[seat])
        self.games += counted

    def ranked(self, counters: bool = False) -> list[dict[str, object]]:
        """One entry per player: most wins first, then the higher average score, then name.

        ``counters`` adds the summed counters the JSON figures are made of, for a line that
        must not say a rounded figure as if it were exact (a bonus in 1 of 300 games is not "0
        percent"); the JSON goes without them.
        """
        shown = figures_of(self.kind).shown
        players: list[tuple[tuple[int, int, str], dict[str, object]]] = []
        for key, t in self.players.items():
            average = whole_average(t.score_sum, t.games)
            player: dict[str, object] = {
                "name": t.shown_name(), "games": t.games, "wins": t.wins,
                "average_score": average, "best_score": t.best if t.best is not None else 0,
                **shown(dict(t.counters))}
            if counters:
                player["counters"] = dict(t.counters)
            players.append(((-t.wins, -average, key), player))
        players.sort(key=lambda ranked: ranked[0])
        return [player for _order, player in players]

    def as_json(self) -> dict[str, object]:
        return {"game": self.kind, "games": self.games, "players": self.ranked(),
                "damaged_games": list(self.damaged)}


class GameFigures(Record):
    """What one finished game adds to the statistics; kept in the games file between runs."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    figures: tuple[dict[str, int], ...]  # per seat, the game kind's counters

    def as_text(self) -> str:
        return json.dumps({"players": self.players, "scores": self.scores,
                           "winners": self.winners, "figures": self.figures},
                          ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_text(cls, text: str) -> GameFigures | None:
        """Figures kept by an earlier run; None when they are not what this version writes."""
        try:
            data = json.loads(text)
            players = tuple(data["players"])
            scores = tuple(data["scores"])
            winners = tuple(data["winners"])
            figures = tuple(dict(f) for f in data["figures"])
        except (ValueError, TypeError, KeyError, RecursionError):
            return None
        seats = len(players)
        if not (seats and len(scores) == seats == len(figures)
                and all(isinstance(n, str) for n in players)
                and all(type(v) is int for v in scores)
                and all(type(w) is int and 0 <= w < seats for w in winners)
                and all(isinstance(k, str) and type(v) is int
                        for f in figures for k, v in f.items())):
            return None
        return cls(players, scores, winners, figures)


def game_figures(game: PlayedGame, kind: str) -> GameFigures:
    """The figures of one rebuilt, finished game of ``kind``."""
    figures = figures_of(kind)
    return GameFigures(tuple(game.players), figures.scores(game),
                       tuple(game.state.winners), tuple(figures.figures(game)))


def keep_finished_game(store: Store, game_id: str, game: PlayedGame) -> None:
    """Keep a game's figures the moment it ends, so no later ``stats`` has to replay it.

    Called by the play loop after the game was marked finished (the digest covers that
    status, so an undo of the last entry makes these figures stale again). It never raises:
    the figures are only a saving for ``stats``, never a reason to disturb the game.
    """
    try:
        digest = store.digests(game_id).get(game_id)
        if digest is None or registry.find(game.kind).interface().stats_figures() is None:
            return
        key = f"{FIGURES_VERSION}:{game.kind}:{digest}"
        store.keep_derived_figures({game_id: (key, game_figures(game, game.kind).as_text())})
    except Exception:  # noqa: BLE001 - a lost saving, nothing more
        pass


def text_lines(stats: Statistics, c: Catalog, since: date | None) -> list[str]:
    """The statistics as lines to print and read aloud: a heading, then one line a player."""
    title = registry.find(stats.kind).title_in(c)
    if since is None:
        heading = c.ngettext("{game}: {n} finished game.", "{game}: {n} finished games.",
                             stats.games, game=title)
    else:
        heading = c.ngettext("{game} since {date}: {n} finished game.",
                             "{game} since {date}: {n} finished games.", stats.games,
                             game=title, date=since.isoformat())
    line = figures_of(stats.kind).line
    return [heading] + [line(c, p) for p in stats.ranked(counters=True)]


# -- reading the games file ----------------------------------------------------------------------

class Count(Record):
    """What ``stats`` counted: the figures, and what was asked (for the sentences that say
    why nothing was counted)."""

    stats: Statistics
    player: str | None  # --player as typed
    only: str | None  # its name_key
    since: date | None

    def lines(self, c: Catalog) -> list[str]:
        """The statistics as text: a heading and a line a player, or why there are none."""
        if self.stats.games:
            return text_lines(self.stats, c, self.since)
        if self.only is not None:
            return [c.gettext("No finished game has a player called {name}.",
                              name=terminal_safe(self.player or "", limit=40))]
        if self.since is not None:
            return [c.gettext("No finished game was started on or after {date}.",
                              date=self.since.isoformat())]
        if self.stats.damaged:
            return []  # the damaged games are named (damaged_lines): "no games yet" is untrue
        return [c.gettext("There are no finished games yet.")]

    def damaged_lines(self, c: Catalog) -> list[str]:
        """One sentence for each game left out because it is damaged."""
        return [c.gettext("Game {game} is damaged and left out of the statistics.", game=g)
                for g in self.stats.damaged]


def count_games(settings: Settings, kind: str, player: str | None,
                since_text: str | None) -> Count:
    """Read every finished game of ``kind`` (of ``player``, since ``since_text``) and add up
    its figures; the options are refused in one sentence (a :class:`UsageProblem`).

    The games themselves are only read; what each game adds up to is kept in the same file
    (see :meth:`Store.keep_derived_figures`) so that the next run need not replay it.
    """
    from tutto_a11y.core.contract import EntryError
    from tutto_a11y.store.journal import StoreError
    from tutto_a11y.text.names import clean_name
    from tutto_a11y.text.problems import entry_error_sentence, store_error_sentence

    c = settings.catalog()
    game = registry.find(kind)
    kind = game.name
    if game.interface().stats_figures() is None:
        raise UsageProblem(c.gettext("Statistics for {game} are not available yet: only Tutto "
                                     "games can be kept so far.", game=game.title_in(c)))
    since = None
    if since_text is not None:
        since = parse_day(since_text)
        if since is None:
            raise UsageProblem(c.gettext("{value} is not a date: give it as year-month-day, "
                                         "for example 2026-01-31.",
                                         value=terminal_safe(since_text, limit=40) or '""'))
    only = None
    if player is not None:
        try:
            only = name_key(clean_name(player))
        except EntryError as error:
            raise UsageProblem(entry_error_sentence(error, c)) from None

    stats = Statistics(kind)
    store = settings.open_store(c, read_only=True)
    fresh: dict[str, tuple[str, str]] = {}
    try:
        try:
            digests, derived = store.digests(), store.derived_figures()
        except StoreError as error:
            raise UsageProblem(store_error_sentence(error.reason, error.data, str(store.path),
                                                    c)) from None
        rows = sorted((info for info in store.games() if info.status == GameStatus.FINISHED),
                      key=lambda info: int(info.id))  # oldest first: "first seen" spellings
        for info in rows:
            if since is not None and (local_day(info.created) or date.min) < since:
                continue
            if info.damaged:
                stats.damaged.append(info.id)
                continue
            if game_kind(info) != kind:
                continue
            if only is not None and not any(isinstance(n, str) and name_key(n) == only
                                            for n in info.players):
                continue
            key = f"{FIGURES_VERSION}:{kind}:{digests.get(info.id, '')}"
            result = _earlier_figures(derived.get(info.id), key)
            if result is None:
                result = _replayed(store, info, kind, c)
                fresh[info.id] = (key, result if isinstance(result, str) else result.as_text())
            if result == DAMAGED:
                stats.damaged.append(info.id)
            elif isinstance(result, GameFigures):
                stats.add(result, only)
    finally:
        store.close()
    if fresh:
        _keep(settings, fresh)
    return Count(stats, player, only, since)


#: Raised whenever what a game adds up to changes, so that figures kept by an older version
#: are computed again.
FIGURES_VERSION = 1
DAMAGED = "damaged"  # kept for a game the rules refuse, so it is not replayed every time
NOT_OVER = "not-over"  # marked finished, but its journal does not end the game: not counted


def _earlier_figures(derived: tuple[str, str] | None, key: str) -> GameFigures | str | None:
    """Figures an earlier run kept for a game that has not changed since; else None."""
    if derived is None or derived[0] != key:
        return None
    if derived[1] in (DAMAGED, NOT_OVER):
        return derived[1]
    return GameFigures.from_text(derived[1])


def _replayed(store: Store, info: GameInfo, kind: str, c: Catalog) -> GameFigures | str:
    """One game replayed through the rules: its figures, DAMAGED or NOT_OVER."""
    from tutto_a11y.store.journal import StoreError
    from tutto_a11y.store.saved import DamagedGame, rebuild
    from tutto_a11y.text.problems import store_error_sentence

    try:
        game = rebuild(info, store.entries(info.id))
    except DamagedGame:
        return DAMAGED
    except StoreError as error:
        if error.reason != "damaged-game":
            raise UsageProblem(store_error_sentence(error.reason, error.data, str(store.path),
                                                    c)) from None
        return DAMAGED
    return game_figures(game, kind) if game.finished else NOT_OVER


def _keep(settings: Settings, fresh: dict[str, tuple[str, str]]) -> None:
    """Keep newly computed figures in the games file, when it can be written; else nothing.

    They only save the next run its replay: a read-only backup, a full disk or a game being
    written at this moment simply means they are computed again next time.
    """
    from tutto_a11y.store.journal import Store, StoreError

    path = settings.path
    if not path.is_file():
        return
    try:
        store = Store.open(path)
    except (StoreError, OSError):
        return
    try:
        store.keep_derived_figures(fresh)
    except (StoreError, OSError, sqlite3.Error):  # e.g. the table was changed by hand
        pass
    finally:
        store.close()
