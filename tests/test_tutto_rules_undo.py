"""Undo takes back any number of entries; a journal replays to exactly the live game."""

import pytest

from testbed.tutto_simulator import random_game
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    DrawCard,
    EntryError,
    Game,
    IllegalEntry,
    ReplayError,
    Rules,
    Step,
    parse_entry,
)
from tutto_play import enter


def snapshot(game: Game) -> tuple[object, ...]:
    return game.state, game.expect(), list(game.all_events()), game.entries


def test_undo_takes_back_the_last_entry_and_returns_it() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll 123466", "aside 1")
    before = snapshot(game)
    enter(game, "bank")
    assert game.state.scores == (100, 0)
    assert game.pop() == Bank()
    assert snapshot(game) == before
    assert game.state.step is Step.ROLL_OR_BANK
    assert game.players[game.state.seat] == "Anna"


def test_undo_across_the_end_of_a_turn_gives_the_turn_back() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll 111555", "aside 111555")
    before = snapshot(game)
    enter(game, "card stop")
    assert game.players[game.state.seat] == "Ben"
    assert game.pop() == DrawCard(Card.STOP)
    assert snapshot(game) == before
    assert game.state.turn_total == 1700
    assert game.players[game.state.seat] == "Anna"


def test_undo_across_the_end_of_the_game_reopens_it() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card cloverleaf", "roll 111555", "aside 111555", "roll 111555")
    before = snapshot(game)
    enter(game, "aside 111555")
    assert game.finished
    game.pop()
    assert not game.finished
    assert snapshot(game) == before
    enter(game, "aside 1")  # a different choice this time
    assert game.state.dice == 5


def test_a_plus_minus_penalty_is_given_back_by_undo() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card bonus-200", "roll 111234", "aside 111", "bank")
    enter(game, "card plus-minus", "roll 111555")
    enter(game, "aside 111555")
    assert game.state.scores == (0, 1000)
    game.pop()
    assert game.state.scores == (1000, 0)


@pytest.mark.parametrize("seed", range(5))
def test_undo_of_every_entry_goes_back_to_the_start_through_every_earlier_state(seed: int) -> None:
    game = random_game(seed, rules=Rules(target=1500))
    texts = game.entry_texts()
    for n in range(len(texts), 0, -1):
        assert snapshot(game) == snapshot(Game.replay(game.players, game.rules, texts[:n]))
        assert game.pop() == parse_entry(texts[n - 1])
    assert snapshot(game) == snapshot(Game(game.players, game.rules))
    with pytest.raises(IllegalEntry):
        game.pop()


@pytest.mark.parametrize("seed", range(10))
def test_replaying_the_journal_equals_the_live_game(seed: int) -> None:
    game = random_game(seed, players=("Anna", "Ben", "Cleo", "Dora"), rules=Rules(target=2000))
    replayed = Game.replay(game.players, game.rules, game.entry_texts())
    assert snapshot(replayed) == snapshot(game)
    assert replayed.turn_records() == game.turn_records()
    assert replayed.finished


def test_a_journal_that_does_not_replay_names_its_1_based_entry_index() -> None:
    texts = ["card bonus-200", "roll 123466", "aside 1", "bank", "card stop", "card stop",
             "card stop"]
    Game.replay(["Anna", "Ben"], None, texts[:6])
    texts[2] = "aside 6"
    with pytest.raises(ReplayError) as caught:
        Game.replay(["Anna", "Ben"], None, texts)
    assert caught.value.index == 3
    assert caught.value.text == "aside 6"
    assert isinstance(caught.value.error, EntryError)
    assert caught.value.error.reason == "die-does-not-score"


def test_a_journal_with_an_unreadable_line_names_it() -> None:
    with pytest.raises(ReplayError) as caught:
        Game.replay(["Anna", "Ben"], None, ["card stop", "card joker"])
    assert caught.value.index == 2
    assert isinstance(caught.value.error, EntryError)
    assert caught.value.error.reason == "unknown-card"


def test_a_journal_replays_under_its_own_rules() -> None:
    texts = ["card x2", "roll 123466", "aside 1", "bank", "card bonus-200", "roll 111555",
             "aside 111555", "card x2", "roll 111234", "aside 111", "roll 155", "aside 155"]
    assert Game.replay(["Anna", "Ben"], Rules(), texts).state.turn_total == 2 * (1700 + 1200)
    assert Game.replay(["Anna", "Ben"], Rules(x2_scope="card"), texts).state.turn_total == (
        1700 + 2 * 1200)
