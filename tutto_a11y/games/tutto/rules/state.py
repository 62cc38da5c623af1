"""The game state and the pure transition that an entry makes.

A state is an immutable snapshot, so undo is simply going back to the previous snapshot
(python-chess's push/pop) and a journal replays to exactly the same states. ``advance`` checks an
entry against the current step and either raises an :class:`EntryError` (and nothing changes) or
returns the next state and the events to announce.
"""

from __future__ import annotations

from enum import Enum

from tutto_a11y.core.record import Record, replace

from . import dice as D
from .cards import DECK_SIZE, FULL_DECK, Card, Deck
from .entries import Bank, Continue, DrawCard, Entry, Roll, SetAside
from .errors import IllegalEntry, MalformedEntry
from .events import (
    Banked,
    CardDrawn,
    Continued,
    Event,
    FinalRound,
    FireworksBanked,
    GameOver,
    Niete,
    Penalty,
    PlusMinusScored,
    Rolled,
    SetAsideDone,
    StopDrawn,
    TurnOutcome,
    TurnOver,
    TurnRecord,
    Tutto,
)
from .options import Rules


class Step(Enum):
    """What the game waits for."""

    CARD = "card"  # a card: the turn's first, or after choosing to continue from a Tutto
    ROLL = "roll"  # the faces of a roll of all dice in hand
    SET_ASIDE = "set-aside"  # which dice of the roll are set aside
    ROLL_OR_BANK = "roll-or-bank"  # dice left after a set-aside: roll them, or bank
    CARD_OR_BANK = "card-or-bank"  # after a Tutto: draw a card and go on, or bank
    OVER = "over"  # the game has ended


STRETCH = 6  # dice in a full stretch


class State(Record):
    """Everything about a game in progress except its (immutable) players and rules.

    A game keeps one state per entry and makes a new one for every entry by :func:`replace`,
    which copies the fields without the constructor (cheaper than a named tuple's
    ``_replace``): what keeps rebuilding a long game from its journal fast.
    """

    scores: tuple[int, ...]
    turns: tuple[int, ...]  # finished turns per seat
    seat: int
    step: Step = Step.CARD
    card: Card | None = None  # the card in force
    turn_cards: tuple[Card, ...] = ()
    turn_total: int = 0
    card_base: int = 0  # the turn total when the card in force was drawn
    dice: int = STRETCH  # dice in hand
    roll: tuple[int, ...] = ()  # the roll waiting for a set-aside
    aside: tuple[int, ...] = ()  # faces set aside in this stretch
    tuttos: int = 0  # Tuttos under the card in force
    deck: tuple[int, ...] = FULL_DECK
    drawn: int = 0  # cards drawn from the current deck
    final_round: bool = False
    winners: tuple[int, ...] = ()
    lowest: tuple[int, ...] = ()

    @classmethod
    def start(cls, players: int) -> State:
        return cls(scores=(0,) * players, turns=(0,) * players, seat=0)

    @property
    def can_bank(self) -> bool:
        return self.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK)


def advance(rules: Rules, state: State, entry: Entry) -> tuple[State, list[Event]]:
    """The state after ``entry`` and what happened; raises EntryError and changes nothing if
    wrong."""
    step = state.step
    if step is Step.OVER:
        raise IllegalEntry("game-over")
    if isinstance(entry, DrawCard):
        if step is Step.CARD or step is Step.CARD_OR_BANK:
            return _draw(rules, state, entry.card)
    elif isinstance(entry, Roll):
        if step is Step.ROLL or step is Step.ROLL_OR_BANK:
            return _roll(rules, state, entry.faces)
    elif isinstance(entry, SetAside):
        if step is Step.SET_ASIDE:
            return _set_aside(rules, state, entry.faces, automatic=False)
    elif isinstance(entry, Bank):
        if state.can_bank:
            score = _add(rules, state.scores[state.seat], state.turn_total)
            events: list[Event] = [Banked(state.seat, state.turn_total, score)]
            new = replace(state, scores=_put(state.scores, state.seat, score))
            return _end_turn(rules, new, state.turn_total, TurnOutcome.BANKED, events)
        if (state.card is not None and not state.card.may_bank_before_tutto
                and step is not Step.CARD):
            raise IllegalEntry("cannot-bank-under-card", card=state.card)
        raise IllegalEntry("cannot-bank-now", step=step)
    elif isinstance(entry, Continue):
        if state.can_bank:
            to_card = step is Step.CARD_OR_BANK
            new = replace(state, step=Step.CARD if to_card else Step.ROLL)
            return new, [Continued(state.seat, to_card)]
    else:
        raise MalformedEntry("unknown-entry", text=repr(entry))
    raise IllegalEntry("wrong-step", step=step, entry=type(entry).__name__)


