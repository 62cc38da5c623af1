"""How eSpeak NG should be given Yatzee's field names it reads badly (see ``speech/spoken.py``).

The German field "2x3 Gleiche" is read "zwei ix drei": it is said as the sheet means it. The
field "1 Paar" is said "ein Paar", as its counted noun (below) makes it.
Pure data, like every game's table, so the speaker loads it without loading the game.
"""

from __future__ import annotations

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {
    "de": [(r"(?<!\w)2x3(?!\w)", "zweimal drei")],
}

#: Language -> the nouns a number is said before in Yatzee's sentences, with their gender.
COUNTED: dict[str, dict[str, str]] = {
    "de": {"Paar": "n", "Feld": "n", "Wurf": "m", "Runde": "f", "Würfel": "m"},
    "fr": {"case": "f", "paire": "f", "tour": "m", "lancer": "m", "dé": "m"},
}
