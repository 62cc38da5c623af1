"""A share said in percent, for every sentence that says one ("{percent} percent").

Rounded to whole percent, a chance of 0.3 % is "0 percent", which a player hears as
"impossible", and 99.7 % is "100 percent", heard as "certain". Neither is true, so a share that
is not 0 but rounds to 0 at the precision said is "less than 1" ("less than 0.1" with one
decimal), and one that is not all but rounds to 100 is "more than 99". The figure carries the
language's decimal mark; the word "percent" stays in the sentence around it.
"""

from __future__ import annotations

from tutto_a11y.core.contract import Sentences


def percent(value: float, c: Sentences, decimals: int = 0, shown: float | None = None) -> str:
    """``value`` (0 to 100) as said before the word "percent".

    ``shown`` is the figure when the caller rounds its own way (the coach says what its JSON
    shows, rounded half up); by default the value is rounded to ``decimals`` places.
    """
    figure = round(value, decimals) if shown is None else shown
    step = 10.0 ** -decimals
    if value > 0 and figure <= 0:
        return c.pgettext("percent", "less than {figure}", figure=_written(step, decimals, c))
    if value < 100 and figure >= 100:
        return c.pgettext("percent", "more than {figure}",
                          figure=_written(100 - step, decimals, c))
    return _written(figure, decimals, c)


def _written(figure: float, decimals: int, c: Sentences) -> str:
    text = f"{figure:.{decimals}f}"
    return text if c.lang == "en" else text.replace(".", ",")
