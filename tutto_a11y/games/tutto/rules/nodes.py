"""Decision and chance nodes of Tutto: what a player may decide now, what chance may bring now.

The table is the chance player (OpenSpiel): a card or a roll is typed like any decision, and
here is what can come with which exact probability, for the coach and the simulator. A card's
chance follows the deck as tracked (the cards still in it); a roll's is that of its faces as a
multiset, so a roll of ``n`` dice has at most 462 outcomes. Decisions are found by asking the
rules themselves (each candidate goes through :func:`advance`), so they cannot drift apart.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Chance, EntryError

from .cards import CARD_ORDER, Deck
from .entries import Bank, Continue, DrawCard, Entry, Roll, SetAside
from .options import Rules
from .state import State, Step, advance

if TYPE_CHECKING:
    from fractions import Fraction  # exact chances are made when asked for, not at start-up

_CARD_STEPS = (Step.CARD, Step.CARD_OR_BANK)
_ROLL_STEPS = (Step.ROLL, Step.ROLL_OR_BANK)


def legal_entries(rules: Rules, state: State) -> list[Entry]:
    """The decisions the player can make now: a set-aside, bank or continue (no chance)."""
    if state.step is Step.SET_ASIDE:
        candidates: list[Entry] = [SetAside(faces) for faces in _sub_multisets(state.roll)]
    elif state.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
        candidates = [Bank(), Continue()]
    else:
        return []
    legal = []
    for entry in candidates:
        try:
            advance(rules, state, entry)
        except EntryError:
            continue
        legal.append(entry)
    return legal


def chance_outcomes(state: State) -> list[Chance[Entry]]:
    """What chance may bring now (a card drawn, a roll of the dice in hand), with probabilities.

    Empty when the next entry is a decision only (a set-aside) or the game is over; the
    probabilities sum to exactly 1 otherwise.
    """
    from fractions import Fraction

    if state.step in _CARD_STEPS:
        left = {card: Deck.left(state.deck, card) for card in CARD_ORDER}
        total = sum(left.values())
        return [Chance(DrawCard(card), Fraction(n, total)) for card, n in left.items() if n]
    if state.step in _ROLL_STEPS:
        return list(_roll_chances(state.dice))
    return []


@cache
def _roll_chances(dice: int) -> tuple[Chance[Entry], ...]:
    """The chance nodes of a roll of ``dice`` dice, made once. Records are immutable, so every
    ask shares them: the table asks at each question and the simulator at each roll, and 462
    new records a time were most of a random game's cost."""
    return tuple(Chance(Roll(faces), p) for faces, p in roll_outcomes(dice))


@cache
def roll_outcomes(dice: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``dice`` dice as sorted faces, with its exact probability."""
    from fractions import Fraction

    outcomes = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        ways = factorial(dice)
        for k in Counter(faces).values():
            ways //= factorial(k)
        outcomes.append((faces, Fraction(ways, 6**dice)))
    return tuple(outcomes)


def _sub_multisets(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty choice of dice from the roll, as sorted faces, each once."""
    counts = sorted(Counter(roll).items())
    choices = []
    for taken in product(*(range(n + 1) for _face, n in counts)):
        faces = tuple(face for (face, _n), k in zip(counts, taken, strict=True) for _ in range(k))
        if faces:
            choices.append(faces)
    return choices
