"""Write the coach's tables that ship in the package: the last turn's chances of the final round.

Run from the project folder after a change to the coach's model of the last turn:
``.venv/bin/python scripts/coach_tables.py``. It works out the chances for each way a Street may
end (about ten seconds each) and writes ``tutto_a11y/games/tutto/coach/last_turn.npz``;
``tests/test_tutto_coach_final_round.py`` checks the shipped file against a fresh solve.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from tutto_a11y.games.tutto.coach.duel import (  # noqa: E402
    SHIPPED,
    last_turn_chances,
    last_turn_key,
    last_turn_most,
)
from tutto_a11y.games.tutto.rules import Rules  # noqa: E402
from tutto_a11y.games.tutto.rules.options import STREET_AFTER  # noqa: E402


def main() -> None:
    tables = {}
    for street_after in STREET_AFTER:
        rules = Rules(street_after=street_after)
        tables[last_turn_key(rules)] = last_turn_chances(rules, last_turn_most(),
                                                              tolerance=1e-10)
        print(f"street-after={street_after}: worked out", flush=True)
    with open(SHIPPED, "wb") as out:
        np.savez(out, **tables)
    print(f"written: {SHIPPED.relative_to(ROOT)} ({SHIPPED.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
