"""docs/rules/tute.md: the worked examples of section 6 entry by entry, and the rules around."""

from __future__ import annotations

from typing import Any

import pytest

from tutto_a11y.core.contract import chance_total
from tutto_a11y.games.tute.rules import (
    Cante,
    CardPoints,
    Ending,
    Game,
    IllegalEntry,
    LastTrick,
    MalformedEntry,
    Rules,
    Step,
    Suit,
    Trump,
    Tute,
    TuteOf,
    parse_entry,
)
from tutto_a11y.games.tute.rules.events import MatchOver, RoundOver

ANNA, BEN, CLEO, DORA = 0, 1, 2, 3


def enter(game: Game, *texts: str) -> list[Any]:
    events: list[Any] = []
    for text in texts:
        events = game.push(parse_entry(text))
    return events


def round_over(events: list[Any]) -> RoundOver:
    return next(e for e in events if isinstance(e, RoundOver))


def test_example_1_forty_and_twenty_make_130_and_more_than_120_notes_two_games() -> None:
    game = Game(["Anna", "Ben"], Rules(games=3))
    enter(game, "trump cups", "cante 0 cups", "cante 0 gold")
    assert [c.points for c in game.state.cantes] == [40, 20]
    over = round_over(enter(game, "points 70 50", "last 1"))
    assert over.record.round_points == (130, 60)
    assert over.record.winner == ANNA and over.record.games == 2
    assert over.games == (2, 0)
    assert over.next_hand == BEN  # the next round is begun by the next player


def test_example_2_pairs_seats_one_and_three_against_two_and_four_and_74_loses_to_76() -> None:
    game = Game(["Anna", "Ben", "Cleo", "Dora"], Rules(games=2))
    assert game.sides == ((ANNA, CLEO), (BEN, DORA))
    enter(game, "trump swords", "cante 1 clubs")
    over = round_over(enter(game, "points 64 56 last 0"))
    assert over.record.round_points == (74, 76)
    assert over.record.winner == 1 and over.record.games == 1
    assert over.games == (0, 1)


def test_example_3_card_points_of_70_and_60_are_refused_as_adding_up_to_130() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "trump gold")
    with pytest.raises(IllegalEntry) as refused:
        game.push(CardPoints((70, 60)))
    assert refused.value.reason == "points-sum" and refused.value.data["total"] == 130
    assert game.state.step is Step.PLAY and len(game.entries) == 1


def test_example_4_a_second_cante_in_gold_in_the_same_round_is_refused() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "trump cups", "cante 0 gold")
    with pytest.raises(IllegalEntry) as refused:
        game.push(Cante(BEN, Suit.GOLD))
    assert refused.value.reason == "suit-already-announced"
    assert refused.value.data["seat"] == ANNA


def test_example_5_cleo_announces_tute_with_four_kings_and_wins_the_match() -> None:
    game = Game(["Anna", "Ben", "Cleo"], Rules(games=5))
    events = enter(game, "trump clubs", "cante 0 gold", "tute 2 kings")
    assert game.finished
    assert MatchOver(CLEO, (0, 0, 2), True) in events
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (CLEO,)
    assert outcome.termination is Ending.LAST_TRICK


def test_a_tute_after_a_cante_of_the_same_side_is_refused_but_not_after_another_sides() -> None:
    game = Game(["Anna", "Ben", "Cleo", "Dora"])
    enter(game, "trump clubs", "cante 2 gold")
    with pytest.raises(IllegalEntry) as refused:
        game.push(Tute(ANNA, TuteOf.KNIGHTS))  # Cleo is Anna's partner
    assert refused.value.reason == "tute-after-cante"
    enter(game, "tute 1 knights")
    assert game.state.winner == 1


def test_with_tute_wins_round_a_tute_is_two_games_and_the_match_goes_on() -> None:
    game = Game(["Anna", "Ben"], Rules(games=3, tute_wins="round"))
    over = round_over(enter(game, "trump gold", "tute 1 knights"))
    assert over.games == (0, 2) and not game.finished
    assert over.record.card_points is None and over.record.last_trick is None
    assert game.state.step is Step.TRUMP and game.state.hand == BEN


def test_the_trump_comes_first_in_every_round() -> None:
    game = Game(["Anna", "Ben"])
    for entry in (Cante(ANNA, Suit.GOLD), CardPoints((60, 60)), LastTrick(0)):
        with pytest.raises(IllegalEntry) as refused:
            game.push(entry)
        assert refused.value.reason == "wrong-step"
    enter(game, "trump gold")
    with pytest.raises(IllegalEntry):
        game.push(Trump(Suit.CUPS))


def test_a_cante_in_trump_is_40_and_in_another_suit_20() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "trump swords", "cante 1 swords", "cante 0 cups", "cante 1 gold")
    assert [(c.side, c.points) for c in game.state.cantes] == [(1, 40), (0, 20), (1, 20)]


