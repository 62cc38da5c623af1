"""Every reason an entry is refused, with the data a message needs; a refusal changes nothing."""

import re
from pathlib import Path
from typing import cast

import pytest

from testbed.tutto_simulator import random_game
from tutto_a11y.games.tutto.rules import (
    MAX_PLAYERS,
    Card,
    EntryError,
    Game,
    IllegalEntry,
    MalformedEntry,
    Roll,
    Rules,
    SetAside,
    Step,
    parse_entry,
    parse_faces,
)
from tutto_a11y.games.tutto.rules.entries import Entry
from tutto_play import enter

RULES_DIR = Path(__file__).resolve().parent.parent / "tutto_a11y" / "games" / "tutto" / "rules"
CONTRACT_DIR = Path(__file__).resolve().parent.parent / "tutto_a11y" / "core" / "contract"


def refusal(game: Game, entry: object) -> EntryError:
    """The error an entry raises; asserts that the game is exactly as before."""
    snapshot = (game.state, game.entries, list(game.all_events()), game.expect())
    with pytest.raises(EntryError) as caught:
        # Not always an entry: a test pushes any object on purpose.
        game.push(parse_entry(entry) if isinstance(entry, str) else cast(Entry, entry))
    assert (game.state, game.entries, list(game.all_events()), game.expect()) == snapshot
    return caught.value


def started(*texts: str, rules: Rules | None = None) -> Game:
    game = Game(["Anna", "Ben"], rules)
    enter(game, *texts)
    return game


# -- illegal entries: well-formed, but not allowed now ------------------------------------------

def test_a_roll_must_have_as_many_faces_as_dice_in_hand() -> None:
    game = started("card bonus-200", "roll 123466", "aside 1", "roll 55234", "aside 5")
    error = refusal(game, "roll 12345")
    assert isinstance(error, IllegalEntry)
    assert (error.reason, error.data) == ("wrong-dice-count", {"expected": 4, "got": 5})


def test_a_first_roll_must_have_six_faces() -> None:
    error = refusal(started("card x2"), "roll 12345")
    assert error.data == {"expected": 6, "got": 5}


def test_a_die_that_does_not_score_cannot_be_set_aside() -> None:
    error = refusal(started("card bonus-200", "roll 123466"), "aside 16")
    assert (error.reason, error.data) == ("die-does-not-score", {"face": 6, "count": 1})


def test_a_die_not_in_the_roll_cannot_be_set_aside() -> None:
    error = refusal(started("card bonus-200", "roll 123466"), "aside 5")
    assert (error.reason, error.data) == ("die-not-in-roll", {"face": 5,
                                                              "roll": (1, 2, 3, 4, 6, 6)})


def test_each_die_of_the_roll_can_be_set_aside_only_once() -> None:
    error = refusal(started("card bonus-200", "roll 111234"), "aside 1111")
    assert (error.reason, error.data) == ("die-not-in-roll", {"face": 1,
                                                              "roll": (1, 1, 1, 2, 3, 4)})


def test_banking_is_refused_under_a_card_that_does_not_allow_it() -> None:
    error = refusal(started("card street", "roll 123456", "aside 1"), "bank")
    assert (error.reason, error.data) == ("cannot-bank-under-card", {"card": Card.STREET})


def test_bank_right_after_a_roll_is_refused_set_aside_first() -> None:
    error = refusal(started("card bonus-200", "roll 123466"), "bank")
    assert (error.reason, error.data) == ("cannot-bank-now", {"step": Step.SET_ASIDE})


def test_bank_before_any_card_is_refused() -> None:
    error = refusal(started(), "bank")
    assert (error.reason, error.data) == ("cannot-bank-now", {"step": Step.CARD})


@pytest.mark.parametrize("texts, entry, step, kind", [
    ((), "roll 123456", Step.CARD, "Roll"),
    ((), "aside 1", Step.CARD, "SetAside"),
    ((), "continue", Step.CARD, "Continue"),
    (("card x2",), "card stop", Step.ROLL, "DrawCard"),
    (("card x2",), "aside 1", Step.ROLL, "SetAside"),
    (("card x2", "roll 123466"), "roll 123466", Step.SET_ASIDE, "Roll"),
    (("card x2", "roll 123466"), "card stop", Step.SET_ASIDE, "DrawCard"),
    (("card x2", "roll 123466", "aside 1"), "card stop", Step.ROLL_OR_BANK, "DrawCard"),
    (("card x2", "roll 123466", "aside 1"), "aside 1", Step.ROLL_OR_BANK, "SetAside"),
    (("card x2", "roll 111555", "aside 111555"), "roll 123456", Step.CARD_OR_BANK, "Roll"),
])
def test_an_entry_for_another_step_is_refused(
        texts: tuple[str, ...], entry: str, step: Step, kind: str) -> None:
    error = refusal(started(*texts), entry)
    assert (error.reason, error.data) == ("wrong-step", {"step": step, "entry": kind})


