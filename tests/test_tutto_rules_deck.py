"""docs/rules/tutto.md section 1: the 56 cards, what is left in the deck, and the reshuffle."""

import pytest

from tutto_a11y.games.tutto.rules import (
    DECK_COMPOSITION,
    DECK_SIZE,
    Card,
    Game,
    IllegalEntry,
    parse_entry,
)
from tutto_a11y.games.tutto.rules.events import CardDrawn
from tutto_play import enter, zero_turn

FULL = {
    Card.STOP: 10, Card.FIREWORKS: 5, Card.BONUS_200: 5, Card.BONUS_300: 5, Card.BONUS_400: 5,
    Card.BONUS_500: 5, Card.BONUS_600: 5, Card.X2: 5, Card.PLUS_MINUS: 5, Card.STREET: 5,
    Card.CLOVERLEAF: 1,
}


def test_the_deck_has_56_cards_of_the_kinds_in_rules_md() -> None:
    assert DECK_SIZE == 56
    assert DECK_COMPOSITION == FULL


def test_the_card_ids_are_those_of_the_export_contract() -> None:
    assert [card.value for card in Card] == [
        "stop", "fireworks", "bonus-200", "bonus-300", "bonus-400", "bonus-500", "bonus-600",
        "x2", "plus-minus", "street", "cloverleaf"]


def test_a_new_game_has_the_full_deck_left() -> None:
    game = Game(["Anna", "Ben"])
    assert game.deck_left() == FULL
    assert set(game.expect().cards) == set(FULL)


def test_every_card_drawn_is_no_longer_left() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card stop", "card bonus-200", "roll 111555", "aside 111555", "card x2")
    assert game.deck_left() == {**FULL, Card.STOP: 9, Card.BONUS_200: 4, Card.X2: 4}


def test_a_card_not_left_in_the_deck_is_refused() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card cloverleaf", "roll 223346")
    assert Card.CLOVERLEAF not in game.expect().cards
    before = game.state
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("card cloverleaf"))
    assert (caught.value.reason, caught.value.data) == ("card-not-in-deck",
                                                        {"card": Card.CLOVERLEAF})
    assert game.state == before


def test_the_sixth_bonus_200_is_refused() -> None:
    game = Game(["Anna", "Ben"])
    for _ in range(5):
        zero_turn(game, [Card.BONUS_200])
    with pytest.raises(IllegalEntry) as caught:
        game.push(parse_entry("card bonus-200"))
    assert caught.value.reason == "card-not-in-deck"
    assert game.deck_left()[Card.BONUS_200] == 0


def drawn(game: Game) -> list[CardDrawn]:
    return [e for e in game.all_events() if isinstance(e, CardDrawn)]


def test_the_deck_is_reshuffled_automatically_after_the_56th_card() -> None:
    game = Game(["Anna", "Ben"])
    for card, count in FULL.items():
        for _ in range(count):
            zero_turn(game, [card])
            if len(drawn(game)) < DECK_SIZE:
                assert sum(game.deck_left().values()) == DECK_SIZE - len(drawn(game))
    assert [d.reshuffled for d in drawn(game)] == [False] * 55 + [True]
    assert game.deck_left() == FULL
    enter(game, "card cloverleaf")  # the Cloverleaf is back in the deck


def test_the_reshuffle_also_happens_on_a_draw_after_a_tutto() -> None:
    game = Game(["Anna", "Ben"])
    cards = [c for c, n in FULL.items() for _ in range(n)]
    enders = [c for c in cards if c in (Card.STOP, Card.PLUS_MINUS, Card.CLOVERLEAF,
                                        Card.FIREWORKS)]
    for card in enders:
        zero_turn(game, [card])
    chain = sorted((c for c in cards if c not in enders), key=lambda c: c is not Card.STREET)
    zero_turn(game, chain[:-2])
    enter(game, f"card {chain[-2].value}", "roll 111555", "aside 111555")
    events = enter(game, f"card {chain[-1].value}")
    assert events == [CardDrawn(game.state.seat, chain[-1], game.state.turn_total, True)]
    assert game.deck_left() == FULL


def test_undoing_a_draw_puts_the_card_back_in_the_deck() -> None:
    game = Game(["Anna", "Ben"])
    enter(game, "card cloverleaf")
    game.pop()
    assert game.deck_left() == FULL
    enter(game, "card cloverleaf")
