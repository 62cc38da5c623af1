"""How an announcement is wrapped at ``--width``: whole words, a number kept with its word, and
no line broken earlier than it must be.

A number stays with its label ("Zugsumme 250") and with the noun it counts ("noch 2 Würfel"),
but a comma or a full stop ends that bond: "12 Entscheidungen, 3 davon optimal" is three
phrases, and the line may break at either comma. The properties are checked against a second
reading of the rule written here from its words, and the number of lines against every other
way of breaking the same text (a search over all of them), so that the wrap never wastes a
line.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings, strategies as st

from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import NO_BREAK, nobreak, wrap

ENDS_PHRASE = (",", ".", ";", "!", "?")


def _number(word: str) -> bool:
    return word[:1].isdigit() and NO_BREAK not in word


def _face(word: str) -> bool:
    return word[:1].isdigit() and len(word.rstrip(",.;:!?")) == 1


def held_together(words: list[str], i: int) -> bool:
    """The rule, read from its sentence: may no line break between ``words[i - 1]`` and
    ``words[i]``?

    A number stays with the word before it, unless that word ended a phrase (a list of faces
    goes on after its commas); a bare number stays with the word after it, unless it is the
    last of a list of faces.
    """
    before, word = words[i - 1], words[i]
    if _number(word):
        if before.endswith(ENDS_PHRASE):
            return before.endswith(",") and _face(before) and _face(word)
        return True
    if not before.isdigit():
        return False
    return not (i >= 2 and _face(words[i - 2]) and _face(before))


def fewest_lines(words: list[str], width: int) -> int:
    """The fewest lines any wrapping of ``words`` at ``width`` can have that breaks only where
    the rule allows, found by trying every break (a run held together that is longer than a
    line may break at any of its spaces, as it must)."""
    n = len(words)
    runs = [0]  # the index of the first word of the run each word belongs to
    for i in range(1, n):
        runs.append(runs[-1] if held_together(words, i) else i)

    def run_end(i: int) -> int:
        j = i + 1
        while j < n and runs[j] == runs[i]:
            j += 1
        return j

    def breakable(i: int) -> bool:  # may a line begin with words[i]?
        if runs[i] == i:
            return True
        return len(" ".join(words[runs[i]:run_end(i)])) > width

    @functools.cache
    def best(start: int) -> int:
        if start == n:
            return 0
        options = []
        for end in range(start + 1, n + 1):
            if len(" ".join(words[start:end])) > width:
                break
            if end == n or breakable(end):
                options.append(1 + best(end))
        return min(options) if options else n + 1

    return best(0)


def _run(words: list[str], at: int) -> tuple[int, int]:
    """The first and the last index of the run of words held together around ``words[at]``."""
    first = at
    while first > 0 and held_together(words, first):
        first -= 1
    last = at
    while last + 1 < len(words) and held_together(words, last + 1):
        last += 1
    return first, last


def breaks_as_late_as_allowed(lines: list[str], width: int) -> bool:
    """Whether every line break stands where the rule allows one, and no earlier than it
    must: what the next line begins with, up to where it may break, would not have fitted."""
    words = " ".join(lines).split(" ")
    at = 0
    for line, following in zip(lines, lines[1:], strict=False):
        at += len(line.split(" "))
        first, last = _run(words, at)
        long_run = len(" ".join(words[first:last + 1])) > width
        if first != at and not long_run:
            return False  # a number parted from its word
        taken = words[at] if long_run else " ".join(words[at:last + 1])
        if len(line) + 1 + len(taken) <= width:
            return False  # it would have fitted on the line before
        assert following.startswith(taken) or long_run
    return True


LETTERS = st.text(alphabet="abcdeäöüéABC", min_size=1, max_size=10)
NUMBERS = st.integers(min_value=0, max_value=6000).map(str)
SIGN = st.sampled_from(["", "", "", ",", ".", ":", ";", "?"])
WORD = st.tuples(st.one_of(LETTERS, NUMBERS, NUMBERS.map(lambda n: n[:1])), SIGN).map(
    lambda pair: pair[0] + pair[1])
NAME = st.lists(LETTERS.map(lambda part: part[:6]), min_size=2, max_size=3).map(
    lambda parts: nobreak(" ".join(parts)))
TEXTS = st.lists(st.one_of(WORD, WORD, WORD, NAME), min_size=1, max_size=40)


@settings(max_examples=400)
@given(TEXTS, st.integers(min_value=20, max_value=100))
def test_no_line_is_longer_than_the_width_and_no_word_is_split(words: list[str],
                                                               width: int) -> None:
    lines = wrap(" ".join(words), width)
    assert all(len(line) <= width for line in lines), lines
    assert " ".join(lines).split(" ") == " ".join(words).replace(NO_BREAK, " ").split(" ")


# Over a second each: slow. The quick run keeps the property that matters most at the table
# (above) and the examples below.
@pytest.mark.slow
@settings(max_examples=400)
@given(TEXTS, st.integers(min_value=20, max_value=100))
def test_a_line_breaks_only_where_no_number_is_parted_from_its_word_and_only_when_full(
        words: list[str], width: int) -> None:
    text = " ".join(word.replace(NO_BREAK, "-") for word in words)
    assert breaks_as_late_as_allowed(wrap(text, width), width), wrap(text, width)


@pytest.mark.slow
@settings(max_examples=400)
@given(TEXTS, st.integers(min_value=20, max_value=100))
def test_no_way_of_breaking_the_text_takes_fewer_lines_than_the_wrap(words: list[str],
                                                                      width: int) -> None:
    text = " ".join(word.replace(NO_BREAK, "-") for word in words)
    assert len(wrap(text, width)) == fewest_lines(text.split(" "), width)


def test_the_reviews_summary_breaks_at_a_comma_not_before_the_number_of_best_moves() -> None:
    de = Catalog("de")
    summary = de.ngettext("{name}: {n} decision, {best} as the coach would take it; {grades}.",
                          "{name}: {n} decisions, {best} as the coach would take them; {grades}.",
                          12, name="Anna-Katharina", best=3,
                          grades="2 Ungenauigkeiten, 1 Fehler, 1 grober Fehler und kein Patzer")
    lines = wrap(summary, 80)
    # "…, 3 davon" / "optimal; …" was broken after 54 characters where 75 fitted.
    assert lines[0] == ("Anna-Katharina: 12 Entscheidungen, 3 davon optimal; 2 Ungenauigkeiten, "
                        "1 Fehler,"), lines
    assert lines[1] == "1 grober Fehler und kein Patzer.", lines


def test_a_number_keeps_its_label_and_its_noun_and_a_roll_its_faces() -> None:
    assert wrap("5, 5 für 100. Zugsumme 250, noch 2 Würfel.", 30) == [
        "5, 5 für 100. Zugsumme 250,", "noch 2 Würfel."]
    assert wrap("Gib die Augen ein, zum Beispiel 1 5 5 2 3 6.", 30) == [
        "Gib die Augen ein, zum", "Beispiel 1 5 5 2 3 6."]
    assert wrap("Tu mets de côté 1, 2, 2, 2 pour 300 points.", 30) == [
        "Tu mets de côté 1, 2, 2, 2", "pour 300 points."]
