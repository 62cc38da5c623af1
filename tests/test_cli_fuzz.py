"""Random bytes and random words at every step: one sentence each, no traceback, no change."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings, strategies as st

from tutto_a11y.games.tutto.messages import Messages
from tutto_a11y.games.tutto.rules import Entry, Game, Rules, State
from tutto_a11y.games.tutto.rules.events import Event
from tutto_a11y.games.tutto.words import WORDS
from tutto_a11y.table.reader import PlainReader
from tutto_a11y.table.session import Table
from tutto_a11y.text.i18n import Catalog
from tutto_a11y.text.output import Output
from tutto_scripts import GAME_ONE, lines

PLAYERS = ["Anna", "Ben", "Cleo"]
RULES = Rules().with_option("target", "4000")
ALL_WORDS = sorted({w for lang in WORDS.values() for ws in lang.values() for w in ws})

junk_text = st.one_of(
    st.text(max_size=200),
    st.sampled_from(ALL_WORDS).map(lambda w: w[: max(1, len(w) // 2)]),
    st.lists(st.integers(0, 9), max_size=9).map(lambda ds: " ".join(map(str, ds))),
    st.sampled_from(["bonus 250", "bonus", "x", "all 5", "\x1b[A", "\t", "ß" * 300, "?", "-1"]),
)


def _table(lang: str, stdin: bytes = b"") -> tuple[Table[Entry, Event, State, Rules], io.StringIO]:
    out = io.StringIO()
    game = Game(PLAYERS, RULES)
    output = Output(out, prompt_on_own_line=True)
    table = Table(game, Messages(Catalog(lang), game), PlainReader(io.BytesIO(stdin), output),
                  output)
    return table, out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), lang=st.sampled_from(["en", "de", "fr"]))
def test_random_words_at_every_step_are_answered_in_one_line_and_change_nothing(
        data: st.DataObject, lang: str) -> None:
    table, out = _table(lang)
    game = table.game
    for line in lines(GAME_ONE, lang):
        junk = data.draw(junk_text)
        state, entries = game.state, game.entries
        before = out.getvalue()
        status = table.step(junk)
        said = out.getvalue()[len(before):]
        assert "Traceback" not in said
        if game.entries == entries:
            assert game.state == state
            if status is None:
                assert said.count("\n") == 1 and said.strip(), (junk, said)
        elif len(game.entries) == len(entries) + 1:
            game.pop()  # the junk was a valid entry after all: take it back
        else:
            game.push(entries[-1])  # it was undo: put the entry back
        assert game.state == state
        assert table.step(line) is None or game.finished
    assert game.finished


@settings(max_examples=15, deadline=None)
@given(junk=st.lists(st.binary(min_size=1, max_size=60).filter(
    lambda b: b"\n" not in b and _not_text(b)), min_size=1, max_size=8))
def test_bytes_that_are_not_text_are_refused_and_the_game_goes_on(junk: list[bytes]) -> None:
    typed = lines(GAME_ONE, "en")
    stream = b""
    for i, line in enumerate(typed):
        if i < len(junk):
            stream += junk[i] + b"\n"
        stream += line.encode() + b"\n"
    table, out = _table("en", stream)
    assert table.run("Start.") == 0
    clean, _ = _table("en", "".join(line + "\n" for line in typed).encode())
    clean.run("Start.")
    assert table.game.state == clean.game.state
    assert table.game.finished
    assert "Traceback" not in out.getvalue()


def _not_text(raw: bytes) -> bool:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return any(ord(ch) < 32 and ch != "\t" for ch in text)
