"""Every sentence has one home: a msgid is written in one module of the package.

A sentence written in two modules can be changed in one and not the other, and then two games
(or the table and a sheet) say the same thing two ways. The sentences every game says alike
live in ``text/game_sentences.py``; a game's own sentences said in two places live in its
``sentence_parts.py``. This reads every ``gettext``, ``ngettext`` and ``pgettext`` call of the
package.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from conftest import ROOT

#: Sentences still written in two modules, each with why (none: the configuration's pass gave
#: the yes-or-no words and the ``--rule`` sentence one home each).
NOT_YET: dict[tuple[str | None, str], str] = {}


def _homes() -> dict[tuple[str | None, str], set[str]]:
    homes: dict[tuple[str | None, str], set[str]] = defaultdict(set)
    for path in (ROOT / "tutto_a11y").rglob("*.py"):
        module = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("gettext", "ngettext", "pgettext")):
                continue
            strings = [a.value for a in node.args
                       if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.attr == "pgettext" and len(strings) >= 2:
                homes[(strings[0], strings[1])].add(module)
            elif node.func.attr != "pgettext" and strings:
                homes[(None, strings[0])].add(module)
    return homes


def test_every_sentence_is_written_in_one_module() -> None:
    homes = _homes()
    assert len(homes) > 500  # the package's sentences were all read, not a few
    twice = sorted((msgid, sorted(modules)) for (context, msgid), modules in homes.items()
                   if len(modules) > 1 and (context, msgid) not in NOT_YET)
    assert twice == []


def test_the_sentences_every_game_says_alike_are_in_the_shared_module() -> None:
    homes = _homes()
    for msgid in ("Game over. Type {scores}, {undo} or {quit}:",
                  "{word} is not an entry here. {hint}", "At any step: {commands}.",
                  "That entry is not possible now. {hint}"):
        assert homes[(None, msgid)] == {"tutto_a11y/text/game_sentences.py"}, msgid
