"""The coach at the table and for scripts: ``advice``, ``--coach`` and ``coach --format json``.

``advice`` and the JSON command must agree everywhere: hypothesis plays random games through
the rules and, at every decision reached, asks both (the JSON through the real command line).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings, strategies as st

from conftest import one_sentence
from table_harness import run_program
from tutto_a11y.cli.app import cli
from tutto_a11y.games.tutto.advice import Adviser
from tutto_a11y.games.tutto.coach.choices import Choice
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Entry,
    Game,
    Roll,
    Rules,
    Step,
    legal_entries,
)
from tutto_a11y.games.tutto.rules.cards import Deck
from tutto_a11y.text.i18n import Catalog

FULL_DECK_OPTION = ("stop=10,fireworks=5,bonus-200=5,bonus-300=5,bonus-400=5,bonus-500=5,"
                    "bonus-600=5,x2=5,plus-minus=5,street=5,cloverleaf=1")


def coach_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["coach", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def test_the_coach_command_answers_444_01_for_a_bonus_300_turn_from_a_full_deck() -> None:
    answer = coach_json("--card", "bonus-300", "--dice", "6", "--turn-total", "0",
                        "--deck", FULL_DECK_OPTION)
    assert answer == {"choices": [{"set_aside": [], "then": "roll", "expected": 444.01}],
                      "best": 0}


def test_the_coach_command_lists_every_set_aside_of_a_roll_best_first() -> None:
    answer = coach_json("--card", "bonus-300", "--dice", "6", "--turn-total", "0",
                        "--roll", "1 1 2 2 3 5")
    assert answer["best"] == 0
    assert answer["choices"][0]["set_aside"] == [1] and answer["choices"][0]["then"] == "roll"
    values = [c["expected"] for c in answer["choices"]]
    assert values == sorted(values, reverse=True)
    ways = {(tuple(c["set_aside"]), c["then"]) for c in answer["choices"]}
    assert ((1, 1, 5), "bank") in ways and ((5,), "roll") in ways
    assert len(ways) == 10  # 1, 5, 1 1, 1 5, 1 1 5: each followed by roll or bank


def test_a_tutto_is_listed_once_for_each_way_on() -> None:
    bonus = coach_json("--card", "bonus-500", "--dice", "2", "--turn-total", "450",
                       "--roll", "1 5")
    tutto = [c["then"] for c in bonus["choices"] if c["set_aside"] == [1, 5]]
    assert sorted(tutto) == ["bank", "draw"]
    assert {"set_aside": [1, 5], "then": "bank", "expected": 1100.0} in bonus["choices"]
    fireworks = coach_json("--card", "fireworks", "--dice", "2", "--turn-total", "450",
                           "--roll", "1 5")
    assert [(c["set_aside"], c["then"]) for c in fireworks["choices"]] == [([1, 5], "roll")]
    plus_minus = coach_json("--card", "plus-minus", "--dice", "1", "--turn-total", "450",
                            "--roll", "5")
    assert plus_minus["choices"] == [{"set_aside": [5], "then": "bank", "expected": 1000.0,
                                      "chance": 1.0}]


def test_a_niete_roll_has_no_choices_and_no_best() -> None:
    assert coach_json("--card", "x2", "--dice", "3", "--turn-total", "300",
                      "--roll", "2 3 4") == {"choices": [], "best": None}


def test_after_a_tutto_the_choice_is_draw_or_bank() -> None:
    answer = coach_json("--after-tutto", "--turn-total", "400")
    assert sorted(c["then"] for c in answer["choices"]) == ["bank", "draw"]
    assert answer["choices"][0]["then"] == "draw"  # 400 is too little to stop at
    late = coach_json("--after-tutto", "--turn-total", "2500")
    assert late["choices"][0] == {"set_aside": [], "then": "bank", "expected": 2500.0}


def test_x2_scope_card_doubles_only_the_points_under_the_card() -> None:
    turn = coach_json("--card", "x2", "--dice", "1", "--turn-total", "1000",
                      "--card-points", "200", "--roll", "1")
    card = coach_json("--card", "x2", "--dice", "1", "--turn-total", "1000",
                      "--card-points", "200", "--roll", "1", "--rule", "x2-scope=card")
    assert {"set_aside": [1], "then": "bank", "expected": 2200.0} in turn["choices"]
    assert {"set_aside": [1], "then": "bank", "expected": 1400.0} in card["choices"]


@pytest.mark.parametrize("args, lang, words", [
    (["--card", "bonus-300", "--dice", "7", "--turn-total", "0"], "en", "--dice"),
    (["--card", "stop", "--dice", "6", "--turn-total", "0"], "en", "Stop"),
    (["--card", "banana", "--dice", "6", "--turn-total", "0"], "de", "--card"),
    (["--card", "street", "--dice", "6", "--faces", "12", "--turn-total", "0"], "de", "--dice 4"),
    (["--card", "x2", "--dice", "6", "--turn-total", "75"], "fr", "--turn-total"),
    (["--card", "x2", "--dice", "2", "--turn-total", "0", "--roll", "1 5 5"], "fr", "--roll"),
    (["--card", "x2", "--dice", "2", "--turn-total", "0", "--deck", "x2=9"], "en", "5"),
    (["--card", "x2", "--dice", "2", "--turn-total", "0", "--deck", "joker=1"], "en", "joker"),
    (["--after-tutto", "--card", "x2", "--turn-total", "0"], "de", "--after-tutto"),
    (["--dice", "2", "--turn-total", "0"], "en", "--card"),
])
def test_a_wrong_coach_question_gets_one_sentence_in_the_language_and_status_2(
        args: list[str], lang: str, words: str, clean_env: dict[str, str]) -> None:
    result = run_program(["coach", "--lang", lang, *args, "--format", "json"], clean_env)
    sentence = one_sentence(result)
    assert words in sentence
    english = {"de": ("Give", "needs", "can be"), "fr": ("Give", "needs", "can be")}
    assert not any(w in sentence for w in english.get(lang, ()))


# -- advice and the JSON command agree everywhere --------------------------------------------

DECISIONS = (Step.SET_ASIDE, Step.ROLL_OR_BANK, Step.CARD_OR_BANK, Step.ROLL)


def _random_entry(game: Game, rng: random.Random) -> None:
    """One entry the rules take, chosen at random."""
    s, rules = game.state, game.rules
    if s.step is Step.CARD:
        cards = [c for c, n in Deck.as_dict(s.deck).items() if n]
        game.push(DrawCard(rng.choice(cards)))
    elif s.step is Step.ROLL:
        game.push(Roll(tuple(rng.randint(1, 6) for _ in range(s.dice))))
    elif s.step is Step.CARD_OR_BANK:
        way_on: list[Entry] = [Bank(), Continue()]
        game.push(rng.choice(way_on))
    elif s.step is Step.ROLL_OR_BANK:
        bank_or_roll: list[Entry] = [Bank(), Roll(tuple(rng.randint(1, 6)
                                                        for _ in range(s.dice)))]
        game.push(rng.choice(bank_or_roll))
    else:
        game.push(rng.choice(legal_entries(rules, s)))


def _play_to_a_decision(seed: int, rules: Rules) -> tuple[Game, random.Random] | None:
    """A game played at random through the rules until some decision of a turn."""
    rng = random.Random(seed)
    game = Game(["Anna", "Ben"], rules)
    for _ in range(rng.randint(1, 40)):
        if game.state.step is Step.OVER:
            return None
        _random_entry(game, rng)
    if game.state.step in DECISIONS:
        return game, rng
    return None


def _every_decision_under_this_card(game: Game, rng: random.Random) -> Iterator[Game]:
    """The decision reached, then each further one the game reaches at random while the same
    card is in force (the same pile left): the coach solves a pile once per process
    (``coach_for`` and its tables are kept per rules and pile), so these cost nothing more,
    where a new random game would cost a new solve (seconds under x2-scope=card)."""
    pile = game.state.deck
    for _ in range(8):
        yield game
        _random_entry(game, rng)
        if game.state.deck != pile or game.state.step not in DECISIONS:
            return


def _options_of(game: Game) -> list[str]:
    s = game.state
    counts = Deck.as_dict(s.deck)
    deck = ",".join(f"{card.value}={n}" for card, n in counts.items() if n) or "stop=0"
    if s.step is Step.CARD_OR_BANK:
        return ["--after-tutto", "--turn-total", str(s.turn_total), "--deck", deck]
    assert s.card is not None  # a card is drawn at every other step of a turn
    args = ["--card", s.card.value, "--dice", str(s.dice), "--turn-total", str(s.turn_total),
            "--card-points", str(s.turn_total - s.card_base), "--deck", deck]
    if s.card is Card.STREET and s.aside:
        args += ["--faces", "".join(map(str, s.aside))]
    if s.card is Card.CLOVERLEAF:
        args += ["--tuttos", str(s.tuttos)]
    if s.step is Step.SET_ASIDE:
        args += ["--roll", "".join(map(str, s.roll))]
    return args


# 60 random games, each checked at every decision of the card it was stopped under (about
# three each): more positions than one per game of 150 games gave, for half the solves. Half a
# minute: slow.
@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), x2_card=st.booleans(), classic=st.booleans())
@example(seed=232, x2_card=False, classic=False)  # 342.5 in the JSON is said 343, not 342
def test_advice_says_what_the_coach_command_answers_in_every_reachable_position(
        seed: int, x2_card: bool, classic: bool) -> None:
    rules = Rules.preset("classic-2004" if classic else "standard")
    if x2_card:
        rules = rules.with_option("x2-scope", "card")
    reached = _play_to_a_decision(seed, rules)
    if reached is None:
        return
    for game in _every_decision_under_this_card(*reached):
        _advice_says_what_the_command_answers(game, x2_card, classic)


def _advice_says_what_the_command_answers(game: Game, x2_card: bool, classic: bool) -> None:
    extra = ["--rules", "classic-2004" if classic else "standard"]
    if x2_card:
        extra += ["--rule", "x2-scope=card"]
    answer = coach_json(*_options_of(game), *extra)
    adviser = Adviser(Catalog("en"))
    said = adviser.line(game.rules, game.state)
    if not answer["choices"]:
        assert "Niete" in said
        return
    best = answer["choices"][0]
    # Cloverleaf, and a Plus/Minus whose Tutto ends the turn: the chance that matters, not the
    # points (where the Tutto adds 1000 and the turn goes on, the points weigh the draw too).
    if "chance" in best and not (classic and game.state.card is Card.PLUS_MINUS):
        said_percent = float(said.rsplit(", ", 1)[1].split(" ")[0])
        assert said.startswith("Best chance ")
        assert abs(said_percent - 100 * best["chance"]) <= 0.051
        return
    dice = game.state.dice - len(best["set_aside"])
    choice = Choice(set_aside=tuple(best["set_aside"]), then=best["then"],
                    expected=best["expected"], tutto=bool(best["set_aside"]) and dice == 0)
    assert said.startswith(adviser.best(choice, dice))


# -- at the table: the real program ------------------------------------------------------------

def _play(args: list[str], text: str, tmp_path: Path) -> list[str]:
    result = CliRunner().invoke(cli, ["--plain", "--no-speech", "--db", str(tmp_path / "g.db"),
                                      "--players", "Anna,Ben", *args], input=text,
                                env={"TUTTO_SPEECH": None, "TUTTO_COACH": None})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output.splitlines()


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "Set aside the 1 and roll 5 dice: 376 on average. Setting aside the 1, "
                     "1, 5 and rolling 3 dice: 285."),
    # "Leg 1 heraus" would be heard as one die: the article makes it the face.
    ("de", "tipp", "Die 1 herauslegen, mit 5 Würfeln weiter: im Mittel 376. Die 1, 1, 5 "
                   "herauslegen, mit 3 Würfeln weiter: 285."),
    ("fr", "avis", "Gardez le 1 et relancez 5 dés\u00a0: 376 en moyenne. Garder les 1, 1, 5 et "
                   "relancer 3 dés\u00a0: 285."),
])
def test_advice_at_a_set_aside_says_the_best_choice_against_setting_aside_every_scoring_die(
        lang: str, word: str, sentence: str, tmp_path: Path) -> None:
    lines = _play(["--lang", lang], f"300\n1 1 2 2 3 5\n{word}\n", tmp_path)
    assert sentence in lines


@pytest.mark.parametrize("lang, typed, meaning", [
    ("en", "co", "continue"), ("en", "h", "help"), ("de", "r", "undo"), ("fr", "con", "continue"),
    ("en", "re", "repeat"), ("de", "rück", "undo"), ("de", "rückb", "review"),
    ("en", "rev", "review"), ("fr", "bil", "review")])
def test_the_advice_and_review_words_take_no_short_prefix_away_from_the_older_words(
        lang: str, typed: str, meaning: str) -> None:
    from tutto_a11y.games.tutto.parse import interpret
    from tutto_a11y.games.tutto.words import Vocabulary

    game = Game(["Anna", "Ben"])
    for entry in (DrawCard(Card.BONUS_300), Roll((1, 5, 2, 3, 4, 6))):
        game.push(entry)
    game.push(game.set_aside_all())  # a step where every older word can be meant
    action = interpret(typed, game, Vocabulary(lang))
    assert getattr(action, "name", None) == meaning or \
        (meaning == "continue" and isinstance(action, Continue)), action


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "Roll all 6 dice: 444 on average."),
    ("de", "tipp", "Alle 6 Würfel werfen: im Mittel 444."),
    ("fr", "avis", "Lancez les 6 dés\u00a0: 444 en moyenne."),  # not "Relancez": none was rolled
])
def test_advice_before_the_first_roll_says_to_roll_all_six_dice(
        lang: str, word: str, sentence: str, tmp_path: Path) -> None:
    assert sentence in _play(["--lang", lang], f"300\n{word}\n", tmp_path)


def test_advice_changes_nothing_and_the_game_goes_on(tmp_path: Path) -> None:
    lines = _play(["--lang", "en"], "300\n1 1 2 2 3 5\nadvice\n1\nadvice\nbank\n", tmp_path)
    assert "Roll 5 dice: 376 on average. Banking: 100." in lines
    assert any(line.startswith("Anna banks, score 100.") for line in lines)


def test_advice_before_the_card_says_there_is_nothing_to_decide_yet(tmp_path: Path) -> None:
    assert "Nothing to decide yet: draw a card." in _play([], "advice\n", tmp_path)


def test_the_coach_option_says_the_advice_after_every_roll_and_set_aside(tmp_path: Path) -> None:
    lines = _play(["--coach"], "300\n1 1 2 2 3 5\n1\n", tmp_path)
    assert "1, 1, 2, 2, 3, 5. Set aside the 1 and roll 5 dice: 376 on average. " \
           "Setting aside the 1, 1, 5 and rolling 3 dice: 285." in lines
    assert "1 for 100, 5 dice left. Roll 5 dice: 376 on average. " \
           "Banking: 100." in lines
    quiet = _play([], "300\n1 1 2 2 3 5\n1\n", tmp_path / "quiet")
    assert not any("on average" in line for line in quiet)


def test_brief_coaching_is_a_few_words_with_the_value_to_the_nearest_ten(tmp_path: Path) -> None:
    # 375.85 on average: normal advice says 376, brief advice 380, which is shorter to hear.
    lines = _play(["--coach", "--verbosity", "brief", "--lang", "de"], "300\n1 1 2 2 3 5\n",
                  tmp_path)
    # Brief advice opens with the word that asks for it ("tipp").
    assert "1, 1, 2, 2, 3, 5. Tipp: die 1, würfeln, 380." in lines


def test_the_coach_on_screen_in_a_real_terminal_wraps_at_the_width(tmp_path: Path) -> None:
    from test_terminal_screen import Terminal

    term = Terminal(["--players", "Anna,Ben", "--coach", "--width", "40"], tmp_path, columns=60)
    term.wait_for_prompt("Anna, card?")
    term.type("300\r")
    term.wait_for_prompt("Anna, roll 6 dice:")
    term.type("1 1 2 2 3 5\r")
    term.wait_for("Setting aside the 1, 1, 5")
    term.wait_for_prompt("Anna, set aside?")
    lines = term.lines()
    assert all(len(line) <= 40 for line in lines)
    said = " ".join(lines)
    assert "Set aside the 1 and roll 5 dice: 376 on average." in said
    term.quit()


@pytest.mark.parametrize("lang, word, sentence", [
    ("en", "advice", "You need 1000 to win: set aside the 1 and roll. Chance to win: 26 "
                     "percent."),
    ("de", "tipp", "Du brauchst 1000 zum Sieg: die 1 herauslegen und weiterwürfeln. "
                   "Siegchance: 26 Prozent."),
    ("fr", "avis", "Il vous faut 1000 pour gagner\u00a0: gardez le 1 et relancez. Chance de "
                   "gagner\u00a0: 26 pour cent."),
])
def test_in_the_last_turn_of_the_final_round_advice_plays_to_win(
        lang: str, word: str, sentence: str, tmp_path: Path) -> None:
    # Anna banks 1000 and reaches the target 300: Ben's turn is the last of the game.
    lines = _play(["--lang", lang, "--target", "300"],
                  f"300\n1 1 1 2 3 4\n1 1 1\nbank\n500\n1 1 2 2 3 5\n{word}\n", tmp_path)
    assert sentence in lines
