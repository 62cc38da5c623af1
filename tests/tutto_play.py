"""Tutto helpers for the tests: legal set-asides derived from docs/rules/tutto.md, scripted play.

The random legal player plays on the game contract and lives in ``testbed/tutto_simulator.py``,
outside the installed package, so that the benchmarks use it too. ``legal_set_asides`` stays
here on purpose: it comes from docs/rules/tutto.md independently of the rules code, so the tests
can check the contract's legal entries against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from tutto_a11y.games.tutto.coach.position import Position, from_state
from tutto_a11y.games.tutto.rules import Card, Game, State, Step, parse_entry

if TYPE_CHECKING:
    import pytest

SCORING_SINGLES = (1, 5)


def keep_every_win_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every win table made is kept for the test, for a Monte Carlo run that asks thousands of
    times (the program keeps the tables of its last sixteen stakes): the same pure functions
    of the same arguments, the same tables, made once."""
    import functools

    from tutto_a11y.games.tutto.coach import winning

    for table in ("win_measure", "win_tracker"):
        monkeypatch.setattr(winning, table, functools.cache(getattr(winning, table).__wrapped__))


def legal_set_asides(roll: Sequence[int], card: Card | None,
                     aside: Sequence[int] = ()) -> list[tuple[int, ...]]:
    """Every set-aside the rules allow from ``roll`` (sorted faces), from docs/rules/tutto.md.

    Normal cards: of each face, any number of 1s and 5s, and of the other faces only whole
    triples (0, 3 or 6 of them); at least one die. Street: one die of any non-empty set of faces
    not set aside yet under this card.
    """
    present = sorted(set(roll))
    if card is Card.STREET:
        new = [face for face in present if face not in aside]
        choices = []
        for mask in range(1, 2 ** len(new)):
            choices.append(tuple(face for i, face in enumerate(new) if mask >> i & 1))
        return choices
    per_face = []
    for face in present:
        n = roll.count(face)
        if face in SCORING_SINGLES:
            per_face.append(list(range(n + 1)))
        else:
            per_face.append(list(range(0, n + 1, 3)))
    choices = []
    for counts in product(*per_face):
        if any(counts):
            choices.append(tuple(f for face, k in zip(present, counts, strict=True)
                                 for f in [face] * k))
    return choices


# -- scripted play: what a scorekeeper types, for short tests -------------------------------------

def enter(game: Game, *texts: str) -> list[Any]:
    """Push journal texts (``card x2``, ``roll 111555``, ``aside 111555``, ``bank``) in order.

    Returns every event they made happen, in order: typed loosely (`Any`), since each test
    reads the fields of the event kind it expects there.
    """
    events: list[Any] = []
    for text in texts:
        events.extend(game.push(parse_entry(text)))
    return events


#: One set-aside worth these points, from a roll of six dice that leaves dice to bank with.
CHUNKS = ((1000, "111234", "111"), (600, "666234", "666"), (500, "555234", "555"),
          (400, "444236", "444"), (300, "333246", "333"), (200, "222346", "222"),
          (100, "123466", "1"), (50, "234566", "5"))
NIETE_ROLL = "223346"
BANKABLE = (Card.BONUS_200, Card.BONUS_300, Card.BONUS_400, Card.BONUS_500, Card.BONUS_600,
            Card.X2)
#: Cards after whose Tutto the turn goes on with a new card.
_CHAINABLE = frozenset({*BANKABLE, Card.STREET})


def play_to_scores(game: Game, scores: Sequence[int]) -> Game:
    """Play whole rounds until the scores are exactly ``scores``, ending with a full deck.

    In each turn the player draws a Bonus or x2 card and banks one set-aside (at most 1000) or,
    when the score is already reached, rolls a Niete. Then the rest of the deck is drawn in turns
    that score nothing, so the game waits for the first seat's card with all 56 cards in the deck
    and every player has had the same number of turns. The scores must stay below the target.
    """
    assert game.state.step is Step.CARD and game.state.seat == 0, "start of a round expected"
    while game.state.scores != tuple(scores):
        for seat, wanted in enumerate(scores):
            need = wanted - game.state.scores[seat]
            assert need >= 0 and need % 50 == 0, (seat, need)
            left = game.deck_left()
            card = max(BANKABLE, key=lambda c: left[c])
            if need == 0:
                zero_turn(game, [card])
            else:
                _, roll, aside = next(chunk for chunk in CHUNKS if chunk[0] <= need)
                enter(game, f"card {card.value}", f"roll {roll}", f"aside {aside}", "bank")
    _draw_rest_of_deck(game)
    assert game.state.scores == tuple(scores) and not game.finished
    return game


def zero_turn(game: Game, cards: Sequence[Card]) -> None:
    """A turn drawing ``cards`` that scores nothing: a Tutto under each but the last, then a Niete.

    Every card but the last must let the turn go on after a Tutto (Bonus, x2, Street); Fireworks
    only as the single card (its Niete banks the turn total, here 0).
    """
    assert Card.FIREWORKS not in cards or len(cards) == 1
    for i, card in enumerate(cards):
        enter(game, f"card {card.value}")
        last = i == len(cards) - 1
        if card is Card.STOP:
            assert last
        elif card is Card.STREET:
            enter(game, *(["roll 111111", "aside 1", "roll 11111"] if last
                          else ["roll 123456", "aside 123456"]))
        elif last:
            enter(game, f"roll {NIETE_ROLL}")
        else:
            assert card in _CHAINABLE
            enter(game, "roll 111555", "aside 111555")


def _draw_rest_of_deck(game: Game) -> None:
    """Zero turns until the deck is full again just when the first seat is to draw."""
    players = len(game.players)
    for _ in range(1000):
        s = game.state
        if s.drawn == 0 and s.seat == 0:
            return
        left = game.deck_left()
        cards = [card for card, n in left.items() for _ in range(n)]
        chain = sorted(cards, key=lambda c: c not in _CHAINABLE)  # chainable cards first
        enders = [c for c in cards if c not in _CHAINABLE]
        if s.seat == players - 1 and not (
                len(enders) > 1 or (Card.FIREWORKS in enders and len(cards) > 1)):
            zero_turn(game, chain)
        else:
            # Single-card turns use up the cards that cannot be chained first.
            zero_turn(game, [enders[0] if enders else cards[0]])
    raise AssertionError("the deck could not be drawn to the end of a round")


def position_of(state: State) -> Position:
    """The coach's view of a moment where the player decides (the only moments a test asks the
    coach about)."""
    position = from_state(state)
    assert position is not None
    return position