def test_all_is_refused_when_no_roll_waits_for_a_set_aside() -> None:
    game = started("card x2")
    with pytest.raises(IllegalEntry) as caught:
        game.set_aside_all()
    assert (caught.value.reason, caught.value.data) == ("wrong-step", {"step": Step.ROLL,
                                                                       "entry": "SetAside"})


def test_a_card_no_longer_in_the_deck_is_refused() -> None:
    error = refusal(started("card cloverleaf", "roll 223346"), "card cloverleaf")
    assert (error.reason, error.data) == ("card-not-in-deck", {"card": Card.CLOVERLEAF})


def test_under_street_the_same_face_twice_is_refused() -> None:
    error = refusal(started("card street", "roll 223456"), "aside 22")
    assert (error.reason, error.data) == ("street-face-twice", {"face": 2})


def test_under_street_a_face_already_set_aside_is_refused() -> None:
    game = started("card street", "roll 223456", "aside 2", "roll 23456")
    error = refusal(game, "aside 32")
    assert (error.reason, error.data) == ("street-face-already-set-aside", {"face": 2})


def test_any_entry_after_the_game_is_over_is_refused() -> None:
    game = started("card cloverleaf", "roll 111555", "aside 111555", "roll 111555",
                   "aside 111555")
    error = refusal(game, "card stop")
    assert (error.reason, error.data) == ("game-over", {})


def test_undo_at_the_start_is_refused() -> None:
    game = Game(["Anna", "Ben"])
    with pytest.raises(IllegalEntry) as caught:
        game.pop()
    assert (caught.value.reason, caught.value.data) == ("nothing-to-undo", {})


# -- malformed entries: not an entry at all -----------------------------------------------------

@pytest.mark.parametrize("text, face", [("roll 123457", "7"), ("aside 0", "0"),
                                        ("roll 9", "9")])
def test_a_face_outside_1_to_6_is_malformed(text: str, face: str) -> None:
    with pytest.raises(MalformedEntry) as caught:
        parse_entry(text)
    assert (caught.value.reason, caught.value.data) == ("face-out-of-range", {"face": face})


def test_a_roll_pushed_with_a_face_outside_1_to_6_is_malformed() -> None:
    error = refusal(started("card x2"), Roll((1, 2, 3, 4, 5, 7)))
    assert isinstance(error, MalformedEntry)
    assert (error.reason, error.data) == ("face-out-of-range", {"face": "7"})


def test_text_that_is_not_faces_is_malformed() -> None:
    with pytest.raises(MalformedEntry) as caught:
        parse_entry("roll one five")
    assert (caught.value.reason, caught.value.data) == ("not-faces", {"text": "one five"})


def test_a_roll_or_set_aside_without_faces_is_malformed() -> None:
    for text in ("roll", "aside", "aside  , "):
        with pytest.raises(MalformedEntry) as caught:
            parse_entry(text)
        assert caught.value.reason == "no-faces"
    error = refusal(started("card x2", "roll 123466"), SetAside(()))
    assert (error.reason, error.data) == ("no-faces", {})


def test_an_unknown_card_is_malformed() -> None:
    with pytest.raises(MalformedEntry) as caught:
        parse_entry("card joker")
    assert (caught.value.reason, caught.value.data) == ("unknown-card", {"text": "joker"})


@pytest.mark.parametrize("text", ["", "pass", "bank now", "continue 2", "Bank"])
def test_an_unknown_entry_is_malformed(text: str) -> None:
    with pytest.raises(MalformedEntry) as caught:
        parse_entry(text)
    assert (caught.value.reason, caught.value.data) == ("unknown-entry", {"text": text})


def test_pushing_something_that_is_not_an_entry_is_malformed() -> None:
    error = refusal(started(), object())
    assert error.reason == "unknown-entry"


@pytest.mark.parametrize("text, faces", [("1 5 5", (1, 5, 5)), ("1,5,5", (1, 5, 5)),
                                         ("155", (1, 5, 5)), (" 6-6/2 ", (6, 6, 2))])
def test_faces_may_be_typed_with_or_without_separators(text: str, faces: tuple[int, ...]) -> None:
    assert parse_faces(text) == faces


@pytest.mark.parametrize("text", ["card bonus-600", "roll 123346", "aside 15", "bank",
                                  "continue"])
def test_a_journal_text_parses_back_to_the_same_text(text: str) -> None:
    assert parse_entry(text).text() == text