def _draw(rules: Rules, state: State, card: Card) -> tuple[State, list[Event]]:
    if Deck.left(state.deck, card) <= 0:
        raise IllegalEntry("card-not-in-deck", card=card)
    deck = Deck.take(state.deck, card)
    drawn = state.drawn + 1
    reshuffled = drawn == DECK_SIZE
    if reshuffled:
        deck, drawn = FULL_DECK, 0
    seat = state.seat
    events: list[Event] = [CardDrawn(seat, card, state.turn_total, reshuffled)]
    cards = state.turn_cards + (card,)
    if card is Card.STOP:
        events.append(StopDrawn(seat, state.turn_total))
        new = replace(state, deck=deck, drawn=drawn, turn_cards=cards)
        return _end_turn(rules, new, 0, TurnOutcome.STOP_CARD, events)
    new = replace(state, deck=deck, drawn=drawn, turn_cards=cards, step=Step.ROLL, card=card,
                  card_base=state.turn_total, dice=STRETCH, aside=(), tuttos=0, roll=())
    return new, events


def _roll(rules: Rules, state: State, faces: tuple[int, ...]) -> tuple[State, list[Event]]:
    if len(faces) != state.dice:
        raise IllegalEntry("wrong-dice-count", expected=state.dice, got=len(faces))
    for face in faces:
        if not 1 <= face <= 6:
            raise MalformedEntry("face-out-of-range", face=str(face))
    seat, card = state.seat, state.card
    events: list[Event] = [Rolled(seat, faces)]
    if card is Card.STREET:
        niete = not D.street_new_faces(faces, state.aside)
    else:
        niete = D.is_niete(faces)
    if niete:
        if card is Card.FIREWORKS:
            score = _add(rules, state.scores[seat], state.turn_total)
            events.append(FireworksBanked(seat, state.turn_total, score))
            new = replace(state, scores=_put(state.scores, seat, score))
            return _end_turn(rules, new, state.turn_total, TurnOutcome.FIREWORKS, events)
        bankable = _bankable(state)
        events.append(Niete(seat, state.turn_total, card is Card.STREET, bankable))
        return _end_turn(rules, state, 0, TurnOutcome.NIETE, events)
    if card is Card.FIREWORKS:
        new, more = _set_aside(rules, replace(state, roll=faces), D.best_set_aside(faces),
                               automatic=True)
        return new, events + more
    return replace(state, step=Step.SET_ASIDE, roll=faces), events


def _set_aside(rules: Rules, state: State, faces: tuple[int, ...],
               automatic: bool) -> tuple[State, list[Event]]:
    if not faces:
        raise MalformedEntry("no-faces")
    missing = D.is_subgroup(faces, state.roll)
    if missing is not None:
        raise IllegalEntry("die-not-in-roll", face=missing, roll=state.roll)
    seat, card = state.seat, state.card
    street = card is Card.STREET
    if street:
        seen: set[int] = set()
        for face in faces:
            if face in state.aside:
                raise IllegalEntry("street-face-already-set-aside", face=face)
            if face in seen:
                raise IllegalEntry("street-face-twice", face=face)
            seen.add(face)
        points = 0
    else:
        got = D.group_points(faces)
        if got is None:
            bad = D.non_scoring_face(faces)
            # How many were set aside: four 2s hold three that count, one 2 holds none.
            raise IllegalEntry("die-does-not-score", face=bad, count=faces.count(bad))
        points = got
    total = state.turn_total + points
    left = state.dice - len(faces)
    aside = tuple(sorted(state.aside + faces))
    events: list[Event] = [SetAsideDone(seat, faces, points, total, left, automatic, street)]
    if left:
        assert card is not None
        step = Step.ROLL_OR_BANK if card.may_bank_before_tutto else Step.ROLL
        return replace(state, turn_total=total, dice=left, aside=aside, roll=(),
                       step=step), events
    return _tutto(rules, replace(state, turn_total=total, dice=left, aside=aside, roll=()),
                  events)


def _bankable(state: State) -> int:
    """What the Niete takes from the player: the turn total the table has been told is at risk.

    Points made under Plus/Minus and Cloverleaf never count (their Tutto replaces them, or wins
    the game), so only the total carried into the card is lost, under both cards alike: the
    same fact is said the same way ("Niete. Anna loses 1800."), whichever Plus/Minus option is
    played.
    """
    if state.card in (Card.CLOVERLEAF, Card.PLUS_MINUS):
        return state.card_base
    return state.turn_total


