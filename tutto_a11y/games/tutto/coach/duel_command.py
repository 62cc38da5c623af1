"""``tutto-tally coach --duel``: solve the two-player game once and keep it in the cache.

Scripts and patient players start the solve; the table only reads what it left (:mod:`cache`).
While it runs, one line at every tenth of the work says how far it is: append-only lines, no
redrawn bar, so a screen reader or Braille display follows them. With ``--format
json`` those lines go to stderr and stdout holds only the JSON answer (the command layer,
``commands/coach.py``, prints both). When the cache already holds these rules, nothing is
solved and the answer comes at once.
"""

from __future__ import annotations

from collections.abc import Callable

from tutto_a11y.config.settings import UsageProblem
from tutto_a11y.core.contract import CoachSettings, Sentences
from tutto_a11y.games.tutto.rules import Rules
from tutto_a11y.text.percent import percent

#: The highest target solved: the time grows with the square of the target (the standard 6000
#: takes minutes on a laptop; 10000 about three times as long).
MOST_TARGET = 10000


def percent_said(chance: float, c: Sentences) -> str:
    """A chance as a percentage with two decimals, the decimal mark of the language."""
    return percent(chance * 100, c, 2)


def duel_command(settings: CoachSettings, rules: Rules, fmt: str,
                 say: Callable[[str], None]) -> dict[str, object] | None:
    """Solve (or read) the two-player game of these rules; say the first player's chance, or
    with ``fmt`` json return it as JSON data. ``say`` prints a line as it comes."""
    c = settings.catalog()
    from tutto_a11y.games.tutto.coach.duel import supported

    if not supported(rules):
        raise UsageProblem(c.gettext("The two-player game is solved only with x2-scope=turn, "
                                     "plus-minus=exact-1000-ends-turn and score-floor=zero."))
    if rules.target > MOST_TARGET:
        raise UsageProblem(c.gettext("The two-player game is solved for targets up to {most} "
                                     "points, not {target}.", most=MOST_TARGET,
                                     target=rules.target))
    from tutto_a11y.games.tutto.coach import cache

    solved = cache.read(rules)
    solved_now = solved is None
    if solved is None:
        from tutto_a11y.games.tutto.coach.duel import solve

        say(c.gettext("Solving the two-player game to {target} points once; at the standard "
                      "target this takes minutes.", target=rules.target))

        def progress(percent: int) -> None:
            say(c.gettext("Solving the two-player game: {percent} percent done.",
                          percent=percent))

        try:
            win, last = solve(rules, progress=progress)
        except MemoryError:
            raise UsageProblem(c.gettext("This computer has too little memory to solve the "
                                         "two-player game to {target} points.",
                                         target=rules.target)) from None
        solved = cache.Solved(rules, win, last)
        cache.write(solved)
    if fmt == "json":
        return {"target": rules.target, "rules": rules.as_dict(),
                "first_player": round(solved.first_player, 6),
                "second_player": round(1 - solved.first_player, 6),
                "solved_now": solved_now}
    if solved_now:
        say(c.gettext("Solved and kept: advice and odds now say each player's chance to win "
                      "in two-player games with these rules."))
    say(c.gettext("The first player wins {percent} percent of two-player games to {target} "
                  "points; a tie counts for the second player.",
                  percent=percent_said(solved.first_player, c), target=rules.target))
    return None
