"""The words people type at a Yatzee table, in English, German and French, and how they match.

Field names are those of the score sheets each language's tables use (the German rule sheet's
"2x3 Gleiche", the French "Brelan" and "Full"); the field ids of the export (``one-pair``,
``two-triples``) are English words, so they work in every language with a hyphen or a space.
Matching is the table's own (``text/vocabulary.py``): no case, no accents, spaces and hyphens
left out, a unique beginning is enough, and English words work in every language without taking
a beginning away from the game's own words.
"""

from __future__ import annotations

from tutto_a11y.games.yatzee.rules import Field
from tutto_a11y.text.vocabulary import Vocabulary as _Vocabulary

#: Commands the table loop carries out, then the ones Yatzee adds (``sheet``, ``fits``).
COMMANDS = ("undo", "scores", "status", "sheet", "fits", "repeat", "help", "quit")
VERBS = ("write", "strike")
#: The words the prompt "second roll or a field" offers: each answers with what to type for it.
#: They are left out of the meanings preferred at a step, so a short beginning ("ro", "ca")
#: still means the field it meant before.
OFFERED = ("roll", "field")

_FIELDS_EN = {
    Field.ONES: ("ones",), Field.TWOS: ("twos",), Field.THREES: ("threes",),
    Field.FOURS: ("fours",), Field.FIVES: ("fives",), Field.SIXES: ("sixes",),
    Field.ONE_PAIR: ("one pair", "pair"), Field.TWO_PAIRS: ("two pairs",),
    Field.THREE_PAIRS: ("three pairs",), Field.THREE_OF_A_KIND: ("three of a kind",),
    Field.FOUR_OF_A_KIND: ("four of a kind",), Field.TWO_TRIPLES: ("two triples",),
    Field.SMALL_STRAIGHT: ("small straight",), Field.LARGE_STRAIGHT: ("large straight",),
    Field.ROYAL: ("royal",), Field.HOUSE: ("house", "full house"), Field.CHANCE: ("chance",),
    Field.YATZEE: ("yatzee",),
}
_FIELDS_DE = {
    Field.ONES: ("Einsen",), Field.TWOS: ("Zweien",), Field.THREES: ("Dreien",),
    Field.FOURS: ("Vieren",), Field.FIVES: ("Fünfen",), Field.SIXES: ("Sechsen",),
    Field.ONE_PAIR: ("1 Paar", "ein Paar"), Field.TWO_PAIRS: ("2 Paare", "zwei Paare"),
    Field.THREE_PAIRS: ("3 Paare", "drei Paare"),
    Field.THREE_OF_A_KIND: ("3 Gleiche", "drei Gleiche", "Dreierpasch"),
    Field.FOUR_OF_A_KIND: ("4 Gleiche", "vier Gleiche", "Viererpasch"),
    Field.TWO_TRIPLES: ("2x3 Gleiche", "zweimal drei Gleiche"),
    Field.SMALL_STRAIGHT: ("Kleine Straße",), Field.LARGE_STRAIGHT: ("Große Straße",),
    Field.ROYAL: ("Royal",), Field.HOUSE: ("Haus", "Full House"), Field.CHANCE: ("Chance",),
    Field.YATZEE: ("Yatzee",),
}
_FIELDS_FR = {
    Field.ONES: ("As",), Field.TWOS: ("Deux",), Field.THREES: ("Trois",),
    Field.FOURS: ("Quatre",), Field.FIVES: ("Cinq",), Field.SIXES: ("Six",),
    Field.ONE_PAIR: ("Une paire", "paire"), Field.TWO_PAIRS: ("Deux paires",),
    Field.THREE_PAIRS: ("Trois paires",), Field.THREE_OF_A_KIND: ("Brelan",),
    Field.FOUR_OF_A_KIND: ("Carré",), Field.TWO_TRIPLES: ("Double brelan",),
    Field.SMALL_STRAIGHT: ("Petite suite",), Field.LARGE_STRAIGHT: ("Grande suite",),
    Field.ROYAL: ("Royale", "suite royale"), Field.HOUSE: ("Full",), Field.CHANCE: ("Chance",),
    Field.YATZEE: ("Yatzee", "Yams"),
}


def _fields(words: dict[Field, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    return {f"field:{field.value}": names for field, names in words.items()}


#: Accepted words by language; the first word of each meaning is the one ``help`` shows.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "undo": ("undo",), "scores": ("scores", "totals"), "status": ("status",),
        "sheet": ("sheet",), "fits": ("fits",), "repeat": ("repeat", "again"),
        "help": ("help",), "quit": ("quit", "exit"), "write": ("write",),
        "strike": ("strike", "cross"), "roll": ("roll",), "field": ("field",),
        **_fields(_FIELDS_EN),
        # The ids of the export, as they are written there (hyphens are ignored anyway).
        **{f"field:{f.value}": (f.value,) + _FIELDS_EN[f] for f in Field},
    },
    "de": {
        "undo": ("rückgängig", "zurück"), "scores": ("punkte", "stand"), "status": ("status",),
        "sheet": ("blatt", "zettel"), "fits": ("passt",), "repeat": ("wiederholen", "nochmal"),
        "help": ("hilfe",), "quit": ("beenden", "ende"), "write": ("schreiben", "eintragen"),
        "strike": ("streichen",), "roll": ("wurf", "würfeln"), "field": ("feld",),
        **_fields(_FIELDS_DE),
    },
    "fr": {
        "undo": ("annuler",), "scores": ("points", "scores"), "status": ("état",),
        "sheet": ("feuille",), "fits": ("possibles",), "repeat": ("répéter", "encore"),
        "help": ("aide",), "quit": ("quitter",), "write": ("écrire", "inscrire"),
        "strike": ("barrer", "rayer"), "roll": ("lancer", "relancer"), "field": ("case",),
        **_fields(_FIELDS_FR),
    },
}
FIELD_MEANINGS = tuple(f"field:{field.value}" for field in Field)


def shown(meaning: str, lang: str) -> str:
    """The word ``help`` and the refusals show for a meaning in a language."""
    return WORDS.get(lang, WORDS["en"])[meaning][0]


def field_word(field: Field, lang: str) -> str:
    """How a field is typed in a language (the sheet's own name)."""
    return shown(f"field:{field.value}", lang)


class Vocabulary(_Vocabulary):
    """The words understood at one Yatzee table: the game's language first, then English."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang, WORDS)
