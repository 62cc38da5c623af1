"""How eSpeak NG should be given Tute's words it reads badly (see ``speech/spoken.py``).

None so far: the suits, the cantes and the card names are read well in all three languages.
A game's table is pure data, so the speaker loads it without loading the game.
"""

from __future__ import annotations

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {}
