"""Properties of whole random games played by the simulator (any legal play, any rule options)."""

import random
from collections.abc import Callable, Iterator
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from testbed.tutto_simulator import Simulator
from tutto_a11y.games.tutto.rules import (
    CHOICES,
    Card,
    EntryError,
    Game,
    Rules,
    SetAside,
    Step,
    parse_entry,
)
from tutto_a11y.games.tutto.rules.dice import group_points
from tutto_a11y.games.tutto.rules.events import (
    FinalRound,
    GameOver,
    PlusMinusScored,
    SetAsideDone,
    TurnOver,
)
from tutto_play import legal_set_asides

pytestmark = pytest.mark.slow  # hypothesis plays hundreds of whole games

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hugo", "Ida", "Jan")

rules_st = st.builds(
    Rules,
    target=st.sampled_from([500, 1000, 1500, 6000]),
    **{name.replace("-", "_"): st.sampled_from(values) for name, values in CHOICES.items()},
)
players_st = st.integers(2, 6).map(lambda n: NAMES[:n])
# A seed rather than hypothesis-driven randomness: a game takes hundreds of random choices, too
# much data for hypothesis to generate and shrink choice by choice.
seeds_st = st.integers(0, 2**32 - 1).map(random.Random)
sim_st = st.builds(Simulator, seeds_st,
                   bank_chance=st.sampled_from([0.2, 0.5, 0.9]),
                   continue_word=st.sampled_from([0.0, 0.2]),
                   all_chance=st.sampled_from([0.0, 0.5, 1.0]))

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ENOUGH = 3000  # entries: a game to a low target ends long before


def play(sim: Simulator, game: Game, check: Callable[[Game], None] | None=None) -> Game:
    """Play a random game to its end, calling ``check(game)`` after every entry."""
    for _ in range(ENOUGH):
        if game.finished:
            return game
        game.push(sim.entry(game))
        if check:
            check(game)
    raise AssertionError("a game to a low target did not end")


