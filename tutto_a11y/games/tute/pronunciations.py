"""How eSpeak NG should be given Tute's words it reads badly (see ``speech/spoken.py``).

None so far: the suits, the cantes and the card names are read well in all three languages.
Only a number before its noun needs the word that agrees with it ("1 Spiel für Anna" is said
"ein Spiel für Anna", "1 partie" "une partie"): the counted nouns are below.
A game's table is pure data, so the speaker loads it without loading the game.
"""

from __future__ import annotations

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {}

#: Language -> the nouns a number is said before in Tute's sentences, with their gender.
COUNTED: dict[str, dict[str, str]] = {
    "de": {"Spiel": "n", "Stich": "m", "Runde": "f", "Partie": "f", "Kartenpunkt": "m"},
    "fr": {"partie": "f", "manche": "f", "pli": "m", "nombre": "m"},
}
