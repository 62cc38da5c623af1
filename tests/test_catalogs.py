"""Every sentence exists in German and French, with the same placeholders, compiled and current."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import ROOT, tutto_command
from scripts import catalogs
from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Game, Step, parse_entry
from tutto_a11y.games.tutto.words import COMMANDS, Vocabulary, shown
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import plain

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z]+\)s")


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    template = catalogs.extract()
    catalog = catalogs.load(lang)
    missing = []
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, context=message.context)
        if translated is None or not translated.string:
            missing.append(message.id)
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = translated.string if isinstance(translated.string, tuple) else \
            (translated.string,)
        for i, form in enumerate(strings):
            # Form 0 is the singular, every further form a plural (German and French have 2).
            msgid = ids[min(i, len(ids) - 1)]
            assert isinstance(msgid, str)
            wanted = _placeholders(msgid)
            assert form, (lang, message.id)
            assert isinstance(form, str)
            assert _placeholders(form) == wanted, (lang, message.id, form)
    assert not missing, (lang, missing)


def test_the_compiled_catalogs_are_up_to_date() -> None:
    assert catalogs.run(check=True) == []


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_translations_use_ascii_punctuation(lang: str) -> None:
    for message in catalogs.load(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for ch in text or "":
                if not ch.isalnum() and not ch.isspace():
                    assert ord(ch) < 128, (lang, message.id, ch)


def _game_at(step: Step) -> Game:
    game = Game(["Anna", "Ben"])
    script = {Step.CARD: [], Step.ROLL: ["card bonus-300"],
              Step.SET_ASIDE: ["card bonus-300", "roll 152346"],
              Step.ROLL_OR_BANK: ["card bonus-300", "roll 152346", "aside 15"],
              Step.CARD_OR_BANK: ["card bonus-300", "roll 111555", "aside 111555"]}[step]
    for text in script:
        game.push(parse_entry(text))
    assert game.state.step is step
    return game


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
@pytest.mark.parametrize("step", [Step.CARD, Step.ROLL, Step.SET_ASIDE, Step.ROLL_OR_BANK,
                                  Step.CARD_OR_BANK])
def test_help_lists_the_words_the_loop_accepts_in_the_games_language(lang: str,
                                                                     step: Step) -> None:
    game = _game_at(step)
    text = plain(Messages(Catalog(lang), game).help())  # as printed and spoken
    vocabulary = Vocabulary(lang)
    for meaning in COMMANDS:
        word = shown(meaning, lang)
        assert word in text, (lang, word)
        assert vocabulary.match(word) == meaning
    if step in (Step.CARD, Step.CARD_OR_BANK):
        for meaning in ("card:stop", "card:fireworks", "card:x2", "card:plus-minus",
                        "card:street", "card:cloverleaf", "card:bonus"):
            assert shown(meaning, lang) in text
            assert vocabulary.match(shown(meaning, lang)) == meaning
    if game.state.can_bank:
        assert shown("bank", lang) in text
        assert vocabulary.match(shown("bank", lang)) == "bank"


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(ROOT)}
    import os

    env["PATH"] = os.environ.get("PATH", env["PATH"])
    return subprocess.run(tutto_command() + args, capture_output=True, text=True, env=env,
                          timeout=30)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_clicks_own_help_and_errors_speak_the_games_language(lang: str) -> None:
    catalog = Catalog(lang)
    shown_help = _run(["--lang", lang, "play", "--help"])
    assert shown_help.returncode == 0
    assert catalog.gettext("Show this message and exit.") in shown_help.stdout
    assert catalog.gettext("Show this message and exit.") != "Show this message and exit."
    assert catalog.gettext("Language of the game: de, fr or en.") in shown_help.stdout
    wrong = _run(["--lang", lang, "--no-such-thing"])
    assert wrong.returncode == 2
    lines = wrong.stderr.strip().splitlines()
    assert len(lines) == 1, wrong.stderr
    assert lines[0] == catalog.gettext("There is no option {option}; did you mean {possible}?",
                                       option="--no-such-thing", possible="--no-speech")
    assert "Traceback" not in wrong.stderr


def test_the_french_catalog_is_typeset_when_it_is_built_and_read_as_it_is() -> None:
    """French sets a no-break space before ? ! ; : in every sentence of the compiled catalog;
    the program reads it as it is, so the first French sentence already has it."""
    import gettext

    from tutto_a11y.text.typography import french_spacing

    po = {m.id: m.string for m in catalogs.load("fr")
          if m.id and isinstance(m.id, str) and m.context is None}
    with (ROOT / "locales" / "fr" / "LC_MESSAGES" / "tutto_a11y.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    typeset = [msgid for msgid, string in po.items()
               if compiled.gettext(msgid) != string]
    assert typeset, "some French sentence ends a word with ? ! ; or :"
    for msgid, string in po.items():
        assert isinstance(string, str)
        assert compiled.gettext(msgid) == french_spacing(string)
    assert Catalog("fr").gettext("{name}, card?", name="Zoé") == "Zoé, carte\u00a0?"


def _click_texts() -> set[str]:
    """Every text click looks up with gettext, read from the installed click's own source."""
    import os

    import click
    from babel.messages.extract import extract_from_dir

    found: set[str] = set()
    for _, _, message, _, _ in extract_from_dir(
            os.path.dirname(click.__file__), method_map=[("**.py", "python")],
            keywords={"_": None, "gettext": None, "ngettext": (1, 2)}):
        found.update(message if isinstance(message, tuple) else (message,))
    return found


