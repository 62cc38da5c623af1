"""Every sentence exists in German and French, with the same placeholders, compiled and current."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT, tutto_command

sys.path.insert(0, str(ROOT / "scripts"))
import catalogs  # noqa: E402

from tutto_a11y.games.tutto.messages import Messages  # noqa: E402
from tutto_a11y.games.tutto.rules import Game, Step, parse_entry  # noqa: E402
from tutto_a11y.games.tutto.words import COMMANDS, Vocabulary, shown  # noqa: E402
from tutto_a11y.text.i18n import Catalog  # noqa: E402
from tutto_a11y.text.output import plain  # noqa: E402

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
            wanted = _placeholders(ids[min(i, len(ids) - 1)])
            assert form, (lang, message.id)
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
