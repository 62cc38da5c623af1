"""The ``tutto-tally`` command line: the edge where a typed command becomes a call.

- :mod:`~tutto_a11y.cli.main`: the program's start; library errors become one translated line
  and exit status 2, never a traceback. It reads the settings file and the command line once,
  before click, with the configuration (:mod:`tutto_a11y.config`), and runs a plain ``play``
  line without importing click.
- :mod:`~tutto_a11y.cli.app`: the click commands, their options made from the same table of
  options (``config/options.py``); :mod:`~tutto_a11y.cli.group` lets global options stand
  before the command word and makes ``play`` the default; :mod:`~tutto_a11y.cli.help`
  translates and wraps help; :mod:`~tutto_a11y.cli.usage` words click's usage errors;
  :mod:`~tutto_a11y.cli.play` starts ``play`` from its parameters, however they were read.

Importing this package imports no click: a plain ``play`` line must not pay for it.
"""

from tutto_a11y.cli.main import main

__all__ = ["main"]