def _tutto(rules: Rules, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """All dice of the stretch are set aside: the card's Tutto effect (docs/rules/tutto.md 4)."""
    seat, card, total = state.seat, state.card, state.turn_total
    tuttos = state.tuttos + 1
    fresh: dict[str, object] = dict(dice=STRETCH, aside=(), tuttos=tuttos)
    if card is Card.FIREWORKS:
        events.append(Tutto(seat, card, total, 0, None, tuttos))
        return replace(state, step=Step.ROLL, **fresh), events
    if card is Card.CLOVERLEAF:
        events.append(Tutto(seat, card, total, 0, None, tuttos))
        if tuttos < 2:
            return replace(state, step=Step.ROLL, **fresh), events
        return _end_turn(rules, replace(state, **fresh), 0, TurnOutcome.CLOVERLEAF, events,
                         cloverleaf=True)
    if card is Card.PLUS_MINUS:
        return _plus_minus(rules, replace(state, **fresh), events)
    doubled_from = None
    bonus = 0
    if card is Card.X2:
        doubled_from = total if rules.x2_scope == "turn" else total - state.card_base
        total += doubled_from
    elif card is Card.STREET:
        bonus = 2000
        total += bonus
    else:
        assert card is not None
        bonus = card.bonus
        total += bonus
    events.append(Tutto(seat, card, total, bonus, doubled_from, tuttos))
    new = replace(state, step=Step.CARD_OR_BANK, turn_total=total, **fresh)
    if card is Card.STREET and rules.street_after == "ends-turn":
        score = _add(rules, state.scores[seat], total)
        events.append(Banked(seat, total, score))
        new = replace(new, scores=_put(state.scores, seat, score))
        return _end_turn(rules, new, total, TurnOutcome.BANKED, events)
    return new, events


def _plus_minus(rules: Rules, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Plus/Minus: exactly 1000 for the roller, and every other leader loses 1000."""
    seat, scores = state.seat, state.scores
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    penalties: list[Penalty] = []
    new_scores = list(scores)
    if leaders != [seat]:
        for i in leaders:
            if i != seat:
                new_scores[i] = _add(rules, scores[i], -1000)
                penalties.append(Penalty(i, scores[i] - new_scores[i], new_scores[i]))
    if rules.plus_minus == "exact-1000-ends-turn":
        new_scores[seat] = _add(rules, scores[seat], 1000)
        events.append(PlusMinusScored(seat, 1000, new_scores[seat], 1000, True, tuple(penalties)))
        new = replace(state, scores=tuple(new_scores), turn_total=1000)
        return _end_turn(rules, new, 1000, TurnOutcome.PLUS_MINUS, events)
    total = state.card_base + 1000
    events.append(PlusMinusScored(seat, 1000, scores[seat], total, False, tuple(penalties)))
    return replace(state, scores=tuple(new_scores), turn_total=total,
                   step=Step.CARD_OR_BANK), events


def _end_turn(rules: Rules, state: State, points: int, outcome: TurnOutcome, events: list[Event],
              cloverleaf: bool = False) -> tuple[State, list[Event]]:
    """Close the turn, start the final round or end the game, and pass to the next seat."""
    seat, players = state.seat, len(state.scores)
    turns = _put(state.turns, seat, state.turns[seat] + 1)
    score = state.scores[seat]
    record = TurnRecord(seat, state.turn_cards, points, outcome, score)
    final_round = state.final_round
    over = cloverleaf
    if not over and points > 0 and score >= rules.target:
        if rules.game_end == "immediate":
            over = True
        elif not final_round:
            final_round = True
            events.append(FinalRound(seat, score, players - 1))
    if final_round and seat == players - 1:
        over = True
    # The turn is over either way: nothing of it stays in the state (no card, dice, turn total).
    closed: dict[str, object] = dict(turns=turns, final_round=final_round, card=None, turn_cards=(),
                                  turn_total=0, card_base=0, dice=STRETCH, roll=(), aside=(),
                                  tuttos=0)
    if over:
        scores = state.scores
        winners = (seat,) if cloverleaf else _seats_with(scores, max(scores))
        # The lowest of the others buys the next round: a Cloverleaf winner with the lowest
        # score does not pay for winning, and when everybody wins nobody buys.
        others = [scores[i] for i in range(players) if i not in winners]
        lowest = tuple(i for i in _seats_with(scores, min(others)) if i not in winners) \
            if others else ()
        events.append(TurnOver(record, None))
        events.append(GameOver(winners, lowest, scores, cloverleaf))
        return replace(state, step=Step.OVER, winners=winners, lowest=lowest, **closed), events
    nxt = (seat + 1) % players
    events.append(TurnOver(record, nxt))
    return replace(state, step=Step.CARD, seat=nxt, **closed), events


def _seats_with(scores: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(scores) if s == value)


def _put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _add(rules: Rules, score: int, points: int) -> int:
    new = score + points
    if new < 0 and rules.score_floor == "zero":
        return 0
    return new
