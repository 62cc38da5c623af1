"""A moment of a turn the coach is asked about: from the game's state or from the command line.

The command line and the table describe the same thing (card, dice in hand, turn total, points
made under the card, Street faces, the roll waiting, the draw pile), so both become one
:class:`Position` and go through one function: the JSON and the spoken advice cannot disagree.
"""

from __future__ import annotations

from tutto_a11y.core.problem import Problem
from tutto_a11y.core.record import Record
from tutto_a11y.games.tutto.rules import Card, State, Step, dice as D
from tutto_a11y.games.tutto.rules.cards import DECK_COMPOSITION, FULL_DECK, Deck as DeckOps

#: The largest turn total the coach reckons with (the solver's grid goes further, so that every
#: point made from here on is still valued exactly).
MAX_TURN_TOTAL = 20000


class PositionError(Problem, ValueError):
    """A position that cannot happen in a turn; ``reason`` and ``data`` are worded at the edge."""

    def __init__(self, reason: str, **data: object) -> None:
        super().__init__(reason, data, shown=(f"{reason}: {data}",))


class Position(Record):
    """One moment of a turn.

    ``card`` is None after a Tutto, when the choice is to draw or to bank. ``turn_total`` counts
    earlier cards too; ``card_points`` is the part made under the current card. ``roll`` is the
    roll waiting for a set-aside (None when the next thing is to roll or bank). ``pile`` is the
    draw pile after the current card was taken, as counts in the rules' card order.
    """

    card: Card | None
    dice: int
    turn_total: int
    card_points: int
    faces: tuple[int, ...]
    roll: tuple[int, ...] | None
    pile: tuple[int, ...]
    tuttos: int = 0  # Tuttos under the card so far (the Cloverleaf needs two)

    def check(self) -> Position:
        """The position itself, or PositionError for one that no turn can reach."""
        if not 0 <= self.turn_total <= MAX_TURN_TOTAL or self.turn_total % 50:
            raise PositionError("coach-turn-total", value=self.turn_total,
                                most=MAX_TURN_TOTAL)
        if not 0 <= self.card_points <= self.turn_total or self.card_points % 50:
            raise PositionError("coach-card-points", value=self.card_points,
                                total=self.turn_total)
        if self.card is None:
            return self
        if self.card is Card.STOP:
            raise PositionError("coach-stop-card")
        if not 1 <= self.dice <= 6:
            raise PositionError("coach-dice", value=self.dice)
        if self.faces and self.card is not Card.STREET:
            raise PositionError("coach-faces-not-street")
        if self.card is Card.STREET:
            if len(set(self.faces)) != len(self.faces) or len(self.faces) > 5:
                raise PositionError("coach-street-faces")
            if self.dice != 6 - len(self.faces):
                raise PositionError("coach-street-dice", dice=6 - len(self.faces))
        if self.roll is not None and len(self.roll) != self.dice:
            raise PositionError("coach-roll-count", expected=self.dice, got=len(self.roll))
        return self

    @property
    def niete(self) -> bool:
        """The roll waiting is a Niete: there is nothing to choose."""
        assert self.roll is not None
        if self.card is Card.STREET:
            return not D.street_new_faces(self.roll, self.faces)
        return D.is_niete(self.roll)


def full_pile_less(card: Card | None) -> tuple[int, ...]:
    """The coach command's default draw pile: the full deck less the current card."""
    if card is None:
        return FULL_DECK
    return DeckOps.take(FULL_DECK, card)


def pile_from_counts(counts: dict[Card, int]) -> tuple[int, ...]:
    """A draw pile from card counts; PositionError for more of a card than a deck holds."""
    for card, n in counts.items():
        if not 0 <= n <= DECK_COMPOSITION[card]:
            raise PositionError("coach-deck-count", card=card, most=DECK_COMPOSITION[card],
                                value=n)
    return tuple(counts.get(card, 0) for card in DECK_COMPOSITION)


def from_state(state: State) -> Position | None:
    """The position of a running game, or None when there is nothing to decide (a card is
    to be drawn to start a turn, or the game is over)."""
    step = state.step
    if step in (Step.CARD, Step.OVER):
        return None
    if step is Step.CARD_OR_BANK:
        return Position(None, 6, state.turn_total, 0, (), None, state.deck)
    assert state.card is not None
    roll = state.roll if step is Step.SET_ASIDE else None
    faces = state.aside if state.card is Card.STREET else ()
    return Position(state.card, state.dice, state.turn_total,
                    state.turn_total - state.card_base, faces, roll, state.deck, state.tuttos)
