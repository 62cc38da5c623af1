"""Scripted whole games for transcript tests, typed with each language's own words.

Game one: three players, target 4000; every card but a winning Cloverleaf, errors, undo within
and across a turn, every global command, and the final round. Game two ends with a Cloverleaf.
"""

from __future__ import annotations

WORDS = {
    "en": dict(bank="bank", all="all", undo="undo", scores="scores", status="status",
               deck="deck", odds="odds", repeat="repeat", help="help", quit="quit",
               stop="stop", fireworks="fireworks", x2="x2", plusminus="plusminus",
               street="street", clover="clover", bonus="bonus"),
    "de": dict(bank="aufhören", all="alle", undo="rückgängig", scores="punkte",
               status="status", deck="stapel", odds="chancen", repeat="wiederholen",
               help="hilfe", quit="beenden", stop="stopp", fireworks="feuerwerk", x2="x2",
               plusminus="plusminus", street="strasse", clover="kleeblatt", bonus="bonus"),
    "fr": dict(bank="marquer", all="tout", undo="annuler", scores="points", status="état",
               deck="pioche", odds="chances", repeat="répéter", help="aide", quit="quitter",
               stop="stop", fireworks="feu d'artifice", x2="double",
               plusminus="plus ou moins", street="suite", clover="trèfle", bonus="bonus"),
}

GAME_ONE = [
    # Anna: Bonus 300 typed as a number, a wrong set-aside, then bank 150.
    "300", "1 5 2 3 4 6", "2", "1 5", "{bank}",
    # Ben: Stop.
    "{stop}",
    # Cleo: Fireworks; banking is refused; automatic set-asides; Niete banks 450.
    "{fireworks}", "{bank}", "2 2 2 2 1 3", "1 5", "2 3 3 4 4 6",
    # Anna: Street, from example 6 of the rules; 2000 as a Tutto, then bank.
    "{street}", "4 4 4 4 4 2", "4 2", "1 1 1 1", "1", "{odds}", "6 6 3", "{all}", "5", "{bank}",
    "5", "{bank}",
    # Ben: Plus/Minus; Anna leads and loses 1000.
    "{plusminus}", "1 1 1 5 5 5", "", "{scores}",
    # Cleo: x2; undo a set-aside, bank, undo the bank across the turn, bank again.
    "{x2}", "1 1 1 5 5 2", "1 1 1 5 5", "{undo}", "1 1 1", "{status}", "{bank}", "{undo}",
    "{bank}", "{deck}", "{repeat}",
    # Anna: Cloverleaf, then a Niete; with an unknown word and a wrong number of dice first.
    "{clover}", "xyz", "1 2 3", "2 3 4 6 6 3",
    # Ben: Bonus 500, Tutto, goes on with Bonus 200, banks.
    "{bonus} 500", "1 1 1 1 5 5", "{all}", "{bonus} 200", "1 2 3 4 6 6", "1", "{bank}",
    # Cleo: Bonus 400, banks 50.
    "{bonus} 400", "5 2 3 4 6 6", "5", "{help}", "{bank}",
    # Anna: Bonus 600, Tutto, banks.
    "{bonus} 600", "1 1 1 2 2 2", "", "{bank}",
    # Ben reaches 4300: the final round; Cleo takes the last turn and draws Stop.
    "{bonus} 200", "1 1 1 3 3 3", "", "{bank}",
    "{stop}",
]

GAME_TWO = [
    "{clover}", "1 1 1 5 5 5", "", "2 2 2 1 1 1", "",
]


def lines(script: list[str], lang: str) -> list[str]:
    return [line.format(**WORDS[lang]) for line in script]
