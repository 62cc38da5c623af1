"""The configuration: every option, every setting and where each value comes from, in one home.

- :mod:`~tutto_a11y.config.options`: the table of every command's options, written once (how
  each is typed, its checker, default, ``TUTTO_*`` variable and help), the settings a player can
  keep (``SETTINGS``) and ``play``'s :class:`~tutto_a11y.config.options.PlayOptions`. Click's
  options (``cli/app.py``) and the reading before click are both made from it.
- :mod:`~tutto_a11y.config.values`: the checkers of the options' values, which know no click,
  and the one reading of ``--rule NAME=VALUE``.
- :mod:`~tutto_a11y.config.sources`: the one order of sources, the command line, the
  variable, the settings file, the default, and each setting's default.
- :mod:`~tutto_a11y.config.command_line`: the command line read once, before click (the
  quick start): the command, language, width, plain mode, and a plain ``play`` line's
  parameters without importing click.
- :mod:`~tutto_a11y.config.file`: ``settings.toml`` read and written, whatever its names;
  :mod:`~tutto_a11y.config.file_values` checks its names and values with the table's checkers
  and words its problem.
- :mod:`~tutto_a11y.config.settings`: the resolved :class:`~tutto_a11y.config.settings.Settings`
  of a run (language, width, games file, plain mode, game), built in one place and handed to
  every command, and the :class:`~tutto_a11y.config.settings.UsageProblem` a refusal travels as.

Importing this package imports nothing: every start reads the file and the line, and pays only
for the modules it uses.
"""
