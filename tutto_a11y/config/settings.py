"""The resolved settings of a run, the one context object, built once at the edge and passed in.

What a command needs from how the program was started (language, width, games file, plain
mode, game kind) arrives as a :class:`Settings`, built from the command's parameters by
:meth:`Settings.given` (for ``play`` read before click or by it, for every other command by
click), and a problem with how it was started travels back up as a :class:`UsageProblem`
already worded in the game's language. Opening the games file and wording its failure is
written once, here, for every command.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, cast

from tutto_a11y.core.record import Record, field
from tutto_a11y.text.i18n import Catalog, chosen_lang, lang_from_environment, normalise_lang

if TYPE_CHECKING:  # for the type checker only: the store is imported when a game file is opened
    from tutto_a11y.store.errors import StoreError
    from tutto_a11y.store.journal import Store

#: A value as a checker gives it (``parse``: a whole number or a text) or a yes-or-no flag:
#: what a kept setting holds once checked.
Checked = int | str | bool

#: A command's parameter as it is read before click or by click: a checked value, a repeated
#: option's values (``--rule``), or None when no source gives it.
ParamValue = int | str | bool | tuple[str, ...] | None


class UsageProblem(Exception):
    """A problem with how the program was started, already worded in the game's language."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def default_lang(env: Mapping[str, str], from_file: str | None = None) -> str:
    """The language when no ``--lang`` is given: ``TUTTO_LANG``, the settings file's ``lang``
    (``from_file``), the locale. A language that is no supported one is English, so that the
    sentence refusing it can be read (the command line is read in ``config/command_line.py``)."""
    if env.get("TUTTO_LANG"):
        return normalise_lang(env["TUTTO_LANG"]) or "en"
    if from_file:
        return normalise_lang(from_file) or "en"
    return lang_from_environment(env)


def resolve_path(db: str | None) -> Path:
    """The games file: ``--db`` as given, else the per-user default."""
    from tutto_a11y.store.journal import default_db_path

    return Path(db).expanduser() if db else default_db_path()


class Settings(Record):
    """How this run was started: given by the user (``lang`` None = not chosen) or defaulted.

    Built once by ``cli/`` and passed to the rooms (table, sheets, stats, speech), so that a
    test or a later front end (the live view) can build its own without click.
    """

    lang: str | None = None
    width: int | None = None
    db: str | None = None
    plain: bool = False
    #: The game to play, a registry name; None: the registry's ``DEFAULT`` (settings sit below
    #: the registry, so they leave the choice to whoever finds the game).
    game: str | None = None
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ), repr=False)

    @classmethod
    def given(cls, params: Mapping[str, ParamValue], game: str | None = None) -> Settings:
        """The settings from a command's parameters, however they were read: its global options
        (``--lang``, ``--width``, ``--db``, ``--plain``), and ``play``'s ``--game``. The one
        place a run's settings are built, for ``play`` and every other command alike. Each
        value has the type its option's checker gives (``config/options.py``)."""
        return cls(lang=cast("str | None", params["lang"]),
                   width=cast("int | None", params["width"]),
                   db=cast("str | None", params["db"]), plain=cast(bool, params["plain"]),
                   game=game)

    @property
    def path(self) -> Path:
        return resolve_path(self.db)

    def columns(self, err: bool = False) -> int | None:
        """The width lines to stdout (or stderr) wrap at: ``--width``, else the terminal's in
        terminal mode, so that a terminal never cuts a word; to a pipe or a file, none."""
        import sys

        from tutto_a11y.text.output import line_width

        return line_width(self.width, sys.stderr if err else sys.stdout, self.plain)

    def catalog(self) -> Catalog:
        """The catalog of the chosen language, or of the environment's when none was chosen."""
        return Catalog(self.lang or chosen_lang())

    def open_store(self, catalog: Catalog, *, read_only: bool = False) -> Store:
        """The games file opened, or its problem as one sentence (a :class:`UsageProblem`)."""
        from tutto_a11y.store.errors import StoreError
        from tutto_a11y.store.journal import Store

        path = self.path
        try:
            return Store.open(path, read_only=read_only)
        except StoreError as error:
            raise store_problem(error, path, catalog) from None


def store_problem(error: StoreError, path: str | os.PathLike[str],
                  catalog: Catalog) -> UsageProblem:
    """A :class:`StoreError` as the one sentence the user reads, ready to raise."""
    from tutto_a11y.text.problems import store_error_sentence

    return UsageProblem(store_error_sentence(error.reason, error.data, str(path), catalog))
