"""How eSpeak NG should be given Tutto's card words it reads badly (see ``speech/spoken.py``).

Checked with ``espeak-ng -v LANG -q -x``, which prints the phonemes it would say: the card
"x2" is read "ex two" / "ix zwei" / "ix deux" in every language, and "Plus/Minus" is read
"plus slash minus" in English, while the French card "Plus/Moins" also needs its "ou".

Pure data (no imports of the game), so the speaker can load every game's table at start-up
without loading the games themselves; ``speech/spoken.py`` compiles each pattern ignoring case.
"""

from __future__ import annotations

# The card word: "x2" or "\u00d72" (multiplication sign), standing alone (not in "max2", "x20").
TIMES_TWO = "(?<!\\w)[x\u00d7]\\s?2(?!\\w)"
# The Plus/Minus card, however it is spaced or translated.
PLUS_MINUS = r"\bplus\s*/\s*(?:minus|moins)\b"

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {
    "en": [(TIMES_TWO, "times two"), (PLUS_MINUS, "plus minus")],
    "de": [(TIMES_TWO, "mal zwei"), (PLUS_MINUS, "Plus Minus")],
    "fr": [(TIMES_TWO, "fois deux"), (PLUS_MINUS, "plus ou moins")],
}
