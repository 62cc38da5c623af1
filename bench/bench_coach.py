"""The strategy coach: what its advice is worth, and how fast it answers at the table.

Run from the project folder: ``python bench/bench_coach.py [--turns N] [--runs N]``.

1. Simulated turns per card (10^5 by default), played through the rules engine with real
   dice from a seeded generator: the coach's policy against two habits of the table, "set aside
   every scoring die and bank at 300 or more" and "set aside every scoring die" (banking as the
   coach says for that set-aside). After a Tutto the next card is drawn from a full deck's
   proportions, as in the issue's figures. Each average comes with its 95 % confidence interval.
2. ``advice`` in the real program (plain lines through pipes): Enter to the answer, the first
   time in a game (numpy is imported and the reference solved) and afterwards, next to
   ``status`` in the same game as the baseline; and the start to the first prompt, which must
   not grow (the coach is imported on first use only).
3. The final round (``--only final-round-speed``): the first ``advice`` of a player with others
   still to come, in a fresh process on a fresh cache, and of the last player who needs 6100,
   next to a normal turn's first ``advice`` and ``python -c pass`` in the same run.

Each wait for the program's answer ends: the answer is read up to the next prompt, and a
missing or different answer stops the run with one line saying what was expected
(``bench/guard.py``; ``--smoke`` runs every part once, small, as the tests do).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from math import sqrt
from pathlib import Path

from guard import Lines, check, is_prompt, run  # bench/guard.py
from timing import median_p90  # bench/timing.py
from tutto_a11y.core.record import replace
from tutto_a11y.games.tutto.coach.choices import coach_for
from tutto_a11y.games.tutto.coach.position import from_state
from tutto_a11y.games.tutto.rules import (
    Bank,
    Card,
    Continue,
    DrawCard,
    Game,
    Roll,
    Rules,
    SetAside,
    State,
    Step,
    dice as D,
)
from tutto_a11y.games.tutto.rules.cards import FULL_DECK, Deck

CARDS = (Card.BONUS_200, Card.BONUS_300, Card.BONUS_400, Card.BONUS_500, Card.BONUS_600,
         Card.X2, Card.STREET, Card.PLUS_MINUS, Card.FIREWORKS)
POLICIES = ("coach", "every scoring die, bank at 300", "every scoring die")


class Player:
    """One policy: what to set aside, and whether to bank, at each decision of a turn."""

    def __init__(self, policy: str, rules: Rules) -> None:
        self.policy = policy
        self.coach = coach_for(rules)
        self.memo: dict[tuple[object, ...], tuple[tuple[int, ...], str]] = {}

    def decide(self, state: State) -> tuple[tuple[int, ...], str]:
        """(faces to set aside, then) at a set-aside; ((), "bank"/"roll"/"draw") otherwise."""
        state = replace(state, deck=FULL_DECK)  # later cards from a full deck's proportions
        key = (state.step, state.card, state.dice, state.turn_total, state.card_base,
               tuple(sorted(state.roll)), state.aside)
        if key not in self.memo:
            self.memo[key] = self._decide(state)
        return self.memo[key]

    def _decide(self, state: State) -> tuple[tuple[int, ...], str]:
        position = from_state(state)
        assert position is not None  # a player decides only where there is a choice
        choices = self.coach.choices(position)
        if self.policy == "coach":
            return tuple(choices[0].set_aside), choices[0].then
        if state.step is Step.SET_ASIDE:
            every = (D.street_new_faces(state.roll, state.aside) if state.card is Card.STREET
                     else D.best_set_aside(state.roll))
            mine = [c for c in choices if tuple(c.set_aside) == tuple(every)]
            if self.policy == "every scoring die":
                return tuple(every), mine[0].then
            banked = [c.expected for c in mine if c.then == "bank"]  # a Tutto's bonus included
            thens = {c.then for c in mine}
            if banked and (banked[0] >= 300 or len(thens) == 1):
                return tuple(every), "bank"
            return tuple(every), ("roll" if "roll" in thens else "draw")
        if self.policy == "every scoring die":
            return (), choices[0].then
        thens = {c.then for c in choices}
        if "bank" in thens and state.turn_total >= 300:
            return (), "bank"
        return (), ("roll" if "roll" in thens else "draw")


def play_turn(card: Card, player: Player, rng: random.Random, rules: Rules,
              cards: tuple[Card, ...], weights: tuple[int, ...]) -> int:
    """One turn under ``card``; the points banked."""
    game = Game(["Anna", "Ben"], rules)
    game.push(DrawCard(card))
    while game.state.seat == 0 and not game.finished:  # a Cloverleaf win ends the game
        s = game.state
        if s.step is Step.CARD:
            game._states[-1] = replace(s, deck=FULL_DECK)
            game.push(DrawCard(rng.choices(cards, weights)[0]))
        elif s.step is Step.ROLL:
            game.push(Roll(tuple(rng.randint(1, 6) for _ in range(s.dice))))
        else:
            faces, then = player.decide(s)
            if s.step is Step.SET_ASIDE:
                game.push(SetAside(faces))
                if game.state.step not in (Step.ROLL_OR_BANK, Step.CARD_OR_BANK):
                    continue
            game.push(Bank() if then == "bank" else Continue())
    return game.state.scores[0]


def simulate(turns: int, seed: int) -> dict[tuple[Card, str], tuple[float, float]]:
    rules = Rules()
    cards, weights = zip(*Deck.as_dict(FULL_DECK).items(), strict=True)
    results = {}
    for card in CARDS:
        for policy in POLICIES:
            rng = random.Random(f"{seed}-{card.value}-{policy}")
            player = Player(policy, rules)
            points = [play_turn(card, player, rng, rules, cards, weights) for _ in range(turns)]
            mean = sum(points) / turns
            sd = sqrt(sum((p - mean) ** 2 for p in points) / (turns - 1))
            results[card, policy] = (mean, 1.96 * sd / sqrt(turns))
            print(f"{card.value:12} {policy:34} {mean:8.1f} +- {1.96 * sd / sqrt(turns):5.1f}",
                  flush=True)
    return results


def table(results: dict[tuple[Card, str], tuple[float, float]], exact: dict[Card, float]) -> str:
    lines = ["| card | the coach's policy | every scoring die, bank at 300 or more | "
             "every scoring die | the coach's exact value |", "|---|---|---|---|---|"]
    for card in CARDS:
        cells = [f"{results[card, p][0]:.1f} ± {results[card, p][1]:.1f}" for p in POLICIES]
        lines.append(f"| {card.value} | " + " | ".join(cells) + f" | {exact[card]:.2f} |")
    return "\n".join(lines)


# -- speed at the table ---------------------------------------------------------------------------

def _env(tmp: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TUTTO_")}
    env.update(TUTTO_SPEECH="0", LANG="C.UTF-8", XDG_DATA_HOME=tmp, PYTHONUNBUFFERED="1")
    return env


def _command() -> list[str]:
    script = Path(sys.executable).with_name("tutto-tally")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutto_a11y"]


class Program:
    """The real program through pipes, one line at a time; every answer is read up to the
    next prompt, and checked."""

    def __init__(self, tmp: str, *args: str, checkout: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        env = dict(env or _env(tmp))
        command = _command()
        if checkout:  # the same start from another checkout (the code before the coach)
            env["PYTHONPATH"] = checkout
            command = [sys.executable, "-m", "tutto_a11y"]
        self.proc = subprocess.Popen(command + ["--plain", "--players", "Anna,Ben",
                                                "--db", str(Path(tmp) / "g.db"), *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert self.proc.stdout is not None
        self.lines = Lines(self.proc.stdout.fileno())
        self.lines.until(lambda line: line == "Anna, card?", "the first prompt 'Anna, card?'")

    def timed(self, line: str, answer: str, timeout: float = 120.0) -> float:
        """Seconds from typing ``line`` to its answer; the answer must hold ``answer``."""
        assert self.proc.stdin is not None
        begin = time.perf_counter()
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        said = self.lines.until(is_prompt, f"the prompt after {line!r}", timeout)
        elapsed = time.perf_counter() - begin
        check(any(answer in text for text in said[:-1]),
              f"after {line!r} the program said {said[:-1]!r}, without {answer!r}")
        return elapsed

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"quit\n")
        self.proc.stdin.flush()
        self.proc.communicate(timeout=30)


def duel_check(targets: list[int], games: int, seed: int) -> None:
    """A second method for the kept two-player solves: ``games`` whole games through the rules
    engine, both players doing what ``advice`` says, against the solved first-player chance
    (run ``tutto-tally coach --duel --target N`` first)."""
    from testbed.tutto_simulator import play_as_advised, remembered
    from tutto_a11y.games.tutto.coach import cache
    from tutto_a11y.games.tutto.coach.choices import Choice
    from tutto_a11y.games.tutto.coach.duelcoach import mover_choices

    for target in targets:
        solved = cache.read(Rules(target=target))
        if solved is None:
            print(f"target {target}: no kept solve; run tutto-tally coach --duel --target "
                  f"{target} first")
            continue
        rng = random.Random(seed)
        def choose(s: State, solved: cache.Solved = solved) -> Choice:
            found = mover_choices(solved, s, from_state(s))
            assert found is not None  # the solve covers every decision of a game to its target
            return found[1][0]

        best = remembered(choose)
        begin = time.perf_counter()
        won = sum(play_as_advised(Game(["Anna", "Ben"], solved.rules), best, rng) == (0,)
                  for _ in range(games)) / games  # a tie counts for the second player
        half = 1.96 * sqrt(won * (1 - won) / games)
        print(f"target {target}: {games} games played as advised, the first player won "
              f"{won * 100:.2f} % ± {half * 100:.2f} (95 %); solved {solved.first_player * 100:.2f}"
              f" % ({time.perf_counter() - begin:.0f} s)", flush=True)


def report(rows: tuple[tuple[str, list[float]], ...]) -> None:
    """One line per timed thing: median and p90 in milliseconds, and how many samples."""
    for name, samples in rows:
        med, p90 = median_p90(samples)
        print(f"{name}: median {med * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms ({len(samples)})")


def advice_speed(runs: int, turns: int = 5) -> None:
    first, later, status = [], [], []
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            program = Program(tmp, "--db", str(Path(tmp) / f"g{run}.db"))
            program.timed("300", "draws Bonus 300")
            program.timed("1 1 2 2 3 5", "1, 1, 2, 2, 3, 5.")
            first.append(program.timed("advice", "on average"))
            for _turn in range(turns):  # new turns: new cards, new piles, new rolls
                program.timed("1", "1 for 100")
                program.timed("bank", "banks")
                program.timed(rng.choice(["200", "400", "x2", "500"]), "draws")
                program.timed("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
                later.append(program.timed("advice", "on average"))
                status.append(program.timed("status", "turn"))
                program.timed("1", "1 for 100")
                later.append(program.timed("advice", "on average"))
                program.timed("bank", "banks")
                program.timed(rng.choice(["200", "300", "600"]), "draws")
                program.timed("1 5 2 3 4 6", "1, 5, 2, 3, 4, 6.")
            program.close()
    report((("advice, first in a game", first), ("advice, afterwards", later),
            ("baseline: status in the same game", status)))


def duel_advice_speed(runs: int, target: int = 300, turns: int = 8,
                      cache_home: str | None = None) -> None:
    """Two players with the game solved (``coach --duel``, into a private cache folder first,
    or ``cache_home``): ``advice`` plays to win. Its first answer in a turn values the turn
    afresh for the new pair of scores; timed against its later answers in the turn and
    ``status`` (the baseline), over ``turns`` turns a game (each under the target: it banks
    50 a turn)."""
    first_game: list[float] = []
    first_turn: list[float] = []
    later: list[float] = []
    status: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**_env(tmp), "XDG_CACHE_HOME": cache_home or str(Path(tmp) / "cache")}
        subprocess.run(_command() + ["coach", "--duel", "--target", str(target)], check=True,
                       env=env, stdout=subprocess.DEVNULL, timeout=1800)
        for run in range(runs):
            program = Program(tmp, "--target", str(target), "--db", str(Path(tmp) / f"d{run}.db"),
                              env=env)
            for turn in range(turns):  # each banks 50: every turn meets a new pair of scores
                program.timed(("200", "300", "400", "500", "600")[turn % 5], "draws")
                program.timed("5 2 3 4 6 6", "5, 2, 3, 4, 6, 6.")
                taken = program.timed("advice", "Chance to win")
                (first_game if turn == 0 else first_turn).append(taken)
                later.append(program.timed("advice", "Chance to win"))
                status.append(program.timed("status", "turn"))
                program.timed("5", "5 for 50")
                program.timed("bank", "banks")
            program.close()
    report((("duel advice, first in a game", first_game),
            ("duel advice, first in a turn", first_turn),
            ("duel advice, again in the turn", later),
            ("baseline: status in the same game", status)))


def final_round_speed(runs: int) -> None:
    """The final round, each run in a fresh process on a fresh cache: three players at target
    300, Ben before Cleo, so ``advice`` plays to win against the player still to come; and two
    players, Ben the last, needing 6100 (Anna's Fireworks) with 1000 at risk. Next to them in
    the same run: a normal turn's first ``advice`` in a fresh process, ``status`` and
    ``python -c pass``."""
    lead, lead_again, last, normal, status, bare = [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            env = {**_env(tmp), "XDG_CACHE_HOME": str(Path(tmp) / f"cache-{run}")}
            program = Program(tmp, "--players", "Anna,Ben,Cleo", "--target", "300",
                              "--db", str(Path(tmp) / f"f{run}.db"), env=env)
            for line, answer in (("300", "draws"), ("1 1 1 2 3 4", "1, 1, 1, 2, 3, 4."),
                                 ("1 1 1", "1, 1, 1 for 1000"), ("bank", "Final round"),
                                 ("500", "draws"), ("1 1 2 2 3 5", "1, 1, 2, 2, 3, 5.")):
                program.timed(line, answer)
            lead.append(program.timed("advice", "Chance to win"))
            for _ in range(3):
                lead_again.append(program.timed("advice", "Chance to win"))
                status.append(program.timed("status", "turn"))
            program.close()

            program = Program(tmp, "--target", "300", "--db", str(Path(tmp) / f"l{run}.db"),
                              env=env)
            for line, answer in (("fireworks", "draws"), ("1 1 1 1 1 1", "Tutto"),
                                 ("1 1 1 1 1 1", "Tutto"), ("1 1 1 1 1 1", "Tutto"),
                                 ("1 2 3 4 6 6", "1 for 100"), ("2 3 4 6 6", "6100"),
                                 ("300", "draws"), ("1 1 1 2 3 4", "1, 1, 1, 2, 3, 4."),
                                 ("1 1 1", "1, 1, 1 for 1000")):
                program.timed(line, answer)
            last.append(program.timed("advice", "You need 5100 to win"))
            program.close()

            program = Program(tmp, "--db", str(Path(tmp) / f"n{run}.db"), env=env)
            program.timed("300", "draws")
            program.timed("1 1 2 2 3 5", "1, 1, 2, 2, 3, 5.")
            normal.append(program.timed("advice", "on average"))
            program.close()

            begin = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.perf_counter() - begin)
    report((("final-round advice with others to come, first in a fresh process", lead),
            ("final-round advice, last turn needing 6100, first in a fresh process", last),
            ("final-round advice, again in the turn", lead_again),
            ("baseline: a normal turn's advice, first in a fresh process", normal),
            ("baseline: status in the final round", status),
            ("baseline: python -c pass", bare)))


def start_speed(runs: int, before: str | None) -> None:
    """Start to the first prompt, interleaved so that load falls on every variant alike."""
    variants: list[tuple[str, list[str], str | None]] = [
        ("first prompt", [], None), ("first prompt with --coach", ["--coach"], None)]
    if before:
        variants.append(("baseline: first prompt of the code before the coach", [], before))
    samples: dict[str, list[float]] = {label: [] for label, _a, _c in variants}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            for index, (label, args, checkout) in enumerate(variants):
                begin = time.perf_counter()
                program = Program(tmp, "--db", str(Path(tmp) / f"start-{index}-{run}.db"),
                                  *args, checkout=checkout)
                samples[label].append(time.perf_counter() - begin)
                program.close()
        for label, taken in samples.items():
            med, p90 = median_p90(taken)
            print(f"{label}: median {med * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms")
        bare: list[float] = []
        for _ in range(runs):
            begin = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.perf_counter() - begin)
        med, p90 = median_p90(bare)
        print(f"baseline: python -c pass: median {med * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms")


def speech_length(rate: int) -> None:
    """How long eSpeak NG takes to say the advice after the roll 1 1 2 2 3 5 under Bonus 300,
    brief and normal, in each language; the bare numbers ("1. 5. 376.") are the baseline."""
    import shutil
    import wave

    from tutto_a11y.games.tutto.advice import Adviser
    from tutto_a11y.text.i18n import Catalog

    if shutil.which("espeak-ng") is None:
        print("speech: eSpeak NG is not installed")
        return
    game = Game(["Anna", "Ben"], Rules())
    game.push(DrawCard(Card.BONUS_300))
    game.push(Roll((1, 1, 2, 2, 3, 5)))

    def seconds(text: str, lang: str) -> float:
        with tempfile.NamedTemporaryFile(suffix=".wav") as wav:
            subprocess.run(["espeak-ng", "-v", lang, "-s", str(rate), "-w", wav.name, text],
                           check=True)
            with wave.open(wav.name) as w:
                frames: int = w.getnframes()
                per_second: int = w.getframerate()
                return frames / per_second

    for lang in ("de", "fr", "en"):
        brief = Adviser(Catalog(lang), "brief").line(game.rules, game.state)
        normal = Adviser(Catalog(lang), "normal").line(game.rules, game.state)
        print(f"speech {lang} at {rate} wpm: brief {seconds(brief, lang):.1f} s ({brief!r}), "
              f"normal {seconds(normal, lang):.1f} s; baseline, the bare numbers "
              f"{seconds('1. 5. 376.', lang):.1f} s")


def duel(targets: list[int]) -> None:
    """The first player's chance to win a two-player game, both playing to win, under either
    way the game ends, with the time and peak memory of each solve (one core)."""
    import resource

    from tutto_a11y.games.tutto.coach.duel import solve

    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    print(f"baseline: python -c pass {1000 * (time.perf_counter() - begin):.0f} ms", flush=True)
    for target in targets:
        for end in ("final-round", "immediate"):
            begin = time.perf_counter()

            def progress(percent: int, begin: float = begin) -> None:
                print(f"  {percent} % done after {time.perf_counter() - begin:.0f} s", flush=True)

            win, _last = solve(Rules(target=target, game_end=end), progress=progress)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(f"target {target}, {end}: the first player wins {win[0, 0, 0] * 100:.2f} % "
                  f"(a tie counts for the second player; {time.perf_counter() - begin:.0f} s, "
                  f"peak memory so far {peak} MB)", flush=True)


def main(args: argparse.Namespace) -> None:
    smoke = args.smoke
    runs = 1 if smoke else args.runs
    # The smoke run's two-player games go to 100, the smallest target whose solve has more
    # than one layer of scores (so a layer starts from the one above it, as at 6000).
    small = 100
    if args.only == "duel" or (smoke and args.only is None):
        duel([small] if smoke else [int(t) for t in args.targets.split(",")])
    # The smoke run's private cache folder: the small target is solved once, by the first
    # of the two parts that needs it; the other reads the kept solve.
    with tempfile.TemporaryDirectory() as kept:
        if args.only == "duel-speed" or (smoke and args.only is None):
            if smoke:  # the first turn of a game, and of a turn later in it
                duel_advice_speed(runs, small, 2, kept)
            else:
                duel_advice_speed(runs)
        if args.only == "duel-check" or (smoke and args.only is None):
            if smoke:  # a kept solve at the small target first
                os.environ["XDG_CACHE_HOME"] = kept
                subprocess.run(_command() + ["coach", "--duel", "--target", str(small)],
                               check=True, env=dict(os.environ), stdout=subprocess.DEVNULL,
                               timeout=900)
                duel_check([small], 1, args.seed)
            else:
                duel_check([int(t) for t in args.targets.split(",")], args.games, args.seed)
    if args.only == "final-round-speed" or (smoke and args.only is None):
        final_round_speed(runs)
    if args.only in (None, "speech"):
        speech_length(args.rate)
    if args.only in (None, "speed"):
        start_speed(runs, args.before)
        advice_speed(runs, 1 if smoke else 5)
    if args.only in (None, "policies"):
        coach = coach_for(Rules())
        from tutto_a11y.games.tutto.coach.position import Position

        exact = {card: coach.choices(Position(card, 6, 0, 0, (), None, FULL_DECK))[0].expected
                 for card in CARDS}
        # Two turns a card and policy in the smoke run: the fewest with a spread.
        print(table(simulate(2 if smoke else args.turns, args.seed), exact))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", choices=("policies", "speed", "speech", "duel", "duel-speed",
                                           "final-round-speed", "duel-check"), default=None)
    parser.add_argument("--games", type=int, default=2000, help="games of --only duel-check")
    parser.add_argument("--targets", default="500,1000", help="targets of --only duel")
    parser.add_argument("--rate", type=int, default=200, help="eSpeak NG words per minute")
    parser.add_argument("--before", default=None, metavar="CHECKOUT",
                        help="a checkout of the code before the coach, for the start baseline")
    run(main, parser, limit=6 * 3600)  # the policies' 2.7 million turns take hours