# -- players ------------------------------------------------------------------------------------

def test_a_game_needs_at_least_two_players() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Game(["Anna"])
    assert (caught.value.reason, caught.value.data) == ("too-few-players",
                                                        {"minimum": 2, "got": 1})


def test_a_game_has_at_most_ten_players() -> None:
    names = [f"P{i}" for i in range(11)]
    with pytest.raises(MalformedEntry) as caught:
        Game.check_players(names)
    assert (caught.value.reason, caught.value.data) == ("too-many-players",
                                                        {"maximum": 10, "got": 11})
    assert len(Game(names[:MAX_PLAYERS]).players) == 10


def test_an_empty_player_name_is_refused() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Game.check_players(["Anna", "   "])
    assert (caught.value.reason, caught.value.data) == ("empty-name", {})


def test_two_players_may_not_have_the_same_name_in_any_case_or_spacing() -> None:
    with pytest.raises(MalformedEntry) as caught:
        Game.check_players(["Anna  Maria", "anna maria"])
    assert (caught.value.reason, caught.value.data) == ("duplicate-name", {"name": "anna maria"})


def test_player_names_are_kept_in_seat_order_with_spaces_tidied() -> None:
    assert Game.check_players([" Anna ", "Ben  Li"]) == ("Anna", "Ben Li")


def test_a_line_longer_than_any_entry_is_refused_as_a_slip() -> None:
    from tutto_a11y.core.contract import MAX_LINE, check_line

    assert check_line("  1 5 5  ") == "1 5 5"
    assert check_line("5" * MAX_LINE) == "5" * MAX_LINE
    with pytest.raises(MalformedEntry) as refused:
        check_line("5" * (MAX_LINE + 1))
    assert refused.value.reason == "line-too-long" and refused.value.data["limit"] == MAX_LINE


@pytest.mark.parametrize("typed", ["1 5\x1b[A", "bank\x07", "1\u200b5"])
def test_a_line_with_control_characters_is_never_an_entry(typed: str) -> None:
    from tutto_a11y.core.contract import check_line

    with pytest.raises(MalformedEntry) as refused:
        check_line(typed)
    assert refused.value.reason == "control-characters"


# -- every reason code is tested ----------------------------------------------------------------

TESTED = {
    "face-out-of-range", "not-faces", "no-faces", "unknown-card", "unknown-entry", "game-over",
    "cannot-bank-under-card", "cannot-bank-now", "wrong-step", "card-not-in-deck",
    "wrong-dice-count", "die-not-in-roll", "street-face-already-set-aside", "street-face-twice",
    "die-does-not-score", "too-few-players", "too-many-players", "empty-name", "duplicate-name",
    "nothing-to-undo", "line-too-long", "control-characters",
    # tested in test_tutto_rules_game_end.py
    "bad-target", "bad-rule-value", "unknown-preset", "unknown-rule",
}


def test_every_reason_code_the_rules_raise_is_tested() -> None:
    raised = set()
    # The rules of seats and undo are every game's, kept in the contract.
    for path in [*RULES_DIR.glob("*.py"), *CONTRACT_DIR.glob("*.py")]:
        raised |= set(re.findall(r'(?:Illegal|Malformed|Ambiguous)Entry\(\s*"([a-z0-9-]+)"',
                                 path.read_text()))
    assert raised == TESTED


def test_errors_are_value_errors_of_three_kinds() -> None:
    assert issubclass(EntryError, ValueError)
    assert (IllegalEntry("x").kind, MalformedEntry("x").kind) == ("illegal", "malformed")


# -- a wrong entry changes nothing --------------------------------------------------------------

WRONG = ["card stop", "card cloverleaf", "roll 123456", "roll 1", "roll 22", "aside 1",
         "aside 2", "aside 6", "aside 111", "aside 123456", "bank", "continue"]


def snapshot(game: Game) -> tuple[object, ...]:
    return game.state, game.entries, list(game.all_events()), game.expect()


@pytest.mark.parametrize("seed", range(8))
def test_a_wrong_entry_changes_nothing_at_any_point_of_a_game(seed: int) -> None:
    game = random_game(seed, rules=Rules(target=1500))
    replayed = Game(game.players, game.rules)
    refused = 0
    for text in game.entry_texts() + [None]:
        for wrong in WRONG:
            before = snapshot(replayed)
            try:
                replayed.push(parse_entry(wrong))
            except EntryError:
                refused += 1
            else:
                replayed.pop()
            assert snapshot(replayed) == before
        if text is not None:
            replayed.push(parse_entry(text))
    assert refused > len(game.entries) * len(WRONG) // 2
    assert snapshot(replayed) == snapshot(game)
