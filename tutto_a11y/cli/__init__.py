"""The ``tutto-tally`` command line: the edge where a typed command becomes a call.

- :mod:`~tutto_a11y.cli.main`: the program's start; library errors become one translated line
  and exit status 2, never a traceback.
- :mod:`~tutto_a11y.cli.line`: the command line read once, before click, from the table of
  options (``table/options.py``): the command, language, width, plain mode, and a plain
  ``play`` line's parameters without importing click.
- :mod:`~tutto_a11y.cli.app`: the click commands, their options made from the same table;
  :mod:`~tutto_a11y.cli.group` lets global options stand before the command word and makes
  ``play`` the default; :mod:`~tutto_a11y.cli.help` translates and wraps help;
  :mod:`~tutto_a11y.cli.usage` words click's usage errors; :mod:`~tutto_a11y.cli.kept` checks
  the settings file's names and values as the options check theirs.

Importing this package imports no click: a plain ``play`` line must not pay for it.
"""

from tutto_a11y.cli.main import main

__all__ = ["main"]