# click's texts that tutto-tally never shows, so they need no translation: it declares no
# prompts or confirmations, no file, path, UUID, boolean-value or tuple parameters, no deprecated
# commands, no editor, shell completion or colours, and runs on no Windows console.
_NEVER_SHOWN = {
    "d", "{editor}: Editing failed", "{editor}: Editing failed: {e}", "Windows error: {error}",
    "Name '{name}' defined twice",
    "No options defined but a name was passed ({name}). Did you mean to declare an argument "
    "instead? Did you mean to pass '--{name}'?",
    "(dynamic)", "Arguments take exactly one parameter declaration, got {length}: {decls}.",
    "Boolean option {decl!r} cannot use the same flag for true/false.",
    "Could not determine name for option with declarations {decls!r}",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
    "Positional arguments", "Value must be an iterable.", "deprecated",
    "Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.",
    "Confirm the action without prompting.", "Do you want to continue?",
    "Could not open file {filename!r}: {message}", "Missing {param_type}", "unknown error",
    "Argument {name!r} takes {nargs} values.", "Invalid start character for option ({option})",
    "Couldn't detect Bash version, shell completion is not supported.",
    "Shell completion is not supported for Bash versions older than 4.4.",
    "Error: The two entered values do not match.", "Error: invalid input",
    "Press any key to continue...", "Repeat for confirmation", "Unknown color {colour!r}",
    "Choice({choices})", "Choose from:\n\t{choices}", "directory", "file", "path",
    "{name} {filename!r} does not exist.", "{name} {filename!r} is a directory.",
    "{name} {filename!r} is a file.", "{name} {filename!r} is not executable.",
    "{name} {filename!r} is not readable.", "{name} {filename!r} is not writable.",
    "{value!r} is not a valid UUID.",
    "{value!r} is not a valid boolean. Recognized values: {states}",
    "{len_type} values are required, but {len_value} was given.",
    "{len_type} values are required, but {len_value} were given.",
    "{value!r} does not match the format {format}.",
    "{value!r} does not match the formats {formats}.", "Unknown standard stream '{name}'",
}


def test_the_copy_of_clicks_texts_is_what_the_installed_click_says() -> None:
    """``text/click_texts.py`` lists click's texts for the catalogs by hand: a new click that
    rewords one of them, or adds a text, fails here instead of leaving it in English."""
    from babel.messages.extract import extract_from_dir

    copied: set[str] = set()
    for _, _, message, _, _ in extract_from_dir(
            str(ROOT / "tutto_a11y" / "text"), method_map=[("click_texts.py", "python")],
            keywords={"N_": None, "ngettext": (1, 2)}):
        copied.update(message if isinstance(message, tuple) else (message,))
    theirs = _click_texts()
    assert copied - theirs == set(), "click no longer says these: update click_texts.py"
    assert theirs - copied - _NEVER_SHOWN == set(), \
        "click has texts the copy lacks: add them to click_texts.py or say why never shown"
