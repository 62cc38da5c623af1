"""Scripted Yatzee games as a scorekeeper types them: a whole 3-player German game and a solo
French game, with the slips, commands and corrections a real table makes.

Each turn is the rolls as they fell and the field the player chose, in the table's words.
"""

from __future__ import annotations


def turn(*typed: str) -> list[str]:
    return list(typed)


# Anna chases the bonus and gets it; Ben loses it and strikes; Cleo fills the sheet in order.
GERMAN_THREE: list[list[str]] = [
    # round 1
    turn("111623", "passt", "111163", "einsen"),
    turn("123456", "royal"),
    turn("123456", "chance", "rückgängig", "rückgängig", "123456", "chance"),
    # round 2
    turn("222256", "zweien"),
    turn("112345", "haus", "kleine straße"),
    turn("111111", "einsen"),
    # round 3
    turn("333312", "dreien"),
    turn("12345", "7 1 1 1 1 1", "666666", "yatzee"),
    turn("222222", "zweien"),
    # round 4
    turn("444415", "444445", "vieren"),
    turn("111222", "einsen"),
    turn("333333", "dreien"),
    # round 5
    turn("555523", "fünfen"),
    turn("222134", "zweien"),
    turn("444444", "vieren"),
    # round 6
    turn("666612", "666662", "sechsen"),
    turn("345666", "sechsen"),
    turn("555555", "fünfen"),
    # round 7
    turn("114456", "1 paar"),
    turn("333111", "dreien"),
    turn("666666", "blatt", "sechsen"),
    # round 8
    turn("223344", "2 paare"),
    turn("412356", "vieren"),
    turn("123456", "royal"),
    # round 9
    turn("223356", "223355", "3 paare"),
    turn("555116", "fünfen"),
    turn("123456", "große straße"),
    # round 10
    turn("666123", "3 gleiche"),
    turn("112233", "3 paare"),
    turn("123456", "kleine"),
    # round 11
    turn("555512", "555513", "555514", "4 gleiche"),
    turn("224466", "2 paare"),
    turn("112233", "1 paar"),
    # round 12
    turn("222444", "2x3"),
    turn("666612", "4 gleiche"),
    turn("112233", "2 paare"),
    # round 13
    turn("123455", "kleine straße"),
    turn("333555", "2x3 gleiche"),
    turn("112233", "3 paare"),
    # round 14
    turn("234566", "234562", "große straße"),
    turn("111456", "222456", "333456", "123456", "streichen große straße"),
    turn("111222", "3 gleiche"),
    # round 15
    turn("123456", "royal"),
    turn("554321", "1 paar"),
    turn("111222", "2x3"),
    # round 16
    turn("444551", "haus"),
    turn("666221", "haus"),
    turn("111122", "4 gleiche"),
    # round 17
    turn("665544", "haus", "chance"),
    turn("123345", "chance"),
    turn("111122", "haus"),
    # round 18
    turn("333124", "333336", "333333", "yatzee"),
    turn("612345", "3 gleiche", "streichen 3 gleiche"),
    turn("123456", "punkte", "strike yatzee"),
]

FRENCH_SOLO: list[list[str]] = [
    turn("111234", "111134", "as"),
    turn("222256", "possibles", "deux"),
    turn("333312", "trois"),
    turn("444456", "quatre"),
    turn("555512", "cinq"),
    turn("666612", "666661", "six"),
    turn("114456", "une paire"),
    turn("223344", "deux paires"),
    turn("223345", "trois paires", "223355", "trois paires"),
    turn("666123", "brelan"),
    turn("555512", "carré"),
    turn("222444", "double brelan"),
    turn("123455", "petite suite"),
    turn("234566", "feuille", "grande suite"),
    turn("123456", "royale"),
    turn("444551", "full"),
    turn("653421", "annuler", "665544", "chance"),
    turn("123456", "barrer yatzee"),
]


def lines(script: list[list[str]]) -> list[str]:
    return [line for one in script for line in one]
