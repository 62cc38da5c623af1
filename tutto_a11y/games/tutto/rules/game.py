"""A game: its players, its rules and its list of accepted entries.

The list of entries is the game. The game keeps the state after every entry, so ``undo`` pops
one (across turns and past the end of the game) and a saved journal replays through the same
checked path as typing, which is how a damaged journal is caught rather than trusted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutto_a11y.core.contract import Chance, EntryList, Outcome, Termination
from tutto_a11y.core.record import Record

from . import dice as D
from .cards import CARD_ORDER, Card, Deck
from .entries import Entry, SetAside, parse_entry
from .errors import IllegalEntry
from .events import Event, GameOver, TurnOver, TurnRecord
from .nodes import chance_outcomes, legal_entries
from .options import Rules
from .state import State, Step, advance

if TYPE_CHECKING:
    from fractions import Fraction  # the odds are asked for now and then, not at start-up

MIN_PLAYERS, MAX_PLAYERS = 2, 10


class Expectation(Record):
    """What may be entered now: drives the prompts, ``help`` and ``status``."""

    step: Step
    seat: int
    card: Card | None
    dice: int  # dice in hand: how many faces a roll must have
    turn_total: int
    set_aside: tuple[int, ...]  # faces set aside in this stretch
    roll: tuple[int, ...]  # the roll waiting for a set-aside
    can_bank: bool
    cards: tuple[Card, ...]  # the cards that can be drawn now (still in the deck)
    best: tuple[int, ...]  # what "all" sets aside now
    carried: bool  # a card is expected to continue a turn after a Tutto


class Ending(Termination):
    """How a game of Tutto ends (the ``termination`` of its :class:`Outcome`)."""

    TARGET = "target"  # the target was reached (after the final round, where the rules say so)
    CLOVERLEAF = "cloverleaf"  # two Tuttos in a row under the Cloverleaf win at once


class Game(EntryList[Entry, Event, State, Rules]):
    """One game in progress: ``push`` an entry, ``pop`` it again, ask what is expected."""

    kind = "tutto"  # the registry's name of this game, as the games file stores it
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    rules_type, state_type = Rules, State
    advance_rule = staticmethod(advance)
    parse_entry = staticmethod(parse_entry)

    # -- queries -------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.step is Step.OVER

    def expect(self) -> Expectation:
        """What may be entered now."""
        s = self.state
        takes_card = s.step in (Step.CARD, Step.CARD_OR_BANK)
        cards = tuple(c for c in CARD_ORDER if Deck.left(s.deck, c) > 0) if takes_card else ()
        best: tuple[int, ...] = ()
        if s.step is Step.SET_ASIDE:
            best = self.all_faces()
        return Expectation(
            step=s.step, seat=s.seat, card=s.card, dice=s.dice, turn_total=s.turn_total,
            set_aside=s.aside, roll=s.roll, can_bank=s.can_bank, cards=cards, best=best,
            carried=takes_card and bool(s.turn_cards),
        )

    def all_faces(self) -> tuple[int, ...]:
        """What ``all`` sets aside now: every scoring die, or under Street one of each new face."""
        s = self.state
        if s.step is not Step.SET_ASIDE:
            raise IllegalEntry("wrong-step", step=s.step, entry="SetAside")
        if s.card is Card.STREET:
            return D.street_new_faces(s.roll, s.aside)
        return D.best_set_aside(s.roll)

    def set_aside_all(self) -> SetAside:
        return SetAside(self.all_faces())

    def odds(self) -> Fraction | None:
        """Chance of a Niete on the next roll of the dice in hand, or None when no roll is next."""
        from .odds import niete_chance, street_niete_chance

        s = self.state
        if s.step not in (Step.ROLL, Step.ROLL_OR_BANK):
            return None
        if s.card is Card.STREET:
            return street_niete_chance(s.dice, missing=6 - len(s.aside))
        return niete_chance(s.dice)

    def legal_entries(self) -> list[Entry]:
        """The decisions the player can make now (the game contract); chance is apart."""
        return legal_entries(self.rules, self.state)

    def chance_outcomes(self) -> list[Chance[Entry]]:
        """The cards or rolls that can come now, with exact probabilities (the game contract)."""
        return chance_outcomes(self.state)

    def outcome(self) -> Outcome | None:
        """How the game ended and who won; None while it runs."""
        if not self.finished:
            return None
        over = next(e for e in reversed(self._events[-1]) if isinstance(e, GameOver))
        how = Ending.CLOVERLEAF if over.cloverleaf else Ending.TARGET
        return Outcome(how, over.winners)

    def deck_left(self) -> dict[Card, int]:
        return Deck.as_dict(self.state.deck)

    def turn_records(self) -> list[TurnRecord]:
        """The finished turns in order, for score sheets and exports."""
        return [e.record for e in self.all_events() if isinstance(e, TurnOver)]

    def ranking(self) -> list[int]:
        """Seats by score, highest first; equal scores keep seat order."""
        scores = self.state.scores
        return sorted(range(len(scores)), key=lambda i: (-scores[i], i))

    def score_sheet(self) -> list[tuple[TurnRecord, tuple[int, ...]]]:
        """Every finished turn with everybody's scores after it (Plus/Minus changes others too)."""
        rows: list[tuple[TurnRecord, tuple[int, ...]]] = []
        # Not strict: a game made by ``at`` has its last events and no state before them.
        for events, state in zip(self._events, self._states[1:], strict=False):
            for event in events:
                if isinstance(event, TurnOver):
                    rows.append((event.record, state.scores))
        return rows
