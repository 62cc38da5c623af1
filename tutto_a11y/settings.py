"""The old place of the run's settings, kept only for the report modules still importing it.

The settings live in ``config/settings.py`` (see ``config/__init__.py``). ``store/stats.py``,
``store/sheets.py`` and ``store/review.py`` still import them from here while they move out of
the store (issue 37, item 3); once they import ``tutto_a11y.config.settings``, this module goes.
"""

from __future__ import annotations

from tutto_a11y.config.settings import Settings, UsageProblem, store_problem

__all__ = ["Settings", "UsageProblem", "store_problem"]