def test_the_card_points_need_one_number_per_side_each_from_0_to_120() -> None:
    game = Game(["Anna", "Ben", "Cleo"])
    enter(game, "trump gold")
    with pytest.raises(IllegalEntry) as refused:
        game.push(CardPoints((60, 60)))
    assert refused.value.reason == "points-count" and refused.value.data["expected"] == 3
    with pytest.raises(IllegalEntry) as refused:
        game.push(CardPoints((130, 0, 0)))
    assert refused.value.reason == "points-out-of-range"
    enter(game, "points 40 40 40")
    assert game.state.step is Step.LAST


def test_equal_round_points_go_to_the_side_of_the_last_trick() -> None:
    game = Game(["Anna", "Ben"], Rules(games=2))
    over = round_over(enter(game, "trump gold", "cante 1 cups", "points 65 55", "last 0"))
    assert over.record.round_points == (75, 75)
    assert over.record.winner == ANNA and over.record.tied


def test_a_tie_without_the_last_trick_goes_to_the_first_tied_side_from_the_hand() -> None:
    game = Game(["Anna", "Ben", "Cleo"], Rules(games=2))
    enter(game, "trump gold", "points 0 0 120", "last 0")  # round 1: Cleo; Ben begins round 2
    assert game.state.hand == BEN
    over = round_over(enter(game, "trump cups", "cante 0 gold", "points 50 0 70", "last 1"))
    assert over.record.round_points == (70, 10, 70)
    assert over.record.winner == CLEO  # from Ben the order is Ben, Cleo, Anna


def test_with_tie_replay_a_tie_wins_nobody_a_game() -> None:
    game = Game(["Anna", "Ben"], Rules(tie="replay"))
    over = round_over(enter(game, "trump gold", "cante 1 cups", "points 65 55", "last 0"))
    assert over.record.winner is None and over.games == (0, 0)
    assert not game.finished and game.state.round == 2


def test_with_over_120_one_game_a_big_round_is_one_game() -> None:
    game = Game(["Anna", "Ben"], Rules(games=2, over_120="one-game"))
    over = round_over(enter(game, "trump cups", "cante 0 cups", "points 90 30", "last 0"))
    assert over.record.round_points == (140, 30) and over.games == (1, 0)


def test_without_agreement_one_round_is_the_whole_match() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "trump gold", "points 50 70 last 1")
    assert game.finished and game.winners == (BEN,)


def test_the_match_goes_to_the_agreed_number_of_games_and_the_hand_moves_on() -> None:
    game = Game(["Anna", "Ben", "Cleo", "Dora"], Rules(games=3))
    hands = []
    for points in ("points 70 50 last 0", "points 50 70 last 1", "points 80 40 last 0",
                   "points 90 30 last 0"):
        hands.append(game.state.hand)
        enter(game, "trump gold", points)
    assert hands == [ANNA, BEN, CLEO, DORA]
    assert game.finished and game.state.games == (3, 1) and game.winners == (ANNA, CLEO)


def test_undo_goes_back_across_rounds_and_past_the_end_of_the_match() -> None:
    game = Game(["Anna", "Ben"], Rules(games=2))
    enter(game, "trump gold", "points 70 50", "last 0", "trump cups", "points 80 40 last 0")
    assert game.finished
    assert game.pop() == CardPoints((80, 40), 0)
    assert not game.finished and game.state.step is Step.PLAY
    game.pop()
    assert game.state.round == 2 and game.state.step is Step.TRUMP
    game.pop()
    assert game.state.step is Step.LAST and game.state.round == 1
    assert game.state.games == (0, 0)


def test_a_journal_replays_to_the_same_match_and_a_bad_line_is_named() -> None:
    game = Game(["Anna", "Ben"], Rules(games=2))
    enter(game, "trump gold", "cante 1 gold", "points 70 50", "last 0", "trump cups")
    again = Game.replay(game.players, game.rules, game.entry_texts())
    assert again.state == game.state
    from tutto_a11y.core.contract import ReplayError
    with pytest.raises(ReplayError) as damaged:
        Game.replay(game.players, game.rules, ["trump gold", "cante 7 gold"])
    assert damaged.value.index == 2
    with pytest.raises(MalformedEntry):
        parse_entry("trump hearts")


def test_the_trump_is_chance_with_a_quarter_for_each_suit_and_cantes_are_decisions() -> None:
    game = Game(["Anna", "Ben"])
    assert chance_total(game.chance_outcomes()) == 1 and game.legal_entries() == []
    enter(game, "trump gold", "cante 0 gold")
    legal = game.legal_entries()
    assert Cante(BEN, Suit.GOLD) not in legal and Cante(BEN, Suit.CUPS) in legal
    assert Tute(ANNA, TuteOf.KINGS) not in legal and Tute(BEN, TuteOf.KINGS) in legal
    assert sum(isinstance(e, CardPoints) for e in legal) == 121
    assert game.chance_outcomes() == []


@pytest.mark.parametrize("players", [1, 5])
def test_two_three_or_four_players(players: int) -> None:
    with pytest.raises(MalformedEntry):
        Game([f"P{i}" for i in range(players)])
