"""A list is said one way wherever it stands: at the table, in a refusal, on the command line.

``text/lists.py`` is the one helper: the players of a game, the settings there are and the
choices of an option are joined with the same commas and the same last "and" or "or" in
every language.
"""

from __future__ import annotations

import pytest

from tutto_a11y.config.values import OneOf
from tutto_a11y.text import i18n
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.lists import and_list, or_list


@pytest.mark.parametrize("lang, both, either", [
    ("en", "Anna, Ben and Cleo", "Anna, Ben or Cleo"),
    ("de", "Anna, Ben und Cleo", "Anna, Ben oder Cleo"),
    ("fr", "Anna, Ben et Cleo", "Anna, Ben ou Cleo"),
])
def test_a_list_ends_with_and_or_or_in_the_tables_language(lang: str, both: str,
                                                           either: str) -> None:
    c = Catalog(lang)
    names = ("Anna", "Ben", "Cleo")
    assert (and_list(names, c), or_list(names, c)) == (both, either)
    assert (and_list(names[:1], c), or_list(names[:1], c)) == ("Anna", "Anna")


@pytest.mark.parametrize("lang, word", [("en", "or"), ("de", "oder"), ("fr", "ou")])
def test_a_refused_option_value_lists_the_choices_as_the_table_does(
        lang: str, word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")  # use_for_click sets it; the fixture's value returns
    i18n.use_for_click(lang)
    try:
        sentence = OneOf(("brief", "normal", "full")).refusal("loud", "--verbosity")
    finally:
        i18n.use_for_click("en")
    assert or_list(("brief", "normal", "full"), Catalog(lang)) in sentence
    assert f"normal {word} full" in sentence
