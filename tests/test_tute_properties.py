"""Properties of Tute that hold in every match, whatever is entered (hypothesis).

Matches are played by drawing entries at random, legal or not: a refused entry changes
nothing, and what was accepted always adds up as docs/rules/tute.md says.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings, strategies as st

from tutto_a11y.core.contract import EntryError
from tutto_a11y.games.tute.rules import (
    SUITS,
    Cante,
    CardPoints,
    Entry,
    Game,
    LastTrick,
    Rules,
    Step,
    Trump,
    Tute,
    TuteOf,
    side_of,
)

rules_strategy = st.builds(Rules, games=st.integers(1, 4),
                           tie=st.sampled_from(["last-trick", "replay"]),
                           tute_wins=st.sampled_from(["match", "round"]),
                           over_120=st.sampled_from(["two-games", "one-game"]))


def random_match(data: st.DataObject, players: int, rules: Rules, steps: int) -> Game:
    game = Game([f"P{i}" for i in range(players)], rules)
    for _ in range(steps):
        if game.finished:
            break
        sides = game.state.sides
        kind = data.draw(st.sampled_from(["trump", "cante", "cante", "tute", "points", "last"]))
        if kind == "trump":
            entry: Entry = Trump(data.draw(st.sampled_from(SUITS)))
        elif kind == "cante":
            entry = Cante(data.draw(st.integers(0, players - 1)), data.draw(st.sampled_from(SUITS)))
        elif kind == "tute":
            entry = Tute(data.draw(st.integers(0, players - 1)),
                         data.draw(st.sampled_from(list(TuteOf))))
        elif kind == "points":
            cuts = sorted(data.draw(st.lists(st.integers(0, 120), min_size=sides - 1,
                                             max_size=sides - 1)))
            points = tuple(b - a for a, b in pairwise([0, *cuts, 120]))
            if data.draw(st.booleans()):
                points = tuple(p + data.draw(st.integers(0, 3)) for p in points)
            last = data.draw(st.one_of(st.none(), st.integers(0, sides - 1)))
            entry = CardPoints(points, last)
        else:
            entry = LastTrick(data.draw(st.integers(0, sides - 1)))
        before, count = game.state, len(game.entries)
        try:
            game.push(entry)
        except EntryError:
            assert game.state == before and len(game.entries) == count
    return game


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), rules=rules_strategy)
def test_every_round_adds_up_to_120_card_points_plus_10_plus_its_cantes(
        data: st.DataObject, players: int, rules: Rules) -> None:
    game = random_match(data, players, rules, 60)
    games = [0] * game.state.sides
    for number, r in enumerate(game.rounds(), start=1):
        assert r.number == number and r.hand == (number - 1) % players
        suits = [c.suit for c in r.cantes]
        assert len(suits) == len(set(suits))
        assert all(c.points == (40 if c.suit is r.trump else 20) for c in r.cantes)
        assert sum(c.points for c in r.cantes) <= 100
        assert all(c.side == side_of(c.seat, players) for c in r.cantes)
        if r.tute is None:
            assert r.card_points is not None and r.round_points is not None
            assert sum(r.card_points) == 120
            assert sum(r.round_points) == 130 + sum(c.points for c in r.cantes)
            if r.winner is not None:
                assert r.round_points[r.winner] == max(r.round_points)
                assert r.games == (2 if r.round_points[r.winner] > 120
                                   and rules.over_120 == "two-games" else 1)
        else:
            assert all(c.side != r.tute.side for c in r.cantes)
            assert r.winner == r.tute.side and r.games == 2
        if r.winner is not None:
            games[r.winner] += r.games
    assert list(game.state.games) == games
    if game.finished:
        winner = game.state.winner
        last = game.rounds()[-1]
        assert winner == last.winner
        assert winner is not None
        assert games[winner] >= rules.games or (last.tute is not None
                                                and rules.tute_wins == "match")
        outcome = game.outcome()
        assert outcome is not None and set(outcome.winners) == {
            s for s in range(players) if side_of(s, players) == winner}
    else:
        assert all(g < rules.games for g in games) and game.outcome() is None


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), rules=rules_strategy)
def test_a_journal_replays_to_the_same_match_and_undo_walks_back_to_the_start(
        data: st.DataObject, players: int, rules: Rules) -> None:
    game = random_match(data, players, rules, 40)
    again = Game.replay(game.players, rules, game.entry_texts())
    assert again.state == game.state
    states = []
    while game.entries:
        states.append(game.state)
        entry = game.pop()
        game.push(entry)
        assert game.state == states[-1]
        game.pop()
    assert game.state == Game(game.players, rules).state


@settings(max_examples=60, deadline=None)
@given(data=st.data(), rules=rules_strategy)
def test_the_legal_entries_are_exactly_the_ones_the_rules_accept(data: st.DataObject,
                                                                  rules: Rules) -> None:
    game = random_match(data, 2, rules, 12)
    legal = set(game.legal_entries())
    if game.state.step is Step.TRUMP:
        assert legal == set() and {c.entry for c in game.chance_outcomes()} == {
            Trump(s) for s in SUITS}
        return
    candidates: list[Entry] = [Cante(seat, suit) for seat in range(2) for suit in SUITS]
    candidates += [Tute(seat, of) for seat in range(2) for of in TuteOf]
    candidates += [CardPoints((p, 120 - p)) for p in range(121)] + [LastTrick(0), LastTrick(1)]
    for entry in candidates:
        state = game.state
        try:
            game.push(entry)
        except EntryError:
            assert entry not in legal and game.state == state
            continue
        assert entry in legal
        game.pop()
