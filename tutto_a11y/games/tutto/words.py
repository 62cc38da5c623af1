"""The words people type at a Tutto table, in English, German and French.

Matching (case, accents, unique prefixes, English everywhere) is the table's own, in
``text/vocabulary.py``; this module only says which words mean what in Tutto.
"""

from __future__ import annotations

from tutto_a11y.text import vocabulary as _vocabulary
from tutto_a11y.text.vocabulary import normalise  # noqa: F401  (Tutto's parser uses it)

COMMANDS = ("undo", "scores", "status", "deck", "odds", "advice", "review", "repeat", "help",
            "quit")

#: Accepted words by language; the first word of each meaning is the one ``help`` shows.
#: ``draw`` is the word the prompt after a Tutto offers ("card or bank?") and its verb: the
#: player goes on and draws. No prompt uses a word of ``deck``, so the two never meet.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "undo": ("undo",), "scores": ("scores",), "status": ("status",),
        "deck": ("deck",), "odds": ("odds", "chance"), "advice": ("advice",),
        "review": ("review",), "repeat": ("repeat", "again"),
        "help": ("help",), "quit": ("quit", "exit"),
        "bank": ("bank",), "continue": ("continue", "roll"), "draw": ("card", "draw"),
        "all": ("all",),
        "card:stop": ("stop",), "card:fireworks": ("fireworks",), "card:bonus": ("bonus",),
        "card:x2": ("x2", "double"), "card:plus-minus": ("plusminus", "plus/minus"),
        "card:street": ("street",), "card:cloverleaf": ("clover", "cloverleaf"),
        "yes": ("yes",), "no": ("no",),
    },
    "de": {
        "undo": ("rückgängig", "zurück"), "scores": ("punkte", "stand"), "status": ("status",),
        "deck": ("stapel",), "odds": ("chancen",), "advice": ("tipp",),
        "review": ("rückblick",), "repeat": ("wiederholen", "nochmal"),
        "help": ("hilfe",), "quit": ("beenden", "ende"),
        "bank": ("aufhören", "aufschreiben"), "continue": ("weiter", "würfeln"),
        "draw": ("karte", "ziehen"), "all": ("alle", "alles"),
        "card:stop": ("stopp",), "card:fireworks": ("feuerwerk",), "card:bonus": ("bonus",),
        "card:x2": ("x2", "doppelt"), "card:plus-minus": ("plusminus", "plus/minus"),
        "card:street": ("straße",), "card:cloverleaf": ("kleeblatt",),
        "yes": ("ja",), "no": ("nein",),
    },
    "fr": {
        "undo": ("annuler",), "scores": ("points", "scores"), "status": ("état",),
        "deck": ("pioche", "paquet"), "odds": ("chances", "probabilité"),
        "advice": ("avis",), "review": ("bilan",),
        "repeat": ("répéter", "encore"), "help": ("aide",), "quit": ("quitter",),
        "bank": ("marquer", "arrêter"), "continue": ("continuer", "relancer"),
        "draw": ("carte", "tirer"), "all": ("tout", "tous"),
        "card:stop": ("stop",), "card:fireworks": ("feu d'artifice", "feu"),
        "card:bonus": ("bonus",), "card:x2": ("double", "x2"),
        "card:plus-minus": ("plus ou moins", "plusmoins"),
        "card:street": ("suite",), "card:cloverleaf": ("trèfle",),
        "yes": ("oui",), "no": ("non",),
    },
}


def shown(meaning: str, lang: str) -> str:
    """The word ``help`` shows for a meaning in a language."""
    return WORDS.get(lang, WORDS["en"])[meaning][0]


class Vocabulary(_vocabulary.Vocabulary):
    """Tutto's words in one language, then English."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang, WORDS)