@FAST
@given(sim_st, players_st, rules_st)
def test_dice_in_hand_and_faces_set_aside_always_make_the_six_dice_of_a_stretch(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    def check(game: Game) -> None:
        s = game.state
        assert s.dice + len(s.aside) == 6
        assert 1 <= s.dice <= 6
        if s.step is Step.SET_ASIDE:
            assert len(s.roll) == s.dice
        if s.card is Card.STREET:
            assert len(set(s.aside)) == len(s.aside)

    play(sim, Game(players, rules), check)


@FAST
@given(sim_st, players_st, rules_st)
def test_scores_never_fall_below_zero_with_score_floor_zero(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    rules = rules.with_option("score-floor", "zero")

    def check(game: Game) -> None:
        assert min(game.state.scores) >= 0
        assert game.state.turn_total >= 0

    play(sim, Game(players, rules), check)


@FAST
@given(sim_st, players_st, rules_st)
def test_every_score_is_the_players_banked_turn_points_less_the_penalties_taken(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    game = play(sim, Game(players, rules))
    expected = [0] * len(players)
    for event in game.all_events():
        if isinstance(event, TurnOver):
            expected[event.record.seat] += event.record.points
        elif isinstance(event, PlusMinusScored):
            for penalty in event.penalties:
                expected[penalty.seat] -= penalty.lost
    assert tuple(expected) == game.state.scores


@FAST
@given(sim_st, players_st, rules_st)
def test_undo_of_any_entry_restores_the_state_before_it_exactly(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    game = Game(players, rules)
    while not game.finished and len(game.entries) < ENOUGH:
        before = (game.state, game.expect(), game.entries, list(game.all_events()))
        entry = sim.entry(game)
        game.push(entry)
        assert game.pop() == entry
        assert (game.state, game.expect(), game.entries, list(game.all_events())) == before
        game.push(entry)
    assert game.finished


@FAST
@given(sim_st, players_st, rules_st)
def test_rebuilding_from_the_entry_texts_equals_the_live_game(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    game = play(sim, Game(players, rules))
    replayed = Game.replay(players, rules, game.entry_texts())
    assert replayed.state == game.state
    assert replayed.expect() == game.expect()
    assert list(replayed.all_events()) == list(game.all_events())
    half = len(game.entries) // 2
    partial = Game.replay(players, rules, game.entry_texts()[:half])
    while len(game.entries) > half:
        game.pop()
    assert partial.state == game.state


@settings(max_examples=100, deadline=None)
@given(sim_st, players_st, rules_st)
def test_every_game_ends_with_the_right_winners_and_fair_turns(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    game = play(sim, Game(players, rules))
    s = game.state
    events = list(game.all_events())
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0] == events[-1]
    last = game.turn_records()[-1]
    losers = [v for i, v in enumerate(s.scores) if i not in s.winners]
    assert s.lowest == tuple(i for i, v in enumerate(s.scores)
                             if i not in s.winners and v == min(losers))
    if over[0].cloverleaf:
        assert s.winners == (last.seat,)
        assert last.outcome == "cloverleaf"
        return
    assert s.winners == tuple(i for i, v in enumerate(s.scores) if v == max(s.scores))
    if rules.game_end == "final-round":
        # (The one who reached the target may have lost 1000 to Plus/Minus since.)
        starts = [e for e in game.all_events() if isinstance(e, FinalRound)]
        assert len(starts) == 1 and starts[0].score >= rules.target
        assert len(set(s.turns)) == 1  # every player had the same number of turns
        assert last.seat == len(players) - 1
    else:
        assert last.score >= rules.target
        assert last.points > 0


@settings(max_examples=60, deadline=None)
@given(seeds_st, players_st)
def test_the_target_is_reachable_in_every_edition(
        rng: random.Random, players: tuple[str, ...]) -> None:
    for preset in ("standard", "classic-2004", "volle-lotte"):
        rules = Rules.preset(preset).with_option("target", "1000")
        game = play(Simulator(rng), Game(players, rules))
        assert game.finished


@FAST
@given(sim_st, players_st, rules_st)
def test_the_simulators_choices_are_never_refused_and_bank_only_where_allowed(
        sim: Simulator, players: tuple[str, ...], rules: Rules) -> None:
    def check(game: Game) -> None:
        s = game.state
        may_bank = s.step in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK)
        assert game.expect().can_bank == may_bank
        if s.step is Step.ROLL_OR_BANK:
            assert s.card in (Card.BONUS_200, Card.BONUS_300, Card.BONUS_400, Card.BONUS_500,
                              Card.BONUS_600, Card.X2)

    play(sim, Game(players, rules), check)


# -- set-asides: the engine accepts exactly the legal ones, and "all" is the best ---------------

def submultisets(roll: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    counts = {face: roll.count(face) for face in set(roll)}
    faces = sorted(counts)
    for ks in product(*(range(counts[f] + 1) for f in faces)):
        if any(ks):
            yield tuple(f for f, k in zip(faces, ks, strict=True) for _ in range(k))


def points_of(group: tuple[int, ...]) -> int:
    """The points of a legal set-aside (every legal one scores)."""
    points = group_points(group)
    assert points is not None
    return points


def game_waiting_for_set_aside(
        roll: tuple[int, ...], card: Card, aside: tuple[int, ...] = ()) -> Game | None:
    """A game whose next entry is a set-aside from ``roll`` (None if the roll is a Niete)."""
    game = Game(["Anna", "Ben"])
    game.push(parse_entry(f"card {card.value}"))
    if aside:
        # Street: set aside the given faces first, from a roll showing each of them once.
        pad = [f for f in (1, 2, 3, 4, 5, 6) if f not in aside][:1] * (6 - len(aside))
        game.push(parse_entry("roll " + "".join(map(str, (*aside, *pad)))))
        game.push(SetAside(tuple(aside)))
    game.push(parse_entry("roll " + "".join(map(str, roll))))
    return game if game.state.step is Step.SET_ASIDE else None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=6, max_size=6).map(tuple))
def test_exactly_the_legal_set_asides_are_accepted_and_all_is_the_best(
        roll: tuple[int, ...]) -> None:
    game = game_waiting_for_set_aside(roll, Card.BONUS_200)
    legal = set(legal_set_asides(roll, Card.BONUS_200))
    if game is None:
        assert not legal
        return
    for group in submultisets(roll):
        try:
            done = game.push(SetAside(group))[0]
        except EntryError:
            assert group not in legal
        else:
            assert group in legal
            assert isinstance(done, SetAsideDone)
            assert done.points == group_points(group)
            game.pop()
    best = game.expect().best
    assert tuple(sorted(best)) in legal
    assert group_points(best) == max(points_of(g) for g in legal)
    assert len(best) == max(len(g) for g in legal)


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(1, 6), max_size=5).map(lambda s: tuple(sorted(s))), st.data())
def test_under_street_exactly_one_die_of_each_new_face_may_be_set_aside(
        aside: tuple[int, ...], data: st.DataObject) -> None:
    dice = 6 - len(aside)
    roll = tuple(data.draw(st.lists(st.integers(1, 6), min_size=dice, max_size=dice)))
    game = game_waiting_for_set_aside(roll, Card.STREET, aside)
    legal = set(legal_set_asides(roll, Card.STREET, aside))
    if game is None:
        assert not legal
        assert set(roll) <= set(aside)
        return
    for group in submultisets(roll):
        try:
            game.push(SetAside(group))
        except EntryError:
            assert group not in legal
        else:
            assert group in legal
            game.pop()
    assert tuple(sorted(game.expect().best)) == max(legal, key=len)
