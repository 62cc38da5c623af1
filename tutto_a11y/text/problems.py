"""Sentences for problems outside the play loop: rule options, player lists, the database, speech.

Each problem arrives as a reason code (from the rules, the store or the speech worker) and
leaves as one sentence in the game's language that says what is wrong and what to do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from tutto_a11y.core.contract import EntryError, Sentences
from tutto_a11y.text.lists import and_list, or_list
from tutto_a11y.text.names import MAX_NAME, terminal_safe


def _safe(data: dict[str, Any]) -> dict[str, Any]:
    """Echoed values as they may be printed: typed by the user, so possibly with escapes."""
    return {key: terminal_safe(value, limit=40) if isinstance(value, str) else
            tuple(terminal_safe(v, limit=40) for v in value) if isinstance(value, tuple) else
            value for key, value in data.items()}


def entry_error_sentence(error: EntryError, c: Sentences) -> str:
    """Start-up errors of the rules: options, presets, players."""
    d: dict[str, Any] = _safe(error.data)
    r = error.reason
    if r == "bad-target":
        return c.gettext("The target {value} is not possible: give a positive multiple of 50, "
                         "for example 6000.", value=d.get("value", ""))
    if r == "bad-games":
        return c.gettext("The number of won games {value} is not possible: give a number "
                         "from 1 to {maximum}, for example games=3.", value=d.get("value", ""),
                         maximum=d.get("maximum", 99))
    if r == "bad-rule-value":
        return c.gettext("The rule option {option} cannot be {value}: choose {choices}.",
                         option=d["option"], value=d["value"], choices=", ".join(d["choices"]))
    if r == "unknown-rule":
        return c.gettext("There is no rule option {option}: the options are {choices}.",
                         option=d["option"], choices=", ".join(d["choices"]))
    if r == "unknown-preset":
        return c.gettext("There are no rules called {value}: choose {choices}.",
                         value=d["value"], choices=", ".join(d["choices"]))
    if r == "too-few-players":
        return c.gettext("At least {minimum} players are needed: give their names separated by "
                         "commas, for example --players Anna,Ben.", minimum=d["minimum"])
    if r == "too-many-players":
        return c.gettext("At most {maximum} players can play.", maximum=d["maximum"])
    if r == "empty-name":
        return c.gettext("A player's name cannot be empty.")
    if r == "duplicate-name":
        return c.gettext("{name} is already playing: every player needs another name.",
                         name=d["name"])
    if r in ("line-too-long", "name-too-long"):
        return c.gettext("That name is too long: a name has at most {limit} characters.",
                         limit=d.get("limit", MAX_NAME))
    if r in ("control-characters", "bad-bytes"):
        return c.gettext("That name has characters that cannot be shown or said: use letters, "
                         "digits and spaces.")
    return unworded_problem(r, c)


def unworded_problem(reason: str, c: Sentences) -> str:
    """A problem whose reason has no sentence of its own yet: said with its reason code, so
    that it is still one sentence and never a traceback."""
    return c.gettext("That is not possible: {reason}.", reason=reason)


def store_error_sentence(reason: str, data: dict[str, Any], path: str, c: Sentences) -> str:
    """A database problem in one sentence; the file itself is left as it was."""
    path = terminal_safe(path)
    data = _safe(data)
    if data.get("leftovers"):  # the games file is missing or empty, its side files are not
        return leftovers_sentence(path, data["leftovers"], c)
    if reason == "not-a-database":
        return c.gettext("{path} is not a tutto-tally games file, so it was left untouched: "
                         "choose another file with --db.", path=path)
    if reason == "corrupt":
        return c.gettext("The games file {path} is damaged, so it was left untouched: keep it "
                         "for repair and choose another file with --db.", path=path)
    if reason == "read-only":
        return c.gettext("The games file {path} cannot be written: choose another file with "
                         "--db.", path=path)
    if reason == "disk-full":
        return c.gettext("The disk of the games file {path} is full: free some space or choose "
                         "another file with --db.", path=path)
    if reason == "newer-schema":
        return c.gettext("The games file {path} was written by a newer tutto-tally, so it was "
                         "left untouched: update tutto-tally or choose another file with --db.",
                         path=path)
    if reason == "no-such-game":
        return c.gettext("There is no game {game} in {path}: type tutto-tally games to list "
                         "them.", game=data.get("game", ""), path=path)
    if reason == "game-open-elsewhere":
        return c.gettext("Game {game} is open in another tutto-tally, so it is not touched "
                         "here: finish it there, or start a new game.", game=data.get("game", ""))
    if reason == "io-error":
        return c.gettext("The games file {path} could not be read or written because of a "
                         "device error: check the disk, or choose another file with --db.",
                         path=path)
    if reason == "not-a-file":
        return c.gettext("{path} is not a regular file, so it was left untouched: choose a games "
                         "file with --db.", path=path)
    if reason == "damaged-game":
        return damaged_game_sentence(str(data.get("game", "")), data.get("index"), c)
    if reason == "busy":
        return c.gettext("The games file {path} is busy in another program: try again in a "
                         "moment.", path=path)
    return c.gettext("The games file {path} cannot be opened: choose another file with --db.",
                     path=path)


def leftovers_sentence(path: str, leftovers: tuple[str, ...], c: Sentences) -> str:
    """SQLite's side files of a games file that is gone (deleted or moved while a game was
    open, say when the terminal was closed): they are named, with what to do about each
    case. They are never removed or replayed here: they may hold the last entries of a games
    file that was only moved."""
    return c.ngettext(
        "The left-over file {files} of an earlier games file stands beside {path}: if you "
        "moved that games file, move this one with it; if you deleted it, delete this one too; "
        "or choose another file with --db.",
        "The left-over files {files} of an earlier games file stand beside {path}: if you "
        "moved that games file, move them with it; if you deleted it, delete them too; or "
        "choose another file with --db.", len(leftovers), files=and_list(leftovers, c),
        path=path)


def damaged_game_sentence(game_id: str, index: int | None, c: Sentences,
                          kind: str | None = None) -> str:
    """A game the games file holds but cannot give back: at a journal entry, or (None) its row.

    ``kind``: not damaged at all, but a game this version cannot play or show yet.
    """
    if kind is not None:
        return c.gettext("Game {game} is a game of {kind}, which this version cannot show or "
                         "continue yet; the other games are fine.", game=game_id,
                         kind=terminal_safe(kind, limit=20).capitalize())
    if index is None:
        return c.gettext("Game {game} is damaged: its players or rules cannot be read, so it "
                         "cannot be shown or continued; the other games are fine.", game=game_id)
    return c.gettext("Game {game} is damaged at entry {index} and cannot be continued; the other "
                     "games are fine.", game=game_id, index=index)


def speech_problem_sentence(reason: str, c: Sentences) -> str:
    """Said once when speech cannot work; the game goes on in text."""
    if reason == "no-espeak":
        return c.gettext("Speech is off: eSpeak NG is not installed. The game goes on in text.")
    if reason == "no-player":
        return c.gettext("Speech is off: the audio player aplay is not installed. The game goes "
                         "on in text.")
    if reason == "no-device":
        return c.gettext("Speech is off: no sound device was found. The game goes on in text.")
    if reason == "no-speechd":
        return c.gettext("Speech is off: speech-dispatcher is not available. The game goes on "
                         "in text.")
    if reason == "no-speechd-daemon":
        return c.gettext("Speech is off: speech-dispatcher is not running and could not be "
                         "started. The game goes on in text.")
    if reason == "speechd-stopped":
        return c.gettext("Speech is off: speech-dispatcher stopped answering. The game goes on "
                         "in text.")
    if reason == "speechd-no-sound":
        return c.gettext("Speech is off: speech-dispatcher cannot play sound; check its sound "
                         "output. The game goes on in text.")
    if reason == "no-voice":
        return c.gettext("Speech is off: that voice does not exist; tutto-tally voices lists "
                         "them. The game goes on in text.")
    return c.gettext("Speech is off: the speech engine failed. The game goes on in text.")


def line_sentence(error: EntryError, c: Sentences, hint: Callable[[], str]) -> str | None:
    """The sentence for a typed line that is no entry of any game (an empty line, an overlong
    one, control characters, bytes that are not text, a word that fits several meanings,
    nothing to undo); None for a game's own refusals. ``hint()`` says what can be typed now."""
    r, d = error.reason, error.data
    if r == "ambiguous-word":
        return c.gettext("{word} could mean {words}: type more letters.", word=d["word"],
                         words=or_list(cast("Sequence[str]", d["candidates"]), c))
    if r == "empty-entry":
        return c.gettext("An empty line means nothing here. {hint}", hint=hint())
    if r == "line-too-long":
        return c.gettext("That line is too long: type one entry of at most {limit} "
                         "characters.", limit=d["limit"])
    if r == "control-characters":
        return c.gettext("That line holds control characters, such as arrow keys: type "
                         "the entry again.")
    if r == "bad-bytes":
        return c.gettext("That line could not be read as text: type the entry again.")
    if r == "nothing-to-undo":
        return c.gettext("There is nothing to undo: no entry has been made yet.")
    return None
