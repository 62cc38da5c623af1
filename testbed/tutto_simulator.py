"""A random but legal player of Tutto on the game contract, for tests and the benchmarks.

It plays the table through the contract only: chance (a card, a roll) is drawn from
``chance_outcomes`` with its exact probability, so cards follow the deck as tracked; a decision
(what to set aside, bank or go on) is picked among ``legal_entries``. It only ever enters what
the contract calls legal, so any refusal while it plays is a bug in the rules or the contract.

Randomness comes from a ``random.Random``: the property tests seed one per game from hypothesis
(a game takes hundreds of choices, too many to generate and shrink one by one), so a failing
game is reproduced from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tutto_a11y.core.record import replace
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Entry,
    Game,
    Roll,
    Rules,
    SetAside,
    State,
    Step,
)
from tutto_a11y.games.tutto.rules.cards import FULL_DECK, Deck


class Simulator:
    """Chooses one legal entry at a time for a game.

    ``bank_chance`` is how often the player banks when allowed; ``continue_word`` how often a
    ``continue`` entry is typed before the roll or card it announces; ``all_chance`` how often the
    set-aside is ``all`` (the rules' own best) rather than a random legal one.
    """

    def __init__(self, rng: random.Random, bank_chance: float = 0.4,
                 continue_word: float = 0.2, all_chance: float = 0.3) -> None:
        self.rng = rng
        self.bank_chance = bank_chance
        self.continue_word = continue_word
        self.all_chance = all_chance
        # A roll of n dice has the same outcomes every time: their weights, once per n.
        self._rolls: dict[int, tuple[list[Entry], list[float]]] = {}

    def chance(self, game: Game) -> Entry:
        """A card or roll, drawn with the probability the contract gives it."""
        outcomes = game.chance_outcomes()
        first = outcomes[0].entry
        if isinstance(first, Roll):
            dice = len(first.faces)
            if dice not in self._rolls:
                self._rolls[dice] = ([o.entry for o in outcomes],
                                     [float(o.probability) for o in outcomes])
            entries, weights = self._rolls[dice]
        else:
            entries = [o.entry for o in outcomes]
            weights = [float(o.probability) for o in outcomes]
        entry = self.rng.choices(entries, weights=weights)[0]
        if isinstance(entry, Roll):  # the dice as they fell, not sorted
            faces = list(entry.faces)
            self.rng.shuffle(faces)
            return Roll(tuple(faces))
        return entry

    def entry(self, game: Game) -> Entry:
        """A random legal entry for the game's current step."""
        decisions = game.legal_entries()
        if game.state.step is Step.SET_ASIDE:
            if self.rng.random() < self.all_chance:
                return game.set_aside_all()
            return self.rng.choice(decisions)
        if decisions:
            r = self.rng.random()
            if r < self.bank_chance and Bank() in decisions:
                return Bank()
            if r < self.bank_chance + self.continue_word and Continue() in decisions:
                return Continue()
        if not game.chance_outcomes():
            raise AssertionError(f"no entry is possible at step {game.state.step}")
        return self.chance(game)

    def play(self, game: Game, max_entries: int | None = None) -> Game:
        """Push random legal entries until the game is over (or ``max_entries`` were pushed)."""
        pushed = 0
        while not game.finished and (max_entries is None or pushed < max_entries):
            game.push(self.entry(game))
            pushed += 1
        return game


def random_game(seed: int | random.Random, players: Sequence[str] = ("Anna", "Ben", "Cleo"),
                rules: Rules | None = None, max_entries: int | None = None,
                **choices: float) -> Game:
    """A game played by the simulator from a seed (or a Random), to its end or ``max_entries``."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return Simulator(rng, **choices).play(Game(players, rules), max_entries)


def long_game(entries: int, players: Sequence[str] = ("Anna", "Ben", "Cleo"),
              seed: int = 0) -> Game:
    """A game of exactly ``entries`` entries that has not ended (a target nobody reaches).

    A Cloverleaf success can still end a game early; then the next seed is tried.
    """
    rules = Rules(target=10_000_000)
    while True:
        game = random_game(seed, players, rules, max_entries=entries)
        if len(game.entries) == entries and not game.finished:
            return game
        seed += 1


CARD_WORDS = {Card.STOP: "stop", Card.FIREWORKS: "fireworks", Card.X2: "x2",
              Card.PLUS_MINUS: "plusminus", Card.STREET: "street", Card.CLOVERLEAF: "clover"}


def typed(entry: Entry) -> str:
    """The line a scorekeeper types for an entry, as the play loop reads it."""
    if isinstance(entry, DrawCard):
        return f"bonus {entry.card.bonus}" if entry.card.bonus else CARD_WORDS[entry.card]
    if isinstance(entry, (Roll, SetAside)):
        return " ".join(str(face) for face in entry.faces)
    if isinstance(entry, Bank):
        return "bank"
    assert isinstance(entry, Continue)
    return "continue"


class Advised(Protocol):
    """What a coach's choice says to do: the faces to set aside, then bank or another way on."""

    @property
    def set_aside(self) -> tuple[int, ...]: ...

    @property
    def then(self) -> str: ...


def remembered(choose: Callable[[State], Advised]) -> Callable[[State], tuple[tuple[int, ...],
                                                                            str]]:
    """``choose`` asked once per distinct decision (scores, seat, card, dice, turn total, roll
    and set-aside): a Monte Carlo meets the same decisions again and again."""
    memo: dict[tuple[Any, ...], tuple[tuple[int, ...], str]] = {}

    def best(s: State) -> tuple[tuple[int, ...], str]:
        key = (s.scores, s.seat, s.step, s.card, s.dice, s.turn_total, s.card_base,
               tuple(sorted(s.roll)), s.aside, s.tuttos)
        if key not in memo:
            choice = choose(s)
            memo[key] = (tuple(choice.set_aside), choice.then)
        return memo[key]
    return best


def play_as_advised(game: Game, best: Callable[[State], tuple[tuple[int, ...], str]],
                    rng: random.Random) -> tuple[int, ...]:
    """Play ``game`` to its end through the rules engine: every card drawn from a full deck's
    proportions (as the coach's solves assume), random dice, and at every decision what
    ``best(state)`` says (the faces to set aside, then "bank" or another way on). Returns the
    winners. A second method for the coach's chances to win: a Monte Carlo of its own play."""
    cards, weights = zip(*Deck.as_dict(FULL_DECK).items(), strict=True)
    while not game.finished:
        s = game.state
        if s.step is Step.CARD:
            game._states[-1] = replace(s, deck=FULL_DECK)
            game.push(DrawCard(rng.choices(cards, weights)[0]))
            continue
        if s.step is Step.ROLL:
            game.push(Roll(tuple(rng.randint(1, 6) for _ in range(s.dice))))
            continue
        faces, then = best(replace(s, deck=FULL_DECK))
        if s.step is Step.SET_ASIDE:
            game.push(SetAside(faces))
            if game.state.step not in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
                continue
        game.push(Bank() if then == "bank" else Continue())
    return game.state.winners
