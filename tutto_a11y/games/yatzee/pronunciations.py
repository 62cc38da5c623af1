"""How eSpeak NG should be given Yatzee's field names it reads badly (see ``speech/spoken.py``).

The German field "2x3 Gleiche" is read "zwei ix drei": it is said as the sheet means it.
Pure data, like every game's table, so the speaker loads it without loading the game.
"""

from __future__ import annotations

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {
    "de": [(r"(?<!\w)2x3(?!\w)", "zweimal drei")],
}
