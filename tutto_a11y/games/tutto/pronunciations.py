"""How eSpeak NG should be given Tutto's card words it reads badly (see ``speech/spoken.py``).

Checked with ``espeak-ng -v LANG -q -x``, which prints the phonemes it would say: the card
"x2" is read "ex two" / "ix zwei" / "ix deux" in every language, and "Plus/Minus" is read
"plus slash minus" in English, while the French card "Plus/Moins" also needs its "ou".

A card is heard as a card. Said "mal zwei", the German card "x2" turns "Anna zieht x2." into
"Anna zieht mal zwei" ("Anna just draws two"); German tables call it the x2 card, so it is said
"Mal-zwei-Karte", with its article after "zieht", and "Mal zwei" where "Karte" already stands
before it ("Bei der Karte x2"). In English it is "the times two card" after "draws". French
prints the card as "double", which needs nothing.

Pure data (no imports of the game), so the speaker can load every game's table at start-up
without loading the games themselves; ``speech/spoken.py`` compiles each pattern ignoring case.
"""

from __future__ import annotations

# The card word: "x2" or "\u00d72" (multiplication sign), standing alone (not in "max2", "x20",
# nor in the rule option "x2-scope", which is typed as it is written).
TIMES_TWO = "(?<![\\w-])[x\u00d7]\\s?2(?![\\w-])"
# The Plus/Minus card, however it is spaced or translated.
PLUS_MINUS = r"\bplus\s*/\s*(?:minus|moins)\b"

#: Language -> (pattern, replacement) pairs, applied in order.
PRONUNCIATIONS: dict[str, list[tuple[str, str]]] = {
    "en": [(r"\b(draws|drew) " + TIMES_TWO, r"\1 the times two card"),
           (TIMES_TWO, "times two"), (PLUS_MINUS, "plus minus")],
    "de": [(r"\b(Karten?:?) " + TIMES_TWO, r"\1 Mal zwei"),
           (r"\bzieht " + TIMES_TWO, "zieht die Mal-zwei-Karte"),
           (TIMES_TWO, "Mal-zwei-Karte"), (PLUS_MINUS, "Plus Minus")],
    "fr": [(TIMES_TWO, "fois deux"), (PLUS_MINUS, "plus ou moins")],
}

#: Language -> the nouns a number is said before in Tutto's sentences, with their gender, so
#: that "noch 1 Würfel" is said "noch ein Würfel" and "il reste 1 carte" "il reste une carte".
COUNTED: dict[str, dict[str, str]] = {
    "de": {"Würfel": "m", "Karte": "f", "Augenzahl": "f", "Entscheidung": "f", "Niete": "f",
           "Tutto": "n", "Ungenauigkeit": "f", "Fehler": "m", "Patzer": "m"},
    "fr": {"dé": "m", "carte": "f", "face": "f", "décision": "f", "imprécision": "f",
           "erreur": "f", "gaffe": "f"},
}
